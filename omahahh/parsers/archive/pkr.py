"""PKR (a 3-D poker room, closed 2017): a block of ``Key: value`` header lines.

```
Table #39429846 - Montego Bay
Starting Hand #1830508295
Start time of hand: 26 Aug 2011 11:24:50
Last Hand #1830508102
Game Type: OMAHA HI/LO
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $2 / $4
Button is at seat 5
Seat 1: Hero - $402
Shuffling Deck
Moving Button to seat 6                 (where the button is for this hand)
Hero posts small blind ($2)
Dealing Cards
Dealing [9 d][5 d][7 h][3 s] to Hero
Player1 folds | Hero raises to $12 | Player0 calls $12 | Hero bets $16 | checks
Pot sizes: $24
Dealing Flop [3 d][2 c][8 s]
Taking Rake of $1 from pot 1
Hero shows [9 d][5 d][7 h][3 s]
Hero has Straight, 5 high               Hero has low hand: A2345
Hero ties, and wins $34.75 with high hand: Straight, 5 high
Hero ties $34.75 with low hand: A2345
Seat 1: Hero - $401.50                  (the stacks after the hand)
End of Hand #1830508295
```

``raises to`` and ``calls`` are street totals (``Player0 calls $12`` from his $4
big blind, and the pot is then $24). Hi/Lo halves are tagged by their hand.
The time has no zone: UTC unless told otherwise.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(r"^Table #(?P<tid>\d+) - (?P<name>.+)$")
FIELD_RE = re.compile(
    r"^(?P<key>Starting Hand #|Start time of hand: |Game Type: |Limit Type: |Table Type: "
    r"|Money Type: |Blinds are now )(?P<value>.*)$"
)
GAMES = {"OMAHA HI/LO": True, "OMAHA": False, "OMAHA HI": False}
LIMITS = {
    "POT LIMIT": Structure.POT_LIMIT,
    "NO LIMIT": Structure.NO_LIMIT,
    "FIXED LIMIT": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
CARDS = r"(?P<cards>(?:\[[^\]]*\])+)"


def cards(text: str) -> str:
    """``[9 d][5 d]`` -> ``9d 5d``."""
    return " ".join(c.replace(" ", "") for c in re.findall(r"\[([^\]]*)\]", text))


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """Seat lines before the deal; the same lines after the awards are the final stacks."""
    if not hand.actions:
        s.seat(hand, m, offset)


SHAPES = (
    s.shape(r"^(?:Last Hand #\d+|Shuffling Deck|Dealing Cards|Button is at seat \d+)$", s.ignore),
    s.shape(FIELD_RE.pattern, s.ignore),  # read with the header
    s.shape(r"^Moving Button to seat (?P<seat>\d+)$", s.button_seat),
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) - {MONEY}$", _seat),
    s.shape(rf"^(?P<name>.+) posts small blind \({MONEY}\)$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind \({MONEY}\)$", s.post_big_blind),
    s.shape(rf"^Dealing {CARDS} to (?P<name>.+)$", s.dealt),
    s.shape(rf"^Dealing Flop {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^Dealing Turn {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^Dealing River {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(rf"^Pot sizes: {MONEY}$", s.ignore),
    s.shape(rf"^Taking Rake of {MONEY} from pot \d+$", s.rake),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}$", s.call_to),
    s.shape(rf"^(?P<name>.+) bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) shows {CARDS}$", s.show),
    s.shape(r"^(?P<name>.+) has (?:low hand: )?.+$", s.ignore),
    s.shape(
        rf"^(?P<name>.+?) (?:ties, and )?wins {MONEY}(?: with (?P<half>high|low) hand: .*)?$",
        s.collect(),
    ),
    s.shape(rf"^(?P<name>.+?) ties {MONEY} with (?P<half>high|low) hand: .*$", s.collect()),
    s.shape(r"^End of Hand #\d+$", s.ignore),
)


PKR = LineFormat(site=Site.PKR, shapes=SHAPES, cards=cards)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None:
        raise HandParseError("bad_header", f"not a PKR header: {lines[0][:80]!r}", 0, lines[0])
    fields: dict[str, tuple[str, int]] = {}
    for offset, ln in enumerate(lines[1:12], start=1):
        f = FIELD_RE.match(ln)
        if f is not None:
            fields[f["key"]] = (f["value"], offset)
    need = (
        "Starting Hand #",
        "Start time of hand: ",
        "Game Type: ",
        "Limit Type: ",
        "Blinds are now ",
    )
    missing = [k.strip(" :#") for k in need if k not in fields]
    if missing:
        raise HandParseError("bad_header", f"PKR header without {', '.join(missing)}", 0, lines[0])
    game_text, at = fields["Game Type: "]
    if game_text not in GAMES:
        raise not_omaha(game_text, lines[at])
    limit_text, at = fields["Limit Type: "]
    if limit_text not in LIMITS:
        raise HandParseError("bad_header", f"unknown limit {limit_text!r}", at, lines[at])
    game = omaha(f"{limit_text} {game_text}", LIMITS[limit_text], 4, GAMES[game_text])
    blinds, at = fields["Blinds are now "]
    b = re.fullmatch(r"(?P<low>[$€£]?[\d,.]+) / (?P<high>[$€£]?[\d,.]+)", blinds)
    if b is None:
        raise HandParseError("bad_header", f"unreadable blinds {blinds!r}", at, lines[at])
    symbol = b["low"][0] if not b["low"][0].isdigit() else ""
    real = fields.get("Money Type: ", ("REAL MONEY", 0))[0] == "REAL MONEY"
    ring = fields.get("Table Type: ", ("RING", 0))[0] == "RING"
    currency = currency_of(symbol, PLAY if ring else CHIPS) if real else PLAY
    unit = unit_of(currency)
    stamp, at = fields["Start time of hand: "]
    local = parse_time(stamp, "%d %b %Y %H:%M:%S", at, lines[at])
    return HandHeader(
        hand_id=fields["Starting Hand #"][0],
        game=game,
        game_type=GameType.CASH if ring else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=blinds,
        stake_low=amount(b["low"], unit, lines[at]),
        stake_high=amount(b["high"], unit, lines[at]),
        started_at=utc(local, context.zone_for(conventions(Site.PKR).time_zone)),
        started_at_text=stamp,
        table=TableLine(
            name=first["name"],
            max_seats=None,
            button_seat=0,
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, PKR)
    s.require_line(lines, lines[-1].startswith("End of Hand #"), "'End of Hand' line")
    read_body(hand, lines, 1)
    return hand.freeze()


def hand_key(block: Block) -> str | None:
    for line in block.lines[1:3]:
        if line.startswith("Starting Hand #"):
            return f"{Site.PKR.value}:{line[15:]}"
    return None


FORMAT = Format(
    name="pkr",
    site=Site.PKR,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"Table #\d+ - ",
    hand_key=hand_key,
)
