"""The check every command runs on opening a dataset, before anything reads it.

:func:`guard` compares the current version with its manifest: each part must
exist with the size it was written with; a small dataset (at most
:data:`HASH_ON_OPEN_BYTES` in all, a fraction of a second to hash) also has
its checksums compared, so even a flipped bit is refused; ``full=True`` (what
``ingest`` asks before building on a version) hashes whatever the size. A
damaged dataset raises :class:`DamagedDataset`: one line naming the part and
what to do. Nothing reads, and nothing builds on, a damaged version.

A large dataset damaged in a way the size check cannot see fails later, in
the reader; :func:`omahahh.dataset.verify.diagnose` then finds the part to
name, by checking in full the dataset the command opened (:func:`last_opened`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from omahahh.dataset.manifest import (
    MANIFEST,
    PartRecord,
    file_sha256,
    part_records,
    read_manifest_file,
)
from omahahh.errors import DatasetError

CURRENT = "current"
VERSIONS = ".versions"
HASH_ON_OPEN_BYTES = 64 * 2**20
"""Datasets up to this size are checksummed on every open (read at call time: tests lower it)."""

_opened: list[Path] = []  # the dataset this process last opened, for :func:`diagnose`


class DamagedDataset(DatasetError):
    """A part is missing, truncated or corrupt: nothing may read or build on the version."""


@dataclass(frozen=True, slots=True)
class Problem:
    path: Path
    what: str

    def line(self) -> str:
        return f"{self.path}: {self.what}"


def records(version: Path) -> list[PartRecord] | None:
    """The manifest's part records (None: a manifest from before they were recorded)."""
    try:
        manifest = read_manifest_file(version)
    except (OSError, ValueError) as exc:
        raise DamagedDataset(
            f"{version / MANIFEST}: unreadable manifest ({exc}); run `omahahh verify "
            f"{version.parent.parent} --restore`"
        ) from exc
    return part_records(manifest)


def size_problem(version: Path, record: PartRecord) -> Problem | None:
    """Is the part there, with the size it was written with?"""
    path = version / record.table / record.name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return Problem(path, "missing")
    if size != record.bytes:
        return Problem(path, f"{size} bytes where {record.bytes} were written (truncated?)")
    return None


def stray_parts(version: Path, recs: list[PartRecord]) -> list[Problem]:
    """Parts no manifest records (copied in by hand?): readers would read them too."""
    written = {(r.table, r.name) for r in recs}
    return [
        Problem(part, "not written by this version (not in its manifest)")
        for folder in sorted(p for p in version.iterdir() if p.is_dir())
        for part in sorted(folder.glob("*.parquet"))
        if (folder.name, part.name) not in written
    ]


def hash_problem(version: Path, record: PartRecord) -> Problem | None:
    """Does the part hash to the checksum written (a part of the right size)?"""
    path = version / record.table / record.name
    if file_sha256(path) != record.sha256:
        return Problem(path, "checksum differs from the one written (corrupt)")
    return None


def open_problems(version: Path, *, full: bool = False) -> list[Problem]:
    """Missing parts and parts of the wrong size; checksums too if small or ``full``."""
    recs = records(version)
    if recs is None:
        return []  # written before manifests recorded parts: nothing to compare with
    out = [p for r in recs if (p := size_problem(version, r)) is not None]
    out += stray_parts(version, recs)
    if out or (not full and sum(r.bytes for r in recs) > HASH_ON_OPEN_BYTES):
        return out
    return [p for r in recs if (p := hash_problem(version, r)) is not None]


def damage_message(root: Path, problems: list[Problem]) -> str:
    """One line: the first damaged part, how many more, and what to do."""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return (
        f"{problems[0].line()}{more}; the dataset is damaged: run `omahahh verify {root}` "
        f"to list what is, and `omahahh verify {root} --restore` to go back to the "
        "newest intact version"
    )


def dataset_folder(path: str | os.PathLike[str]) -> bool:
    """Was ``path`` written by ``ingest`` (intact or not): a ``current`` link, or versions?

    Wider than "has ``current/manifest.json``" on purpose: a dataset whose current
    manifest or version was lost must be refused as damaged, not read as an empty
    folder of hand histories.
    """
    p = Path(path)
    link = p / CURRENT
    if link.is_symlink() or link.exists():
        return True
    versions = p / VERSIONS
    return versions.is_dir() and any((v / MANIFEST).is_file() for v in versions.iterdir())


def guard(root: Path, *, full: bool = False) -> None:
    """Refuse a damaged current version (:class:`DamagedDataset`, naming the first part)."""
    root = Path(root)
    _opened[:] = [root]
    link = root / CURRENT
    if not (link / MANIFEST).is_file():
        if link.exists():
            missing = Problem(link / MANIFEST, "missing")
        elif link.is_symlink():
            missing = Problem(link, f"points to {os.readlink(link)}, which is gone")
        else:
            missing = Problem(link, "missing")
        raise DamagedDataset(damage_message(root, [missing]))
    problems = open_problems(link.resolve(), full=full)
    if problems:
        raise DamagedDataset(damage_message(root, problems))


def last_opened() -> Path | None:
    """The dataset this process last guarded (what a failed reader was reading)."""
    return _opened[0] if _opened else None
