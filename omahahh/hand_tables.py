"""A hand's seats, SUMMARY seats, awards, shows and uncalled returns as columns.

The readers on the shared betting lines append each line's values to these tables
(:meth:`add`, the record's fields in order, with its defaults) instead of making a
record per line, as they do for actions (:class:`~omahahh.action_table.ActionTable`).
Each is a ``Sequence`` of its records (see :class:`~omahahh.record_table.RecordTable`).

>>> from omahahh.model import Seat
>>> seats = SeatTable()
>>> seats.add(1, "Ann", 200)
>>> seats.add(3, "Bob", 150, sitting_out=True)
>>> seats.seat_numbers, seats.stack_starts
([1, 3], [200, 150])
>>> seats[1] == Seat(seat=3, player="Bob", stack_start=150, sitting_out=True)
True
>>> seats == tuple(seats)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, TypeVar

from omahahh.record_table import RecordTable

if TYPE_CHECKING:
    from omahahh.model import Collection, Seat, Show, Street, SummarySeat, UncalledReturn


class SeatTable(RecordTable["Seat"]):
    """The seat lines: one row per :class:`~omahahh.model.Seat`."""

    __slots__ = (
        "bounties",
        "out_of_hand",
        "seat_numbers",
        "sitting_out",
        "stack_ends_reported",
        "stack_starts",
    )

    def __init__(self) -> None:
        self.seat_numbers: list[int] = []
        self.players = []
        self.stack_starts: list[int] = []
        self.sitting_out: list[bool] = []
        self.out_of_hand: list[bool] = []
        self.bounties: list[int | None] = []
        self.stack_ends_reported: list[int | None] = []
        self._records = None

    def add(
        self,
        seat: int,
        player: str,
        stack_start: int,
        sitting_out: bool = False,
        out_of_hand: bool = False,
        bounty: int | None = None,
        stack_end_reported: int | None = None,
    ) -> None:
        self._records = None
        self.seat_numbers.append(seat)
        self.players.append(player)
        self.stack_starts.append(stack_start)
        self.sitting_out.append(sitting_out)
        self.out_of_hand.append(out_of_hand)
        self.bounties.append(bounty)
        self.stack_ends_reported.append(stack_end_reported)

    def set_sitting_out(self, i: int) -> None:
        """The ``i``-th seat's player sat out (found once the hand is read)."""
        self.sitting_out[i] = True
        self._records = None

    def set_sitting_in(self, i: int) -> None:
        """The ``i``-th seat's player, thought sitting out, acted in the hand after all."""
        self.sitting_out[i] = False
        self._records = None

    def set_out_of_hand(self, i: int) -> None:
        """The ``i``-th seat's player was not in this hand (found once the hand is read)."""
        self.out_of_hand[i] = True
        self._records = None

    def sit_out(self, players: AbstractSet[str]) -> SeatTable:
        """Mark the seats of ``players`` sitting out; the table itself."""
        for i, player in enumerate(self.players):
            if player in players:
                self.set_sitting_out(i)
        return self

    def set_stack_end_reported(self, i: int, amount: int) -> None:
        """The ``i``-th seat's final stack as the room reports it (after the hand)."""
        self.stack_ends_reported[i] = amount
        self._records = None

    def append(self, s: Seat) -> None:
        self.add(
            s.seat,
            s.player,
            s.stack_start,
            s.sitting_out,
            s.out_of_hand,
            s.bounty,
            s.stack_end_reported,
        )

    def record(self, i: int) -> Seat:
        from omahahh.model import Seat

        return Seat(
            seat=self.seat_numbers[i],
            player=self.players[i],
            stack_start=self.stack_starts[i],
            sitting_out=self.sitting_out[i],
            out_of_hand=self.out_of_hand[i],
            bounty=self.bounties[i],
            stack_end_reported=self.stack_ends_reported[i],
        )


class SummarySeatTable(RecordTable["SummarySeat"]):
    """The SUMMARY seat lines: one row per :class:`~omahahh.model.SummarySeat`."""

    __slots__ = (
        "cashed_out",
        "folded_streets",
        "lines",
        "mucked",
        "seat_numbers",
        "showed",
        "won",
    )

    def __init__(self) -> None:
        self.seat_numbers: list[int] = []
        self.players = []
        self.won: list[int | None] = []
        self.showed: list[tuple[int, ...]] = []
        self.mucked: list[bool] = []
        self.folded_streets: list[Street | None] = []
        self.cashed_out: list[bool] = []
        self.lines: list[int] = []
        self._records = None

    def add(
        self,
        seat: int,
        player: str,
        won: int | None = None,
        showed: tuple[int, ...] = (),
        mucked: bool = False,
        folded_street: Street | None = None,
        cashed_out: bool = False,
        line: int = 0,
    ) -> None:
        self._records = None
        self.seat_numbers.append(seat)
        self.players.append(player)
        self.won.append(won)
        self.showed.append(showed)
        self.mucked.append(mucked)
        self.folded_streets.append(folded_street)
        self.cashed_out.append(cashed_out)
        self.lines.append(line)

    def append(self, s: SummarySeat) -> None:
        self.add(s.seat, s.player, s.won, s.showed, s.mucked, s.folded_street, s.cashed_out, s.line)

    def merge_last_into(self, k: int) -> None:
        """Fold the last row (a seat's second SUMMARY line: Hi/Lo halves, boards run twice)
        into row ``k``, the seat's first: amounts won summed (None when neither printed
        one), cards, muck and fold street kept from the first that has them; the name is
        the last line's; the line the first's.

        >>> t = SummarySeatTable()
        >>> t.add(2, "Ann", won=5, line=7)
        >>> t.add(2, "Ann", won=3, showed=(1, 2), line=8)
        >>> t.merge_last_into(0)
        >>> t.won, t.showed, t.lines
        ([8], [(1, 2)], [7])
        """
        last = len(self.players) - 1
        before, now = self.won[k], self.won[last]
        self.won[k] = None if before is None and now is None else (before or 0) + (now or 0)
        self.players[k] = self.players[last]
        self.showed[k] = self.showed[k] or self.showed[last]
        self.mucked[k] = self.mucked[k] or self.mucked[last]
        self.folded_streets[k] = self.folded_streets[k] or self.folded_streets[last]
        self.cashed_out[k] = False
        for column in self._COLUMNS:
            del getattr(self, column)[last]
        self._records = None

    def record(self, i: int) -> SummarySeat:
        from omahahh.model import SummarySeat

        return SummarySeat(
            seat=self.seat_numbers[i],
            player=self.players[i],
            won=self.won[i],
            showed=self.showed[i],
            mucked=self.mucked[i],
            folded_street=self.folded_streets[i],
            cashed_out=self.cashed_out[i],
            line=self.lines[i],
        )


class CollectionTable(RecordTable["Collection"]):
    """The award lines: one row per :class:`~omahahh.model.Collection`."""

    __slots__ = ("amounts", "halves", "lines", "pot_indexes", "pot_labels", "runs")

    def __init__(self) -> None:
        self.players = []
        self.amounts: list[int] = []
        self.pot_indexes: list[int] = []
        self.runs: list[int] = []
        self.halves: list[str | None] = []
        self.pot_labels: list[str] = []
        self.lines: list[int] = []
        self._records = None

    def add(
        self,
        player: str,
        amount: int,
        pot_index: int,
        run: int = 0,
        half: str | None = None,
        pot_label: str = "pot",
        line: int = 0,
    ) -> None:
        self._records = None
        self.players.append(player)
        self.amounts.append(amount)
        self.pot_indexes.append(pot_index)
        self.runs.append(run)
        self.halves.append(half)
        self.pot_labels.append(pot_label)
        self.lines.append(line)

    def set_pot(self, i: int, pot_index: int, pot_label: str) -> None:
        """The ``i``-th award came from pot ``pot_index`` (said after the line was read)."""
        self.pot_indexes[i] = pot_index
        self.pot_labels[i] = pot_label
        self._records = None

    def set_amount(self, i: int, amount: int) -> None:
        """The ``i``-th award was ``amount`` (a reader taking a returned bet out of it)."""
        self.amounts[i] = amount
        self._records = None

    def append(self, c: Collection) -> None:
        self.add(c.player, c.amount, c.pot_index, c.run, c.half, c.pot_label, c.line)

    def record(self, i: int) -> Collection:
        from omahahh.model import Collection

        return Collection(
            player=self.players[i],
            amount=self.amounts[i],
            pot_index=self.pot_indexes[i],
            run=self.runs[i],
            half=self.halves[i],
            pot_label=self.pot_labels[i],
            line=self.lines[i],
        )


class ShowTable(RecordTable["Show"]):
    """The cards shown or mucked face-up: one row per :class:`~omahahh.model.Show`."""

    __slots__ = ("cards", "descriptions", "lines", "mucked")

    def __init__(self) -> None:
        self.players = []
        self.cards: list[tuple[int, ...]] = []
        self.descriptions: list[str | None] = []
        self.mucked: list[bool] = []
        self.lines: list[int] = []
        self._records = None

    def add(
        self,
        player: str,
        cards: tuple[int, ...],
        description: str | None = None,
        mucked: bool = False,
        line: int = 0,
    ) -> None:
        self._records = None
        self.players.append(player)
        self.cards.append(cards)
        self.descriptions.append(description)
        self.mucked.append(mucked)
        self.lines.append(line)

    def add_description(self, i: int, words: str) -> None:
        """More words on the ``i``-th show (``; ``-joined), e.g. the low of a Hi/Lo hand
        printed on a later line."""
        before = self.descriptions[i]
        self.descriptions[i] = f"{before}; {words}" if before else words
        self._records = None

    def append(self, s: Show) -> None:
        self.add(s.player, s.cards, s.description, s.mucked, s.line)

    def record(self, i: int) -> Show:
        from omahahh.model import Show

        return Show(
            player=self.players[i],
            cards=self.cards[i],
            description=self.descriptions[i],
            mucked=self.mucked[i],
            line=self.lines[i],
        )


class UncalledTable(RecordTable["UncalledReturn"]):
    """The uncalled-bet lines: one row per :class:`~omahahh.model.UncalledReturn`."""

    __slots__ = ("amounts", "lines", "streets")

    def __init__(self) -> None:
        self.players = []
        self.amounts: list[int] = []
        self.streets: list[Street] = []
        self.lines: list[int] = []
        self._records = None

    def add(self, player: str, amount: int, street: Street, line: int = 0) -> None:
        self._records = None
        self.players.append(player)
        self.amounts.append(amount)
        self.streets.append(street)
        self.lines.append(line)

    def append(self, u: UncalledReturn) -> None:
        self.add(u.player, u.amount, u.street, u.line)

    def record(self, i: int) -> UncalledReturn:
        from omahahh.model import UncalledReturn

        return UncalledReturn(
            player=self.players[i],
            amount=self.amounts[i],
            street=self.streets[i],
            line=self.lines[i],
        )


def amounts_by_player(lines: CollectionTable | UncalledTable) -> dict[str, int]:
    """Each player's sum of ``lines``' amounts (award or uncalled-bet lines), in the order
    players first appear.

    >>> t = CollectionTable()
    >>> t.add("Ann", 5, 0); t.add("Bob", 2, 1); t.add("Ann", 3, 1)
    >>> amounts_by_player(t)
    {'Ann': 8, 'Bob': 2}
    """
    players, amounts = lines.players, lines.amounts
    if len(players) < 2:  # most hands: one award line, no or one uncalled bet
        return {players[0]: amounts[0]} if players else {}
    out: dict[str, int] = {}
    for i, player in enumerate(players):  # equal columns: no zip(strict=True) a hand
        out[player] = out.get(player, 0) + amounts[i]
    return out


T = TypeVar("T", SeatTable, SummarySeatTable, CollectionTable, ShowTable, UncalledTable)


def as_table(kind: type[T], rows: Sequence[object]) -> T:
    """``rows`` as a ``kind`` table: itself when a reader built one, else made from the
    records (a hand built in code, e.g. by a test or ``dataclasses.replace``).

    >>> from omahahh.model import Collection
    >>> as_table(CollectionTable, [Collection(player="Ann", amount=5, pot_index=0)]).amounts
    [5]
    """
    if isinstance(rows, kind):
        return rows
    return kind.of(rows)  # type: ignore[arg-type]
