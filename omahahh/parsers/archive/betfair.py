"""Betfair Poker's own network (2008–2010): Everleaf's ``** Dealing …`` lines, a GMT header.

```
***** Betfair Poker Hand History for Game 500000001 *****
PL $0.05/$0.10 Omaha - Saturday, March 14, 20:15:02 GMT 2009
Table Crafted 7 6-max (Real Money)
Seat 2 is the button
Total number of active players : 3
Seat 1: Hero ( $10 )
Villain2 posts small blind [$0.05]          Delta posts small & big blinds [$0.15]
** Dealing down cards **
Dealt to Hero [ As, Kh, Td, 2c ]
Villain1 raises to [$0.35]                  (the street total)
Hero calls [$0.25] | Villain1 bets [$0.50]  (the chips added) | folds | checks
** Dealing Flop ** [ 4c, 8d, 3h ]
** Showdown **
Hero shows [ 6h, 7h, Kd, Kc ] a straight, Eight high
** Hand Conclusion **
Villain1 wins $0.72 from main pot           (… from side pot 1 with a straight, …)
************  Game 500000001 ends  ************
```

Sources: fpdb's ``BetfairToFpdb.py`` (its 2009 regular expressions and the hand in
the comments of its 2008 version). The lines Betfair shares with Everleaf are
:mod:`.dealing`'s. Room data (``rooms/conventions.py``): no rake, total, returned bet or
all-in mark is printed; whether a ``wins`` figure holds the unmatched bet is decided per
hand from its figures (:mod:`omahahh.parsers.unmatched`), and a hand they do not
decide is refused (``ambiguous_amount``). Seats with no line in the hand (``( $0 )``,
players away: the header counts only the active ones) sat out. Games: ``Omaha`` and
``Omaha Hi`` (pot and no limit); ``Texas Hold'em``, ``Razz`` and the rest are not Omaha;
a header naming no limit (fpdb's regular expression allows it, nothing says what it
means) is refused. The 2008 generation's first line is not known (fpdb's reader
matches only a ``#`` and the number): its hands are not recognised.
"""

from __future__ import annotations

import re
from datetime import UTC

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Structure
from omahahh.money import PLAY, unit_of
from omahahh.parsers.archive import dealing as d
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.parsers.unmatched import awards_hold_unmatched, take_out

FIRST_RE = re.compile(r"^\*{5} Betfair Poker Hand History for Game (?P<id>\d+) \*{5}$")
GAME_RE = re.compile(
    r"^(?P<limit>NL|PL|) ?(?P<cur>[$€£]?)(?P<low>[\d.,]+)/[$€£]?(?P<high>[\d.,]+) "
    r"(?P<game>.+?) - (?P<stamp>[A-Za-z]+, [A-Za-z]+ \d+, \d\d:\d\d:\d\d) GMT (?P<year>\d{4})$"
)
TABLE_RE = re.compile(r"^Table (?P<name>.+?) (?P<max>\d+)-max \((?P<money>Real|Play) Money\)$")
GAMES = {"Omaha": "Omaha", "Omaha Hi": "Omaha"}
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT}
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
AMOUNT = d.AMOUNT


def _sits_out(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``NAME sits out``: no chips; a player with no line yet was not dealt in."""
    name = hand.player(m["name"], offset)
    if name not in hand.actions.players:
        seats = hand.seats
        seats.set_sitting_out(seats.players.index(name))


SHAPES = (
    d.BUTTON,
    s.shape(r"^Total number of active players : \d+$", s.ignore),
    d.SEAT,
    s.shape(rf"^(?P<name>.+?):? posts small blind {AMOUNT}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+?):? posts big blind {AMOUNT}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+?):? posts small & big blinds {AMOUNT}$", s.post_small_and_big),
    d.DEALING_DOWN,
    d.FLOP,
    d.TURN,
    d.RIVER,
    d.DEALT,
    d.FOLDS,
    d.CHECKS,
    d.CALLS,
    s.shape(rf"^(?P<name>.+?):? bets {AMOUNT}$", s.bet),
    s.shape(rf"^(?P<name>.+?) raises to {AMOUNT}$", s.raise_to),
    d.RAISES_ADDED,
    s.shape(r"^(?P<name>.+?) sits out$", _sits_out),
    s.shape(r"^\*\* Showdown \*\*$", s.ignore),
    d.SHOWS,
    s.shape(r"^\*\* Hand Conclusion \*\*$", s.ignore),
    s.shape(
        r"^(?P<name>.+?) wins (?P<amount>[$€£]\s?[\d.,]+(?: (?:USD|EUR|GBP))?)"
        r"(?: from (?P<pot>main pot|side pot(?: \d+)?))?(?: with .*)?$",
        s.collect(),
    ),
    s.shape(r"^\*{12}  Game \d+ ends  \*{12}$", s.ignore),
)
BETFAIR = LineFormat(site=Site.BETFAIR, shapes=SHAPES, money=d.money)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    """The three header lines (the time is printed in GMT: no zone to assume)."""
    del context
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 3:
        raise HandParseError("bad_header", f"not a Betfair header: {lines[0][:80]!r}", 0, lines[0])
    line = lines[1]
    m = GAME_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"unreadable Betfair game line: {line[:100]!r}", 1, line)
    if m["game"] not in GAMES:
        if "Omaha" in m["game"]:
            why = f"Omaha game {m['game']!r} is not evidenced"
            raise HandParseError("unsupported_game", why, 1, line)
        raise not_omaha(m["game"], line)
    if not m["limit"]:
        why = f"the header names no betting structure: {line[:100]!r}"
        raise HandParseError("unsupported_game", why, 1, line)
    t = TABLE_RE.match(lines[2])
    if t is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[2]!r}", 2, lines[2])
    if t["money"] == "Play":
        currency = PLAY
    elif m["cur"] in CURRENCIES:
        currency = CURRENCIES[m["cur"]]
    else:
        why = f"a real-money table with no currency: {line[:100]!r}"
        raise HandParseError("bad_header", why, 1, line)
    unit = unit_of(currency)
    stamp = f"{m['stamp']} {m['year']}"
    local = parse_time(stamp, "%A, %B %d, %H:%M:%S %Y", 1, line)
    return HandHeader(
        hand_id=first["id"],
        game=omaha(f"{m['limit']} {m['game']}", LIMITS[m["limit"]], 4, False),
        game_type=GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{m['cur']}{m['low']}/{m['cur']}{m['high']}",
        stake_low=amount(m["low"], unit, line),
        stake_high=amount(m["high"], unit, line),
        started_at=local.replace(tzinfo=UTC),
        started_at_text=f"{m['stamp']} GMT {m['year']}",
        table=TableLine(name=t["name"], max_seats=int(t["max"]), button_seat=0),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, BETFAIR)
    read_body(hand, lines, 3)
    s.require_line(lines, "** Hand Conclusion **" in lines, "'** Hand Conclusion **' line")
    back_to, back, holds = awards_hold_unmatched(hand.actions, hand.collections, None)
    if holds is None:
        last = max(hand.collections.lines)
        why = (
            f"whether the 'wins' figures pay back {back_to}'s unmatched {back} is not "
            "decided by the hand's figures"
        )
        raise HandParseError("ambiguous_amount", why, last, lines[last])
    if holds and back_to is not None:
        take_out(hand.collections, back_to, back)
        hand.notes.append(f"'wins' holds {back_to}'s unmatched {back}: taken out")
    hand.idle_seats_sat_out()
    return hand.freeze()


FORMAT = Format(
    name="betfair",
    site=Site.BETFAIR,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"\*{5} Betfair Poker Hand History",
)
