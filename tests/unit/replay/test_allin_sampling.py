"""`ingest --allin-preflop-samples N`: all-in EV before the flop by seeded Monte Carlo."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.store import scan
from omahahh.replay.allin import DEFAULT_SAMPLES, _cached_shares
from tests.helpers.paths import SAMPLES

# A crafted 3-way 6-card hand all-in before the flop (see sample_histories/README.md).
HAND = SAMPLES / "pokerstars" / "crafted" / "PLO6-cash-out-pot-not-awarded.txt"
KEY = "pokerstars:999000001101"


def _allin(root: Path) -> pl.DataFrame:
    return scan(root, "allin").filter(pl.col("hand_key") == KEY).sort("seat").collect()


def test_preflop_allin_ev_is_sampled_by_default_with_its_error_and_exact_on_request(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    sampled = runner.invoke(app, ["ingest", str(HAND), "-o", str(tmp_path / "mc")])
    exact = runner.invoke(
        app, ["ingest", str(HAND), "-o", str(tmp_path / "exact"), "--allin-exact"]
    )
    many = runner.invoke(
        app,
        ["ingest", str(HAND), "-o", str(tmp_path / "mc40"), "--allin-preflop-samples", "40000"],
    )
    for result in (exact, sampled, many):
        assert result.exit_code == 0, result.output
    a, b, c = _allin(tmp_path / "exact"), _allin(tmp_path / "mc"), _allin(tmp_path / "mc40")
    assert a["exact"].to_list() == [True] * 3
    assert a["equity_std_error"].to_list() == [None] * 3
    assert b["exact"].to_list() == c["exact"].to_list() == [False] * 3
    # The standard error of a share is at most 0.5/sqrt(N); each estimate is within 5 of them.
    for sampled_frame, n in ((b, DEFAULT_SAMPLES), (c, 40_000)):
        errors = sampled_frame["equity_std_error"].to_list()
        assert all(0 < e <= 0.5 / n**0.5 + 1e-12 for e in errors)
        for e, m, se in zip(a["equity"], sampled_frame["equity"], errors, strict=True):
            assert abs(e - m) < 5 * se
        assert abs(sum(sampled_frame["equity"]) - 1.0) < 1e-9


def test_allin_ev_from_the_flop_on_is_exact_by_default() -> None:
    from omahahh.audit.hand import audit_hand
    from omahahh.dataset.pipeline import parse_text
    from omahahh.replay.allin import EXAMPLE, allin_rows

    hand = parse_text(EXAMPLE)[0]
    rows = allin_rows(hand, audit_hand(hand).result)  # all-in on the flop: 990 boards left
    assert [r.exact for r in rows] == [True, True]
    assert [r.equity_std_error for r in rows] == [None, None]


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
