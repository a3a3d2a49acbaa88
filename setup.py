"""Build script. omahahh is pure Python; ``OMAHAHH_COMPILE=1`` compiles the readers' hot
modules to C with mypyc as well (issue 11, the optional compiled build).

``OMAHAHH_COMPILE=1 pip install '.[fast]'`` (not an editable install: the compiled
modules would stand beside the sources and hide every later edit of them). Needs a C
compiler and the Python headers; pip brings mypy into the build environment (~40 s).
Measured with ``benchmarks/compiled.py`` (100,000 PokerStars hands, 1 worker, two runs of
2 rounds): parsing 1.30-1.34x faster, the whole ingest 1.07-1.12x (1/9.0-1/9.5 of read +
split against 1/10.0-1/10.4; with the four modules PokerStars reads through); each live
room's corpus parsed 1.19-1.34x faster. The modules compiled are the readers', where the
time goes on ``str`` methods; compiling the audit, rules and table modules too gained
nothing measurable (6,000 hands in one process: 241-250 against 247-251 us a hand), and
``rules/betting.py`` and ``rules/pots.py`` must stay Python: numba compiles the betting
walk from their source (compiled by mypyc, the walk fell back to Python: 340 us a hand).
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "omahahh/cards.py",
    "omahahh/parsers/betting_lines.py",
    "omahahh/parsers/bovada.py",
    "omahahh/parsers/bovada_streets.py",
    "omahahh/parsers/common.py",
    "omahahh/parsers/ggpoker.py",
    "omahahh/parsers/ggpoker_header.py",
    "omahahh/parsers/pacific.py",
    "omahahh/parsers/pacific_header.py",
    "omahahh/parsers/party.py",
    "omahahh/parsers/party_header.py",
    "omahahh/parsers/pokerstars.py",
    "omahahh/parsers/winamax.py",
    "omahahh/parsers/winamax_header.py",
    "omahahh/parsers/wpn.py",
]
"""Compiled by mypyc when ``OMAHAHH_COMPILE=1`` (tests/test_compiled_build.py builds them)."""


def _compiled_modules() -> list[object]:
    if os.environ.get("OMAHAHH_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip's first pass, which learns from setup_requires to bring mypy
        return []
    # The build environment has none of the run-time dependencies: what the compiled
    # modules import from them is typed Any (they call none of it on the hot path).
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    return list(mypycify([*options, *COMPILED], opt_level="3", group_name="omahahh_compiled"))


setup(
    ext_modules=_compiled_modules(),
    setup_requires=["mypy>=1.10"] if os.environ.get("OMAHAHH_COMPILE") == "1" else [],
)
