"""A version's manifest: every Parquet part with its rows, bytes and checksum.

``DATASET/.versions/<id>/manifest.json`` is written last, just before the
version becomes ``current``; a version folder without one is an unfinished
run (staging). Each part is recorded as ``{"name", "rows", "bytes",
"sha256"}`` under its table, so a damaged dataset is recognised before
anything reads or builds on it (:mod:`omahahh.dataset.verify`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

MANIFEST = "manifest.json"
HASH_CHUNK = 4 * 2**20


@dataclass(frozen=True, slots=True)
class PartRecord:
    table: str
    name: str
    rows: int
    bytes: int
    sha256: str

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "rows": self.rows, "bytes": self.bytes, "sha256": self.sha256}


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def record_part(table: str, path: Path) -> PartRecord:
    """Measure a part just written: rows from its footer, bytes, checksum."""
    rows = pq.read_metadata(path).num_rows
    return PartRecord(table, path.name, rows, path.stat().st_size, file_sha256(path))


def read_manifest_file(version: Path) -> dict[str, object]:
    with open(version / MANIFEST, encoding="utf-8") as fh:
        data: dict[str, object] = json.load(fh)
    return data


def part_records(manifest: dict[str, object]) -> list[PartRecord] | None:
    """The manifest's part records; None for a manifest written before they existed."""
    parts = manifest.get("parts")
    if not isinstance(parts, dict):
        return None
    out = []
    for table, items in parts.items():
        for item in items:
            out.append(
                PartRecord(
                    str(table),
                    str(item["name"]),
                    int(item["rows"]),
                    int(item["bytes"]),
                    str(item["sha256"]),
                )
            )
    return out


def write_manifest(version: Path, manifest: dict[str, object]) -> None:
    """Write atomically (a temporary file renamed over), flushed to disk first."""
    tmp = version / (MANIFEST + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=2)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, version / MANIFEST)
