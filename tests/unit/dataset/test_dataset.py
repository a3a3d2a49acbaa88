"""The Parquet dataset: atomic, incremental, de-duplicated, schema-stamped."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from omahahh.dataset import store as dataset_mod
from omahahh.dataset.ingest import IngestOptions, StrictModeFailure, ingest
from omahahh.dataset.pipeline import process_file
from omahahh.dataset.store import DatasetWriter, scan
from omahahh.dataset.tables import SCHEMA_VERSION, TABLES, schema
from omahahh.errors import DatasetError
from tests.helpers.hands import STARS_BASE as BASE
from tests.helpers.hands import STARS_OTHER as OTHER
from tests.helpers.hands import STARS_TRUNCATED as TRUNCATED
from tests.helpers.hands import write
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import SAMPLES

EDITED = BASE.replace("2021/03/10 14:00:00 ET", "2021/03/10 14:00:01 ET")


def table(root: Path, name: str) -> pl.DataFrame:
    return scan(root, name).collect()


def test_tables_have_the_declared_schema_and_version_metadata(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BASE, TRUNCATED)
    ingest([src], tmp_path / "ds")
    for name in TABLES:
        parts = list((tmp_path / "ds" / name).glob("*.parquet"))
        assert parts, name
        frame = pl.read_parquet(parts)
        assert frame.schema == schema(name)
        meta = pq.ParquetFile(parts[0]).metadata.metadata  # the file's key-value metadata
        assert meta[b"omahahh.schema_version"] == SCHEMA_VERSION.encode()
        assert meta[b"omahahh.table"] == name.encode()
        # What other tools see: the same types as pyarrow's own writer would have stored.
        assert pq.read_schema(parts[0]).remove_metadata() == frame.to_arrow().schema


RATIO_WORDS = ("equity", "share", "rate", "ratio", "fraction")


def test_money_columns_are_integers() -> None:
    # Floats are allowed only for ratios (equity, shares); money is Int64 minor units.
    for name, columns in TABLES.items():
        for col in columns:
            if col.dtype.is_float():
                assert any(w in col.name for w in RATIO_WORDS), f"{name}.{col.name} is a float"
            if col.dtype.is_numeric() and (
                col.name in ("amount", "stack_start")
                or col.name.endswith(("_reported", "_derived"))
            ):
                assert col.dtype.is_integer(), f"{name}.{col.name}"


def test_incremental_ingest_adds_new_hands_and_reingest_changes_nothing(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    first = ingest([write(tmp_path / "in", "a.txt", BASE)], ds)
    assert (first.parsed, first.duplicates) == (1, 0)
    second = ingest([write(tmp_path / "in2", "b.txt", BASE, OTHER)], ds)
    assert (second.blocks, second.parsed, second.duplicates) == (2, 1, 1)
    assert sorted(table(ds, "hands")["hand_key"]) == [
        "pokerstars:200000000001",
        "pokerstars:200000000002",
    ]
    before = {n: table(ds, n).sort(pl.all()) for n in TABLES}
    third = ingest([tmp_path / "in", tmp_path / "in2"], ds)
    assert (third.parsed, third.failures, third.duplicates) == (0, 0, 3)
    for n in TABLES:
        assert table(ds, n).sort(pl.all()).equals(before[n]), n


def test_reingesting_a_failing_block_adds_no_second_failure(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    src = write(tmp_path / "in", "a.txt", TRUNCATED)
    assert ingest([src], ds).failures == 1
    again = ingest([src], ds)
    assert (again.failures, again.duplicates) == (0, 1)
    assert table(ds, "failures").height == 1


def test_same_key_different_text_is_a_duplicate_conflict(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    counts = ingest([write(tmp_path / "in", "a.txt", BASE, EDITED)], ds)
    assert (counts.parsed, counts.failures) == (1, 1)
    (row,) = table(ds, "failures").iter_rows(named=True)
    assert row["reason_code"] == "duplicate_conflict"
    assert row["hand_key"] == "pokerstars:200000000001"
    assert row["source_line"] == BASE.count("\n") + 4  # 27 lines, 3 blank, then the copy
    # The first copy's rows only: one set of players and actions.
    assert table(ds, "players").height == 3


def test_duplicate_inside_one_file_keeps_child_rows_once(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    counts = ingest([write(tmp_path / "in", "a.txt", BASE, BASE)], ds)
    assert (counts.parsed, counts.duplicates) == (1, 1)
    assert table(ds, "actions").height == len(parse_hand(BASE).actions)
    assert table(ds, "players").height == 3


def test_interrupted_run_leaves_the_dataset_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ds = tmp_path / "ds"
    ingest([write(tmp_path / "in", "a.txt", BASE)], ds)
    manifest_before = json.loads((ds / "current" / "manifest.json").read_text())

    def boom(self: object, *args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(dataset_mod.DatasetWriter, "commit", boom)
    with pytest.raises(KeyboardInterrupt):
        ingest(
            [write(tmp_path / "in2", "b.txt", OTHER)],
            ds,
        )
    monkeypatch.undo()
    assert json.loads((ds / "current" / "manifest.json").read_text()) == manifest_before
    assert table(ds, "hands")["hand_key"].to_list() == ["pokerstars:200000000001"]
    assert len(list((ds / ".versions").iterdir())) == 1  # the unfinished version is gone


def test_strict_mode_stops_at_first_failure_and_writes_nothing(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    src = write(tmp_path / "in", "a.txt", BASE, TRUNCATED)
    with pytest.raises(StrictModeFailure, match=r"a\.txt:\d+: .*\[truncated\]"):
        ingest([src], ds, IngestOptions(strict=True))
    assert not (ds / "current").exists()


def test_refuses_a_non_empty_folder_that_is_not_a_dataset(tmp_path: Path) -> None:
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "something.txt").write_text("x")
    with pytest.raises(DatasetError, match="not empty"):
        ingest([write(tmp_path / "in", "a.txt", BASE)], tmp_path / "ds")


def test_two_workers_give_the_same_tables_as_one(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    for i in range(6):
        write(folder, f"f{i}.txt", BASE.replace("#200000000001", f"#30000000000{i}"), TRUNCATED)
    ingest([folder], tmp_path / "one")
    ingest([folder], tmp_path / "two", IngestOptions(workers=2))
    for n in TABLES:
        a = table(tmp_path / "one", n).sort(pl.all())
        b = table(tmp_path / "two", n).sort(pl.all())
        assert a.equals(b), n


def test_buffered_rows_of_all_tables_stay_within_the_writer_budget(tmp_path: Path) -> None:
    """The largest buffer is written out once all tables together pass ``buffer_bytes``:
    memory is bounded by one budget, not one part size per table, and no row is lost."""
    sample = SAMPLES
    files = sorted(p for p in sample.rglob("*") if p.suffix in (".txt", ".xml", ".json", ""))
    fragments = [process_file(f) for f in files if f.is_file()]
    ingest([sample], tmp_path / "whole")
    budget = 16 * 2**10
    high = 0
    with DatasetWriter(tmp_path / "bounded", bytes_per_part=2**30, buffer_bytes=budget) as w:
        for fragment in fragments:
            w.add(fragment)
            high = max(high, sum(w._parts.held.values()))
        w.commit()
    assert high < budget
    parts = len(list((tmp_path / "bounded").rglob("*.parquet")))
    assert parts > 2 * len(list((tmp_path / "whole").rglob("*.parquet")))  # the budget wrote them
    for n in TABLES:
        a = table(tmp_path / "whole", n).sort(pl.all())
        b = table(tmp_path / "bounded", n).sort(pl.all())
        assert a.equals(b), n
