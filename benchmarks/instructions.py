"""Instructions a hand, per stage of ``process_file``, beside read + split: a measure that
does not drift with the machine.

Timings on a shared machine vary by 10-15 % from run to run, more than most single
optimisations gain; the number of instructions a stage executes (valgrind's callgrind,
counted only while the stage runs, hash seed fixed) repeats to a fraction of a per cent.
Instructions are not time (C code such as the split runs more of them per second than
the interpreter does), so compare a stage with itself before and after a change, and
confirm a kept change with ``benchmarks/stages.py``.

- this checkout, every stage of ``benchmarks/stages.py`` (split, parse, walk, scores,
  audit, allin, rows, frames), each in its own child process under callgrind;
- ``--against PATH``: another checkout (``git worktree add PATH <commit>``) beside it, for
  the stages every version has: split, parse and the whole of ``process_blocks``.

Inputs: ``stars`` (``benchmarks/ingest.py``'s, the corpus's PokerStars hands re-keyed and
repeated: amounts and lines repeat as they never do in real files) or ``random``
(``benchmarks/table_hashes.py``'s seeded hands, every one different). Each child first
runs the stages once over other hands of the same kind, as a long run would have.

Usage: ``python benchmarks/instructions.py [--hands 500] [--input stars|random]
[--against PATH [--compare-only]]`` (``--compare-only``: only the stages of both checkouts,
for a quick A/B). Needs valgrind (``apt-get install valgrind``). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve()
STAGES = ("split", "parse", "walk", "scores", "audit", "allin", "rows", "frames")
WHOLE = ("split", "parse", "pipeline")
"""The stages measured in another checkout: its own public steps, whatever its internals."""
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _toggle(on: bool) -> None:
    """Count from here (``on``) or stop counting: callgrind_control tells this process's
    callgrind. A constant few instructions of the call itself are counted; the empty
    stage measures them and :func:`count` takes them off."""
    flag = "on" if on else "off"
    subprocess.run(
        ["callgrind_control", "-i", flag, str(os.getpid())], capture_output=True, check=True
    )


@contextmanager
def _counted() -> Iterator[None]:
    _toggle(True)
    try:
        yield
    finally:
        _toggle(False)


def child(stage: str, repo: Path, path: Path, warm: Path) -> None:
    """Run in the measured process: every stage over ``warm``, then ``stage`` counted."""
    sys.path.insert(0, str(repo))
    sys.path.insert(1, str(HERE.parent))
    if stage in WHOLE or stage == "empty":
        from omahahh.dataset.pipeline import process_blocks
        from omahahh.parsers.registry import iter_blocks, parse_blocks

        process_blocks(list(iter_blocks(warm)))
        blocks = list(iter_blocks(path))
        if stage == "empty":
            with _counted():
                pass
        elif stage == "split":
            with _counted():
                list(iter_blocks(path))
        elif stage == "parse":
            with _counted():
                list(parse_blocks(blocks))
        else:
            with _counted():
                process_blocks(blocks)
        return
    import gc

    from stages import run_stages

    run_stages(warm, lambda _: nullcontext())
    gc.disable()  # as the pipeline's collector pause does
    try:
        run_stages(path, lambda name: _counted() if name == stage else nullcontext())
    finally:
        gc.enable()


def count(stage: str, repo: Path, path: Path, warm: Path) -> int:
    """Instructions ``stage`` ran in a fresh process under callgrind."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        str(HERE),
        "--child",
        stage,
        "--repo",
        str(repo),
        "--file",
        str(path),
        "--warm",
        str(warm),
    ]
    env = dict(os.environ, PYTHONHASHSEED="0")  # set and dict order, hence counts, repeat
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    found = REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"{stage} in {repo} failed:\n{done.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--input", choices=("stars", "random"), default="stars")
    parser.add_argument("--against", type=Path, help="another checkout to count beside this")
    parser.add_argument(
        "--compare-only",
        action="store_true",
        help="with --against: only the stages both are counted in (a third of the time)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--repo", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--warm", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.repo, args.file, args.warm)
        return
    sys.path.insert(0, str(HERE.parent))
    from stages import write_input

    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind): nothing counted")
    work = Path(tempfile.mkdtemp(prefix="omahahh-instructions-"))
    try:
        path = write_input(args.input, work / "measured", args.hands, 1)
        warm = write_input(args.input, work / "warm", 300, 2)
        repos = [REPO] + ([args.against.resolve()] if args.against else [])
        only = args.compare_only and args.against is not None
        jobs = [] if only else [(s, REPO) for s in STAGES]
        jobs += [(s, r) for r in repos for s in WHOLE]
        jobs += [("empty", r) for r in repos]
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            found = list(pool.map(lambda job: count(job[0], job[1], path, warm), jobs))
        counts = dict(zip(jobs, found, strict=True))
        n = args.hands
        print(f"{n:,} hands ({args.input}); instructions a hand, beside read + split")

        def per_hand(stage: str, repo: Path) -> float:
            return (counts[(stage, repo)] - counts[("empty", repo)]) / n

        split = per_hand("split", REPO)
        if not only:
            total = sum(per_hand(s, REPO) for s in STAGES)
            print(f"{'stage':<10}{'instructions':>14}{'share':>8}{'x split':>9}")
            for stage in STAGES:
                value = per_hand(stage, REPO)
                print(f"{stage:<10}{value:>14,.0f}{value / total:>8.0%}{value / split:>9.1f}")
            print(f"{'total':<10}{total:>14,.0f}{'':>8}{total / split:>9.1f}")
        if args.against:
            other = repos[1]
            print(f"\nthis checkout beside {other}")
            print(f"{'stage':<10}{'this':>14}{'other':>14}{'change':>9}")
            for stage in WHOLE:
                mine, theirs = per_hand(stage, REPO), per_hand(stage, other)
                print(f"{stage:<10}{mine:>14,.0f}{theirs:>14,.0f}{mine / theirs - 1:>+9.1%}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
