"""The compiled walk's decisions, kept as its arrays and made into records only when read.

The compiled walk (:mod:`omahahh.replay.batch_walk`) gives a row of integers per action of
a batch. A :class:`Decision` per action (its 18 fields made Python objects, then the
tuple) would cost more than the walk itself, for records the pipeline hardly reads. The
audit looks only at the actions its batch masks mark (:mod:`omahahh.audit.betting_masks`,
none in most hands) and the ``actions`` table takes four numbers per action.
:class:`HandDecisions` is a hand's part of the batch: a sequence of :class:`Decision`
made on demand, equal to the list the Python walk gives, and :func:`table_values` gives
the table's four columns as lists cut from the batch's (converted once a batch).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from omahahh.model import STREETS
from omahahh.replay.betting import Decision

__all__ = ["BatchDecisions", "HandDecisions", "TableValues", "table_values"]

TableValues = tuple[
    Sequence[int | None], Sequence[int | None], Sequence[int | None], Sequence[int | None]
]
"""Per action: ``pot_before``, ``to_call``, ``min_raise_to``, ``max_raise_to``."""


class BatchDecisions:
    """A batch's decisions as the kernel wrote them (``out``: a row per action, its columns
    :class:`Decision`'s from ``expected_seat`` on, ``none`` for None) beside each action's
    ``seq``, ``seat`` and street code. ``table_columns``: the kernel's columns of the
    ``actions`` table's pot, to-call, min-to and max-to."""

    __slots__ = (
        "_booleans", "_columns", "_none", "_optional", "_out", "_seat", "_seq", "_street",
        "_table",
    )  # fmt: skip

    def __init__(
        self,
        out: Any,
        seq: Any,
        seat: Any,
        street: Any,
        none: int,
        booleans: frozenset[int],
        optional: frozenset[int],
        table_columns: tuple[int, int, int, int],
    ) -> None:
        self._out = out
        self._seq = seq
        self._seat = seat
        self._street = street
        self._none = none
        self._booleans = booleans  # columns holding 0/1 for a bool
        self._optional = optional  # columns where ``none`` stands for None
        self._columns = table_columns
        self._table: tuple[list[int | None], ...] | None = None

    def row(self, i: int) -> Decision:
        """The :class:`Decision` of the batch's ``i``-th action."""
        none, booleans, optional = self._none, self._booleans, self._optional
        values: list[object] = [int(self._seq[i]), int(self._seat[i])]
        values.append(STREETS[int(self._street[i])])
        for c, v in enumerate(self._out[i].tolist()):
            if c in booleans:
                values.append(v == 1)
            elif c in optional and v == none:
                values.append(None)
            else:
                values.append(v)
        return Decision(*values)  # type: ignore[arg-type]  # the kernel's column order

    def table(self) -> tuple[list[int | None], ...]:
        """The four columns of the ``actions`` table for the whole batch (read once)."""
        if self._table is None:
            columns: list[list[int | None]] = []
            for c in self._columns:
                column = self._out[:, c]
                if c in self._optional:
                    column = column.astype(object)  # Python ints, None where NONE
                    column[self._out[:, c] == self._none] = None
                columns.append(column.tolist())
            self._table = tuple(columns)
        return self._table


class HandDecisions(Sequence[Decision]):
    """One hand's decisions: rows ``start`` to ``stop`` of a :class:`BatchDecisions`."""

    __slots__ = ("batch", "start", "stop")

    def __init__(self, batch: BatchDecisions, start: int, stop: int):
        self.batch = batch
        self.start = start
        self.stop = stop

    def __len__(self) -> int:
        return self.stop - self.start

    @overload
    def __getitem__(self, index: int) -> Decision: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Decision]: ...
    def __getitem__(self, index: int | slice) -> Decision | Sequence[Decision]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = self.stop - self.start
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("decision index out of range")
        return self.batch.row(self.start + index)

    def __iter__(self) -> Iterator[Decision]:
        return (self.batch.row(i) for i in range(self.start, self.stop))

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same decisions (the Python walk gives a list)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # equal to lists, so not hashable

    def __repr__(self) -> str:
        return f"HandDecisions({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))  # pickled as the plain list it stands for

    def table_values(self) -> TableValues:
        pot, to_call, min_to, max_to = self.batch.table()
        a, b = self.start, self.stop
        return pot[a:b], to_call[a:b], min_to[a:b], max_to[a:b]


def table_values(decisions: Sequence[Decision]) -> TableValues:
    """``pot_before``, ``to_call``, ``min_raise_to``, ``max_raise_to`` of each decision,
    as lists: cut from the batch's columns for :class:`HandDecisions`, else read off each
    record. ``table_values([d])`` for a decision with pot 30, 10 to call, raises to 40-70
    is ``([30], [10], [40], [70])``."""
    if isinstance(decisions, HandDecisions):
        return decisions.table_values()
    return (
        [d.pot_before for d in decisions],
        [d.to_call for d in decisions],
        [d.min_raise_to for d in decisions],
        [d.max_raise_to for d in decisions],
    )
