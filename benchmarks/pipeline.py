"""Whole-pipeline benchmark: parse, replay, audit and Parquet, beside the bare limit.

Uses the input of ``benchmarks/ingest.py`` (the corpus's PokerStars hands,
re-keyed and repeated) and measures, each in a fresh process:

- the bare limit (``benchmarks/baseline.py``): the bytes read and split on blank lines
  by one regular expression; each row's ``vs bare`` is its speed as a fraction of it;
- omahahh's block splitter (``iter_blocks``: decoding, room detection, line numbers);
- parse only: blocks to records;
- parse + replay + audit: records, replayed and audited (no tables);
- ingest without replay: parse to Parquet;
- ingest with replay and audit but without the all-in equity tables;
- ingest (the whole pipeline: parse, replay, audit, all-in equity, Parquet),
  1 worker and 2 workers;
- on a second input, the same hands but 2 % (``--allin-share``) replaced by
  fresh hands all-in before the flop with randomly dealt, distinct cards: its
  bare limit, and the whole pipeline with the time spent in the all-in EV step
  measured inside it (its share of the pipeline is printed; the aim is at most
  10 %); ``--exact-too`` adds the same with exact
  pre-flop enumeration (``ingest --allin-exact``, slow: use fewer hands).

Usage: ``python benchmarks/pipeline.py [--hands 50000] [--files 50] [--allin-share 0.02]
[--exact-too] [--package DIR]`` (``--package``: measure the omahahh in ``DIR``, as
``benchmarks/package.py`` says). Prints hands/s per stage and the 2-worker speed-up;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
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
from ingest import _load_walk, build_input, in_child  # noqa: E402

from omahahh.audit.hand import audit_hand  # noqa: E402
from omahahh.dataset.ingest import IngestOptions, fragments, ingest  # noqa: E402
from omahahh.dataset.pipeline import PipelineOptions  # noqa: E402
from omahahh.dataset.store import DatasetWriter  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402
from omahahh.replay.allin import DEFAULT_SAMPLES  # noqa: E402


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _split(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = sum(1 for p in expand_paths(paths) for _ in iter_blocks(p))
    return n, time.perf_counter() - t, _peak_mb()


def _parse(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = 0
    for p in expand_paths(paths):
        for block in iter_blocks(p):
            parse_block(block)
            n += 1
    return n, time.perf_counter() - t, _peak_mb()


def _parse_audit(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = 0
    for p in expand_paths(paths):
        for block in iter_blocks(p):
            parsed = parse_block(block)
            if isinstance(parsed, HandRecord):
                audit_hand(parsed)
            n += 1
    return n, time.perf_counter() - t, _peak_mb()


def _ingest_no_replay(paths: list[str], out: str) -> tuple[int, float, float]:
    t = time.perf_counter()
    with DatasetWriter(out) as writer:
        for fragment in fragments(paths, 1, PipelineOptions(replay=False)):
            writer.add(fragment)
        writer.commit()
        n = writer.counts.blocks
    return n, time.perf_counter() - t, _peak_mb()


def _ingest_without_allin(paths: list[str], out: str) -> tuple[int, float, float]:
    """Parse, replay, audit and Parquet, leaving out the all-in equity tables,
    which enumerate boards for every hand all-in before the river."""
    import omahahh.dataset.pipeline as pipeline

    def no_allin(*args: object, **kwargs: object) -> tuple[()]:
        return ()

    pipeline.allin_rows = no_allin  # type: ignore[assignment]  # this child only
    return _ingest(paths, out, 1)


def _ingest_timing_allin(
    paths: list[str], out: str, samples: int | None
) -> tuple[int, float, float, float, int]:
    """The whole pipeline, 1 worker, with the seconds spent in the all-in EV step and the
    number of hands it gave rows for."""
    import omahahh.dataset.pipeline as pipeline

    real = pipeline.allin_rows
    spent = [0.0, 0]

    def timed(*args: object, **kwargs: object) -> object:
        t = time.perf_counter()
        rows = real(*args, **kwargs)  # type: ignore[arg-type]
        spent[0] += time.perf_counter() - t
        spent[1] += bool(rows)
        return rows

    pipeline.allin_rows = timed  # type: ignore[assignment]  # this child only
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=1, allin_preflop_samples=samples))
    return counts.blocks, time.perf_counter() - t, _peak_mb(), spent[0], int(spent[1])


def _ingest(paths: list[str], out: str, workers: int) -> tuple[int, float, float]:
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=workers))
    return counts.blocks, time.perf_counter() - t, _peak_mb()


HEADER = (
    f"{'measure':<38}{'hands':>10}{'seconds':>10}{'hands/s':>12}{'vs bare':>10}{'peak MiB':>10}"
)


def _row(name: str, n: int, secs: float, bare_secs: float, peak: float) -> str:
    return (
        f"{name:<38}{n:>10,}{secs:>10.2f}{n / secs:>12,.0f}"
        f"{vs_bare(secs, bare_secs) if name != BARE else '':>10}{peak:>10.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--allin-share", type=float, default=0.02)
    parser.add_argument("--exact-too", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-pipeline-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, args.files)
        paths = [str(src)]
        print(f"input: {total:,} hands in {args.files} files")
        print(f"package: {describe()}")
        if importlib.util.find_spec("numba") is not None:  # walk compiled before any timing
            in_child(_load_walk, {})
        bare = in_child(bare_split, paths)
        rows = [
            (BARE, bare),
            ("omahahh's block splitter", in_child(_split, paths)),
            ("parse only", in_child(_parse, paths)),
            ("parse + replay + audit", in_child(_parse_audit, paths)),
            (
                "ingest without replay, 1 worker",
                in_child(_ingest_no_replay, paths, str(work / "a")),
            ),
            (
                "ingest + replay + audit, no all-in EV",
                in_child(_ingest_without_allin, paths, str(work / "d")),
            ),
            ("ingest (whole pipeline), 1 worker", in_child(_ingest, paths, str(work / "b"), 1)),
            ("ingest (whole pipeline), 2 workers", in_child(_ingest, paths, str(work / "c"), 2)),
        ]
        print(HEADER)
        for name, (n, secs, peak) in rows:
            print(_row(name, n, secs, bare[1], peak))
        parse_s, audit_s = rows[2][1][1], rows[3][1][1]
        print(f"replay + audit cost per hand: {1e6 * (audit_s - parse_s) / total:.0f} µs")
        one, two = rows[6][1][1], rows[7][1][1]
        print(
            f"speed-up with 2 workers: {one / two:.2f}x "
            f"(this machine: {multiprocessing.cpu_count()} cores)"
        )
        _allin_input(work, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _allin_input(work: Path, args: argparse.Namespace) -> None:
    """The second input: ``--allin-share`` of the hands all-in pre-flop, distinct cards."""
    src = work / "input-allin"
    src.mkdir()
    total = build_input(src, args.hands, args.files, allin_share=args.allin_share)
    paths = [str(src)]
    print(f"\ninput: {total:,} hands, {args.allin_share:.0%} all-in pre-flop (distinct cards)")
    runs: list[tuple[str, int | None]] = [("sampled (default)", DEFAULT_SAMPLES)]
    if args.exact_too:
        runs.append(("exact (--allin-exact)", None))
    base = in_child(bare_split, paths)
    print(HEADER)
    print(_row(BARE, base[0], base[1], base[1], base[2]))
    for label, samples in runs:
        n, secs, peak, allin_s, allin_n = in_child(
            _ingest_timing_allin, paths, str(work / "e"), samples
        )
        shutil.rmtree(work / "e", ignore_errors=True)
        name = f"ingest, 1 worker, all-in EV {label}"
        print(_row(name, n, secs, base[1], peak))
        print(
            f"  all-in EV step: {allin_s:.2f} s = {allin_s / secs:.1%} of the pipeline "
            f"(aim: at most 10 %); {allin_n:,} hands with all-in rows, "
            f"{1e3 * allin_s / max(1, allin_n):.2f} ms each"
        )


if __name__ == "__main__":
    main()
