"""Start-up: ``--version`` and ``--help`` import no data library; the lazy listing is exact."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import typer.main

from omahahh.cli.app import COMMANDS, app, command_modules, load_command
from tests.helpers.paths import REPO

HEAVY = ("polars", "pyarrow", "numba", "numpy")


def _imported(*args: str) -> set[str]:
    """Top-level modules ``python -X importtime -m omahahh ARGS`` imported."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "omahahh", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode in (0, 2), done.stderr[-2000:]
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert "omahahh" in names  # the parse above read importtime's lines
    return names


@pytest.mark.parametrize("args", [("--version",), ("--help",), ()])
def test_version_and_help_import_no_polars_pyarrow_numba_or_numpy(args: tuple[str, ...]) -> None:
    assert not _imported(*args) & set(HEAVY)


def test_every_command_module_is_listed_without_importing_it() -> None:
    assert set(command_modules()) == set(COMMANDS)
    assert {module for module, _ in COMMANDS.values()} == {
        p.stem for p in (REPO / "omahahh" / "cli").glob("*_cmd.py")
    }


@pytest.mark.parametrize("name", list(COMMANDS))
def test_listed_summary_is_the_first_paragraph_of_the_commands_help(name: str) -> None:
    command = load_command(name, None)
    assert command is not None and command.name == name
    assert command.help.split("\n\n")[0].strip() == COMMANDS[name][1]


def test_help_lists_every_command_in_order() -> None:
    output = subprocess.run(
        [sys.executable, "-m", "omahahh", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100"},
        check=True,
    ).stdout
    listed = [
        line.strip("│ ").split()[0]
        for line in output.split("Commands")[1].splitlines()[1:]
        if line.startswith("│ ") and not line.startswith("│  ")
    ]
    assert listed == list(COMMANDS)


def test_a_command_still_runs_through_the_lazy_group() -> None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["equity", "AsKsQd7h", "2c2d3h4h", "--board", "Ah7c2s9d"])
    assert result.exit_code == 0, result.output
    assert typer.main.get_command(app).get_command(None, "nosuch") is None
