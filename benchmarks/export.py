"""PHH export speed: hands/s of ``omahahh export``, beside baselines, in one run.

    python benchmarks/export.py [--hands 20000] [--workers 2] [--repeat 3]

Builds a dataset of ``--hands`` hands (the corpus's parsable PokerStars hands,
re-keyed and repeated, as ``benchmarks/ingest.py`` does) and measures, each
with its wall time and its CPU time (the process and its children):

- baselines: the bare limit (``benchmarks/baseline.py``: the input text's bytes split
  on blank lines by one regular expression), omahahh's block splitter over the same
  text, and the dataset's rows read back as records (no PHH);
- reading every batch's rows from a dataset ingested in ``--runs`` runs (as daily
  incremental ingests leave it: parts from every run), by part spans beside
  searching every part for every batch (what the export did before spans);
- in ``--repeat`` rounds, one measure after the other, each in a fresh process: the
  PHH export of every hand, 1000 hands per file, on 1 process and on ``--workers``
  processes, and the export before its fast path (commit ``665a727^``, taken from
  git history with ``git archive``, on a dataset that code ingests itself): the
  reference for the fast path's gain. The fastest round of each is compared:
  a shared machine's slow spells would otherwise decide the ratio.
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

from baseline import LABEL as BARE  # noqa: E402
from baseline import bare_split  # noqa: E402
from ingest import build_input  # noqa: E402

from omahahh.dataset.ingest import ingest  # noqa: E402
from omahahh.export.phh_rows import (  # noqa: E402
    BatchSource,
    batches,
    hand_keys,
    records_from_dataset,
)
from omahahh.parsers.registry import iter_blocks  # noqa: E402

BEFORE = "665a727^"
"""The last commit before the export's fast path."""

# The child that times one export (of this checkout, or of the code at BEFORE with its
# own dataset, ingested by that code on its first round): a fresh process each time, so
# no round inherits another's warm caches.
_CHILD = textwrap.dedent(
    """
    import os, sys, time
    from omahahh.dataset.ingest import ingest
    from omahahh.export.phh import export_dataset
    src, ds, out, workers = sys.argv[1:5]
    if not os.path.exists(ds):
        ingest([src], ds)
    kwargs = {} if workers == "0" else {"workers": int(workers)}
    t = time.perf_counter()
    c = time.process_time()
    counts = export_dataset(ds, out, 1000, **kwargs)
    wall = time.perf_counter() - t
    import resource
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - c + kids.ru_utime + kids.ru_stime
    print(counts.hands, wall, cpu)
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


def _before_tree(work: Path) -> Path | None:
    """The package as it was at BEFORE, unpacked under ``work``; None without git history."""
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
    return tree


def _child(tree: Path, src: Path, ds: Path, out: Path, workers: int) -> tuple[int, float, float]:
    """(hands, wall s, CPU s) of one export by the package at ``tree``, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, "-c", _CHILD, str(src), str(ds), str(out), str(workers)]
    done = subprocess.run(args, env=env, cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    shutil.rmtree(out, ignore_errors=True)
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
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds of the export measures, interleaved"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-export-bench-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, max(1, args.hands // 1000))
        ingest([src], work / "ds")
        print(f"dataset: {total:,} hands; load average {os.getloadavg()[0]:.2f}")
        print(_line(f"baseline: {BARE}", *_timed(lambda: bare_split([src])[0])))
        split = _timed(lambda: sum(1 for p in sorted(src.iterdir()) for _ in iter_blocks(p)))
        print(_line("baseline: omahahh's block splitter", *split))
        base = _timed(lambda: sum(1 for _ in records_from_dataset(work / "ds")))
        print(_line("baseline: the rows read back as records", *base))
        _reading(work, src, args.runs)
        before_tree = _before_tree(work)
        # Rounds of (1 process, N workers, BEFORE) one after the other, each in a fresh
        # process, so that a slow spell of a shared machine meets all three alike.
        measures: dict[str, list[tuple[int, float, float]]] = {}
        for _ in range(args.repeat):
            runs = {
                "export, 1 process": (REPO, work / "ds", 0),
                f"export, --workers {args.workers}": (REPO, work / "ds", args.workers),
            }
            if before_tree is not None:
                runs[f"export before its fast path ({BEFORE})"] = (
                    before_tree,
                    work / "ds-before",
                    0,
                )
            for label, (tree, ds, workers) in runs.items():
                result = _child(tree, src, ds, work / "phh", workers)
                measures.setdefault(label, []).append(result)
                print(_line(label, *result))
        best = {label: max(rs, key=lambda r: r[0] / r[1]) for label, rs in measures.items()}
        print(f"fastest of {args.repeat} rounds:")
        for label, result in best.items():
            print(_line(label, *result))
        if before_tree is None:
            print(f"export before its fast path ({BEFORE}): not measured (no git history)")
            return
        one, many, before = best.values()
        rate = before[0] / before[1]
        print(
            f"speed-up over {BEFORE} (fastest rounds): 1 process {one[0] / one[1] / rate:.1f}x, "
            f"--workers {args.workers} {many[0] / many[1] / rate:.1f}x "
            f"(CPU per hand {before[2] / before[0] / (one[2] / one[0]):.1f}x less)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
