"""The typer application; each command lives in its own module and registers itself.

Commands only parse options, call the library, show progress (tqdm, stderr,
terminal only) and turn library errors into one-line messages with exit codes:
0 ok, 1 input or I/O error, 2 usage, 3 audit findings at or above ``--fail-on``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Annotated, Any

import typer
import typer.core
import typer.main

from omahahh.cli.help_style import HelpCommand, label_option
from omahahh.cli.notes import show_library_notes
from omahahh.version import __version__

# Each command, in the order --help lists them: (module, summary). The summary is the first
# paragraph of the command's help, so that ``omahahh --help`` and ``--version`` list the commands
# without importing them (and so polars, pyarrow, numpy). A command module is imported
# only when its command runs or shows its own help. tests/unit/cli/test_startup.py pins each summary
# equal to the command's help; any other ``*_cmd`` module follows, imported to be listed.
COMMANDS: dict[str, tuple[str, str]] = {
    "ingest": (
        "ingest_cmd",
        "Parse hand histories into one Parquet folder per table (atomic, incremental).",
    ),
    "verify": (
        "verify_cmd",
        "Check every part of a dataset in full: checksums, sizes and Parquet footers.",
    ),
    "audit": (
        "audit_cmd",
        "Replay every hand under the rules and list every disagreement with the text.",
    ),
    "show": (
        "show_cmd",
        "Replay one hand: each action with the pot, amount to call, raise range, stack and\n"
        "findings; then pots and awards, derived beside reported.",
    ),
    "rake": (
        "rake_cmd",
        "Reconcile reported rake with a schedule: totals per currency, largest discrepancies.",
    ),
    "stats": (
        "stats_cmd",
        "Player statistics: one row per player (and group) and currency.",
    ),
    "graph": (
        "graph_cmd",
        "Net winnings over hands, with the lines at and without showdown and all-in EV.",
    ),
    "report": (
        "report_cmd",
        "Write the audit as one self-contained HTML page: overview, findings with each\n"
        "hand's replay, rake reconciliation, players, failures, the rules cited.",
    ),
    "equity": (
        "equity_cmd",
        "All-in equity: exact over every remaining board, or Monte Carlo.",
    ),
    "fairness": (
        "fairness_cmd",
        "Is the deal fair? Card, seat, starting-hand, flop, serial and all-in luck tests.",
    ),
    "export": (
        "export_cmd",
        "Write every parsed hand as PHH (hands the standard cannot hold are named, skipped).",
    ),
    "rules": (
        "rules_cmd",
        "The house-rules profiles built in: one per room whose rules RULES.md cites.",
    ),
}
COMMAND_ORDER = tuple(COMMANDS)


def command_modules() -> dict[str, str]:
    """Command name -> its ``omahahh.cli`` module: the table above, then any other ``*_cmd``
    module (named after its command), found without importing it."""
    import omahahh.cli as package

    found = sorted(
        m.name for m in pkgutil.iter_modules(package.__path__) if m.name.endswith("_cmd")
    )
    modules = {name: module for name, (module, _) in COMMANDS.items()}
    for module in found:
        modules.setdefault(module.removesuffix("_cmd"), module)
    return modules


# Typer 0.29 vendors click (typer._click), earlier versions use click itself: the click
# objects below are typed Any rather than naming either.
_loaded: dict[str, Any] = {}


def load_command(name: str, rich_markup_mode: Any) -> Any:
    """The click command ``name``, importing its module (once) and letting it register."""
    if name not in _loaded:
        module = command_modules().get(name)
        if module is None:
            return None
        holder = typer.Typer(add_completion=False, rich_markup_mode=rich_markup_mode)
        importlib.import_module(f"omahahh.cli.{module}").register(holder)
        for info in holder.registered_commands:
            if info.cls in (None, typer.core.TyperCommand):
                info.cls = HelpCommand
            command = typer.main.get_command_from_info(
                info, pretty_exceptions_short=True, rich_markup_mode=rich_markup_mode
            )
            if command.name:
                _loaded[command.name] = command
    return _loaded.get(name)


class LazyCommands(typer.core.TyperGroup):
    """The root group: lists commands from :data:`COMMANDS`, imports one only to run it."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *command_modules()]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        own = super().get_command(ctx, cmd_name)
        if own is not None:
            return own
        if self._listing and cmd_name in COMMANDS:
            # Only its summary is shown: a stand-in, so listing imports nothing.
            return typer.core.TyperCommand(cmd_name, help=COMMANDS[cmd_name][1])
        return load_command(cmd_name, self.rich_markup_mode)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperOption):
                label_option(param, ctx)
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    cls=LazyCommands,
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
    show_library_notes()


def main() -> None:
    """Console-script entry point."""
    app()
