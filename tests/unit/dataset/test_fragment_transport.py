"""A fragment crosses a process boundary (a worker to the driver, a Dask task to its
client) as compressed Arrow IPC streams (``Fragment.__reduce__``): it must arrive equal,
schema and all, and much smaller than its frames pickled."""

from __future__ import annotations

import pickle
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.fragments import Fragment
from omahahh.dataset.pipeline import process_file, process_text
from omahahh.dataset.tables import TABLES
from omahahh.parsers.registry import expand_paths
from tests.helpers.paths import SAMPLES


def _assert_same(got: Fragment, want: Fragment) -> None:
    assert got.frames.keys() == want.frames.keys()
    for table, frame in want.frames.items():
        assert got.frames[table].schema == frame.schema, table
        assert got.frames[table].equals(frame), table
    assert (got.blocks, got.files, got.owners) == (want.blocks, want.files, want.owners)


def test_fragment_arrives_equal_with_every_table_filled() -> None:
    fragments = [process_file(p) for p in expand_paths([SAMPLES])]  # every room's samples
    frames = {t: pl.concat([f.frames[t] for f in fragments]) for t in TABLES}
    assert all(frames[t].height for t in TABLES if t != "failures")
    whole = Fragment(frames=frames, blocks=7, files=3, owners={"actions": [0, 0, 1]})
    _assert_same(pickle.loads(pickle.dumps(whole)), whole)


def test_fragment_of_a_failure_only_arrives_equal() -> None:
    fragment = process_text("PokerStars Hand #1: nonsense\n", "bad.txt")
    assert fragment.failures == 1 and fragment.hands == 0
    _assert_same(pickle.loads(pickle.dumps(fragment)), fragment)


@pytest.mark.corpus
def test_fragment_travels_in_a_fraction_of_its_frames_pickled(corpus: Path) -> None:
    fragments = [process_file(p) for p in sorted((corpus / "PokerStars").rglob("*.txt"))]
    frames = {t: pl.concat([f.frames[t] for f in fragments]) for t in TABLES}
    whole = Fragment(frames=frames, blocks=0)
    plain = sum(len(pickle.dumps(frame)) for frame in frames.values())
    assert len(pickle.dumps(whole)) < plain / 2  # 2.6x smaller measured
