"""The local pool forks its workers (no start-up cost), and polars is not fork-safe: a
forked child that runs a polars operation needing its thread pool, after the parent has
used that pool, waits forever (seen with ``DataFrame.filter`` in a worker). A run that
extends a dataset uses polars in the parent before the pool starts, so the per-file step
must never need the pool. This runs that case over every room's corpus files in a child
process with a time limit: a hang fails the test instead of stalling the suite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

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


def test_forked_workers_finish_after_the_parent_used_polars(corpus: Path, tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(corpus), str(tmp_path / "ds")],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its pool's workers too are killed if it hangs
    )
    try:
        stdout, stderr = child.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError(f"ingest with 2 workers still running after {TIME_LIMIT} s") from None
    assert child.returncode == 0, stderr[-3000:]
    blocks, taken, again = map(int, stdout.split())
    assert blocks > 1000 and taken <= blocks
    assert again == 0  # the second run found every hand already in the dataset
