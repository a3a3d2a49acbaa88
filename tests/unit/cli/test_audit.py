"""`omahahh audit`: counts, findings most severe first, formats, --out, --rules, --fail-on."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.store import is_dataset, scan
from omahahh.dataset.tables import FINDINGS
from tests.helpers.hands import STARS_TRUNCATED as TRUNCATED
from tests.helpers.hands import write
from tests.helpers.replay import BAD, CLEAN, split_hand, stars

runner = CliRunner()

MUCKED = (
    split_hand("B collected $4 from pot")
    .replace("A: shows [As Qc 3d 4c] (a pair of Kings)", "A: mucks hand")
    .replace("#100000000001", "#100000000003")
)


def test_audit_prints_counts_then_findings_most_severe_first(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, MUCKED, BAD)
    result = runner.invoke(app, ["audit", str(src)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["hands audited: 3", "parse failures: 0", "findings: 2"]
    assert lines[3].split() == ["error", "wrong_split", "1"]
    assert lines[4].split() == ["info", "unverifiable_showdown", "1"]
    body = [line for line in lines[5:] if line]
    assert body[0].startswith("error   wrong_split") and "pokerstars:100000000002" in body[0]
    assert body[1].startswith("info    unverifiable_showdown")


def test_audit_json_is_a_list_of_finding_objects(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    result = runner.invoke(app, ["audit", str(src), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [d["code"] for d in data] == ["wrong_split"]
    assert list(data[0]) == [c.name for c in FINDINGS]
    assert data[0]["rule"] == "R-SPLIT-1" and data[0]["severity"] == "error"


def test_audit_csv_has_the_finding_columns(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BAD)
    result = runner.invoke(app, ["audit", str(src), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["code"] for r in rows] == ["wrong_split"]
    assert rows[0]["expected_amount"] == "" and rows[0]["hand_key"] == "pokerstars:100000000002"


def test_fail_on_error_exits_3(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    assert runner.invoke(app, ["audit", str(src), "--fail-on", "error"]).exit_code == 3
    clean = write(tmp_path / "clean", "a.txt", CLEAN, MUCKED)
    assert runner.invoke(app, ["audit", str(clean), "--fail-on", "warning"]).exit_code == 0


def test_fail_on_counts_parse_failures_as_errors(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, TRUNCATED)
    result = runner.invoke(app, ["audit", str(src), "--fail-on", "error"])
    assert result.exit_code == 3
    assert "parse failures: 1" in result.output


def test_out_writes_the_dataset_and_a_dataset_can_be_audited_again(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    out = tmp_path / "ds"
    first = runner.invoke(app, ["audit", str(src), "--out", str(out)])
    assert first.exit_code == 0 and is_dataset(out)
    assert scan(out, "findings").collect().height == 1
    again = runner.invoke(app, ["audit", str(out)])
    assert again.exit_code == 0 and again.output == first.output


def test_rules_file_changes_the_audit(tmp_path: Path) -> None:
    odd = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        A: calls $1
        B: checks
        *** FLOP *** [2c 7d 9h]
        B: checks
        A: checks
        *** TURN *** [2c 7d 9h] [Kd]
        B: checks
        A: checks
        *** RIVER *** [2c 7d 9h Kd] [3s]
        B: checks
        A: checks
        *** SHOW DOWN ***
        B: shows [Kc Ks 8c 8d] (HI: three of a kind, Kings)
        A: shows [Ac 4d Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)
        B collected $1.92 from pot
        A collected $1.93 from pot
        """,
        seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)",
        game="Omaha Hi/Lo Pot Limit ($1/$2 USD)",
        summary="Total pot $4 | Rake $0.15",
    )
    src = write(tmp_path / "in", "a.txt", odd)
    default = runner.invoke(app, ["audit", str(src), "--format", "json"])
    assert [d["code"] for d in json.loads(default.stdout)] == ["odd_chip_misplaced"]
    rules = tmp_path / "low.toml"
    rules.write_text('[showdown]\nhi_lo_odd_chip = "low"\n', encoding="utf-8")
    low = runner.invoke(app, ["audit", str(src), "--rules", str(rules), "--format", "json"])
    assert low.exit_code == 0 and json.loads(low.stdout) == []


def test_bad_rules_file_is_a_one_line_error(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN)
    rules = tmp_path / "bad.toml"
    rules.write_text("[showdown]\nodd = 1\n", encoding="utf-8")
    result = runner.invoke(app, ["audit", str(src), "--rules", str(rules)])
    assert result.exit_code == 1
    assert (
        result.output.strip().startswith("omahahh: ") and "unknown setting 'odd'" in result.output
    )


def test_rules_with_a_dataset_input_is_a_usage_error(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN)
    out = tmp_path / "ds"
    runner.invoke(app, ["audit", str(src), "--out", str(out)])
    rules = tmp_path / "r.toml"
    rules.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["audit", str(out), "--rules", str(rules)])
    assert result.exit_code == 2 and "re-ingest" in result.output


def test_missing_input_is_a_one_line_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(tmp_path / "nope.txt")])
    assert result.exit_code == 1 and result.output.startswith("omahahh: ")


def test_schedule_makes_rake_claims(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN)
    plain = runner.invoke(app, ["audit", str(src), "--format", "json"])
    assert json.loads(plain.stdout) == []
    none = runner.invoke(app, ["audit", str(src), "--schedule", "none", "--format", "json"])
    assert none.exit_code == 0 and json.loads(none.stdout) == []
    bad = runner.invoke(app, ["audit", str(src), "--schedule", str(tmp_path / "nope.toml")])
    assert bad.exit_code == 1 and bad.output.startswith("omahahh: ")
