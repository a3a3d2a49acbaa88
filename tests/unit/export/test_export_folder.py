"""``export --out DIR`` writes into a folder it owns: the files of its own earlier run
there are removed first (and nothing else); a folder holding other files is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from tests.helpers.paths import SAMPLES

runner = CliRunner()
REAL = SAMPLES / "pokerstars" / "real"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("export") / "ds"
    ingest([REAL], root)
    return root


def _export(dataset: Path, out: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["export", str(dataset), "--out", str(out), *options])
    return result.exit_code, result.output


def _phh(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if not p.name.startswith("."))


def test_a_second_export_into_the_same_folder_leaves_no_stale_file(
    dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "phh"
    code, output = _export(dataset, out, "--per-file", "5")
    assert code == 0, output
    assert len(_phh(out)) > 1
    code, output = _export(dataset, out)
    assert code == 0, output
    assert _phh(out) == ["hands-00001.phhs"]
    assert "earlier export's" in output and "removed" in output
    # Re-ingesting the folder gives each hand once: no duplicate_conflict from stale files.
    again = tmp_path / "again"
    ingest([out], again)
    failures = runner.invoke(app, ["audit", str(again), "--failures"]).output
    assert "duplicate_conflict" not in failures


def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(
    dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    code, output = _export(dataset, out)
    assert code == 1
    assert "notes.txt" in output and len(output.strip().splitlines()) == 1
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_files_added_beside_an_earlier_export_are_kept_and_refused(
    dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "phh"
    assert _export(dataset, out)[0] == 0
    (out / "mine.txt").write_text("keep me")
    code, output = _export(dataset, out)
    assert code == 1 and "mine.txt" in output
    assert (out / "mine.txt").read_text() == "keep me"
    assert "hands-00001.phhs" in _phh(out)  # nothing removed when refused
