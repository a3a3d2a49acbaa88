"""One writer at a time: a lock file in the dataset folder.

The lock is ``DATASET/.lock``, created with ``O_CREAT | O_EXCL`` (atomic on
every local file system) and holding the holder's host, pid and start time
as JSON. A second writer is refused at once with one line naming the holder,
or waits up to ``wait`` seconds (``ingest --wait``). A lock whose process is
gone on this same host is taken over, with a note: a killed run must not
block the dataset forever. A lock held from another host is never taken
over (its process cannot be checked from here).
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from omahahh.errors import DatasetError

LOCK = ".lock"
POLL_SECONDS = 0.2


class DatasetBusy(DatasetError):
    """Another writer holds the dataset's lock."""


@dataclass(frozen=True, slots=True)
class Holder:
    host: str
    pid: int
    started: str

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started}"


def _me() -> Holder:
    return Holder(
        socket.gethostname(), os.getpid(), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def read_holder(path: Path) -> Holder | None:
    """Who holds the lock at ``path`` (None: no lock, or a lock file still being written)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Holder(str(data["host"]), int(data["pid"]), str(data["started"]))
    except FileNotFoundError:
        return None
    except (ValueError, KeyError, TypeError):
        return Holder("?", -1, "?")  # unreadable: treated as held by an unknown writer


class DatasetLock:
    """``with DatasetLock(root, wait=0, note=print):`` — the dataset's one writer."""

    def __init__(
        self, root: Path, wait: float = 0.0, note: Callable[[str], None] | None = None
    ) -> None:
        self.path = root / LOCK
        self.wait = wait
        self.note = note or (lambda _: None)
        self.me = _me()
        self.held = False

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + self.wait
        while True:
            if self._try_create():
                self.held = True
                return
            holder = read_holder(self.path)
            if holder is not None and self._stale(holder):
                self.note(
                    f"note: took over the lock of a run that is gone ({holder.describe()})"
                )
                self._remove_if(holder)
                continue
            if time.monotonic() >= deadline:
                who = holder.describe() if holder is not None else "another run"
                waited = f" after waiting {self.wait:g} s" if self.wait > 0 else ""
                raise DatasetBusy(
                    f"{self.path.parent}: another ingest is writing this dataset ({who}){waited}; "
                    "try again later or use --wait SECONDS"
                )
            time.sleep(POLL_SECONDS)

    def _try_create(self) -> bool:
        try:
            fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(
                {"host": self.me.host, "pid": self.me.pid, "started": self.me.started}, fh
            )
        return True

    def _stale(self, holder: Holder) -> bool:
        return holder.host == self.me.host and holder.pid > 0 and not _alive(holder.pid)

    def _remove_if(self, holder: Holder) -> None:
        """Remove the lock only if it is still the stale holder's (another may have won)."""
        if read_holder(self.path) == holder:
            self.path.unlink(missing_ok=True)

    def release(self) -> None:
        if self.held:
            if read_holder(self.path) == self.me:
                self.path.unlink(missing_ok=True)
            self.held = False

    def __enter__(self) -> DatasetLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
