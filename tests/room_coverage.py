"""Per corpus folder: what became of every hand block, against INDEX.tsv's Omaha hands.

``python -m tests.room_coverage WPN-ACR WPN-old Bovada`` prints, per folder,
INDEX.tsv's ``omaha_hands`` (files broken on purpose left out, corpus
README), the blocks, the blocks that parse, and what the dataset kept:
hands, duplicates (the same text again), conflicts (a hand id already taken
by another text: fixtures that reuse an id) and failures by reason. The
tests of issue 12 (tests/test_room_wpn.py, tests/test_room_bovada.py) read
the same numbers.
"""

from __future__ import annotations

import csv
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from tests.conftest import CORPUS
from tests.replay_helpers import BROKEN_MARKS

# INDEX.tsv's site names for the corpus folders.
SITE_OF_FOLDER = {"WPN-ACR": "WPN/ACR", "WPN-old": "WPN(old)", "Bovada": "Bovada"}


def broken_on_purpose(path: str) -> bool:
    return any(mark in path for mark in BROKEN_MARKS)


def indexed_hands(folder: str, corpus: Path = CORPUS) -> tuple[int, int]:
    """(Omaha hands of INDEX.tsv in ``folder``, of them in files broken on purpose)."""
    total = broken = 0
    with (corpus / "INDEX.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["site"] != SITE_OF_FOLDER[folder]:
                continue
            n = int(row["omaha_hands"])
            total += n
            if broken_on_purpose(row["path"]):
                broken += n
    return total, broken


@dataclass
class Coverage:
    folder: str
    indexed: int  # INDEX.tsv omaha_hands, files broken on purpose left out
    out: Path  # the dataset written
    blocks: int = 0
    parsed_blocks: int = 0  # blocks of intact files that parse to a HandRecord
    kept: int = 0
    duplicates: int = 0
    conflicts: int = 0
    failures: Counter[str] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        """(Hands kept + duplicates + conflicts) over INDEX.tsv's intact Omaha hands."""
        return (self.kept + self.duplicates + self.conflicts) / self.indexed

    def row(self) -> str:
        fails = ", ".join(f"{k} {v}" for k, v in sorted(self.failures.items())) or "-"
        return (
            f"{self.folder:<9}{self.indexed:>8}{self.blocks:>8}{self.parsed_blocks:>8}"
            f"{self.kept:>6}{self.duplicates:>6}{self.conflicts:>6}{self.share:>8.1%}  {fails}"
        )


HEADER = (
    f"{'folder':<9}{'indexed':>8}{'blocks':>8}{'parse':>8}{'kept':>6}{'dups':>6}"
    f"{'confl':>6}{'share':>8}  failures (reason count)"
)


def coverage(folder: str, out: Path, corpus: Path = CORPUS) -> Coverage:
    """What became of every block of ``corpus/folder``; the dataset is written to ``out``."""
    total, broken = indexed_hands(folder, corpus)
    cov = Coverage(folder, total - broken, out)
    for path in expand_paths([corpus / folder]):
        for result in parse_blocks(iter_blocks(path)):
            cov.blocks += 1
            intact = not broken_on_purpose(str(path))
            cov.parsed_blocks += intact and isinstance(result, HandRecord)
    counts = ingest([corpus / folder], out)
    hands = scan(out, "hands").select("source_path").collect()
    cov.kept = sum(1 for (p,) in hands.iter_rows() if not broken_on_purpose(p))
    failures = scan(out, "failures").select("source_path", "reason_code").collect()
    for p, code in failures.iter_rows():
        if code == "duplicate_conflict" and not broken_on_purpose(p):
            cov.conflicts += 1
        elif code != "duplicate_conflict":
            cov.failures[code] += 1
    cov.duplicates = counts.duplicates
    assert counts.blocks == cov.blocks
    return cov


def dataset_frame(out: Path, table: str) -> pl.DataFrame:
    return scan(out, table).collect()


def main(folders: list[str]) -> None:
    print(HEADER)
    with tempfile.TemporaryDirectory() as tmp:
        for folder in folders:
            print(coverage(folder, Path(tmp) / folder).row())
    print("indexed: INDEX.tsv omaha_hands of files not broken on purpose; parse: their blocks")
    print("that parse; share: (kept + duplicates + conflicts) / indexed")


if __name__ == "__main__":
    main(sys.argv[1:] or list(SITE_OF_FOLDER))
