"""``sample_histories/structured/``: every XML/JSON sample parses, the audit finds only
information, and the README lists every file with its true source and variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS, SAMPLES

FOLDER = SAMPLES / "structured"
ROW_RE = re.compile(
    r"^\| `(?P<file>structured/[^`]+)` \| (?P<variant>[^|]+) \|.*\| (?P<source>[^|]+) \| (?P<path>[^|]+) \|$"
)
REPOS = {"HHSmithy": "HHSmithy/PokerHandHistoryParser", "ggratte": "ggratte/PokerHandHistoryParser"}


def _files() -> list[Path]:
    return sorted(p for p in FOLDER.rglob("*") if p.is_file())


def _rows() -> dict[str, re.Match[str]]:
    lines = (SAMPLES / "README.md").read_text(encoding="utf-8").splitlines()
    return {m["file"]: m for m in map(ROW_RE.match, lines) if m}


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_every_sample_hand_parses_and_audits_to_information_only(path: Path) -> None:
    results = [parse_block(b) for b in iter_blocks(path)]
    assert results and all(isinstance(r, HandRecord) for r in results)
    for hand in results:
        assert isinstance(hand, HandRecord)
        assert [f.code for f in audit_hand(hand).findings if f.severity.value != "info"] == []


def test_readme_lists_every_file_with_its_variant_and_source() -> None:
    rows = _rows()
    assert set(rows) == {p.relative_to(SAMPLES).as_posix() for p in _files()}
    for rel, row in rows.items():
        hands = [parse_block(b) for b in iter_blocks(SAMPLES / rel)]
        assert {h.variant for h in hands if isinstance(h, HandRecord)} == {row["variant"].strip()}
        if "/crafted/" in rel:
            assert row["source"].strip() == "crafted by the omahahh authors", rel
            continue
        owner = rel.split("__")[1]
        assert row["source"].strip() == REPOS[owner], rel


@pytest.mark.corpus
def test_real_files_are_byte_identical_to_the_source_the_readme_names() -> None:
    rows = {rel: row for rel, row in _rows().items() if "/crafted/" not in rel}
    assert rows
    for rel, row in rows.items():
        owner = rel.split("__")[1]
        corpus = (
            row["path"]
            .strip()
            .strip("`")
            .replace("S/", "HandHistories.Parser.UnitTests/SampleHandHistories/", 1)
        )
        matches = list(CORPUS.rglob(Path(corpus).name))
        originals = [m for m in matches if m.as_posix().endswith(corpus) and owner in m.as_posix()]
        assert originals and originals[0].read_bytes() == (SAMPLES / rel).read_bytes(), rel
