"""`omahahh equity` through typer's CliRunner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app

runner = CliRunner()


def test_help() -> None:
    result = runner.invoke(app, ["equity", "--help"])
    assert result.exit_code == 0
    for option in ("--board", "--dead", "--hi-lo", "--samples", "--seed", "--format"):
        assert option in result.stdout


def test_table_on_the_flop() -> None:
    result = runner.invoke(app, ["equity", "AsKsQd7h", "2c2d3h4h", "--board", "Ah7c2s"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["hand", "equity", "win", "tie"]
    assert lines[1].split()[0] == "AsKsQd7h" and lines[2].split()[0] == "2c2d3h4h"
    assert lines[-1] == "exact: 820 boards"


def test_json_hi_lo() -> None:
    args = ["equity", "AsKsQd7h", "2c2d3h4h", "--board", "Ah7c2s", "--hi-lo", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["boards"] == 820 and data["std_error"] is None
    assert [h["hand"] for h in data["hands"]] == ["AsKsQd7h", "2c2d3h4h"]
    assert sum(h["equity"] for h in data["hands"]) == pytest.approx(1.0)
    for h in data["hands"]:
        assert set(h) == {"hand", "equity", "win", "tie", "high", "low"}
        assert 0 <= h["high"] <= 1 and 0 <= h["low"] <= 1


def test_json_monte_carlo_with_random_hand_and_dead_cards() -> None:
    args = ["equity", "AsAdKsKd", "random", "--dead", "2c 3c", "--samples", "5000"]
    result = runner.invoke(app, [*args, "--seed", "3", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is False and data["boards"] == 5000
    assert 0 < data["std_error"] < 0.02
    assert data["hands"][1]["hand"] == "random" and data["hands"][1]["high"] is None
    again = runner.invoke(app, [*args, "--seed", "3", "--format", "json"])
    assert again.stdout == result.stdout


def test_table_monte_carlo_summary() -> None:
    args = ["equity", "AsKsQd7h", "2c2d3h4h", "--samples", "2000", "--seed", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("Monte Carlo: 2,000 deals, standard error")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsKsQd7x", "2c2d3h4h"], "not a card"),
        (["AsKsQd7h", "2c2d3h4h", "--board", "Ah7cAs"], "duplicate card: As"),
        (["AsKsQd7h", "AsKd3h4h"], "duplicate card: As"),
        (["AsKsQd7h", "2c2d3h4h", "--dead", "2c"], "duplicate card: 2c"),
        (["AsKsQd7h", "2c2d3h4h5h"], "different sizes"),
        (["AsKsQd", "2c2d3h"], "4 to 6 cards"),
        (["AsKsQd7h"], "2 to 6 hands"),
        (["AsKsQd7h", "2c2d3h4h", "--board", "Ah7c"], "0, 3, 4 or 5 cards"),
    ],
)
def test_bad_input_one_line_on_stderr_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["equity", *args])
    assert result.exit_code == 2  # the arguments as typed: a usage error
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
