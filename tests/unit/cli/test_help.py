"""``--help``: text shown as written, typer left as it is, every example run as written."""

from __future__ import annotations

import re
import shlex
import shutil
import zipfile
from pathlib import Path

import pytest
import typer.core
from typer.testing import CliRunner

from omahahh.cli.app import COMMANDS, app, load_command
from tests.helpers.paths import REPO, SAMPLES
from tests.helpers.runtime import run_fresh_python

runner = CliRunner()


def test_help_text_keeps_square_brackets() -> None:
    result = runner.invoke(app, ["ingest", "--help"])
    assert result.exit_code == 0
    flat = " ".join(result.output.replace("\u2502", " ").split())
    assert "pip install 'omahahh[dask]'" in flat


def test_importing_the_cli_changes_no_class_of_typer() -> None:
    code = (
        "import typer.core as c\n"
        "before = {k: dict(vars(k)) for k in (c.TyperArgument, c.TyperOption, c.TyperCommand)}\n"
        "import omahahh.cli.app as a\n"
        "a.load_command('ingest', 'rich'); a.load_command('stats', 'rich')\n"
        "after = {k: dict(vars(k)) for k in before}\n"
        "print(all(before[k] == after[k] for k in before))\n"
    )
    assert run_fresh_python(code, limit=60).strip() == "True"


def examples() -> list[tuple[str, str]]:
    """(command, example) for every ``Example:`` line of every command's help."""
    out = []
    for name in COMMANDS:
        command = load_command(name, "rich")
        assert isinstance(command, typer.core.TyperCommand)
        lines = [line.strip() for line in (command.help or "").splitlines()]
        found = [line.removeprefix("Example:").strip() for line in lines if "Example:" in line]
        assert found, f"{name} --help has no example"
        out += [(name, example) for example in found]
    return out


EXAMPLES = examples()


@pytest.fixture(scope="module")
def workplace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding what the examples name: ~/hands, logs.zip, then out/ds."""
    home = tmp_path_factory.mktemp("examples")
    shutil.copytree(SAMPLES, home / "hands")
    first = sorted((SAMPLES / "pokerstars" / "real").iterdir())[0]
    with zipfile.ZipFile(home / "logs.zip", "w") as z:
        z.write(first, first.name)
    return home


def _run(workplace: Path, example: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(workplace)
    monkeypatch.setenv("HOME", str(workplace))
    words = [str(Path(w).expanduser()) if w.startswith("~") else w for w in shlex.split(example)]
    assert words[0] == "omahahh", example
    result = runner.invoke(app, words[1:])
    return result.exit_code, result.output


@pytest.mark.parametrize(("name", "example"), EXAMPLES)
def test_every_help_example_runs_as_written(
    workplace: Path, monkeypatch: pytest.MonkeyPatch, name: str, example: str
) -> None:
    if not (workplace / "out" / "ds").exists() and name != "ingest":
        ingest = next(e for n, e in EXAMPLES if n == "ingest")
        code, output = _run(workplace, ingest, monkeypatch)
        assert code == 0, output
    code, output = _run(workplace, example, monkeypatch)
    # --fail-on exits 3 when a finding reaches it: the example shows that use.
    allowed = (0, 3) if "--fail-on" in example else (0,)
    assert code in allowed, f"{example}\n{output}"
    for out in re.findall(r"--out (\S+)", example):
        assert (workplace / out).exists(), f"{example} wrote no {out}"


def test_readme_lists_the_help_examples_commands() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name in COMMANDS:
        assert f"omahahh {name}" in readme
