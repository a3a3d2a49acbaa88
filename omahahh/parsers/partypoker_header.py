"""PartyPoker header lines (FORMATS.md §6, §12), in the two shapes the corpus holds.

Classic (2005-2018), every amount with its currency; the cash stakes are the
table's **maximum buy-in**, not the blinds (the blinds are the posts):
```
#Game No : 1458965856                                       (optional)
***** Hand History for Game 13551973065 *****
$1,000 USD PL Omaha - Monday, January 06, 16:33:56 EST 2014
$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012       (limit: the bets)
PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - Thursday, …
Table Zurich (Real Money)
Seat 1 is the button
Total number of players : 6/6
```
2026, alphanumeric hand ids and the blinds in the header:
```
***** Hand History For Game 1770659766668adeb0h5qfm *****
0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7488952 (Real Money) -- Seat 1 is the button
Total number of players : 4/6
```
Times carry their zone (``EST``, ``EDT``, ``CET``, ``CEST``; DST-aware).
"""

from __future__ import annotations

import re
from datetime import datetime

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Structure, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    ZONE_ABBREVIATIONS,
    TableLine,
    expect_line,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.header import HandHeader

HAND_LINE_RE = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}$")
CASH_RE = re.compile(
    r"^(?P<money>[$€£]?[\d,.]+(?:/[$€£]?[\d,.]+)?) (?:(?P<cur>[A-Z]{3}) )?"
    r"(?P<limit>PL|NL|FL) (?P<game>.+?) - (?P<time>.+)$"
)
TOURNAMENT_RE = re.compile(
    r"^(?P<limit>PL|NL|FL) (?P<game>.+?) (?P<buyin>[$€£]?[\d,.]+(?: [A-Z]{3})?) Buy-in "
    r"Trny: ?(?P<tid>\d+) Level: ?(?P<level>\d+)\s+Blinds\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\) - "
    r"(?P<time>.+)$"
)
MODERN_RE = re.compile(
    r"^(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<game>.+?) Game Table \((?P<limit>PL|NL|FL)\) - "
    r"(?P<time>.+)$"
)
CLASSIC_TIME_RE = re.compile(
    r"^\w+, (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<clock>\d{1,2}:\d{2}:\d{2}) "
    r"(?P<tz>[A-Z]{2,5}) (?P<year>\d{4})$"
)
MODERN_TIME_RE = re.compile(
    r"^\w{3} (?P<month>[A-Z][a-z]{2}) (?P<day>\d{1,2}) (?P<clock>\d{1,2}:\d{2}:\d{2}) "
    r"(?P<tz>[A-Z]{2,5}) (?P<year>\d{4})$"
)
TABLE_RE = re.compile(
    r"^Table (?P<name>.+?) \((?P<money>Real Money|Play Money)\)"
    r"(?: -- Seat (?P<button>\d+) is the button)?$"
)
BUTTON_RE = re.compile(r"^Seat (?P<seat>\d+) is the button$")
PLAYERS_RE = re.compile(r"^Total number of players : (?P<n>\d+)(?:/(?P<max>\d+))?$")
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


GAME_STARTS_RE = re.compile(r"^Game #\w+ starts\.$")


def matches(first_line: str) -> bool:
    """Is this a PartyPoker hand's header line (``***** Hand History for Game …``)?

    A block that is only ``Game #N starts.`` (the line that ends every classic hand,
    left at the top of a file cut after it) is PartyPoker's too: it fails as
    ``not_a_hand`` rather than as text no reader knows.
    """
    if first_line.startswith("***** Hand History "):
        return HAND_LINE_RE.match(first_line) is not None
    return GAME_STARTS_RE.match(first_line) is not None


def _game(text: str, limit: str, line: str) -> GameInfo:
    m = GAME_RE.match(text)
    if m is None:
        raise HandParseError("unsupported_game", f"not an Omaha game: {text}", 1, line)
    structure = _STRUCTURE[limit]
    hi_lo = m["hilo"] is not None
    return GameInfo(
        variant=variant_code(structure, 4, hi_lo),
        structure=structure,
        hole_card_count=4,
        hi_lo=hi_lo,
        game_label=f"{limit} {text}",
    )


def _time(text: str, line: str) -> tuple[datetime, str]:
    m = CLASSIC_TIME_RE.match(text) or MODERN_TIME_RE.match(text)
    month = MONTHS.get(m["month"]) if m is not None else None
    if m is None or month is None:
        raise HandParseError("bad_header", f"unreadable time: {text!r}", 1, line)
    zone = ZONE_ABBREVIATIONS.get(m["tz"])
    if zone is None:
        raise HandParseError("bad_header", f"unknown time zone {m['tz']!r}", 1, line)
    stamp = f"{m['year']}/{month}/{m['day']} {m['clock']}"
    return utc_or_fail(stamp, zone, 1, line), f"{stamp} {m['tz']}"


def parse_header(lines: tuple[str, ...]) -> HandHeader:
    """Read the header lines; raises ``bad_header``, ``unsupported_game`` or ``truncated``."""
    if GAME_STARTS_RE.match(lines[0]) and len(lines) == 1:
        raise HandParseError(
            "not_a_hand",
            "a lone 'Game #N starts.' line: the end of a hand whose text is not in the file",
            0,
            lines[0],
        )
    hand = expect_line(lines, 0, HAND_LINE_RE, "'***** Hand History for Game' header")
    line = lines[1] if len(lines) > 1 else ""
    try:
        return _parse(lines, hand["id"], line)
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 1, line) from None


def _parse(lines: tuple[str, ...], hand_id: str, line: str) -> HandHeader:
    modern = MODERN_RE.match(line)
    tournament = TOURNAMENT_RE.match(line) if modern is None else None
    cash = CASH_RE.match(line) if modern is None and tournament is None else None
    g = modern or tournament or cash
    if g is None:
        code = "truncated" if len(lines) < 2 else "bad_header"
        raise HandParseError(code, f"unrecognised PartyPoker game line: {line[:100]!r}", 1, line)
    game = _game(g["game"], g["limit"], line)
    started_at, local = _time(g["time"], line)
    t = expect_line(lines, 2, TABLE_RE, "table")
    i = 3
    button = t["button"]
    if button is None:
        button = expect_line(lines, i, BUTTON_RE, "'Seat N is the button'")["seat"]
        i += 1
    players = expect_line(lines, i, PLAYERS_RE, "'Total number of players'")
    play = t["money"] == "Play Money"
    bets: tuple[int, int] | None = None
    buy_in = None
    if tournament is not None:
        currency, unit = CHIPS, 1
        low, high = to_minor(g["sb"], 1), to_minor(g["bb"], 1)
        stakes = f"{g['sb']}/{g['bb']}"
        buy_in = g["buyin"]
    elif modern is not None:  # no currency in the header: the seat lines' symbol
        seat_line = lines[i + 1] if len(lines) > i + 1 else ""
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
        game_type=GameType.TOURNAMENT if tournament is not None else GameType.CASH,
        tournament_id=g["tid"] if tournament is not None else None,
        tournament_level=g["level"] if tournament is not None else None,
        buy_in=buy_in,
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
        first_seat_line=i + 1,
    )
