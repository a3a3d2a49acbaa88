"""Ingest on a Dask cluster: the same dataset as one process, whatever happens.

Every test runs a real LocalCluster of two worker processes on this machine.
Datasets are compared by a hash of every table (rows sorted), as
``benchmarks/table_hashes.py`` does.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import cloudpickle
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset import cluster
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.store import VERSIONS, scan
from omahahh.dataset.tables import TABLES
from omahahh.errors import OmahahhError
from tests.helpers.paths import SAMPLES

distributed = pytest.importorskip("distributed")

# Functions of this module travel to the workers by value (they cannot import tests/).
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def table_hashes(root: Path) -> dict[str, tuple[int, str]]:
    out = {}
    for table in TABLES:
        frame = scan(root, table).collect()
        lines = sorted(frame.write_ndjson().splitlines())
        out[table] = (frame.height, hashlib.sha256("\n".join(lines).encode()).hexdigest())
    return out


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> list[Path]:
    """The samples, the PokerStars corpus and a copy of the samples (duplicates)."""
    base = tmp_path_factory.mktemp("inputs")
    copy = base / "again"
    shutil.copytree(SAMPLES, copy)
    return [SAMPLES, corpus / "PokerStars", copy]


@pytest.fixture(scope="module")
def one_process(tmp_path_factory: pytest.TempPathFactory, inputs: list[Path]) -> Path:
    root = tmp_path_factory.mktemp("one") / "ds"
    ingest(inputs, root, IngestOptions(workers=1))
    return root


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[distributed.LocalCluster]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as lc:
        yield lc


def _no_staging(root: Path) -> bool:
    versions = root / VERSIONS
    live = {(root / "current").resolve()} if (root / "current").exists() else set()
    return all(v.resolve() in live for v in versions.iterdir()) if versions.is_dir() else True


@pytest.mark.corpus
@pytest.mark.parametrize("write_from", ["driver", "workers"])
def test_local_cluster_dataset_hashes_equal_one_process(
    tmp_path: Path, inputs: list[Path], one_process: Path, write_from: str
) -> None:
    root = tmp_path / "ds"
    counts = ingest(inputs, root, IngestOptions(workers=2, cluster="local", write_from=write_from))
    assert counts.duplicates > 0  # the copy of the samples: first copy wins, in input order
    assert table_hashes(root) == table_hashes(one_process)
    assert _no_staging(root)
    assert not any(root.rglob("_incoming")) and not any(root.rglob("_dask"))


@pytest.mark.corpus
def test_two_halves_one_after_the_other_equal_one_run(
    tmp_path: Path, inputs: list[Path], one_process: Path, local_cluster: object
) -> None:
    address = local_cluster.scheduler_address  # type: ignore[attr-defined]
    root = tmp_path / "ds"
    ingest(inputs[:1], root, IngestOptions(cluster=address))
    ingest(inputs[1:], root, IngestOptions(cluster=address, write_from="workers"))
    assert table_hashes(root) == table_hashes(one_process)


def _raise_on_corpus(source: tuple[str, str], pipeline: object) -> object:
    if "PokerStars" in source[0]:
        raise RuntimeError("a task failed on purpose")
    from omahahh.dataset.pipeline import process_file

    return process_file(source[0], pipeline, name=source[1])  # type: ignore[arg-type]


@pytest.mark.corpus
def test_a_task_that_raises_leaves_current_unchanged_and_no_staging(
    tmp_path: Path, inputs: list[Path], local_cluster: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = local_cluster.scheduler_address  # type: ignore[attr-defined]
    root = tmp_path / "ds"
    ingest([SAMPLES], root)
    before = table_hashes(root)
    current = (root / "current").resolve()
    monkeypatch.setattr(cluster, "process_source", _raise_on_corpus)
    with pytest.raises(cluster.ClusterError, match=r"task failed on .*PokerStars.*on purpose"):
        ingest(inputs, root, IngestOptions(cluster=address))
    assert (root / "current").resolve() == current
    assert table_hashes(root) == before
    assert _no_staging(root)


@pytest.mark.corpus
@pytest.mark.slow
def test_a_worker_killed_mid_run_still_gives_the_identical_dataset(
    tmp_path: Path, inputs: list[Path], one_process: Path, local_cluster: object
) -> None:
    lc = local_cluster
    address = lc.scheduler_address  # type: ignore[attr-defined]
    client = distributed.Client(address)
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_one(_: object) -> None:
        if not killed:  # after the first file is in: a worker dies with work in flight
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    root = tmp_path / "ds"
    ingest(inputs, root, IngestOptions(cluster=address), on_fragment=kill_one)
    client.close()
    assert killed
    assert table_hashes(root) == table_hashes(one_process)


@pytest.mark.corpus
def test_cli_joins_a_running_scheduler_and_ignores_workers_with_a_note(
    tmp_path: Path, inputs: list[Path], one_process: Path, local_cluster: object
) -> None:
    address = local_cluster.scheduler_address  # type: ignore[attr-defined]
    root = tmp_path / "ds"
    args = ["ingest", *map(str, inputs), "--out", str(root), "--cluster", address]
    result = CliRunner().invoke(app, [*args, "--workers", "3", "--write-from", "workers"])
    assert result.exit_code == 0, result.output
    assert "--workers 3 ignored" in result.output
    assert table_hashes(root) == table_hashes(one_process)


def test_cli_refuses_a_cluster_that_is_neither_local_nor_an_address(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["ingest", str(SAMPLES), "--out", str(tmp_path / "d"), "--cluster", "localhost"]
    )
    assert result.exit_code == 2
    assert "tcp://" in result.output


def test_without_dask_one_line_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with (
        pytest.raises(OmahahhError, match=r"pip install 'omahahh\[dask\]'"),
        cluster.connect("local", 1, Path("unused")),
    ):
        pass


def test_ordered_map_keeps_input_order_with_a_bounded_window(local_cluster: object) -> None:
    address = local_cluster.scheduler_address  # type: ignore[attr-defined]
    with distributed.Client(address) as client:
        got = list(cluster.ordered_map(client, _slow_square, list(range(12)), 3))
    assert got == [i * i for i in range(12)]


def _slow_square(i: int) -> int:
    import time

    time.sleep(0.05 * (12 - i) / 12)  # later items finish first: order must still hold
    return i * i
