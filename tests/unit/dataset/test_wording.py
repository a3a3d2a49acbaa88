"""Messages that say what happened: plurals, exit codes, excerpts, advice."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.pipeline import process_file
from omahahh.dataset.versions import finished
from omahahh.dataset.words import plural, verb
from tests.helpers.integrity import damage, two_versions
from tests.helpers.paths import CORPUS, SAMPLES

runner = CliRunner()
CRAFTED = SAMPLES / "pokerstars" / "crafted"


def test_counts_in_words() -> None:
    assert [plural(n, "file") for n in (0, 1, 2)] == ["0 files", "1 file", "2 files"]
    assert f"{plural(1, 'file')} {verb(1, 'is')}" == "1 file is"


def test_no_hand_history_says_one_file_in_the_singular(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not poker\n")
    result = runner.invoke(app, ["ingest", str(tmp_path), "--out", str(tmp_path / "ds")])
    assert result.exit_code == 1
    assert "(1 file is not a hand history)" in result.output


def test_a_reingest_counts_the_failures_recorded_before_apart(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    first = runner.invoke(app, ["ingest", str(CRAFTED), "--out", str(ds)])
    assert first.exit_code == 0
    failures = int(first.output.split("failures ")[1].split()[0].rstrip(","))
    assert failures > 0
    again = runner.invoke(app, ["ingest", str(CRAFTED), "--out", str(ds)])
    assert again.exit_code == 0
    assert f"({failures} of them failures already recorded)" in again.output
    assert "failures 0" in again.output


def test_verify_advises_restore_only_when_a_kept_version_is_intact(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    two_versions(root)
    for version in finished(root):
        for part in (version / "hands").glob("*.parquet"):
            damage(part, "deleted")
    result = runner.invoke(app, ["verify", str(root)])
    assert result.exit_code == 1
    assert "--restore" not in result.output and "re-ingest" in result.output


@pytest.mark.parametrize(
    "hands", [["AsKsQd7h", "Zz2c3d4h"], ["AsKs", "2c2d3h4h"], ["AsKsQd7h", "AsKsQd7h"]]
)
def test_equity_with_cards_that_are_not_cards_is_a_usage_error(hands: list[str]) -> None:
    result = runner.invoke(app, ["equity", *hands])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("omahahh: ")


def test_a_truncated_xml_hand_shows_its_own_last_line(tmp_path: Path) -> None:
    source = next(p for p in sorted((CORPUS / "BossXML").rglob("*.txt")) if p.stat().st_size > 2500)
    cut = tmp_path / "cut.xml"
    cut.write_bytes(source.read_bytes()[:2500])
    (row,) = process_file(cut).frames["failures"].to_dicts()
    assert row["reason_code"] == "truncated"
    assert "omahahh-stream" not in row["excerpt"] and "omahahh-stream" not in row["reason"]


def test_several_pots_are_checked_in_the_plural() -> None:
    path = (
        CORPUS
        / "Pacific-888"
        / "jejellyroll-fr__fpdb-3"
        / "regression-test-files"
        / "cash"
        / "PacificPoker"
        / "Flop"
        / "888-PLO-USD-10.00-20.00-201405.dutch.txt"
    )
    if not path.is_file():
        pytest.skip("needs ../shared/corpus")
    messages = process_file(path).frames["findings"]["message"].to_list()
    assert any("the pots are checked against shown hands" in m for m in messages)
    assert not any("the pots is" in m for m in messages)
