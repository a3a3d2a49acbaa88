"""How much of a corpus folder the readers take: parsed hands and duplicates against
INDEX.tsv's ``omaha_hands``, files broken on purpose (corpus README) left out of both.

Usage: ``python -m tests.room_coverage Pacific-888 PartyPoker PartyPoker-old``
(from the repository root). Prints, per folder, the Omaha hands INDEX.tsv counts,
the hands parsed, the duplicates, their share, and every failure with its reason.
"""

from __future__ import annotations

import csv
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from tests.conftest import CORPUS
from tests.replay_helpers import BROKEN_MARKS


@dataclass(frozen=True)
class Coverage:
    folder: str
    index_hands: int  # INDEX.tsv omaha_hands of the folder's files not broken on purpose
    blocks: int
    parsed: int
    duplicates: int
    failures: tuple[tuple[str, str], ...]  # (reason_code, reason) of each failure row

    @property
    def share(self) -> float:
        return (self.parsed + self.duplicates) / self.index_hands if self.index_hands else 0.0


def broken_on_purpose(path: str) -> bool:
    return any(mark in path for mark in BROKEN_MARKS)


def folder_files(folder: str) -> dict[Path, int]:
    """The folder's files INDEX.tsv lists (not broken on purpose), with their Omaha hands."""
    out: dict[Path, int] = {}
    with open(CORPUS / "INDEX.tsv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            path = CORPUS / folder / row["repo"].replace("/", "__") / row["path"]
            if path.is_file() and not broken_on_purpose(str(path)):
                out[path] = int(row["omaha_hands"])
    return out


def coverage(folder: str) -> Coverage:
    """Ingest the folder's intact files into a scratch dataset and count what came out."""
    files = folder_files(folder)
    with tempfile.TemporaryDirectory() as tmp:
        counts = ingest([str(p) for p in sorted(files)], Path(tmp) / "ds")
        failures = scan(Path(tmp) / "ds", "failures").select("reason_code", "reason").collect()
        rows = tuple((code, reason) for code, reason in failures.iter_rows())
    return Coverage(
        folder=folder,
        index_hands=sum(files.values()),
        blocks=counts.blocks,
        parsed=counts.parsed,
        duplicates=counts.duplicates,
        failures=rows,
    )


def main(folders: list[str]) -> None:
    for folder in folders:
        c = coverage(folder)
        print(
            f"{c.folder}: INDEX Omaha hands {c.index_hands} (broken on purpose aside), "
            f"blocks {c.blocks}, parsed {c.parsed}, duplicates {c.duplicates}, "
            f"failures {len(c.failures)}: (parsed + duplicates) / INDEX = {c.share:.1%}"
        )
        for code, reason in c.failures:
            print(f"  {code}: {reason}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Pacific-888", "PartyPoker", "PartyPoker-old"])


def round_trip_differences(folders: list[str], tmp: Path) -> dict[str, set[str]]:
    """Parse the folders to a dataset, export it as PHH, ingest the PHH: per table, the
    hands whose rows differ (source columns aside). Empty when the round trip is exact."""
    from omahahh.dataset.tables import TABLES
    from omahahh.export.phh import export_dataset

    first, second = tmp / "parsed", tmp / "imported"
    ingest([str(CORPUS / f) for f in folders], first)
    export_dataset(first, tmp / "phh", per_file=50)
    ingest([str(tmp / "phh")], second)
    keys = scan(second, "hands").select("hand_key").collect()["hand_key"].to_list()
    source = {"source_path", "source_line", "text_hash"}
    out: dict[str, set[str]] = {}
    for table in TABLES:
        if table == "failures":
            continue
        before, after = (
            scan(root, table).filter(pl.col("hand_key").is_in(keys)).collect()
            for root in (first, second)
        )
        keep = [c for c in before.columns if c not in source]
        a, b = before.select(keep), after.select(keep)
        differ = a.join(b, on=keep, how="anti", nulls_equal=True)["hand_key"].to_list()
        differ += b.join(a, on=keep, how="anti", nulls_equal=True)["hand_key"].to_list()
        if differ or a.height != b.height:
            out[table] = set(differ) or {"<row count>"}
    return out
