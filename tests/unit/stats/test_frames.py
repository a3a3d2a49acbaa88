"""Hand numbering and run arithmetic: the same figures whatever the row order of the tables."""

from __future__ import annotations

import polars as pl

from omahahh.dataset.pipeline import process_text
from omahahh.stats.frames import HAND, HandIndex, count_before, run_total, starts, with_hand_ids
from omahahh.stats.players import player_stats, tables_of
from tests.helpers.stats_hands import HILO, SESSION


def test_count_before_and_run_total_stay_within_runs() -> None:
    frame = pl.DataFrame({"g": [1, 1, 1, 2, 2, 3], "x": [1, 0, 1, 1, 1, 0]})
    first, last = starts("g"), ~pl.col("g").eq(pl.col("g").shift(-1)).fill_null(False)
    out = frame.select(
        count_before(pl.col("x") == 1, first).alias("before"),
        run_total(pl.col("x"), first, last).alias("total"),
    )
    assert out["before"].to_list() == [0, 1, 1, 0, 1, 0]
    assert out["total"].to_list() == [2, 2, 2, 2, 2, 0]


def test_with_hand_ids_maps_runs_and_skips_unselected_hands() -> None:
    hands = pl.DataFrame({"hand_key": ["b", "a"]}).with_row_index(HAND)
    frame = pl.DataFrame({"hand_key": ["a", "a", "c", "b"], "seq": [0, 1, 0, 0]})
    out = with_hand_ids(frame, HandIndex(hands), order="seq")
    assert out.select("hand_key", HAND, "seq").rows() == [("a", 1, 0), ("a", 1, 1), ("b", 0, 0)]


def test_with_hand_ids_sorts_rows_that_are_not_together_or_not_in_order() -> None:
    hands = pl.DataFrame({"hand_key": ["a", "b"]}).with_row_index(HAND)
    frame = pl.DataFrame({"hand_key": ["a", "b", "a", "b"], "seq": [1, 0, 0, 1]})
    out = with_hand_ids(frame, HandIndex(hands), order="seq")
    assert out.select("hand_key", "seq").rows() == [("a", 0), ("a", 1), ("b", 0), ("b", 1)]


def test_statistics_do_not_depend_on_the_order_of_rows() -> None:
    frames = process_text(SESSION + "\n\n\n" + HILO).frames
    expected = player_stats(tables_of(frames))
    shuffled = {
        name: frame.sample(fraction=1.0, shuffle=True, seed=7) for name, frame in frames.items()
    }
    assert player_stats(tables_of(shuffled)).equals(expected)
