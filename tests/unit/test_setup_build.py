"""setup.py's choices: ``pip install .`` and ``pip install -e .`` are pure Python; only
``OMAHAHH_COMPILE=1`` compiles, and never an editable install or a metadata pass.

The build script runs in a child process with ``setuptools.setup`` replaced, so that its
functions can be called without building anything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.helpers.paths import REPO

DECIDE = """
import json, sys, setuptools
setuptools.setup = lambda **kw: None
namespace = {"__name__": "setup_under_test"}
sys.argv = ["setup.py", "egg_info"]  # a metadata pass: nothing is compiled while loading
exec(compile(open(%r).read(), "setup.py", "exec"), namespace)
argvs = json.loads(%r)
print(json.dumps([namespace["_wants_compiled"](a) for a in argvs]))
"""

ARGVS = [
    ["setup.py", "bdist_wheel", "--dist-dir", "x"],  # pip install . / pip wheel .
    ["setup.py", "editable_wheel", "--dist-dir", "x"],  # pip install -e .
    ["setup.py", "egg_info"],  # pip asking for requirements
    ["setup.py", "dist_info", "--output-dir", "x"],  # pip asking for metadata
    ["setup.py", "build_ext", "--inplace"],  # benchmarks/compiled.py and the test copy
    ["setup.py", "develop"],  # the old editable install
]


def _decisions(mode: str | None) -> list[bool]:
    env = {k: v for k, v in os.environ.items() if k != "OMAHAHH_COMPILE"}
    if mode is not None:
        env["OMAHAHH_COMPILE"] = mode
    done = subprocess.run(
        [sys.executable, "-c", DECIDE % (str(REPO / "setup.py"), json.dumps(ARGVS))],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    decided: list[bool] = json.loads(done.stdout)
    return decided


def test_a_plain_install_is_pure_python() -> None:
    assert _decisions(None) == [False] * len(ARGVS)


def test_compile_zero_never_compiles() -> None:
    assert _decisions("0") == [False] * len(ARGVS)


def test_compile_one_compiles_builds_but_not_metadata_passes_nor_editable_installs() -> None:
    assert _decisions("1") == [True, False, False, False, True, False]
