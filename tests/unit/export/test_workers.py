"""`export --workers N`: the same files as one process, and the fast reading path.

The export renders batches of hands on worker processes and the parent writes
the files in order, so the output must not depend on the worker count, the
batch size, or the order in which batches finish.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.export import phh
from omahahh.export.phh import export_dataset
from omahahh.export.phh_rows import (
    BatchSource,
    hand_keys,
    records_from_frames,
    records_from_tables,
)
from tests.helpers.paths import SAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def sample_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ds = tmp_path_factory.mktemp("export-workers") / "ds"
    ingest([SAMPLES], ds)
    return ds


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("per_file", [1, 7])
def test_export_with_two_workers_writes_the_same_files_as_one_process(
    sample_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, per_file: int
) -> None:
    # Batches of 5 hands: many batches in flight, finishing out of order.
    monkeypatch.setattr(phh, "MIN_BATCH", 5)
    one = export_dataset(sample_dataset, tmp_path / "one", per_file)
    seen: list[int] = []
    two = export_dataset(
        sample_dataset, tmp_path / "two", per_file, lambda c: seen.append(c.hands), workers=2
    )
    assert one.hands == two.hands > 70
    assert one.skipped_hands == two.skipped_hands != []
    assert one.files == two.files
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    # Progress is heard once per hand, written or skipped, in order.
    assert len(seen) == one.hands + one.skipped and seen == sorted(seen)


def test_export_cli_takes_workers_and_names_the_skipped_hands(
    sample_dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "phh"
    result = runner.invoke(app, ["export", str(sample_dataset), "--out", str(out), "-w", "2"])
    assert result.exit_code == 0, result.output
    assert "skipped pokerstars:110222853693: the PHH standard cannot hold it" in result.output
    assert _files(out) == _files(_one_process(sample_dataset, tmp_path))


def _one_process(ds: Path, tmp_path: Path) -> Path:
    out = tmp_path / "reference"
    export_dataset(ds, out)
    return out


def test_batch_reading_with_pyarrow_gives_the_records_polars_frames_give(
    sample_dataset: Path,
) -> None:
    keys = hand_keys(sample_dataset)
    batch = keys[10:40]
    tables = BatchSource.of(sample_dataset).read(batch[::-1])  # order of the keys asked
    assert tables["hands"].column("hand_key").to_pylist() == batch[::-1]
    frames = {
        t: scan(sample_dataset, t).filter(pl.col("hand_key").is_in(batch)).collect()
        for t in ("hands", "players", "actions", "collections")
    }
    assert list(records_from_tables(**tables))[::-1] == list(records_from_frames(**frames))


@pytest.fixture(scope="module")
def dataset_of_many_parts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample rooms ingested one after the other: parts from every run, each run's
    parts holding its own hands."""
    ds = tmp_path_factory.mktemp("export-parts") / "ds"
    for room in ("pokerstars", "888poker", "wpn", "bovada", "partypoker"):
        ingest([SAMPLES / room], ds)
    return ds


def test_a_batch_of_consecutive_hands_opens_only_the_parts_that_hold_them(
    dataset_of_many_parts: Path,
) -> None:
    keys = hand_keys(dataset_of_many_parts)
    source = BatchSource.of(dataset_of_many_parts, keys)
    assert source.spans is not None
    everywhere = BatchSource.of(dataset_of_many_parts)
    assert len(source.parts["hands"]) == 5
    # Parts are named by the second they were written and a random suffix, so the runs'
    # order in the dataset varies: take batches inside the runs, wherever they fall.
    runs = sorted(span for span in source.spans["hands"] if span[1] - span[0] >= 3)
    assert len(runs) >= 3
    for start in (runs[0][0], runs[1][0] + 1, runs[-1][1] - 2):
        batch = keys[start : start + 3]
        met = [
            (lo, hi)
            for lo, hi in source.spans["hands"]
            if lo <= start + len(batch) - 1 and hi >= start
        ]
        assert len(met) == 1  # three hands of one run: one part of five
        narrow = source.read(batch, start)
        wide = everywhere.read(batch)
        for table in narrow:
            assert narrow[table].to_pylist() == wide[table].to_pylist(), table
        assert narrow["hands"].column("hand_key").to_pylist() == batch


def test_export_by_part_spans_writes_what_searching_every_part_writes(
    dataset_of_many_parts: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(phh, "MIN_BATCH", 4)
    with_spans = export_dataset(dataset_of_many_parts, tmp_path / "spans", 7, workers=2)
    plain_of = BatchSource.of.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        phh.BatchSource, "of", classmethod(lambda cls, root, keys=None: plain_of(cls, root))
    )
    searched = export_dataset(dataset_of_many_parts, tmp_path / "searched", 7, workers=2)
    assert with_spans.hands == searched.hands > 50
    assert _files(tmp_path / "spans") == _files(tmp_path / "searched")
