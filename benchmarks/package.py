"""Which omahahh a benchmark measures: this checkout's, or another build of it.

``OMAHAHH_BENCH_PACKAGE=DIR`` (or a benchmark's ``--package DIR``) makes ``ingest.py``,
``pipeline.py`` and ``stages.py`` import the package from ``DIR`` instead: the compiled
build made by ``python benchmarks/compiled.py --build DIR``, say. The variable is
inherited, and ``multiprocessing`` hands its children the parent's ``sys.path``, so the
measured child processes and the pipeline's own workers import the same build.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE_ENV = "OMAHAHH_BENCH_PACKAGE"


def package_root() -> Path:
    """The folder holding the ``omahahh`` package to measure."""
    chosen = os.environ.get(PACKAGE_ENV)
    return Path(chosen).resolve() if chosen else REPO


def use_package() -> Path:
    """Put :func:`package_root` first on ``sys.path`` (before anything imports omahahh)."""
    root = package_root()
    if not (root / "omahahh" / "__init__.py").exists():
        raise SystemExit(f"{PACKAGE_ENV}={root}: no omahahh package there")
    sys.path.insert(0, str(root))
    return root


def take_package_option(argv: list[str]) -> list[str]:
    """``--package DIR`` out of ``argv`` into the environment; returns the other arguments.

    Read before the benchmark imports omahahh (argparse runs too late for that)."""
    rest = list(argv)
    if "--package" in rest:
        at = rest.index("--package")
        if at + 1 >= len(rest):
            raise SystemExit("--package needs a folder")
        os.environ[PACKAGE_ENV] = rest[at + 1]
        del rest[at : at + 2]
    return rest


def describe() -> str:
    """Which build was imported: pure Python, or how many of its modules are compiled."""
    import omahahh

    root = Path(omahahh.__file__).resolve().parent
    compiled = [p for p in root.rglob("*") if p.suffix in (".so", ".pyd")]
    where = root.parent if root.parent != REPO else "this checkout"
    if not compiled:
        return f"pure Python ({where})"
    return f"compiled build, {len(compiled)} extension modules ({where})"
