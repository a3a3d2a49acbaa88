"""Where a hand's time goes: µs per hand for each stage of ``process_file``, beside the bare limit.

Runs the pipeline's stages one after another over the same hands (the input of
``benchmarks/ingest.py``: the corpus's PokerStars hands, re-keyed and repeated), with the
collector paused as the pipeline pauses it, and prints each stage's µs a hand and share
for every round (the machine's speed drifts: compare stages within a round):

- split: omahahh's block splitter (``iter_blocks``: decoding, room detection, line
  numbers);
- parse: blocks to records;
- walk: the betting walks of each 512-hand batch, with the betting masks (compiled when
  numba is installed, else in Python);
- scores: each batch's shown hands evaluated at once;
- audit: replay (pots, showdown, awards) and audit of each hand;
- allin: the all-in EV rows;
- rows: the table rows of each hand;
- frames: the rows made into polars frames;

and, apart from the stages, each round's bare limit (``benchmarks/baseline.py``: the
file's bytes read and split on blank lines by one regular expression), timed just before
the round: the ``vs bare`` line is the whole round's speed as a fraction of it.

Inputs: ``stars`` (the default, as above: amounts and lines repeat as they never do in
real files, which flatters the readers' memories) or ``random`` (``table_hashes.py``'s
seeded hands, every one different, and other hands every round: the all-in EV's cache
would find a round's hands again). A first round, not shown, runs over other hands.

Usage: ``python benchmarks/stages.py [--hands 8000] [--rounds 3] [--input stars|random]
[--package DIR]`` (``--package``: measure the omahahh in ``DIR``, ``benchmarks/package.py``).
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from package import describe, take_package_option, use_package  # noqa: E402

sys.argv[1:] = take_package_option(sys.argv[1:])
use_package()

from baseline import bare_split, vs_bare  # noqa: E402
from ingest import build_input  # noqa: E402

from omahahh.audit.hand import audit_hand  # noqa: E402
from omahahh.dataset.fragments import FragmentBuilder  # noqa: E402
from omahahh.dataset.pipeline import WALK_BATCH, _scores, _walk  # noqa: E402
from omahahh.house_rules import DEFAULT_HOUSE_RULES  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers.registry import iter_blocks, parse_blocks  # noqa: E402
from omahahh.replay.allin import DEFAULT_SAMPLES, allin_rows  # noqa: E402
from omahahh.replay.batch_walk import kernel  # noqa: E402

STAGES = ("split", "parse", "walk", "scores", "audit", "allin", "rows", "frames")


def run_stages(path: Path, measure: Callable[[str], AbstractContextManager[object]]) -> int:
    """Every stage over every hand of ``path``, one after another, each run inside
    ``measure(stage)`` (a timer here; benchmarks/instructions.py counts instructions);
    the number of hands."""
    rules = DEFAULT_HOUSE_RULES
    with measure("split"):
        blocks = list(iter_blocks(path))
    with measure("parse"):
        hands = [r for r in parse_blocks(blocks) if isinstance(r, HandRecord)]
    batches = [hands[i : i + WALK_BATCH] for i in range(0, len(hands), WALK_BATCH)]
    with measure("walk"):
        walked = [w for batch in batches for w in _walk(batch, rules)]
    with measure("scores"):
        scores = [s for batch in batches for s in _scores(batch)]
    with measure("audit"):
        audited = [
            audit_hand(h, rules, None, w, s) for h, w, s in zip(hands, walked, scores, strict=True)
        ]
    with measure("allin"):
        allin = [
            allin_rows(h, a.result, DEFAULT_SAMPLES) for h, a in zip(hands, audited, strict=True)
        ]
    builder = FragmentBuilder()
    with measure("rows"):
        for hand, audit, rows in zip(hands, audited, allin, strict=True):
            builder.add(hand, audit)
            builder.add_allin(rows)
    with measure("frames"):
        builder.build()
    return len(hands)


def one_round(path: Path) -> tuple[int, dict[str, float]]:
    """Seconds per stage over every hand of ``path``; the hand count."""
    seconds: dict[str, float] = {}

    @contextmanager
    def timed(stage: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        seconds[stage] = time.perf_counter() - start

    gc.disable()  # as the pipeline's collector pause does
    try:
        return run_stages(path, timed), seconds
    finally:
        gc.enable()
        gc.collect()


def write_input(kind: str, folder: Path, hands: int, seed: int) -> Path:
    """``hands`` hands of ``kind`` in one file of ``folder``."""
    folder.mkdir(parents=True)
    if kind == "stars":
        build_input(folder, hands, 1)
        return folder / "hh0000.txt"
    from table_hashes import write_random_hands

    write_random_hands(folder, hands, seed)
    one = folder / "all.txt"
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("random_*.txt"))]
    one.write_text("\n\n".join(texts), encoding="utf-8")
    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--input", choices=("stars", "random"), default="stars")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-stages-"))
    try:
        # random: other hands every round, or the all-in EV's cache would find them again
        paths = [
            write_input(args.input, work / f"round{r}", args.hands, 10 + r)
            for r in range(args.rounds if args.input == "random" else 1)
        ]
        warm = write_input(args.input, work / "warm", 300, 2)
        compiled = kernel() is not None
        one_round(warm)  # warm: tables, compiled code, caches of a first file of other hands
        walk = "compiled" if compiled else "in Python"
        print(f"{args.hands:,} hands ({args.input}); betting walk {walk}; {describe()}")
        print(f"{'stage':<8}" + "".join(f"{f'round {r + 1}':>18}" for r in range(args.rounds)))
        bare: list[float] = []
        results = []
        for r in range(args.rounds):
            bare.append(bare_split([paths[r % len(paths)]])[1])
            results.append(one_round(paths[r % len(paths)]))
        cells = [f"{b / n * 1e6:>9.1f} µs" for b, (n, _) in zip(bare, results, strict=True)]
        print(f"{'bare':<8}" + "".join(f"{c:>18}" for c in cells))
        for stage in STAGES:
            cells = []
            for n, seconds in results:
                share = seconds[stage] / sum(seconds.values())
                cells.append(f"{seconds[stage] / n * 1e6:>9.1f} µs {share:>4.0%}")
            print(f"{stage:<8}" + "".join(f"{c:>18}" for c in cells))
        totals = [f"{sum(s.values()) / n * 1e6:>9.1f} µs" for n, s in results]
        print(f"{'total':<8}" + "".join(f"{c:>18}" for c in totals))
        ratios = [vs_bare(sum(s.values()), b) for b, (_, s) in zip(bare, results, strict=True)]
        print(f"{'vs bare':<8}" + "".join(f"{c:>18}" for c in ratios))
        ratios = [f"1/{sum(s.values()) / s['split']:.1f}" for _, s in results]
        print(f"{'vs split':<8}" + "".join(f"{c:>18}" for c in ratios))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
