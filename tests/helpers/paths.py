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
CRAFTED = DATA / "crafted"
"""Hands crafted by the omahahh authors, a folder per room, each with a README."""
PHH_FIXTURES = DATA / "phh"
"""PHH files written by PokerKit (tests/data/phh/README.md)."""
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"


def have_corpus() -> bool:
    """Whether ``../shared/corpus`` is beside this checkout (CI lays it there)."""
    return CORPUS.is_dir()


MIT_SOURCES = ("HHSmithy__PokerHandHistoryParser", "ggratte__PokerHandHistoryParser")
"""The corpus's MIT-licensed sources: the files of theirs that tests read are in tests/data."""


def corpus_file(relative: str | Path) -> Path:
    """A corpus file (or folder) by its path in the corpus, ``<folder>/<owner>__<repo>/...``.

    From an MIT-licensed source: the repository's byte-for-byte copy in tests/data, laid
    out as in the corpus (tests/data/README.md). From any other source: the file in
    ../shared/corpus, which only tests carrying the ``corpus`` marker may read.
    """
    rel = Path(relative)
    return (DATA if len(rel.parts) > 1 and rel.parts[1] in MIT_SOURCES else CORPUS) / rel
