"""What a new user tripped on: each point pinned by a test that failed before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.pipeline import process_file
from tests.helpers.paths import SAMPLES
from tests.helpers.replay import stars

runner = CliRunner()
REAL = SAMPLES / "pokerstars" / "real"

HAND = stars(
    """
    Jos\u00e9: posts small blind $1
    Bob: posts big blind $2
    *** HOLE CARDS ***
    Jos\u00e9: folds
    Uncalled bet ($1) returned to Bob
    Bob collected $2 from pot
    """,
    seats="""
    Seat 1: Jos\u00e9 ($100 in chips)
    Seat 2: Bob ($100 in chips)
    """,
    summary="Total pot $2 | Rake $0\nSeat 2: Bob (big blind) collected ($2)",
)


# -- 10: decoding and duplicate seats ------------------------------------------------------
def test_a_line_read_as_cp1252_is_an_info_finding_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(HAND.encode("cp1252"))  # "José" as one byte 0xE9: not UTF-8
    fragment = process_file(path)
    players = fragment.frames["players"]["player"].to_list()
    assert "Jos\u00e9" in players
    found = fragment.frames["findings"].filter(pl.col("code") == "decoding_repaired")
    assert found["message"].to_list()[0].startswith("line 3: not valid UTF-8")
    assert found["severity"].to_list() == ["info"] * found.height


def test_duplicate_seat_failure_cites_the_repeated_seat_line(tmp_path: Path) -> None:
    text = HAND.replace("Seat 2: Bob ($100 in chips)", "Seat 1: Bob ($100 in chips)")
    path = tmp_path / "h.txt"
    path.write_text(text, encoding="utf-8")
    (row,) = process_file(path).frames["failures"].to_dicts()
    assert row["reason_code"] == "duplicate_seat"
    assert row["reason"].startswith(f"{path}:4: two players in seat 1")
    assert row["excerpt"] == "Seat 1: Bob ($100 in chips)"


# -- 5: empty input --------------------------------------------------------------------------
def test_stats_on_a_dataset_without_parsed_hands_says_so(tmp_path: Path) -> None:
    bad = tmp_path / "in" / "a.txt"
    bad.parent.mkdir()
    bad.write_text(HAND.split("*** SUMMARY ***")[0], encoding="utf-8")  # truncated: a failure
    ds = tmp_path / "ds"
    assert runner.invoke(app, ["ingest", str(bad), "--out", str(ds)]).exit_code == 0
    result = runner.invoke(app, ["stats", str(ds)])
    assert result.exit_code == 0
    assert "holds no parsed hand" in result.output
    assert "no player matches the filters" not in result.output


# -- 4: outputs ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("polish") / "ds"
    assert runner.invoke(app, ["ingest", str(REAL), "--out", str(root)]).exit_code == 0
    return root


@pytest.mark.parametrize("command", [["stats"], ["rake"]])
def test_out_extension_chooses_the_format_and_parents_are_created(
    dataset: Path, tmp_path: Path, command: list[str]
) -> None:
    out = tmp_path / "new" / "dir" / "result.csv"
    result = runner.invoke(app, [*command, str(dataset), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert pl.read_csv(out).height > 0  # a real CSV, not the text table
    js = tmp_path / "r.json"
    assert runner.invoke(app, [*command, str(dataset), "--out", str(js)]).exit_code == 0
    json.loads(js.read_text())
    pq = tmp_path / "r.parquet"
    assert runner.invoke(app, [*command, str(dataset), "--out", str(pq)]).exit_code == 0
    assert pl.read_parquet(pq).height > 0


@pytest.mark.parametrize(
    "command", [["stats"], ["rake"], ["graph", "--player", "*", "--out-is-folder"]]
)
def test_out_naming_a_folder_is_one_line_exit_1(
    dataset: Path, tmp_path: Path, command: list[str]
) -> None:
    folder = tmp_path / "folder.html"
    folder.mkdir()
    args = [c for c in command if c != "--out-is-folder"]
    result = runner.invoke(app, [*args, str(dataset), "--out", str(folder)])
    assert result.exit_code == 1, result.output
    assert "is a folder" in result.output and "Traceback" not in result.output


def test_existing_out_file_is_replaced_atomically(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.txt"
    out.write_text("old")
    assert runner.invoke(app, ["stats", str(dataset), "--out", str(out)]).exit_code == 0
    assert out.read_text().startswith("player")
    assert [p.name for p in tmp_path.iterdir()] == ["s.txt"]  # no temporary file left


# -- 8: help and exit codes ------------------------------------------------------------------
COMMANDS = ["ingest", "verify", "audit", "show", "rake", "stats", "graph", "equity", "export"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_path_usage_no_type_on_flags_and_an_example(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], terminal_width=100)
    assert result.exit_code == 0
    text = result.output
    assert "{paths}" not in text and "<bool>" not in text and "<list[" not in text
    assert "Example: omahahh " + command in text
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert re.search(r"\b(PATH|DATASET|HAND)\b", usage), usage


EXIT_CASES = [
    # (args, exit code): 0 ok, 1 input/IO, 2 usage, 3 audit threshold
    (["stats", "{ds}"], 0),
    (["stats", "{tmp}/missing"], 1),
    (["ingest", "{tmp}/missing", "--out", "{tmp}/o"], 1),
    (["audit", "{tmp}/missing"], 1),
    (["stats", "{ds}", "--by", "nonsense"], 2),
    (["ingest", str(REAL), "--out", "{tmp}/o2", "--workers", "0"], 2),
    (["equity", "AsKsQd7h", "2c2d3h4h", "--samples", "0"], 2),
    (["stats", "{ds}", "--no-such-option"], 2),
    (["audit", str(SAMPLES / "pokerstars" / "crafted"), "--fail-on", "error"], 3),  # failures
    (["audit", "{ds}", "--fail-on", "warning"], 0),
]


@pytest.mark.parametrize(("args", "code"), EXIT_CASES)
def test_exit_code_table(dataset: Path, tmp_path: Path, args: list[str], code: int) -> None:
    real = [a.format(ds=dataset, tmp=tmp_path) for a in args]
    result = runner.invoke(app, real)
    assert result.exit_code == code, (real, result.output)


# -- 3: rake totals add up -------------------------------------------------------------------
def test_rake_totals_add_up_and_equal_the_per_hand_csv(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    assert runner.invoke(app, ["ingest", str(SAMPLES), "--out", str(ds)]).exit_code == 0
    hands_csv = tmp_path / "hands.csv"
    assert runner.invoke(app, ["rake", str(ds), "--out", str(hands_csv)]).exit_code == 0
    per_hand = pl.read_csv(hands_csv).filter(pl.col("currency") == "USD")
    result = runner.invoke(app, ["rake", str(ds), "--format", "json"])
    usd = next(t for t in json.loads(result.output)["totals"] if t["currency"] == "USD")
    both = per_hand.filter(
        pl.col("rake_reported").is_not_null() & pl.col("rake_expected").is_not_null()
    )
    assert usd["rake_reported"] == per_hand["rake_reported"].sum()
    assert usd["rake_reported_compared"] == both["rake_reported"].sum()
    assert usd["rake_expected"] == both["rake_expected"].sum()
    assert usd["rake_diff"] == both["rake_diff"].sum()
    assert usd["rake_diff"] == usd["rake_reported_compared"] - usd["rake_expected"]
    assert usd["rake_reported"] == usd["rake_reported_compared"] + usd["rake_reported_not_covered"]
    assert (
        usd["hands"]
        == usd["hands_compared"] + usd["hands_not_covered"] + usd["hands_no_rake_printed"]
    )
