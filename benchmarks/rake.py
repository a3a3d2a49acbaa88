"""Rake reconciliation over a synthetic dataset of a million hands, beside baselines.

    python benchmarks/rake.py [--hands 1000000] [--seed 1] [--dir DIR (reused if present)]

A dataset is synthesised with polars (hands, players, actions tables with the
real schemas, written as Parquet in the dataset layout) rather than parsed
from text, then reconciled against the documented schedule:

- baseline: scan the hands table and sum ``rake_reported`` (a pure read);
- baseline: the scalar rules (``Schedule.expect``) in a Python loop per hand,
  timed on a sample and scaled to the whole dataset;
- reconcile with replay's columns (``total_pot_derived``, ``players.invested``);
- reconcile falling back to the actions table (a dataset without them);
- totals by player with weighted attribution;
- schedule inference.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np
import polars as pl

from omahahh.dataset.store import scan
from omahahh.dataset.tables import schema
from omahahh.rake.builtin import builtin_schedule
from omahahh.rake.infer import infer_schedule
from omahahh.rake.report import hand_inputs, reconcile

T = TypeVar("T")


def _full(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """``frame`` with every column of ``table`` (nulls where not synthesised)."""
    sch = schema(table)
    return frame.with_columns(
        pl.lit(None, dtype).alias(name) for name, dtype in sch.items() if name not in frame.columns
    ).select([pl.col(n).cast(t) for n, t in sch.items()])


def synthesise(root: Path, n: int, seed: int) -> None:
    """Write ``n`` hands of PLO/FLO cash games in the dataset layout under ``root``."""
    rng = np.random.default_rng(seed)
    stakes = np.array([2, 10, 25, 50, 100, 200, 400, 1000])
    bb = stakes[rng.integers(0, len(stakes), n)]
    players = rng.integers(2, 10, n).astype(np.int32)
    fixed = rng.random(n) < 0.1
    flop = rng.random(n) < 0.8
    pot = (bb * 2 * np.exp(rng.random(n) * np.log(300))).astype(np.int64) + rng.integers(0, 7, n)
    # A room at 4.5 % to the cent, capped at 2/3/4 big blinds (in dimes, at most $3).
    cap = np.where(players <= 3, 2 * bb, np.where(players <= 5, 3 * bb, 4 * bb))
    cap = np.minimum(-(-cap // 10) * 10, 300)  # round caps, as rooms print them
    rake = np.where(flop, np.minimum(pot * 450 // 10_000, cap), 0)
    keys = np.char.add("synth:", np.arange(n).astype(str))
    hands = pl.DataFrame(
        {
            "hand_key": keys,
            "site": "pokerstars",
            "hand_id": np.arange(n).astype(str),
            "started_at": pl.Series(
                (
                    np.datetime64("2024-01-01") + rng.integers(0, 365 * 86400, n).astype("m8[s]")
                ).astype("M8[us]")
            ).dt.replace_time_zone("UTC"),
            "variant": np.where(fixed, "FLO", "PLO"),
            "structure": np.where(fixed, "fixed_limit", "pot_limit"),
            "game_type": "cash",
            "currency": "USD",
            "unit": 100,
            "stakes": pl.Series(bb).cast(pl.String),
            "small_blind": bb // 2,
            "big_blind": bb,
            "small_bet": pl.Series(bb).set(pl.Series(~fixed), None),
            "table_name": np.char.add("T", rng.integers(0, 5000, n).astype(str)),
            "button_seat": 1,
            "players_dealt": players,
            "board": pl.Series(
                [[["Ah", "Kd", "2c"]] if f else [] for f in flop],
                dtype=pl.List(pl.List(pl.String)),
            ),
            "cancelled": False,
            "total_pot_reported": pot,
            "rake_reported": rake,
            "total_pot_derived": pot,
        }
    )
    # Players: pot split evenly among the players (the first takes the odd chips).
    hand_idx = np.repeat(np.arange(n), players)
    seat = (np.arange(len(hand_idx)) - np.repeat(np.cumsum(players) - players, players) + 1).astype(
        np.int32
    )
    share = pot[hand_idx] // players[hand_idx]
    share = share + np.where(seat == 1, pot[hand_idx] - share * players[hand_idx], 0)
    players_frame = pl.DataFrame(
        {
            "hand_key": keys[hand_idx],
            "seat": seat,
            "player": np.char.add("p", rng.integers(0, 20_000, len(hand_idx)).astype(str)),
            "dealt_in": True,
            "uncalled_reported": 0,
            "invested": share,
        }
    )
    # Actions: two per player (a post or call, then the rest).
    first = share // 3
    actions = pl.DataFrame(
        {
            "hand_key": np.concatenate([keys[hand_idx], keys[hand_idx]]),
            "seq": np.concatenate([seat * 2, seat * 2 + 1]).astype(np.int32),
            "player": np.concatenate([players_frame["player"], players_frame["player"]]),
            "seat": np.concatenate([seat, seat]),
            "amount": np.concatenate([first, share - first]),
        }
    )
    for table, frame in (("hands", hands), ("players", players_frame), ("actions", actions)):
        folder = root / "current" / table
        folder.mkdir(parents=True, exist_ok=True)
        _full(frame, table).write_parquet(folder / "part-0.parquet")


def timed(label: str, fn: Callable[[], T], per: int) -> tuple[T, float]:
    start = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - start
    print(f"{label:<46} {seconds:8.2f} s   {per / seconds / 1e6:7.2f} M hands/s")
    return out, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    root = args.dir or Path(tempfile.mkdtemp(prefix="omahahh-rake-bench-"))
    n = args.hands
    if (root / "current" / "hands").is_dir():  # --dir of an earlier run: reuse it
        n = scan(root, "hands").select(pl.len()).collect().item()
        print(f"reusing {n:,} synthetic hands at {root}")
    else:
        start = time.perf_counter()
        synthesise(root, n, args.seed)
        print(f"synthesised {n:,} hands in {time.perf_counter() - start:.1f} s at {root}")
    documented = builtin_schedule("documented")
    hands, players, actions = (scan(root, t) for t in ("hands", "players", "actions"))

    timed(
        "baseline: read + sum rake_reported",
        lambda: hands.select(pl.col("rake_reported").sum()).collect(),
        n,
    )
    sample = hands.head(20_000).collect()
    _, loop = timed(
        "baseline: Python loop per hand (20k sample)",
        lambda: [
            documented.expect(
                site=r["site"],
                structure=r["structure"],
                game_type=r["game_type"],
                currency=r["currency"],
                stakes=r["small_bet"] or r["big_blind"],
                pot=r["total_pot_derived"],
                players=r["players_dealt"],
                flop_dealt=bool(r["board"]),
            )
            for r in sample.iter_rows(named=True)
        ],
        sample.height,
    )
    print(f"{'   ... scaled to all hands':<46} {loop * n / sample.height:8.2f} s")
    report, _ = timed(
        "reconcile (replay's columns)", lambda: reconcile(hands, players, actions, documented), n
    )
    assert report.hands.height == n
    no_derived = hands.drop("total_pot_derived")
    timed(
        "reconcile (pot from the actions table)",
        lambda: reconcile(no_derived, players.drop("invested"), actions, documented),
        n,
    )
    timed(
        "reconcile --by player (weighted attribution)",
        lambda: reconcile(hands, players, actions, documented, by=("player",)),
        n,
    )
    timed(
        "reconcile --by day,stakes",
        lambda: reconcile(hands, players, actions, documented, by=("day", "stakes")),
        n,
    )
    inputs = hand_inputs(hands, players, actions).collect()
    result, _ = timed("infer the schedule", lambda: infer_schedule(inputs), n)
    print(
        f"inferred {result.schedule.tiers[-2].rule.percent_bp / 100:.2f} %, "
        f"{len(result.schedule.tiers) - 2} capped stakes tiers; "
        f"explained {result.hands_explained:,} of {result.hands_used:,}"
    )


if __name__ == "__main__":
    main()
