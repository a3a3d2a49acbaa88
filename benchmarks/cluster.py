"""Ingest on a Dask LocalCluster of 2 workers beside ``--workers 2`` and the bare limit.

    python benchmarks/cluster.py [--hands 1000000] [--files 1000]

The input is ``benchmarks/ingest.py``'s: the corpus's parsable PokerStars hands,
re-keyed and repeated (1 M hands is about 1.3 GB of text). Each measure runs in
a fresh process; peak memory is the driver's (VmHWM), the workers holding one
file (``driver``) or one batch (``workers``) at a time. The datasets of the
three ingests are compared table by table (hashes, as ``table_hashes.py``). Beside the
wall time, each measure's CPU time (its whole process tree's) shows the work a mode
costs even when other processes share the machine and stretch the wall times.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from baseline import LABEL as BARE  # noqa: E402
from baseline import bare_split  # noqa: E402
from ingest import build_input, in_child  # noqa: E402

from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402
from omahahh.dataset.store import scan  # noqa: E402
from omahahh.dataset.tables import TABLES  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402


def _peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu_seconds() -> float:
    """User + system time of this process and of every child it has reaped (pool or
    Dask worker processes): the work done, whatever else runs on the machine."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


Measure = tuple[int, float, float, float]
"""(hands, wall seconds, peak MiB of the driver, CPU seconds of the whole process tree)."""


def _bare(paths: list[str]) -> Measure:
    n, seconds, _ = bare_split(paths)
    return n, seconds, _peak_mb(), _cpu_seconds()


def _split(paths: list[str]) -> Measure:
    t = time.perf_counter()
    n = sum(1 for p in expand_paths(paths) for _ in iter_blocks(p))
    return n, time.perf_counter() - t, _peak_mb(), _cpu_seconds()


def _ingest(paths: list[str], out: str, cluster: str | None, write_from: str) -> Measure:
    t = time.perf_counter()
    options = IngestOptions(workers=2, cluster=cluster, write_from=write_from)
    counts = ingest(paths, out, options)
    # The pools and clusters are closed (their processes reaped) when ingest returns.
    return counts.blocks, time.perf_counter() - t, _peak_mb(), _cpu_seconds()


def hashes(root: Path) -> dict[str, str]:
    """Each table's rows hashed in any order (sorted 64-bit row hashes: rows are
    compared whole, and a million hands' tables need not become text)."""
    out = {}
    for table in TABLES:
        rows = scan(root, table).collect().hash_rows().sort()
        out[table] = hashlib.sha256(rows.to_numpy().tobytes()).hexdigest()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=1000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-cluster-bench-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, args.files)
        size = sum(p.stat().st_size for p in src.iterdir()) / 2**30
        print(f"input: {total:,} hands in {args.files} files, {size:.2f} GiB", flush=True)
        inputs = [str(src)]
        rows = [
            (BARE, in_child(_bare, inputs)),
            ("omahahh's block splitter (1 process)", in_child(_split, inputs)),
            ("--workers 2", in_child(_ingest, inputs, str(work / "local"), None, "driver")),
            (
                "--cluster local (2 workers), write from driver",
                in_child(_ingest, inputs, str(work / "driver"), "local", "driver"),
            ),
            (
                "--cluster local (2 workers), write from workers",
                in_child(_ingest, inputs, str(work / "workers"), "local", "workers"),
            ),
        ]
        print(
            f"{'measure':<50}{'hands':>10}{'seconds':>10}{'hands/s':>10}{'peak MiB':>10}"
            f"{'CPU s':>10}"
        )
        for name, (n, secs, peak, cpu) in rows:
            print(f"{name:<50}{n:>10,}{secs:>10.1f}{n / secs:>10,.0f}{peak:>10.0f}{cpu:>10.1f}")
        _, base, _, base_cpu = rows[2][1]
        for name, (_, secs, _, cpu) in rows[3:]:
            print(
                f"{name}: {secs / base:.2f}x the time of --workers 2, "
                f"{cpu / base_cpu:.2f}x its CPU time"
            )
        same = hashes(work / "local") == hashes(work / "driver") == hashes(work / "workers")
        print(f"datasets identical (every table hashed): {same}")
        print(f"(machine: {multiprocessing.cpu_count()} cores)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
