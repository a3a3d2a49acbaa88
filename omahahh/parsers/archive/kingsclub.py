"""Kings Club (a private-club room, 2020-2021): ``#id: <game> - SB/BB`` then the date alone.

```
#3583643: Pot Limit Omaha - 125/250
2021-02-05 18:08:26
Table 'Bobbys Room Mix' Seat 2 is the button
Seat 1: Player0 (10,000)
Player0: posts ante 50
Player2: posts the small blind 125
*** HOLE CARDS ***
Dealt to Player0: [X X X X]                     (another player's cards, unseen)
Hero calls 250 | Player1 raises to 1,375 | Player2 bets 5,075, and is all in | folds | checks
Player1 shows [2h 5h As Ks]
*** FLOP *** [3h Qc 4s]        *** TURN *** [3h Qc 4s] [4c]        *** RIVER *** [..] [5s]
*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]
*** BOARD 2 - RIVER *** [- - - Kh] [Ac]         ("-": the same card as board 1)
*** SUMMARY ***
Seat 1: Player0 (9,950) -50                     (final stack, net)
Rake 3.50
Player1 wins (3,075) from side pot 1            (Player0 wins pot (85.50), wins (…) from pot)
```

Games: ``Pot Limit Omaha``, ``Pot Limit Omaha Hi-Lo``, ``Pot Limit Omaha 5 Card``,
``Pot Limit Big O`` (5-card Hi/Lo), ``Limit Omaha Hi-Lo`` (fixed limit: the
header gives the bets). ``raises to`` and ``calls`` are street totals (``Player3 calls 4,875`` from
his 250 big blind puts in 4,625). Amounts have cents
but no currency: the currency is recorded as ``XXX`` (none stated; fpdb
assumes USD). The time has no zone: ET, as fpdb reads it. Each ``wins`` line
is one player's share of one pot, summed over the boards and halves.
"""

from __future__ import annotations

import re

from omahahh.cards import card_str
from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import new_street
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

NO_CURRENCY = "XXX"  # ISO 4217: no currency stated
FIRST_RE = re.compile(r"^#(?P<id>\d+): (?P<game>.+) - (?P<low>[\d,.]+)/(?P<high>[\d,.]+)$")
GAME_RE = re.compile(
    r"^(?P<limit>Pot Limit|No Limit|Limit) "
    r"(?P<game>Omaha|Omaha Hi-Lo|Omaha 5 Card|Omaha 6 Card|Big O)$"
)
GAMES = {
    "Omaha": (4, False),
    "Omaha Hi-Lo": (4, True),
    "Omaha 5 Card": (5, False),
    "Omaha 6 Card": (6, False),
    "Big O": (5, True),
}
LIMITS = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[\d,.]+)"
ALLIN = r"(?P<allin>, and is all in)?"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def _dealt(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Dealt to Player0: [X X X X]`` says a player was dealt in, cards unseen."""
    if "X" not in m["cards"].split():
        s.dealt(hand, m, offset)
    else:
        hand.player(m["name"], offset)


def _board(which: Street) -> s.Reader:
    """A street's line: every bracket is the board so far; on board 2, ``-`` repeats board 1."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        new_street(hand, which)
        run = int(m["run"]) - 1 if m["run"] else 0
        hand.run = run
        tokens = " ".join(re.findall(r"\[([^\]]*)\]", m["boards"])).split()
        first = hand.boards.get(0, [])
        if "-" in tokens:
            if len(first) < tokens.index("-") + tokens.count("-"):
                raise HandParseError("unknown_line", "a '-' card with no first board", offset, m[0])
            tokens = [card if card != "-" else card_str(first[i]) for i, card in enumerate(tokens)]
        hand.board(run, hand.cards(" ".join(tokens), offset), whole=True)

    return read


def _wins(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """An award over every board (room data ``awards_per_player_and_pot``): kept on board 1."""
    hand.run = 0
    s.collect()(hand, m, offset)


SHAPES = (
    s.shape(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", s.ignore),  # read with the header
    s.shape(
        r"^Table '(?P<name>.*)' Seat (?P<seat>\d+) is the button$", lambda h, m, o: _table(h, m)
    ),
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)$", s.seat),
    s.shape(rf"^(?P<name>.+?): posts ante {MONEY}{ALLIN}$", s.post_ante),
    s.shape(rf"^(?P<name>.+?): posts the small blind {MONEY}{ALLIN}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+?): posts the big blind {MONEY}{ALLIN}$", s.post_big_blind),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?): {CARDS}$", _dealt),
    *(
        s.shape(
            rf"^\*\*\* (?:BOARD (?P<run>\d) - )?{name} \*\*\* (?P<boards>(?:\[[^\]]*\] ?)+)$",
            _board(street),
        )
        for name, street in (("FLOP", Street.FLOP), ("TURN", Street.TURN), ("RIVER", Street.RIVER))
    ),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}{ALLIN}$", s.call_to),
    s.shape(rf"^(?P<name>.+) bets {MONEY}{ALLIN}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}{ALLIN}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) shows {CARDS}$", s.show),
)
SUMMARY = (
    # "Seat 1: Player0 (9,950) -50": the final stack and the net (not read).
    s.shape(rf"^Seat (?P<seat>\d+): .+ \({MONEY}\)(?: [+-][\d,.]+)?$", s.ignore),
    s.shape(rf"^Rake {MONEY}$", s.rake),
    s.shape(
        rf"^(?P<name>.+?) wins (?:pot )?\({MONEY}\)(?: from (?P<pot>pot|side pot \d+))?$",
        _wins,
    ),
)


def _table(hand: ArchiveHand, m: re.Match[str]) -> None:
    hand.table_name, hand.button_seat = m["name"], int(m["seat"])


KINGSCLUB = LineFormat(
    site=Site.KINGSCLUB,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    line = lines[0]
    m = FIRST_RE.match(line)
    if m is None or len(lines) < 2:
        raise HandParseError("bad_header", f"not a Kings Club header: {line[:80]!r}", 0, line)
    g = GAME_RE.match(m["game"])
    if g is None:
        if "Omaha" in m["game"] or "Big O" in m["game"]:
            raise HandParseError("bad_header", f"unknown Omaha game {m['game']!r}", 0, line)
        raise not_omaha(m["game"], line)
    hole, hi_lo = GAMES[g["game"]]
    game = omaha(m["game"], LIMITS[g["limit"]], hole, hi_lo)
    local = parse_time(lines[1], "%Y-%m-%d %H:%M:%S", 1, lines[1])
    zone = context.zone_for(conventions(Site.KINGSCLUB).time_zone)
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.CASH,
        currency=NO_CURRENCY,
        unit=100,
        stakes=f"{m['low']}/{m['high']}",
        stake_low=amount(m["low"], 100, line),
        stake_high=amount(m["high"], 100, line),
        started_at=utc(local, zone),
        started_at_text=lines[1],
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, KINGSCLUB)
    s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    read_body(hand, lines, 1)
    return hand.freeze()


FORMAT = Format(
    name="kingsclub",
    site=Site.KINGSCLUB,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"#\d+: ",
)
