"""`omahahh stats`: formats, text or dataset input, usage errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from tests.helpers.stats_hands import HILO, SESSION

runner = CliRunner()


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hh")
    (folder / "session.txt").write_text(SESSION + "\n\n\n" + HILO, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def dataset(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ds") / "ds"
    ingest([histories], out)
    return out


def test_help_documents_every_option() -> None:
    result = runner.invoke(app, ["stats", "--help"])
    assert result.exit_code == 0
    for option in (
        "--player",
        "--alias",
        "--site",
        "--variant",
        "--structure",
        "--stakes",
        "--game-type",
        "--since",
        "--until",
        "--position",
        "--min-hands",
        "--by",
        "--format",
        "--out",
    ):
        assert option in result.output, option


def test_table_shows_money_in_the_currency(dataset: Path) -> None:
    result = runner.invoke(app, ["stats", str(dataset), "--player", "A", "--player", "D"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["player", "hands", "net_won", "currency"]
    d_row = next(line for line in lines if line.startswith("D "))
    assert "$9.63" in d_row and "USD" in d_row
    assert next(line for line in lines if line.startswith("A ")).split()[1] == "4"


def test_text_input_gives_the_dataset_figures(histories: Path, dataset: Path) -> None:
    def csv(path: Path) -> pl.DataFrame:
        result = runner.invoke(app, ["stats", str(path), "--format", "csv"])
        assert result.exit_code == 0, result.output
        return pl.read_csv(result.stdout.encode())

    assert csv(histories / "session.txt").equals(csv(dataset))


def test_json_has_rows_and_raw_minor_units(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    result = runner.invoke(
        app, ["stats", str(dataset), "--format", "json", "--out", str(out), "--by", "position"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["by"] == ["position"]
    d_bb = next(r for r in doc["rows"] if r["player"] == "D" and r["position"] == "BB")
    assert d_bb["net_won"] == 68 + 900  # big blind in hands 2 and 4


def test_parquet_needs_out_and_keeps_the_types(dataset: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(dataset), "--format", "parquet"])
    assert result.exit_code == 2
    assert "--format parquet needs --out FILE" in result.output
    out = tmp_path / "stats.parquet"
    result = runner.invoke(
        app, ["stats", str(dataset), "--format", "parquet", "--out", str(out), "--counts"]
    )
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(out)
    assert frame.schema["net_won"] == pl.Int64 and frame.schema["vpip"] == pl.Float64
    assert "vpip_n" in frame.columns and "vpip_of" in frame.columns


def test_columns_select_statistics(dataset: Path) -> None:
    result = runner.invoke(app, ["stats", str(dataset), "--columns", "vpip,pfr", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "player,hands,currency,vpip,pfr"


def test_filters_reach_the_library(dataset: Path) -> None:
    result = runner.invoke(
        app,
        ["stats", str(dataset), "--variant", "PLO-8", "--min-hands", "2", "--format", "csv"],
    )
    assert result.exit_code == 0, result.output
    assert set(pl.read_csv(result.stdout.encode())["player"]) == {"G", "H", "I"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--by", "colour"], "--by colour: unknown key"),
        (["--position", "dealer"], "--position DEALER: unknown"),
        (["--since", "last week"], "not a date"),
        (["--columns", "luck"], "--columns luck: unknown"),
    ],
)
def test_usage_errors_exit_2_naming_the_option(
    dataset: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["stats", str(dataset), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_input_errors_exit_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(tmp_path / "missing.txt")])
    assert result.exit_code == 1
    assert "missing.txt" in result.output
    bad = tmp_path / "aliases.toml"
    bad.write_text('"Ann" = ["A"]\n"Bob" = ["A"]\n', encoding="utf-8")
    result = runner.invoke(app, ["stats", str(tmp_path), "--alias", str(bad)])
    assert result.exit_code == 1
    assert "given to both" in result.output


def test_alias_file_merges_names(dataset: Path, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[aliases]\n"Ann" = ["G", "A"]\n', encoding="utf-8")
    result = runner.invoke(
        app, ["stats", str(dataset), "--alias", str(aliases), "-p", "Ann", "--format", "csv"]
    )
    assert result.exit_code == 0, result.output
    frame = pl.read_csv(result.stdout.encode())
    assert frame.select("player", "hands", "net_won").rows() == [("Ann", 6, 200)]
