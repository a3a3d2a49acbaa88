"""Build script. ``pip install .`` installs the pure-Python package (seconds).

``OMAHAHH_COMPILE=1`` compiles the readers' and the replay's and audit's hot modules
(:data:`COMPILED`) to C with mypyc, for a faster ingest (docs/PERFORMANCE.md says how much
and how to measure it): it needs mypy, a C compiler and the Python headers, and a failure
fails the build. With pip: ``pip install mypy && OMAHAHH_COMPILE=1 pip install
--no-build-isolation .``. An editable install (``pip install -e .``) is never compiled:
compiled modules would stand beside the sources and hide every later edit of them.
``rules/betting.py`` and ``rules/pots.py`` must stay Python: numba compiles the betting
walk from their source."""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = [
    "omahahh/audit/awards.py",
    "omahahh/audit/betting.py",
    "omahahh/audit/hand.py",
    "omahahh/audit/reconcile.py",
    "omahahh/audit/settle.py",
    "omahahh/cards.py",
    "omahahh/parsers/betting_lines.py",
    "omahahh/parsers/boss.py",
    "omahahh/parsers/bovada.py",
    "omahahh/parsers/bovada_streets.py",
    "omahahh/parsers/builder.py",
    "omahahh/parsers/common.py",
    "omahahh/parsers/doc_hand.py",
    "omahahh/parsers/ggpoker.py",
    "omahahh/parsers/ggpoker_header.py",
    "omahahh/parsers/igt.py",
    "omahahh/parsers/ipoker.py",
    "omahahh/parsers/merge.py",
    "omahahh/parsers/microgaming.py",
    "omahahh/parsers/poker888.py",
    "omahahh/parsers/poker888_header.py",
    "omahahh/parsers/partypoker.py",
    "omahahh/parsers/partypoker_header.py",
    "omahahh/parsers/pokerstars.py",
    "omahahh/parsers/winamax.py",
    "omahahh/parsers/winamax_header.py",
    "omahahh/parsers/wpn.py",
    "omahahh/parsers/wpn_old.py",
    "omahahh/parsers/xml_stream.py",
    "omahahh/replay/batch_walk.py",
    "omahahh/replay/engine.py",
    "omahahh/replay/showdown.py",
    "omahahh/rules/odd_chips.py",
    "omahahh/rules/seating.py",
    "omahahh/rules/showdown.py",
]
"""Compiled by mypyc when ``OMAHAHH_COMPILE=1`` (tests/integration/test_compiled_build.py
builds them and holds every corpus table equal to the pure package's). Not listed: the PHH
readers (no corpus file exercises them, so the test could not hold them equal;
``phh_codec`` also subclasses a builtin, which mypyc refuses)."""


MODE = os.environ.get("OMAHAHH_COMPILE", "0")
"""``1``: compile the builds that install or make a wheel (a failure fails the build);
anything else: pure Python."""

BUILDS = frozenset({"build", "build_ext", "bdist_wheel", "install"})
"""The commands that compile. pip also runs this script to learn the requirements and the
metadata (``egg_info``, ``dist_info``): mypyc's minute of C generation is not spent there.
An editable install runs ``editable_wheel`` (``develop`` before PEP 660), not one of these."""


def _wants_compiled(argv: list[str]) -> bool:
    return MODE == "1" and bool(BUILDS & set(argv))


def _compiled_modules() -> list[object]:
    if not _wants_compiled(sys.argv):
        return []
    from mypyc.build import mypycify

    # The build environment may lack the run-time dependencies: what the compiled
    # modules import from them is typed Any (they call none of it on the hot path).
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    return list(mypycify([*options, *COMPILED], opt_level="3", group_name="omahahh_compiled"))


setup(ext_modules=_compiled_modules())
