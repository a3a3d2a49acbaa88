"""SIGKILL at random moments of an ingest never damages ``current``.

First, deterministically, a run killed at each step of its commit; then the
slow sweep:

An ingest of 5,000 hands is killed at 20 seeded random moments within the
time an uninterrupted run takes. After each kill ``current`` opens and
verifies in full, and running the ingest again ends with the same tables
(hashed) as the uninterrupted run, with no lock or staging left behind.

Kept as fast as it can be: the input and the starting dataset are made once,
the re-runs happen in this process (no interpreter start), and only the killed
runs are subprocesses.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from omahahh.dataset.ingest import ingest
from omahahh.dataset.lock import LOCK
from omahahh.dataset.store import open_dataset
from omahahh.dataset.verify import check_version
from omahahh.dataset.versions import DEFAULT_KEEP, finished, history, restore_candidates
from tests.helpers.integrity import CRAFTED, REAL, cli_env, current, table_hashes, unfinished
from tests.helpers.paths import REPO

HANDS = 5000
KILLS = 20
SEED = 20261203


def _build_input(folder: Path) -> None:
    """``benchmarks/ingest.py``'s input: corpus hands under fresh ids, over 10 files."""
    spec = importlib.util.spec_from_file_location("bench_ingest", REPO / "benchmarks" / "ingest.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.build_input(folder, HANDS, 10) == HANDS


@pytest.fixture(scope="module")
def kill_setup(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> tuple[Path, Path]:
    """The 5,000-hand input, and the dataset every run starts from (made once)."""
    work = tmp_path_factory.mktemp("kill")
    src = work / "input"
    src.mkdir()
    _build_input(src)
    base = work / "base"
    ingest([CRAFTED], base)
    return src, base


@pytest.mark.corpus
@pytest.mark.slow
def test_sigkill_at_20_random_moments_never_damages_current(
    tmp_path: Path, kill_setup: tuple[Path, Path]
) -> None:
    src, base = kill_setup
    command = [sys.executable, "-m", "omahahh", "ingest", str(src), "--out"]

    whole = tmp_path / "whole"
    shutil.copytree(base, whole, symlinks=True)
    started = time.perf_counter()
    subprocess.run([*command, str(whole)], env=cli_env(), check=True, capture_output=True)
    duration = time.perf_counter() - started
    expected = table_hashes(whole)
    before_n = table_hashes(base)["hands"][0]
    assert expected["hands"][0] == before_n + HANDS

    rng = random.Random(SEED)
    states = []
    for attempt in range(KILLS):
        root = tmp_path / f"k{attempt}"
        shutil.copytree(base, root, symlinks=True)
        before = current(root)
        proc = subprocess.Popen([*command, str(root)], env=cli_env(), stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.0, duration))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        moved = current(root) != before
        states.append("finished" if proc.returncode == 0 else "committed" if moved else "before")

        # current opens (the open-time guard) and verifies in full, whatever was killed when.
        assert check_version(current(root)) == [], attempt
        frames = {name: frame.collect() for name, frame in open_dataset(root).items()}
        assert frames["hands"].height in (before_n, before_n + HANDS), attempt  # all or nothing

        notes: list[str] = []
        ingest([src], root, on_note=notes.append)
        assert table_hashes(root) == expected, (attempt, states[-1])
        assert unfinished(root) == [] and not (root / LOCK).exists(), attempt
        assert not list(root.glob(f"{LOCK}.*")), attempt  # no private lock file either
        shutil.rmtree(root)
    print("killed:", {s: states.count(s) for s in sorted(set(states))})


# -- killed at each step of the commit (deterministic) -----------------------------------
CHILD = """
import os, sys
import omahahh.dataset.store as store
from omahahh.dataset.ingest import ingest

def killed(*args, **kwargs):
    os._exit(9)  # like SIGKILL: no cleanup, no finally

setattr(store, sys.argv[3], killed)
ingest([sys.argv[1]], sys.argv[2])
"""

# The store's steps, in order: a part written, the manifest, the switch, the pruning.
STEPS = ("write_part", "write_manifest", "switch_current", "prune")


@pytest.fixture(scope="module")
def three_versions(
    tmp_path_factory: pytest.TempPathFactory, corpus: Path
) -> tuple[Path, Path, dict[str, tuple[int, str]]]:
    """A dataset of three versions, an input new to it, and the tables once it is added."""
    work = tmp_path_factory.mktemp("steps")
    base = work / "base"
    for src in (CRAFTED, REAL, corpus / "Winamax"):
        ingest([src], base)
    whole = work / "whole"
    shutil.copytree(base, whole, symlinks=True)
    new = corpus / "GGPoker"
    assert ingest([new], whole).parsed > 0
    return base, new, table_hashes(whole)


@pytest.mark.corpus
@pytest.mark.parametrize("step", STEPS)
def test_killed_at_each_commit_step_current_is_whole_and_a_rerun_equal(
    tmp_path: Path, three_versions: tuple[Path, Path, dict[str, tuple[int, str]]], step: str
) -> None:
    base, new, expected = three_versions
    root = tmp_path / "ds"
    shutil.copytree(base, root, symlinks=True)
    before = current(root)
    child = subprocess.run([sys.executable, "-c", CHILD, str(new), str(root), step], env=cli_env())
    assert child.returncode == 9
    assert (current(root) != before) == (step == "prune")  # switched only at the last step
    assert check_version(current(root)) == []
    open_dataset(root)
    if step == "switch_current":
        # A finished version that never became current: never what restore goes back to.
        orphan = finished(root)[-1]
        assert orphan.resolve() != current(root) and orphan not in (history(root) or [])
        assert restore_candidates(root)[:2] == (history(root) or [])[:2]
    notes: list[str] = []
    ingest([new], root, on_note=notes.append)
    assert any("took over the lock of a run that is gone" in n for n in notes), notes
    if step in ("write_part", "write_manifest"):
        assert any("left unfinished by a run that is gone" in n for n in notes), notes
    assert table_hashes(root) == expected
    assert unfinished(root) == [] and not (root / LOCK).exists()
    assert finished(root) == sorted(history(root) or [])  # no version outside the history
    assert len(finished(root)) == 1 + DEFAULT_KEEP
