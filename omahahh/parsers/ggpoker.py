"""GGPoker hand histories (docs/FORMATS.md §2): text in, :class:`HandRecord` out.

Stars-like syntax with its own details, all recorded as claimed:

- hand ids with a letter prefix; thousands commas (``$1,270.5``);
- ``Cash Drop to Pot : total $0.2`` (promotional money inside the total pot);
- ``posts missed blind`` (dead money), ``straddle $X`` (each line is the new street
  total of that player, so a re-straddle puts in only the difference);
- ``Dealt to`` for every seat (cards only for the hero), shows before the board;
- ``Total pot | Rake | Jackpot | Bingo | Fortune | Tax``: the jackpot and the other
  fees are not rake (``jackpot_reported``, ``other_fees_reported``);
- run it two or three times: each run's street line repeats the shared cards, the
  SUMMARY's later boards list only the re-dealt cards;
- EV cash-out and all-in insurance: money outside the pot (:class:`SidePayment`).

Every line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.hand_tables import SeatTable, SummarySeatTable
from omahahh.model import (
    ActionKind,
    HandRecord,
    SidePayment,
    Site,
    Street,
)
from omahahh.money import to_minor
from omahahh.parsers.betting_lines import add_action, new_street, read_betting, split_all_in
from omahahh.parsers.builder import HandBuilder, Post, read_sections
from omahahh.parsers.common import (
    BOARD_RE,
    RUN_INDEX,
    SUMMARY_SEAT_RE,
    WON_RE,
    TableLine,
    add_show,
    board_cards,
    cards_or_fail,
    folded_street,
    leading_name,
    names_without,
    require_summary,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.ggpoker_header import parse_header
from omahahh.parsers.header import HandHeader
from omahahh.parsers.pokerstars_header import parse_table
from omahahh.parsers.sources import Block

SITE = Site.GGPOKER

STREET_RE = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>HOLE CARDS|PREFLOP|PRE-FLOP|FLOP|TURN|"
    r"RIVER|SHOWDOWN|SHOW DOWN|SUMMARY) \*\*\*(?P<tail>.*)$"
)
SEAT_RE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*?) in chips"
    r"(?:, (?P<bounty>[^()]*?) bounty)?\)(?P<tail>.*)$"
)
COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:[- ](?P<n>\d+))?)$"
)
CASH_DROP_RE = re.compile(r"^Cash Drop to Pot : total (?P<amount>\S+)$")
INSURANCE_RE = re.compile(r"^get an all-in insurance \(.*\)$")
RUN_TIMES = {"Hand was run two times": 2, "Hand was run three times": 3}

_STREET_OF = {
    "HOLE CARDS": Street.PREFLOP,
    "PREFLOP": Street.PREFLOP,
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
# Non-rake fees of the total-pot line, summed into ``other_fees_reported``.
OTHER_FEES = ("Bingo", "Fortune", "Tax")
# Lines that move no chips and show no cards.
INFO_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        r"^Chooses to EV Cashout$",
        r"^(?:is )?sitting out$",
        r"^sits out$",
        r"^(?:is )?(?:dis)?connected$",
        r"^has returned$",
        r"^has timed out(?: while (?:being )?disconnected)?$",
        r"^doesn't show hand$",
        r"^mucks hand$",
    )
)


def matches(first_line: str) -> bool:
    """Is this block's first line a GGPoker header (``Poker Hand #...``)?"""
    return first_line.startswith("Poker Hand #")


class _Hand(HandBuilder):
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: HandHeader):
        super().__init__(header, header.notes)
        self.side_payments: list[SidePayment] = []
        self.summary_seats = SummarySeatTable()
        self.boards: dict[int, tuple[int, ...]] = {}
        self.summary_boards: dict[int, tuple[int, ...]] = {}
        self.run = 0
        self.jackpot: int | None = None
        self.other_fees: int | None = None
        self.cash_drop: int | None = None
        self.run_count = 1


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one GGPoker block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0], context)
    require_summary(lines)
    table = parse_table(lines[1], 1)
    hand = _Hand(header)
    i = hand.read_seats(lines, 2, lambda line, offset: _seat_line(hand, line, offset))
    hand.plain_names = names_without(hand.names, ": ")
    read_sections(hand, lines, i, _street_line, _body_line, _summary_line)
    return _freeze(hand, table, block)


def _seat_line(hand: _Hand, line: str, offset: int) -> None:
    m = SEAT_RE.match(line)
    if m is None:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    tail = m["tail"].strip()
    hand.seats.add(
        seat=int(m["seat"]),
        player=m["name"],
        stack_start=hand.money(m["stack"], offset),
        sitting_out="sitting out" in tail,
        bounty=to_minor(m["bounty"], 100) if m["bounty"] else None,
    )


def _street_line(hand: _Hand, line: str, offset: int) -> bool:
    """Handle a ``*** X ***`` line; returns True when the SUMMARY starts."""
    m = STREET_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    if name == "SUMMARY":
        return True
    hand.run = RUN_INDEX[m["run"]]
    if name in ("SHOWDOWN", "SHOW DOWN"):
        return False
    street = _STREET_OF[name]
    new_street(hand, street)
    board = board_cards(m["tail"], offset)
    if board is not None:
        hand.boards[hand.run] = board
    return False


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    name = leading_name(line, hand.names, hand.plain_names, ": ")
    if name is not None:
        _action(hand, name, line[len(name) + 2 :], offset)
        return
    if hand.read_dealt_or_uncalled(line, offset):
        return
    c = COLLECT_RE.search(line)
    if c is not None:
        hand.collected(line[: c.start()], c, offset, run=hand.run)
        return
    d = CASH_DROP_RE.match(line)
    if d is not None:
        hand.cash_drop = (hand.cash_drop or 0) + hand.money(d["amount"], offset)
        return
    raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    rest, all_in = split_all_in(rest)
    verb, _, arg = rest.partition(" ")
    if read_betting(hand, player, rest, all_in, hand.money, offset):
        pass
    elif verb == "posts":
        _post(hand, player, arg, offset, all_in)
    elif verb == "straddle":
        # Each straddle line states the player's new street total.
        to = hand.money(arg, offset)
        amount = to - hand.live.get(player, 0)
        add_action(
            hand, player, ActionKind.POST_STRADDLE, amount, offset, to_amount=to, all_in=all_in
        )
    elif verb == "shows":
        add_show(hand.shows, player, arg, offset)
    elif rest.startswith("Receives Cashout (") and rest.endswith(")"):
        _side(hand, player, "ev_cashout", rest[len("Receives Cashout (") : -1], offset)
    elif rest.startswith("Pays Cashout Risk (") and rest.endswith(")"):
        _side(hand, player, "cashout_risk", rest[len("Pays Cashout Risk (") : -1], offset)
    elif rest.startswith("pay premium of all-in insurance (") and rest.endswith(")"):
        amount_text = rest[len("pay premium of all-in insurance (") : -1]
        _side(hand, player, "insurance_premium", amount_text, offset)
    elif INSURANCE_RE.match(rest) or any(p.match(rest) for p in INFO_RES):
        return  # the insurance offer itself moves nothing; the premium line does
    else:
        raise HandParseError("unknown_line", f"unknown action: {player}: {rest}", offset, rest)


def _side(hand: _Hand, player: str, kind: str, amount_text: str, offset: int) -> None:
    hand.side_payments.append(
        SidePayment(player=player, kind=kind, amount=hand.money(amount_text, offset), line=offset)
    )


POSTS = {
    "small blind": Post.SMALL,
    "big blind": Post.BIG,
    # Missed blinds are dead money (R-BL-6, R-BL-7): they count toward no call.
    "missed blind": Post.DEAD,
    "the ante": Post.ANTE,
    "straddle": Post.STRADDLE_TO,  # each straddle line states the player's new street total
}
"""GGPoker's ``posts`` words (docs/SITES.md, GGPoker's grammar table)."""


def _post(hand: _Hand, player: str, arg: str, offset: int, all_in: bool) -> None:
    if not hand.read_post(player, arg, offset, all_in, POSTS):
        raise HandParseError("unknown_line", f"unknown post: {player}: posts {arg}", offset, arg)


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Total pot "):
        _total_line(hand, line, offset)
    elif line.startswith("Seat "):
        _summary_seat(hand, line, offset)
    elif line in RUN_TIMES:
        hand.run_count = RUN_TIMES[line]
    else:
        b = BOARD_RE.match(line)
        if b is None:
            raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
        hand.summary_boards[RUN_INDEX[b["run"]]] = cards_or_fail(b["cards"], offset)


def _total_line(hand: _Hand, line: str, offset: int) -> None:
    """``Total pot $597.08 | Rake $7.5 | Jackpot $5 | Bingo $0 | Fortune $0 | Tax $0``."""
    first, *parts = line.split(" | ")
    hand.total = hand.money(first[len("Total pot ") :], offset)
    for part in parts:
        label, _, amount_text = part.rpartition(" ")
        amount = hand.money(amount_text, offset)
        if label == "Rake":
            hand.rake = amount
        elif label == "Jackpot":
            hand.jackpot = amount
        elif label in OTHER_FEES:
            hand.other_fees = (hand.other_fees or 0) + amount
        else:
            raise HandParseError(
                "unknown_line", f"unknown fee {label!r} in the total line", offset, line
            )


def _summary_seat(hand: _Hand, line: str, offset: int) -> None:
    m = SUMMARY_SEAT_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unreadable summary seat: {line!r}", offset, line)
    seat = int(m["seat"])
    hand.add_summary_seat(hand.summary_seats, seat, m["rest"], offset, WON_RE, folded_street)


def _boards(hand: _Hand) -> tuple[tuple[int, ...], ...]:
    """One full board per run: street lines first, else the SUMMARY's boards.

    A later run's SUMMARY board lists only the re-dealt cards (``SECOND Board
    [3d Td]``); its full board shares the first run's earlier cards.
    """
    runs = sorted(set(hand.boards) | set(hand.summary_boards))
    out: list[tuple[int, ...]] = []
    for run in runs:
        board = hand.boards.get(run)
        summary = hand.summary_boards.get(run, ())
        if board is None:
            shared = out[0] if out else ()
            board = shared[: max(len(shared) - len(summary), 0)] + summary
        elif summary and board[len(board) - len(summary) :] != summary:
            hand.notes.append(f"run {run + 1}: SUMMARY board differs from the street lines")
        out.append(board)
    return tuple(out)


def _mark_undealt_seats(hand: _Hand) -> SeatTable:
    """GGPoker prints ``Dealt to`` for every player dealt in: a seat without one
    (and without any action) sat out this hand."""
    seats = hand.seats
    if not hand.dealt_names:
        return seats
    acted = set(hand.actions.players)
    for i, player in enumerate(seats.players):
        idle = player not in hand.dealt_names and player not in acted
        if idle and not seats.sitting_out[i]:
            number = seats.seat_numbers[i]
            hand.notes.append(f"seat {number}: no 'Dealt to' line, read as sitting out")
            seats.set_sitting_out(i)
    return seats


def _freeze(hand: _Hand, table: TableLine, block: Block) -> HandRecord:
    h = hand.h
    boards = _boards(hand)
    seats = _mark_undealt_seats(hand)
    return hand.record(
        SITE,
        table,
        block,
        fast_fold=h.fast_fold,
        tournament_id=h.tournament_id,
        buy_in=h.tournament_name,
        seats=seats,
        boards=boards,
        uncalled=hand.uncalled,
        side_payments=tuple(hand.side_payments),
        summary_seats=hand.summary_seats,
        jackpot_reported=hand.jackpot,
        other_fees_reported=hand.other_fees,
        cash_drop_reported=hand.cash_drop,
        run_count=max(hand.run_count, len(boards)),
    )


FORMAT = Format(
    name="ggpoker", site=Site.GGPOKER, parse=parse, header=matches, block_start="Poker Hand #"
)
