"""The public API named in ``omahahh/__init__.py`` (README "Library use")."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import omahahh
from omahahh.errors import DatasetError
from tests.helpers.replay import BAD, CLEAN

# Each public name and the object it must be (README "Library use").
PUBLIC = {
    "AuditedHand": ("omahahh.audit.hand", "AuditedHand"),
    "HandRecord": ("omahahh.model", "HandRecord"),
    "HouseRules": ("omahahh.house_rules", "HouseRules"),
    "IngestCounts": ("omahahh.dataset.store", "IngestCounts"),
    "IngestOptions": ("omahahh.dataset.ingest", "IngestOptions"),
    "ParseFailure": ("omahahh.model", "ParseFailure"),
    "ReplayResult": ("omahahh.replay.engine", "ReplayResult"),
    "__version__": ("omahahh.version", "__version__"),
    "audit_hand": ("omahahh.audit.hand", "audit_hand"),
    "ingest": ("omahahh.dataset.ingest", "ingest"),
    "open_dataset": ("omahahh.dataset.store", "open_dataset"),
    "parse_text": ("omahahh.dataset.pipeline", "parse_text"),
    "replay_hand": ("omahahh.replay.engine", "replay"),
}


def test_every_public_name_resolves() -> None:
    assert sorted(omahahh.__all__) == sorted(PUBLIC)
    for name, (module, attr) in PUBLIC.items():
        assert getattr(omahahh, name) is getattr(importlib.import_module(module), attr), name
    with pytest.raises(AttributeError):
        _ = omahahh.no_such_name  # type: ignore[attr-defined]


def test_parse_replay_audit_ingest_and_open_a_dataset(tmp_path: Path) -> None:
    clean, bad = omahahh.parse_text(CLEAN + "\n\n" + BAD)
    assert isinstance(clean, omahahh.HandRecord) and isinstance(bad, omahahh.HandRecord)
    assert omahahh.replay_hand(clean).total_pot == sum(a.amount for a in clean.actions)
    assert omahahh.audit_hand(clean).findings == ()
    assert [f.code.value for f in omahahh.audit_hand(bad).findings] == ["wrong_split"]
    src = tmp_path / "h.txt"
    src.write_text(CLEAN + "\n\n" + BAD, encoding="utf-8")
    counts = omahahh.ingest([src], tmp_path / "ds")
    assert (counts.blocks, counts.parsed, counts.failures) == (2, 2, 0)
    tables = omahahh.open_dataset(tmp_path / "ds")
    assert tables["hands"].collect().height == 2
    with pytest.raises(DatasetError):
        omahahh.open_dataset(tmp_path)
