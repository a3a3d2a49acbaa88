"""Player statistics over a synthetic dataset of a million hands, beside a baseline.

    python benchmarks/stats.py [--hands 1000000] [--players 5000] [--dir DIR (reused if present)]

The dataset is synthesised with polars, not parsed: the PokerStars hands of
``../shared/corpus`` are ingested once (replay, audit and all-in EV included),
then every table is repeated with the hands re-keyed, the players renamed
into a pool of ``--players`` names and the times spread out, and written as
Parquet in the dataset layout. So the actions, showdowns, Hi/Lo awards and
all-in rows have the shapes of real hands.

Figures, best of ``--repeat`` runs each:

- baseline: read the columns the statistics read (no computation);
- baseline: group every action by (hand_key, player) and sum (a naive tracker's
  first step; the "x baseline" figures are against this one);
- the full statistics table (every column of docs/STATS.md);
- the same ``--by position``, ``--by category`` (starting hands, exploded);
- one player (``--player``), the filter that reads least;
- the graph series of that player.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import polars as pl

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import CURRENT, MANIFEST, scan
from omahahh.dataset.tables import TABLES
from omahahh.report.graph import graph_series
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import dataset_tables, player_stats

T = TypeVar("T")
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "PokerStars"
# Columns holding player names, per table (renamed together so hands stay whole).
NAME_COLUMNS = {"players": "player", "actions": "player", "collections": "player"}
NAME_COLUMNS |= {"awards": "player", "allin": "player", "findings": "player"}


def synthesise(root: Path, hands: int, pool: int) -> None:
    """Write ``hands`` hands (corpus hands repeated) in the dataset layout under ``root``."""
    with tempfile.TemporaryDirectory() as tmp:
        ingest([CORPUS], Path(tmp) / "seed")
        seed = {t: scan(Path(tmp) / "seed", t).collect() for t in TABLES}
    base = seed["hands"].height
    copies = -(-hands // base)
    copy = pl.int_range(0, copies, dtype=pl.Int64, eager=True).alias("_copy")
    target = root / CURRENT
    for table in TABLES:
        frame = seed[table]
        if "hand_key" not in frame.columns or frame.height == 0:
            out = frame
        else:
            # Copy by copy, so each hand's rows stay together as in a real dataset.
            out = pl.DataFrame(copy).join(frame, how="cross")
            if table == "hands":
                out = out.with_columns(pl.col("started_at") + pl.duration(minutes=pl.col("_copy")))
            name = NAME_COLUMNS.get(table)
            if name and "seat" in out.columns:
                # A player per (copy, seat), drawn from a pool of ``pool`` names: the same
                # in every table of a hand, never two in one hand.
                number = (pl.col("_copy") * 10 + pl.col("seat")) % pool
                renamed = pl.when(pl.col("seat").is_null()).then(
                    pl.col(name) + "#" + pl.col("_copy").cast(pl.String)
                )
                out = out.with_columns(
                    renamed.otherwise(pl.lit("p") + number.cast(pl.String)).alias(name)
                )
            key = pl.col("hand_key") + "#" + pl.col("_copy").cast(pl.String)
            out = out.with_columns(key.alias("hand_key")).drop("_copy")
        folder = target / table
        folder.mkdir(parents=True, exist_ok=True)
        if table == "hands":
            out = out.head(hands)
        else:
            keys = pl.read_parquet(target / "hands" / "part-0.parquet", columns=["hand_key"])
            out = out.join(keys, on="hand_key", how="semi") if "hand_key" in out.columns else out
        out.write_parquet(folder / "part-0.parquet")
    (target / MANIFEST).write_text(json.dumps({"synthetic": True}), encoding="utf-8")


def best(repeat: int, call: Callable[[], T]) -> tuple[float, T]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    assert result is not None
    return min(times), result


def read_baseline(root: Path) -> int:
    """Read every column the statistics read (the floor: no computation at all)."""
    hands = scan(root, "hands").select(
        "hand_key", "site", "currency", "big_blind", "button_seat", "hi_lo", "rake_reported"
    )
    players = scan(root, "players").select(
        "hand_key", "seat", "player", "dealt_in", "invested", "won", "collected_reported"
    )
    actions = scan(root, "actions").select("hand_key", "seq", "street", "seat", "kind", "amount")
    return sum(f.collect().height for f in (hands, players, actions))


def group_baseline(root: Path) -> pl.DataFrame:
    """A tracker's naive first step: every action grouped by (hand, player), one sum."""
    actions = scan(root, "actions").select("hand_key", "player", "amount")
    return actions.group_by("hand_key", "player").agg(pl.col("amount").sum()).collect()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=5000, help="a multiple of 10")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.dir is None else None
    root = Path(tmp.name) / "ds" if tmp else args.dir
    if not (root / CURRENT / "hands").is_dir():
        start = time.perf_counter()
        synthesise(root, args.hands, args.players)
        print(f"synthesised in {time.perf_counter() - start:.1f} s under {root}")
    tables = dataset_tables(str(root))
    n_hands = scan(root, "hands").select(pl.len()).collect().item()
    rows = {t: scan(root, t).select(pl.len()).collect().item() for t in ("players", "actions")}
    print(f"{n_hands:,} hands, {rows['players']:,} player rows, {rows['actions']:,} actions")
    read, _ = best(args.repeat, lambda: read_baseline(root))
    print(f"{'baseline: read the columns statistics read':48s} {read:7.2f} s")
    base, _ = best(args.repeat, lambda: group_baseline(root))
    print(f"{'baseline: group actions by (hand, player), sum':48s} {base:7.2f} s")
    figures: list[tuple[str, Callable[[], pl.DataFrame]]] = [
        ("statistics table (every column)", lambda: player_stats(tables)),
        ("--by position", lambda: player_stats(tables, by=["position"])),
        ("--by category (starting hands)", lambda: player_stats(tables, by=["category"])),
    ]
    for label, call in figures:
        seconds, frame = best(args.repeat, call)
        ratio = seconds / base
        print(f"{label:48s} {seconds:7.2f} s  ({ratio:4.1f}x baseline, {frame.height:,} rows)")
    usd = player_stats(tables, StatsFilter(currencies=("USD",)))
    one = usd.sort("hands", descending=True)["player"][0]
    only = StatsFilter(players=(one,), currencies=("USD",))
    seconds, frame = best(args.repeat, lambda: player_stats(tables, only))
    print(f"{'--player ' + one:48s} {seconds:7.2f} s  ({frame['hands'].sum():,} hands)")
    seconds, series = best(args.repeat, lambda: graph_series(tables, only))
    print(f"{'graph series of ' + one:48s} {seconds:7.2f} s  ({series.frame.height:,} points)")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
