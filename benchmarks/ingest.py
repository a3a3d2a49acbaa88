"""Ingest benchmark: parse-to-Parquet hands/s and peak memory, beside the bare limit.

Builds a folder of PokerStars hands (the corpus's parsable hands, re-keyed and
repeated) and measures, each in a fresh process so peak memory is its own:

- the bare limit (``benchmarks/baseline.py``): the same bytes read and split on
  blank lines by one regular expression; every row's ``vs bare`` column is its
  speed as a fraction of this one, timed in the same run;
- omahahh's block splitter (``iter_blocks``: decoding, room detection, line numbers);
- ingest: parse, build tables and write the Parquet dataset (1 worker, then 2: the
  parent's and the larger worker's peaks, since workers write their own parts);
- memory flatness: the same ingest over half and over all of the files;
- the 2-worker speed-up's reference on this machine: two independent 1-worker ingests,
  one of each half of the files, started together (no shared driver, no fragments sent
  between processes): what two processes reach here when nothing is shared;
- with numba installed (a dependency): the betting walk in Python instead
  of compiled (``OMAHAHH_COMPILED_WALK=0``), and the compiled walk's first run ever (an
  empty compile cache), 1 worker each.

With ``--rounds N`` (N > 1) four measures (the bare limit, 1 worker, 2 workers, the
independent pair) run N times more, in alternation, and
each round's ratios are printed with their median and range: on this shared 2-core
machine one run's 2-worker speed-up moves by ±5 % from run to run.

Usage: ``python benchmarks/ingest.py [--hands 100000] [--files 100] [--rounds 1]
[--package DIR]``; ``--package``: measure the omahahh in ``DIR`` (the compiled build,
``benchmarks/package.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import multiprocessing.synchronize
import os
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from baseline import LABEL as BARE  # noqa: E402
from baseline import bare_split, vs_bare  # noqa: E402
from package import describe, take_package_option, use_package  # noqa: E402

sys.argv[1:] = take_package_option(sys.argv[1:])
use_package()

from omahahh.cards import card_str, cards_str  # noqa: E402
from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402
from omahahh.eval.evaluator import omaha_high  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402
from omahahh.replay.batch_walk import DISABLE_ENV as WALK_ENV  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "PokerStars"
HAND_ID = re.compile(r"#\d+:")


def build_input(
    folder: Path, hands: int, files: int, allin_share: float = 0.0, seed: int = 11
) -> int:
    """Write ``hands`` re-keyed corpus hands over ``files`` files; returns the hand count.

    ``allin_share``: that fraction of the hands (seeded) is instead a fresh no-limit hand
    of 2 or 3 players all-in before the flop with randomly dealt, distinct cards, so the
    all-in EV step meets a new match-up every time (:func:`allin_preflop_hand`).
    """
    texts = [
        b.text
        for p in expand_paths([CORPUS])
        for b in iter_blocks(p)
        if isinstance(parse_block(b), HandRecord)
    ]
    rng = random.Random(seed)
    per_file = hands // files
    n = 0
    for f in range(files):
        chunk = []
        for _ in range(per_file):
            hand_id = 900_000_000_000 + n
            if allin_share and rng.random() < allin_share:
                chunk.append(allin_preflop_hand(rng, hand_id))
            else:
                text = texts[n % len(texts)]
                chunk.append(HAND_ID.sub(f"#{hand_id}:", text, count=1))
            n += 1
        (folder / f"hh{f:04d}.txt").write_text("\n\n\n".join(chunk) + "\n", encoding="utf-8")
    return n


def allin_preflop_hand(rng: random.Random, hand_id: int) -> str:
    """A PokerStars no-limit Omaha hand, 2 or 3 players with equal stacks all-in before the
    flop: the first to act shoves, the others call; cards dealt at random, pot to the best
    high hand (R-HAND-1), split on a tie with the odd chip to the first seat (R-ODD-1)."""
    players = 2 if rng.random() < 0.8 else 3
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[4 * i : 4 * i + 4] for i in range(players)]
    board = deck[4 * players : 4 * players + 5]
    stack = 100 * rng.randint(20, 200)  # cents, big blind $1
    names = [f"p{hand_id % 1000}_{i}" for i in range(players)]
    button = players  # heads-up: seat 2 is the button and posts the small blind
    sb, bb = (2, 1) if players == 2 else (1, 2)
    lines = [
        f"PokerStars Hand #{hand_id}:  Omaha No Limit ($0.50/$1 USD) - 2021/03/10 12:00:00 ET",
        f"Table 'AllIn {hand_id % 97}' 6-max Seat #{button} is the button",
        *(f"Seat {i + 1}: {names[i]} (${stack // 100} in chips)" for i in range(players)),
        f"{names[sb - 1]}: posts small blind $0.50",
        f"{names[bb - 1]}: posts big blind $1",
        "*** HOLE CARDS ***",
    ]
    order = [sb, bb] if players == 2 else [3, 1, 2]
    first = order[0]
    lines.append(
        f"{names[first - 1]}: raises ${(stack - 100) // 100} to ${stack // 100} and is all-in"
    )
    for seat in order[1:]:
        posted = 50 if seat == sb else 100
        lines.append(f"{names[seat - 1]}: calls ${(stack - posted) / 100:g} and is all-in")
    b = [card_str(c) for c in board]
    lines += [
        f"*** FLOP *** [{' '.join(b[:3])}]",
        f"*** TURN *** [{' '.join(b[:3])}] [{b[3]}]",
        f"*** RIVER *** [{' '.join(b[:4])}] [{b[4]}]",
        "*** SHOW DOWN ***",
        *(f"{names[i]}: shows [{cards_str(holes[i])}]" for i in range(players)),
    ]
    pot = stack * players
    ranks = [omaha_high(h, board) for h in holes]
    winners = [i for i in range(players) if ranks[i] == max(ranks)]
    share, odd = divmod(pot, len(winners))
    for k, i in enumerate(winners):
        won = share + (1 if k < odd else 0)
        lines.append(f"{names[i]} collected ${won / 100:.2f} from pot")
    lines += ["*** SUMMARY ***", f"Total pot ${pot / 100:.2f} | Rake $0", f"Board [{' '.join(b)}]"]
    for i in range(players):
        result = "won" if i in winners else "lost"
        lines.append(f"Seat {i + 1}: {names[i]} showed [{cards_str(holes[i])}] and {result}")
    return "\n".join(lines) + "\n"


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _run_split(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = sum(1 for p in expand_paths(paths) for _ in iter_blocks(p))
    return n, time.perf_counter() - t, _peak_mb()


def _run_ingest(
    paths: list[str], out: str, workers: int, env: dict[str, str] | None = None
) -> tuple[int, float, float]:
    """``env``: set in this (child) process first, so the workers it starts see it too."""
    os.environ.update(env or {})
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=workers))
    return counts.blocks, time.perf_counter() - t, _peak_mb()


def _run_ingest_peaks(paths: list[str], out: str, workers: int) -> tuple[int, float, float, float]:
    """:func:`_run_ingest` and the largest peak among the workers it started (they write
    their own parts where forking allows, so they hold part buffers too)."""
    blocks, seconds, parent = _run_ingest(paths, out, workers)
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return blocks, seconds, parent, workers_peak


class ChildFailed(RuntimeError):
    """A measured child process raised or died: the benchmark stops instead of waiting."""


T = TypeVar("T")


def _child(conn: Connection, fn: Callable[..., object], args: tuple[object, ...]) -> None:
    try:
        conn.send(("ok", fn(*args)))
    except BaseException:
        conn.send(("error", traceback.format_exc()))
        raise
    finally:
        conn.close()


def in_child(fn: Callable[..., T], *args: object) -> T:
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
        result: T = _answer(parent, proc, fn.__name__)
    finally:
        parent.close()
    proc.join()
    return result


def _answer(conn: Connection, proc: BaseProcess, what: str) -> Any:
    """What the child ``proc`` sent on ``conn``; :class:`ChildFailed` if it raised or died
    without answering."""
    try:
        status, payload = conn.recv()
    except EOFError:
        proc.join()
        raise ChildFailed(f"{what} died without a result (exit code {proc.exitcode})") from None
    if status != "ok":
        raise ChildFailed(f"{what} failed in its child process:\n{payload}")
    return payload


def _run_ingest_together(
    paths: list[str], out: str, barrier: multiprocessing.synchronize.Barrier
) -> tuple[int, float, float, float]:
    """One of two ingests started together: (hands, start, end, peak MiB); the clock is
    the system's monotonic one, the same in both processes."""
    barrier.wait()
    start = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(workers=1))
    return counts.blocks, start, time.perf_counter(), _peak_mb()


Together = Callable[
    [list[str], str, multiprocessing.synchronize.Barrier], tuple[int, float, float, float]
]


def side_by_side(
    halves: list[list[str]], work: Path, step: Together = _run_ingest_together
) -> tuple[int, float, float]:
    """Two 1-worker ingests, one per half, in fresh processes started together: (hands,
    seconds from the first start to the last end, the larger peak MiB). ``step`` runs in
    each child (tests pass one that fails)."""
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(len(halves))
    pipes = [ctx.Pipe(duplex=False) for _ in halves]
    procs = [
        ctx.Process(
            target=_child,
            args=(send, step, (half, str(work / f"apart{i}"), barrier)),
        )
        for i, (half, (_, send)) in enumerate(zip(halves, pipes, strict=True))
    ]
    for proc in procs:
        proc.start()
    for _, send in pipes:
        send.close()  # only the children hold the sending ends: a dead one reads as EOF
    waiting = {receive: proc for (receive, _), proc in zip(pipes, procs, strict=True)}
    results: list[tuple[int, float, float, float]] = []
    try:
        # Whichever answers first: a child that fails before the barrier must release the
        # other (waiting there), not leave this process waiting on it.
        while waiting:
            for ready in wait(list(waiting)):
                assert isinstance(ready, Connection)
                results.append(_answer(ready, waiting.pop(ready), "an ingest of half the files"))
    except BaseException:
        barrier.abort()
        for proc in procs:
            proc.terminate()
        raise
    finally:
        for proc in procs:
            proc.join()
    hands = sum(r[0] for r in results)
    span = max(r[2] for r in results) - min(r[1] for r in results)
    return hands, span, max(r[3] for r in results)


class Round(NamedTuple):
    """Seconds of one round's four measures over the same hands."""

    bare: float
    one: float
    two: float
    pair: float


def round_lines(rounds: Sequence[Round]) -> list[str]:
    """Each round's ratios (1 worker against the bare limit, 2 workers and the independent
    pair against 1 worker, 2 workers against the pair), then their median and range.

    >>> for line in round_lines([Round(2.0, 20.0, 11.0, 10.5), Round(2.0, 22.0, 11.5, 11.0)]):
    ...     print(line)
    round     1 worker/bare   2 workers        pair   2 workers/pair
    1                1/10.0       1.82x       1.90x              95%
    2                1/11.0       1.91x       2.00x              96%
    median           1/10.5       1.87x       1.95x              96%
    range     1/10.0-1/11.0  1.82-1.91x  1.90-2.00x           95-96%
    """
    ratio = [r.one / r.bare for r in rounds]
    speed_up = [r.one / r.two for r in rounds]
    pair = [r.one / r.pair for r in rounds]
    share = [r.pair / r.two for r in rounds]
    columns = (ratio, speed_up, pair, share)
    lines = [_cells("round", ("1 worker/bare", "2 workers", "pair", "2 workers/pair"))]
    for i, values in enumerate(zip(*columns, strict=True)):
        lines.append(_cells(str(i + 1), _texts(*values)))
    lines.append(_cells("median", _texts(*map(statistics.median, columns))))
    low, high = _texts(*map(min, columns)), _texts(*map(max, columns))
    spans = [f"{a}-{b}" for a, b in zip(low, high, strict=True)]
    spans[3] = spans[3].replace("%-", "-")  # 95-96%
    spans[1:3] = [s.replace("x-", "-") for s in spans[1:3]]  # 1.82-1.91x
    lines.append(_cells("range", spans))
    return lines


def _texts(ratio: float, speed_up: float, pair: float, share: float) -> list[str]:
    return [f"1/{ratio:.1f}", f"{speed_up:.2f}x", f"{pair:.2f}x", f"{share:.0%}"]


def _cells(label: str, cells: Sequence[str]) -> str:
    widths = (17, 12, 12, 17)
    return f"{label:<6}" + "".join(f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))


def _load_walk(env: dict[str, str]) -> float:
    """Seconds to load the compiled walk (import numba, compile or read the cache)."""
    os.environ.update(env)
    from omahahh.replay import batch_walk

    start = time.perf_counter()
    batch_walk.kernel()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1)
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
        print(f"package: {describe()}")
        compiled = importlib.util.find_spec("numba") is not None
        if compiled:  # the walk compiled into this package's cache before anything is timed
            in_child(_load_walk, {})
        # A compile cache of its own, empty: the first run of a new install.
        cold = {"XDG_CACHE_HOME": str(work / "cache"), "NUMBA_CACHE_DIR": ""}
        bare = in_child(bare_split, [str(src)])
        split = in_child(_run_split, [str(src)])
        alone = in_child(_run_ingest, [str(src)], str(work / "ds1"), 1)
        pair = in_child(_run_ingest_peaks, [str(src)], str(work / "ds2"), 2)
        rows = [
            (BARE, bare),
            ("omahahh's block splitter", split),
            ("ingest, 1 worker", alone),
            ("ingest, 2 workers", pair[:3]),
            ("ingest, 1 worker, half the files", in_child(_run_ingest, half, str(work / "ds3"), 1)),
            ("halves side by side, 1 worker each", side_by_side([half, files[len(half) :]], work)),
        ]
        if compiled:
            rows += [
                (
                    "ingest, 1 worker, walk in Python",
                    in_child(_run_ingest, [str(src)], str(work / "ds4"), 1, {WALK_ENV: "0"}),
                ),
                (
                    "ingest, 1 worker, cold compile cache",
                    in_child(_run_ingest, [str(src)], str(work / "ds5"), 1, cold),
                ),
            ]
        print(
            f"{'measure':<36}{'hands':>10}{'seconds':>10}{'hands/s':>12}{'vs bare':>10}"
            f"{'peak MiB':>10}"
        )
        for name, (n, secs, peak) in rows:
            print(
                f"{name:<36}{n:>10,}{secs:>10.2f}{n / secs:>12,.0f}"
                f"{vs_bare(secs, bare[1]) if name != BARE else '':>10}{peak:>10.0f}"
            )
        one, two = rows[2][1], rows[3][1]
        cores = multiprocessing.cpu_count()
        print(f"speed-up with 2 workers: {one[1] / two[1]:.2f}x (this machine: {cores} cores)")
        print(f"peak memory, half vs all files: {rows[4][1][2]:.0f} vs {one[2]:.0f} MiB")
        print(
            f"2 workers: peak {pair[2]:.0f} MiB in the parent, "
            f"{pair[3]:.0f} MiB in the larger worker"
        )
        apart = rows[5][1]
        print(
            f"two independent processes, one per half, at once: {one[1] / apart[1]:.2f}x the "
            f"1-worker speed; 2 workers reach {apart[1] / two[1]:.0%} of that"
        )
        if compiled:
            python_walk, cold_run = rows[6][1], rows[7][1]
            print(f"compiled walk vs walk in Python: {python_walk[1] / one[1]:.2f}x")
            print(f"first run ever (compiling the walk): +{cold_run[1] - one[1]:.1f} s")
            # The ingests differ by more than the compile from run to run: time it alone.
            empty = {"XDG_CACHE_HOME": str(work / "cache2"), "NUMBA_CACHE_DIR": ""}
            first = in_child(_load_walk, empty)
            again = in_child(_load_walk, empty)
            print(
                f"loading the compiled walk in a fresh process: {first:.1f} s with an empty "
                f"cache (compiles), {again:.1f} s from the cache"
            )
        else:
            print("betting walk in Python (numba is not installed here)")
        if args.rounds > 1:
            halves = [half, files[len(half) :]]
            rounds = [Round(bare[1], one[1], two[1], apart[1])]
            for r in range(1, args.rounds):
                rounds.append(
                    Round(
                        in_child(bare_split, [str(src)])[1],
                        in_child(_run_ingest, [str(src)], str(work / f"r{r}a"), 1)[1],
                        in_child(_run_ingest, [str(src)], str(work / f"r{r}b"), 2)[1],
                        side_by_side(halves, work / f"r{r}c")[1],
                    )
                )
            print(f"\n{args.rounds} rounds of the same measures, in alternation:")
            print("\n".join(round_lines(rounds)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
