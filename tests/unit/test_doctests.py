"""The package's worked examples run with the suite, and are still there.

pytest collects them (pyproject: ``--doctest-modules`` over ``omahahh/``, conftest.py
skips a module whose optional dependency is missing). This holds that setting, and that
every example written in a module's source is one doctest finds and runs: an example
doctest cannot see (outside a docstring) or examples deleted would otherwise pass unseen.
"""

from __future__ import annotations

import doctest
import importlib
import re
import tomllib

import pytest

from tests.helpers.paths import REPO
from tests.helpers.runtime import skip_if_compiled

PACKAGE = REPO / "omahahh"
EXAMPLE = re.compile(r"^\s*>>> ", re.M)


def _examples_in_source() -> dict[str, int]:
    """Module name -> the ``>>>`` lines of its source, for every module that has any."""
    out: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        count = len(EXAMPLE.findall(path.read_text(encoding="utf-8")))
        if count:
            parts = path.relative_to(REPO).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = count
    return out


SOURCE_EXAMPLES = _examples_in_source()


def test_pytest_collects_the_package_doctests() -> None:
    options = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    ini = options["tool"]["pytest"]["ini_options"]
    assert "omahahh" in ini["testpaths"]
    assert "--doctest-modules" in ini["addopts"].split()


def test_the_modules_tests_rely_on_for_worked_examples_have_them() -> None:
    assert set(SOURCE_EXAMPLES) >= {
        "omahahh.action_table",
        "omahahh.audit.betting",
        "omahahh.collector",
        "omahahh.dataset.pieces",
        "omahahh.fairness.combinatorics",
        "omahahh.fairness.family",
        "omahahh.fairness.report",
        "omahahh.hand_tables",
        "omahahh.house_rules",
        "omahahh.replay.engine",
        "omahahh.report.page_players",
        "omahahh.report.page_svg",
        "omahahh.report.rule_texts",
        "omahahh.report.svg_chart",
        "omahahh.rules.allocation",
        "omahahh.rules.betting",
        "omahahh.rules.odd_chips",
        "omahahh.rules.pots",
        "omahahh.rules.seating",
        "omahahh.rules.showdown",
    }


@pytest.mark.parametrize("name", sorted(SOURCE_EXAMPLES))
def test_every_example_in_the_source_is_one_doctest_runs(name: str) -> None:
    module = importlib.import_module(name)
    skip_if_compiled(module)
    found = sum(len(test.examples) for test in doctest.DocTestFinder().find(module))
    assert found == SOURCE_EXAMPLES[name]
