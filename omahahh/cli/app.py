"""The typer application; each command lives in its own module and registers itself.

Commands only parse options, call the library, show progress (tqdm, stderr,
terminal only) and turn library errors into one-line messages with exit codes:
0 ok, 1 input or I/O error, 2 usage, 3 audit findings at or above ``--fail-on``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Annotated

import typer

from omahahh.cli import help_style
from omahahh.version import __version__

help_style.apply()

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


# The order commands are listed in by --help; any other ``*_cmd`` module follows.
COMMAND_ORDER = (
    "ingest",
    "verify",
    "audit",
    "show",
    "rake",
    "stats",
    "graph",
    "equity",
    "export",
)


def _register_commands() -> None:
    """Import every ``omahahh.cli.*_cmd`` module and let it add its command(s)."""
    import omahahh.cli as package

    names = [m.name for m in pkgutil.iter_modules(package.__path__) if m.name.endswith("_cmd")]
    rank = {n: i for i, n in enumerate(COMMAND_ORDER)}
    for name in sorted(names, key=lambda n: (rank.get(n[:-4], len(rank)), n)):
        importlib.import_module(f"omahahh.cli.{name}").register(app)


_register_commands()


def main() -> None:
    """Console-script entry point."""
    app()
