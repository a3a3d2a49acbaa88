"""One output writer for every command's ``--out FILE``: the extension names the format,
what a command cannot write is refused with exit 2 naming what it can, files are
replaced atomically and get the mode any new file gets."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.files import write_text_atomically
from tests.helpers.paths import SAMPLES

runner = CliRunner()
REAL = SAMPLES / "pokerstars" / "real"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("outputs") / "ds"
    assert runner.invoke(app, ["ingest", str(REAL), "--out", str(root)]).exit_code == 0
    return root


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


# (command before the dataset, options after it, a name it cannot write, one it can)
COMMANDS = [
    (["stats"], [], "s.png", "s.csv"),
    (["stats"], [], "s.xlsx", "s.parquet"),
    (["rake"], [], "r.html", "r.json"),
    (["rake"], [], "r.png", "r.txt"),
    (["fairness"], [], "f.parquet", "f.json"),
    (["graph"], ["--player", "Player 4"], "g.svg", "g.png"),
    (["graph"], ["--player", "Player 4"], "g.csv", "g.html"),
    (["report"], [], "r.csv", "r.html"),
]


@pytest.mark.parametrize(("command", "options", "bad", "good"), COMMANDS)
def test_an_extension_the_command_cannot_write_is_a_usage_error_naming_what_it_can(
    dataset: Path, tmp_path: Path, command: list[str], options: list[str], bad: str, good: str
) -> None:
    out = tmp_path / bad
    result = runner.invoke(app, [*command, str(dataset), *options, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert Path(good).suffix in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert not out.exists()


@pytest.mark.parametrize(("command", "options", "bad", "good"), COMMANDS)
def test_every_output_file_has_the_mode_of_the_umask(
    dataset: Path,
    tmp_path: Path,
    umask_022: None,
    command: list[str],
    options: list[str],
    bad: str,
    good: str,
) -> None:
    out = tmp_path / "sub" / good
    result = runner.invoke(app, [*command, str(dataset), *options, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert sorted(p.name for p in out.parent.iterdir()) == [good]  # no temporary file left


def test_fairness_writes_what_the_extension_names(dataset: Path, tmp_path: Path) -> None:
    js = tmp_path / "f.json"
    assert runner.invoke(app, ["fairness", str(dataset), "--out", str(js)]).exit_code == 0
    assert isinstance(json.loads(js.read_text()), dict)
    table = tmp_path / "f.csv"
    assert runner.invoke(app, ["fairness", str(dataset), "--out", str(table)]).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert rows and "test" in rows[0]


def test_format_and_extension_that_disagree_are_a_usage_error(
    dataset: Path, tmp_path: Path
) -> None:
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["stats", str(dataset), "--format", "csv", "--out", str(out)])
    assert result.exit_code == 2
    assert "--format" in result.output and not out.exists()


def test_a_name_without_extension_takes_the_format_given(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "stats"
    result = runner.invoke(app, ["stats", str(dataset), "--format", "parquet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert pl.read_parquet(out).height > 0


def test_inferred_schedule_is_written_as_toml(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "learnt.toml"
    result = runner.invoke(app, ["rake", str(dataset), "--schedule", "infer", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "[" in out.read_text()
    bad = runner.invoke(
        app, ["rake", str(dataset), "--schedule", "infer", "--out", str(tmp_path / "x.csv")]
    )
    assert bad.exit_code == 2


def test_atomic_write_keeps_the_old_file_when_the_writer_fails(tmp_path: Path) -> None:
    from omahahh.dataset.files import write_atomically

    out = tmp_path / "a.txt"
    write_text_atomically(out, "old")

    def broken(path: Path) -> None:
        path.write_text("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_atomically(out, broken)
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_audit_out_names_a_dataset_folder_not_a_findings_file(tmp_path: Path) -> None:
    out = tmp_path / "findings.csv"
    result = runner.invoke(app, ["audit", str(REAL), "--format", "csv", "--out", str(out)])
    assert result.exit_code == 2
    assert "dataset folder" in result.output and "> findings.csv" in result.output
    assert not out.exists()
