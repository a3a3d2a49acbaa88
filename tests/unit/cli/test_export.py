"""`omahahh export PATH-or-DATASET... --format phh --out DIR` end to end."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.export.phh import export_dataset
from tests.helpers.hands import GG_EV_CASHOUT as EV_CASHOUT
from tests.helpers.hands import STARS_BASE as STARS
from tests.helpers.hands import WINAMAX_CRAFTED as WINAMAX
from tests.helpers.paths import corpus_file

runner = CliRunner()


def _inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(STARS + "\n\n\n" + EV_CASHOUT, encoding="utf-8")
    (folder / "b.txt").write_text(WINAMAX, encoding="utf-8")
    return folder


def test_export_text_to_phhs_files_and_one_summary_line(tmp_path: Path) -> None:
    out = tmp_path / "phh"
    result = runner.invoke(app, ["export", str(_inputs(tmp_path)), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == (
        f"phh: hands written 3, files 1, skipped 0 -> {out}"
    )
    (file,) = sorted(out.glob("*.phh*"))
    assert file.name == "hands-00001.phhs"
    doc = tomllib.loads(file.read_text(encoding="utf-8"))
    assert sorted(doc) == ["1", "2", "3"]
    assert {d["_omahahh_site"] for d in doc.values()} == {"pokerstars", "ggpoker", "winamax"}


def test_export_a_dataset_one_file_per_hand(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    ingest([_inputs(tmp_path)], ds)
    out = tmp_path / "phh"
    result = runner.invoke(
        app, ["export", str(ds), "--format", "phh", "--out", str(out), "--per-file", "1"]
    )
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.glob("*.phh*"))
    assert names == [
        "ggpoker-OM2000002.phh",
        "pokerstars-200000000001.phh",
        "winamax-1000001-1-1700000000.phh",
    ]
    again = tmp_path / "again"
    ingest([out], again)
    assert scan(again, "hands").collect().height == 3


def test_export_bad_time_zone_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "export",
            str(_inputs(tmp_path)),
            "--out",
            str(tmp_path / "o"),
            "--source-timezone",
            "Nowhere/City",
        ],
    )
    assert result.exit_code == 2
    assert "Nowhere/City" in result.output


def test_export_missing_input_exits_1_with_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(tmp_path / "missing"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert result.output.strip() == f"omahahh: {tmp_path / 'missing'}: no such file or folder"


def test_ingest_source_timezone_moves_ggpoker_times(tmp_path: Path) -> None:
    src = tmp_path / "gg.txt"
    src.write_text(EV_CASHOUT, encoding="utf-8")
    runs = {}
    for zone in ("UTC", "Asia/Tokyo"):
        ds = tmp_path / zone.replace("/", "-")
        result = runner.invoke(
            app, ["ingest", str(src), "--out", str(ds), "--source-timezone", zone]
        )
        assert result.exit_code == 0, result.output
        runs[zone] = scan(ds, "hands").collect()["started_at"][0]
    assert (runs["UTC"] - runs["Asia/Tokyo"]).total_seconds() == 9 * 3600


def test_export_has_help() -> None:
    result = runner.invoke(app, ["export", "--help"])
    assert result.exit_code == 0
    assert "--per-file" in result.output and "--format" in result.output


CANCELLED = corpus_file(
    "PokerStars/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/PokerStars/CashGame/ValidHandTests/CancelledHand.txt"
)


def test_export_names_each_skipped_hand_and_why(tmp_path: Path) -> None:
    """Not just "skipped 3": which hands, and why."""
    folder = _inputs(tmp_path)
    (folder / "c.txt").write_bytes(CANCELLED.read_bytes())
    out = tmp_path / "phh"
    result = runner.invoke(app, ["export", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[-2] == (
        "skipped pokerstars:110222853693: the PHH standard cannot hold it: "
        "fewer than two players dealt in"
    )
    assert lines[-1] == f"phh: hands written 3, files 1, skipped 1 -> {out}"


def test_export_reports_running_counts_for_every_hand(tmp_path: Path) -> None:
    folder = _inputs(tmp_path)
    (folder / "c.txt").write_bytes(CANCELLED.read_bytes())
    ds = tmp_path / "ds"
    ingest([folder], ds)
    seen: list[tuple[int, int]] = []
    counts = export_dataset(
        ds, tmp_path / "phh", on_hand=lambda c: seen.append((c.hands, c.skipped))
    )
    assert len(seen) == 4  # skipped hands advance the bar too
    assert seen[-1] == (counts.hands, counts.skipped) == (3, 1)
