"""The statistics table as text and JSON (the ``table`` and ``json`` formats of ``omahahh stats``).

Text: money in the row's currency (``$1,234.50``), percentages and ratios
with one and two decimals, ``-`` where a rate has no opportunity. JSON and
the other formats keep raw values: money in minor units of ``currency``,
rates as floats (percent).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import polars as pl

from omahahh.money import format_minor, unit_of
from omahahh.stats.players import STAT_BY_NAME, Kind


def _cell(row: dict[str, Any], column: str) -> str:
    value = row[column]
    if value is None:
        return "-"
    stat = STAT_BY_NAME.get(column.removesuffix("_n").removesuffix("_of"))
    if stat is not None and column == stat.name:
        currency = str(row.get("currency") or "")
        if stat.kind is Kind.MONEY:
            return format_minor(int(value), unit_of(currency), currency)
        if stat.kind is Kind.PERCENT:
            return f"{value:.1f}"
        if stat.kind in (Kind.RATIO, Kind.BIG_BLINDS):
            return f"{value:,.2f}"
    return str(value)


def render_table(frame: pl.DataFrame, columns: Sequence[str] | None = None) -> str:
    """An aligned text table of ``frame`` (numbers right-aligned)."""
    cols = list(columns or frame.columns)
    if frame.height == 0:
        return "(no rows)"
    return aligned_table(frame, cols, _cell)


def aligned_table(
    frame: pl.DataFrame, columns: Sequence[str], cell: Callable[[dict[str, Any], str], str]
) -> str:
    """``columns`` of ``frame`` as aligned text under a header row, each value
    written by ``cell(row, column)``; numeric columns right-aligned."""
    rows = [list(columns)] + [[cell(r, c) for c in columns] for r in frame.iter_rows(named=True)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    numeric = {c for c in columns if frame.schema[c].is_numeric()}
    return "\n".join(
        "  ".join(
            text.rjust(w) if col in numeric else text.ljust(w)
            for text, w, col in zip(r, widths, columns, strict=True)
        ).rstrip()
        for r in rows
    )


def to_json(frame: pl.DataFrame, by: Sequence[str], filters: dict[str, Any]) -> str:
    """The JSON document: the grouping, the filters, and one object per row."""
    doc = {
        "by": list(by),
        "filters": filters,
        "money": "minor units of each row's currency (cents; 1 chip for CHIPS and PLAY)",
        "rates": "percent (0-100); af is a ratio; null where there was no opportunity",
        "rows": frame.to_dicts(),
    }
    return json.dumps(doc, indent=2, default=str) + "\n"
