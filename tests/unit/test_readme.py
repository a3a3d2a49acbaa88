"""The README's command table lists every command and option a user can type, and its
failure-reason list every ``reason_code`` the package can emit."""

from __future__ import annotations

import ast
import re

import pytest
import typer.core

from omahahh.cli.app import COMMANDS, load_command
from omahahh.cli.filter_options import OPTIONS as FILTER_OPTIONS
from omahahh.parsers.reasons import REASON_CODES
from tests.helpers.paths import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
FILTERS = {"--" + name.replace("_", "-") for name in FILTER_OPTIONS}


def _row(name: str) -> str:
    rows = [line for line in README.splitlines() if line.startswith(f"| `omahahh {name}")]
    assert rows, f"README's command table has no row for `omahahh {name}`"
    return rows[0]


def _long_options(name: str) -> list[str]:
    command = load_command(name, "rich")
    assert isinstance(command, typer.core.TyperCommand)
    return [
        opt
        for p in command.params
        if isinstance(p, typer.core.TyperOption)
        for opt in p.opts
        if opt.startswith("--") and opt != "--help"
    ]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_and_option_is_in_the_readme_table(name: str) -> None:
    row = _row(name)
    cells = row.split(" | ")[0]
    for option in _long_options(name):
        if option in FILTERS and "[filters]" in cells:
            continue
        assert re.search(rf"{re.escape(option)}\b", cells), f"{name}: {option} not in {cells}"
    assert "| `omahahh --version` |" in README


def test_the_filters_line_names_every_filter() -> None:
    line = README[README.index("`[filters]` are") :].split("\n\n")[0]
    for option in FILTERS:
        assert f"`{option}`" in line, option


def emitted_codes() -> set[str]:
    """Every reason code written as a literal where the package raises or builds a failure."""
    found: set[str] = set()
    code = re.compile(r"[a-z]+(_[a-z0-9]+)*")

    def add(node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if code.fullmatch(node.value):
                found.add(node.value)
        elif isinstance(node, ast.Tuple) and node.elts:
            add(node.elts[0])
        elif isinstance(node, ast.IfExp):
            add(node.body)
            add(node.orelse)

    for path in (REPO / "omahahh" / "parsers").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in ("HandParseError", "fail", "failure"):
                    for arg in node.args[:2]:
                        add(arg)
                for kw in node.keywords:
                    if kw.arg in ("error", "error_code", "reason_code"):
                        add(kw.value)
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "code" for t in node.targets
            ):
                add(node.value)
    for path in (REPO / "omahahh" / "dataset").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'"reason_code": "([a-z_]+)"', text))
    return found


def test_every_reason_code_the_package_emits_is_known_and_in_the_readme() -> None:
    emitted = emitted_codes()
    assert {"truncated", "unknown_action", "ambiguous_amount", "not_a_hand"} <= emitted
    unknown = emitted - set(REASON_CODES)
    assert not unknown, f"codes raised but not in omahahh/parsers/reasons.py: {sorted(unknown)}"
    listed = README[README.index("stable `reason_code`") :].split("a `reason` that")[0]
    missing = [c for c in REASON_CODES if f"`{c}`" not in listed]
    assert not missing, f"README's reason list lacks {missing}"
