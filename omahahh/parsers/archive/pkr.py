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
big blind, and the pot is then $24); `` (all-in)`` may follow. Hi/Lo halves are
tagged by their hand; award lines name no pot. ``Blinds are now`` gives the blinds
in every structure. The rake is one line per pot, summed. The time has no zone: UTC
unless told otherwise. The whole grammar, with the source of each line, is in
docs/SITES.md (PKR).
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine, bounty_or_none
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^Table #(?P<tid>\d+) - (?:(?:Tournament|STT) # ?(?P<tno>\d+)(?: Table #)?)?(?P<name>.*)$"
)
"""``Table #39429846 - Montego Bay``; a tournament's ``Table #N - Tournament #M Table #K``
(or ``STT # M``)."""
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
MONEY_TYPES = ("REAL MONEY", "PLAY MONEY", "TOURNAMENT CHIPS")
"""``Money Type:`` as printed (also in title case: ``Real money``, ``Tournament chips``)."""
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
ALLIN = r"(?P<allin> \(all-in\))?"
CARDS = r"(?P<cards>(?:\[[^\]]*\])+)"
SEAT_RE = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+?)(?: \(bounty value (?P<bounty>[^,()]+), "
    rf"bounty won [^()]+\))? - {MONEY}(?: (?P<status>.+))?$"
)
"""A seat (also the final stacks after the awards); a knock-out tournament's bounty
after the name, a status after the stack (``- $40 Sitting Out``)."""
END_RE = re.compile(r"^End of Hand #\d+$")


def cards(text: str) -> str:
    """``[9 d][5 d]`` -> ``9d 5d``."""
    return " ".join(c.replace(" ", "") for c in re.findall(r"\[([^\]]*)\]", text))


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """Seat lines before the deal; the same lines after the awards are the final stacks.

    A status after the stack is kept as a note: who sits out is told by the hand itself
    (:func:`parse`), since PKR's status words are not known from any public source."""
    if hand.actions:
        return
    stack = hand.money(m["amount"], offset)
    bounty = bounty_or_none(m["bounty"])
    hand.add_seat(int(m["seat"]), m["name"].strip(), stack, False, offset, bounty=bounty)
    if m["status"]:
        hand.notes.append(f"seat {m['seat']}: {m['status']!r} after the stack")


def _live_post(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``NAME posts $X``: a live big blind out of turn (a new or returning player); with
    a ``posts $Y dead`` line beside it the pair is both blinds. ``posts $0`` puts in
    nothing (its dead line carries the money)."""
    if hand.money(m["amount"], offset) > 0:
        name = hand.player(m["name"], offset)
        amount = hand.money(m["amount"], offset)
        hand.post_big_blind(name, amount, offset, m["allin"] is not None, sizes_blind=False)


def _fold_and_show(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    s.fold(hand, m, offset)
    s.show(hand, m, offset)


def _table_news(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A seated player's line that moves no chip in this hand (chips brought to the table
    count from the next hand on)."""
    hand.player(m["name"], offset)


def _header_zone(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A line among the header lines (before the first seat) that no shape reads, such as
    a tournament's extra lines: kept as a note. Anywhere else it is ``unknown_line``."""
    line = hand.block.lines[offset]
    if hand.seats.players:
        raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
    hand.notes.append(f"header line not read: {line!r}")


SHAPES = (
    s.shape(
        r"^(?:Last Hand (?:#\d+|n/a)|Shuffling Deck|Dealing Cards|Button is at seat \d+)$",
        s.ignore,
    ),
    s.shape(FIELD_RE.pattern, s.ignore),  # read with the header
    s.shape(r"^Moving Button to seat (?P<seat>\d+)$", s.button_seat),
    s.shape(SEAT_RE.pattern, _seat),
    s.shape(rf"^(?P<name>.+) posts small blind \({MONEY}\){ALLIN}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind \({MONEY}\){ALLIN}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) posts ante of {MONEY}{ALLIN}$", s.post_ante),
    s.shape(rf"^(?P<name>.+) posts {MONEY} dead$", s.post_dead),
    s.shape(rf"^(?P<name>.+) posts {MONEY}{ALLIN}$", _live_post),
    s.shape(rf"^Dealing {CARDS} to (?P<name>.+)$", s.dealt),
    s.shape(rf"^Dealing Flop {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^Dealing Turn {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^Dealing River {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^Pot sizes: .+$", s.ignore),  # the pot so far (one figure per pot)
    s.shape(rf"^Taking Rake of {MONEY} from pot \d+$", s.add_rake),
    s.shape(
        r"^(?P<name>.+) (?:did not respond in time|doesn't show|didn't show|sits out)$",
        _table_news,
    ),
    s.shape(
        r"^(?P<name>.+?) (?:adds|added|brings|brought|buys in|bought in|rebuys|re-buys|tops up"
        r"|topped up)\b.*$",
        _table_news,
    ),
    s.shape(rf"^(?P<name>.+) folds and shows {CARDS}$", _fold_and_show),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}{ALLIN}$", s.call_to),
    s.shape(rf"^(?P<name>.+) bets {MONEY}{ALLIN}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}{ALLIN}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) shows {CARDS}$", s.show),
    s.shape(r"^(?P<name>.+) has (?:low hand: )?.+$", s.ignore),
    s.shape(
        rf"^(?P<name>.+?) (?:ties(?: (?P<pot>side pot #\d+))?, and )?(?:wins|ties) {MONEY}"
        rf"(?: with(?: (?P<half>high|low) hand)?: .*)?$",
        s.collect(),
    ),
    s.shape(END_RE.pattern, s.ignore),
    s.shape(r"^.+$", _header_zone),
)


PKR = LineFormat(site=Site.PKR, shapes=SHAPES, cards=cards, fixed_limit_blinds=False)


def _fields(lines: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """The ``Key: value`` header lines, up to the first seat."""
    fields: dict[str, tuple[str, int]] = {}
    for offset in range(1, len(lines)):
        ln = lines[offset]
        if ln.startswith("Seat "):
            break
        f = FIELD_RE.match(ln)
        if f is not None:
            fields.setdefault(f["key"], (f["value"], offset))
    return fields


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None:
        raise HandParseError("bad_header", f"not a PKR header: {lines[0][:80]!r}", 0, lines[0])
    fields = _fields(lines)
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
        raise HandParseError("unsupported_game", f"not an Omaha game: {game_text}", at, lines[at])
    limit_text, at = fields["Limit Type: "]
    if limit_text not in LIMITS:
        raise HandParseError("bad_header", f"unknown limit {limit_text!r}", at, lines[at])
    structure = LIMITS[limit_text]
    game = omaha(f"{limit_text} {game_text}", structure, 4, GAMES[game_text])
    blinds, at = fields["Blinds are now "]
    b = re.fullmatch(r"(?P<low>[$€£]?[\d,.]+) ?/ ?(?P<high>[$€£]?[\d,.]+)", blinds)
    if b is None:
        raise HandParseError("bad_header", f"unreadable blinds {blinds!r}", at, lines[at])
    blinds_at = at
    symbol = b["low"][0] if not b["low"][0].isdigit() else ""
    money_type, at = fields.get("Money Type: ", ("REAL MONEY", 0))
    if money_type.upper() not in MONEY_TYPES:
        raise HandParseError("bad_header", f"unknown money type {money_type!r}", at, lines[at])
    ring = fields.get("Table Type: ", ("RING", 0))[0].upper() == "RING"
    if money_type.upper() == "REAL MONEY":
        currency = currency_of(symbol, PLAY if ring else CHIPS)
    else:
        currency = CHIPS if money_type.upper() == "TOURNAMENT CHIPS" else PLAY
    unit = unit_of(currency)
    stamp, at = fields["Start time of hand: "]
    try:
        local = parse_time(stamp, "%d %b %Y %H:%M:%S", at, lines[at])
    except HandParseError:  # the month's whole name: "05 September 2011"
        local = parse_time(stamp, "%d %B %Y %H:%M:%S", at, lines[at])
    low = amount(b["low"], unit, lines[blinds_at])
    high = amount(b["high"], unit, lines[blinds_at])
    return HandHeader(
        hand_id=fields["Starting Hand #"][0],
        game=game,
        game_type=GameType.CASH if ring else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=blinds,
        stake_low=low,
        stake_high=high,
        # "Blinds are now" gives the blinds in every structure: a fixed-limit game's small
        # bet is the big blind, its big bet twice that.
        fixed_bets=(high, 2 * high) if structure is Structure.FIXED_LIMIT else None,
        started_at=utc(local, context.zone_for(conventions(Site.PKR).time_zone)),
        started_at_text=stamp,
        tournament_id=first["tno"],
        table=TableLine(name=first["name"] or first["tid"], max_seats=None, button_seat=0),
    )


def _end_of_hand(lines: tuple[str, ...]) -> int:
    """The ``End of Hand #N`` line that ends every complete hand; a hand without it was
    cut short (``truncated``)."""
    for offset in range(len(lines) - 1, 0, -1):
        if END_RE.match(lines[offset]):
            return offset
    raise HandParseError("truncated", "hand has no 'End of Hand' line", len(lines) - 1, lines[-1])


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, PKR)
    end = _end_of_hand(lines)
    read_body(hand, lines[: end + 1], 1)
    if end < len(lines) - 1:
        # Text after the hand, before the next one's "Table #" line (a tournament's lines
        # between hands): not this hand's, kept as a note.
        tail = [ln for ln in lines[end + 1 :] if ln.strip()]
        for offset in range(end + 1, len(lines)):
            if any(p.pattern.match(lines[offset]) for p in SHAPES[:-1]):
                why = "a hand's line after 'End of Hand' (a hand without its header?)"
                raise HandParseError("unknown_line", why, offset, lines[offset])
        hand.notes.append(f"{len(tail)} line(s) after 'End of Hand' not read: {tail[0]!r}")
    # Every player dealt in posts or acts before the hand can end: a seat with no line
    # at all sat out, whatever words its seat line uses.
    hand.idle_seats_sat_out()
    return hand.freeze()


def hand_key(block: Block) -> str | None:
    for line in block.lines[1:]:
        if line.startswith("Starting Hand #"):
            return f"{Site.PKR.value}:{line[15:]}"
        if line.startswith("Seat "):
            break
    return None


FORMAT = Format(
    name="pkr",
    site=Site.PKR,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"Table #\d+ - ",
    hand_key=hand_key,
)
