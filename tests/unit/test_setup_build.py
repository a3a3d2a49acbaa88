"""setup.py's choices: what ``pip install .`` and ``pip install -e .`` compile, and a pure
install (not a failed one) where the C compiler fails.

The build script runs in a child process with ``setuptools.setup`` replaced, so that its
functions can be called without building anything; the compiler-failure test builds one
tiny C extension with ``CC=/bin/false``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_plain_install_compiles_and_editable_install_stays_pure() -> None:
    assert _decisions(None) == [True, False, False, False, True, False]


def test_compile_zero_never_compiles() -> None:
    assert _decisions("0") == [False] * len(ARGVS)


def test_compile_one_compiles_builds_but_not_metadata_passes() -> None:
    assert _decisions("1") == [True, False, False, False, True, False]


FAILING_BUILD = """
import sys, setuptools
from setuptools import Distribution, Extension
setuptools.setup = lambda **kw: None
namespace = {"__name__": "setup_under_test"}
sys.argv = ["setup.py", "egg_info"]
exec(compile(open(%r).read(), "setup.py", "exec"), namespace)
dist = Distribution({
    "name": "probe",
    "ext_modules": [Extension("probe_ext", ["probe.c"])],
    "cmdclass": {"build_ext": namespace["OptionalBuildExt"]},
})
dist.script_args = ["build_ext", "--inplace"]
dist.parse_command_line()
dist.run_commands()
print("extensions left:", len(dist.ext_modules or []))
"""


@pytest.mark.parametrize("mode", [None, "1"])
def test_failing_c_compiler_gives_a_pure_install_unless_compiling_is_required(
    tmp_path: Path, mode: str | None
) -> None:
    (tmp_path / "probe.c").write_text("int probe(void) { return 1; }\n")
    env = {k: v for k, v in os.environ.items() if k != "OMAHAHH_COMPILE"}
    env["CC"] = "/bin/false"  # a compiler that always fails
    if mode is not None:
        env["OMAHAHH_COMPILE"] = mode
    done = subprocess.run(
        [sys.executable, "-c", FAILING_BUILD % str(REPO / "setup.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    if mode == "1":
        assert done.returncode != 0
        assert "omahahh: compiling with mypyc failed" not in done.stderr
    else:
        assert done.returncode == 0, done.stderr[-2000:]
        assert "omahahh: compiling with mypyc failed" in done.stderr
        assert "installing the pure-Python package" in done.stderr
        assert "extensions left: 0" in done.stdout
    assert not list(tmp_path.glob("probe_ext*.so"))
