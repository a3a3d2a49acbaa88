"""Seals With Clubs (a bitcoin room, closed 2014): ``Hand #`` with a ``Site:`` line.

```
Hand #5297786-137 - 2013-04-11 02:08:55
Game: PL Omaha (20 - 100) - Blinds 1/1          (buy-in range, then the blinds)
Site: Seals With Clubs
Table: PLO 9max 1/1 #1
Seat 3: Player2 (77) - sitting out
Player4 has the dealer button
Player5 posts small blind 1
** Hole Cards **
Dealt to Hero [4c 7d Qc Kd]
Player6 calls 1 | Player3 raises to 3 | Hero calls 2 | Hero bets 6 | folds | checks
** Flop ** [3d 4h 2d]                            (Turn, River: the new card)
Hero refunded 6                                  (an unmatched bet returned)
Hero wins Pot (10)
Rake (0)
```

``raises to`` is a street total; calls and bets are the chips put in. The
amounts name no currency (the room played in millibitcoins): recorded as ``XXX``
(none stated). The time has no zone: UTC unless told otherwise.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

NO_CURRENCY = "XXX"
FIRST_RE = re.compile(r"^Hand #(?P<id>\d+-\d+) - (?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$")
GAME_RE = re.compile(
    r"^Game: (?P<limit>PL|NL|FL) (?P<game>Omaha|Omaha Hi/Lo|Omaha H/L|Hold'?em)"
    r"(?: \([^)]*\))? - Blinds (?P<low>[\d.]+)/(?P<high>[\d.]+)$"
)
GAMES = {"Omaha": False, "Omaha Hi/Lo": True, "Omaha H/L": True}
LIMITS = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
MONEY = r"(?P<amount>[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"

SHAPES = (
    s.shape(r"^Site: Seals With Clubs$", s.ignore),
    s.shape(r"^Table: (?P<name>.+)$", lambda h, m, o: setattr(h, "table_name", m["name"])),
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)(?P<out> - sitting out)?$", s.seat),
    s.shape(r"^(?P<name>.+) has the dealer button$", s.button_name),
    s.shape(rf"^(?P<name>.+) posts small blind {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind {MONEY}$", s.post_big_blind),
    s.shape(r"^\*\* Hole Cards \*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\* Flop \*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\* Turn \*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\* River \*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+) bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) refunded {MONEY}$", s.uncalled),
    s.shape(rf"^(?P<name>.+) wins Pot \({MONEY}\)$", s.collect()),
    s.shape(rf"^Rake \({MONEY}\)$", s.rake),
)


SWC = LineFormat(site=Site.SEALSWITHCLUBS, shapes=SHAPES)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 3 or lines[2] != "Site: Seals With Clubs":
        raise HandParseError(
            "bad_header", f"not a Seals With Clubs header: {lines[0][:80]!r}", 0, lines[0]
        )
    g = GAME_RE.match(lines[1])
    if g is None:
        raise HandParseError("bad_header", f"unreadable game line: {lines[1]!r}", 1, lines[1])
    if g["game"] not in GAMES:
        raise not_omaha(g["game"], lines[1])
    game = omaha(f"{g['limit']} {g['game']}", LIMITS[g["limit"]], 4, GAMES[g["game"]])
    local = parse_time(first["stamp"], "%Y-%m-%d %H:%M:%S", 0, lines[0])
    zone = context.zone_for(conventions(Site.SEALSWITHCLUBS).time_zone)
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH,
        currency=NO_CURRENCY,
        unit=100,
        stakes=f"{g['low']}/{g['high']}",
        stake_low=amount(g["low"], 100, lines[1]),
        stake_high=amount(g["high"], 100, lines[1]),
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, SWC)
    s.require_line(lines, any(ln.startswith("Rake (") for ln in lines), "Rake line")
    read_body(hand, lines, 2)
    return hand.freeze()


def is_header(first_line: str) -> bool:
    return FIRST_RE.match(first_line) is not None


FORMAT = Format(
    name="sealswithclubs",
    site=Site.SEALSWITHCLUBS,
    parse=parse,
    header=is_header,
    block_start=r"Hand #\d+-\d+ - \d{4}-",
)
