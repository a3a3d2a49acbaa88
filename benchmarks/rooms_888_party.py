"""Ingest speed of the 888poker and PartyPoker readers beside PokerStars, in one run.

For each room, its parsable corpus hands are re-keyed (a fresh hand id in every
header line) and repeated to the same number of hands over the same number of
files; each input is then ingested (parse, audit, Parquet; 1 worker) in a fresh
process. Printed: hands/s per room and each room's speed as a share of
PokerStars' (the issue asks for at least 75 %).

Usage: ``python benchmarks/rooms_888_party.py [--hands 30000] [--files 30]``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from ingest import _run_ingest, in_child  # noqa: E402

from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"

STARS_ID = re.compile(r"#\d+:")
PACIFIC_ID = re.compile(r"(?<=#Game No : )\d+|(?<=Hand History for Game )\d+")
PARTY_ID = re.compile(r"(?<=#Game No : )\w+|(?<=Hand History [Ff]or Game )\w+")

Rekey = Callable[[str, int], str]
ROOMS: dict[str, tuple[tuple[str, ...], Rekey]] = {
    "PokerStars": (
        ("PokerStars",),
        lambda text, n: STARS_ID.sub(f"#{900_000_000_000 + n}:", text, 1),
    ),
    "888poker": (("Pacific-888",), lambda text, n: PACIFIC_ID.sub(str(800_000_000 + n), text)),
    "PartyPoker": (
        ("PartyPoker", "PartyPoker-old"),
        lambda text, n: PARTY_ID.sub(str(70_000_000_000 + n), text),
    ),
}


def corpus_hands(folders: tuple[str, ...]) -> list[str]:
    """The text of every block of the folders that parses to a hand."""
    return [
        b.text
        for p in expand_paths([CORPUS / f for f in folders])
        for b in iter_blocks(p)
        if isinstance(parse_block(b), HandRecord)
    ]


def build_input(folder: Path, texts: list[str], rekey: Rekey, hands: int, files: int) -> int:
    """Write ``hands`` re-keyed copies of ``texts`` over ``files`` files; returns the count."""
    per_file = hands // files
    n = 0
    for f in range(files):
        chunk = []
        for _ in range(per_file):
            chunk.append(rekey(texts[n % len(texts)], n))
            n += 1
        (folder / f"hh{f:04d}.txt").write_text("\n\n\n".join(chunk) + "\n", encoding="utf-8")
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30_000)
    parser.add_argument("--files", type=int, default=30)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-rooms-"))
    try:
        speeds: dict[str, float] = {}
        heads = ("corpus hands", "hands", "seconds", "hands/s", "vs Stars")
        print(f"{'room':<12}" + "".join(f"{h:>{max(10, len(h) + 2)}}" for h in heads))
        for room, (folders, rekey) in ROOMS.items():
            src = work / room
            src.mkdir()
            texts = corpus_hands(folders)
            build_input(src, texts, rekey, args.hands, args.files)
            n, secs, _peak = in_child(_run_ingest, [str(src)], str(work / f"{room}-ds"), 1)
            speeds[room] = n / secs
            share = speeds[room] / speeds["PokerStars"]
            print(
                f"{room:<12}{len(texts):>14,}{n:>10,}{secs:>10.2f}{speeds[room]:>10,.0f}{share:>10.0%}"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
