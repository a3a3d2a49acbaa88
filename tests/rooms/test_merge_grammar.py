"""Merge XML shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/merge/, README there): what is read, and no error or warning."""

from __future__ import annotations

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Structure
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("merge", "crafted.xml")
text = ROOM.text
results = ROOM.results
hand = ROOM.hand
loud = loud_findings


def posts(h: HandRecord, player: str) -> list[tuple[ActionKind, int]]:
    return [
        (a.kind, a.amount)
        for a in h.actions
        if a.player == player and a.kind.value.startswith("post")
    ]


def test_return_blind_above_the_big_blind_is_both_and_at_it_a_big_blind() -> None:
    h = hand(text("return_blind.xml"))
    assert posts(h, "Three") == [(ActionKind.POST_BIG_BLIND, 100), (ActionKind.POST_DEAD, 50)]
    assert posts(h, "Four") == [(ActionKind.POST_BIG_BLIND, 100)]
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (1100, 55)
    assert [(c.player, c.amount) for c in h.collections] == [("Zero", 1045)]
    assert [(u.player, u.amount) for u in h.uncalled] == [("Zero", 600)]
    assert loud(h) == []


def test_return_blind_below_the_big_blind_is_a_dead_small_blind() -> None:
    source = text("return_blind.xml").replace(
        'type="RETURN_BLIND" timestamp="1338939900300" player="3" amount="1.50"',
        'type="RETURN_BLIND" timestamp="1338939900300" player="3" amount="0.50"',
    )
    assert posts(hand(source), "Three") == [(ActionKind.POST_DEAD, 50)]


def test_one_description_serves_two_games() -> None:
    first, second = results(text("one_description_two_games.xml"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert (first.hand_id, second.hand_id) == ("56541891-1", "56541891-2")
    assert loud(first) == [] and loud(second) == []


def test_an_all_in_in_the_blinds_round_is_an_all_in_big_blind() -> None:
    h = hand(text("allin_blind_tournament.xml"))
    assert (h.game_type, h.tournament_id, h.currency) == (GameType.TOURNAMENT, "46630882", "CHIPS")
    big = next(a for a in h.actions if a.player == "Player3")
    assert (big.kind, big.amount, big.all_in) == (ActionKind.POST_BIG_BLIND, 15, True)
    # the tournament balance ($0.00) is after the blind
    assert next(s.stack_start for s in h.seats if s.player == "Player3") == 15
    assert [(c.player, c.amount) for c in h.collections] == [("Player3", 30)]
    assert loud(h) == []


def test_an_all_in_blind_of_no_amount_is_refused() -> None:
    source = text("allin_blind_tournament.xml").replace(
        'type="ALL_IN" timestamp="1325957400001" player="2" amount="15.00"',
        'type="ALL_IN" timestamp="1325957400001" player="2" amount="0.00"',
    )
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "ambiguous_amount"
    assert failed.source_line == 10


def test_realmoney_false_is_play_money() -> None:
    h = hand(text("play_money.xml"))
    assert (h.currency, h.unit, h.big_blind) == ("PLAY", 1, 20)
    assert [(c.player, c.amount) for c in h.collections] == [("Zero", 50)]
    assert loud(h) == []


def test_a_mixed_games_omaha_hand_is_told_by_its_multigametype() -> None:
    h = hand(text("mixed_ho_omaha.xml"))
    assert (h.game.structure, h.game.hi_lo, h.variant) == (Structure.FIXED_LIMIT, False, "FLO")
    assert (h.small_blind, h.big_blind, h.small_bet, h.big_bet) == (50, 100, 100, 200)
    assert loud(h) == []
    holdem = text("mixed_ho_omaha.xml").replace('multigametype="4"', 'multigametype="1"')
    (failed,) = results(holdem)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unsupported_game"


def test_half_pot_limit_is_refused() -> None:
    source = text("play_money.xml").replace(
        'stakes="Pot Limit (10/20)"', 'stakes="Half Pot Limit (10/20)"'
    )
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unsupported_game"
    assert "half-pot" in failed.reason


def test_before_2010_09_08_a_raise_is_the_chips_added() -> None:
    h = hand(text("raise_added_before_2010_09_08.xml"))
    raise_ = next(a for a in h.actions if a.player == "Two" and a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (1000, 1100)  # RAISE 10.00 from the 1.00 blind
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (2250, 100)
    assert loud(h) == []


def test_connection_events_carry_no_chips_and_a_sit_out_before_any_post_is_no_hand() -> None:
    h = hand(text("disconnect_reconnect_sit_out.xml"))
    three = next(s for s in h.seats if s.player == "Three")
    assert three.sitting_out and not [a for a in h.actions if a.player == "Three"]
    assert [(c.player, c.amount) for c in h.collections] == [("Two", 715)]
    assert loud(h) == []


def test_a_sit_out_after_a_post_is_a_fold() -> None:
    source = text("disconnect_reconnect_sit_out.xml").replace(
        '<event sequence="6" type="FOLD" timestamp="1338941406000" player="1"/>',
        '<event sequence="6" type="SIT_OUT" player="1"/>',
    )
    h = hand(source)
    assert [a.kind for a in h.actions if a.player == "One"] == [
        ActionKind.POST_SMALL_BLIND,
        ActionKind.FOLD,
    ]
    assert loud(h) == []


def test_a_cancelled_game_returns_every_chip() -> None:
    h = hand(text("game_cancelled.xml"))
    assert h.cancelled and h.rake_reported == 0 and not h.collections
    assert loud(h) == []


def test_other_no_chip_events_are_skipped() -> None:
    base = text("disconnect_reconnect_sit_out.xml")
    for kind in ("LEAVE", "SITTING_OUT", "RABBIT"):
        h = hand(base.replace('type="RECONNECTED"', f'type="{kind}"'))
        assert loud(h) == [], kind
