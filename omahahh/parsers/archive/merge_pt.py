"""Merge network hands (Carbon Poker) as PokerTracker exports them (``MERGE_GAME #``).

```
MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31
Table $5 Free PLO Hero Arena - Country Restricted , 49271005 (Tournament: $5 Free PLO Hero
    Arena - Country Restricted , 49271005 Buy-In: $5+$0.50)         (one line)
Seat 4: JustJay4Reals ($23,120.00 in chips) DEALER
JustJay4Reals: Post SB $100.00
*** HOLE CARDS ***
Dealt to JustJay4Reals [Kh 5s 4d 3c]
LegendofFuglyNutz: Fold | JustJay4Reals: Call $100.00
*** FLOP *** [6c 3h 4s]            (TURN, RIVER: the new card)
*** SUMMARY ***
JustJay4Reals: Shows [Kh 5s 4d 3c]
JustJay4Reals: wins $270.00
```

Tournament chips are written with ``$``. Amounts are the chips a line puts in.
Only the line shapes of the corpus hand are read (any other line is
``unknown_line``). The time has no zone: UTC unless told otherwise.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^MERGE_GAME #(?P<id>\d+): (?P<game>.+?) (?P<kind>Tournament|Cash(?: Game)?) "
    r"(?P<stamp>\d\d/\d\d/\d{4} \d\d:\d\d:\d\d)$"
)
GAME_RE = re.compile(r"^(?P<base>Omaha(?: HL| Hi/Lo)?) (?P<limit>PL|NL|FL)$")
TABLE_RE = re.compile(
    r"^Table (?P<name>.+?) , (?P<tid>\d+) \(Tournament: .+ Buy-In: (?P<buyin>[^)]+)\)$"
)
LIMITS = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    s.seat(hand, m, offset)
    if m["dealer"]:
        hand.button_seat = int(m["seat"])


SHAPES = (
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY} in chips\)(?P<dealer> DEALER)?$", _seat),
    s.shape(rf"^(?P<name>.+?): Post SB {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+?): Post BB {MONEY}$", s.post_big_blind),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+?): Fold$", s.fold),
    s.shape(r"^(?P<name>.+?): Check$", s.check),
    s.shape(rf"^(?P<name>.+?): Call {MONEY}$", s.call),
)
SUMMARY = (
    s.shape(rf"^(?P<name>.+?): Shows {CARDS}$", s.show),
    s.shape(rf"^(?P<name>.+?): wins {MONEY}$", s.collect()),
)


MERGE = LineFormat(
    site=Site.MERGE_PT,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 2:
        raise HandParseError("bad_header", f"not a Merge header: {lines[0][:80]!r}", 0, lines[0])
    g = GAME_RE.match(first["game"])
    if g is None:
        if "Omaha" in first["game"]:
            raise HandParseError("bad_header", f"unknown Omaha game {first['game']!r}", 0, lines[0])
        raise not_omaha(first["game"], lines[0])
    game = omaha(first["game"], LIMITS[g["limit"]], 4, g["base"] != "Omaha")
    if first["kind"] != "Tournament":
        raise HandParseError(
            "unsupported_game", "Merge cash hands: no example to read them by", 0, lines[0]
        )
    t = TABLE_RE.match(lines[1])
    if t is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[1]!r}", 1, lines[1])
    local = parse_time(first["stamp"], "%m/%d/%Y %H:%M:%S", 0, lines[0])
    zone = context.zone_for(conventions(Site.MERGE_PT).time_zone)
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.TOURNAMENT,
        currency=CHIPS,
        unit=1,
        stakes="",
        stake_low=0,
        stake_high=0,
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
        tournament_id=t["tid"],
        buy_in=t["buyin"],
        table=TableLine(
            name=t["name"],
            max_seats=None,
            button_seat=0,
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h = header(lines, context)
    s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    hand = ArchiveHand(h, block, MERGE)
    read_body(hand, lines, 2)
    return hand.freeze()


FORMAT = Format(
    name="merge_pt",
    site=Site.MERGE_PT,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"MERGE_GAME #",
)
