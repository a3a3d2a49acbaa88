"""Boss Media XML shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/boss/, README there): what is read, and no error or warning."""

from __future__ import annotations

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind, ParseFailure
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("boss", "crafted.xml")
text = ROOM.text
one = ROOM.one
hand = ROOM.hand
loud = loud_findings


def test_hand_ab_is_a_live_big_blind_and_a_dead_small_one() -> None:
    h = hand(text("hand_ab_both_blinds.xml"))
    delta = [(a.kind, a.amount) for a in h.actions if a.player == "Delta"][:2]
    assert delta == [(ActionKind.POST_BIG_BLIND, 100), (ActionKind.POST_DEAD, 50)]
    assert (h.small_blind, h.big_blind) == (50, 100)
    # SHOWDOWN POT 3.80 is after the 0.20 rake; Alpha's 2.00 flop bet goes back.
    assert (h.total_pot_reported, h.rake_reported) == (380, 20)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 380)]
    result = audit_hand(h).result
    assert result is not None and result.total_pot == 400
    assert [(u.player, u.amount) for u in result.uncalled] == [("Alpha", 200)]
    assert loud(h) == []


def test_a_second_small_blind_is_dead() -> None:
    source = text("hand_ab_both_blinds.xml").replace(
        'KIND="HAND_AB" VALUE="1.50"', 'KIND="HAND_SB" VALUE="0.50"'
    )
    # Delta puts in 1.50 either way: 0.50 dead, then a call of the 1.00 big blind.
    source = source.replace(
        '<ACTION TYPE="ACTION_CHECK" PLAYER="Delta"></ACTION>\n<ACTION TYPE="ACTION_CALL"',
        '<ACTION TYPE="ACTION_CALL" PLAYER="Delta" VALUE="1.00"></ACTION>\n<ACTION TYPE="ACTION_CALL"',
    )
    h = hand(source)
    delta = [(a.kind, a.amount) for a in h.actions if a.player == "Delta"][:2]
    assert delta == [(ActionKind.POST_DEAD, 50), (ActionKind.CALL, 100)]
    assert h.small_blind == 50
    assert loud(h) == []


def test_an_unknown_blind_kind_is_refused_naming_its_line() -> None:
    failed = one(text("hand_ab_both_blinds.xml").replace('KIND="HAND_AB"', 'KIND="HAND_XB"'))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unknown_action"
    assert "HAND_XB" in failed.reason and failed.source_line == 8


def test_other_games_are_refused() -> None:
    for game in ("GAME_THM", "GAME_FCD"):
        failed = one(text("hand_ab_both_blinds.xml").replace('GAME="GAME_OMA"', f'GAME="{game}"'))
        assert isinstance(failed, ParseFailure) and failed.reason_code == "unsupported_game"
