"""The shared engine of the archive formats: a table of line shapes, and what each records.

A format is a :class:`LineFormat`: its room, its money and card spellings and
a tuple of :class:`Shape` (a regular expression matched at the start of a
line, and the reader of what that line records). :func:`read_body` hands each
line to the first shape that matches; a line no shape matches makes the hand a
failure (``unknown_line``), never a silent drop. The readers here are the
meanings lines have across rooms: a seat, a post, a fold, a call of X chips,
a raise *to* X or a raise *adding* X, an all-in of X chips, a board, a show, a
collection, a returned bet, the rake. Regex groups carry the fields: ``name``,
``seat``, ``amount``, ``cards``, ``pot``, ``half``, ``desc``; an ``allin``
group that matched marks the action all-in.

Amount meaning is the trap between rooms (FORMATS §9.4): ``raise_to`` is a
street total (Full Tilt ``raises to $8``), ``raise_added`` the chips put in
now (Entraction ``Raise (0.96)``, Everleaf ``raises [$0.20]``). An all-in of X
chips (``all_in``) is a call, a bet or a raise by what X does to the bet
faced, because that is what the line means.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from omahahh.errors import HandParseError, MoneyError
from omahahh.hand_tables import SummarySeatTable
from omahahh.model import (
    ActionKind,
    HandRecord,
    Site,
    Street,
)
from omahahh.money import to_minor
from omahahh.parsers.betting_lines import add_action, new_street
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import TableLine, cards_or_fail, names_longest_first
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

Reader = Callable[["ArchiveHand", re.Match[str], int], None]
SUMMARY_MARK = re.compile(r"^\*\*\* SUMMARY \*\*\*$")
"""The Stars-like ``*** SUMMARY ***`` line that starts a summary."""


@dataclass(frozen=True, slots=True)
class Shape:
    """One kind of line: where it matches (at the line's start) and what it records."""

    pattern: re.Pattern[str]
    read: Reader


def shape(pattern: str, read: Reader) -> Shape:
    return Shape(re.compile(pattern), read)


def default_money(text: str, unit: int) -> int:
    return to_minor(text, unit)


@dataclass(frozen=True, slots=True)
class LineFormat:
    """A text format as data: its room, spellings and line shapes."""

    site: Site
    shapes: tuple[Shape, ...]
    money: Callable[[str, int], int] = default_money
    """Text of an amount (with its symbols) to minor units of ``unit``."""
    cards: Callable[[str], str] = lambda text: text
    """A room's card list to the ``"As Kd"`` spelling :func:`omahahh.cards.parse_cards` reads."""
    fixed_limit_blinds: bool = True
    """Fixed-limit stakes are the bets (blinds half a small bet and a small bet)."""
    summary_start: re.Pattern[str] | None = None
    """The line that starts the summary (read by ``summary_shapes`` from there on)."""
    summary_shapes: tuple[Shape, ...] = ()


STREETS = {
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
    "preflop": Street.PREFLOP,
}


class ArchiveHand(HandBuilder):
    """Scratch state of one hand while its lines are read; frozen by :meth:`freeze`."""

    def __init__(self, header: HandHeader, block: Block, fmt: LineFormat):
        super().__init__(header)
        self.block = block
        self.fmt = fmt
        table = header.table
        self.table_name = table.name if table is not None else ""
        self.max_seats = table.max_seats if table is not None else None
        self.button_seat = table.button_seat or None if table is not None else None
        self.button_name: str | None = None
        self.boards: dict[int, list[int]] = {}
        self.run = 0
        self.summary_seats = SummarySeatTable()
        self.main: int | None = None
        self.sides: list[int] = []
        self.cash_drop: int | None = None
        self.cancelled = False
        self.extra: dict[str, object] = {}  # a format's own scratch (its quirks)

    # -- reading -------------------------------------------------------------------
    def money(self, text: str, offset: int) -> int:
        try:
            return self.fmt.money(text.strip(), self.unit)
        except MoneyError as exc:
            raise HandParseError("bad_amount", str(exc), offset, text) from None

    def cards(self, text: str, offset: int) -> tuple[int, ...]:
        return cards_or_fail(self.fmt.cards(text), offset)

    def player(self, name: str, offset: int) -> str:
        """A seated player's name; an action by anyone else is ``unknown_player``."""
        name = name.strip()
        if name in self.names:
            return name
        line = self.block.lines[offset]
        raise HandParseError(
            "unknown_player", f"a line names a player not seated: {name!r}", offset, line
        )

    def add_seat(
        self,
        seat: int,
        player: str,
        stack_start: int,
        sitting_out: bool,
        offset: int,
        *,
        bounty: int | None = None,
    ) -> None:
        if seat in self.seats.seat_numbers:
            line = self.block.lines[offset]
            raise HandParseError("duplicate_seat", "two players in one seat", offset, line)
        self.seats.add(seat, player, stack_start, sitting_out, bounty=bounty)
        self.names = names_longest_first(self.seats.players)

    def current_bet(self) -> int:
        return max(self.live.values(), default=0)

    def board(self, run: int, cards: tuple[int, ...], *, whole: bool) -> None:
        """Cards dealt to the board of ``run``: the whole board so far, or new cards."""
        if whole:
            self.boards[run] = list(cards)
        else:
            self.boards.setdefault(run, []).extend(cards)

    # -- the record ------------------------------------------------------------------
    def freeze(self, *, run_count: int | None = None, notes: Sequence[str] = ()) -> HandRecord:
        h = self.h
        self.notes.extend(notes)
        if self.button_seat is None and self.button_name is not None:
            self.button_seat = next(
                (s.seat for s in self.seats if s.player == self.button_name), None
            )
        table = TableLine(
            name=self.table_name, max_seats=self.max_seats, button_seat=self.button_seat or 0
        )
        boards = tuple(tuple(self.boards[r]) for r in sorted(self.boards))
        record = self.record(
            self.fmt.site,
            table,
            self.block,
            fixed_limit_blinds=self.fmt.fixed_limit_blinds,
            bets=h.fixed_bets,
            fast_fold=h.fast_fold,
            tournament_id=h.tournament_id,
            buy_in=h.buy_in,
            home_game=h.home_game,
            seats=self.seats,
            boards=boards,
            uncalled=self.uncalled,
            summary_seats=self.summary_seats,
            cancelled=self.cancelled,
            main_pot_reported=self.main,
            side_pots_reported=tuple(self.sides),
            cash_drop_reported=self.cash_drop,
            run_count=run_count or max(1, len(boards)),
        )
        # No button line (a room that names none) is no button, not seat 0.
        return record if self.button_seat is not None else replace(record, button_seat=None)


def require_line(lines: Sequence[str], found: bool, what: str) -> None:
    """A hand without the line that ends every complete hand of its room was cut short."""
    if not found:
        raise HandParseError("truncated", f"hand has no {what}", len(lines) - 1, lines[-1])


def read_body(hand: ArchiveHand, lines: Sequence[str], start: int) -> None:
    """Every line from ``start`` by the first shape that matches; blank lines skipped.

    From the line ``summary_start`` matches on, the format's summary shapes read
    (a summary's seat lines look like the seat list at the top).
    """
    fmt = hand.fmt
    shapes = fmt.shapes
    for offset in range(start, len(lines)):
        line = lines[offset]
        if not line.strip():
            continue
        starts = fmt.summary_start
        if starts is not None and shapes is fmt.shapes and starts.match(line):
            shapes = fmt.summary_shapes
            continue
        for s in shapes:
            m = s.pattern.match(line)
            if m is not None:
                s.read(hand, m, offset)
                break
        else:
            raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


# -- readers: what a line records ---------------------------------------------------------
def _all_in(m: re.Match[str]) -> bool:
    return "allin" in m.re.groupindex and m["allin"] is not None


def _group(m: re.Match[str], name: str) -> str | None:
    return m[name] if name in m.re.groupindex else None


def ignore(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """Chat, table news, time-outs, a line restating what other lines say: no chips, no cards."""


def seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``seat``, ``name``, ``amount``; an ``out`` group that matched: sitting out."""
    stack = hand.money(m["amount"], offset)
    out = _group(m, "out") is not None
    hand.add_seat(int(m["seat"]), m["name"].strip(), stack, out, offset)


def button_seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.button_seat = int(m["seat"])


def button_name(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.button_name = m["name"].strip()


def post_small_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A small blind; one that puts the player all in may be short, so it does not
    size the hand's blind (the header's does)."""
    name = hand.player(m["name"], offset)
    all_in = _all_in(m)
    amount = hand.money(m["amount"], offset)
    hand.post_small_blind(name, amount, offset, all_in, sizes_blind=not all_in)


def post_big_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A big blind; an all-in one may be short and does not size the blind (callers
    still owe the whole big blind: ``posts big blind ($0.40) [all in]``, then
    ``calls $0.50``)."""
    name = hand.player(m["name"], offset)
    all_in = _all_in(m)
    amount = hand.money(m["amount"], offset)
    hand.post_big_blind(name, amount, offset, all_in, sizes_blind=not all_in)


def post_ante(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    name = hand.player(m["name"], offset)
    hand.post_ante(name, hand.money(m["amount"], offset), offset, _all_in(m))


def post_joining_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A big blind posted out of turn by a player joining the table (Kings Club ``posts
    blind X``, Microgaming ``posted to play``): live, but not the hand's big blind."""
    name = hand.player(m["name"], offset)
    hand.post_big_blind(
        name, hand.money(m["amount"], offset), offset, _all_in(m), sizes_blind=False
    )


def post_straddle(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A live straddle: a voluntary blind posted before the cards, the next raise measured
    from it."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    add_action(hand, name, ActionKind.POST_STRADDLE, amount, offset, all_in=_all_in(m))


def sits_out(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``NAME sits out``: a seated player dealt no cards this hand."""
    hand.seats.sit_out({hand.player(m["name"], offset)})


def cancel(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Hand cancelled``: every chip goes back (R-TO-3)."""
    hand.cancelled = True


def post_dead(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A dead blind: money in the pot that counts toward no call (R-BL-6)."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    add_action(hand, name, ActionKind.POST_DEAD, amount, offset, live=False)


def post_small_and_big(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """Both blinds at once: the big blind live, the small-blind part dead (R-BL-6)."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    big = hand.blind_sizes(fixed_limit_blinds=hand.fmt.fixed_limit_blinds)[1]
    dead = max(amount - big, 0)
    add_action(hand, name, ActionKind.POST_DEAD, dead, offset, live=False)
    add_action(hand, name, ActionKind.POST_BIG_BLIND, amount - dead, offset, all_in=_all_in(m))


def fold(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    add_action(hand, hand.player(m["name"], offset), ActionKind.FOLD, 0, offset)


def check(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    add_action(hand, hand.player(m["name"], offset), ActionKind.CHECK, 0, offset)


def call(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    add_action(hand, name, ActionKind.CALL, amount, offset, all_in=_all_in(m))


def call_to(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``calls Y`` where Y is the street total the player calls to (Kings Club)."""
    name = hand.player(m["name"], offset)
    to = hand.money(m["amount"], offset)
    add_action(hand, name, ActionKind.CALL, to - hand.live.get(name, 0), offset, all_in=_all_in(m))


def bet(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    to = hand.live.get(name, 0) + amount
    add_action(hand, name, ActionKind.BET, amount, offset, to_amount=to, all_in=_all_in(m))


def raise_to(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``raises to Y``: Y is the player's street total."""
    name = hand.player(m["name"], offset)
    to = hand.money(m["amount"], offset)
    _raise(hand, name, to - hand.live.get(name, 0), to, offset, _all_in(m))


def raise_added(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Raise (X)``: X is what the player puts in now."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    _raise(hand, name, amount, hand.live.get(name, 0) + amount, offset, _all_in(m))


def bet_or_raise_to(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A bet or a raise to Y (rooms with one word for both): which, by the bet faced."""
    name = hand.player(m["name"], offset)
    to = hand.money(m["amount"], offset)
    amount = to - hand.live.get(name, 0)
    if hand.current_bet() == 0:
        add_action(hand, name, ActionKind.BET, amount, offset, to_amount=to, all_in=_all_in(m))
    else:
        _raise(hand, name, amount, to, offset, _all_in(m))


def bet_or_raise_added(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A bet, or a raise adding X (Microgaming's ``bet`` on the first street): which, by
    the bet faced."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    to = hand.live.get(name, 0) + amount
    if hand.current_bet() == 0:
        add_action(hand, name, ActionKind.BET, amount, offset, to_amount=to, all_in=_all_in(m))
    else:
        _raise(hand, name, amount, to, offset, _all_in(m))


def _raise(hand: ArchiveHand, name: str, amount: int, to: int, offset: int, all_in: bool) -> None:
    add_action(hand, name, ActionKind.RAISE, amount, offset, to_amount=to, all_in=all_in)


def all_in(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``All-In (X)``: X chips put in now, the player's last; a call, bet or raise by
    what it does to the bet faced."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    _all_in_amount(hand, name, amount, offset)


def all_in_to(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """An all-in whose figure is the player's street total."""
    name = hand.player(m["name"], offset)
    to = hand.money(m["amount"], offset)
    _all_in_amount(hand, name, to - hand.live.get(name, 0), offset)


def _all_in_amount(hand: ArchiveHand, name: str, amount: int, offset: int) -> None:
    faced = hand.current_bet()
    to = hand.live.get(name, 0) + amount
    if to <= faced:
        add_action(hand, name, ActionKind.CALL, amount, offset, all_in=True)
    elif faced == 0:
        add_action(hand, name, ActionKind.BET, amount, offset, to_amount=to, all_in=True)
    else:
        _raise(hand, name, amount, to, offset, True)


def uncalled(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    hand.uncalled.add(player=name, amount=amount, street=hand.street, line=offset)


def dealt(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.dealt.append((hand.player(m["name"], offset), hand.cards(m["cards"], offset)))


def show(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    desc = _group(m, "desc")
    hand.shows.add(
        player=hand.player(m["name"], offset),
        cards=hand.cards(m["cards"], offset),
        description=desc.strip() if desc and desc.strip() else None,
        line=offset,
    )


def muck(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A muck; with ``cards`` that matched, the cards were seen face up."""
    name = hand.player(m["name"], offset)
    cards = _group(m, "cards")
    if cards:
        hand.shows.add(player=name, cards=hand.cards(cards, offset), mucked=True, line=offset)


def rake(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.rake = hand.money(m["amount"], offset)


def add_rake(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """One of several rake lines, which add up: one per pot (PKR's ``Taking Rake of $X
    from pot N``, Kings Club's ``Rake``)."""
    hand.rake = (hand.rake or 0) + hand.money(m["amount"], offset)


def splash(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``STP added: X``: money the room adds to the pot (splash the pot), like a cash drop."""
    hand.cash_drop = (hand.cash_drop or 0) + hand.money(m["amount"], offset)


def total(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.total = hand.money(m["amount"], offset)


def street(which: Street, *, whole: bool) -> Reader:
    """A street's line with its cards: the whole board so far (``whole``) or the new cards."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        new_street(hand, which)
        cards = _group(m, "cards")
        if cards is not None and cards.strip():
            run = int(m["run"]) - 1 if _group(m, "run") else 0
            hand.run = run
            hand.board(run, hand.cards(cards, offset), whole=whole)

    return read


def collect(half: str | None = None) -> Reader:
    """A player paid from a pot: ``name``, ``amount``, optional ``pot`` (a side pot's
    number or label) and ``half`` (the room's high/low tag); ``half`` fixes the tag."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        pot = (_group(m, "pot") or "").strip()
        tag = half or (_group(m, "half") or "").strip().lower() or None
        if tag in ("hi", "high"):
            tag = "high"
        elif tag in ("lo", "low"):
            tag = "low"
        hand.collections.add(
            player=hand.player(m["name"], offset),
            amount=hand.money(m["amount"], offset),
            pot_index=pot_number(pot),
            run=hand.run,
            half=tag,
            pot_label=pot or "pot",
            line=offset,
        )

    return read


def pot_number(label: str) -> int:
    """0 for the main pot (``pot``, ``main pot``, ``the pot``, ``pot 1``), N for side pot N.

    >>> pot_number("side pot 2"), pot_number("main pot"), pot_number("side pot")
    (2, 0, 1)
    """
    text = label.lower()
    if "side" not in text:
        return 0
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 1


def fail(code: str, why: str) -> Reader:
    """A line the format prints but whose meaning cannot be told: the hand fails."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        raise HandParseError(code, why, offset, hand.block.lines[offset])

    return read
