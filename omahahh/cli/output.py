"""Where a command's result goes: ``--out FILE`` and ``--format``, the same for every command.

Every command that writes a file goes through here:

- the format is the one ``--format`` names, else the one ``--out``'s extension
  names, else the command's default (a table on standard output);
- an extension the command cannot write, or one that names another format
  than ``--format``, is a usage error (exit 2) naming the extensions it can
  write: a file's name never says one thing and its content another;
- ``--out`` naming a folder is one line, exit 1; missing parent folders are
  created; an existing file is replaced atomically (written beside it, then
  renamed over it), so a failed run never leaves half a file; the file gets
  the mode any new file gets (0666 less the umask: 0644 under umask 022).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

import typer

from omahahh.cli.common import EXIT_INPUT, EXIT_USAGE, fail, run_library
from omahahh.dataset.files import write_atomically

E = TypeVar("E", bound=StrEnum)

SUFFIXES: dict[str, tuple[str, ...]] = {
    "table": (".txt",),
    "csv": (".csv",),
    "json": (".json",),
    "parquet": (".parquet",),
    "png": (".png",),
    "html": (".html",),
    "toml": (".toml",),
}
"""The extensions of each format a command may write."""
FILE_SUFFIXES = frozenset(s for suffixes in SUFFIXES.values() for s in suffixes)

FORMAT_HELP = "Output format (default: from --out's extension, else table)."


def written_suffixes(formats: Mapping[str, tuple[str, ...]]) -> str:
    """``.csv, .json, .parquet or .txt``: the extensions of ``formats``, for a message."""
    names = [s for suffixes in formats.values() for s in suffixes]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def format_of(
    out: Path | None,
    given: str | None,
    formats: Mapping[str, tuple[str, ...]],
    default: str | None,
) -> str:
    """The format to write: ``given``, else ``out``'s extension's, else ``default``.

    ``formats`` maps each format the command writes to its extensions. An
    extension it cannot write, or one that contradicts ``given``, exits 2; so does a
    name without extension when there is no default.
    """
    check_out(out)
    if out is None or not out.suffix:
        if given is None and default is None:
            fail(f"--out {out}: the file is written as {written_suffixes(formats)}", EXIT_USAGE)
        return given or default  # type: ignore[return-value]
    suffix = out.suffix.lower()
    named = next((f for f, suffixes in formats.items() if suffix in suffixes), None)
    if named is None:
        fail(
            f"--out {out}: the file is written as {written_suffixes(formats)} (not {suffix})",
            EXIT_USAGE,
        )
    if given is not None and given != named:
        fail(f"--out {out} names {named}, --format says {given}: make them agree", EXIT_USAGE)
    return named


def output_format(given: E | None, out: Path | None, choices: type[E], default: E) -> E:
    """:func:`format_of` for a command whose ``--format`` choices are ``choices``: each
    choice writes the extensions of :data:`SUFFIXES`.

    >>> from omahahh.cli.stats_cmd import StatsFormat
    >>> output_format(None, Path("s.csv"), StatsFormat, StatsFormat.TABLE).value
    'csv'
    """
    formats = {c.value: SUFFIXES[c.value] for c in choices}
    name = format_of(out, given.value if given is not None else None, formats, default.value)
    return choices(name)


def check_out(out: Path | None) -> None:
    """Refuse a folder before any work is done (exit 1, one line)."""
    if out is not None and out.is_dir():
        fail(f"{out}: is a folder; --out names the file to write")


def write_output(out: Path, write: Callable[[Path], object]) -> Path:
    """``write(path)`` into a temporary file beside ``out``, then atomically onto ``out``
    (parent folders created, the mode from the umask)."""
    check_out(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{out.parent}: cannot create the folder ({exc.strerror or exc})", EXIT_INPUT)
    return run_library(lambda: write_atomically(out, write))


def write_text(text: str, out: Path) -> Path:
    """UTF-8 ``text`` written to ``out`` as :func:`write_output` does."""
    return write_output(out, lambda p: p.write_text(text, encoding="utf-8"))


def emit_text(text: str, out: Path | None) -> None:
    """``text`` to standard output, or written to ``out``; either way ending in a newline."""
    ended = text if text.endswith("\n") else text + "\n"
    if out is None:
        typer.echo(ended, nl=False)
    else:
        write_text(ended, out)
