"""Helpers shared by the commands: error reporting and progress bars."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

import typer
from tqdm import tqdm

from omahahh.dataset.verify import diagnose
from omahahh.errors import OmahahhError, UnknownName

T = TypeVar("T")

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_FINDINGS = 3


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """One line on stderr, then exit with ``code``."""
    typer.echo(f"omahahh: {message}", err=True)
    raise typer.Exit(code)


def run_library(call: Callable[[], T], code: int = EXIT_INPUT) -> T:
    """Call the library; its own errors become one-line messages and exit ``code`` (1,
    or 2 where every value the call reads is an option or argument as typed). A name
    that names nothing (:class:`~omahahh.errors.UnknownName`) is a usage error (2)."""
    try:
        return call()
    except UnknownName as exc:
        fail(str(exc), EXIT_USAGE)
    except OmahahhError as exc:
        fail(str(exc), code)
    except OSError as exc:
        fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except Exception as exc:
        # A Parquet part damaged past what the open-time check sees: one line, no traceback.
        if type(exc).__module__.split(".")[0] not in ("polars", "pyarrow"):
            raise
        fail(reading_failed(exc))


def reading_failed(exc: Exception) -> str:
    """The damaged part named (by checking the dataset opened in full), else the reader's
    first line; either way, what to do."""
    named = diagnose()
    if named is not None:
        return named
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return f"reading the dataset failed ({first}); run `omahahh verify DATASET`"


def progress_bar(total: int | None, unit: str, desc: str) -> tqdm[NoReturn]:
    """A tqdm bar on stderr, shown only when stderr is a terminal."""
    return tqdm(
        total=total,
        unit=unit,
        desc=desc,
        file=sys.stderr,
        disable=not sys.stderr.isatty(),
        leave=False,
    )
