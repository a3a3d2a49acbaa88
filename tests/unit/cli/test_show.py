"""`omahahh show HAND_KEY PATH-or-DATASET`: one hand replayed step by step."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.cards import cards_str
from omahahh.cli.app import app
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.report.show import _finding, render
from tests.helpers.hands import write
from tests.helpers.paths import CORPUS, PHH_FIXTURES, corpus_file
from tests.helpers.replay import BAD, CLEAN

runner = CliRunner()
RIT = corpus_file("PokerStars/HHSmithy__PokerHandHistoryParser")


def test_show_prints_each_action_with_pot_call_range_and_stack(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    result = runner.invoke(app, ["show", "pokerstars:100000000001", str(src)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "A                    call $1.00" in out
    assert "pot $3.00  to call $1.00  raise to $4.00-$6.00  stack $99.00" in out
    assert "Pots (derived | reported):" in out and "Awards (derived | reported):" in out
    assert "Findings: none" in out


def test_show_puts_findings_where_they_happen_and_awards_beside_reported(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    result = runner.invoke(app, ["show", "100000000002", str(src)])
    assert result.exit_code == 0
    assert "! error wrong_split R-SPLIT-1" in result.output
    assert "B                           $2.00 | $3.00" in result.output


def test_show_out_of_turn_finding_under_its_action(tmp_path: Path) -> None:
    swapped = CLEAN.replace("B: checks\nA: checks\n*** TURN", "A: checks\nB: checks\n*** TURN")
    src = write(tmp_path / "in", "a.txt", swapped)
    lines = runner.invoke(app, ["show", "100000000001", str(src)]).output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("FLOP"))
    assert lines[at + 1].lstrip().startswith("A ")
    assert lines[at + 2].strip().startswith("! error action_out_of_turn R-ACT-2")


def test_show_reads_a_dataset_through_its_source_file(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN, BAD)
    out = tmp_path / "ds"
    assert runner.invoke(app, ["audit", str(src), "--out", str(out)]).exit_code == 0
    from_text = runner.invoke(app, ["show", "pokerstars:100000000002", str(src)]).output
    from_ds = runner.invoke(app, ["show", "pokerstars:100000000002", str(out)]).output
    assert from_ds == from_text


def test_show_run_it_twice_from_the_corpus() -> None:
    result = runner.invoke(app, ["show", "pokerstars:124689908714", str(RIT)])
    assert result.exit_code == 0
    assert "side pot 1 board 2" in result.output
    assert "board 2 main pot     whole  FLATC@T" in result.output


def test_show_unknown_hand_is_a_one_line_error(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", CLEAN)
    result = runner.invoke(app, ["show", "pokerstars:42", str(src)])
    assert result.exit_code == 1
    assert result.output.strip() == "omahahh: hand pokerstars:42 not found in the inputs"


def test_show_finds_a_phh_hand_in_a_phhs_file_and_through_a_dataset(tmp_path: Path) -> None:
    """``show phh:<id>`` used to split PHH files as room text and say "not found"."""
    src = PHH_FIXTURES / "pokerkit_fo8_two_hands.phhs"
    from_file = runner.invoke(app, ["show", "phh:3002", str(src)])
    assert from_file.exit_code == 0, from_file.output
    assert from_file.output.startswith("phh:3002  ")
    assert "Awards (derived | reported):" in from_file.output
    out = tmp_path / "ds"
    assert runner.invoke(app, ["ingest", str(src), "--out", str(out)]).exit_code == 0
    from_ds = runner.invoke(app, ["show", "phh:3002", str(out)])
    assert from_ds.exit_code == 0, from_ds.output
    assert from_ds.output == from_file.output


def test_show_finds_a_phh_hand_by_its_bare_id_in_a_folder() -> None:
    result = runner.invoke(app, ["show", "1001", str(PHH_FIXTURES)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("phh:1001  ")


# -- every street's board, every shown hand, every runout ---------------------------

SHOWN_ROOMS = ("PokerStars", "GGPoker", "Winamax")


def _corpus_hands() -> list[HandRecord]:
    sources = [CORPUS / room for room in SHOWN_ROOMS] + [PHH_FIXTURES]
    return [
        h
        for f in expand_paths(sources)
        for h in parse_blocks(iter_blocks(f))
        if isinstance(h, HandRecord)
    ]


@pytest.fixture(scope="module")
def shown() -> list[tuple[HandRecord, AuditedHand, str]]:
    out = []
    for hand in _corpus_hands():
        audited = audit_hand(hand)
        out.append((hand, audited, render(audited)))
    return out


@pytest.mark.corpus
@pytest.mark.parametrize("site", ["pokerstars", "ggpoker", "winamax", "phh"])
def test_show_prints_every_board_shown_hand_and_finding_of_every_room(
    shown: list[tuple[HandRecord, AuditedHand, str]], site: str
) -> None:
    hands = [x for x in shown if x[0].site.value == site]
    assert hands, site
    for hand, audited, text in hands:
        for board in hand.boards:
            for n, street in ((3, "FLOP"), (4, "TURN"), (5, "RIVER")):
                if len(board) >= n:
                    title = next(line for line in text.splitlines() if line.startswith(street))
                    assert f"[{cards_str(board[:n])}]" in title, (hand.hand_key, title)
        for show in hand.shows:
            if show.cards:
                assert f"[{cards_str(show.cards)}]" in text.split("SHOWDOWN", 1)[1], hand.hand_key
        for seat in hand.summary_seats:
            if seat.showed:
                assert f"[{cards_str(seat.showed)}]" in text, hand.hand_key
        for finding in audited.findings:
            assert text.count(f"! {_finding(finding)}") >= 1, (hand.hand_key, finding.code)


def test_show_after_an_all_in_on_the_flop_prints_turn_river_and_the_shown_hands(
    tmp_path: Path,
) -> None:
    """With an all-in on the flop only the flop was printed."""
    text = (
        CLEAN.replace(
            "B: checks\nA: checks\n*** TURN",
            "B: bets $98 and is all-in\nA: calls $98 and is all-in\n*** TURN",
        )
        .replace("B: checks\nA: checks\n*** RIVER", "*** RIVER")
        .replace("B: checks\nA: checks\n*** SHOW", "*** SHOW")
    )
    src = write(tmp_path / "in", "a.txt", text)
    result = runner.invoke(app, ["show", "100000000001", str(src)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "\nTURN  [2c 7d 9h Kd]\n" in out and "\nRIVER  [2c 7d 9h Kd Ks]\n" in out
    showdown = out.split("\nSHOWDOWN\n", 1)[1]
    assert "A                    shows [As Qc 3d 4c]" in showdown


def test_show_run_it_twice_prints_both_runouts_and_both_showdowns() -> None:
    result = runner.invoke(app, ["show", "pokerstars:124689908714", str(RIT)])
    lines = result.output.splitlines()
    assert "RIVER  board 1 [3d Kd 9h 8h 4s]  |  board 2 [3d Kd 9h 8h Kc]" in lines
    assert "TURN  [3d Kd 9h 8h]" in lines  # one turn: both runs share it
    assert sum("shows [Jd Ts Qd Qs]" in line for line in lines) == 2


def test_show_puts_a_pot_finding_under_its_award(tmp_path: Path) -> None:
    src = write(tmp_path / "in", "a.txt", BAD)
    lines = runner.invoke(app, ["show", "100000000002", str(src)]).output.splitlines()
    at = next(i for i, line in enumerate(lines) if "! error wrong_split" in line)
    assert lines[at - 1].startswith("  board 1 main pot")
    assert lines[-1] == "Findings: see above"


def test_show_from_a_dataset_finds_a_hand_whose_block_opens_with_a_lead_in_line(
    tmp_path: Path,
) -> None:
    """888poker files open each hand with ``#Game No : N``: the block starts on that line,
    the hand (its ``source_line``) on the header after it; the dataset's hand is re-read."""
    text = corpus_file(
        "Pacific-888/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
        "/SampleHandHistories/Pacific/CashGame/GameTypeTests/NoLimitOmaha.txt"
    ).read_text(encoding="utf-8-sig")
    assert text.startswith("#Game No : 184089742\n***** Cassava Hand History")
    src = write(tmp_path / "in", "a.txt", CLEAN, text)
    ds = tmp_path / "ds"
    assert runner.invoke(app, ["ingest", str(src), "--out", str(ds)]).exit_code == 0
    for key in ("888poker:184089742", "pokerstars:100000000001"):
        result = runner.invoke(app, ["show", key, str(ds)])
        assert result.exit_code == 0, result.output
        assert result.output.startswith(key)
