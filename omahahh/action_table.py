"""A hand's actions as columns: what readers append to, and what the hot path reads.

A hand of 13 actions read into 13 :class:`~omahahh.model.Action` records costs a
record per line, and every later step (the betting walk's arrays, the actions table)
then takes each record apart again, attribute by attribute. :class:`ActionTable`
keeps one list per field instead: a reader appends a line's values with
:meth:`ActionTable.add` (no record made), and the walk and the table writer take
whole columns. It is still a ``Sequence[Action]``: indexing or iterating it builds
the records, for the code that wants them (reports, exports, rare rooms' fix-ups),
and it equals a tuple of the same actions.

>>> from omahahh.model import Action, ActionKind, Street
>>> t = ActionTable()
>>> t.add(Street.PREFLOP, "Bob", ActionKind.POST_BIG_BLIND, 2, line=3)
>>> t.add(Street.PREFLOP, "Ann", ActionKind.RAISE, 6, to_amount=6, raise_by=4, line=4)
>>> t.amounts, t.players
([2, 6], ['Bob', 'Ann'])
>>> t[1] == Action(street=Street.PREFLOP, player="Ann", kind=ActionKind.RAISE, amount=6,
...                to_amount=6, raise_by=4, line=4)
True
>>> t == tuple(t)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omahahh.record_table import RecordTable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omahahh.model import Action, ActionKind, Street


class ActionTable(RecordTable["Action"]):
    """A hand's actions in the order printed, one list per :class:`Action` field.

    Readers own it while they read (``add``/``append``, or ``set_player``/``set_all_in``
    to mend a line already read); once it is in a :class:`~omahahh.model.HandRecord`
    nobody changes it (see :class:`~omahahh.record_table.RecordTable`).
    """

    __slots__ = (
        "all_ins",
        "amounts",
        "kinds",
        "lines",
        "raise_bys",
        "streets",
        "to_amounts",
    )

    def __init__(self) -> None:
        self.streets: list[Street] = []
        self.players = []
        self.kinds: list[ActionKind] = []
        self.amounts: list[int] = []
        self.to_amounts: list[int | None] = []
        self.raise_bys: list[int | None] = []
        self.all_ins: list[bool] = []
        self.lines: list[int] = []
        self._records = None

    def add(
        self,
        street: Street,
        player: str,
        kind: ActionKind,
        amount: int = 0,
        to_amount: int | None = None,
        raise_by: int | None = None,
        all_in: bool = False,
        line: int = 0,
    ) -> None:
        """One action's values, as :class:`Action`'s fields (with its defaults)."""
        self._records = None
        self.streets.append(street)
        self.players.append(player)
        self.kinds.append(kind)
        self.amounts.append(amount)
        self.to_amounts.append(to_amount)
        self.raise_bys.append(raise_by)
        self.all_ins.append(all_in)
        self.lines.append(line)

    def append(self, a: Action) -> None:
        """One action record's values."""
        self.add(a.street, a.player, a.kind, a.amount, a.to_amount, a.raise_by, a.all_in, a.line)

    def set_player(self, i: int, player: str) -> None:
        """The ``i``-th action was ``player``'s (a reader mending an alias)."""
        self.players[i] = player
        self._records = None

    def set_all_in(self, i: int) -> None:
        """The ``i``-th action put the player all-in (said on a later line)."""
        self.all_ins[i] = True
        self._records = None

    def record(self, i: int) -> Action:
        """The ``i``-th action (0-based, not negative) as a record."""
        from omahahh.model import Action

        return Action(
            street=self.streets[i],
            player=self.players[i],
            kind=self.kinds[i],
            amount=self.amounts[i],
            to_amount=self.to_amounts[i],
            raise_by=self.raise_bys[i],
            all_in=self.all_ins[i],
            line=self.lines[i],
        )


def action_table(actions: Sequence[Action]) -> ActionTable:
    """``actions`` as a table: itself when a reader built one, else made from the records
    (a hand built in code, e.g. by a test or ``dataclasses.replace``)."""
    return actions if isinstance(actions, ActionTable) else ActionTable.of(actions)
