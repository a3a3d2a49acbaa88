"""Boss Media XML (parsers/boss.py; docs/SITES.md): the corpus hands that show how each
figure is meant, and crafted ones."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure
from omahahh.parsers.boss import link_card
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS, corpus_file

BOSS_HH = corpus_file(
    "BossXML/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/BossMedia"
)
BOSS_FPDB = CORPUS / "BossXML/jejellyroll-fr__fpdb-3/regression-test-files/cash/Boss/Flop"
BOSS_GG = corpus_file(
    "BossXML/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/BossMedia"
)


def hands(path: Path) -> list[HandRecord | ParseFailure]:
    return [parse_block(b) for b in iter_blocks(path)]


def the_hand(path: Path) -> HandRecord:
    (hand,) = hands(path)
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    return hand


def errors(hand: HandRecord) -> list[str]:
    return [f.code.value for f in audit_hand(hand).findings if f.severity.value != "info"]


def test_card_links_run_ace_to_king_in_diamonds_clubs_hearts_spades() -> None:
    assert [cards_str([link_card(str(n))]) for n in (0, 12, 13, 26, 38, 51)] == [  # type: ignore[list-item]
        "Ad", "Kd", "Ac", "Ah", "Kh", "Ks",
    ]  # fmt: skip
    assert link_card("b") is None


def test_raise_and_all_in_values_are_street_totals() -> None:
    # AllInHandWithShowdown: raises to 450, 1650, 5250, then all-in for whole stacks.
    hand = the_hand(BOSS_HH / "CashGame/HandActionTests/AllInHandWithShowdown.txt")
    shove, call = hand.actions[-2:]
    assert (shove.player, shove.kind, shove.to_amount, shove.all_in) == (
        "SAMERRRR", ActionKind.RAISE, 1597251, True,
    )  # fmt: skip
    # ALLIN 8635.00 from 5250.00 in, short of the shove: an all-in call of 3385.00.
    assert (call.player, call.kind, call.amount, call.all_in) == (
        "ItalyToast", ActionKind.CALL, 338500, True,
    )  # fmt: skip
    assert hand.total_pot_reported == 1755500 and hand.rake_reported == 1500
    assert errors(hand) == []


def test_call_values_are_chips_added_from_2014() -> None:
    # BasicHand.txt: the 5.00 small blind calls 5.00 and is at 10.00.
    hand = the_hand(BOSS_HH / "CashGame/HandActionTests/BasicHand.txt")
    call = next(a for a in hand.actions if a.kind is ActionKind.CALL and a.player == "1Mentalist")
    assert call.amount == 500
    assert errors(hand) == []


@pytest.mark.corpus
def test_older_calls_printing_the_street_total_are_read_as_such() -> None:
    # LO8-EUR-0.05-0.10-201207.xml: the 0.05 small blind calls 0.35, the flop pot is 0.80.
    hand = the_hand(BOSS_FPDB / "LO8-EUR-0.05-0.10-201207.xml")
    call = next(a for a in hand.actions if a.kind is ActionKind.CALL)
    assert (call.player, call.amount) == ("Player0", 30)
    assert any("street total" in n for n in hand.notes)
    assert hand.variant == "PLO-8" and errors(hand) == []


@pytest.mark.corpus
def test_no_dealer_attribute_the_button_is_before_the_small_blind() -> None:
    # PLO-EUR-0.25-0.50-200905.omatu.txt (2009): no DEALER; Hero (seat 5) posts the SB.
    hand = the_hand(BOSS_FPDB / "PLO-EUR-0.25-0.50-200905.omatu.txt")
    assert hand.button_seat == 4 and errors(hand) == []


@pytest.mark.corpus
def test_dead_small_blind_is_dead_money() -> None:
    # PLO8-CAD-0.05-0.10-201703.dead.small.txt: two HAND_DSB posts with a big blind.
    hand = the_hand(BOSS_FPDB / "PLO8-CAD-0.05-0.10-201703.dead.small.txt")
    dead = [a for a in hand.actions if a.kind is ActionKind.POST_DEAD]
    assert [(a.player, a.amount) for a in dead] == [("Player2", 5), ("Player3", 5)]
    assert hand.currency == "CAD" and hand.total_pot_reported == 214 and errors(hand) == []


def test_unix_date_is_the_instant_and_a_sit_and_go_plays_for_chips() -> None:
    hand = the_hand(BOSS_GG / "SitAndGo/GeneralHands/GeneralHand.txt")
    assert hand.game_type is GameType.TOURNAMENT and hand.unit == 1
    assert hand.started_at == datetime.fromtimestamp(1403713778, UTC)
    assert sorted((c.player, c.half) for c in hand.collections) == [
        ("Player1", None), ("Player2", "low"),
    ]  # fmt: skip
    assert errors(hand) == []


def test_html_entities_in_names_and_an_action_by_no_one_seated() -> None:
    # StrangePlayerNames.txt: names `&&££ÖÖ` and `L'POOL`; the blinds name "Player1", a
    # seat the fixture renamed: the hand fails, naming the element and its line.
    (failure,) = hands(BOSS_GG / "CashGame/PlayerTests/StrangePlayerNames.txt")
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unknown_player"
    assert failure.source_line == 7 and "<ACTION> of line 7 names 'Player1'" in failure.reason
    assert failure.hand_key == "boss:2306000000"


def test_a_closing_root_with_no_opening_loses_no_hand() -> None:
    hand = the_hand(BOSS_GG / "CashGame/HandActionTests/UncalledBet.txt")
    assert hand.total_pot_reported == 32907 and hand.rake_reported == 843


CRAFTED_BOSS = """<ROOT>
<HISTORY ID="1" TABLE="T" GAME="GAME_OMA" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL" STAKES="1.00/2.00" DATE="1400000000">
<PLAYER NAME="A" SEAT="1" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="B" SEAT="2" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="A" KIND="HAND_SB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="B" KIND="HAND_BB" VALUE="2.00"></ACTION>
<ACTION TYPE="ACTION_SHOVE" PLAYER="A" VALUE="3.00"></ACTION>
</HISTORY>
<HISTORY ID="2" TABLE="T" GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL" STAKES="1.00/2.00" DATE="1400000000">
</HISTORY>
</ROOT>
"""


def test_unknown_action_and_other_games_fail_naming_the_element() -> None:
    first, second = parse_text(CRAFTED_BOSS, "crafted.xml")
    assert isinstance(first, ParseFailure) and first.reason_code == "unknown_action"
    assert first.source_line == 7 and "ACTION_SHOVE" in first.reason
    assert isinstance(second, ParseFailure) and second.reason_code == "unsupported_game"
    assert second.source_line == 9
