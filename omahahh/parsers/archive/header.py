"""Header pieces the archive formats share: the Omaha game, time stamps, stakes."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, Structure, variant_code
from omahahh.money import SYMBOL_CURRENCY, to_minor
from omahahh.parsers.common import ZONE_ABBREVIATIONS, zone

_OFFSET_RE = re.compile(r"^(?:GMT|UTC)(?P<sign>[+-])(?P<h>\d{1,2}):?(?P<m>\d{2})?$")


POKERTRACKER_LIMITS = {
    "PL": Structure.POT_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
"""The limit words of PokerTracker's text exports (of Merge and of iPoker hands), as
fpdb's PokerTrackerToFpdb reads them."""


def omaha(
    label: str, structure: Structure, hole: int, hi_lo: bool, *, courchevel: bool = False
) -> GameInfo:
    """The game as read from a header; ``label`` keeps the words as printed."""
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo, courchevel),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        courchevel=courchevel,
        game_label=label,
    )


def currency_of(symbol: str | None, fallback: str) -> str:
    """The currency a money symbol names (``€`` -> ``EUR``), else ``fallback`` (chips)."""
    return SYMBOL_CURRENCY.get(symbol or "") or fallback


def not_omaha(label: str, line: str) -> HandParseError:
    return HandParseError("unsupported_game", f"not an Omaha game: {label}", 0, line)


def zone_of(name: str) -> timezone | str:
    """A printed zone: ``GMT+01:00`` (a fixed offset), else an abbreviation or IANA name."""
    m = _OFFSET_RE.match(name)
    if m is not None:
        delta = timedelta(hours=int(m["h"]), minutes=int(m["m"] or 0))
        return timezone(-delta if m["sign"] == "-" else delta)
    if name in ZONE_ABBREVIATIONS:
        return ZONE_ABBREVIATIONS[name]
    raise HandParseError("bad_header", f"unknown time zone {name!r}", 0, name)


def utc(local: datetime, where: timezone | str) -> datetime:
    """A naive local time in ``where`` (a fixed offset or an IANA name) as aware UTC."""
    tz = where if isinstance(where, timezone) else zone(where)
    return local.replace(tzinfo=tz).astimezone(UTC)


def parse_time(text: str, pattern: str, offset: int, line: str) -> datetime:
    """``datetime.strptime`` whose failure is a ``bad_header`` parse error."""
    try:
        return datetime.strptime(text.strip(), pattern)
    except ValueError:
        raise HandParseError(
            "bad_header", f"unreadable time {text!r} (expected {pattern})", offset, line
        ) from None


def amount(text: str, unit: int, line: str, *, thousands: str = ",", decimal: str = ".") -> int:
    """A header amount; unreadable money is a ``bad_amount`` parse error."""
    try:
        return to_minor(text, unit, thousands=thousands, decimal=decimal)
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 0, line) from None
