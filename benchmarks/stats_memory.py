"""Peak memory of ``stats`` over a players table larger than memory should need, beside baselines.

    python benchmarks/stats_memory.py [--players-rows 50000000] [--dir DIR (reused if present)]

The dataset is made as ``benchmarks/stats.py`` makes its input (the PokerStars
corpus hands ingested once, every table repeated with re-keyed hands and
players drawn from a pool), but written chunk by chunk, one Parquet part per
table per chunk, so making it never holds the whole dataset either.

Each figure is measured in a fresh child process (peak RSS from
``getrusage``): the statistics table of every player, a DuckDB distinct count
(the optional extra), and two baselines — reading the players table's
columns into memory, and a polars eager distinct count of hands per player.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import CURRENT, MANIFEST, scan
from omahahh.dataset.tables import TABLES

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "PokerStars"
NAME_COLUMNS = {"players": "player", "actions": "player", "collections": "player"}
NAME_COLUMNS |= {"awards": "player", "allin": "player", "findings": "player"}
COPIES_PER_CHUNK = 5_000


def synthesise(root: Path, player_rows: int, pool: int) -> None:
    """Corpus hands repeated until the players table has ``player_rows`` rows, in chunks."""
    with tempfile.TemporaryDirectory() as tmp:
        ingest([CORPUS], Path(tmp) / "seed")
        seed = {t: scan(Path(tmp) / "seed", t).collect() for t in TABLES}
    per_copy = seed["players"].height
    copies = -(-player_rows // per_copy)
    target = root / CURRENT
    for table in TABLES:
        (target / table).mkdir(parents=True, exist_ok=True)
    for chunk, start in enumerate(range(0, copies, COPIES_PER_CHUNK)):
        stop = min(copies, start + COPIES_PER_CHUNK)
        copy = pl.int_range(start, stop, dtype=pl.Int64, eager=True).alias("_copy")
        for table in TABLES:
            frame = seed[table]
            if "hand_key" not in frame.columns or frame.height == 0:
                if chunk == 0:
                    frame.write_parquet(target / table / "part-0.parquet")
                continue
            out = pl.DataFrame(copy).join(frame, how="cross")
            if table == "hands":
                out = out.with_columns(pl.col("started_at") + pl.duration(minutes=pl.col("_copy")))
            name = NAME_COLUMNS.get(table)
            if name and "seat" in out.columns:
                number = (pl.col("_copy") * 10 + pl.col("seat")) % pool
                renamed = pl.when(pl.col("seat").is_null()).then(
                    pl.col(name) + "#" + pl.col("_copy").cast(pl.String)
                )
                out = out.with_columns(
                    renamed.otherwise(pl.lit("p") + number.cast(pl.String)).alias(name)
                )
            key = pl.col("hand_key") + "#" + pl.col("_copy").cast(pl.String)
            out = out.with_columns(key.alias("hand_key")).drop("_copy")
            out.write_parquet(target / table / f"part-{chunk:05d}.parquet")
    (target / MANIFEST).write_text(json.dumps({"synthetic": True}), encoding="utf-8")


def _run(call: Callable[[str], str], root: str, queue: multiprocessing.Queue[str]) -> None:
    start = time.perf_counter()
    what = call(root)
    seconds = time.perf_counter() - start
    peak = _high_water_gib()
    queue.put(f"{seconds:8.1f} s  peak {peak:5.2f} GiB  {what}")


def _high_water_gib() -> float:
    """This process's peak resident memory (VmHWM: unlike getrusage's maxrss, it does not
    inherit the parent's figure across fork and exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 2**20  # KiB -> GiB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def measure(call: Callable[[str], str], root: Path) -> str:
    """Run ``call(root)`` in a fresh process; its time and peak resident memory."""
    ctx = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[str] = ctx.Queue()
    proc = ctx.Process(target=_run, args=(call, str(root), queue))
    proc.start()
    proc.join()
    return queue.get() if proc.exitcode == 0 else f"failed (exit {proc.exitcode})"


def read_players(root: str) -> str:
    frame = scan(root, "players").select("hand_key", "player", "invested", "won").collect()
    return f"baseline: players table read into memory ({frame.height:,} rows)"


def eager_distinct(root: str) -> str:
    frame = scan(root, "players").select("hand_key", "player").collect()
    counts = frame.group_by("player").agg(pl.col("hand_key").n_unique())
    return f"baseline: eager distinct hands per player ({counts.height:,} players)"


def stats_table(root: str) -> str:
    from omahahh.stats.players import dataset_tables, player_stats

    frame = player_stats(dataset_tables(root))
    return f"omahahh stats: every statistic of every player ({frame.height:,} rows)"


def duckdb_distinct(root: str) -> str:
    import duckdb

    con = duckdb.connect()
    con.execute("SET memory_limit = '1GB'")
    con.execute("SET threads = 2")
    glob = str(Path(root) / CURRENT / "players" / "*.parquet")
    rows = con.execute(
        "SELECT count(*) FROM (SELECT player, count(DISTINCT hand_key) "
        f"FROM read_parquet('{glob}') GROUP BY player)"
    ).fetchone()
    return f"DuckDB distinct hands per player, 1 GB limit ({rows[0] if rows else 0:,} players)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players-rows", type=int, default=50_000_000)
    parser.add_argument("--pool", type=int, default=5000, help="player names (a multiple of 10)")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--skip-baselines", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.dir is None else None
    root = Path(tmp.name) / "ds" if tmp else args.dir
    if not (root / CURRENT / "hands").is_dir():
        start = time.perf_counter()
        synthesise(root, args.players_rows, args.pool)
        print(f"synthesised in {time.perf_counter() - start:.1f} s under {root}")
    rows = {t: scan(root, t).select(pl.len()).collect().item() for t in ("hands", "players")}
    rows["actions"] = scan(root, "actions").select(pl.len()).collect().item()
    print(f"{rows['hands']:,} hands, {rows['players']:,} player rows, {rows['actions']:,} actions")
    calls = [stats_table]
    if not args.skip_baselines:
        calls = [read_players, eager_distinct, stats_table, duckdb_distinct]
    for call in calls:
        print(measure(call, root), flush=True)
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
