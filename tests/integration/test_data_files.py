"""``tests/data/``: only files the repository may carry, each listed with its source, each
real one byte for byte the file of the corpus it stands for."""

from __future__ import annotations

import re

import pytest

from tests.helpers.paths import CORPUS, CRAFTED, DATA, MIT_SOURCES, PHH_FIXTURES

ROW = re.compile(r"^\| `([^`]+)` \| [^|]+ \| ([^|]+) \| (\w+) \| `([^`]+)` \| MIT \|$", re.M)


def _real_files() -> list[str]:
    """Every file of tests/data outside phh/ and crafted/ (ours), as its corpus path."""
    return sorted(
        p.relative_to(DATA).as_posix()
        for p in DATA.rglob("*")
        if p.is_file()
        and p.name != "README.md"
        and not p.is_relative_to(PHH_FIXTURES)
        and not p.is_relative_to(CRAFTED)
    )


def _listed() -> list[str]:
    """The README's rows, as corpus paths rebuilt from folder, repository and path."""
    out = []
    for first, repository, _commit, path in ROW.findall((DATA / "README.md").read_text("utf-8")):
        folder = first.split("/", 1)[0]
        out.append(f"{folder}/{repository.strip().replace('/', '__')}/{path}")
    return sorted(out)


def test_every_real_file_is_from_an_mit_source_and_listed_in_the_readme() -> None:
    files = _real_files()
    assert files and all(f.split("/")[1] in MIT_SOURCES for f in files)
    assert _listed() == files


@pytest.mark.corpus
def test_every_real_file_is_the_corpus_file_byte_for_byte() -> None:
    for relative in _real_files():
        assert (DATA / relative).read_bytes() == (CORPUS / relative).read_bytes(), relative
