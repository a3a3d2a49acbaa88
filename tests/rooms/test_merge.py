"""Merge XML (parsers/merge.py; docs/SITES.md): the corpus hands that show how each figure is
meant."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Street
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS, corpus_file

MERGE = CORPUS / "MergeXML/jejellyroll-fr__fpdb-3/regression-test-files"


MERGE_HH = corpus_file(
    "MergeXML/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/Merge/CashGame"
)


def the_hand(path: Path) -> HandRecord:
    (hand,) = [parse_block(b) for b in iter_blocks(path)]
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    return hand


def problems(hand: HandRecord) -> list[str]:
    return [f.code.value for f in audit_hand(hand).findings if f.severity.value != "info"]


def test_merge_raise_is_a_street_total_call_and_bet_chips_added() -> None:
    # OmahaShowdown.txt: the 3.00 small blind RAISE 18.00, the 6.00 big blind CALL 12.00.
    hand = the_hand(MERGE_HH / "PlayerTests/OmahaShowdown.txt")
    pre = [(a.player, a.kind, a.amount) for a in hand.actions if a.street is Street.PREFLOP]
    assert pre[-2:] == [
        ("girlpoker69", ActionKind.RAISE, 1500), ("IlikePLO", ActionKind.CALL, 1200),
    ]  # fmt: skip
    assert hand.seats[-1].sitting_out  # TomthegianT: dealtin="false"
    assert hand.button_seat == 6 and hand.rake_reported == 50
    assert problems(hand) == []


@pytest.mark.corpus
def test_merge_uncalled_winner_is_the_return_and_the_first_event_the_start() -> None:
    hand = the_hand(MERGE / "cash/Merge/Flop/PLO-USD-0.50-1.00-201206.new.date.format.txt")
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Hero", 1400)]
    assert [(c.player, c.amount, c.pot_index) for c in hand.collections] == [("Hero", 1350, 0)]
    assert hand.started_at == datetime.fromtimestamp(1338939705.137, UTC)
    assert hand.started_at_text == "2012/06/05 19:39:26 -0400"
    assert problems(hand) == []


@pytest.mark.corpus
def test_merge_tournament_balances_are_after_the_blinds() -> None:
    hand = the_hand(MERGE / "tour/Merge/Flop/PLO8-USD-SNG-2-2012.Sample.xml")
    assert hand.game_type is GameType.TOURNAMENT and hand.unit == 1
    stacks = {s.player: s.stack_start for s in hand.seats}
    assert stacks["Player2"] == 1500 and stacks["Player3"] == 1500  # 1490 + 10, 1480 + 20
    assert hand.variant == "PLO-8" and problems(hand) == []


def test_merge_an_event_by_an_empty_seat_fails_naming_it() -> None:
    text = (MERGE_HH / "PlayerTests/OmahaShowdown.txt").read_text("utf-8-sig")
    (failure,) = parse_text(text.replace('player="4" amount="48.00"', 'player="3" amount="48.00"'))
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unknown_player"
    assert "no one in seat '3'" in failure.reason


def test_merge_pot_numbers_name_the_pots_and_leave_the_game_label_alone() -> None:
    """``<winner potnumber="N">``: the award comes from pot N-1 (a label of its own); the
    header's game words stay the game's (a pot's label once overwrote them)."""
    hand = the_hand(MERGE_HH / "PlayerTests/OmahaShowdown.txt")
    assert hand.game.game_label == "Omaha Pot Limit ($3/$6)"
    assert {(c.pot_index, c.pot_label) for c in hand.collections} == {(0, "main pot")}
