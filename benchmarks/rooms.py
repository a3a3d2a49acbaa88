"""Ingest speed of 888poker, ACR/WPN, Bovada and PartyPoker beside PokerStars', in one run,
each beside the bare limit.

Each room's input is its corpus hands that parse (``../shared/corpus``), each given a
fresh hand number and repeated to the same count as the PokerStars input, over the
same number of files. Each measure runs in a fresh process, one after the other:

- bare limit (``benchmarks/baseline.py``): the bytes read and split on blank lines by
  one regular expression; the ``vs bare`` column is each measure's speed as a fraction
  of its room's;
- read + split: omahahh's block splitter (``iter_blocks``: decoding, room detection);
- parse: the room's reader alone (blocks to records), no replay;
- ingest (default): parse, replay, audit, all-in EV and the Parquet dataset (1 worker),
  as ``omahahh ingest`` runs out of the box (pre-flop all-in EV by a seeded Monte
  Carlo of 2,000 deals);
- ingest, EV exact: the same with ``--allin-exact`` (an exact pre-flop enumeration,
  46-90 ms each): the corpus hands differ most there (ACR/WPN's 152 hold 60 distinct
  pre-flop all-ins, PokerStars' 75 hold 8), and each distinct one is enumerated once
  per process.

Printed: hands/s by wall clock and by CPU time, each room's speed over PokerStars' for
the same measure by both (the aim: at least 0.75, within 25 %), and the peak
memory of the ingest.
Every input hand must come out parsed (a re-keying that left two hands one number
would make duplicates): the run stops otherwise.

Usage: ``python benchmarks/rooms.py [--hands 20000] [--files 20] [--repeat 1]``.
With ``--repeat N`` every measure runs N times, in N rounds over all rooms (so a
load from other processes falls on every room alike), and the fastest is printed.
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

from baseline import bare_split, vs_bare  # noqa: E402
from ingest import _peak_mb, in_child  # noqa: E402

from omahahh.dataset.ingest import IngestOptions, ingest  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"

# Each room: its corpus folders and the hand number's pattern (every match is
# replaced: 888poker and classic PartyPoker print it twice, on ``#Game No :`` and
# the header line).
ROOMS: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    "PokerStars": (("PokerStars",), re.compile(r"(?<=Hand #)\d+(?=:)|(?<=Game #)\d+(?=:)")),
    "888poker": (
        ("Pacific-888",),
        re.compile(r"(?<=#Game No : )\d+|(?<=Hand History for Game )\d+"),
    ),
    "ACR/WPN": (("WPN-ACR", "WPN-old"), re.compile(r"(?<=^Hand #)\d+|(?<=^Game ID: )\d+", re.M)),
    "Bovada": (("Bovada",), re.compile(r"(?<=Hand #)\d+")),
    "PartyPoker": (
        ("PartyPoker", "PartyPoker-old"),
        re.compile(r"(?<=#Game No : )\w+|(?<=Hand History [Ff]or Game )\w+"),
    ),
}


def room_texts(room: str) -> list[str]:
    """The text of every corpus block of the room that parses to a hand."""
    paths = expand_paths([CORPUS / f for f in ROOMS[room][0]])
    return [b.text for p in paths for b in iter_blocks(p) if isinstance(parse_block(b), HandRecord)]


def build_input(folder: Path, room: str, hands: int, files: int) -> int:
    """``hands`` of the room's corpus hands, each with a new number, over ``files`` files."""
    texts, pattern = room_texts(room), ROOMS[room][1]
    per_file = hands // files
    n = 0
    for f in range(files):
        chunk = []
        for _ in range(per_file):
            number = str(700_000_000 + n)
            text, subs = pattern.subn(number, texts[n % len(texts)])
            if subs == 0:
                raise SystemExit(f"{room}: no hand number found in {text[:80]!r}")
            chunk.append(text)
            n += 1
        (folder / f"hh{f:04d}.txt").write_text("\n\n\n".join(chunk) + "\n", encoding="utf-8")
    return n


Figures = tuple[int, float, float, float]
"""Hands, wall-clock seconds, CPU seconds, peak MiB of one measure (in its own process)."""


def _run_bare(paths: list[str]) -> Figures:
    c = time.process_time()
    n, secs, peak = bare_split(paths)
    return n, secs, time.process_time() - c, peak


def _run_split(paths: list[str]) -> Figures:
    t, c = time.perf_counter(), time.process_time()
    n = sum(1 for p in expand_paths(paths) for _ in iter_blocks(p))
    return n, time.perf_counter() - t, time.process_time() - c, _peak_mb()


def _run_parse(paths: list[str]) -> Figures:
    t, c = time.perf_counter(), time.process_time()
    n = sum(
        isinstance(parse_block(b), HandRecord) for p in expand_paths(paths) for b in iter_blocks(p)
    )
    return n, time.perf_counter() - t, time.process_time() - c, _peak_mb()


SAMPLES = 2000


def _run_ingest(paths: list[str], out: str, samples: int | None) -> Figures:
    shutil.rmtree(out, ignore_errors=True)
    t, c = time.perf_counter(), time.process_time()
    counts = ingest(paths, out, IngestOptions(workers=1, allin_preflop_samples=samples))
    secs, cpu = time.perf_counter() - t, time.process_time() - c
    if counts.parsed != counts.blocks:
        raise SystemExit(f"{paths[0]}: {counts.blocks - counts.parsed} of the blocks not kept")
    return counts.parsed, secs, cpu, _peak_mb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-rooms-bench-"))
    try:
        inputs: dict[str, str] = {}
        for room in ROOMS:
            src = work / room.replace("/", "-")
            src.mkdir()
            total = build_input(src, room, args.hands, args.files)
            inputs[room] = str(src)
            print(
                f"{room}: {len(room_texts(room))} corpus hands -> {total:,} in {args.files} files"
            )
        Measure = tuple[str, str, Callable[..., Figures], tuple[object, ...]]
        measures: list[Measure] = []
        for room, src in inputs.items():
            out = str(work / f"{room.replace('/', '-')}-ds")
            measures += [
                (room, "bare limit", _run_bare, ([src],)),
                (room, "read + split", _run_split, ([src],)),
                (room, "parse", _run_parse, ([src],)),
                (room, "ingest, EV exact", _run_ingest, ([src], out, None)),
                (room, "ingest (default)", _run_ingest, ([src], out, SAMPLES)),
            ]
        # Fastest wall clock and fastest CPU time of the rounds, each kept on its own.
        wall: dict[tuple[str, str], Figures] = {}
        cpu: dict[tuple[str, str], float] = {}
        for _ in range(args.repeat):
            for room, kind, fn, fn_args in measures:
                got = in_child(fn, *fn_args)
                if (room, kind) not in wall or got[1] < wall[room, kind][1]:
                    wall[room, kind] = got
                cpu[room, kind] = min(cpu.get((room, kind), got[2]), got[2])
        heads = (
            f"{'hands':>8}{'seconds':>9}{'hands/s':>9}{'vs Stars':>10}"
            f"{'CPU s':>8}{'CPU h/s':>9}{'vs Stars':>10}{'vs bare':>9}{'peak MiB':>10}"
        )
        print(f"{'room':<12}{'measure':<20}{heads}")
        for room, kind, _fn, _args in measures:
            n, secs, _cpu, peak = wall[room, kind]
            if kind == "bare limit":  # pieces between blank lines: hands, in most rooms
                n = wall[room, "read + split"][0]
            stars_n, stars_secs, _, _ = wall["PokerStars", kind]
            if kind == "bare limit":
                stars_n = wall["PokerStars", "read + split"][0]
            ratio = (n / secs) / (stars_n / stars_secs)
            c, stars_c = cpu[room, kind], cpu["PokerStars", kind]
            cpu_ratio = (n / c) / (stars_n / stars_c)
            bare = vs_bare(secs, wall[room, "bare limit"][1]) if kind != "bare limit" else ""
            figures = (
                f"{n:>8,}{secs:>9.2f}{n / secs:>9,.0f}{ratio:>10.2f}"
                f"{c:>8.2f}{n / c:>9,.0f}{cpu_ratio:>10.2f}{bare:>9}{peak:>10,.0f}"
            )
            print(f"{room:<12}{kind:<20}{figures}")
        print("vs Stars: the room's hands/s over PokerStars' for the same measure, by wall")
        print("clock and by CPU time (1 process: CPU time is the steadier of the two when other")
        print("processes share the machine); the aim is within 25 %: at least 0.75")
        print("vs bare: the measure's speed as a fraction of its room's bare limit (wall clock)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
