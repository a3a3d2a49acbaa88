"""The library's notes on the command line: INFO records of the ``omahahh`` loggers.

The library says what a user should know but cannot see (the first compile of the
replay's walk) through :mod:`logging`; the command line prints those records as
``note: ...`` lines on stderr. Only omahahh's own logger is configured.
"""

from __future__ import annotations

import logging

import typer


class NoteHandler(logging.Handler):
    """The library's notes (INFO records of the ``omahahh`` loggers) as ``note: ...``
    lines on the current stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        typer.echo(f"note: {record.getMessage()}", err=True)


def show_library_notes() -> None:
    """Print the library's notes on stderr (once: the handler is added to omahahh's own
    logger, nothing else of the process is touched)."""
    logger = logging.getLogger("omahahh")
    if not any(isinstance(h, NoteHandler) for h in logger.handlers):
        logger.addHandler(NoteHandler(logging.INFO))
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
