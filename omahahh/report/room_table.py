"""The README's room table: every corpus folder, what INDEX.tsv says it holds, what omahahh reads.

``python -m omahahh.report.room_table ../shared/corpus README.md`` parses every
folder of the corpus the way ``omahahh ingest <folder>`` would (each folder a
dataset of its own: duplicates are copies within the folder) and rewrites the
block between the ``room-table`` markers of README.md. ``tests/unit/report/test_room_table.py``
computes the table again and compares, so the README stays true as rooms are added.

Columns: the rooms (sites) of the hands parsed, the folder, INDEX.tsv's Omaha
hands, then hands parsed, duplicates and failure rows. Failure rows include the
other games of mixed files (Hold'em, Stud: ``unsupported_game``), so parsed +
duplicates, not failures, is what to compare with the INDEX count.
"""

from __future__ import annotations

import csv
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from omahahh.dataset.pipeline import PipelineOptions, process_file
from omahahh.dataset.store import Seen, dedupe_fragment
from omahahh.parsers.registry import expand_paths

START = "<!-- room-table:start (python -m omahahh.report.room_table ../shared/corpus README.md) -->"
END = "<!-- room-table:end -->"
_PARSE_ONLY = PipelineOptions(replay=False)


@dataclass(frozen=True, slots=True)
class FolderCounts:
    """One corpus folder as ``omahahh ingest <folder>`` counts it."""

    folder: str
    rooms: tuple[str, ...]
    index_hands: int
    parsed: int
    duplicates: int
    duplicate_hands: int
    """Of ``duplicates``, the blocks that parsed (a copy of a hand already taken)."""
    failures: int


def index_hands(corpus: Path) -> dict[str, int]:
    """INDEX.tsv's Omaha hands per top folder (rows name the source repository's path)."""
    out: dict[str, int] = defaultdict(int)
    folders = [p for p in corpus.iterdir() if p.is_dir()]
    with open(corpus / "INDEX.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            owner_repo = row["repo"].replace("/", "__")
            found = [f.name for f in folders if (f / owner_repo / row["path"]).is_file()]
            if len(found) != 1:
                raise ValueError(f"INDEX.tsv row not found once in {corpus}: {row['path']}")
            out[found[0]] += int(row["omaha_hands"])
    return dict(out)


def count_folder(folder: Path, index: int) -> FolderCounts:
    seen = Seen()
    parsed = duplicates = duplicate_hands = failures = 0
    rooms: set[str] = set()
    for path in expand_paths([folder]):
        fragment = process_file(path, _PARSE_ONLY)
        kept = dedupe_fragment(fragment, seen)
        parsed += kept.hands
        failures += kept.failures
        duplicates += fragment.blocks - kept.hands - kept.failures
        codes = kept.frames["failures"]["reason_code"].to_list()
        conflicts = codes.count("duplicate_conflict")
        duplicate_hands += fragment.hands - kept.hands - conflicts
        rooms.update(kept.frames["hands"]["site"].to_list())
    return FolderCounts(
        folder=folder.name,
        rooms=tuple(sorted(rooms)),
        index_hands=index,
        parsed=parsed,
        duplicates=duplicates,
        duplicate_hands=duplicate_hands,
        failures=failures,
    )


def room_counts(corpus: Path) -> list[FolderCounts]:
    """Every folder of the corpus that INDEX.tsv lists, sorted by name."""
    index = index_hands(corpus)
    return [count_folder(corpus / name, index[name]) for name in sorted(index)]


def render(rows: list[FolderCounts]) -> str:
    lines = [
        "| room | corpus folder | INDEX Omaha hands | parsed | duplicates | failures |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        room = ", ".join(r.rooms) or "not read"
        lines.append(
            f"| {room} | `{r.folder}` | {r.index_hands} | {r.parsed} | {r.duplicates} "
            f"| {r.failures} |"
        )
    total = [sum(getattr(r, f) for r in rows) for f in ("index_hands", "parsed", "duplicates")]
    fails = sum(r.failures for r in rows)
    lines.append(f"| **all** | | {total[0]} | {total[1]} | {total[2]} | {fails} |")
    return "\n".join(lines)


def rewrite(readme: str, table: str) -> str:
    """``readme`` with the text between the markers replaced by ``table``."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise ValueError("README has no room-table markers")
    return readme[: start + len(START)] + "\n" + table + "\n" + readme[end:]


def block_of(readme: str) -> str:
    """The table currently between the markers."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise ValueError("README has no room-table markers")
    return readme[start + len(START) : end].strip("\n")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m omahahh.report.room_table CORPUS README.md", file=sys.stderr)
        return 2
    corpus, readme = Path(argv[0]), Path(argv[1])
    table = render(room_counts(corpus))
    readme.write_text(rewrite(readme.read_text(encoding="utf-8"), table), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
