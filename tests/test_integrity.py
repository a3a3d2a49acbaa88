"""A dataset that cannot silently lose or corrupt hands (issue 15).

One writer at a time (a lock, and a compare-and-swap of ``current``), every
version verifiable (a manifest of part sizes and checksums, checked on every
open), earlier versions kept for ``verify --restore``, no staging left behind.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.lock import LOCK, DatasetBusy, DatasetLock
from omahahh.dataset.store import VERSIONS, scan
from omahahh.dataset.verify import check_version
from omahahh.dataset.versions import finished
from omahahh.errors import DatasetError
from tests.conftest import REPO, SAMPLES
from tests.test_cluster import table_hashes

runner = CliRunner()
REAL = SAMPLES / "pokerstars" / "real"


def _hands(root: Path) -> int:
    return int(scan(root, "hands").select("hand_key").collect().height)


def _current(root: Path) -> Path:
    return (root / "current").resolve()


# -- one writer at a time ---------------------------------------------------------------
def test_second_writer_is_refused_at_once_naming_the_holder(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    ingest([REAL], root)
    with DatasetLock(root):
        with pytest.raises(DatasetBusy, match=rf"pid {os.getpid()} on {socket.gethostname()}"):
            ingest([SAMPLES], root)
        result = runner.invoke(app, ["ingest", str(SAMPLES), "--out", str(root)])
    assert result.exit_code == 1
    assert "another ingest is writing this dataset" in result.output
    assert "Traceback" not in result.output


def test_wait_takes_the_lock_once_the_holder_is_done(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    ingest([REAL], root)
    lock = DatasetLock(root)
    lock.acquire()
    threading.Timer(1.0, lock.release).start()
    counts = ingest([SAMPLES], root, IngestOptions(wait=20))
    assert counts.parsed > 0 and not (root / LOCK).exists()


def test_wait_that_runs_out_is_exit_1(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    ingest([REAL], root)
    with DatasetLock(root):
        result = runner.invoke(app, ["ingest", str(SAMPLES), "--out", str(root), "--wait", "0.5"])
    assert result.exit_code == 1 and "after waiting 0.5 s" in result.output


def test_a_dead_runs_lock_and_staging_are_taken_over_with_a_note(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    ingest([REAL], root)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (root / LOCK).write_text(
        f'{{"host": "{socket.gethostname()}", "pid": {dead.pid}, "started": "earlier"}}'
    )
    orphan = root / VERSIONS / "20200101T000000-deadbeef"
    (orphan / "hands").mkdir(parents=True)
    notes: list[str] = []
    ingest([SAMPLES], root, on_note=notes.append)
    assert any("took over the lock" in n for n in notes)
    assert not orphan.exists()
    assert not (root / LOCK).exists()


def test_current_moved_under_a_run_switches_nothing(tmp_path: Path) -> None:
    """Compare-and-swap: if ``current`` changed since the run began, it is left alone."""
    root = tmp_path / "ds"
    ingest([REAL], root)
    other = root / VERSIONS / "29990101T000000-elsewhere"
    shutil.copytree(_current(root), other, symlinks=True)

    def move_current(_: object) -> None:
        if _current(root) != other.resolve():
            tmp = root / ".moved"
            tmp.symlink_to(Path(VERSIONS) / other.name)
            os.replace(tmp, root / "current")

    with pytest.raises(DatasetError, match="current changed"):
        ingest([SAMPLES], root, on_fragment=move_current)
    assert _current(root) == other.resolve()
    assert [v.name for v in (root / VERSIONS).iterdir() if not (v / "manifest.json").exists()] == []


@pytest.mark.slow
def test_two_concurrent_ingests_five_times_lose_no_hand(tmp_path: Path, corpus: Path) -> None:
    first, second = REAL, corpus / "GGPoker"
    alone = {}
    for name, src in (("a", first), ("b", second)):
        alone[name] = _hands_of(src, tmp_path / f"alone-{name}")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for attempt in range(5):
        root = tmp_path / f"ds{attempt}"
        ingest([SAMPLES / "pokerstars" / "crafted"], root)
        base = _hands(root)
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "omahahh", "ingest", str(src), "--out", str(root), "--wait", "120"],
                env=env,
                stderr=subprocess.PIPE,
                text=True,
            )
            for src in (first, second)
        ]
        errors = [p.communicate(timeout=300)[1] for p in procs]
        assert [p.returncode for p in procs] == [0, 0], errors
        assert _hands(root) == base + alone["a"] + alone["b"]
        assert not check_version(_current(root))


def _hands_of(src: Path, root: Path) -> int:
    ingest([src], root)
    return _hands(root)


# -- damage: deleted, truncated, bit-flipped parts -------------------------------------
DAMAGE = ("deleted", "truncated", "flipped")


def _damage(part: Path, how: str) -> None:
    if how == "deleted":
        part.unlink()
    elif how == "truncated":
        data = part.read_bytes()
        part.write_bytes(data[: len(data) // 2])
    else:
        data = bytearray(part.read_bytes())
        data[len(data) // 3] ^= 0x10
        part.write_bytes(bytes(data))


@pytest.fixture
def two_versions(tmp_path: Path) -> tuple[Path, Path]:
    """A dataset ingested twice; returns it and a hands part only the current version has."""
    root = tmp_path / "ds"
    ingest([SAMPLES / "pokerstars" / "crafted"], root)
    before = {p.name for p in (_current(root) / "hands").glob("*.parquet")}
    ingest([REAL], root)
    new = [p for p in (_current(root) / "hands").glob("*.parquet") if p.name not in before]
    assert len(new) == 1
    return root, new[0]


COMMANDS = [
    ["audit", "{ds}"],
    ["stats", "{ds}"],
    ["rake", "{ds}"],
    ["graph", "{ds}", "--player", "Hero", "--out", "{tmp}/g.html"],
    ["export", "{ds}", "--out", "{tmp}/x.phhs"],
    ["show", "pokerstars:1", "{ds}"],
    ["ingest", str(SAMPLES / "pokerstars" / "crafted"), "--out", "{ds}"],
]


@pytest.mark.parametrize("how", DAMAGE)
def test_every_command_refuses_a_damaged_part_naming_it(
    two_versions: tuple[Path, Path], how: str, tmp_path: Path
) -> None:
    root, part = two_versions
    current = _current(root)
    _damage(part, how)
    for command in COMMANDS:
        args = [a.format(ds=root, tmp=tmp_path) for a in command]
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        assert part.name in result.output, (args, result.output)
        assert "omahahh verify" in result.output
        assert "Traceback" not in result.output
    assert _current(root) == current  # ingest did not build on the damage
    assert not any(not (v / "manifest.json").exists() for v in (root / VERSIONS).iterdir())


@pytest.mark.parametrize("how", DAMAGE)
def test_verify_lists_the_damage_and_restore_goes_back(
    two_versions: tuple[Path, Path], how: str
) -> None:
    root, part = two_versions
    damaged = _current(root)
    _damage(part, how)
    result = runner.invoke(app, ["verify", str(root)])
    assert result.exit_code == 1
    assert part.name in result.output
    result = runner.invoke(app, ["verify", str(root), "--restore"])
    assert result.exit_code == 0, result.output
    assert _current(root) != damaged
    assert runner.invoke(app, ["verify", str(root)]).exit_code == 0
    assert runner.invoke(app, ["audit", str(root)]).exit_code == 0
    assert _hands(root) == _hands_of(SAMPLES / "pokerstars" / "crafted", root.parent / "alone")


def test_restore_with_no_intact_version_changes_nothing(two_versions: tuple[Path, Path]) -> None:
    root, _ = two_versions
    for version in finished(root):
        for p in (version / "hands").glob("*.parquet"):
            _damage(p, "deleted")
    current = _current(root)
    result = runner.invoke(app, ["verify", str(root), "--restore"])
    assert result.exit_code == 1
    assert "nothing was changed" in result.output
    assert _current(root) == current


def test_intact_dataset_verifies_exit_0(two_versions: tuple[Path, Path]) -> None:
    root, _ = two_versions
    result = runner.invoke(app, ["verify", str(root)])
    assert result.exit_code == 0, result.output
    assert "current" in result.output and "intact" in result.output


def test_keep_versions_keeps_that_many_earlier_versions(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    for src in (REAL, SAMPLES / "pokerstars" / "crafted", SAMPLES, REAL):
        ingest([src], root, IngestOptions(keep_versions=1))
    assert len(finished(root)) == 2  # current + 1
    ingest([SAMPLES], root, IngestOptions(keep_versions=0))
    assert len(finished(root)) == 1


# -- nothing left behind ------------------------------------------------------------------
def test_strict_failure_creates_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("PokerStars Hand #1: this is not a hand\n")
    root = tmp_path / "ds"
    result = runner.invoke(app, ["ingest", str(bad), "--out", str(root), "--strict"])
    assert result.exit_code == 1
    assert not root.exists()


def test_workers_above_cpus_or_files_are_capped_with_a_note(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["ingest", str(REAL), "--out", str(tmp_path / "ds"), "--workers", "64"]
    )
    assert result.exit_code == 0, result.output
    assert "--workers 64 capped at" in result.output
    zero = runner.invoke(app, ["ingest", str(REAL), "--out", str(tmp_path / "d0"), "--workers", "0"])
    assert zero.exit_code == 2


def test_a_part_damaged_past_the_open_check_is_one_line_not_a_traceback(
    two_versions: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Large datasets are not checksummed on open: a read error still names what to do."""
    import omahahh.dataset.verify as verify

    root, part = two_versions
    monkeypatch.setattr(verify, "HASH_ON_OPEN_BYTES", 0)
    data = bytearray(part.read_bytes())
    data[-12:-8] = b"\xff\xff\xff\x7f"  # the footer length: the file no longer parses
    part.write_bytes(bytes(data))
    result = runner.invoke(app, ["stats", str(root)])
    assert result.exit_code == 1
    assert "omahahh verify" in result.output and "Traceback" not in result.output


# -- SIGKILL at random moments ------------------------------------------------------------
@pytest.mark.slow
def test_sigkill_at_20_random_moments_never_damages_current(
    tmp_path: Path, corpus: Path
) -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    from ingest import build_input

    src = tmp_path / "input"
    src.mkdir()
    build_input(src, 5000, 10)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "omahahh", "ingest", str(src), "--out"]

    def base(root: Path) -> None:
        ingest([SAMPLES / "pokerstars" / "crafted"], root)

    whole = tmp_path / "whole"
    base(whole)
    started = time.perf_counter()
    subprocess.run([*command, str(whole)], env=env, check=True, capture_output=True)
    duration = time.perf_counter() - started
    expected = table_hashes(whole)
    rng = random.Random(20261203)
    for attempt in range(20):
        root = tmp_path / f"k{attempt}"
        base(root)
        proc = subprocess.Popen([*command, str(root)], env=env, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.0, duration))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert not check_version(_current(root)), attempt  # current opens and verifies
        assert runner.invoke(app, ["audit", str(root)]).exit_code == 0
        rerun = subprocess.run([*command, str(root)], env=env, capture_output=True, text=True)
        assert rerun.returncode == 0, rerun.stderr
        assert table_hashes(root) == expected, attempt
        assert [v for v in (root / VERSIONS).iterdir() if not (v / "manifest.json").exists()] == []
