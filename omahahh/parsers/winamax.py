"""Winamax hand histories (docs/FORMATS.md §4): text in, :class:`HandRecord` out.

What differs from PokerStars, recorded as claimed:

- actions have no colon after the name (``Hero raises 4€ to 6€``); names may
  hold spaces, so they are matched against the seated names, longest first;
- amounts carry the currency as a suffix (``0.15€``);
- the unmatched excess comes back inside a ``collected`` figure, and ``Total pot`` is
  the pot after rake (rooms/conventions.py); newer files also print ``Uncalled bet of
  X returned to NAME``, recorded as a returned bet;
- ``Hold-up to Pot: total X`` / ``Escape to Pot: total X``: money the room adds to the
  pot (``cash_drop_reported``); ``NAME denies big blind``: a blind declined;
- Hi/Lo awards are tagged ``pot(HI)`` / ``pot (LO)`` (``Collection.half``) and the
  SUMMARY gives one line per half for a seat (merged into one ``SummarySeat``);
- ``posts small blind X out of position``: a player returning from missed
  blinds. The small-blind part is dead (R-BL-6, R-BL-7), the rest live.

Every line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.hand_tables import SummarySeatTable
from omahahh.model import (
    ActionKind,
    GameType,
    HandRecord,
    Site,
    Street,
)
from omahahh.parsers.betting_lines import add_action, new_street, read_betting, split_all_in
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import (
    SUMMARY_SEAT_RE,
    TableLine,
    add_show,
    board_cards,
    bounty_or_none,
    cards_or_fail,
    match_name,
    require_summary,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.parsers.winamax_header import parse_header, parse_table

SITE = Site.WINAMAX

SECTION_RE = re.compile(
    r"^\*\*\* (?P<name>ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*:?"
    r"(?P<tail>.*)$"
)
SEAT_RE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*?)(?:, (?P<bounty>[^()]*?) bounty)?\)$"
)
COLLECT_RE = re.compile(
    r"^(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)"
    r"\s*(?:\((?P<half>HI|LO)\))?$"
)
TOTAL_RE = re.compile(r"^Total pot (?P<total>\S+) \| (?:Rake (?P<rake>\S+)|(?P<none>No rake))$")
BOARD_RE = re.compile(r"^Board: \[(?P<cards>[^\]]*)\]$")
WON_RE = re.compile(r" won (?P<amount>\S+)")
FOLDED_RE = re.compile(
    r"folded (?:on|before) the (?P<street>pre-flop|flop|turn|river)", re.IGNORECASE
)
TOURNAMENT_TABLE_RE = re.compile(r"\((?P<tid>\d+)\)#\d+$")

_STREET_OF = {
    "ANTE/BLINDS": Street.PREFLOP,
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
_FOLD_STREET = {
    "pre-flop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
_HALF = {"HI": "high", "LO": "low"}
OUT_OF_POSITION = " out of position"
INFO = ("doesn't show hand", "mucks hand", "sits out", "is sitting out")
# ``PlayerX deny BB 0€``: a player returning to the table declines to post the blind
# it owes and waits for the big blind instead; no money moves.
DENY_RE = re.compile(r"^deny (?:BB|SB|big blind|small blind) (?P<amount>\S+)$")
DENIES = frozenset({"denies big blind", "denies small blind"})
"""``Nhat60 denies big blind`` (HHSmithy's and ggratte's Winamax readers): the same, printed
without an amount."""
UNCALLED_OF_RE = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$")
ROOM_MONEY_RE = re.compile(r"^(?:Hold-up|Escape) to Pot: total (?P<amount>\S+)$")
"""Money the room adds to the pot at ``HOLD-UP`` and ``ESCAPE`` tables (fpdb ``re_hutp``,
``re_escape_pot``, read as ``addSTP`` like GGPoker's Cash Drop): ``cash_drop_reported``."""


def matches(first_line: str) -> bool:
    """Is this block's first line a Winamax header?"""
    return first_line.startswith("Winamax Poker - ")


class _Hand(HandBuilder):
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: HandHeader):
        super().__init__(header)
        self.summary_seats = SummarySeatTable()
        self.summary_rows: dict[int, int] = {}  # seat → its SUMMARY row
        self.board: tuple[int, ...] = ()
        self.summary_board: tuple[int, ...] | None = None
        self.section = "ANTE/BLINDS"
        self.ante = header.ante
        self.cash_drop: int | None = None


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one Winamax block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0], context)
    require_summary(lines)
    table = parse_table(lines[1], 1)
    hand = _Hand(header)
    i = hand.read_seats(lines, 2, lambda line, offset: _seat_line(hand, line, offset))
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if line.startswith("*** "):
            _section_line(hand, line, offset)
        elif hand.section == "SUMMARY":
            _summary_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    tournament_id = None
    if header.game_type is GameType.TOURNAMENT:
        t = TOURNAMENT_TABLE_RE.search(table.name)
        tournament_id = t["tid"] if t else None
    return _freeze(hand, table, tournament_id, block)


def _seat_line(hand: _Hand, line: str, offset: int) -> None:
    m = SEAT_RE.match(line)
    if m is None:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    stack_text = m["stack"].strip()
    if not stack_text:
        # ``Seat 1: Player1 ()``: a seat with no stack, dealt no cards.
        hand.notes.append(f"seat {m['seat']} prints no stack: read as 0, sitting out")
    hand.seats.add(
        seat=int(m["seat"]),
        player=m["name"],
        stack_start=hand.money(stack_text, offset) if stack_text else 0,
        sitting_out=not stack_text,
        bounty=bounty_or_none(m["bounty"]),
    )


def _section_line(hand: _Hand, line: str, offset: int) -> None:
    m = SECTION_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    hand.section = name
    street = _STREET_OF.get(name)
    if street is not None:
        new_street(hand, street)
    board = board_cards(m["tail"], offset)
    if board is not None:
        hand.board = board


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Dealt to "):
        hand.read_dealt_to(line, offset)
        return
    if line.startswith("Uncalled bet of "):
        _uncalled(hand, line, offset)
        return
    room = ROOM_MONEY_RE.match(line)
    if room is not None:
        hand.cash_drop = (hand.cash_drop or 0) + hand.money(room["amount"], offset)
        return
    c = COLLECT_RE.match(line)
    if c is not None and c["name"] in hand.names:
        hand.collected(c["name"], c, offset, half=_HALF[c["half"]] if c["half"] else None)
        return
    name = match_name(line, hand.names, " ")
    if name is None:
        raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
    _action(hand, name, line[len(name) + 1 :], offset)


def _uncalled(hand: _Hand, line: str, offset: int) -> None:
    """``Uncalled bet of 1.50€ returned to Carol`` (newer files; ggratte's Winamax reader):
    a returned bet, on the street it was made. Whether the ``collected`` figure and the
    total still hold it is decided per hand by the audit (rooms/conventions.py)."""
    m = UNCALLED_OF_RE.match(line)
    if m is None or m["name"] not in hand.names:
        raise HandParseError(
            "unknown_line", f"unreadable uncalled-bet line: {line!r}", offset, line
        )
    hand.uncalled.add(m["name"], hand.money(m["amount"], offset), hand.street, offset)


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    rest, all_in = split_all_in(rest)
    verb, _, arg = rest.partition(" ")
    if verb == "raises" and hand.section == "ANTE/BLINDS":
        raise _blind_section_raise(f"{player} {rest}", offset)
    if read_betting(hand, player, rest, all_in, hand.money, offset):
        pass
    elif verb == "posts":
        _post(hand, player, arg, offset, all_in)
    elif verb == "shows":
        add_show(hand.shows, player, arg, offset)
    elif rest in INFO:
        return
    elif rest in DENIES:
        return  # declines to post; not dealt in (a seat with no other line sits out)
    elif (deny := DENY_RE.match(rest)) is not None:
        if hand.money(deny["amount"], offset) != 0:
            why = f"a declined blind with money: {rest}"
            raise HandParseError("unknown_line", why, offset, rest)
    else:
        raise HandParseError("unknown_line", f"unknown action: {player} {rest}", offset, rest)


def _blind_section_raise(line: str, offset: int) -> HandParseError:
    """``Player3 raises 1€ to 3€`` before the blinds (fpdb's ``ante.raise`` file).

    The text does not say what this puts in, nor how much of it is live: in the
    corpus the same player then posts a small blind and checks facing the big
    blind (so 2€ of 4€ were live), while the next hand's raise sizes assume 3€
    live. Rather than guess, the hand becomes a failure row saying why.
    """
    return HandParseError(
        "ambiguous_post",
        "a raise among the blinds: how much it puts in, dead or live, is not stated",
        offset,
        line,
    )


def _post(hand: _Hand, player: str, arg: str, offset: int, all_in: bool) -> None:
    out_of_position = arg.endswith(OUT_OF_POSITION)
    if out_of_position:
        arg = arg[: -len(OUT_OF_POSITION)]
    kind_text, _, amount_text = arg.rpartition(" ")
    amount = hand.money(amount_text, offset)
    small = hand.h.stake_low
    if kind_text == "small blind":
        already_live = hand.live.get(player, 0) > 0
        if out_of_position or already_live:
            # Returning player: the small-blind part is dead, any excess is a live big blind.
            dead = min(amount, small)
            add_action(hand, player, ActionKind.POST_DEAD, dead, offset, live=False)
            if amount > dead:
                add_action(
                    hand, player, ActionKind.POST_BIG_BLIND, amount - dead, offset, all_in=all_in
                )
            return
        hand.post_small_blind(player, amount, offset, all_in)
    elif kind_text == "big blind":
        if amount == 0:
            return  # "posts big blind 0€ out of position": nothing put in
        hand.post_big_blind(player, amount, offset, all_in, sizes_blind=not out_of_position)
    elif kind_text == "ante":
        hand.post_ante(player, amount, offset, all_in)
    else:
        raise HandParseError("unknown_line", f"unknown post: {player} posts {arg}", offset, arg)


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    t = TOTAL_RE.match(line)
    if t is not None:
        hand.total = hand.money(t["total"], offset)
        hand.rake = 0 if t["none"] else hand.money(t["rake"], offset)
        return
    b = BOARD_RE.match(line)
    if b is not None:
        hand.summary_board = cards_or_fail(b["cards"], offset)
        return
    m = SUMMARY_SEAT_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    _summary_seat(hand, int(m["seat"]), m["rest"], offset)


def _summary_seat(hand: _Hand, seat: int, rest: str, offset: int) -> None:
    """One SUMMARY seat line; Hi/Lo prints two per seat, merged here (won summed)."""
    hand.add_summary_seat_once(
        hand.summary_seats, hand.summary_rows, seat, rest, offset, WON_RE, _folded_street
    )


def _folded_street(rest: str) -> Street | None:
    folded = FOLDED_RE.search(rest)
    return _FOLD_STREET[folded["street"].lower()] if folded else None


def _freeze(hand: _Hand, table: TableLine, tournament_id: str | None, block: Block) -> HandRecord:
    h = hand.h
    board = hand.board
    if hand.summary_board is not None and hand.summary_board != board:
        if board:
            hand.notes.append("SUMMARY board differs from the street lines")
        board = hand.summary_board
    seats = hand.idle_seats_sat_out()  # Winamax never says who sits out
    return hand.record(
        SITE,
        table,
        block,
        fixed_limit_blinds=False,
        fast_fold=h.fast_fold,
        tournament_id=tournament_id,
        buy_in=h.buy_in,
        seats=seats,
        uncalled=hand.uncalled,
        boards=(board,) if board else (),
        summary_seats=hand.summary_seats,
        cash_drop_reported=hand.cash_drop,
    )


FORMAT = Format(
    name="winamax",
    site=Site.WINAMAX,
    parse=parse,
    header=matches,
    # A tournament summary starts no block: a file of them alone is not a hand history.
    block_start="Winamax Poker - (?!Tournament summary)",
)
