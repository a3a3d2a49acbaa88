"""Rows of the dataset's tables: a misspelt column or a value of the wrong type fails loudly.

Rows were once ``**kwargs`` dicts read with ``.get`` and built with
``strict=False``, so a misspelt column silently became a null column.
"""

from __future__ import annotations

from datetime import UTC

import pytest

from omahahh.dataset.fragments import FragmentBuilder, _frame


def test_a_misspelt_column_name_is_an_error_not_a_null() -> None:
    with pytest.raises(KeyError, match="hand_kee"):
        FragmentBuilder()._row("hands", hand_kee="pokerstars:1")


def _rows(table: str, **values: object) -> list[tuple[object, ...]]:
    builder = FragmentBuilder()
    builder._row(table, **values)
    return builder.rows[table]


def test_a_value_of_the_wrong_type_is_an_error_not_a_null() -> None:
    with pytest.raises(TypeError, match="players_dealt"):
        _frame("hands", _rows("hands", players_dealt="three"))


def test_a_column_left_out_is_null() -> None:
    frame = _frame("hands", _rows("hands", hand_key="pokerstars:1"))
    assert frame["hand_key"].to_list() == ["pokerstars:1"]
    assert frame["players_dealt"].to_list() == [None]


def test_a_time_stamp_of_the_wrong_type_is_an_error_not_a_null() -> None:
    with pytest.raises(Exception, match=r"started_at|timestamp|datetime|str"):
        _frame("hands", _rows("hands", started_at="yesterday"))


def test_time_stamps_keep_their_instant_and_nulls() -> None:
    from datetime import datetime, timedelta, timezone

    utc = datetime(2024, 3, 1, 17, 5, 9, tzinfo=UTC)
    paris = utc.astimezone(timezone(timedelta(hours=1)))  # the same instant elsewhere
    builder = FragmentBuilder()
    for when in (utc, paris, None):
        builder._row("hands", hand_key="k", started_at=when)
    frame = _frame("hands", builder.rows["hands"])
    assert str(frame["started_at"].dtype) == "Datetime(time_unit='us', time_zone='UTC')"
    assert frame["started_at"].to_list() == [utc, utc, None]
