"""Every version verifiable; nothing reads or builds on damage.

A deleted, a truncated and a bit-flipped part: every command refuses with the
part named (exit 1, one line, no traceback), ``verify`` lists it, ``verify
--restore`` goes back to the previous version, and nothing was written on top.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import omahahh.dataset.guard as guard_module
from omahahh.cli.app import app
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.lock import DatasetBusy, DatasetLock
from omahahh.dataset.manifest import MANIFEST
from omahahh.dataset.verify import restore
from omahahh.dataset.versions import finished
from tests.helpers.integrity import (
    CRAFTED,
    DAMAGE,
    REAL,
    break_footer,
    current,
    damage,
    hand_count,
    two_versions,
    unfinished,
    version_hand_count,
    versions,
)
from tests.helpers.paths import SAMPLES

runner = CliRunner()

# Every command that opens a dataset, as the user types it.
COMMANDS = {
    "ingest": ["ingest", str(CRAFTED), "--out", "{ds}"],
    "audit": ["audit", "{ds}"],
    "stats": ["stats", "{ds}"],
    "rake": ["rake", "{ds}"],
    "show": ["show", "pokerstars:1", "{ds}"],
    "export": ["export", "{ds}", "--out", "{tmp}/x"],
    "graph": ["graph", "{ds}", "--player", "Hero", "--out", "{tmp}/g.html"],
    "verify": ["verify", "{ds}"],
}


@pytest.fixture
def dataset(tmp_path: Path) -> tuple[Path, Path]:
    """A dataset of two versions, and a hands part only the current one has."""
    root = tmp_path / "ds"
    return root, two_versions(root)


def _run(name: str, root: Path, tmp: Path) -> tuple[int, str]:
    args = [a.format(ds=root, tmp=tmp) for a in COMMANDS[name]]
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        name,
        result.exception,
    )
    return result.exit_code, result.output


def _snapshot(root: Path) -> list[tuple[str, int]]:
    """Every file of the dataset with its size: what "nothing was written" compares."""
    return sorted(
        (str(p.relative_to(root)), p.stat().st_size) for p in root.rglob("*") if p.is_file()
    )


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("how", DAMAGE)
def test_every_command_refuses_a_damaged_part_naming_it(
    dataset: tuple[Path, Path], how: str, command: str, tmp_path: Path
) -> None:
    root, part = dataset
    damage(part, how)
    before = _snapshot(root)
    code, output = _run(command, root, tmp_path)
    assert code == 1, output
    assert part.name in output
    assert f"omahahh verify {root}" in output  # what to do
    assert "Traceback" not in output
    if command != "verify":
        assert len([line for line in output.splitlines() if line.strip()]) == 1, output
    assert _snapshot(root) == before  # nothing written on top of the damage (ingest least of all)


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "verify"])
def test_damage_the_open_check_cannot_see_still_names_the_part(
    dataset: tuple[Path, Path], command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large dataset is not hashed on every open: a part whose footer no longer reads
    (size unchanged) fails in the reader, and the command names it all the same."""
    root, part = dataset
    monkeypatch.setattr(guard_module, "HASH_ON_OPEN_BYTES", 0)
    break_footer(part)
    code, output = _run(command, root, tmp_path)
    assert code == 1, output
    assert part.name in output and f"omahahh verify {root}" in output, output
    assert "Traceback" not in output


def test_ingest_hashes_in_full_whatever_the_size(
    dataset: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing builds on damage: a flipped bit the size check misses stops ingest too."""
    root, part = dataset
    monkeypatch.setattr(guard_module, "HASH_ON_OPEN_BYTES", 0)
    damage(part, "flipped")
    was = current(root)
    result = runner.invoke(app, ["ingest", str(SAMPLES), "--out", str(root)])
    assert result.exit_code == 1 and part.name in result.output
    assert current(root) == was and unfinished(root) == []


@pytest.mark.parametrize("how", DAMAGE)
def test_verify_lists_the_damage_and_restore_goes_back(
    dataset: tuple[Path, Path], how: str
) -> None:
    root, part = dataset
    damaged = current(root)
    previous = version_hand_count(finished(root)[0])
    damage(part, how)
    result = runner.invoke(app, ["verify", str(root)])
    assert result.exit_code == 1
    assert f"current {damaged.name}: 1 damaged" in result.output
    assert str(part) in result.output
    result = runner.invoke(app, ["verify", str(root), "--restore"])
    assert result.exit_code == 0, result.output
    assert current(root) != damaged and current(root) == finished(root)[0]
    assert runner.invoke(app, ["verify", str(root)]).exit_code == 0
    assert runner.invoke(app, ["audit", str(root)]).exit_code == 0
    assert hand_count(root) == previous  # the version before the damage, all of it


def test_restore_with_no_intact_version_changes_nothing(dataset: tuple[Path, Path]) -> None:
    root, _ = dataset
    for version in finished(root):
        for p in (version / "hands").glob("*.parquet"):
            damage(p, "deleted")
    was = current(root)
    result = runner.invoke(app, ["verify", str(root), "--restore"])
    assert result.exit_code == 1
    assert "no intact version to restore; nothing was changed" in result.output
    assert current(root) == was


def test_restore_waits_for_no_writer(dataset: tuple[Path, Path]) -> None:
    """Restoring switches ``current``: like a writer, it takes the lock or is refused."""
    root, part = dataset
    damage(part, "deleted")
    was = current(root)
    with DatasetLock(root), pytest.raises(DatasetBusy):
        restore(root)
    assert current(root) == was


def test_intact_dataset_verifies_exit_0(dataset: tuple[Path, Path]) -> None:
    root, _ = dataset
    result = runner.invoke(app, ["verify", str(root)])
    assert result.exit_code == 0, result.output
    assert f"current {current(root).name}: intact" in result.output
    assert f"kept    {finished(root)[0].name}: intact" in result.output


def test_verify_of_a_folder_that_is_no_dataset_is_exit_1(tmp_path: Path) -> None:
    result = runner.invoke(app, ["verify", str(tmp_path)])
    assert result.exit_code == 1 and "not a dataset" in result.output


@pytest.mark.parametrize("lost", ["manifest", "version", "current"])
def test_a_lost_manifest_version_or_current_link_is_damage_not_an_empty_dataset(
    dataset: tuple[Path, Path], lost: str, tmp_path: Path
) -> None:
    """Read as a folder of text, such a dataset gave 0 hands and exit 0."""
    root, _ = dataset
    version = current(root)
    # What restore finds: the lost version itself when only the link went.
    intact = {"current": version}.get(lost, finished(root)[0])
    expected = version_hand_count(intact)
    if lost == "manifest":
        (version / MANIFEST).unlink()
    elif lost == "version":
        shutil.rmtree(version)
    else:
        (root / "current").unlink()
    for command in ("audit", "stats", "rake", "export", "ingest"):
        code, output = _run(command, root, tmp_path)
        assert code == 1 and "the dataset is damaged" in output, (command, output)
    result = runner.invoke(app, ["verify", str(root), "--restore"])
    assert result.exit_code == 0, result.output
    assert current(root) == intact and hand_count(root) == expected


def test_a_part_no_manifest_records_is_refused(dataset: tuple[Path, Path], tmp_path: Path) -> None:
    """A part copied in by hand would be read as more hands: refused as damage."""
    root, part = dataset
    stray = part.with_name("part-copied-in.parquet")
    shutil.copy(part, stray)
    code, output = _run("stats", root, tmp_path)
    assert code == 1 and stray.name in output and "not in its manifest" in output


def test_the_manifest_records_every_part_with_rows_bytes_and_checksum(
    dataset: tuple[Path, Path],
) -> None:
    root, _ = dataset
    for version in finished(root):
        parts = json.loads((version / MANIFEST).read_text())["parts"]
        on_disk = {(p.parent.name, p.name) for p in version.glob("*/*.parquet")}
        assert {(t, r["name"]) for t, recs in parts.items() for r in recs} == on_disk
        for table, recs in parts.items():
            for r in recs:
                path = version / table / r["name"]
                assert r["bytes"] == path.stat().st_size
                assert r["rows"] == pq.read_metadata(path).num_rows
                assert r["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_keep_versions_keeps_that_many_earlier_versions(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    made = []
    for src in (REAL, CRAFTED, SAMPLES, REAL):
        ingest([src], root, IngestOptions(keep_versions=1))
        made.append(current(root).name)
    assert [v.name for v in finished(root)] == made[-2:]  # current + the one before it
    ingest([SAMPLES], root, IngestOptions(keep_versions=0))
    assert finished(root) == [current(root)]
    for _ in range(3):
        ingest([CRAFTED], root)  # the default keeps 2 besides current
    assert len(finished(root)) == 3 and len(versions(root)) == 3


def test_keep_versions_on_the_command_line(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    for src in (REAL, CRAFTED, SAMPLES):
        result = runner.invoke(
            app, ["ingest", str(src), "--out", str(root), "--keep-versions", "0"]
        )
        assert result.exit_code == 0, result.output
    assert finished(root) == [current(root)]
    bad = runner.invoke(app, ["ingest", str(REAL), "--out", str(root), "--keep-versions", "-1"])
    assert bad.exit_code == 2
