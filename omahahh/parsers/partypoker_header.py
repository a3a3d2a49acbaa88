"""PartyPoker header lines (docs/FORMATS.md §6, §12), in every shape its generations print.

Classic (2005-2018), every amount with its currency; the cash stakes are the
table's **maximum buy-in**, not the blinds (the blinds are the posts):
```
#Game No : 1458965856                                       (optional; may differ)
***** Hand History for Game 13551973065 *****
$1,000 USD PL Omaha - Monday, January 06, 16:33:56 EST 2014
$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012       (limit: the bets)
$0.02/$0.04 USD Omaha - …                                   (no limit word: fixed limit)
$100 USD fastforward PL Omaha - …                           (fast-fold pool)
$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012      (2012's compact line)
PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - Thursday, …
PL Omaha $1.10 USD Buy-in Trny:138340262 Level:1  Blinds-Antes(75/150 -25) - …
PL Omaha Hi-Lo $22 USD Buy-in - Sunday, …   then lines "Trny: N Level: N", "Blinds(20/40)"
Table Zurich (Real Money)
Seat 1 is the button
Total number of players : 6/6
```
A tournament hand may print news (``NAME has left the table.``, ``Player NAME
finished in 3 place.``) between the ``*****`` line and the game line.
2026, alphanumeric hand ids and the blinds in the header:
```
***** Hand History For Game 1770659766668adeb0h5qfm *****
0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7488952 (Real Money) -- Seat 1 is the button
Total number of players : 4/6
```
Times carry their zone (``EST``, ``EDT``, ``CET``, ``CEST``, ``MSKS``; an ambiguous one
such as ``IST`` is refused); one printed without a zone is ET, as fpdb reads it.
"""

from __future__ import annotations

import re
from datetime import datetime

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Site, Structure, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    TableLine,
    abbreviated_zone,
    expect_line,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.header import HandHeader
from omahahh.rooms.conventions import conventions

HAND_LINE_RE = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}$")
WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Wednes|Thu|Thurs|Fri|Sat|Satur|Sun)(?:day)?"
CASH_RE = re.compile(
    r"^(?P<money>[$€£]?[\d,.]+(?:/[$€£]?[\d,.]+)?) (?:(?P<cur>[A-Z]{3}) )?"
    r"(?:(?P<fast>fastforward|SPOTPOKER) )?(?:(?P<limit>PL|NL|FL)\s+)?"
    rf"(?P<game>[^-\d$€£].*?)\s*-\s*(?P<time>{WEEKDAY}\b.+)$"
)
NUMBER = r"[\d,.' ]*\d"
STAKES = (
    rf"(?:Blinds|Stakes)(?:-Antes)?\((?P<sb>{NUMBER})\s*/\s*(?P<bb>{NUMBER})"
    rf"(?:\s*-\s*(?P<ante>{NUMBER})\$?)?\)"
)
TOURNAMENT_RE = re.compile(
    r"^(?:(?P<limit>PL|NL|FL) )?(?P<game>.+?)\s+"
    r"(?:(?P<buyin>[$€£]?\s?[\d,.]+(?: [A-Z]{3})?)\s*Buy-in\s+)?"
    r"(?:\+ (?P<fee>[$€£]?\s?[\d,.]+(?: [A-Z]{3})?) Entry Fee\s+)?"
    rf"Trny: ?(?P<tid>\d+)\s+Level: ?(?P<level>\d+)\s+{STAKES}\s*-\s*(?P<time>.+)$"
)
TOURNAMENT_BUY_IN_RE = re.compile(
    r"^(?:(?P<limit>PL|NL|FL) )?(?P<game>.+?)\s+"
    r"(?P<buyin>[$€£]?[\d,.]+(?: [A-Z]{3})?)\s*Buy-in\s*-\s*(?P<time>.+)$"
)
"""A tournament game line whose level and blinds are lines of their own (fpdb's
``re_GameInfoTrny2``, with ``re_TourNoLevel`` and ``re_Blinds``)."""
LEVEL_RE = re.compile(r"^Trny: ?(?P<tid>\d+)\s+Level: ?(?P<level>\d+)$")
STAKES_RE = re.compile(rf"^{STAKES}$")
MODERN_RE = re.compile(
    r"^(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?:Tourney )?(?P<game>.+?) Game Table "
    r"\((?P<limit>PL|NL|FL|Limit|)\)"
    r"(?: \((?:SNG|STT|MTT)(?: JackPot)? Tournament #(?P<tid>\d+)\))?"
    r"(?: \(Buyin (?P<buyin>[$€£][\d.,]+) \+ (?P<fee>[$€£][\d.,]+)\))?"
    r" - (?P<time>.+)$"
)
CLASSIC_TIME_RE = re.compile(
    r"^\w+,\s*(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<clock>\d{1,2}:\d{2}:\d{2}) "
    r"(?:(?P<tz>[A-Z]{2,5}) )?(?P<year>\d{4})$"
)
MODERN_TIME_RE = re.compile(
    r"^\w{3} (?P<month>[A-Z][a-z]{2}) (?P<day>\d{1,2}) (?P<clock>\d{1,2}:\d{2}:\d{2}) "
    r"(?:(?P<tz>[A-Z]{2,5}) )?(?P<year>\d{4})$"
)
TABLE_RE = re.compile(
    r"^Table (?P<name>.+?) \( ?(?P<money>Real|Play) Money ?\)"
    r"(?: -- Seat (?P<button>\d+) is the button)?$"
)
BUTTON_RE = re.compile(r"^Seat (?P<seat>\d+) is the button$")
PLAYERS_RE = re.compile(r"^Total number of players : (?P<n>\d+)(?:/(?P<max>\d+))?$")
PREAMBLE_RE = re.compile(r"^.+ (?:has left the table|finished in \d+ place)\.$")
"""Tournament news some histories print between the ``*****`` line and the game line
(fpdb's ``re_GameInfo``): a player leaving, a player's finish."""
GAME_RE = re.compile(r"^Omaha(?P<hilo> Hi-Lo| Hi/Lo)?(?: Hi)?$")

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("January", "Jan"),
            ("February", "Feb"),
            ("March", "Mar"),
            ("April", "Apr"),
            ("May",),
            ("June", "Jun"),
            ("July", "Jul"),
            ("August", "Aug"),
            ("September", "Sep"),
            ("October", "Oct"),
            ("November", "Nov"),
            ("December", "Dec"),
        ),
        start=1,
    )
    for name in names
}
_STRUCTURE = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}


SEAT_START_RE = re.compile(r"^[Ss]eat ?\d+: ")
"""The first seat line, which ends the header: ``Seat 1: NAME (…)``, 2012's ``seat1: NAME``."""


def matches(first_line: str) -> bool:
    """Is this a PartyPoker hand's header line (``***** Hand History for Game …``)?"""
    return (
        first_line.startswith("***** Hand History ") and HAND_LINE_RE.match(first_line) is not None
    )


def _game(text: str, limit: str | None, line: str, offset: int) -> GameInfo:
    """The game; no limit word (``$0.02/$0.04 USD Omaha``) or ``Limit`` is fixed limit."""
    m = GAME_RE.match(text)
    if m is None:
        raise HandParseError("unsupported_game", f"not an Omaha game: {text}", offset, line)
    structure = _STRUCTURE.get(limit or "FL", Structure.FIXED_LIMIT)
    hi_lo = m["hilo"] is not None
    return GameInfo(
        variant=variant_code(structure, 4, hi_lo),
        structure=structure,
        hole_card_count=4,
        hi_lo=hi_lo,
        game_label=f"{limit} {text}" if limit else text,
    )


def _time(text: str, line: str, offset: int, context: ParseContext) -> tuple[datetime, str]:
    """The game line's time, in its zone; one printed without a zone is in the room's
    (ET, as fpdb reads it) or ``--source-timezone``'s."""
    m = CLASSIC_TIME_RE.match(text) or MODERN_TIME_RE.match(text)
    month = MONTHS.get(m["month"]) if m is not None else None
    if m is None or month is None:
        raise HandParseError("bad_header", f"unreadable time: {text!r}", offset, line)
    if m["tz"]:
        zone = abbreviated_zone(m["tz"], offset, line)
    else:
        zone = context.zone_for(conventions(Site.PARTYPOKER).time_zone)
    stamp = f"{m['year']}/{month}/{m['day']} {m['clock']}"
    local = f"{stamp} {m['tz']}" if m["tz"] else stamp
    return utc_or_fail(stamp, zone, offset, line), local


def parse_header(lines: tuple[str, ...], context: ParseContext = DEFAULT_CONTEXT) -> HandHeader:
    """Read the header lines; raises ``bad_header``, ``unsupported_game`` or ``truncated``."""
    hand = expect_line(lines, 0, HAND_LINE_RE, "'***** Hand History for Game' header")
    at = 1
    while at < len(lines) and PREAMBLE_RE.match(lines[at]):
        at += 1  # tournament news before the game line
    line = lines[at] if at < len(lines) else ""
    try:
        return _parse(lines, hand["id"], at, context)
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), at, line) from None


def _chips(text: str) -> int:
    """Tournament chips: ``3,000``, ``1 000``, ``1'000``."""
    return to_minor(text.replace("'", ""), 1)


def _parse(lines: tuple[str, ...], hand_id: str, at: int, context: ParseContext) -> HandHeader:
    line = lines[at] if at < len(lines) else ""
    modern = MODERN_RE.match(line)
    tournament = TOURNAMENT_RE.match(line) if modern is None else None
    levels = TOURNAMENT_BUY_IN_RE.match(line) if modern is None and tournament is None else None
    cash = CASH_RE.match(line) if modern is None and tournament is None and levels is None else None
    g = modern or tournament or levels or cash
    if g is None:
        code = "truncated" if at >= len(lines) else "bad_header"
        raise HandParseError(code, f"unrecognised PartyPoker game line: {line[:100]!r}", at, line)
    game = _game(g["game"], g["limit"], line, at)
    started_at, local = _time(g["time"], line, at, context)
    found: dict[str, re.Match[str]] = {}
    i = at + 1
    while i < len(lines) and not SEAT_START_RE.match(lines[i]):
        for key, pattern in _HEADER_LINES:
            m = pattern.match(lines[i])
            if m is not None and key not in found:
                found[key] = m
                break
        else:
            break
        i += 1
    t = found.get("table") or _missing(lines, i, "table")
    button = (
        t["button"] or (found.get("button") or _missing(lines, i, "'Seat N is the button'"))["seat"]
    )
    players = found.get("players") or _missing(lines, i, "'Total number of players'")
    play = t["money"] == "Play"
    bets: tuple[int, int] | None = None
    buy_in = tid = level = None
    ante: int | None = None
    game_type = GameType.CASH
    if tournament is not None or levels is not None:
        stakes_line = tournament or found.get("stakes") or _missing(lines, i, "'Blinds(SB/BB)'")
        level_line = tournament or found.get("level") or _missing(lines, i, "'Trny: N Level: N'")
        game_type, currency, unit = GameType.TOURNAMENT, CHIPS, 1
        low, high = _chips(stakes_line["sb"]), _chips(stakes_line["bb"])
        ante = _chips(stakes_line["ante"]) if stakes_line["ante"] else None
        stakes = f"{stakes_line['sb'].strip()}/{stakes_line['bb'].strip()}"
        buy_in, tid, level = g["buyin"], level_line["tid"], level_line["level"]
        fee = g.groupdict().get("fee")
        if fee:
            buy_in = f"{buy_in} + {fee}"
    elif modern is not None:  # no currency in the header: the seat lines' symbol
        if g["tid"]:
            game_type, currency, unit, tid = GameType.TOURNAMENT, CHIPS, 1, g["tid"]
            buy_in = f"{g['buyin']} + {g['fee']}" if g["buyin"] else None
        else:
            seat_line = lines[i] if len(lines) > i else ""
            currency = PLAY if play else symbol_currency(seat_line, PLAY)
            unit = 100 if currency == PLAY else unit_of(currency)
        low, high = to_minor(g["sb"], unit), to_minor(g["bb"], unit)
        stakes = f"{g['sb']}/{g['bb']}"
    else:
        currency = PLAY if play else (g["cur"] or symbol_currency(g["money"], PLAY))
        unit = 100 if currency == PLAY else unit_of(currency)
        stakes = g["money"] + (f" {g['cur']}" if g["cur"] else "")
        first, sep, second = g["money"].partition("/")
        if sep and game.structure is Structure.FIXED_LIMIT:  # "$20/$40": the bets
            bets = (to_minor(first, unit), to_minor(second, unit))
            low, high = bets[0] // 2, bets[0]
        elif sep:
            low, high = to_minor(first, unit), to_minor(second, unit)
        else:  # "$1,000": the maximum buy-in, 100 big blinds (a fallback: the posts decide)
            low, high = 0, to_minor(first, unit) // 100
    if game.structure is Structure.FIXED_LIMIT and bets is None:
        bets = (high, 2 * high)
    return HandHeader(
        hand_id=hand_id,
        game=game,
        game_type=game_type,
        fast_fold=cash is not None and cash["fast"] is not None,
        tournament_id=tid,
        tournament_level=level,
        buy_in=buy_in,
        ante=ante,
        currency=currency,
        unit=unit,
        stakes=stakes,
        stake_low=low,
        stake_high=high,
        fixed_bets=bets,
        started_at=started_at,
        started_at_text=local,
        table=TableLine(
            name=t["name"],
            max_seats=int(players["max"]) if players["max"] else None,
            button_seat=int(button),
            play_money=play,
        ),
        first_seat_line=i,
    )


_HEADER_LINES = (
    ("table", TABLE_RE),
    ("button", BUTTON_RE),
    ("players", PLAYERS_RE),
    ("level", LEVEL_RE),
    ("stakes", STAKES_RE),
)
"""The header's lines after the game line, in any order, until the first seat line."""


def _missing(lines: tuple[str, ...], at: int, what: str) -> re.Match[str]:
    """A header line that is not there: ``truncated`` at the end of the text, else
    ``bad_header`` on the line where the header stops."""
    text = lines[at] if at < len(lines) else ""
    code = "truncated" if at >= len(lines) else "bad_header"
    raise HandParseError(code, f"expected the {what} line, got {text[:100]!r}", at, text)
