"""`ingest --allin-preflop-samples N`: all-in EV before the flop by seeded Monte Carlo."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.store import scan
from omahahh.replay.allin import _cached_shares
from tests.conftest import SAMPLES

# A crafted 3-way 6-card hand all-in before the flop (see sample_histories/README.md).
HAND = SAMPLES / "pokerstars" / "crafted" / "PLO6-cash-out-pot-not-awarded.txt"
KEY = "pokerstars:999000001101"


def _allin(root: Path) -> pl.DataFrame:
    return scan(root, "allin").filter(pl.col("hand_key") == KEY).sort("seat").collect()


def test_preflop_allin_ev_is_exact_by_default_and_sampled_on_request(tmp_path: Path) -> None:
    runner = CliRunner()
    exact = runner.invoke(app, ["ingest", str(HAND), "-o", str(tmp_path / "exact")])
    sampled = runner.invoke(
        app,
        ["ingest", str(HAND), "-o", str(tmp_path / "mc"), "--allin-preflop-samples", "40000"],
    )
    assert exact.exit_code == 0 and sampled.exit_code == 0, (exact.output, sampled.output)
    a, b = _allin(tmp_path / "exact"), _allin(tmp_path / "mc")
    assert a["exact"].to_list() == [True] * 3
    assert b["exact"].to_list() == [False] * 3
    # 40,000 deals: standard error of a share is at most 0.5/sqrt(40000) = 0.0025.
    for e, m in zip(a["equity"], b["equity"], strict=True):
        assert abs(e - m) < 0.0125
    assert abs(sum(b["equity"]) - 1.0) < 1e-9


def test_sampling_is_seeded_so_two_runs_agree(tmp_path: Path) -> None:
    runner = CliRunner()
    for name in ("one", "two"):
        _cached_shares.cache_clear()  # the second run must compute, not remember
        result = runner.invoke(
            app,
            ["ingest", str(HAND), "-o", str(tmp_path / name), "--allin-preflop-samples", "5000"],
        )
        assert result.exit_code == 0, result.output
    assert _allin(tmp_path / "one").equals(_allin(tmp_path / "two"))


def test_too_few_samples_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["ingest", str(HAND), "-o", str(tmp_path / "x"), "--allin-preflop-samples", "10"]
    )
    assert result.exit_code == 2
