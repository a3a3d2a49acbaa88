"""PokerStars header (line 1) and table line (line 2), FORMATS.md §1.2-1.3."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    DEFAULT_ZONE,
    STRUCTURE_WORDS,
    ZONE_ABBREVIATIONS,
    TableLine,
    read_table_line,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.header import HandHeader
from omahahh.quick_init import quick_factory

HEADER_RE = re.compile(
    r"^PokerStars (?P<kind>Zoom Hand|Home Game Hand|Home Game|Hand|Game) #(?P<id>\d+):\s+"
    r"(?:\{(?P<club>[^}]*)\}\s+)?(?P<rest>.*)$"
)
TIME_RE = re.compile(
    r"(?P<local>\d{4}[/-]\d{1,2}[/-]\d{1,2} \d{1,2}:\d{2}(?::\d{2})?)(?: (?P<tz>[A-Z]{2,5}))?"
    r"(?: \[(?P<et>\d{4}[/-]\d{1,2}[/-]\d{1,2} \d{1,2}:\d{2}(?::\d{2})?) ET\]"
    # Run It Once brackets its server time (CET) after the zoned UTC stamp: the first wins.
    r"| \[\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})? [A-Z]{2,5}\])?\s*$"
)
OMAHA_RE = re.compile(
    r"(?P<game>(?:(?P<cards>[56]) Card )?(?P<base>Omaha|Courchevel)(?P<hilo> Hi/Lo)?) "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)"
)
ANY_GAME_RE = re.compile(
    r"(?P<game>[A-Za-z0-9'\- /]+?) (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)\b"
)
TOURNAMENT_RE = re.compile(
    r"^(?P<zoom>Zoom )?Tournament #(?P<tid>\d+), (?P<middle>.+?) - (?:Match Round \w+, )?"
    r"Level (?P<level>[\w]+) \((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\) - (?P<time>.+)$"
)
CASH_RE = re.compile(r"^(?P<middle>.+?) \((?P<stakes>[^()]*\d[^()]*)\) - (?P<time>.+)$")
BUYIN_RE = re.compile(
    r"^(?P<buyin>(?:[$€£¥]?[\d.,]+(?:\+[$€£¥]?[\d.,]+){0,2}(?: [A-Z]{3})?|Freeroll|[\d.,]+ SC))"
    r"(?:\s+(?P<rest>.*))?$"
)
TABLE_RE = re.compile(
    r"^Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?P<play>Play Money)\))?"
    r"(?: \(Real Money\))? Seat #(?P<button>\d+) is the button"
)

_STRUCTURE = STRUCTURE_WORDS


make_header = quick_factory(HandHeader)
"""``HandHeader(...)`` a third faster (:func:`omahahh.quick_init.quick_factory`): one a hand."""


@lru_cache(maxsize=256)  # a file repeats its few games: a regex search and a record each
def _game_info(text: str) -> GameInfo | None:
    """The Omaha game in a header's middle part, or None when it is another game."""
    m = OMAHA_RE.search(text)
    if m is None:
        return None
    structure = _STRUCTURE[m["limit"]]
    courchevel = m["base"] == "Courchevel"
    hole = int(m["cards"]) if m["cards"] else (5 if courchevel else 4)
    hi_lo = m["hilo"] is not None
    before = text[: m.start()].rstrip()
    mixed = before[:-1].strip() if before.endswith("(") else None
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo, courchevel),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        courchevel=courchevel,
        game_label=f"{m['game']} {m['limit']}",
        mixed_game=mixed or None,
    )


def _unsupported(text: str) -> HandParseError:
    m = ANY_GAME_RE.search(text)
    label = f"{m['game'].split('(')[-1].strip()} {m['limit']}" if m else text
    return HandParseError("unsupported_game", f"not an Omaha game: {label}", 0, text)


def _time(
    text: str, unzoned: str = DEFAULT_ZONE, strict_zone: bool = False
) -> tuple[datetime | None, str]:
    m = TIME_RE.search(text)
    if m is None:
        raise HandParseError("bad_header", f"no time stamp in header: {text!r}", 0, text)
    if m["et"]:
        return utc_or_fail(m["et"], ZONE_ABBREVIATIONS["ET"], 0, text), m["local"]
    if strict_zone and m["tz"] and m["tz"] not in ZONE_ABBREVIATIONS:
        raise HandParseError("bad_header", f"unknown time zone {m['tz']!r}", 0, text)
    zone_name = ZONE_ABBREVIATIONS.get(m["tz"] or "", DEFAULT_ZONE) if m["tz"] else unzoned
    return utc_or_fail(m["local"], zone_name, 0, text), m["local"]


@lru_cache(maxsize=256)  # a few stakes a file; to_minor goes through Decimal
def _stake(text: str, unit: int) -> int:
    return to_minor(text, unit)


def _cash_currency(stakes: str) -> str:
    tail = stakes.rsplit(" ", 1)
    if len(tail) == 2 and len(tail[1]) == 3 and tail[1].isalpha() and tail[1].isupper():
        return tail[1]
    return symbol_currency(stakes, PLAY)


def parse_header(
    line: str,
    header_re: re.Pattern[str] = HEADER_RE,
    room: str = "PokerStars",
    game_info: Callable[[str], GameInfo | None] = _game_info,
    unzoned: str = DEFAULT_ZONE,
    strict_zone: bool = False,
) -> HandHeader:
    """Parse line 1. Raises ``bad_header`` or ``unsupported_game`` parse errors.

    ``header_re`` (groups ``kind``, ``id``, ``club``, ``rest``) and ``room`` serve the
    look-alike clients, whose headers differ from PokerStars' only before the ``#``;
    so do ``game_info`` (their game words: the Omaha game of a header's middle part,
    None for another game), ``unzoned`` (the zone of a time printed without one) and
    ``strict_zone`` (a zone abbreviation not known is ``bad_header``, never guessed).
    """
    m = header_re.match(line)
    if m is None:
        raise HandParseError("bad_header", f"not a {room} header: {line[:80]!r}", 0, line)
    rest = m["rest"]
    kind = m["kind"]
    t = TOURNAMENT_RE.match(rest)
    try:
        if t is not None:
            middle = t["middle"]
            b = BUYIN_RE.match(middle)
            buy_in = b["buyin"] if b else None
            game_text = (b["rest"] or "") if b else middle
            game = game_info(game_text)
            if game is None:
                raise _unsupported(game_text)
            started_at, local = _time(t["time"], unzoned, strict_zone)
            return make_header(
                hand_id=m["id"],
                fast_fold=t["zoom"] is not None or kind == "Zoom Hand",
                home_game=m["club"],
                game=game,
                game_type=GameType.TOURNAMENT,
                tournament_id=t["tid"],
                tournament_level=t["level"],
                buy_in=buy_in,
                currency=CHIPS,
                unit=1,
                stakes=f"{t['sb']}/{t['bb']}",
                stake_low=_stake(t["sb"], 1),
                stake_high=_stake(t["bb"], 1),
                started_at=started_at,
                started_at_text=local,
            )
        c = CASH_RE.match(rest)
        if c is None:
            raise HandParseError(
                "bad_header", f"unrecognised {room} header: {line[:100]!r}", 0, line
            )
        middle, stakes = c["middle"], c["stakes"]
        if ", " in stakes:  # mixed cash: "8-Game (Hold'em Limit, $0.10/$0.20)"
            inner, _, stakes = stakes.rpartition(", ")
            middle = f"{middle} ({inner})"
        game = game_info(middle)
        if game is None:
            raise _unsupported(middle)
        currency = _cash_currency(stakes)
        unit = unit_of(currency)
        amounts = stakes.split(" ")[0].split("/")
        if len(amounts) != 2:
            raise HandParseError("bad_header", f"unreadable stakes: {stakes!r}", 0, line)
        started_at, local = _time(c["time"], unzoned, strict_zone)
        return make_header(
            hand_id=m["id"],
            fast_fold=kind == "Zoom Hand",
            home_game=m["club"],
            game=game,
            game_type=GameType.CASH,
            tournament_id=None,
            tournament_level=None,
            buy_in=None,
            currency=currency,
            unit=unit,
            stakes=stakes,
            stake_low=_stake(amounts[0], unit),
            stake_high=_stake(amounts[1], unit),
            started_at=started_at,
            started_at_text=local,
        )
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 0, line) from None


def parse_table(line: str, offset: int) -> TableLine:
    """``Table 'Innes III 40-100 bb' 6-max Seat #1 is the button``."""
    return read_table_line(TABLE_RE, line, offset)
