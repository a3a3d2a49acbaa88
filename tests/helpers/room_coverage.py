"""Per corpus folder of the four live rooms: what became of every hand block, against INDEX.tsv.

``python -m tests.helpers.room_coverage [FOLDER ...]`` (from the repository root; default: the
six folders of those rooms) prints, per folder, INDEX.tsv's ``omaha_hands`` of the files
not broken on purpose (corpus README), the blocks read, the blocks of those intact
files that parse, what the dataset kept of them (hands, duplicates: the same text
again, conflicts: a hand id already taken by another text, as fixtures that reuse an
id), the share, and every failure row with its reason (``file:line: why``).

The share is the issue's "parsed + duplicates": intact blocks that parse to a hand
(kept, a duplicate, or a conflict, which the dataset records as a ``duplicate_conflict``
failure row naming file and line) over INDEX.tsv's intact Omaha hands. ``kept_share``
leaves conflicts out. The room tests (tests/rooms/) read the same numbers.
"""

from __future__ import annotations

import csv
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from omahahh.dataset.fragments import Fragment
from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from tests.helpers.paths import CORPUS
from tests.helpers.replay import BROKEN_MARKS

# The corpus folders of those rooms and INDEX.tsv's site name for each.
SITE_OF_FOLDER = {
    "Pacific-888": "Pacific/888",
    "WPN-ACR": "WPN/ACR",
    "WPN-old": "WPN(old)",
    "Bovada": "Bovada",
    "PartyPoker": "PartyPoker",
    "PartyPoker-old": "PartyPoker(old)",
}
FOLDERS = tuple(SITE_OF_FOLDER)


def broken_on_purpose(path: str) -> bool:
    return any(mark in path for mark in BROKEN_MARKS)


def indexed_hands(folder: str, corpus: Path = CORPUS) -> tuple[int, int]:
    """(Omaha hands of INDEX.tsv in ``folder``, of them in files broken on purpose)."""
    total = broken = 0
    with (corpus / "INDEX.tsv").open(encoding="utf-8", newline="") as f:
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
    out: Path  # the dataset written (every file of the folder)
    blocks: int = 0  # every block of the folder
    parsed_blocks: int = 0  # blocks of intact files that parse to a HandRecord
    kept: int = 0  # hands of intact files the dataset kept
    duplicates: int = 0  # blocks of intact files dropped as the same text again
    conflicts: int = 0  # hands of intact files whose id another text took first
    failures: list[tuple[str, str]] = field(default_factory=list)  # (code, reason), all files
    broken_blocks: int = 0  # blocks of files broken on purpose

    @property
    def share(self) -> float:
        """Parsed + duplicates (conflicts included) over INDEX.tsv's intact Omaha hands."""
        return self.parsed_blocks / self.indexed

    @property
    def kept_share(self) -> float:
        """Kept + exact duplicates (conflicts left out) over the intact Omaha hands."""
        return (self.kept + self.duplicates) / self.indexed

    @property
    def reasons(self) -> Counter[str]:
        """Failure rows by reason code (conflicts left out)."""
        return Counter(code for code, _ in self.failures if code != "duplicate_conflict")

    def row(self) -> str:
        fails = ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items())) or "-"
        return (
            f"{self.folder:<15}{self.indexed:>8}{self.blocks:>7}{self.broken_blocks:>7}"
            f"{self.parsed_blocks:>7}{self.kept:>6}{self.duplicates:>6}{self.conflicts:>6}"
            f"{self.share:>8.1%}{self.kept_share:>8.1%}  {fails}"
        )


HEADER = (
    f"{'folder':<15}{'indexed':>8}{'blocks':>7}{'broken':>7}{'parse':>7}{'kept':>6}"
    f"{'dups':>6}{'confl':>6}{'share':>8}{'kept%':>8}  failures (reason count)"
)


def coverage(folder: str, out: Path, corpus: Path = CORPUS) -> Coverage:
    """What became of every block of ``corpus/folder``; the dataset is written to ``out``.

    Every block is accounted for: per file, blocks = hands kept + duplicates + failure
    rows (conflicts among them), and every failure row names its file and line.
    """
    total, broken = indexed_hands(folder, corpus)
    cov = Coverage(folder, total - broken, out)
    files = list(expand_paths([corpus / folder]))
    for path in files:
        for result in parse_blocks(iter_blocks(path)):
            cov.blocks += 1
            if broken_on_purpose(str(path)):
                cov.broken_blocks += 1
            else:
                cov.parsed_blocks += isinstance(result, HandRecord)
    fragments: list[Fragment] = []
    counts = ingest([corpus / folder], out, on_fragment=fragments.append)
    assert counts.blocks == cov.blocks == counts.parsed + counts.duplicates + counts.failures
    assert len(fragments) == len(files)  # one fragment a file, in input order
    for path, frag in zip(files, fragments, strict=True):
        failures = frag.frames["failures"]
        for p, line, code, reason in failures.select(
            "source_path", "source_line", "reason_code", "reason"
        ).iter_rows():
            assert reason.startswith(f"{p}:{line}:"), reason  # names file and line
            cov.failures.append((code, reason))
        if broken_on_purpose(str(path)):
            continue
        conflicts = failures.filter(pl.col("reason_code") == "duplicate_conflict").height
        cov.kept += frag.hands
        cov.conflicts += conflicts
        cov.duplicates += frag.blocks - frag.hands - failures.height
    return cov


def dataset_frame(out: Path, table: str) -> pl.DataFrame:
    return scan(out, table).collect()


def intact_keys(out: Path) -> list[str]:
    """Keys of the dataset's hands from files not broken on purpose."""
    hands = scan(out, "hands").select("hand_key", "source_path").collect()
    return [k for k, p in hands.iter_rows() if not broken_on_purpose(p)]


def findings_above_info(out: Path, keys: list[str]) -> pl.DataFrame:
    """The errors and warnings the audit wrote for ``keys``."""
    return (
        scan(out, "findings")
        .filter(pl.col("severity").is_in(["error", "warning"]), pl.col("hand_key").is_in(keys))
        .select("hand_key", "code", "severity", "message")
        .collect()
    )


def zero_sum_left(out: Path) -> pl.DataFrame:
    """Per complete cash hand (every player's ``won`` known): Σ (won − invested) + rake +
    fees − what the room paid outside the pots, as ``left`` (0 when the chips balance),
    with ``hand_key``. A player paid something else than a share of the pots (a cash-out,
    an EV cash-out) counts with that share (``cashout_pot_share``)."""
    from_pots = pl.coalesce("cashout_pot_share", "won")
    net = (
        scan(out, "players")
        .group_by("hand_key")
        .agg(
            (from_pots - pl.col("invested")).sum().alias("net"),
            pl.col("won").is_null().any().alias("unknown"),
        )
    )
    return (
        scan(out, "hands")
        .filter(pl.col("game_type") == "cash")
        .join(net, on="hand_key")
        .filter(~pl.col("unknown"))
        .select(
            "hand_key",
            (pl.col("net") + pl.col("rake_derived") + pl.col("fees_derived")).alias("left"),
        )
        .collect()
    )


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


def main(folders: list[str]) -> None:
    print(HEADER)
    covs = []
    with tempfile.TemporaryDirectory() as tmp:
        for folder in folders:
            covs.append(coverage(folder, Path(tmp) / folder))
            print(covs[-1].row())
    print("indexed: INDEX.tsv omaha_hands of files not broken on purpose; broken: blocks of")
    print("files broken on purpose; parse: blocks of intact files that parse; share: parse /")
    print("indexed; kept%: (kept + duplicates) / indexed, conflicts left out")
    for cov in covs:
        for code, reason in cov.failures:
            print(f"{cov.folder}: [{code}] {reason}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(FOLDERS))
