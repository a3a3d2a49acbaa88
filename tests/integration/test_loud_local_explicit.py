"""A fast path that fails is reported, never silent; the package changes no process-wide
state (the environment) to run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from omahahh.dataset import pipeline
from omahahh.dataset.pipeline import FastPathFallback, process_text

REPO = Path(__file__).resolve().parents[2]
HAND = (REPO / "sample_histories" / "pokerstars" / "crafted").glob("*.txt")


def _text() -> str:
    return next(iter(sorted(HAND))).read_text(encoding="utf-8-sig")


def test_a_failing_batch_walk_is_a_reported_fallback_with_the_same_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = _text()
    expected = process_text(text, "x.txt")

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("kernel exploded")

    monkeypatch.setattr(pipeline, "walk_with_columns", broken)
    with pytest.warns(FastPathFallback, match="betting walk failed on .* kernel exploded"):
        fallen = process_text(text, "x.txt")
    assert fallen.hands > 0
    for table, frame in expected.frames.items():
        assert fallen.frames[table].equals(frame), table


def test_loading_the_compiled_walk_leaves_the_environment_alone(tmp_path: Path) -> None:
    code = (
        "import os, json; before = dict(os.environ)\n"
        "from omahahh.replay import batch_walk\n"
        "batch_walk.kernel()\n"
        "print(json.dumps(sorted(set(os.environ.items()) ^ set(before.items()))))"
    )
    env = {"PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
