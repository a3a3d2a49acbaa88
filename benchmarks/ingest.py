"""Ingest benchmark: parse-to-Parquet hands/s and peak memory, beside a baseline.

Builds a folder of PokerStars hands (the corpus's parsable hands, re-keyed and
repeated) and measures, each in a fresh process so peak memory is its own:

- baseline: merely read and split the same bytes into hand blocks;
- ingest: parse, build tables and write the Parquet dataset (1 worker, then 2);
- memory flatness: the same ingest over half and over all of the files.

Usage: ``python benchmarks/ingest.py [--hands 100000] [--files 100]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import resource
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "PokerStars"
HAND_ID = re.compile(r"#\d+:")


def build_input(folder: Path, hands: int, files: int) -> int:
    """Write ``hands`` re-keyed corpus hands over ``files`` files; returns the hand count."""
    texts = [
        b.text
        for p in expand_paths([CORPUS])
        for b in iter_blocks(p)
        if isinstance(parse_block(b), HandRecord)
    ]
    per_file = hands // files
    n = 0
    for f in range(files):
        chunk = []
        for _ in range(per_file):
            text = texts[n % len(texts)]
            chunk.append(HAND_ID.sub(f"#{900_000_000_000 + n}:", text, count=1))
            n += 1
        (folder / f"hh{f:04d}.txt").write_text("\n\n\n".join(chunk) + "\n", encoding="utf-8")
    return n


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _run_split(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = sum(1 for p in expand_paths(paths) for _ in iter_blocks(p))
    return n, time.perf_counter() - t, _peak_mb()


def _run_ingest(paths: list[str], out: str, workers: int) -> tuple[int, float, float]:
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=workers))
    return counts.blocks, time.perf_counter() - t, _peak_mb()


class ChildFailed(RuntimeError):
    """A measured child process raised or died: the benchmark stops instead of waiting."""


def _child(
    conn: Connection, fn: Callable[..., tuple[int, float, float]], args: tuple[object, ...]
) -> None:
    try:
        conn.send(("ok", fn(*args)))
    except BaseException:
        conn.send(("error", traceback.format_exc()))
        raise
    finally:
        conn.close()


def in_child(
    fn: Callable[..., tuple[int, float, float]], *args: object
) -> tuple[int, float, float]:
    """Run ``fn`` in a fresh process (own peak memory); returns (hands, seconds, peak MB).

    Raises :class:`ChildFailed` when the child raises (its traceback in the message) or
    dies without answering (killed, out of memory): never waits on a dead child.
    """
    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, args))
    proc.start()
    # Only the child may hold the sending end: once it exits, recv() sees EOF, not a hang.
    child.close()
    try:
        status, payload = parent.recv()
    except EOFError:
        proc.join()
        raise ChildFailed(
            f"{fn.__name__} died without a result (exit code {proc.exitcode})"
        ) from None
    finally:
        parent.close()
    proc.join()
    if status != "ok":
        raise ChildFailed(f"{fn.__name__} failed in its child process:\n{payload}")
    result: tuple[int, float, float] = payload
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=100)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-bench-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, args.files)
        size_mb = sum(p.stat().st_size for p in src.iterdir()) / 2**20
        files = sorted(str(p) for p in src.iterdir())
        half = files[: len(files) // 2]
        print(f"input: {total:,} hands in {len(files)} files, {size_mb:.1f} MiB")
        rows = [
            ("baseline: read + split", in_child(_run_split, [str(src)])),
            ("ingest, 1 worker", in_child(_run_ingest, [str(src)], str(work / "ds1"), 1)),
            ("ingest, 2 workers", in_child(_run_ingest, [str(src)], str(work / "ds2"), 2)),
            ("ingest, 1 worker, half the files", in_child(_run_ingest, half, str(work / "ds3"), 1)),
        ]
        print(f"{'measure':<36}{'hands':>10}{'seconds':>10}{'hands/s':>12}{'peak MiB':>10}")
        for name, (n, secs, peak) in rows:
            print(f"{name:<36}{n:>10,}{secs:>10.2f}{n / secs:>12,.0f}{peak:>10.0f}")
        one, two = rows[1][1], rows[2][1]
        cores = multiprocessing.cpu_count()
        print(f"speed-up with 2 workers: {one[1] / two[1]:.2f}x (this machine: {cores} cores)")
        print(f"peak memory, half vs all files: {rows[3][1][2]:.0f} vs {one[2]:.0f} MiB")
        print("(2-worker peak is the parent process only; each worker holds one file at a time)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
