"""Helpers shared by the commands: error reporting and progress bars."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

import typer
from tqdm import tqdm

from omahahh.errors import OmahahhError

T = TypeVar("T")

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_FINDINGS = 3


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """One line on stderr, then exit with ``code``."""
    typer.echo(f"omahahh: {message}", err=True)
    raise typer.Exit(code)


def run_library(call: Callable[[], T]) -> T:
    """Call the library; its own errors become one-line messages and exit code 1."""
    try:
        return call()
    except OmahahhError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except Exception as exc:
        # A Parquet part damaged past what the open-time check sees: one line, no traceback.
        if type(exc).__module__.split(".")[0] not in ("polars", "pyarrow"):
            raise
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(f"reading the dataset failed ({first}); run `omahahh verify DATASET`")


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
