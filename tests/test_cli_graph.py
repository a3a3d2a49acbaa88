"""`omahahh graph`: the winnings graph as PNG or self-contained HTML, and its errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.report.graph import graph_series
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import dataset_tables
from tests.stats_hands import HILO, SESSION, STEAL_AND_THREE_BET

runner = CliRunner()
EURO = (
    STEAL_AND_THREE_BET.replace("$", "€")
    .replace("USD", "EUR")
    .replace("300000000001", "300000000099")
)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hh")
    (folder / "session.txt").write_text("\n\n\n".join((SESSION, HILO, EURO)), encoding="utf-8")
    out = tmp_path_factory.mktemp("ds") / "ds"
    ingest([folder], out)
    return out


def test_series_are_running_sums_in_time_order(dataset: Path) -> None:
    # A: +0.45, 0, +11.60, -10.00; hands 3 and 4 at showdown; hand 4 all-in at EV -5.23.
    data = graph_series(
        dataset_tables(str(dataset)), StatsFilter(players=("A",), currencies=("USD",))
    )
    assert (data.player, data.currency, data.unit) == ("A", "USD", 100)
    frame = data.frame
    assert frame["hand"].to_list() == [1, 2, 3, 4]
    assert frame["net"].to_list() == [45, 45, 1205, 205]
    assert frame["showdown"].to_list() == [0, 0, 1160, 160]
    assert frame["no_showdown"].to_list() == [45, 45, 45, 45]
    assert frame["allin_ev"].to_list() == [45, 45, 1205, 1205 + 477 - 1000]


def test_png_is_written(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.png"
    result = runner.invoke(
        app, ["graph", str(dataset), "--player", "A", "--currency", "USD", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "A, 4 hands, net 2.05 USD" in result.output


def test_html_is_one_self_contained_file(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "A", "--currency", "USD", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<svg" in page and page.count("<polyline") == 4
    # Nothing is fetched: no script, stylesheet or image from anywhere.
    assert not re.search(r"<script|<link|<img|src=|href=|@import", page)
    for label in ("Net won (2.05)", "At showdown (1.60)", "Without showdown (0.45)"):
        assert label in page, label


def test_big_blinds_across_currencies(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    result = runner.invoke(app, ["graph", str(dataset), "-p", "A", "--out", str(out)])
    assert result.exit_code == 1
    assert "money is never added across currencies" in result.output
    result = runner.invoke(app, ["graph", str(dataset), "-p", "A", "--bb", "--out", str(out)])
    assert result.exit_code == 0, result.output
    # 20.5 bb in dollars + 4.5 bb in euros (hand 1 again).
    assert "A, 5 hands, net 25.00 big blinds" in result.output


def test_one_player_only(dataset: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "[AB]", "--out", str(tmp_path / "x.png")]
    )
    assert result.exit_code == 1
    assert "--player matches 2 players (A, B)" in result.output
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "Nobody", "--out", str(tmp_path / "x.png")]
    )
    assert result.exit_code == 1
    assert "no hand of the player matches" in result.output


def test_usage_errors(dataset: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "A", "--out", str(tmp_path / "x.svg")]
    )
    assert result.exit_code == 2
    assert "written as .png or .html" in result.output
    result = runner.invoke(app, ["graph", str(dataset), "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2  # --player is required
    result = runner.invoke(app, ["graph", "--help"])
    assert result.exit_code == 0
    for option in ("--player", "--out", "--alias", "--bb", "--since", "--position"):
        assert option in result.output
