"""The rows ``FragmentBuilder`` writes as plain tuples are in their table's column order.

``omahahh/dataset/fragments.py`` writes the ``hands`` row and the small child tables'
rows positionally (a keyword call costs a search per name), each value followed by a
``# column`` comment. This test reads those comments and holds them to the schema, so a
column added to ``dataset/tables.py``, or two values swapped with their comments, fails
here by name instead of landing in the wrong column.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omahahh.dataset import fragments
from omahahh.dataset.tables import schema

SOURCE = Path(fragments.__file__).read_text(encoding="utf-8")
ROW = re.compile(
    r'(?:_child_row\(\n\s+"(?P<child>\w+)",|self\.rows\["(?P<table>\w+)"\]\.append\()'
    r"\n(?P<body>.*?)\n\s+\)",
    re.S,
)
COMMENT = re.compile(r"#\s*(\w+)\s*$", re.M)


def positional_rows(source: str) -> dict[str, list[str]]:
    """Table -> the column comments of its positional row in ``source``."""
    return {m["child"] or m["table"]: COMMENT.findall(m["body"]) for m in ROW.finditer(source)}


def test_every_positional_row_is_found() -> None:
    assert set(positional_rows(SOURCE)) == {"hands", "collections", "pots", "awards", "allin"}


@pytest.mark.parametrize("table", ["hands", "collections", "pots", "awards", "allin"])
def test_positional_row_follows_schema_order(table: str) -> None:
    assert positional_rows(SOURCE)[table] == list(schema(table))


def test_swapped_columns_are_caught() -> None:
    """The check itself: two values swapped with their comments no longer match."""
    swapped = (
        SOURCE.replace("lines.runs[seq],  # run", "@@")
        .replace("lines.pot_indexes[seq],  # pot_index", "lines.runs[seq],  # run")
        .replace("@@", "lines.pot_indexes[seq],  # pot_index")
    )
    assert swapped != SOURCE
    assert positional_rows(swapped)["collections"] != list(schema("collections"))
