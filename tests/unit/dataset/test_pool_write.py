"""The local pool's workers write their own parts where forking allows
(:mod:`omahahh.dataset.pool_write`): the dataset must be the one the driver would write.

A worker may write Parquet only if the driver had not started polars' thread pool when
it forked; this test process has, so runs that must take the workers' path run in a
fresh interpreter, with a time limit (a hang fails the test instead of the suite).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.pool_write import (
    POOL_WRITES_ENV,
    WorkerParts,
    _adopt,
    _check_complete,
    fork_is_safe,
)
from omahahh.dataset.store import DatasetWriter, scan, write_part
from omahahh.dataset.tables import TABLES, schema
from omahahh.dataset.verify import verify
from omahahh.errors import DatasetError
from tests.helpers.runtime import run_fresh_python

TIME_LIMIT = 300
"""Seconds for one run in a fresh interpreter (the corpus with 2 workers takes ~10 s)."""

INGEST = """
import json, os, sys
from omahahh.dataset.ingest import IngestOptions, StrictModeFailure, ingest
strict = os.environ.get("TEST_STRICT") == "1"
try:
    c = ingest(sys.argv[2:], sys.argv[1], IngestOptions(workers=2, strict=strict))
except StrictModeFailure as exc:
    print(json.dumps(["strict", str(exc)]))
else:
    print(json.dumps([c.parts_from, c.files, c.blocks, c.parsed, c.duplicates, c.failures]))
"""


def fresh_ingest(out: Path, *inputs: Path, env: dict[str, str] | None = None) -> list[object]:
    """``ingest(inputs, out, workers=2)`` in a new interpreter: (parts_from, counts...)."""
    stdout = run_fresh_python(INGEST, str(out), *map(str, inputs), limit=TIME_LIMIT, env=env)
    answer: list[object] = json.loads(stdout.splitlines()[-1])
    return answer


def counts(c: object) -> list[object]:
    return [getattr(c, k) for k in ("files", "blocks", "parsed", "duplicates", "failures")]


def sorted_table(root: Path, name: str) -> pl.DataFrame:
    return scan(root, name).collect().sort(pl.all())


@pytest.fixture(scope="module")
def inputs(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every room's corpus files, then a copy of the PokerStars ones (every hand a
    duplicate of an earlier file) and a copy of one file with other amounts (the same
    hand keys from another text: conflicts)."""
    extra = tmp_path_factory.mktemp("pool_inputs")
    shutil.copytree(corpus / "PokerStars", extra / "stars_again")
    first = sorted(p for p in (corpus / "PokerStars").rglob("*.txt"))[0]
    text = first.read_text(encoding="utf-8", errors="replace")
    (extra / "conflicts.txt").write_text(text.replace("$0.", "$9."), encoding="utf-8")
    return [corpus, extra / "stars_again", extra / "conflicts.txt"]


def test_fork_is_safe_until_polars_starts_its_thread_pool() -> None:
    code = (
        "import polars as pl\n"
        "from omahahh.dataset.pool_write import fork_is_safe\n"
        "before = fork_is_safe()\n"
        "pl.DataFrame({'a': list(range(100_000))}).group_by('a').len()\n"
        "print(before, fork_is_safe())\n"
    )
    assert run_fresh_python(code, limit=120).split() == ["True", "False"]


@pytest.mark.corpus
def test_workers_write_the_dataset_the_driver_writes(inputs: list[Path], tmp_path: Path) -> None:
    """Duplicates across workers' files, conflicts and failure rows included, then an
    extending run where every hand is already in the dataset."""
    by_workers = tmp_path / "workers"
    answer = fresh_ingest(by_workers, *inputs)
    by_driver = tmp_path / "driver"
    driver_counts = ingest(inputs, by_driver)  # one process: the driver writes
    assert answer[0] == "workers"
    assert answer[1:] == counts(driver_counts)
    assert driver_counts.duplicates > 100 and driver_counts.failures > 10
    for name in TABLES:
        assert sorted_table(by_workers, name).equals(sorted_table(by_driver, name)), name
    assert not list(by_workers.rglob("_incoming"))
    assert not any(verify(by_workers).problems.values())

    again = fresh_ingest(by_workers, inputs[1])
    assert again[0] == "workers" and again[3] == 0  # nothing new: every part taken out
    for name in TABLES:
        assert sorted_table(by_workers, name).equals(sorted_table(by_driver, name)), name
    assert not any(verify(by_workers).problems.values())


@pytest.mark.corpus
def test_driver_writes_when_told_to(corpus: Path, tmp_path: Path) -> None:
    answer = fresh_ingest(tmp_path / "ds", corpus / "PokerStars", env={POOL_WRITES_ENV: "driver"})
    assert answer[0] == "driver"


@pytest.mark.corpus
def test_driver_writes_once_polars_thread_pool_runs(corpus: Path, tmp_path: Path) -> None:
    pl.DataFrame({"a": list(range(100_000))}).group_by("a").len()  # this process's pool runs
    assert not fork_is_safe()
    c = ingest([corpus / "PokerStars"], tmp_path / "ds", IngestOptions(workers=2))
    assert c.parts_from == "driver" and c.parsed > 0


def test_a_worker_whose_parts_miss_hands_fails_the_run() -> None:
    done = [WorkerParts("a", 10), WorkerParts("b", 4)]
    _check_complete({"a": 10, "b": 4}, done)
    with pytest.raises(DatasetError, match="worker b sent 5 hands' keys but its parts hold 4"):
        _check_complete({"a": 10, "b": 5}, done)
    with pytest.raises(DatasetError, match="worker c sent 1 hands' keys but its parts hold none"):
        _check_complete({"a": 10, "c": 1}, done)  # a worker replaced after it died


def _hands(*keys: str) -> pl.DataFrame:
    columns = schema("hands")
    return (
        pl.DataFrame({"hand_key": list(keys)})
        .with_columns(
            [pl.lit(None, dtype=t).alias(c) for c, t in columns.items() if c != "hand_key"]
        )
        .select(list(columns))
    )


def test_a_part_holding_a_dropped_hand_is_rewritten_without_it(tmp_path: Path) -> None:
    with DatasetWriter(tmp_path / "ds") as writer:
        staging = writer.version / "_incoming" / "w"
        kept = write_part(staging / "hands", "hands", _hands("k1", "k2"))
        mixed = write_part(staging / "hands", "hands", _hands("k3", "dup"))
        _adopt(writer, WorkerParts("w", 4, [("hands", str(kept)), ("hands", str(mixed))]), {"dup"})
        assert (writer.version / "hands" / kept.name).exists()  # adopted as written
        assert not mixed.exists()
        writer.commit()
    keys = sorted(scan(tmp_path / "ds", "hands").collect()["hand_key"].to_list())
    assert keys == ["k1", "k2", "k3"]


@pytest.mark.corpus
def test_strict_run_with_workers_writing_leaves_nothing(inputs: list[Path], tmp_path: Path) -> None:
    """``--strict`` stops at the first failure: the workers' staged parts go with the run."""
    out = tmp_path / "ds"
    answer = fresh_ingest(out, *inputs, env={"TEST_STRICT": "1"})
    assert answer[0] == "strict"
    assert not out.exists()


DYING = """
import os, signal, sys
import omahahh.dataset.pool_write as pool_write
from omahahh.dataset.ingest import IngestOptions, ingest

real = pool_write.process_piece

def dies_on_marked_file(piece, *args, **kwargs):
    if "kill-me" in piece.path:
        os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer would
    return real(piece, *args, **kwargs)

pool_write.process_piece = dies_on_marked_file  # forked workers inherit it
try:
    ingest(sys.argv[2:], sys.argv[1], IngestOptions(workers=2))
except pool_write.WorkerDied as exc:
    print("died:", exc)
"""


@pytest.mark.corpus
@pytest.mark.parametrize("writes", ["workers", "driver"])
def test_a_worker_killed_mid_run_stops_the_run_instead_of_hanging(
    corpus: Path, tmp_path: Path, writes: str
) -> None:
    marked = tmp_path / "in" / "kill-me.txt"
    marked.parent.mkdir()
    shutil.copy(sorted((corpus / "PokerStars").rglob("*.txt"))[0], marked)
    out = tmp_path / "ds"
    env = {POOL_WRITES_ENV: "driver"} if writes == "driver" else {}
    said = run_fresh_python(
        DYING, str(out), str(corpus / "PokerStars"), str(marked), limit=120, env=env
    )
    assert "died: a worker process ended in the middle of the run (killed by signal 9" in said
    assert not out.exists()  # nothing committed, staging gone
