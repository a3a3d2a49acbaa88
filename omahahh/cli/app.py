"""The typer application; each command lives in its own module and registers itself.

Commands only parse options, call the library, show progress (tqdm, stderr,
terminal only) and turn library errors into one-line messages with exit codes:
0 ok, 1 input or I/O error, 2 usage, 3 audit findings at or above ``--fail-on``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from omahahh import __version__

app = typer.Typer(
    name="omahahh",
    help="Audit and analyse Omaha poker hand histories.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"omahahh {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """Audit and analyse Omaha poker hand histories."""


def _register_commands() -> None:
    # Imported here so that each command module stays independent of the others.
    from omahahh.cli import equity_cmd, ingest_cmd

    for module in (ingest_cmd, equity_cmd):
        module.register(app)


_register_commands()


def main() -> None:
    """Console-script entry point."""
    app()
