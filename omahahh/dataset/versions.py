"""The versions kept beside ``current``: history, pruning, unfinished runs.

Every ingest writes a new version in ``DATASET/.versions/<id>`` (ids sort by
the time they were made) and switches ``current`` to it; its manifest names
the version it was built on (``base``). Following ``base`` from ``current``
gives the dataset's history: the versions that were current, newest first.
``--keep-versions N`` (default 2) keeps the N previous versions of that
history, so ``omahahh verify --restore`` can go back to one that is intact.

A version folder without a manifest is a run that never finished (killed, or
failed); a version with one that is not in the history is a run killed
between writing its manifest and switching ``current``, or one a restore
went back from. The next writer, holding the lock, removes the first kind
when it starts and the second when it commits.

Parts unchanged between versions are hard links, not copies: keeping versions
costs only the parts that changed, but damage to a shared part (a file edited
in place) damages every version that shares it.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from pathlib import Path

from omahahh.dataset.manifest import MANIFEST, read_manifest_file

VERSIONS = ".versions"
CURRENT = "current"
DEFAULT_KEEP = 2
LEGACY = object()  # a manifest from before versions named their base


def new_version_id() -> str:
    """A version folder's name: UTC time to the microsecond, then random.

    Names sort in the order versions were made (each is made holding the lock).
    """
    now = time.time_ns()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now // 10**9))
    return f"{stamp}{now // 1000 % 10**6:06d}-{uuid.uuid4().hex[:8]}"


def current_target(root: Path) -> str | None:
    """What ``current`` points to (as written in the link), or None."""
    try:
        return os.readlink(root / CURRENT)
    except OSError:
        return None


def finished(root: Path) -> list[Path]:
    """Versions with a manifest, oldest first."""
    folder = root / VERSIONS
    if not folder.is_dir():
        return []
    return sorted(v for v in folder.iterdir() if (v / MANIFEST).is_file())


def _base(version: Path) -> object:
    """The id of the version ``version`` was built on: None for a first version,
    :data:`LEGACY` when its manifest does not say (or cannot be read)."""
    try:
        manifest = read_manifest_file(version)
    except (OSError, ValueError):
        return LEGACY
    return manifest.get("base", LEGACY)


def history(root: Path) -> list[Path] | None:
    """``current`` and the versions it was built on, newest first, as far as they are
    kept; None when the chain cannot be followed (a manifest from an older omahahh,
    an unreadable one, or no ``current``): callers then go by the names' order."""
    link = root / CURRENT
    if not link.is_symlink() and not link.exists():
        return None
    chain = [link.resolve()]
    while True:
        base = _base(chain[-1])
        if base is LEGACY:
            return None
        if not isinstance(base, str):
            return chain  # the first version
        older = (root / VERSIONS / base).resolve()
        if not older.is_dir() or older in chain:
            return chain  # pruned beyond this point
        chain.append(older)


def restore_candidates(root: Path) -> list[Path]:
    """Where ``verify --restore`` looks, in order: the history from ``current`` back,
    then any other finished version, newest first."""
    chain = history(root) or []
    rest = [v.resolve() for v in reversed(finished(root)) if v.resolve() not in chain]
    return [v for v in chain if (v / MANIFEST).is_file()] + rest


def remove_unfinished(root: Path) -> list[Path]:
    """Remove version folders without a manifest (dead runs' staging); the caller holds
    the lock. The version ``current`` points to is never removed, even if its manifest
    was lost (that is damage for ``omahahh verify`` to report, not staging)."""
    folder = root / VERSIONS
    live = (root / CURRENT).resolve()
    removed = []
    if folder.is_dir():
        for v in folder.iterdir():
            if v.is_dir() and v.resolve() != live and not (v / MANIFEST).is_file():
                shutil.rmtree(v, ignore_errors=True)
                removed.append(v)
    return removed


def prune(root: Path, keep: int) -> list[Path]:
    """Keep ``current`` and the ``keep`` versions before it in its history; remove the
    rest (older history, and versions that were never current). Returns what went."""
    live = (root / CURRENT).resolve()
    chain = history(root)
    if chain is None:  # an older omahahh's dataset: the newest names are the history
        chain = [live] + [v.resolve() for v in reversed(finished(root)) if v.resolve() != live]
    kept = set(chain[: keep + 1])
    gone = [v for v in finished(root) if v.resolve() not in kept]
    for v in gone:
        shutil.rmtree(v, ignore_errors=True)
    return gone


def switch_current(root: Path, version_id: str) -> None:
    """Point ``current`` at ``.versions/<version_id>`` atomically (a new link renamed over)."""
    link = root / CURRENT
    tmp = link.with_name(f".{link.name}.{uuid.uuid4().hex[:8]}")
    tmp.symlink_to(Path(VERSIONS) / version_id, target_is_directory=True)
    os.replace(tmp, link)
