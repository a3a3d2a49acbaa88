"""Pieces every text parser shares: time zones, card lists, name matching."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from omahahh.cards import parse_cards
from omahahh.errors import CardError, HandParseError

# Zone abbreviations printed by clients, to IANA zones (DST-aware).
ZONE_ABBREVIATIONS: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "PT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "AT": "America/Halifax",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "GMT": "UTC",
    "UTC": "UTC",
    "MSK": "Europe/Moscow",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
}

DEFAULT_ZONE = "America/New_York"


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def to_utc(stamp: str, zone_name: str) -> datetime:
    """``"2025/11/30 18:42:16"`` in ``zone_name`` -> aware UTC datetime.

    Accepts ``/`` or ``-`` date separators and unpadded hours.
    """
    date_part, _, time_part = stamp.strip().partition(" ")
    y, m, d = (int(x) for x in date_part.replace("-", "/").split("/"))
    hh, mm, *rest = (int(x) for x in time_part.split(":"))
    ss = rest[0] if rest else 0
    local = datetime(y, m, d, hh, mm, ss, tzinfo=zone(zone_name))
    return local.astimezone(UTC)


def cards_or_fail(text: str, line: int) -> tuple[int, ...]:
    """Cards from ``"As Kd 7h"``; a bad card is a ``bad_cards`` parse error."""
    try:
        return parse_cards(text)
    except CardError as exc:
        raise HandParseError("bad_cards", str(exc), line, text) from None


def names_longest_first(names: Sequence[str]) -> tuple[str, ...]:
    """Seated names sorted so that ``Bob 2`` is tried before ``Bob`` (FORMATS §9.1)."""
    return tuple(sorted(set(names), key=len, reverse=True))


def match_name(line: str, names: Sequence[str], sep: str) -> str | None:
    """The seated name that ``line`` starts with, followed by ``sep``; longest first."""
    for name in names:
        if line.startswith(name) and line.startswith(sep, len(name)):
            return name
    return None
