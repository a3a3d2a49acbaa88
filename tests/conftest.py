"""Shared fixtures: the corpus beside the checkout, and hand-parsing shortcuts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from omahahh.dataset.pipeline import process_file
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers import parse_block
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks, split_blocks

REPO = Path(__file__).resolve().parents[1]


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


CORPUS = REPO.parent / "shared" / "corpus"
SAMPLES = REPO / "sample_histories"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """``../shared/corpus``: CI lays it beside the checkout."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS} (CI has ../shared beside the checkout)")
    return CORPUS


@pytest.fixture(scope="session")
def every_corpus_hand(corpus: Path) -> list[HandRecord]:
    """Every corpus hand that parses, of every room, in file order (do not change it)."""
    hands: list[HandRecord] = []
    for path in expand_paths([corpus]):
        try:
            hands += [r for r in parse_blocks(iter_blocks(path)) if isinstance(r, HandRecord)]
        except OSError:
            continue
    return hands


def sample_tables() -> dict[str, list[tuple[object, ...]]]:
    """Every table of every ``sample_histories`` file through ``process_file``, as rows."""
    out: dict[str, list[tuple[object, ...]]] = {}
    for path in expand_paths([SAMPLES]):
        for table, frame in process_file(path).frames.items():
            out.setdefault(table, []).extend(frame.rows())
    return out


def parse_one(text: str, path: str = "<test>") -> HandRecord | ParseFailure:
    """Parse a single hand given as text."""
    lines = text.strip("\n").split("\n")
    blocks = list(split_blocks(path, lines))
    assert len(blocks) == 1, f"expected one block, got {len(blocks)}"
    return parse_block(blocks[0])


def parse_hand(text: str) -> HandRecord:
    """Parse a single hand that must parse."""
    result = parse_one(text)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def parse_failure(text: str) -> ParseFailure:
    """Parse a single hand that must fail."""
    result = parse_one(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result
