"""What the structured rooms share while reading a hand: actions by code, amounts of stated meaning.

A :class:`DocHand` is the :class:`~omahahh.parsers.builder.HandBuilder` (the one
hand being read, with its seats, actions, cards, awards and record) of a structured
export (iPoker and Merge XML, Boss Media XML, IGT JSON, Microgaming XML), located
by the element each fact comes from.

The rooms say how much an action puts in differently: iPoker's ``type 3`` call
and Microgaming's ``Raise`` give the chips *added*, iPoker's ``type 23`` and
Boss Media's ``ACTION_RAISE`` the player's street total (*to*), iPoker's
``type 6`` a raise *by*, and IGT's ``ACTION_CALL`` a street total too. Each
reader says which (:meth:`DocHand.act`), and the chips put in follow from the
player's live chips on the street, as for the text rooms (betting_lines.py).

An ``all-in`` code names no action: it is a bet, a call or a raise depending on
what it puts in against the bet to call. An action that puts the player's last
chip in is all-in whether or not its code says so (these rooms do not mark
calls that exhaust a stack).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from enum import Enum

from omahahh.errors import CardError, HandParseError
from omahahh.model import POST_KINDS, ActionKind, GameInfo, GameType, Street, Structure
from omahahh.parsers.builder import HandBuilder, blind_size
from omahahh.parsers.document import DocBlock
from omahahh.parsers.header import HandHeader
from omahahh.parsers.xml_stream import Node


class Amount(Enum):
    """What a printed action amount means."""

    ADDED = "added"  # the chips this action puts in
    TO = "to"  # the player's street total after it
    BY = "by"  # the raise over the bet to call


PENDING_HEADER = HandHeader(
    hand_id="",
    game=GameInfo(
        variant="PLO", structure=Structure.POT_LIMIT, hole_card_count=4, hi_lo=False,
        game_label="",
    ),
    game_type=GameType.CASH,
    currency="",
    unit=100,
    stakes="",
    stake_low=0,
    stake_high=0,
    started_at=None,
    started_at_text="",
)  # fmt: skip
"""The header of a hand whose export states it after the actions (Boss Media's game is
told by its deal): replaced by the reader's own before the record is made."""


class DocHand(HandBuilder):
    """The hand being read from a structured export; the room's reader fills it."""

    def __init__(self, block: DocBlock, unit: int, header: HandHeader | None = None) -> None:
        """``header``: what the export says of the hand, when it says it before the actions;
        else the reader sets :attr:`h` once it has read it (before :meth:`record`)."""
        super().__init__(header or replace(PENDING_HEADER, unit=unit))
        self.block = block
        self.stacks: dict[str, int] = {}
        self.spent: dict[str, int] = {}
        self.dead: dict[str, int] = {}  # antes and dead blinds: never an unmatched bet
        self.board: list[int] = []

    # seats
    def seat(
        self, node: Node, *, seat: int, player: str, stack_start: int, sitting_out: bool = False
    ) -> None:
        if seat in self.seats.seat_numbers:
            raise self.block.fail(
                "duplicate_seat", f"two players in seat {seat} (line {node.line})", node
            )
        if player in self.stacks:
            raise self.block.fail(
                "duplicate_player", f"{player!r} sits in two seats (line {node.line})", node
            )
        self.seats.add(seat, player, stack_start, sitting_out)
        self.stacks[player] = stack_start

    def stack_of(self, player: str) -> int:
        return self.stacks[player]

    def known(self, player: str, node: Node) -> str:
        """``player`` when seated; an action by anyone else is a parse error."""
        if player not in self.stacks:
            raise self.block.fail(
                "unknown_player", f"<{node.tag}> of line {node.line} names {player!r}, "
                "who has no seat", node,
            )  # fmt: skip
        return player

    # betting
    def to_street(self, street: Street) -> None:
        if street != self.street:
            self.street = street
            self.live = {}

    def bet_to_call(self) -> int:
        return max(self.live.values(), default=0)

    def add(
        self,
        player: str,
        kind: ActionKind,
        amount: int,
        node: Node,
        *,
        to: int | None = None,
        by: int | None = None,
        all_in: bool = False,
        live: bool = True,
    ) -> None:
        if amount < 0:
            raise self.block.fail(
                "bad_amount", f"<{node.tag}> of line {node.line} puts in a negative amount", node
            )
        spent = self.spent.get(player, 0) + amount
        self.spent[player] = spent
        if live:
            self.live[player] = self.live.get(player, 0) + amount
        if kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) or kind in POST_KINDS:
            all_in = all_in or (amount > 0 and spent >= self.stack_of(player))
        line = max(0, node.line - self.block.line)
        self.actions.add(self.street, player, kind, amount, to, by, all_in, line)

    def post(
        self, player: str, kind: ActionKind, amount: int, node: Node, *, sizes_blind: bool = True
    ) -> None:
        """A blind or ante; antes and dead blinds do not count toward calls. The first
        small and big blind that ``sizes_blind`` size the hand's blinds
        (:meth:`HandBuilder.size_blind`; all in is read from the stack)."""
        if sizes_blind and kind in (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND):
            self.size_blind(kind, player, amount, False)
        if kind is ActionKind.POST_ANTE and self.ante is None:
            self.ante = amount
        live = kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD)
        if not live:
            self.dead[player] = self.dead.get(player, 0) + amount
        self.add(player, kind, amount, node, live=live)

    def act(
        self, player: str, verb: ActionKind, amount: int, meaning: Amount, node: Node,
        *, all_in: bool = False,
    ) -> None:  # fmt: skip
        """A call, bet or raise whose printed ``amount`` has ``meaning``.

        ``verb`` is what the code says; an all-in code passes ``ActionKind.RAISE``
        and the chips decide (see the module).
        """
        live = self.live.get(player, 0)
        facing = self.bet_to_call()
        if meaning is Amount.ADDED:
            added, total = amount, live + amount
        elif meaning is Amount.TO:
            added, total = amount - live, amount
        else:
            added, total = facing + amount - live, facing + amount
        if verb is ActionKind.CALL or (all_in and total <= facing):
            self.add(player, ActionKind.CALL, added, node, all_in=all_in)
        elif facing == 0 and self.street is not Street.PREFLOP:
            self.add(player, ActionKind.BET, added, node, to=total, all_in=all_in)
        else:
            kind = ActionKind.BET if facing == 0 else ActionKind.RAISE
            by = total - facing if kind is ActionKind.RAISE else None
            self.add(player, kind, added, node, to=total, by=by, all_in=all_in)

    def fold(self, player: str, node: Node) -> None:
        self.add(player, ActionKind.FOLD, 0, node)

    def check(self, player: str, node: Node) -> None:
        self.add(player, ActionKind.CHECK, 0, node)

    # cards and awards
    def cards(self, cards: Iterable[int], node: Node) -> tuple[int, ...]:
        out = tuple(cards)
        if len(set(out)) != len(out):
            raise self.block.fail("bad_cards", f"a card twice in line {node.line}", node)
        return out

    def collect(self, player: str, amount: int, node: Node, *, half: str | None = None) -> None:
        if amount:
            line = max(0, node.line - self.block.line)
            self.collections.add(player, amount, 0, half=half, line=line)

    def live_totals(self) -> dict[str, int]:
        """Each player's chips put in over the hand, dead money left out."""
        return {p: n - self.dead.get(p, 0) for p, n in self.spent.items()}

    def folded(self) -> set[str]:
        kinds = self.actions.kinds
        return {p for i, p in enumerate(self.actions.players) if kinds[i] is ActionKind.FOLD}

    def deal(self, player: str, cards: tuple[int, ...]) -> None:
        """``player`` was dealt ``cards`` (given again: the later cards, in the first place)."""
        for i, (known, _) in enumerate(self.dealt):
            if known == player:
                self.dealt[i] = (player, cards)
                return
        self.dealt.append((player, cards))

    def hole_cards(self, player: str, cards: tuple[int, ...], node: Node, *, hero: bool) -> None:
        """Cards a player held: dealt (the hero's), shown (still in at the end), or both."""
        if hero or player in self.folded():
            self.deal(player, cards)
        if player not in self.folded():
            self.shows.add(player, cards, line=max(0, node.line - self.block.line))

    def blinds(self, low: int | None, high: int | None) -> tuple[int | None, int | None]:
        """Small and big blind: as posted, else as the game's stakes say (a short stack's
        all-in post is no measure of its blind: :func:`blind_size`)."""
        return (
            blind_size(self.first_sb, self.all_in_sb, low),
            blind_size(self.first_bb, self.all_in_bb, high),
        )


def bad_cards(block: DocBlock, exc: CardError, node: Node) -> HandParseError:
    """A card a room printed that is not one."""
    return block.fail("bad_cards", f"line {node.line}: {exc}", node)
