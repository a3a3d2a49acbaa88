"""The interpreter the tests run in: compiled modules, and code run in a fresh one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from types import ModuleType

import pytest

from tests.helpers.paths import REPO


def skip_if_compiled(module: ModuleType) -> None:
    """Skip a test that patches ``module``'s globals or reads its functions' docstrings or
    source path when the module is the optional compiled build's (setup.py): compiled code
    calls its functions directly and keeps no Python functions for doctest to find. The
    same test runs against the pure package, where the behaviour is written."""
    if not (module.__file__ or "").endswith(".py"):
        pytest.skip(f"{module.__name__} is compiled (mypyc): the test reaches into its Python")


def run_fresh_python(code: str, *args: str, limit: float, env: dict[str, str] | None = None) -> str:
    """``python -c code args`` in a new interpreter from the checkout; its stdout.

    For what must not inherit this process's state (polars' thread pool, which forked
    workers cannot use). A run past ``limit`` seconds is killed with every process it
    started, and the test fails instead of the suite hanging."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=REPO,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its pool's workers too are killed if it hangs
    )
    try:
        stdout, stderr = child.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError(f"still running after {limit} s: {code[:200]}") from None
    assert child.returncode == 0, stderr[-3000:]
    return stdout
