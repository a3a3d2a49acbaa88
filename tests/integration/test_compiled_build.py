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
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.pipeline import process_file
from omahahh.parsers.registry import expand_paths
from tests.helpers.paths import REPO

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


@pytest.mark.corpus
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


def _omahahh(root: Path, args: list[str], cwd: Path) -> str:
    """``python -m omahahh ARGS`` importing the package in ``root``; its stdout."""
    env = dict(os.environ, PYTHONPATH=str(root), COLUMNS="160", NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "omahahh", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode in (0, 3), f"{args}: {done.stderr[-2000:]}"
    return done.stdout


@pytest.mark.corpus
def test_compiled_build_answers_every_command_as_the_pure_package(
    compiled_copy: Path, corpus: Path, tmp_path: Path
) -> None:
    """``pip install .`` installs the compiled build: each command over the whole corpus,
    run by it and by the pure package, must print and write the same (the replay of one
    hand, the audit, rake, statistics, equity, fairness, the report, PHH export)."""
    outputs: dict[str, dict[str, str]] = {}
    for label, root in (("pure", REPO), ("compiled", compiled_copy)):
        work = tmp_path / label
        work.mkdir()
        probe = "import omahahh.parsers.pokerstars as m; print(m.__file__)"
        loaded = subprocess.run(
            [sys.executable, "-c", probe],
            cwd=work,
            env=dict(os.environ, PYTHONPATH=str(root)),
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert loaded.strip().endswith(".so") == (label == "compiled"), loaded
        ds = "ds"  # relative: the two runs' outputs name the same paths
        _omahahh(root, ["ingest", str(corpus), "--out", ds, "--schedule", "documented"], work)
        first_key = pl.read_parquet(work / ds / "current" / "hands").sort("hand_key")
        key = str(first_key["hand_key"][0])
        runs = {
            "audit": ["audit", ds, "--format", "json"],
            "show": ["show", key, ds],
            "rake": ["rake", ds, "--schedule", "documented", "--format", "csv"],
            "stats": ["stats", ds, "--format", "csv"],
            "fairness": ["fairness", ds, "--format", "csv"],
            "equity": ["equity", "AsKsQd7h", "2c2d3h4h", "--board", "Ah7c2s", "--hi-lo"],
            "verify": ["verify", ds],
        }
        outputs[label] = {name: _omahahh(root, args, work) for name, args in runs.items()}
        _omahahh(root, ["report", ds, "--out", "report.html"], work)
        _omahahh(root, ["export", ds, "--format", "phh", "--out", "phh"], work)
        outputs[label]["report"] = (work / "report.html").read_text()
        outputs[label]["phh"] = "".join(
            f"{p.relative_to(work)}\n{p.read_text()}"
            for p in sorted((work / "phh").rglob("*"))
            if p.is_file()
        )
    for name, pure in outputs["pure"].items():
        assert pure, name
        assert _unversioned(outputs["compiled"][name]) == _unversioned(pure), name


def _unversioned(text: str) -> str:
    """``text`` with each dataset version's name (its time of writing) and the report's
    time of making (``made 2026-12-05 12:37 UTC``: the two runs may straddle a minute)
    masked."""
    text = re.sub(r"made \d{4}-\d\d-\d\d \d\d:\d\d UTC", "made <time>", text)
    return re.sub(r"\d{8}T\d{6,12}-[0-9a-f]{8}", "<version>", text)
