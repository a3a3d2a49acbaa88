"""`omahahh rake`: totals, per-hand files, inference, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.rake.toml import loads_schedule
from tests.helpers.paths import SAMPLES

runner = CliRunner()


STARS = SAMPLES / "pokerstars"  # real (MIT) and crafted PokerStars hands


@pytest.fixture(scope="module")
def stars(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PokerStars samples as a dataset."""
    out = tmp_path_factory.mktemp("rake") / "stars"
    ingest([STARS], out)
    return out


@pytest.fixture(scope="module")
def corpus_stars(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PokerStars corpus as a dataset: tables in dollars and in euros."""
    out = tmp_path_factory.mktemp("rake") / "corpus_stars"
    ingest([corpus / "PokerStars"], out)
    return out


def test_help_documents_every_option() -> None:
    result = runner.invoke(app, ["rake", "--help"])
    assert result.exit_code == 0
    for option in ("--schedule", "--by", "--attribution", "--format", "--out", "--top"):
        assert option in result.output


@pytest.mark.corpus
def test_table_shows_totals_per_currency_and_discrepancies(corpus_stars: Path) -> None:
    result = runner.invoke(app, ["rake", str(corpus_stars)])
    assert result.exit_code == 0, result.output
    assert "schedule: documented; attribution: weighted" in result.output
    lines = result.output.splitlines()
    assert any(line.startswith("USD ") for line in lines)
    assert any(line.startswith("EUR ") for line in lines)
    assert "largest discrepancies:" in result.output


def test_per_hand_csv_has_the_reconciliation_columns(stars: Path, tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    result = runner.invoke(app, ["rake", str(stars), "--format", "csv", "--out", str(out)])
    assert result.exit_code == 0, result.output
    frame = pl.read_csv(out)
    for column in (
        "hand_key",
        "players_dealt",
        "total_pot_reported",
        "total_pot_derived",
        "rake_reported",
        "rake_expected",
        "rake_diff",
    ):
        assert column in frame.columns
    row = frame.filter(pl.col("hand_key") == "pokerstars:124689908714").row(0, named=True)
    # $3,030 pot, 6 players: R-RAKE-3 caps at $3.00, which is what the room took.
    assert (row["rake_reported"], row["rake_expected"], row["rake_diff"]) == (300, 300, 0)


def test_parquet_per_hand_and_by_player_totals(stars: Path, tmp_path: Path) -> None:
    out = tmp_path / "hands.parquet"
    result = runner.invoke(app, ["rake", str(stars), "--format", "parquet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    hands = pl.read_parquet(out)
    assert hands["hand_key"].n_unique() == hands.height
    out2 = tmp_path / "players.parquet"
    args = ["rake", str(stars), "--by", "player", "--attribution", "contributed"]
    result = runner.invoke(app, [*args, "--format", "parquet", "-o", str(out2)])
    assert result.exit_code == 0, result.output
    players = pl.read_parquet(out2)
    by_currency = dict(players.group_by("currency").agg(pl.col("rake_reported").sum()).iter_rows())
    want = hands.group_by("currency").agg(pl.col("rake_reported").sum())
    assert by_currency == dict(want.iter_rows())


def test_json_totals_grouped(stars: Path) -> None:
    result = runner.invoke(
        app, ["rake", str(stars), "--by", "stakes,game_type", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["by"] == ["stakes", "game_type"]
    assert {"stakes", "game_type", "currency", "rake_diff"} <= set(doc["totals"][0])


def test_infer_prints_a_ready_to_use_schedule(stars: Path, tmp_path: Path) -> None:
    out = tmp_path / "inferred.toml"
    result = runner.invoke(app, ["rake", str(stars), "--schedule", "infer", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    schedule = loads_schedule(text, str(out))
    assert schedule.name == "inferred"
    assert "# Hands not explained" in text
    again = runner.invoke(app, ["rake", str(stars), "--schedule", str(out), "--format", "json"])
    assert again.exit_code == 0, again.output


def test_text_histories_are_ingested_on_the_fly() -> None:
    path = STARS
    result = runner.invoke(app, ["rake", str(path), "--schedule", "none"])
    assert result.exit_code == 0, result.output
    assert "no hand is off the schedule." in result.output


def test_unknown_group_key_is_a_usage_error(stars: Path) -> None:
    result = runner.invoke(app, ["rake", str(stars), "--by", "colour"])
    assert result.exit_code == 2
    assert "--by colour: unknown key" in result.output


def test_bad_schedule_file_names_file_and_key(stars: Path, tmp_path: Path) -> None:
    bad = tmp_path / "room.toml"
    bad.write_text("[[tier]]\npercent_bp = 500\ncap = 3\n", encoding="utf-8")
    result = runner.invoke(app, ["rake", str(stars), "--schedule", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}: tier[0].cap: unknown key" in result.output


def test_unknown_schedule_name(stars: Path) -> None:
    result = runner.invoke(app, ["rake", str(stars), "--schedule", "nosuch"])
    assert result.exit_code == 2  # a usage error
    assert "--schedule 'nosuch': neither a built-in" in result.output


def test_parquet_needs_out(stars: Path) -> None:
    result = runner.invoke(app, ["rake", str(stars), "--format", "parquet"])
    assert result.exit_code == 2
    assert "--format parquet needs --out FILE" in result.output


def test_audit_and_ingest_take_a_schedule(tmp_path: Path) -> None:
    stars = str(STARS)
    with_schedule = runner.invoke(
        app, ["audit", stars, "--schedule", "documented", "--format", "csv"]
    )
    assert with_schedule.exit_code == 0, with_schedule.output
    assert "rake_off_schedule" in with_schedule.output
    without = runner.invoke(app, ["audit", stars, "--format", "csv"])
    assert "rake_off_schedule" not in without.output
    out = tmp_path / "ds"
    ingested = runner.invoke(app, ["ingest", stars, "--out", str(out), "--schedule", "documented"])
    assert ingested.exit_code == 0, ingested.output
    findings = pl.read_parquet(out / "findings" / "*.parquet")
    assert findings.filter(pl.col("code") == "rake_off_schedule").height > 0


def test_audit_of_a_dataset_cannot_take_a_schedule(stars: Path) -> None:
    result = runner.invoke(app, ["audit", str(stars), "--schedule", "documented"])
    assert result.exit_code == 2
    assert "--schedule: a dataset was audited when it was ingested" in result.output


def test_ingest_rejects_a_bad_schedule_before_reading(tmp_path: Path) -> None:
    args = ["ingest", str(STARS), "--out", str(tmp_path / "x")]
    result = runner.invoke(app, [*args, "--schedule", str(tmp_path / "missing.toml")])
    assert result.exit_code == 1
    assert "neither a built-in" in result.output
    assert not (tmp_path / "x").exists()
