"""The local pool forks its workers (no start-up cost), and polars is not fork-safe: a
forked child that runs a polars operation needing its thread pool, after the parent has
used that pool, waits forever (seen with ``DataFrame.filter`` in a worker). A run that
extends a dataset uses polars in the parent before the pool starts, so the per-file step
must never need the pool. This runs that case over every room's corpus files in a child
process with a time limit: a hang fails the test instead of stalling the suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.runtime import run_fresh_python

TIME_LIMIT = 300
"""Seconds; the run takes ~7 s."""

CHILD = """
import sys
import polars as pl
from omahahh.dataset.ingest import IngestOptions, ingest

frame = pl.DataFrame({"a": list(range(200_000)), "b": [i % 7 for i in range(200_000)]})
frame.filter(pl.col("a") > 5).group_by("b").agg(pl.col("a").sum())  # the parent's pool, busy
first = ingest([sys.argv[1]], sys.argv[2], IngestOptions(workers=2))
again = ingest([sys.argv[1]], sys.argv[2], IngestOptions(workers=2))  # extends: keys loaded
print(first.blocks, first.parsed + first.failures, again.parsed)
"""


@pytest.mark.corpus
def test_forked_workers_finish_after_the_parent_used_polars(corpus: Path, tmp_path: Path) -> None:
    stdout = run_fresh_python(CHILD, str(corpus), str(tmp_path / "ds"), limit=TIME_LIMIT)
    blocks, taken, again = map(int, stdout.split())
    assert blocks > 1000 and taken <= blocks
    assert again == 0  # the second run found every hand already in the dataset
