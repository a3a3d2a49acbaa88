"""Where the tests' data lives: the checkout, its sample histories and test data, and the
shared corpus that may sit beside the checkout (``../shared/corpus``).

The corpus is not part of the repository: tests that read it carry the ``corpus``
marker and are skipped, with one line at the end of the run, when it is absent.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_histories"
DATA = REPO / "tests" / "data"
"""Real hands copied from MIT-licensed sources, and crafted ones (tests/data/README.md)."""
FIXTURES = REPO / "tests" / "fixtures"
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"


def have_corpus() -> bool:
    """Whether ``../shared/corpus`` is beside this checkout (CI lays it there)."""
    return CORPUS.is_dir()
