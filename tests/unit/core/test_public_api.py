"""The public API named in ``omahahh/__init__.py`` (README "Library use")."""

from __future__ import annotations

from pathlib import Path

import pytest

import omahahh
from omahahh.errors import DatasetError
from tests.test_cli_audit import BAD, CLEAN


def test_every_public_name_resolves() -> None:
    for name in omahahh.__all__:
        assert getattr(omahahh, name) is not None
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
