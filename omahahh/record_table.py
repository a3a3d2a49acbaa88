"""What every column table of a hand shares: a ``Sequence`` of records kept as columns.

A reader appends a line's values to one list per field (no record made); the hot path
reads whole columns; the code that wants records (reports, exports, rare rooms' fix-ups)
indexes or iterates the table, which builds each record once (until the table changes).
A table equals, hashes and pickles as the tuple of its records, so a
:class:`~omahahh.model.HandRecord` holding one compares equal to one holding that tuple.

Each table (:class:`~omahahh.action_table.ActionTable`, the ones in
:mod:`omahahh.hand_tables`) names its column lists in ``__slots__`` and says how its
``i``-th row becomes a record (:meth:`RecordTable.record`) and a record a row
(:meth:`RecordTable.append`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar, overload

R = TypeVar("R")


class RecordTable(Sequence[R], Generic[R]):
    """A hand's records of one kind, in the order read, one list per field.

    Readers own it while they read; once it is in a :class:`~omahahh.model.HandRecord`
    nobody changes it. The column lists are for reading: a change made to them directly
    would not reach the records already built for iteration.
    """

    __slots__ = ("_records", "players")
    players: list[str]
    """Whose each row is: every table has this column (and its length is the table's)."""
    _records: tuple[R, ...] | None
    _COLUMNS: ClassVar[tuple[str, ...]] = ("players",)
    """The column lists' names: ``players`` and the public slots of the table's own class."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        own = tuple(name for name in cls.__slots__ if not name.startswith("_"))
        cls._COLUMNS = ("players", *own)

    @classmethod
    def of(cls, records: Iterable[R]) -> Self:
        """The table of ``records``, in their order."""
        table = cls()
        for r in records:
            table.append(r)
        return table

    def append(self, record: R) -> None:  # pragma: no cover - each table has its own
        """One record's values as a new row."""
        raise NotImplementedError

    def record(self, i: int) -> R:  # pragma: no cover - each table has its own
        """The ``i``-th row (0-based, not negative) as a record."""
        raise NotImplementedError

    def records(self) -> tuple[R, ...]:
        """Every row as a record, built once (until the table changes)."""
        if self._records is None:
            self._records = tuple(self.record(k) for k in range(len(self)))
        return self._records

    def __setitem__(self, i: int, record: R) -> None:
        """Row ``i`` becomes ``record``'s values (a reader mending a line already read)."""
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        rows: list[R] = list(self.records())
        rows[i] = record
        fresh = type(self).of(rows)
        for column in self._COLUMNS:
            setattr(self, column, getattr(fresh, column))
        self._records = None

    def __len__(self) -> int:
        return len(self.players)

    @overload
    def __getitem__(self, i: int) -> R: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[R, ...]: ...

    def __getitem__(self, i: int | slice) -> R | tuple[R, ...]:
        if self._records is not None:
            return self._records[i]
        # A table still growing (a reader looking at its last rows line after line) builds
        # only the rows asked for: building them all each time made reading quadratic.
        if isinstance(i, slice):
            return tuple(self.record(k) for k in range(*i.indices(len(self))))
        n = len(self)
        k = i + n if i < 0 else i
        if not 0 <= k < n:
            raise IndexError(i)
        return self.record(k)

    def __iter__(self) -> Iterator[R]:
        return iter(self.records())

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return all(getattr(self, c) == getattr(other, c) for c in self._COLUMNS)
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self.records() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.records())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.records())!r})"

    def __getstate__(self) -> tuple[list[Any], ...]:
        return tuple(getattr(self, column) for column in self._COLUMNS)  # not the records

    def __setstate__(self, state: tuple[list[Any], ...]) -> None:
        for column, values in zip(self._COLUMNS, state, strict=True):
            setattr(self, column, values)
        self._records = None
