"""``omahahh verify``: every part of every kept version checked in full; restoring.

:func:`check_version` checks presence, size, checksum, the Parquet footer and
its row count for every part a version's manifest records (the cheap check
on opening is :mod:`omahahh.dataset.guard`). :func:`restore` switches
``current`` to the newest kept version that passes, holding the writers' lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from omahahh.dataset.guard import (
    CURRENT,
    DamagedDataset,
    Problem,
    damage_message,
    hash_problem,
    last_opened,
    records,
    size_problem,
    stray_parts,
)
from omahahh.dataset.lock import DatasetLock
from omahahh.dataset.manifest import MANIFEST, PartRecord
from omahahh.dataset.versions import finished, restore_candidates, switch_current
from omahahh.dataset.words import plural, verb
from omahahh.errors import DatasetError


def footer_problem(version: Path, record: PartRecord) -> Problem | None:
    """Does the part's Parquet footer read, with the rows written?"""
    path = version / record.table / record.name
    try:
        rows = pq.read_metadata(path).num_rows
    except Exception as exc:  # any footer error is damage, whatever pyarrow calls it
        return Problem(path, f"unreadable Parquet footer ({exc})")
    if rows != record.rows:
        return Problem(
            path, f"{plural(rows, 'row')} where {record.rows} {verb(record.rows, 'was')} written"
        )
    return None


def check_version(version: Path) -> list[Problem]:
    """Everything about every part: presence, size, checksum, Parquet footer, rows."""
    if not version.is_dir():
        return [Problem(version, "missing (the version folder is gone)")]
    if not (version / MANIFEST).is_file():
        return [Problem(version / MANIFEST, "missing (an unfinished run, or deleted)")]
    try:
        recs = records(version)
    except DamagedDataset as exc:
        return [Problem(version / MANIFEST, str(exc))]
    if recs is None:
        return [Problem(version / MANIFEST, "records no checksums (written by an older omahahh)")]
    out = stray_parts(version, recs)
    for r in recs:
        problem = size_problem(version, r) or hash_problem(version, r) or footer_problem(version, r)
        if problem is not None:
            out.append(problem)
    return out


@dataclass(frozen=True, slots=True)
class Report:
    """``omahahh verify``: the current version's problems, and every kept version's."""

    current: Path | None
    problems: dict[Path, list[Problem]]

    @property
    def intact(self) -> bool:
        return self.current is not None and not self.problems.get(self.current)


def verify(root: Path) -> Report:
    """Check the current version and every version kept beside it, in full."""
    link = root / CURRENT
    if not link.is_symlink() and not finished(root):
        raise DatasetError(f"{root}: not a dataset (no {CURRENT}/{MANIFEST})")
    current = link.resolve() if link.is_symlink() or link.exists() else None
    problems = {v.resolve(): check_version(v) for v in finished(root)}
    if current is not None and current not in problems:
        problems[current] = check_version(current)
    return Report(current, problems)


def restore(root: Path, wait: float = 0.0) -> Path | None:
    """Switch ``current`` to the newest intact version of its history (else of any kept
    version); None, changing nothing, if none is intact.

    Holds the dataset's lock while it looks and switches, like a writer.
    """
    with DatasetLock(root, wait):
        for version in restore_candidates(root):
            if not check_version(version):
                if (root / CURRENT).resolve() != version.resolve():
                    switch_current(root, version.name)
                return version
    return None


def diagnose() -> str | None:
    """After a reader failed: the damage in the dataset last opened, as one line (or None)."""
    root = last_opened()
    if root is None:
        return None
    problems = check_version((root / CURRENT).resolve())
    return damage_message(root, problems) if problems else None
