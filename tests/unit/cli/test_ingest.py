"""The `omahahh` command: --version, --help, and `ingest` end to end."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from omahahh import __version__
from omahahh.cli.app import app
from omahahh.dataset.store import scan
from tests.helpers.hands import STARS_BASE as BASE
from tests.helpers.hands import STARS_OTHER as OTHER
from tests.helpers.hands import STARS_TRUNCATED as TRUNCATED
from tests.helpers.hands import write

runner = CliRunner()
SUMMARY = re.compile(
    r"files (\d+), hand blocks (\d+), hands parsed (\d+), duplicates (\d+), failures (\d+), "
    r"[\d.]+ s, [\d,]+ parsed hands/s"
)


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"omahahh {__version__}"


def test_every_command_has_help() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    commands = re.findall(r"│ (\w+)\s", result.output.split("Commands")[1])
    assert "ingest" in commands
    for name in commands:
        sub = runner.invoke(app, [name, "--help"])
        assert sub.exit_code == 0, name
        assert "Usage" in sub.output


def test_ingest_writes_tables_and_prints_one_summary_line(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BASE, OTHER, TRUNCATED)
    result = runner.invoke(app, ["ingest", str(src), "--out", str(tmp_path / "ds")])
    assert result.exit_code == 0, result.output
    m = SUMMARY.search(result.output)
    assert m, result.output
    files, blocks, parsed, dups, fails = map(int, m.groups())
    assert (files, blocks, parsed, dups, fails) == (1, 3, 2, 0, 1)
    assert blocks == parsed + dups + fails
    assert scan(tmp_path / "ds", "hands").collect().height == 2


def test_ingest_bad_text_in_a_hand_history_is_exit_0_with_failure_rows(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BASE, "this is not a hand\nat all")
    result = runner.invoke(app, ["ingest", str(src), "--out", str(tmp_path / "ds")])
    assert result.exit_code == 0, result.output
    rows = scan(tmp_path / "ds", "failures").collect().to_dicts()
    assert [r["reason_code"] for r in rows] == ["unknown_format"]
    assert rows[0]["reason"].startswith(f"{src}:")


def test_ingest_of_no_hand_history_is_exit_1_and_writes_nothing(tmp_path: Path) -> None:
    """'ingest empty/' used to exit 0 with an empty dataset."""
    src = write(tmp_path / "in", "junk.txt", "this is not a hand history\nat all")
    out = tmp_path / "ds"
    result = runner.invoke(app, ["ingest", str(src), "--out", str(out)])
    assert result.exit_code == 1
    assert "no hand history in the inputs (1 file is not a hand history)" in result.output
    assert not out.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["ingest", str(empty), "--out", str(out)])
    assert result.exit_code == 1 and "no hand history" in result.output
    assert not out.exists()


def test_ingest_strict_exits_1_naming_file_and_line(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BASE, TRUNCATED)
    result = runner.invoke(app, ["ingest", str(src), "--out", str(tmp_path / "ds"), "--strict"])
    assert result.exit_code == 1
    assert re.search(rf"omahahh: {re.escape(str(src))}:\d+: .*\[truncated\]", result.output)


def test_ingest_missing_path_exits_1_with_one_line(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["ingest", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "ds")]
    )
    assert result.exit_code == 1
    assert result.output.strip() == f"omahahh: {tmp_path / 'nope.txt'}: no such file or folder"
    assert not (tmp_path / "ds").exists()


def test_ingest_with_two_workers(tmp_path: Path) -> None:
    for i in range(4):
        write(tmp_path / "in", f"{i}.txt", BASE.replace("#200000000001", f"#40000000000{i}"))
    result = runner.invoke(
        app, ["ingest", str(tmp_path / "in"), "-o", str(tmp_path / "ds"), "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    assert scan(tmp_path / "ds", "hands").collect().height == 4


def test_ingest_takes_a_house_rules_profile(tmp_path: Path) -> None:
    from tests.helpers.paths import REPO

    src = write(tmp_path / "in", "a.txt", BASE)
    ok = runner.invoke(
        app,
        [
            "ingest",
            str(src),
            "-o",
            str(tmp_path / "ds"),
            "--rules",
            str(REPO / "docs" / "house_rules.example.toml"),
        ],
    )
    assert ok.exit_code == 0, ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text('[showdown]\nhi_lo_odd_chip = "sideways"\n')
    result = runner.invoke(
        app, ["ingest", str(src), "-o", str(tmp_path / "ds2"), "--rules", str(bad)]
    )
    assert result.exit_code == 1
    assert result.output.startswith(f"omahahh: {bad}")
    assert not (tmp_path / "ds2").exists()
