"""Kings Club (a private-club room, 2020-2021): ``#id: <game> - SB/BB`` then the date alone.

```
#3583643: Pot Limit Omaha - 125/250
2021-02-05 18:08:26
Table 'Bobbys Room Mix' Seat 2 is the button    (or: Table ID 'T' 6-max (Play Money) Seat #2 ...)
Seat 1: Player0 (10,000)                        (a symbol may lead the amount: ($1,000))
Player0: posts ante 50
Player2: posts the small blind 125              (the big blind, posts blind X, posts straddle X)
Bob sits out
*** HOLE CARDS ***
Dealt to Player0: [X X X X]                     (another player's cards, unseen)
Hero calls 250 | Player1 raises to 1,375 | Player2 bets 5,075, and is all in | folds | checks
Bob raises 25 to 35 | Bob raises 35 | Carol folds (disconnect)
Player1 shows [2h 5h As Ks]                     (Run 1: Player1 shows [...] in a hand run twice)
*** FLOP *** [3h Qc 4s]        *** TURN *** [3h Qc 4s] [4c]        *** RIVER *** [..] [5s]
*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]
*** BOARD 2 - RIVER *** [- - - Kh] [Ac]         ("-": the same card as board 1)
*** SUMMARY ***
Seat 1: Player0 (9,950) -50                     (final stack, net)
Rake 3.50                                       (a hand may print several: they add up)
STP added: 5                                    (splash the pot: the room's money)
Player1 wins (3,075) from side pot 1            (wins pot (85.50), wins (…) from pot,
                                                 wins side pot 1 (…))
```

Games: ``Pot Limit Omaha``, ``Pot Limit Omaha Hi-Lo``, ``Pot Limit Omaha 5 Card``,
``Omaha 6 Card``, ``Pot Limit Big O`` (5-card Hi/Lo), ``Limit Omaha Hi-Lo`` (fixed
limit: the header gives the bets). ``raises to``, ``raises X to Y`` and ``calls`` are
street totals (``Player3 calls 4,875`` from his 250 big blind puts in 4,625);
``raises X`` alone adds X; ``bets X`` is a bet, or on the first street a raise, to X.
Amounts have cents but usually no currency: the currency is recorded as ``XXX``
(none stated; fpdb assumes USD) unless the seat lines print a symbol. The time has
no zone: ET, as fpdb reads it. Each ``wins`` line is one player's share of one pot,
summed over the boards and halves.

A tournament table is named ``T<tournament> [<table>]``: its amounts are the chips
divided by 100 (``Seat 1: Alice (15.00)`` holds 1,500 chips, as fpdb reads them).

A table whose name holds ``AOF`` deals all-in or fold: the blinds are posted, the
flop is dealt face up, and one betting round follows in which every player goes
all-in or folds (fpdb's ``aof_omaha``: no preflop round, the blinds counted on the
flop). It is read as that one round, from the blinds, with the flop on the board
(recorded on the first street, as GGPoker prints its all-in-or-fold hands); all-in
being the only size, the betting is read as no-limit whatever limit the header
names (the header's words stay in the game's label).
"""

from __future__ import annotations

import re
from dataclasses import replace

from omahahh.cards import card_str
from omahahh.errors import HandParseError
from omahahh.model import POST_KINDS, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, to_minor
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import (
    amount,
    currency_of,
    not_omaha,
    omaha,
    parse_time,
    utc,
)
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import new_street
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

NO_CURRENCY = "XXX"  # ISO 4217: no currency stated
FIRST_RE = re.compile(r"^#(?P<id>\d+):\s+(?P<game>.+) - (?P<low>[\d,.]+)/(?P<high>[\d,.]+)$")
GAME_RE = re.compile(
    r"^(?P<limit>Pot Limit|No Limit|Limit) "
    r"(?P<game>Omaha|Omaha Hi-Lo|Omaha 5 Card|Omaha 6 Card|Big O)$"
)
DATE_RE = re.compile(r"^(?P<date>\d{4}-\d\d-\d\d) +(?P<time>\d{1,2}:\d\d:\d\d)$")
TABLE_RE = re.compile(
    r"^\s?Table (?:ID )?'(?P<name>.+?)' (?:(?P<max>\d+)-max )?(?P<play>\(Play Money\) )?"
    r"Seat #?(?P<seat>\d+) is the button$"
)
TOURNAMENT_RE = re.compile(r"^T(?P<tid>\d+) \[(?P<table>\d+)\]$")
"""A tournament table's name: ``T1234567 [3]``, tournament 1234567, table 3."""
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
DRAW_HYBRIDS = ("Drawmaha", "Captain")
"""Omaha-like draw games the room deals (fpdb's ``drawmaha``): not Omaha."""
SYMBOL = r"[$€£₹¥]"
MONEY = rf"(?P<amount>{SYMBOL}?[\d,.]+)"
ALLIN = r"(?P<allin>, and is all in)?(?: \(disconnect\))?"
"""The suffixes of an action: all-in, and made for a disconnected player (no chips)."""
CARDS = r"\[(?P<cards>[^\]]*)\]"
NAME = r"\s?(?P<name>.+?)"
"""A player's name at the start of a line (fpdb: a space may lead it)."""


def _dealt(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Dealt to Player0: [X X X X]`` says a player was dealt in, cards unseen."""
    if "X" not in m["cards"].split():
        s.dealt(hand, m, offset)
    else:
        hand.player(m["name"], offset)


def _board(which: Street) -> s.Reader:
    """A street's line: every bracket is the board so far; on board 2, ``-`` repeats board 1.

    At an all-in-or-fold table the flop comes before the one betting round: dealt
    while only the blinds are in, it leaves that round open (see the module)."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        if not (which is Street.FLOP and hand.extra.get("aof") and _only_posts(hand)):
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


def _only_posts(hand: ArchiveHand) -> bool:
    """No one has acted yet: every action so far is a post (a blind, an ante)."""
    return hand.street is Street.PREFLOP and all(k in POST_KINDS for k in hand.actions.kinds)


def _wins(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """An award over every board (room data ``awards_per_player_and_pot``): kept on board 1.
    ``wins side pot 1 (X)`` names its pot before the amount, ``wins (X) from side pot 1``
    after it."""
    label = f"side pot {m['side']}" if m["side"] else (m["pot"] or "pot")
    hand.collections.add(
        player=hand.player(m["name"], offset),
        amount=hand.money(m["amount"], offset),
        pot_index=s.pot_number(label),
        run=0,
        pot_label=label,
        line=offset,
    )


def _run_show(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Run 2: Alice shows [...]``: a hand run twice shows each hand once per run; a
    repeat of cards already shown is no second show."""
    name = hand.player(m["name"], offset)
    cards = hand.cards(m["cards"], offset)
    shown = dict(zip(hand.shows.players, hand.shows.cards, strict=True))
    if shown.get(name) != cards:
        hand.shows.add(player=name, cards=cards, line=offset)


SHAPES = (
    s.shape(r"^\d{4}-\d\d-\d\d +\d{1,2}:\d\d:\d\d$", s.ignore),  # read with the header
    s.shape(TABLE_RE.pattern, s.ignore),  # read with the header
    s.shape(rf"^\s?Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)$", s.seat),
    s.shape(rf"^{NAME}: posts ante {MONEY}{ALLIN}$", s.post_ante),
    s.shape(rf"^{NAME}: posts the small blind {MONEY}{ALLIN}$", s.post_small_blind),
    s.shape(rf"^{NAME}: posts the big blind {MONEY}{ALLIN}$", s.post_big_blind),
    # A player joining posts a big blind out of turn (fpdb reads it as a big blind).
    s.shape(rf"^{NAME}: posts blind {MONEY}{ALLIN}$", s.post_joining_blind),
    s.shape(rf"^{NAME}: (?:posts )?straddles? {MONEY}{ALLIN}$", s.post_straddle),
    s.shape(rf"^{NAME} sits out$", s.sits_out),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to {NAME}: {CARDS}$", _dealt),
    *(
        s.shape(
            rf"^\*\*\* (?:BOARD (?P<run>\d) - )?{name} \*\*\* (?P<boards>(?:\[[^\]]*\] ?)+)$",
            _board(street),
        )
        for name, street in (("FLOP", Street.FLOP), ("TURN", Street.TURN), ("RIVER", Street.RIVER))
    ),
    s.shape(
        r"^.+ and has reached the \[[^\]]*\] cap",
        s.fail("unsupported_game", "capped betting: a cap on what a player puts in a hand"),
    ),
    s.shape(rf"^{NAME} folds(?: \(disconnect\))?$", s.fold),
    s.shape(rf"^{NAME} checks(?: \(disconnect\))?$", s.check),
    s.shape(rf"^{NAME} calls {MONEY}{ALLIN}$", s.call_to),
    s.shape(rf"^{NAME} bets {MONEY}{ALLIN}$", s.bet_or_raise_to),
    s.shape(rf"^{NAME} raises (?:{SYMBOL}?[\d,.]+ )?to {MONEY}{ALLIN}$", s.raise_to),
    s.shape(rf"^{NAME} raises {MONEY}{ALLIN}$", s.raise_added),
    s.shape(rf"^Uncalled bet \({MONEY}\) returned to {NAME}$", s.uncalled),
    s.shape(rf"^Run \d: {NAME} shows {CARDS}$", _run_show),
    s.shape(rf"^{NAME} shows {CARDS}$", s.show),
    s.shape(r"^Hand cancelled$", s.cancel),
)
SUMMARY = (
    # "Seat 1: Player0 (9,950) -50": the final stack and the net (not read).
    s.shape(rf"^\s?Seat (?P<seat>\d+): .+ \({MONEY}\)(?: [+-]{SYMBOL}?[\d,.]+)?$", s.ignore),
    s.shape(rf"^Rake {MONEY}$", s.add_rake),
    s.shape(rf"^STP added: {MONEY}$", s.splash),
    s.shape(
        rf"^{NAME} wins (?:pot |side pot (?P<side>\d+) )?\({MONEY}\)"
        rf"(?: from (?P<pot>pot|side pot \d+))?$",
        _wins,
    ),
    s.shape(r"^.+ cashed out the hand", s.fail("ambiguous_amount", "a cash-out of no stated sum")),
    # Tournament news: places, prizes and bounties, paid outside the hand's chips.
    s.shape(rf"^{NAME} wins the tournament and receives .+ - congratulations!$", s.ignore),
    s.shape(rf"^{NAME} finished the tournament in \d+(?:st|nd|rd|th) place", s.ignore),
    s.shape(rf"^{NAME} (?:wins|split) the .+ bounty for eliminating .+$", s.ignore),
    s.shape(rf"^{NAME} wins .+ for (?:eliminating|splitting the elimination of) .+$", s.ignore),
    s.shape(r"^Hand cancelled$", s.cancel),
)


def _money(text: str, unit: int) -> int:
    """Cash amounts in cents (the symbol, when printed, is the currency's)."""
    return to_minor(text, unit)


def _chips(text: str, unit: int) -> int:
    """A tournament's amounts are its chips divided by 100 (``15.00`` is 1,500 chips)."""
    return to_minor(text, 100)


KINGSCLUB = LineFormat(
    site=Site.KINGSCLUB,
    shapes=SHAPES,
    money=_money,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)
KINGSCLUB_TOURNAMENT = replace(KINGSCLUB, money=_chips)


def _table(lines: tuple[str, ...]) -> tuple[re.Match[str] | None, int]:
    """The table line (the third line, after the date) and its offset."""
    for offset in range(2, min(len(lines), 4)):
        m = TABLE_RE.match(lines[offset])
        if m is not None:
            return m, offset
    return None, 0


def _seat_symbol(lines: tuple[str, ...]) -> str | None:
    """The currency symbol of the first seat line that prints one."""
    for line in lines[2:]:
        m = re.match(rf"^\s?Seat \d+: .+ \((?P<symbol>{SYMBOL})[\d,.]+\)$", line)
        if m is not None:
            return m["symbol"]
        if line.startswith("*** "):
            break
    return None


def header(lines: tuple[str, ...], context: ParseContext) -> tuple[HandHeader, bool]:
    """The hand's header and whether its table deals all-in or fold."""
    line = lines[0]
    m = FIRST_RE.match(line)
    if m is None or len(lines) < 2:
        raise HandParseError("bad_header", f"not a Kings Club header: {line[:80]!r}", 0, line)
    g = GAME_RE.match(m["game"])
    if g is None:
        if any(word in m["game"] for word in DRAW_HYBRIDS):
            raise HandParseError(
                "unsupported_game", f"a draw game, not Omaha: {m['game']}", 0, line
            )
        if "Omaha" in m["game"] or "Big O" in m["game"]:
            raise HandParseError("bad_header", f"unknown Omaha game {m['game']!r}", 0, line)
        raise not_omaha(m["game"], line)
    d = DATE_RE.match(lines[1])
    if d is None:
        raise HandParseError("bad_header", f"unreadable time {lines[1]!r}", 1, lines[1])
    local = parse_time(f"{d['date']} {d['time']}", "%Y-%m-%d %H:%M:%S", 1, lines[1])
    t, at = _table(lines)
    if t is None:
        where = min(2, len(lines) - 1)
        raise HandParseError(
            "bad_table_line", f"no table line: {lines[where]!r}", where, lines[where]
        )
    name = t["name"]
    tournament = TOURNAMENT_RE.match(name)
    aof = "AOF" in name
    hole, hi_lo = GAMES[g["game"]]
    structure = LIMITS[g["limit"]]
    label = m["game"]
    if aof:
        structure, label = Structure.NO_LIMIT, f"{label} (all-in or fold)"
    if tournament is not None:
        currency, unit = CHIPS, 1
    elif t["play"]:
        currency, unit = PLAY, 1
    else:
        currency, unit = currency_of(_seat_symbol(lines), NO_CURRENCY), 100
    scale = 100 if tournament is not None else unit
    zone = context.zone_for(conventions(Site.KINGSCLUB).time_zone)
    h = HandHeader(
        hand_id=m["id"],
        game=omaha(label, structure, hole, hi_lo),
        game_type=GameType.TOURNAMENT if tournament is not None else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{m['low']}/{m['high']}",
        stake_low=amount(m["low"], scale, line),
        stake_high=amount(m["high"], scale, line),
        started_at=utc(local, zone),
        started_at_text=lines[1],
        tournament_id=tournament["tid"] if tournament is not None else None,
        table=TableLine(
            name=tournament["table"] if tournament is not None else name,
            max_seats=int(t["max"]) if t["max"] else None,
            button_seat=int(t["seat"]),
        ),
        first_seat_line=at + 1,
    )
    return h, aof


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, aof = header(lines, context)
    fmt = KINGSCLUB_TOURNAMENT if h.game_type is GameType.TOURNAMENT else KINGSCLUB
    hand = ArchiveHand(h, block, fmt)
    cancelled = "Hand cancelled" in lines
    s.require_line(lines, cancelled or "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    notes: list[str] = []
    if aof:
        hand.extra["aof"] = True
        notes.append(
            "all-in-or-fold table: one betting round from the blinds with the flop face up, "
            "all-in the only size (read as no-limit betting)"
        )
    read_body(hand, lines, 1)
    return hand.freeze(notes=notes)


FORMAT = Format(
    name="kingsclub",
    site=Site.KINGSCLUB,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"#\d+: ",
)
