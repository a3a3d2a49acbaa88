"""`omahahh fairness` over a million hands on one core, beside a baseline.

    python benchmarks/fairness.py [--hands 1000000] [--known all|hero] [--dir DIR (reused)]

The dataset is simulated (``omahahh/fairness/simulate.py``: fair deals, six
seats, 500 hands a table, streets dealt as players would decide them, 5 % of
hands with an all-in) and written as a real dataset
(``omahahh/fairness/synthetic.py``), in parts of 50,000 hands as ``ingest``
writes them. ``--known all`` gives every seat's cards (an operator's log: six
hole hands and a board per hand, the heaviest case), ``--known hero`` only one
seat's plus a shown hand on every river.

Each figure is measured in a fresh child process with ``POLARS_MAX_THREADS=1``
and one BLAS thread (one core), timing the work after imports: wall-clock
seconds and the CPU seconds the process used (on a shared machine the wall
clock also counts the time other processes held the core; the load average
is printed). Peak memory is the child's resident high-water mark:

- baseline: read every column the tests read into memory (no computation);
- extraction: the fair sample as arrays (``fair_sample``);
- the whole command: ``omahahh fairness DIR --format json --out FILE``
  (dataset open and check, extraction, every test, the family, the output).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the checkout's omahahh, installed or not

ONE_CORE = {
    "POLARS_MAX_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
HANDS_PER_TABLE = 500
PART_HANDS = 50_000  # a multiple of HANDS_PER_TABLE: parts end at a table's end


def synthesise(root: Path, hands: int, known: str) -> None:
    from omahahh.dataset.store import DatasetWriter
    from omahahh.fairness.simulate import Known, session
    from omahahh.fairness.synthetic import session_tables

    played = session(hands, 2026, tables=max(1, hands // HANDS_PER_TABLE))
    with DatasetWriter(root) as writer:
        for start in range(0, hands, PART_HANDS):
            stop = min(hands, start + PART_HANDS)
            frames = session_tables(played.part(start, stop), Known(known), start)
            for table, frame in frames.items():
                writer.buffer(table, frame)
            writer.count(files=0, blocks=stop - start, parsed=stop - start, failures=0)
        writer.commit(["benchmarks/fairness.py"])


def _peak_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(what: str, root: str) -> None:
    """One measurement (in a fresh process): prints seconds and peak memory as JSON."""
    import polars as pl

    from omahahh.cli.app import app
    from omahahh.dataset.store import scan
    from omahahh.fairness.extract import fair_sample
    from omahahh.stats.players import dataset_tables

    start, cpu = time.perf_counter(), time.process_time()
    if what == "baseline":
        columns = {
            "hands": [
                *("hand_key", "site", "tournament_id", "table_name", "started_at", "hand_id"),
                *("hole_card_count", "button_seat", "board"),
            ],
            "players": ["hand_key", "seat", "player", "dealt_in", "dealt_known", "hole_cards"],
            "allin": ["hand_key", "seat", "player", "equity"],
            "pots": ["hand_key", "run", "pot_index", "amount_derived"],
            "awards": ["hand_key", "run", "pot_index", "seat", "amount_derived"],
        }
        rows = sum(scan(root, t).select(c).collect().height for t, c in columns.items())
        note = f"{rows:,} rows"
    elif what == "extract":
        sample = fair_sample(dataset_tables(root))
        note = f"{sample.hands:,} hands, {sample.seat.size:,} hole hands"
    else:
        out = Path(root).parent / "fairness.json"
        app(["fairness", root, "--format", "json", "--out", str(out)], standalone_mode=False)
        doc = json.loads(out.read_text(encoding="utf-8"))
        tested = sum(1 for r in doc["tests"] if r["p"] is not None)
        note = f"{tested} tests with a p-value, family rejected: {doc['rejected']}"
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"seconds": seconds, "cpu": cpu, "peak_mib": _peak_mib(), "note": note}))
    del pl


def measure(what: str, root: Path) -> dict[str, object]:
    env = {**os.environ, **ONE_CORE}
    done = subprocess.run(
        [sys.executable, __file__, "--child", what, str(root)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{what} failed:\n{done.stderr}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--known", choices=("all", "hero"), default="all")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs per figure")
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "DIR"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    with tempfile.TemporaryDirectory(prefix="fairness-bench-") as tmp:
        root = args.dir or Path(tmp) / "ds"
        if not (root / "current").exists():
            start = time.perf_counter()
            synthesise(root, args.hands, args.known)
            print(
                f"# synthesised {args.hands:,} hands ({args.known} known) in "
                f"{time.perf_counter() - start:.1f} s at {root}"
            )
        print(f"# one core: {' '.join(f'{k}={v}' for k, v in ONE_CORE.items())}")
        print(f"# load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        print(f"{'measure':<34} {'wall s':>7} {'CPU s':>7} {'hands/s':>10} {'peak MiB':>9}  note")
        base = None
        for what, label in (
            ("baseline", "baseline: read the columns"),
            ("extract", "extraction (fair sample)"),
            ("command", "omahahh fairness (whole command)"),
        ):
            runs = [measure(what, root) for _ in range(args.repeat)]
            best = min(runs, key=lambda r: float(str(r["cpu"])))
            seconds, cpu = float(str(best["seconds"])), float(str(best["cpu"]))
            base = base or cpu
            print(
                f"{label:<34} {seconds:7.2f} {cpu:7.2f} {args.hands / cpu:10,.0f} "
                f"{float(str(best['peak_mib'])):9,.0f}  {best['note']} "
                f"({cpu / base:.1f}x baseline CPU)"
            )
        print(f"# load average after: {os.getloadavg()[0]:.1f}; hands/s is per CPU second")


if __name__ == "__main__":
    main()
