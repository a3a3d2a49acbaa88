"""Where a command's result goes: ``--out FILE`` and ``--format``, the same everywhere.

- ``--format`` is inferred from ``--out``'s extension (``.csv .json .parquet
  .txt``) unless given; without either, a table on standard output.
- ``--out`` naming a folder is one line, exit 1; missing parent folders are
  created; an existing file is replaced atomically (written beside it, then
  renamed over), so a failed run never leaves half a file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

from omahahh.cli.common import EXIT_INPUT, fail

E = TypeVar("E", bound=StrEnum)

SUFFIX_FORMATS = {".csv": "csv", ".json": "json", ".parquet": "parquet", ".txt": "table"}
FORMAT_HELP = "Output format (default: from --out's extension, else table)."


def output_format(given: E | None, out: Path | None, choices: type[E], default: E) -> E:
    """``--format`` as given, else the one ``--out``'s extension names, else ``default``.

    >>> from omahahh.cli.stats_cmd import StatsFormat
    >>> output_format(None, Path("s.csv"), StatsFormat, StatsFormat.TABLE).value
    'csv'
    """
    if given is not None:
        return given
    if out is not None:
        name = SUFFIX_FORMATS.get(out.suffix.lower())
        if name is not None and name in {c.value for c in choices}:
            return choices(name)
    return default


def check_out(out: Path | None) -> None:
    """Refuse a folder before any work is done (exit 1, one line)."""
    if out is not None and out.is_dir():
        fail(f"{out}: is a folder; --out names the file to write")


@contextmanager
def atomic_path(out: Path) -> Iterator[Path]:
    """A temporary path beside ``out``, renamed over it when the block succeeds."""
    check_out(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{out.parent}: cannot create the folder ({exc.strerror or exc})", EXIT_INPUT)
    fd, name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=out.suffix, dir=out.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def write_to(out: Path, write: Callable[[Path], object]) -> None:
    """``write(path)`` into a temporary file, then atomically onto ``out``."""
    with atomic_path(out) as tmp:
        write(tmp)


def write_text(text: str, out: Path) -> None:
    write_to(out, lambda p: p.write_text(text, encoding="utf-8"))
