"""Absolute Poker / UltimateBet (Cereus network, closed 2011): ``Stage #`` headers, ``NAME - Verb``.

```
Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)
    [ 2009-12-31 18:23:36 ]                                    (one line)
Table: Linden Ct (Real Money) Seat #6 is the dealer
Seat 6 - Player0 ($1,195.50 in chips)
Player0 - Posts small blind $15
*** POCKET CARDS ***
Dealt to Hero [9h Qc 2d 3h]
Player0 - Raises $45 to $60 | Hero - Calls $30 | Bets $30 | Checks | Folds
*** FLOP *** [Jc 5h 2c]
Player0 - returned ($30) : not called
*** SHOW DOWN ***
Player0 - Does not show
Player0 Collects $119.25 from main pot
*** SUMMARY ***
Total Pot($120) | Rake ($0.75)
Board [Jc 5h 2c]
Seat 6: Player0 (dealer) (small blind) collected Total ($119.25) HI:($119.25)  [Does not show]
```

The limit word sits before the stakes (``Normal`` for fixed limit, else ``Pot
Limit``/``No Limit``); ``Omaha Hi/Lo`` is Hi/Lo. ``Raises X to Y``: Y is the
street total. The time is printed in ET. Only the line shapes of the corpus hand
are read: any other line makes the hand a failure (``unknown_line``).
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import ZONE_ABBREVIATIONS, TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

FIRST_RE = re.compile(
    r"^Stage #(?P<id>\d+): (?P<game>.+?)(?: \((?P<format>[^)]*)\))?\s+"
    r"(?P<limit>Normal|Pot Limit|No Limit) "
    r"(?P<low>[$€£]?[\d,.]+)/(?P<high>[$€£]?[\d,.]+) - "
    r"(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)? \((?P<zone>[A-Z]+)\)"
)
TABLE_RE = re.compile(
    r"^Table: (?P<name>.+?) \((?P<money>Real Money|Play Money)\) "
    r"Seat #(?P<button>\d+) is the dealer$"
)
GAMES = {"Omaha": False, "Omaha Hi/Lo": True}
LIMITS = {
    "Normal": Structure.FIXED_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
}
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def _total(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.total = hand.money(m["amount"], offset)
    hand.rake = hand.money(m["rake"], offset)


SHAPES = (
    s.shape(rf"^Seat (?P<seat>\d+) - (?P<name>.+) \({MONEY} in chips\)$", s.seat),
    s.shape(rf"^(?P<name>.+) - Posts small blind {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) - Posts big blind {MONEY}$", s.post_big_blind),
    s.shape(r"^\*\*\* POCKET CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* \[[^\]]*\] {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* \[[^\]]*\] {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^\*\*\* SHOW DOWN \*\*\*$", s.ignore),
    s.shape(r"^(?P<name>.+) - Folds$", s.fold),
    s.shape(r"^(?P<name>.+) - Checks$", s.check),
    s.shape(rf"^(?P<name>.+) - Calls {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+) - Bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+) - Raises [$€£]?[\d,.]+ to {MONEY}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) - returned \({MONEY}\) : not called$", s.uncalled),
    s.shape(rf"^(?P<name>.+) - Shows {CARDS}(?: \((?P<desc>.*)\))?$", s.show),
    s.shape(r"^(?P<name>.+) - Does not show$", s.ignore),
    s.shape(
        rf"^(?P<name>.+?) Collects {MONEY} from (?P<pot>main pot|side pot(?: \d+)?)$",
        s.collect(),
    ),
)
SUMMARY = (
    s.shape(rf"^Total Pot\({MONEY}\) \| Rake \((?P<rake>[$€£]?[\d,.]+)\)$", _total),
    s.shape(rf"^Board {CARDS}$", s.ignore),
    s.shape(r"^Seat \d+: .+$", s.ignore),  # the summary restates the awards
)


ABSOLUTE = LineFormat(
    site=Site.ABSOLUTE,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...]) -> HandHeader:
    line = lines[0]
    m = FIRST_RE.match(line)
    if m is None or len(lines) < 2:
        if line.startswith("Stage #") and "Omaha" not in line:
            raise not_omaha(line.split(": ", 1)[-1][:60], line)
        raise HandParseError("bad_header", f"not an Absolute header: {line[:80]!r}", 0, line)
    if m["game"] not in GAMES:
        raise not_omaha(m["game"], line)
    game = omaha(f"{m['game']} {m['limit']}", LIMITS[m["limit"]], 4, GAMES[m["game"]])
    t = TABLE_RE.match(lines[1])
    if t is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[1]!r}", 1, lines[1])
    symbol = m["low"][0] if not m["low"][0].isdigit() else ""
    currency = currency_of(symbol, CHIPS if t["money"] == "Real Money" else PLAY)
    unit = unit_of(currency)
    if m["zone"] not in ZONE_ABBREVIATIONS:
        raise HandParseError("bad_header", f"unknown time zone {m['zone']!r}", 0, line)
    local = parse_time(m["stamp"], "%Y-%m-%d %H:%M:%S", 0, line)
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.CASH if symbol else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=f"{m['low']}/{m['high']}",
        stake_low=amount(m["low"], unit, line),
        stake_high=amount(m["high"], unit, line),
        started_at=utc(local, ZONE_ABBREVIATIONS[m["zone"]]),
        started_at_text=f"{m['stamp']} {m['zone']}",
        table=TableLine(
            name=t["name"],
            max_seats=2 if m["format"] == "1 on 1" else None,
            button_seat=int(t["button"]),
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines), block, ABSOLUTE)
    s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    read_body(hand, lines, 2)
    return hand.freeze()


FORMAT = Format(
    name="absolute",
    site=Site.ABSOLUTE,
    parse=parse,
    header=lambda first_line: first_line.startswith("Stage #"),
    block_start=r"Stage #\d",
)
