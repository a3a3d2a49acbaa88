"""Does the fast record construction pay? CPU time of reading, replaying and auditing the
same hands with the records built by ``omahahh.quick_init`` (an ``exec``-built
``__init__`` and factories that fill a twin of the class) and by the dataclasses' own
``__init__``, beside the read + split of the same bytes.

Each measure runs in a fresh process (the records are chosen when ``omahahh.model`` is
imported), in alternating rounds; CPU seconds (user + system) are compared, since this
machine's wall time moves with the load of whatever else runs on it.

Usage: ``python benchmarks/records.py [--hands 20000] [--files 20] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from ingest import build_input, in_child  # noqa: E402


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _measure(folder: str, mode: str) -> tuple[int, float]:
    """(blocks, CPU seconds) of ``mode``: ``split``, ``fast`` or ``dataclass`` records."""
    if mode == "dataclass":
        from omahahh import quick_init

        def plain(cls: type) -> type:
            return cls

        quick_init.quick_init = plain  # type: ignore[assignment]
        quick_init.quick_factory = plain  # type: ignore[assignment]
    from omahahh.dataset.pipeline import process_file
    from omahahh.parsers.registry import expand_paths, iter_blocks

    paths = list(expand_paths([folder]))
    start = _cpu()
    if mode == "split":
        blocks = sum(1 for p in paths for _ in iter_blocks(p))
    else:
        blocks = sum(process_file(p).blocks for p in paths)
    return blocks, _cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        n = build_input(Path(tmp), args.hands, args.files)
        in_child(_measure, tmp, "fast")  # numba's compiled walk into its cache first
        print(f"{n:,} PokerStars hands in {args.files} files; CPU seconds a round")
        print(f"{'round':>5} {'read+split':>11} {'fast records':>13} {'dataclass':>10} {'gain':>6}")
        gains = []
        for r in range(args.rounds):
            split = in_child(_measure, tmp, "split")[1]
            order = ("fast", "dataclass") if r % 2 == 0 else ("dataclass", "fast")
            cpu = {mode: in_child(_measure, tmp, mode)[1] for mode in order}
            gain = cpu["dataclass"] / cpu["fast"]
            gains.append(gain)
            print(
                f"{r + 1:>5} {split:>11.2f} {cpu['fast']:>13.2f} {cpu['dataclass']:>10.2f}"
                f" {gain:>5.3f}x"
            )
        print(
            f"median gain of the fast records: {statistics.median(gains):.3f}x "
            f"(range {min(gains):.3f}-{max(gains):.3f}x)"
        )


if __name__ == "__main__":
    main()
