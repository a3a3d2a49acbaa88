"""The optional compiled build (mypyc, ``setup.py``) beside the pure-Python package, same run.

Builds a copy of this checkout's package with the modules ``setup.py`` lists compiled
(``OMAHAHH_COMPILE=1 python setup.py build_ext --inplace`` in a temporary folder: needs
mypy, a C compiler and the Python headers), then measures on ``benchmarks/ingest.py``'s
input, each in a fresh process, round after round (the machine's speed drifts):

- the bare limit (``benchmarks/baseline.py``): the bytes read and split on blank lines
  by one regular expression; ``vs bare`` is each measure's speed as a fraction of it;
- omahahh's block splitter (``iter_blocks``), pure;
- parse: blocks to records, pure and compiled;
- ingest: the whole pipeline to Parquet, 1 worker, pure and compiled.

Usage: ``python benchmarks/compiled.py [--hands 100000] [--files 100] [--rounds 2]``.
Nothing is asserted. ``--build DIR`` only builds the compiled copy into ``DIR`` and keeps
it, for the other benchmarks' ``--package DIR`` (``benchmarks/package.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))

from baseline import LABEL as BARE  # noqa: E402
from baseline import vs_bare  # noqa: E402
from ingest import build_input  # noqa: E402

SPLITTER = "omahahh's block splitter"

CHILD = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[5])
sys.path.insert(0, sys.argv[1])
from baseline import bare_split
import omahahh.parsers.pokerstars as reader
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
what, src, out = sys.argv[2:5]
start = time.perf_counter()
if what == "bare":
    n = bare_split([src])[0]
elif what == "split":
    n = sum(1 for path in expand_paths([src]) for _ in iter_blocks(path))
elif what == "parse":
    n = sum(1 for path in expand_paths([src]) for _ in parse_blocks(iter_blocks(path)))
else:
    n = ingest([src], out, IngestOptions(workers=1)).blocks
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([n, seconds, peak, reader.__file__.endswith(".so")]))
"""


def build_compiled_copy(folder: Path) -> Path:
    """This checkout's package and build files in ``folder``, the listed modules compiled
    in place; returns ``folder``. Raises ``RuntimeError`` with the build's output."""
    shutil.copytree(REPO / "omahahh", folder / "omahahh", ignore=_no_builds)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, folder / name)
    env = dict(os.environ, OMAHAHH_COMPILE="1")
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not list((folder / "omahahh").rglob("*.so")):
        raise RuntimeError(f"compiled build failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return folder


def _no_builds(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n.endswith((".so", ".pyd")) or n == "__pycache__"]


def measure(repo: Path, what: str, src: Path, out: Path) -> tuple[int, float, float, bool]:
    """(hands, seconds, peak MiB, compiled reader loaded) of one measure in a fresh process."""
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(repo), what, str(src), str(out), str(BENCHMARKS)],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),  # not a folder holding another omahahh
    )
    if done.returncode != 0:
        raise RuntimeError(f"{what} in {repo} failed:\n{done.stderr[-3000:]}")
    n, seconds, peak, compiled = json.loads(done.stdout.strip().splitlines()[-1])
    return int(n), float(seconds), float(peak), bool(compiled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--build", type=Path, help="only build the compiled copy here")
    args = parser.parse_args()
    if args.build is not None:
        started = time.perf_counter()
        args.build.mkdir(parents=True, exist_ok=True)
        build_compiled_copy(args.build)
        print(f"compiled build in {args.build}: {time.perf_counter() - started:.0f} s")
        return
    work = Path(tempfile.mkdtemp(prefix="omahahh-compiled-"))
    try:
        started = time.perf_counter()
        compiled = build_compiled_copy(work / "compiled")
        print(f"compiled build: {time.perf_counter() - started:.0f} s")
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, args.files)
        print(f"input: {total:,} hands in {args.files} files")
        # The copy's betting walk is compiled by numba on its first run (its cache is
        # keyed by the source file's place): once each, before anything is timed.
        for repo in (REPO, compiled):
            measure(repo, "ingest", src, work / "out")
        print(f"{'round':<6}{'measure':<32}{'hands/s':>10}{'vs bare':>10}{'peak MiB':>10}")
        for round_ in range(1, args.rounds + 1):
            n, bare_s, bare_peak, _ = measure(REPO, "bare", src, work / "out")
            print(f"{round_:<6}{BARE:<32}{n / bare_s:>10,.0f}{'':>10}"
                  f"{bare_peak:>10.0f}")  # fmt: skip
            n, secs, peak, _ = measure(REPO, "split", src, work / "out")
            print(f"{'':<6}{SPLITTER:<32}{n / secs:>10,.0f}"
                  f"{vs_bare(secs, bare_s):>10}{peak:>10.0f}")  # fmt: skip
            ingest_s: dict[str, float] = {}
            for what in ("parse", "ingest"):
                for label, repo in (("pure", REPO), ("compiled", compiled)):
                    n, secs, peak, loaded = measure(repo, what, src, work / "out")
                    if loaded != (label == "compiled"):
                        raise RuntimeError(f"{label} run loaded the wrong reader")
                    name = f"{what}, {label}" + (", 1 worker" if what == "ingest" else "")
                    print(f"{'':<6}{name:<32}{n / secs:>10,.0f}{vs_bare(secs, bare_s):>10}"
                          f"{peak:>10.0f}")  # fmt: skip
                    if what == "ingest":
                        ingest_s[label] = secs
            gain = ingest_s["pure"] / ingest_s["compiled"]
            print(f"{'':<6}whole ingest, compiled over pure: {gain:.2f}x (a default needs 1.3x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
