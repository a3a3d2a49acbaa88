"""Incremental ingest looks keys up in a sorted index of the dataset's keys (an anti-join)."""

from __future__ import annotations

import polars as pl

from omahahh.dataset.store import KeyIndex


def test_lookup_finds_stored_keys_and_only_those() -> None:
    index = KeyIndex(
        pl.DataFrame({"hand_key": ["s:3", "s:1", "g:9"], "text_hash": ["c", "a", "z"]})
    )
    got = index.lookup(pl.Series(["s:1", "s:2", "g:9", "zz", "a", "s:3"]))
    assert got == ["a", None, "z", None, None, "c"]


def test_empty_index_and_empty_query() -> None:
    empty = KeyIndex(
        pl.DataFrame(
            {"hand_key": [], "text_hash": []},
            schema=[("hand_key", pl.String), ("text_hash", pl.String)],
        )
    )
    assert empty.lookup(pl.Series(["x"])) == [None]
    full = KeyIndex(pl.DataFrame({"hand_key": ["x"], "text_hash": ["h"]}))
    assert full.lookup(pl.Series([], dtype=pl.String)) == []
