"""Pieces every text parser shares: time zones, card lists, name matching, money,
and the small line shapes the Stars-like rooms print alike."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from omahahh.cards import parse_cards
from omahahh.errors import CardError, HandParseError, MoneyError
from omahahh.hand_tables import ShowTable
from omahahh.model import Street, Structure
from omahahh.money import SYMBOL_CURRENCY, to_minor

# Zone abbreviations printed by clients, to IANA zones (DST-aware).
ZONE_ABBREVIATIONS: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "PT": "America/Los_Angeles",
    # Pacific standard and daylight time as printed (Winamax: HHSmithy's reader adds 8 hours
    # to a PST time whatever the date): fixed offsets, as the abbreviations say.
    "PST": "Etc/GMT+8",
    "PDT": "Etc/GMT+7",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "AT": "America/Halifax",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "BST": "Europe/London",  # British Summer Time (Entraction's UK clients)
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
    # Java's short zone names (``Date.toString()``: Ongame's client), PartyPoker's ``MSKS``.
    # A name that says summer or standard time has one offset: a fixed zone where it is
    # a whole hour (``Etc/GMT-3`` is UTC+3), the region where it is not or changed.
    "EEST": "Etc/GMT-3",
    "WEST": "Etc/GMT-1",
    "MET": "Etc/GMT-1",
    "MEST": "Etc/GMT-2",
    "MSD": "Etc/GMT-4",
    "MSKS": "Etc/GMT-4",  # PartyPoker: Moscow summer time
    "WAT": "Etc/GMT-1",
    "CAT": "Etc/GMT-2",
    "SAST": "Etc/GMT-2",
    "EAT": "Etc/GMT-3",
    "TRT": "Europe/Istanbul",
    "SAMT": "Europe/Samara",
    "GET": "Asia/Tbilisi",
    "AZT": "Asia/Baku",
    "AZST": "Asia/Baku",
    "YEKT": "Asia/Yekaterinburg",
    "OMST": "Asia/Omsk",
    "NOVT": "Asia/Novosibirsk",
    "KRAT": "Asia/Krasnoyarsk",
    "IRKT": "Asia/Irkutsk",
    "YAKT": "Asia/Yakutsk",
    "VLAT": "Asia/Vladivostok",
    "MAGT": "Asia/Magadan",
    "IDT": "Asia/Jerusalem",
    "IRST": "Asia/Tehran",
    "IRDT": "Asia/Tehran",
    "AFT": "Asia/Kabul",
    "UZT": "Asia/Tashkent",
    "PKT": "Asia/Karachi",
    "NPT": "Asia/Kathmandu",
    "ICT": "Etc/GMT-7",
    "WIB": "Etc/GMT-7",
    "WITA": "Etc/GMT-8",
    "WIT": "Etc/GMT-9",
    "MYT": "Asia/Kuala_Lumpur",
    "SGT": "Asia/Singapore",
    "HKT": "Asia/Hong_Kong",
    "PHT": "Asia/Manila",
    "ULAT": "Asia/Ulaanbaatar",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Darwin",
    "ACDT": "Australia/Adelaide",
    "AEDT": "Australia/Sydney",
    "NZST": "Etc/GMT-12",
    "NZDT": "Etc/GMT-13",
    "HST": "Etc/GMT+10",
    "HDT": "Etc/GMT+9",
    "AKST": "Etc/GMT+9",
    "AKDT": "Etc/GMT+8",
    "MST": "Etc/GMT+7",
    "MDT": "Etc/GMT+6",
    "NST": "America/St_Johns",
    "NDT": "America/St_Johns",
    "BRST": "America/Sao_Paulo",
    "ARST": "America/Argentina/Buenos_Aires",
    "CLT": "America/Santiago",
    "CLST": "America/Santiago",
    "UYT": "America/Montevideo",
    "UYST": "America/Montevideo",
    "PYT": "America/Asuncion",
    "PYST": "America/Asuncion",
    "COT": "America/Bogota",
    "PET": "America/Lima",
    "VET": "America/Caracas",
    "BOT": "America/La_Paz",
}

AMBIGUOUS_ZONES: dict[str, str] = {
    "IST": "India, Israel or Irish summer time",
    "CST": "US Central, China or Cuba standard time",
    "CDT": "US Central or Cuba daylight time",
    "AST": "Atlantic or Arabia standard time",
    "ADT": "Atlantic or Arabia daylight time",
    "GST": "Gulf or South Georgia time",
    "SST": "Samoa or Solomon Islands time",
    "AMT": "Armenia or Amazon time",
    "AMST": "Armenia or Amazon summer time",
}
"""Abbreviations Java prints for several zones hours apart: a time stamped with one is
refused by the rooms that read them with :func:`abbreviated_zone`, not guessed."""

DEFAULT_ZONE = "America/New_York"

# Betting structures as headers name them (Winamax prints them in lower case).
STRUCTURE_WORDS: dict[str, Structure] = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
}


def hybrid_limit_note(label: str) -> str:
    """The note on a game dealt pot limit pre-flop and no limit after (PokerStars' ``Pot
    Limit Pre-Flop, No Limit Post-Flop``, GGPoker's ``(NL postflop)``): the replay reads
    it as no limit, so no legal bet is called illegal and the pre-flop cap goes unchecked.

    >>> hybrid_limit_note("Omaha (NL postflop)")
    "'Omaha (NL postflop)': pot limit pre-flop, no limit after; read as no limit"
    """
    return f"'{label}': pot limit pre-flop, no limit after; read as no limit"


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def to_utc(stamp: str, zone_name: str) -> datetime:
    """``"2025/11/30 18:42:16"`` in ``zone_name`` -> aware UTC datetime.

    Accepts ``/`` or ``-`` date separators and unpadded hours.
    """
    date_part, _, time_part = stamp.strip().partition(" ")
    try:
        y, m, d = map(int, date_part.replace("-", "/").split("/"))
        hh, mm, *rest = map(int, time_part.split(":"))
        ss = rest[0] if rest else 0
        local = datetime(y, m, d, hh, mm, ss)
    except ValueError as exc:  # hour 27, month 13...: damaged text, not a parser bug
        why = f"impossible time stamp {stamp!r}: {exc}"
        raise HandParseError("bad_header", why, 0, stamp) from None
    offset = _hour_offset(zone_name, y, m, d, hh)
    if offset is None:  # the zone's clocks change within this hour: ask the zone itself
        return local.replace(tzinfo=zone(zone_name)).astimezone(UTC)
    return (local - offset).replace(tzinfo=UTC)


@lru_cache(maxsize=4096)
def _hour_offset(zone_name: str, y: int, m: int, d: int, hh: int) -> timedelta | None:
    """The zone's UTC offset throughout a local hour, or None when it changes within it.

    Every hand history stamps each hand, and a file holds a few hours: one zone lookup
    per hour instead of per hand. Equal offsets at both ends of the hour mean the same
    offset inside it (clocks change at most once an hour), including the hour a
    fall-back repeats (``fold=0`` at both ends: the first pass, as ``astimezone`` reads
    it) and the hour a spring-forward skips.

    >>> _hour_offset("America/New_York", 2024, 7, 1, 12)
    datetime.timedelta(days=-1, seconds=72000)
    """
    tz = zone(zone_name)
    start = datetime(y, m, d, hh, 0, 0, tzinfo=tz).utcoffset()
    end = datetime(y, m, d, hh, 59, 59, tzinfo=tz).utcoffset()
    return start if start == end else None


def abbreviated_zone(name: str, offset: int, line: str) -> str:
    """The IANA zone of a printed zone abbreviation (``EEST`` -> ``Etc/GMT-3``).

    One that names several zones (``IST``: India, Israel or Irish summer time, see
    :data:`AMBIGUOUS_ZONES`) or none omahahh knows is a ``bad_header`` error.
    """
    if name in AMBIGUOUS_ZONES:
        why = f"ambiguous time zone {name!r} ({AMBIGUOUS_ZONES[name]})"
        raise HandParseError("bad_header", why, offset, line)
    found = ZONE_ABBREVIATIONS.get(name)
    if found is None:
        raise HandParseError("bad_header", f"unknown time zone {name!r}", offset, line)
    return found


def utc_or_fail(stamp: str, zone_name: str, offset: int, line: str) -> datetime:
    """:func:`to_utc`; an impossible date or time (month 13) is a ``bad_header`` error."""
    try:
        return to_utc(stamp, zone_name)
    except ValueError as exc:
        raise HandParseError(
            "bad_header", f"impossible time {stamp!r}: {exc}", offset, line
        ) from None


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


def names_without(names: Sequence[str], sep: str) -> frozenset[str] | None:
    """The seated names as a set when none holds ``sep``, else None (see :func:`leading_name`).

    ``names_without(["Bob", "Bob 2"], ": ") == frozenset({"Bob", "Bob 2"})``;
    ``names_without(["a: b"], ": ") is None``.
    """
    return None if any(sep in name for name in names) else frozenset(names)


def leading_name(
    line: str, names: Sequence[str], plain: frozenset[str] | None, sep: str
) -> str | None:
    """:func:`match_name` with one set lookup where it can: when no seated name holds
    ``sep`` (``plain``, from :func:`names_without`), the text before the line's first
    ``sep`` is the only name it can start with (a longer one would hold ``sep``, a shorter
    one would put ``sep`` earlier), so ``Bob 2: folds`` is ``Bob 2``, not ``Bob``.
    """
    if plain is None:
        return match_name(line, names, sep)
    head, found, _ = line.partition(sep)
    return head if found and head in plain else None


def read_money(
    text: str, unit: int, offset: int, convert: Callable[[str, int], int] = to_minor
) -> int:
    """An amount in minor units; unreadable money is a ``bad_amount`` parse error (a
    :class:`MoneyError`, or a ``ValueError`` such as ``int("²")`` that passed ``isdigit``)."""
    try:
        return convert(text, unit)
    except ValueError as exc:
        raise HandParseError("bad_amount", str(exc), offset, text) from None


def bounty_or_none(text: str | None) -> int | None:
    """A seat's bounty in cents; a missing or unreadable one is no bounty."""
    if not text:
        return None
    try:
        return to_minor(text, 100)
    except MoneyError:
        return None


def require_summary(lines: Sequence[str]) -> None:
    """A Stars-like hand without its ``*** SUMMARY ***`` section was cut short."""
    # From the end: the summary is the last section, a few lines before the end. A loop,
    # not any() over a generator: it runs for every hand, and stops within ~8 lines.
    for line in reversed(lines):
        if line.startswith("*** SUMMARY ***"):
            return
    raise HandParseError(
        "truncated", "hand has no *** SUMMARY *** section", len(lines) - 1, lines[-1]
    )


def pot_index(pot: str, side_number: str | None) -> int:
    """0 for ``pot`` / ``main pot``; N for ``side pot-N`` (an unnumbered side pot is 1)."""
    return 0 if pot in ("pot", "main pot") else int(side_number or 1)


def add_show(
    shows: ShowTable, player: str, arg: str, offset: int, *, bare_description: bool = False
) -> None:
    """``shows [As Kd 7h 2c] (a pair of Aces)``, added to ``shows``; ``bare_description``
    keeps text printed without parentheses (PokerStars), others drop it."""
    cards_text, _, desc = arg.partition("]")
    desc = desc.strip()
    if desc.startswith("(") and desc.endswith(")"):
        description: str | None = desc[1:-1]
    else:
        description = (desc or None) if bare_description else None
    shows.add(player, cards_or_fail(cards_text.lstrip("["), offset), description, False, offset)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLine:
    """A table line: ``Table 'Name' 6-max Seat #1 is the button``."""

    name: str
    max_seats: int | None
    button_seat: int | None  # None: the hand names no button
    play_money: bool = False


def read_table_line(pattern: re.Pattern[str], line: str, offset: int) -> TableLine:
    """Line 2 by the room's ``pattern`` (groups ``name``, ``max``, ``button``, and
    ``play`` matched only for play money); unreadable: a ``bad_table_line`` error."""
    m = pattern.match(line)
    if m is None:
        raise HandParseError(
            "bad_table_line", f"unreadable table line: {line[:100]!r}", offset, line
        )
    return TableLine(
        name=m["name"],
        max_seats=int(m["max"]) if m["max"] else None,
        button_seat=int(m["button"]),
        play_money=m["play"] is not None,
    )


def symbol_currency(stakes: str, fallback: str) -> str:
    """The currency whose symbol the stakes print, else ``fallback``."""
    for symbol, iso in SYMBOL_CURRENCY.items():
        if symbol in stakes:
            return iso
    return fallback


# Line shapes PokerStars and GGPoker print alike.
BRACKETS_RE = re.compile(r"\[([^\]]*)\]")
UNCALLED_RE = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
BOARD_RE = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]$")
SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
WON_RE = re.compile(r"(?:won|collected) \((?P<amount>[^)]*)\)")
FOLDED_RE = re.compile(r"folded (?:before Flop|on the (?P<street>Flop|Turn|River))")
RUN_INDEX = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}
_FOLD_STREET = {
    None: Street.PREFLOP,
    "Flop": Street.FLOP,
    "Turn": Street.TURN,
    "River": Street.RIVER,
}


def folded_street(rest: str) -> Street | None:
    """``folded on the Turn`` -> TURN, ``folded before Flop`` -> PREFLOP, else None."""
    folded = FOLDED_RE.search(rest)
    return _FOLD_STREET[folded["street"]] if folded else None


def board_cards(
    tail: str, offset: int, on_empty: Callable[[], object] | None = None
) -> tuple[int, ...] | None:
    """The cards of every ``[..]`` group after a street name; None when there is none.

    With ``on_empty`` given, an empty ``[]`` group is skipped and reported to it
    (PokerStars notes it); otherwise it is read like any other group.
    """
    groups = BRACKETS_RE.findall(tail)
    if not groups:
        return None
    cards: list[int] = []
    for g in groups:
        if on_empty is not None and not g.strip():
            on_empty()
            continue
        cards.extend(cards_or_fail(g, offset))
    return tuple(cards)


def expect_line(
    lines: Sequence[str], offset: int, pattern: re.Pattern[str], what: str
) -> re.Match[str]:
    """Line ``offset`` read by ``pattern``; a missing line is ``truncated``, another
    line ``bad_header`` (header lines of rooms printed over several lines)."""
    text = lines[offset] if offset < len(lines) else ""
    m = pattern.match(text)
    if m is None:
        code = "truncated" if offset >= len(lines) else "bad_header"
        raise HandParseError(code, f"expected the {what} line, got {text[:100]!r}", offset, text)
    return m
