"""The compiled build (what ``pip install .`` installs, setup.py) against the pure package.

The modules ``setup.py`` lists are compiled with mypyc into a copy of the package, as
``benchmarks/compiled.py`` builds them; a child process importing that copy then runs
the whole pipeline over every corpus file, of every room (the compiled readers, and the
others on the compiled ``ScratchHand``, cards and common readers), and its tables must
equal the pure package's, row for row. mypyc checks declared types at run time where Python does not:
a value of the wrong type would fail a hand here, or change a table.
"""

from __future__ import annotations

import ast
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.pipeline import process_file
from omahahh.parsers.registry import expand_paths
from tests.conftest import REPO

pytestmark = pytest.mark.slow

CHILD = """
import importlib, pickle, sys
sys.path.insert(0, sys.argv[1])
from omahahh.dataset.pipeline import process_file
from omahahh.parsers.registry import expand_paths
loaded = [importlib.import_module(m).__file__ for m in sys.argv[4].split(",")]
tables = {}
for path in expand_paths([sys.argv[2]]):
    for table, frame in process_file(path).frames.items():
        tables.setdefault(table, []).append(frame)
with open(sys.argv[3], "wb") as out:
    pickle.dump((loaded, tables), out)
"""


def compiled_modules() -> list[str]:
    """``setup.py``'s ``COMPILED`` list, read without running the build script."""
    tree = ast.parse((REPO / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            paths: list[str] = ast.literal_eval(node.value)
            return paths
    raise AssertionError("setup.py has no COMPILED list")


@pytest.fixture(scope="module")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler: the compiled build cannot be made on this machine")
    folder = tmp_path_factory.mktemp("compiled")
    shutil.copytree(
        REPO / "omahahh", folder / "omahahh", ignore=shutil.ignore_patterns("*.so", "__pycache__")
    )
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, folder / name)
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=folder,
        env=dict(os.environ, OMAHAHH_COMPILE="1"),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder


def test_setup_compiles_modules_that_exist() -> None:
    modules = compiled_modules()
    assert modules and all((REPO / m).is_file() for m in modules)
    # numba compiles the betting walk from these modules' source: they must stay Python.
    assert not {"omahahh/rules/betting.py", "omahahh/rules/pots.py"} & set(modules)


def test_compiled_build_gives_the_pure_tables_on_every_corpus_file(
    compiled_copy: Path, corpus: Path, tmp_path: Path
) -> None:
    names = [m.removesuffix(".py").replace("/", ".") for m in compiled_modules()]
    result = tmp_path / "tables.pickle"
    subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            str(compiled_copy),
            str(corpus),
            str(result),
            ",".join(names),
        ],
        check=True,
        cwd=tmp_path,  # not the checkout: the copy must be what is imported
    )
    with result.open("rb") as f:
        loaded, compiled = pickle.load(f)
    assert all(str(path).endswith(".so") for path in loaded), loaded
    pure: dict[str, list[pl.DataFrame]] = {}
    for path in expand_paths([corpus]):
        for table, frame in process_file(path).frames.items():
            pure.setdefault(table, []).append(frame)
    assert pure.keys() == compiled.keys()
    hands = sum(f.height for f in pure["hands"])
    assert hands > 1000
    for table in pure:
        want, got = pl.concat(pure[table]), pl.concat(compiled[table])
        assert got.equals(want), table
