"""The README's room table is what the code computes from ../shared/corpus today."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.report.room_table import (
    END,
    START,
    block_of,
    count_folder,
    render,
    rewrite,
    room_counts,
)
from tests.helpers.paths import REPO


@pytest.fixture(scope="module")
def table(corpus: Path) -> str:
    return render(room_counts(corpus))


@pytest.mark.corpus
def test_readme_room_table_equals_what_the_generator_computes(table: str) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert block_of(readme) == table, (
        "README room table is stale: python -m omahahh.report.room_table ../shared/corpus README.md"
    )


@pytest.mark.corpus
def test_the_table_lists_every_corpus_folder_with_its_index_count(corpus: Path, table: str) -> None:
    folders = sorted(p.name for p in corpus.iterdir() if p.is_dir())
    for name in folders:
        assert f"| `{name}` |" in table
    assert "| `PokerStars` | 76 |" in table  # INDEX.tsv: 76 PokerStars Omaha hands


@pytest.mark.corpus
def test_counts_add_up_as_ingest_counts_them(corpus: Path) -> None:
    counts = count_folder(corpus / "PokerStars", 76)
    assert counts.rooms == ("pokerstars",)
    # 72 parsed, 1 identical copy; 2 conflicting copies are failures (duplicate_conflict).
    assert (counts.parsed, counts.duplicate_hands) == (72, 1)


def test_rewrite_replaces_only_the_marked_block() -> None:
    text = f"intro\n{START}\nold\n{END}\noutro\n"
    out = rewrite(text, "| new |")
    assert out == f"intro\n{START}\n| new |\n{END}\noutro\n"
    assert block_of(out) == "| new |"
