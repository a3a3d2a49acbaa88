"""The schedules that ship with omahahh, and ``--schedule NAME|FILE`` resolved to one."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from omahahh.errors import UnknownName
from omahahh.rake.schedule import BUILTIN_SCHEDULES, RakeScheduleError, Schedule
from omahahh.rake.toml import load_schedule
from omahahh.rooms.house_profiles import looks_like_a_path


class UnknownSchedule(RakeScheduleError, UnknownName):
    """``--schedule`` names neither a built-in schedule nor a file."""


def _builtin_path(name: str) -> Path:
    return Path(str(resources.files("omahahh") / "data" / "schedules" / f"{name}.toml"))


def builtin_schedule(name: str) -> Schedule:
    """One of :data:`BUILTIN_SCHEDULES` (``documented``, ``none``)."""
    if name not in BUILTIN_SCHEDULES:
        raise UnknownSchedule(
            f"unknown built-in schedule {name!r} (built-ins: {', '.join(BUILTIN_SCHEDULES)})"
        )
    return load_schedule(_builtin_path(name), source=f"<built-in {name}>")


def resolve_schedule(spec: str | os.PathLike[str]) -> Schedule:
    """A schedule by built-in name or TOML file path (``infer`` is the caller's business)."""
    text = os.fspath(spec)
    if text in BUILTIN_SCHEDULES:
        return builtin_schedule(text)
    path = Path(text)
    if path.is_file():
        return load_schedule(path)
    why = f"--schedule {text!r}: neither a built-in ({', '.join(BUILTIN_SCHEDULES)}) "
    why += "nor a schedule file"
    # A path that names nothing is an input error (exit 1), a name that names nothing a
    # usage error (exit 2).
    raise RakeScheduleError(why) if looks_like_a_path(text) else UnknownSchedule(why)
