"""The first ingest after install compiles the replay's walk for seconds: it says so, on
stderr, once, and only when it really compiles (a warm cache only loads)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import CORPUS, REPO

pytest.importorskip("numba")
NOTE = "note: compiling the replay's betting walk"
ROOMS = ("PokerStars", "GGPoker", "Pacific-888")


def _ingest(cache: Path, out: Path) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "COLUMNS")}
    env.update(XDG_CACHE_HOME=str(cache), PYTHONPATH=str(REPO), OMAHAHH_COMPILED_WALK="1")
    inputs = [str(CORPUS / room) for room in ROOMS]
    done = subprocess.run(
        [sys.executable, "-m", "omahahh", "ingest", *inputs, "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr.splitlines()


@pytest.mark.skipif(not (CORPUS / "PokerStars").is_dir(), reason="needs ../shared/corpus")
def test_compiling_the_walk_is_said_once_and_loading_it_is_not(tmp_path: Path) -> None:
    cold = _ingest(tmp_path / "cache", tmp_path / "one")
    assert sum(line.startswith(NOTE) for line in cold) == 1, cold
    warm = _ingest(tmp_path / "cache", tmp_path / "two")
    assert not any(NOTE in line for line in warm), warm
