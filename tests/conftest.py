"""Fixtures and hooks only; what tests share otherwise is in ``tests/helpers``.

The shared corpus (``../shared/corpus``) is not part of the repository. Tests that read
it carry the ``corpus`` marker; when it is not beside the checkout they are skipped, and
one line at the end of the run says how many and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from tests.helpers.paths import CORPUS, have_corpus

CORPUS_SKIP = "reads ../shared/corpus, which is not beside this checkout"
"""The reason every corpus-marked test is skipped for when the corpus is absent."""

CORPUS_FIXTURES = ("corpus", "every_corpus_hand")

# Not test code: data, and the script that wrote the PHH fixtures (it imports PokerKit).
collect_ignore_glob = ["data/*"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that takes a corpus fixture must say so with the marker (or it would fail,
    not skip, on a bare clone)."""
    unmarked = [
        item.nodeid
        for item in items
        if set(CORPUS_FIXTURES) & set(getattr(item, "fixturenames", ()))
        and item.get_closest_marker("corpus") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "tests take a corpus fixture without the corpus marker: " + ", ".join(unmarked)
        )


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("corpus") is not None and not have_corpus():
        # Raised here, not through a skip mark, so that pytest's summary folds every such
        # skip into one line (the same location and reason).
        pytest.skip(CORPUS_SKIP)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple) and CORPUS_SKIP in str(report.longrepr[2])
    ]
    if skipped:
        terminalreporter.write_line(
            f"{len(skipped)} tests skipped: they read ../shared/corpus, which is not beside "
            f"this checkout ({CORPUS}); every other test ran.",
            yellow=True,
        )


@pytest.fixture(scope="session")
def corpus() -> Path:
    """``../shared/corpus``: CI lays it beside the checkout."""
    if not have_corpus():  # the marker skips first; this is a test without it
        pytest.fail(f"corpus not found at {CORPUS}: mark the test with @pytest.mark.corpus")
    return CORPUS


@pytest.fixture(scope="session")
def every_corpus_hand(corpus: Path) -> list[HandRecord]:
    """Every corpus hand that parses, of every room, in file order (do not change it).

    A file that cannot be read is an error, not a file left out."""
    hands: list[HandRecord] = []
    for path in expand_paths([corpus]):
        hands += [r for r in parse_blocks(iter_blocks(path)) if isinstance(r, HandRecord)]
    assert hands, f"no corpus hand parsed under {corpus}"
    return hands
