"""PHH export speed: hands/s of ``omahahh export``, beside baselines, in one run.

    python benchmarks/export.py [--hands 20000] [--workers 2]

Builds a dataset of ``--hands`` hands (the corpus's parsable PokerStars hands,
re-keyed and repeated, as ``benchmarks/ingest.py`` does) and measures, each
with its wall time and its CPU time (this process and its children):

- baselines: the input text read and cut into hand blocks (read + split, as the
  other benchmarks print it), and the dataset's rows read back as records (no PHH);
- the PHH export of every hand (records, documents, files), 1000 hands per
  file, on 1 process and on ``--workers`` processes;
- the export as issue 18 found it (commit ``665a727^``, taken from git history
  with ``git archive`` and run in a child process on a dataset that code
  ingests itself): the reference of the issue's "10x faster";
- reading every batch's rows from a dataset ingested in ``--runs`` runs (as daily
  incremental ingests leave it: parts from every run), by part spans beside
  searching every part for every batch (what the export did before spans).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from ingest import build_input  # noqa: E402

from omahahh.dataset.ingest import ingest  # noqa: E402
from omahahh.export.phh import export_dataset  # noqa: E402
from omahahh.export.phh_rows import (  # noqa: E402
    BatchSource,
    batches,
    hand_keys,
    records_from_dataset,
)
from omahahh.parsers.registry import iter_blocks  # noqa: E402

BEFORE = "665a727^"
"""The last commit before issue 18 touched the export."""

# The child that times the export of the code at BEFORE on its own dataset.
_BEFORE_CHILD = textwrap.dedent(
    """
    import sys, time
    from omahahh.dataset.ingest import ingest
    from omahahh.export.phh import export_dataset
    src, ds, out = sys.argv[1:4]
    ingest([src], ds)
    t = time.perf_counter()
    c = time.process_time()
    counts = export_dataset(ds, out, 1000)
    print(counts.hands, time.perf_counter() - t, time.process_time() - c)
    """
)


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(run: Callable[[], int]) -> tuple[int, float, float]:
    wall, cpu = time.perf_counter(), _cpu()
    hands = run()
    return hands, time.perf_counter() - wall, _cpu() - cpu


def _before(work: Path, src: Path) -> tuple[int, float, float] | None:
    """(hands, wall s, CPU s) of the export at BEFORE; None without the git history."""
    tree = work / "before"
    tree.mkdir()
    try:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", BEFORE, "omahahh"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, "-c", _BEFORE_CHILD, str(src), str(work / "ds-before")]
    done = subprocess.run(
        [*args, str(work / "phh-before")], env=env, cwd=tree, capture_output=True, text=True
    )
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return None
    hands, wall, cpu = done.stdout.split()
    return int(hands), float(wall), float(cpu)


def _line(label: str, hands: int, wall: float, cpu: float) -> str:
    return f"{label:50}{hands / wall:>10,.0f} hands/s{wall:>9.2f} s wall{cpu:>9.2f} s CPU"


def _reading(work: Path, src: Path, runs: int) -> None:
    """Every batch's rows read from a dataset of ``runs`` runs' parts, two ways."""
    ds = work / "ds-runs"
    files = sorted(src.iterdir())
    step = -(-len(files) // runs)
    for first in range(0, len(files), step):
        ingest(files[first : first + step], ds)
    keys = hand_keys(ds)
    parts = len(BatchSource.of(ds).parts["actions"])
    by_spans = BatchSource.of(ds, keys)
    everywhere = BatchSource.of(ds)
    spans = _timed(lambda: sum(by_spans.read(b, s)["hands"].num_rows for s, b in batches(keys)))
    print(_line(f"read every batch, {parts} parts a table: by spans", *spans))
    search = _timed(lambda: sum(everywhere.read(b)["hands"].num_rows for _, b in batches(keys)))
    print(_line(f"read every batch, {parts} parts a table: every part", *search))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=10, help="ingest runs of the reading measure")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-export-bench-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, max(1, args.hands // 1000))
        ingest([src], work / "ds")
        print(f"dataset: {total:,} hands; load average {os.getloadavg()[0]:.2f}")
        split = _timed(lambda: sum(1 for p in sorted(src.iterdir()) for _ in iter_blocks(p)))
        print(_line("baseline: read + split of the input text", *split))
        base = _timed(lambda: sum(1 for _ in records_from_dataset(work / "ds")))
        print(_line("baseline: the rows read back as records", *base))
        one = _timed(lambda: export_dataset(work / "ds", work / "phh-1", 1000).hands)
        print(_line("export, 1 process", *one))
        label = f"export, --workers {args.workers}"
        many = _timed(
            lambda: export_dataset(work / "ds", work / "phh-n", 1000, workers=args.workers).hands
        )
        print(_line(label, *many))
        _reading(work, src, args.runs)
        before = _before(work, src)
        if before is None:
            print(f"export as issue 18 found it ({BEFORE}): not measured (no git history)")
            return
        print(_line(f"export as issue 18 found it ({BEFORE})", *before))
        rate = before[0] / before[1]
        print(
            f"speed-up over {BEFORE}: 1 process {one[0] / one[1] / rate:.1f}x, "
            f"--workers {args.workers} {many[0] / many[1] / rate:.1f}x "
            f"(CPU per hand {before[2] / before[0] / (one[2] / one[0]):.1f}x less)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
