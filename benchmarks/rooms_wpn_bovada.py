"""Ingest speed of the WPN/ACR and Bovada readers beside PokerStars', in one run.

Each room's input is its corpus hands that parse (``../shared/corpus``),
re-keyed and repeated to the same number of hands as the PokerStars input, in
the same number of files. Each measure runs in a fresh process:

- parse: the room's reader alone (blocks to records), no replay;
- ingest: parse, replay, audit, all-in EV and the Parquet dataset (1 worker);
- ingest with ``--allin-preflop-samples``: the same with pre-flop all-in EV by
  Monte Carlo instead of exact enumeration, to show what the EV step costs.

Usage: ``python benchmarks/rooms_wpn_bovada.py [--hands 20000] [--files 20]``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from ingest import in_child  # noqa: E402

from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
# Each room's corpus folders and the pattern of its hand number (group 1 kept).
ROOMS: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    "pokerstars": (("PokerStars",), re.compile(r"(PokerStars [^#]*#)\d+")),
    "wpn": (("WPN-ACR", "WPN-old"), re.compile(r"(^Hand #|^Game ID: )\d+", re.MULTILINE)),
    "bovada": (("Bovada",), re.compile(r"(Hand #)\d+")),
}
SAMPLES = 2000


def room_texts(room: str) -> list[str]:
    folders, _ = ROOMS[room]
    paths = expand_paths([CORPUS / f for f in folders])
    return [b.text for p in paths for b in iter_blocks(p) if isinstance(parse_block(b), HandRecord)]


def build_input(folder: Path, room: str, hands: int, files: int) -> int:
    """``hands`` of the room's corpus hands, each with a new number, over ``files`` files."""
    texts = room_texts(room)
    pattern = ROOMS[room][1]
    per_file = hands // files
    n = 0
    for f in range(files):
        chunk = []
        for _ in range(per_file):
            text = texts[n % len(texts)]
            number = 700_000_000 + n
            chunk.append(pattern.sub(lambda m, k=number: f"{m.group(1)}{k}", text, count=1))
            n += 1
        (folder / f"hh{f:04d}.txt").write_text("\n\n\n".join(chunk) + "\n", encoding="utf-8")
    return n


def _run_parse(paths: list[str]) -> tuple[int, float, float]:
    t = time.perf_counter()
    n = sum(1 for p in expand_paths(paths) for b in iter_blocks(p) if parse_block(b) is not None)
    return n, time.perf_counter() - t, 0.0


def _run_ingest(paths: list[str], out: str, samples: int | None) -> tuple[int, float, float]:
    t = time.perf_counter()
    counts = ingest(paths, out, IngestOptions(allin_preflop_samples=samples))
    if counts.parsed != counts.blocks:
        raise SystemExit(f"{paths[0]}: {counts.blocks - counts.parsed} blocks not parsed")
    return counts.blocks, time.perf_counter() - t, 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=20)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-rooms-bench-"))
    try:
        inputs: dict[str, str] = {}
        for room in ROOMS:
            src = work / room
            src.mkdir()
            total = build_input(src, room, args.hands, args.files)
            inputs[room] = str(src)
            print(f"{room}: {total:,} hands in {args.files} files")
        measures: list[tuple[str, Callable[..., tuple[int, float, float]], tuple[object, ...]]] = []
        for room, src in inputs.items():
            measures += [
                (f"{room}: parse", _run_parse, ([src],)),
                (f"{room}: ingest", _run_ingest, ([src], str(work / f"{room}-ds"), None)),
                (
                    f"{room}: ingest, EV sampled",
                    _run_ingest,
                    ([src], str(work / f"{room}-dss"), SAMPLES),
                ),
            ]
        rates: dict[str, float] = {}
        print(f"{'measure':<34}{'hands':>10}{'seconds':>10}{'hands/s':>12}{'vs stars':>10}")
        for name, fn, fn_args in measures:
            n, secs, _ = in_child(fn, *fn_args)
            rates[name] = n / secs
            kind = name.split(": ", 1)[1]
            base = rates.get(f"pokerstars: {kind}")
            ratio = f"{rates[name] / base:.2f}x" if base else ""
            print(f"{name:<34}{n:>10,}{secs:>10.2f}{rates[name]:>12,.0f}{ratio:>10}")
        print(f"(EV sampled: --allin-preflop-samples {SAMPLES}; 'vs stars': the same measure's")
        print(" hands/s over PokerStars'; within 25 % means at least 0.75x)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
