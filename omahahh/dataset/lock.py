"""One writer at a time: a lock file in the dataset folder.

The lock is ``DATASET/.lock``, holding the holder's host, pid and start time
as JSON. It is created exclusively and already complete: the JSON is written
to a private file first, then hard-linked to ``.lock`` (``link`` fails if the
name exists, exactly like ``O_CREAT | O_EXCL``), so no reader ever sees an
empty lock and a run killed while taking it leaves nothing half-written. A
second writer is refused at once with one line naming the holder, or waits up
to ``wait`` seconds (``ingest --wait``).

A lock whose process is gone on this same host is taken over, with a note: a
killed run must not block the dataset forever. "Gone" also covers a pid the
system has since given to another process (its start time, from ``/proc``,
differs). Taking over is itself done under a short-lived ``.lock.takeover``
file, so two runs that find the same dead lock cannot both remove it and both
write. A lock held from another host is never taken over (its process cannot
be checked from here).
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from omahahh.errors import DatasetError

LOCK = ".lock"
TAKEOVER = ".lock.takeover"
POLL_SECONDS = 0.2
TAKEOVER_STALE_SECONDS = 30.0
"""A takeover file this old belongs to a run killed while taking over (it takes microseconds)."""


class DatasetBusy(DatasetError):
    """Another writer holds the dataset's lock."""


@dataclass(frozen=True, slots=True)
class Holder:
    host: str
    pid: int
    started: str
    ticks: int | None = None
    """The process's start time in clock ticks since boot (Linux), to tell a reused pid."""
    token: str = ""
    """Random, per lock taken: two locks of one process are never mistaken for each other."""

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started}"

    def as_json(self) -> dict[str, object]:
        return {
            "host": self.host,
            "pid": self.pid,
            "started": self.started,
            "ticks": self.ticks,
            "token": self.token,
        }


UNREADABLE = Holder("?", -1, "?")


def process_ticks(pid: int) -> int | None:
    """When ``pid`` started, in clock ticks since boot (None: no /proc, or no such process)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        # Field 22, counted after the command name (which may hold spaces) in parentheses.
        return int(stat[stat.rindex(")") + 2 :].split()[19])
    except (OSError, ValueError, IndexError):
        return None


def _me() -> Holder:
    pid = os.getpid()
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return Holder(socket.gethostname(), pid, started, process_ticks(pid), uuid.uuid4().hex)


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, owned by someone else
    return True


def alive(holder: Holder) -> bool:
    """Is the holder's process (on this host) still running, and still the same process?"""
    if not _pid_exists(holder.pid):
        return False
    if holder.ticks is not None:
        now = process_ticks(holder.pid)
        if now is not None and now != holder.ticks:
            return False  # the pid now belongs to another process
    return True


def read_holder(path: Path) -> Holder | None:
    """Who holds the lock at ``path`` (None: no lock; :data:`UNREADABLE`: not ours to read)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ticks = data.get("ticks")
        return Holder(
            str(data["host"]),
            int(data["pid"]),
            str(data["started"]),
            None if ticks is None else int(ticks),
            str(data.get("token", "")),
        )
    except FileNotFoundError:
        return None
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        return UNREADABLE


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
            try:
                created = self._try_create()
            except FileNotFoundError:  # the folder was removed (a failed first run's cleanup)
                self.path.parent.mkdir(parents=True, exist_ok=True)
                continue
            if created:
                self.held = True
                self._remove_dead_private_files()
                return
            holder = read_holder(self.path)
            if holder is not None and self._stale(holder) and self._take_over(holder):
                self.note(f"note: took over the lock of a run that is gone ({holder.describe()})")
                continue
            if time.monotonic() >= deadline:
                raise DatasetBusy(self._busy_message(holder))
            time.sleep(POLL_SECONDS)

    def _busy_message(self, holder: Holder | None) -> str:
        root = self.path.parent
        waited = f" after waiting {self.wait:g} s" if self.wait > 0 else ""
        if holder == UNREADABLE:
            return (
                f"{self.path}: unreadable lock file{waited}; if no ingest is writing {root}, "
                "remove it and run again"
            )
        who = holder.describe() if holder is not None else "another run"
        return (
            f"{root}: another ingest is writing this dataset ({who}){waited}; "
            "try again later or use --wait SECONDS"
        )

    def _try_create(self) -> bool:
        """Create the lock, complete, or return False if it exists."""
        private = self.path.with_name(f"{LOCK}.{self.me.pid}.{uuid.uuid4().hex[:8]}")
        private.write_text(json.dumps(self.me.as_json()), encoding="utf-8")
        try:
            os.link(private, self.path)  # atomic, and fails if the lock exists
        except FileExistsError:
            return False
        finally:
            private.unlink(missing_ok=True)
        return True

    def _remove_dead_private_files(self) -> None:
        """``.lock.<pid>.<hex>`` of runs killed while taking the lock (holding it now)."""
        for private in self.path.parent.glob(f"{LOCK}.*.*"):
            pid = private.name.split(".")[2]
            if pid.isdigit() and int(pid) != self.me.pid and not _pid_exists(int(pid)):
                private.unlink(missing_ok=True)

    def _stale(self, holder: Holder) -> bool:
        return holder.host == self.me.host and holder.pid > 0 and not alive(holder)

    def _take_over(self, holder: Holder) -> bool:
        """Remove ``holder``'s dead lock, if this run is the one to do it."""
        takeover = self.path.with_name(TAKEOVER)
        try:
            fd = os.open(takeover, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                if time.time() - takeover.stat().st_mtime > TAKEOVER_STALE_SECONDS:
                    takeover.unlink(missing_ok=True)
            except FileNotFoundError:
                pass
            return False  # another run is taking over; the loop looks again
        try:
            if read_holder(self.path) != holder:
                return False  # taken over, or released, meanwhile
            self.path.unlink(missing_ok=True)
            return True
        finally:
            os.close(fd)
            takeover.unlink(missing_ok=True)

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
