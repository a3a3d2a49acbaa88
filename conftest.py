"""The package's doctests (pyproject: ``--doctest-modules`` over ``omahahh/``).

A module that cannot be imported for a known reason is skipped with that reason rather
than failing the run: one whose optional dependency is not installed, and one that is
compiled in place (mypyc, setup.py), whose functions keep no docstrings for doctest to
find. Any other import error fails, as it should. The tests' own fixtures and hooks are
in ``tests/conftest.py``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Generator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent / "omahahh"

OPTIONAL_IMPORTS = {"replay/walk_kernel.py": "numba"}
"""Modules (under ``omahahh/``) that import an optional dependency at module level."""


def _left_out(path: Path) -> str | None:
    """Why the doctests of ``path`` cannot be collected here, or None."""
    if path.suffix != ".py" or not path.is_relative_to(PACKAGE):
        return None
    needed = OPTIONAL_IMPORTS.get(path.relative_to(PACKAGE).as_posix())
    if needed and importlib.util.find_spec(needed) is None:
        return f"{needed} is not installed"
    if any(path.parent.glob(f"{path.stem}.*.so")) or any(path.parent.glob(f"{path.stem}.*.pyd")):
        return "compiled in place (mypyc): its doctests run against the pure package"
    return None


class _LeftOut(pytest.File):
    """A module whose doctests are skipped, with the reason."""

    reason = ""

    def collect(self) -> list[pytest.Item]:
        pytest.skip(f"doctests of {self.path.name}: {self.reason}")


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collected = yield
    reason = _left_out(file_path)
    if reason is None:
        return collected
    left_out = _LeftOut.from_parent(parent, path=file_path)
    left_out.reason = reason
    return [left_out]
