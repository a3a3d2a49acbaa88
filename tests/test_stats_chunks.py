"""Statistics summed chunk by chunk (datasets larger than memory) equal the one-pass table."""

from __future__ import annotations

from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from omahahh.dataset.ingest import ingest
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import chunk_count, dataset_tables, player_stats
from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def dataset(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("chunks") / "ds"
    ingest([SAMPLES, corpus / "PokerStars", corpus / "GGPoker", corpus / "Winamax"], root)
    return root


@pytest.mark.parametrize("by", [(), ("position",), ("category",), ("variant", "stakes")])
def test_chunked_sums_equal_one_pass(dataset: Path, by: tuple[str, ...]) -> None:
    tables = dataset_tables(str(dataset))
    assert chunk_count(tables, 40) >= 5  # the dataset really is cut in several chunks
    whole = player_stats(tables, by=by, counts=True, hands_per_chunk=0)
    chunked = player_stats(tables, by=by, counts=True, hands_per_chunk=40)
    assert whole.height > 20
    assert_frame_equal(chunked, whole, check_exact=False, rel_tol=1e-12)


def test_chunked_with_filters_and_min_hands(dataset: Path) -> None:
    tables = dataset_tables(str(dataset))
    wanted = StatsFilter(sites=("pokerstars",), min_hands=2)
    whole = player_stats(tables, wanted, hands_per_chunk=0)
    assert_frame_equal(
        player_stats(tables, wanted, hands_per_chunk=30), whole, check_exact=False, rel_tol=1e-12
    )


def test_chunked_sums_from_frames_without_files_equal_one_pass(dataset: Path) -> None:
    """Tables given as plain lazy frames (no folder to read parts from) spill by streaming."""
    tables = dict(dataset_tables(str(dataset)))
    whole = player_stats(tables, hands_per_chunk=0)
    assert_frame_equal(
        player_stats(tables, hands_per_chunk=50), whole, check_exact=False, rel_tol=1e-12
    )
