"""Is a dataset version intact? The cheap guard every command runs, and the full check.

:func:`guard` runs wherever a dataset is opened (every reading command, and
``ingest`` before it builds on the current version): each part the manifest
records must exist with its recorded size; small datasets (at most
:data:`HASH_ON_OPEN_BYTES` in all) also have their checksums compared, so even
a flipped bit is refused before anything reads it. A damaged dataset raises
:class:`DamagedDataset`: one line naming the part and what to do.

:func:`check_version` (``omahahh verify``) checks everything: presence, size,
checksum, the Parquet footer and its row count, for every part.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

from omahahh.dataset.manifest import (
    MANIFEST,
    PartRecord,
    file_sha256,
    part_records,
    read_manifest_file,
)
from omahahh.errors import DatasetError

CURRENT = "current"
HASH_ON_OPEN_BYTES = 64 * 2**20
"""Datasets up to this size are checksummed on every open (a fraction of a second)."""


class DamagedDataset(DatasetError):
    """A part is missing, truncated or corrupt: nothing may read or build on the version."""


@dataclass(frozen=True, slots=True)
class Problem:
    path: Path
    what: str

    def line(self) -> str:
        return f"{self.path}: {self.what}"


def _records(version: Path) -> list[PartRecord] | None:
    try:
        manifest = read_manifest_file(version)
    except (OSError, ValueError) as exc:
        raise DamagedDataset(
            f"{version / MANIFEST}: unreadable manifest ({exc}); run `omahahh verify "
            f"{version.parent.parent} --restore`"
        ) from exc
    return part_records(manifest)


def cheap_problems(version: Path, hash_limit: int = HASH_ON_OPEN_BYTES) -> list[Problem]:
    """Missing parts and parts of the wrong size (and checksums, for a small dataset)."""
    records = _records(version)
    if records is None:
        return []  # written before manifests recorded parts: nothing to compare
    out = []
    sizes = 0
    for r in records:
        path = version / r.table / r.name
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            out.append(Problem(path, "missing"))
            continue
        sizes += size
        if size != r.bytes:
            out.append(Problem(path, f"{size} bytes where {r.bytes} were written (truncated?)"))
    if out or sizes > hash_limit:
        return out
    for r in records:
        path = version / r.table / r.name
        if file_sha256(path) != r.sha256:
            out.append(Problem(path, "checksum differs from the one written (corrupt)"))
    return out


def guard(root: Path) -> None:
    """Refuse a damaged current version: one line naming the first damaged part."""
    version = (root / CURRENT).resolve()
    problems = cheap_problems(version)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise DamagedDataset(
            f"{problems[0].line()}{more}; the dataset is damaged: run `omahahh verify {root}` "
            f"to list what is, and `omahahh verify {root} --restore` to go back to the "
            "newest intact version"
        )


def check_version(version: Path) -> list[Problem]:
    """Everything about every part: presence, size, checksum, Parquet footer, rows."""
    if not (version / MANIFEST).is_file():
        return [Problem(version / MANIFEST, "missing (an unfinished run)")]
    try:
        records = _records(version)
    except DamagedDataset as exc:
        return [Problem(version / MANIFEST, str(exc))]
    if records is None:
        return [Problem(version / MANIFEST, "records no checksums (written by an older omahahh)")]
    out = []
    for r in records:
        path = version / r.table / r.name
        if not path.is_file():
            out.append(Problem(path, "missing"))
            continue
        size = path.stat().st_size
        if size != r.bytes:
            out.append(Problem(path, f"{size} bytes where {r.bytes} were written (truncated?)"))
            continue
        if file_sha256(path) != r.sha256:
            out.append(Problem(path, "checksum differs from the one written (corrupt)"))
            continue
        try:
            rows = pq.read_metadata(path).num_rows
        except Exception as exc:  # any footer error is damage, whatever pyarrow calls it
            out.append(Problem(path, f"unreadable Parquet footer ({exc})"))
            continue
        if rows != r.rows:
            out.append(Problem(path, f"{rows} rows where {r.rows} were written"))
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
    from omahahh.dataset.versions import finished

    if not (root / CURRENT).exists() and not finished(root):
        raise DatasetError(f"{root}: not a dataset (no {CURRENT}/{MANIFEST})")
    link = root / CURRENT
    current = link.resolve() if link.exists() else None
    problems = {v.resolve(): check_version(v) for v in finished(root)}
    if current is not None and current not in problems:
        problems[current] = check_version(current)
    return Report(current, problems)


def restore(root: Path, wait: float = 0.0) -> Path | None:
    """Switch ``current`` to the newest intact version; None (nothing changed) if none is.

    Holds the dataset's lock while it looks and switches, like a writer.
    """
    from omahahh.dataset.lock import DatasetLock
    from omahahh.dataset.versions import finished, switch_current

    with DatasetLock(root, wait):
        for version in reversed(finished(root)):
            if not check_version(version):
                if (root / CURRENT).resolve() != version.resolve():
                    switch_current(root, version.name)
                return version
    return None
