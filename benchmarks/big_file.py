"""One large file: hands/s and peak memory with 1 and 2 workers, beside the bare limit.

A room's export or a tracker's database dump is often one file. With ``--workers N``
such a file is cut into pieces at hand boundaries (:mod:`omahahh.dataset.pieces`), so
every worker has work and none holds the whole file's tables. Measured here, each in a
fresh process so peak memory is its own, on one file of PokerStars hands (the corpus's,
re-keyed and repeated, as ``benchmarks/ingest.py`` builds them) beside a small second
file (so that whole files alone could also start 2 workers):

- the bare limit (``benchmarks/baseline.py``): the same bytes read and split on blank
  lines by one regular expression (``vs bare``: each row's fraction of its speed);
- omahahh's block splitter (``iter_blocks``);
- ingest, 1 worker (one process reads the file in parts);
- ingest, 2 workers, the large file in pieces (the default);
- ingest, 2 workers, whole files (no piece is cut).

For 2 workers, the parent's peak and the larger worker's are printed.

Usage: ``python benchmarks/big_file.py [--hands 40000] [--package DIR]``. Nothing is
asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from package import describe, take_package_option, use_package  # noqa: E402

sys.argv[1:] = take_package_option(sys.argv[1:])
use_package()

from baseline import LABEL as BARE  # noqa: E402
from baseline import bare_split, vs_bare  # noqa: E402
from ingest import _load_walk, _peak_mb, _run_split, build_input, in_child  # noqa: E402

from omahahh.dataset import pieces  # noqa: E402
from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402

Row = tuple[int, float, float, float | None]


def _run(paths: list[str], out: str, workers: int, cut: bool) -> Row:
    """One ingest in this (child) process: blocks, seconds, own peak, workers' peak."""
    if not cut:
        pieces.PIECE_MIN_BYTES = 1 << 62  # every file one piece
        pieces.PIECE_MAX_BYTES = 1 << 62
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=workers))
    seconds = time.perf_counter() - t
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return counts.blocks, seconds, _peak_mb(), workers_peak if workers > 1 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40_000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-big-"))
    try:
        src = work / "input"
        src.mkdir()
        in_child(build_input, src, args.hands, 1)  # its texts stay out of the measured forks
        (big,) = src.iterdir()
        small = src / "small.txt"
        with big.open(encoding="utf-8") as fh:  # not the whole file: children fork from here
            small.write_text(fh.read(1 << 16).split("\n\n\n")[0] + "\n")
        inputs = [str(big), str(small)]
        print(f"input: {args.hands:,} hands in one file of {big.stat().st_size / 2**20:.1f} MiB")
        print(f"        and one small file; package: {describe()}")
        if importlib.util.find_spec("numba") is not None:
            in_child(_load_walk, {})  # the walk compiled into the cache before any timing
        bare = in_child(bare_split, inputs)
        split = in_child(_run_split, inputs)
        rows: list[tuple[str, Row]] = [
            (BARE, (bare[0], bare[1], bare[2], None)),
            ("omahahh's block splitter", (split[0], split[1], split[2], None)),
            ("ingest, 1 worker", in_child(_run, inputs, str(work / "d1"), 1, True)),
            ("ingest, 2 workers, in pieces", in_child(_run, inputs, str(work / "d2"), 2, True)),
            ("ingest, 2 workers, whole files", in_child(_run, inputs, str(work / "d3"), 2, False)),
        ]
        header = f"{'measure':<34}{'hands':>9}{'seconds':>9}{'hands/s':>10}"
        print(f"{header}{'vs bare':>9}{'peak MiB':>10}{'worker MiB':>12}")
        for name, (n, secs, peak, worker) in rows:
            in_worker = f"{worker:>12.0f}" if worker is not None else f"{'':>12}"
            print(
                f"{name:<34}{n:>9,}{secs:>9.2f}{n / secs:>10,.0f}"
                f"{vs_bare(secs, bare[1]) if name != BARE else '':>9}"
                f"{peak:>10.0f}{in_worker}"
            )
        one, cut, whole = rows[2][1], rows[3][1], rows[4][1]
        cores = multiprocessing.cpu_count()
        print(
            f"2 workers against 1 ({cores} cores): {one[1] / cut[1]:.2f}x in pieces, "
            f"{one[1] / whole[1]:.2f}x with whole files; "
            f"1 worker at {vs_bare(one[1], bare[1])} of the bare limit"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
