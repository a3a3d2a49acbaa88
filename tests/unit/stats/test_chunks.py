"""Statistics summed chunk by chunk (datasets larger than memory) equal the one-pass table."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from omahahh.dataset.ingest import ingest
from omahahh.stats.facts import _money, player_hands
from omahahh.stats.filters import StatsFilter
from omahahh.stats.frames import HAND
from omahahh.stats.players import chunk_count, dataset_tables, player_stats, summarize
from tests.helpers.paths import SAMPLES


@pytest.fixture(scope="module")
def dataset(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("chunks") / "ds"
    ingest([SAMPLES, corpus / "PokerStars", corpus / "GGPoker", corpus / "Winamax"], root)
    return root


@pytest.mark.corpus
@pytest.mark.parametrize("by", [(), ("position",), ("category",), ("variant", "stakes")])
def test_chunked_sums_equal_one_pass(dataset: Path, by: tuple[str, ...]) -> None:
    tables = dataset_tables(str(dataset))
    assert chunk_count(tables, 40) >= 5  # the dataset really is cut in several chunks
    whole = player_stats(tables, by=by, counts=True, hands_per_chunk=0)
    chunked = player_stats(tables, by=by, counts=True, hands_per_chunk=40)
    assert whole.height > 20
    assert_frame_equal(chunked, whole, check_exact=False, rel_tol=1e-12)


@pytest.mark.corpus
def test_chunked_with_filters_and_min_hands(dataset: Path) -> None:
    tables = dataset_tables(str(dataset))
    wanted = StatsFilter(sites=("pokerstars",), min_hands=2)
    whole = player_stats(tables, wanted, hands_per_chunk=0)
    assert_frame_equal(
        player_stats(tables, wanted, hands_per_chunk=30), whole, check_exact=False, rel_tol=1e-12
    )


@pytest.mark.corpus
def test_chunked_sums_from_frames_without_files_equal_one_pass(dataset: Path) -> None:
    """Tables given as plain lazy frames (no folder to read parts from) spill by streaming."""
    tables = dict(dataset_tables(str(dataset)))
    whole = player_stats(tables, hands_per_chunk=0)
    assert_frame_equal(
        player_stats(tables, hands_per_chunk=50), whole, check_exact=False, rel_tol=1e-12
    )


@pytest.mark.corpus
def test_sums_do_not_depend_on_the_order_of_the_hands(dataset: Path) -> None:
    """``net_bb`` and ``bb_per_100`` are summed as integers (whole big blinds, billionths):
    the same hands in another order give the same table to the last bit, and chunked sums
    equal the one-pass table exactly (summed as floats they differed run to run)."""
    tables = dataset_tables(str(dataset))
    rows = player_hands(tables).collect()
    forward = summarize(rows.lazy(), counts=True)
    shuffled = summarize(rows.sample(fraction=1.0, shuffle=True, seed=7).lazy(), counts=True)
    reverse = summarize(rows.reverse().lazy(), counts=True)
    assert forward["net_bb"].null_count() == 0 and forward.height > 20
    assert_frame_equal(shuffled, forward, check_exact=True)
    assert_frame_equal(reverse, forward, check_exact=True)
    whole = player_stats(tables, counts=True, hands_per_chunk=0)
    assert_frame_equal(player_stats(tables, counts=True, hands_per_chunk=40), whole)


@pytest.mark.corpus
def test_net_bb_is_null_without_a_big_blind_and_exact_to_a_millionth(dataset: Path) -> None:
    """A hand's net in big blinds: whole big blinds and billionths (facts._money); a hand
    with no big blind has none (it was inf); summed, three thirds make one big blind."""
    money = pl.DataFrame(
        {
            HAND: ["a", "b", "c", "d"],
            "invested": [0, 0, 0, 5],
            "won": [1, 1, 1, 0],
            "put_in": [0, 0, 0, 5],
            "collected_reported": [1, 1, 1, 0],
            "big_blind": [3, 3, 3, 0],
        }
    ).with_columns(
        pl.lit(None, pl.Int64).alias(c)
        for c in ("uncalled_reported", "cashout_reported", "cashout_fee_reported", "small_bet")
    )
    derived = _money(money)
    assert derived["net_bb_whole"].to_list() == [0, 0, 0, None]
    assert derived["net_bb_parts"].to_list() == [333_333_333] * 3 + [None]
    assert derived["net_bb"].to_list()[3] is None
    rows = player_hands(dataset_tables(str(dataset))).collect()
    busiest = rows["player"].value_counts(sort=True)["player"][0]
    player = rows.filter(pl.col("player") == busiest).head(3)
    columns = ["net_won", "net_bb", "net_bb_whole", "net_bb_parts"]
    thirds = player.with_columns(derived.head(3).select(columns))
    out = summarize(thirds.lazy())
    assert out["net_bb"].to_list() == [1.0]  # as floats: 0.9999999999999999
    assert out["bb_per_100"].to_list() == [pytest.approx(100 / 3)]
    blind_less = player.with_columns(pl.concat([derived.tail(1)] * 3).select(columns))
    out = summarize(blind_less.lazy())
    assert out["net_bb"].to_list() == [None] and out["bb_per_100"].to_list() == [None]
