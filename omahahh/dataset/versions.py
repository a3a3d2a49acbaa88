"""The versions kept beside ``current``: listing, pruning, unfinished runs, restoring.

Every ingest writes a new version in ``DATASET/.versions/<id>`` (ids sort by
time) and switches ``current`` to it. ``--keep-versions N`` (default 2) keeps
the N newest earlier versions, so ``omahahh verify --restore`` can go back to
one that is intact. A version folder without a manifest is a run that never
finished (killed, or failed); the next writer, holding the lock, removes it.

Parts unchanged between versions are hard links, not copies: keeping versions
costs only the parts that changed, but damage to a shared part (a file edited
in place) damages every version that shares it.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

from omahahh.dataset.manifest import MANIFEST

VERSIONS = ".versions"
CURRENT = "current"
DEFAULT_KEEP = 2


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


def remove_unfinished(root: Path, keep: Path | None = None) -> list[Path]:
    """Remove version folders without a manifest (dead runs' staging), but ``keep``."""
    folder = root / VERSIONS
    removed = []
    if folder.is_dir():
        for v in folder.iterdir():
            if v.is_dir() and v != keep and not (v / MANIFEST).is_file():
                shutil.rmtree(v, ignore_errors=True)
                removed.append(v)
    return removed


def prune(root: Path, keep: int) -> None:
    """Keep ``current`` and the ``keep`` newest finished versions before it."""
    live = (root / CURRENT).resolve()
    older = [v for v in finished(root) if v.resolve() != live]
    for v in older[: max(0, len(older) - keep)]:
        shutil.rmtree(v, ignore_errors=True)


def switch_current(root: Path, version_id: str) -> None:
    """Point ``current`` at ``.versions/<version_id>`` atomically (a new link renamed over)."""
    link = root / CURRENT
    tmp = link.with_name(f".{link.name}.{uuid.uuid4().hex[:8]}")
    tmp.symlink_to(Path(VERSIONS) / version_id, target_is_directory=True)
    os.replace(tmp, link)
