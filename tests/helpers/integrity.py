"""Shared by the dataset-integrity tests: counting, damaging, running the CLI."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pyarrow.parquet as pq

from omahahh.dataset.ingest import ingest
from omahahh.dataset.manifest import MANIFEST
from omahahh.dataset.store import scan
from omahahh.dataset.tables import TABLES
from omahahh.dataset.versions import VERSIONS
from tests.helpers.paths import REPO, SAMPLES

REAL = SAMPLES / "pokerstars" / "real"
CRAFTED = SAMPLES / "pokerstars" / "crafted"
DAMAGE = ("deleted", "truncated", "flipped")


def hand_count(root: Path) -> int:
    return int(scan(root, "hands").select("hand_key").collect().height)


def hand_keys(root: Path) -> set[str]:
    return set(scan(root, "hands").select("hand_key").collect()["hand_key"].to_list())


def version_hand_count(version: Path) -> int:
    """Hands in one version folder (current or kept)."""
    parts = sorted((version / "hands").glob("*.parquet"))
    return sum(pq.read_metadata(p).num_rows for p in parts)


def table_hashes(root: Path) -> dict[str, tuple[int, str]]:
    """Rows and a hash of each table's rows (sorted JSON lines): equal datasets, equal hashes."""
    out = {}
    for table in TABLES:
        frame = scan(root, table).collect()
        lines = sorted(frame.write_ndjson().splitlines())
        out[table] = (frame.height, hashlib.sha256("\n".join(lines).encode()).hexdigest())
    return out


def current(root: Path) -> Path:
    return (root / "current").resolve()


def versions(root: Path) -> list[Path]:
    folder = root / VERSIONS
    return sorted(folder.iterdir()) if folder.is_dir() else []


def unfinished(root: Path) -> list[Path]:
    """Version folders without a manifest: staging a run left behind."""
    return [v for v in versions(root) if not (v / MANIFEST).exists()]


def damage(part: Path, how: str) -> None:
    """Delete, cut in half, or flip one bit of ``part`` in place (its size unchanged)."""
    if how == "deleted":
        part.unlink()
    elif how == "truncated":
        data = part.read_bytes()
        part.write_bytes(data[: len(data) // 2])
    else:
        data = bytearray(part.read_bytes())
        data[len(data) // 3] ^= 0x10
        part.write_bytes(bytes(data))


def break_footer(part: Path) -> None:
    """Overwrite the footer's length (same size): no reader can open the part any more."""
    data = bytearray(part.read_bytes())
    data[-8:-4] = b"\xff\xff\xff\x7f"
    part.write_bytes(bytes(data))


def two_versions(root: Path) -> Path:
    """Ingest the crafted samples, then the real ones into ``root``; returns a hands part
    only the second (current) version has, so the first stays intact whatever it suffers."""
    ingest([CRAFTED], root)
    before = {p.name for p in (current(root) / "hands").glob("*.parquet")}
    ingest([REAL], root)
    new = [p for p in (current(root) / "hands").glob("*.parquet") if p.name not in before]
    assert len(new) == 1
    return new[0]


def cli_env() -> dict[str, str]:
    """The environment for ``python -m omahahh`` subprocesses: this checkout's package."""
    return {**os.environ, "PYTHONPATH": str(REPO)}
