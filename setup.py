"""Build script. ``pip install .`` compiles the readers' and the replay's and audit's hot
modules to C with mypyc (issue 11: the default install is the fast one). An editable install
(``pip install -e``) stays pure Python: compiled modules would stand beside the sources and
hide every later edit of them. So does a build where compiling fails (no C compiler, no
Python headers): a warning, then the pure package, whose results are the same.
``OMAHAHH_COMPILE=1`` makes compiling required (a failure fails the build),
``OMAHAHH_COMPILE=0`` skips it. pip brings mypy into the build environment (pyproject's
build requirements); compiling takes ~2.5 minutes on 2 cores. Measured with
``benchmarks/compiled.py`` (100,000 PokerStars hands, 1 worker): parsing 1.30-1.34x faster;
the whole ingest 1.18-1.19x with the replay's and audit's modules compiled too (eighth
session, two rounds: 1/8.6 and 1/9.3 of read + split against 1/10.1 and 1/11.1 pure;
1.07-1.12x, 1/10.6-1/10.8, with the readers only, in the seventh); each live room's corpus
parsed 1.19-1.34x faster; the XML and JSON rooms' and old WPN's corpus files, read and
parsed, best of 3, two runs: iPoker 1.24-1.29x, Boss 1.17-1.19x, Merge 1.15-1.24x,
Microgaming 1.09-1.12x, IGT 1.29-1.31x, old WPN 1.25x. The modules compiled are the
readers', where the time goes on ``str`` methods, and (eighth session) the replay's and
audit's per-hand modules: ``benchmarks/stages.py``, 8,000 hands, two rounds each, the same
hour: audit 43 against 53-57 us a hand, betting walk (packing and reading back) 17 against
20, parse 73 against 102; all stages 1/8.6-1/8.7 of read + split against 1/10.2-1/10.6 pure.
An earlier session had measured no gain from compiling audit and rules modules (6,000 hands
in one process: 241-250 against 247-251 us a hand) when the audit's time went on work since
removed. ``dataset/fragments.py`` compiled gained nothing (rows 24.6 us a hand either way):
left out. ``rules/betting.py`` and ``rules/pots.py`` must stay Python: numba compiles the
betting walk from their source (compiled by mypyc, the walk fell back to Python: 340 us a
hand)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

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
    "omahahh/parsers/common.py",
    "omahahh/parsers/doc_hand.py",
    "omahahh/parsers/ggpoker.py",
    "omahahh/parsers/ggpoker_header.py",
    "omahahh/parsers/igt.py",
    "omahahh/parsers/ipoker.py",
    "omahahh/parsers/merge.py",
    "omahahh/parsers/microgaming.py",
    "omahahh/parsers/pacific.py",
    "omahahh/parsers/pacific_header.py",
    "omahahh/parsers/party.py",
    "omahahh/parsers/party_header.py",
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
``phh_codec`` also subclasses a builtin, which mypyc refuses) and ``pokerstars_header``
(with it compiled too, PokerStars parsed 1.31-1.35x the pure speed; 1.32x without it, in an
earlier session: no gain seen)."""


MODE = os.environ.get("OMAHAHH_COMPILE", "auto")
"""``1``: compile (a failure fails the build); ``0``: pure Python; unset: compile wheels and
plain installs (``pip install .``), never an editable install, and fall back to pure
Python when compiling is not possible here (no C compiler, no Python headers)."""

BUILDS = frozenset({"build", "build_ext", "bdist_wheel", "install"})
"""The commands that compile. pip also runs this script to learn the requirements and the
metadata (``egg_info``, ``dist_info``): mypyc's minute of C generation is not spent there.
An editable install runs ``editable_wheel`` (``develop`` before PEP 660), not one of these:
its compiled modules would stand beside the sources and hide every later edit of them."""


def _wants_compiled(argv: list[str]) -> bool:
    return MODE != "0" and bool(BUILDS & set(argv))


def _compiled_modules() -> list[object]:
    if not _wants_compiled(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:  # a build without its requirements (--no-build-isolation)
        _pure_python(exc)
        return []
    # The build environment has none of the run-time dependencies: what the compiled
    # modules import from them is typed Any (they call none of it on the hot path).
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    try:
        return list(mypycify([*options, *COMPILED], opt_level="3", group_name="omahahh_compiled"))
    except Exception as exc:  # mypy refused the sources: still a working pure install
        _pure_python(exc)
        return []


def _pure_python(exc: BaseException) -> None:
    """Go on as pure Python after ``exc``, saying why; with ``OMAHAHH_COMPILE=1``, fail."""
    if MODE == "1":
        raise exc
    print(
        f"omahahh: compiling with mypyc failed ({type(exc).__name__}: {exc}); "
        "installing the pure-Python package (same results, ~1.2x slower ingest). "
        "OMAHAHH_COMPILE=1 makes this an error, OMAHAHH_COMPILE=0 skips compiling.",
        file=sys.stderr,
    )


class OptionalBuildExt(build_ext):
    """``build_ext`` that, unless ``OMAHAHH_COMPILE=1``, installs pure Python when the C
    compiler fails: every compiled module or none (mypyc's modules share one library)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # CCompilerError, DistutilsExecError, a missing compiler
            _pure_python(exc)  # raises with OMAHAHH_COMPILE=1, before anything is removed
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                if built.exists():
                    built.unlink()
            self.extensions = []
            self.distribution.ext_modules = []


setup(ext_modules=_compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
