"""Winamax line shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/winamax/, README there): what is read, and no error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.audit.hand import audit_hand
from omahahh.model import GameType, ParseFailure
from omahahh.parsers.registry import is_hand_history
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("winamax")
DATA = ROOM.folder
text = ROOM.text
one = ROOM.one
hand = ROOM.hand
loud = loud_findings


def test_go_fast_is_fast_fold_cash() -> None:
    h = hand(text("go_fast_header.txt"))
    assert (h.hand_key, h.game_type, h.fast_fold) == (
        "winamax:5334663-1379-1383796492",
        GameType.CASH,
        True,
    )
    # Σ put in 3.45€ = total 3.39€ + rake 0.06€; Carol's unmatched 1.50€ is in her 3.39€.
    assert (h.total_pot_reported, h.rake_reported) == (339, 6)
    assert [(c.player, c.amount) for c in h.collections] == [("Carol", 339)]
    assert loud(h) == []


def test_hold_up_and_escape_tables_add_room_money_to_the_pot() -> None:
    for name, kind in (("holdup_to_pot.txt", "HOLD-UP"), ("escape_to_pot.txt", "ESCAPE")):
        h = hand(text(name))
        assert kind in text(name).splitlines()[0]
        assert (h.game_type, h.fast_fold, h.cash_drop_reported) == (GameType.CASH, False, 30)
        # 3.45€ put in + 0.30€ from the room = total 3.69€ + rake 0.06€
        assert (h.total_pot_reported, h.rake_reported) == (369, 6)
        assert [(c.player, c.amount) for c in h.collections] == [("Carol", 369)]
        assert loud(h) == [], name
        result = audit_hand(h).result
        assert result is not None and result.total_pot == 375 - 150  # less the return


def test_uncalled_bet_of_with_the_return_inside_collected() -> None:
    h = hand(text("uncalled_bet_of.txt"))
    assert [(u.player, u.amount, u.street.value) for u in h.uncalled] == [("Carol", 150, "flop")]
    assert [(c.player, c.amount) for c in h.collections] == [("Carol", 339)]
    assert loud(h) == []


def test_uncalled_bet_of_with_the_return_outside_collected() -> None:
    h = hand(text("uncalled_bet_of_outside.txt"))
    assert [(u.player, u.amount) for u in h.uncalled] == [("Carol", 150)]
    assert (h.total_pot_reported, [(c.player, c.amount) for c in h.collections]) == (
        189,
        [("Carol", 189)],
    )
    assert loud(h) == []


def test_a_printed_return_that_is_not_the_unmatched_bet_is_an_error() -> None:
    h = hand(text("uncalled_bet_of.txt").replace("Uncalled bet of 1.50€", "Uncalled bet of 1€"))
    assert "uncalled_mismatch" in loud(h)


def test_denies_big_blind() -> None:
    h = hand(text("denies_big_blind.txt"))
    dave = next(s for s in h.seats if s.player == "Dave")
    assert dave.sitting_out and not [a for a in h.actions if a.player == "Dave"]
    assert (h.total_pot_reported, h.rake_reported) == (339, 6)
    assert loud(h) == []


def test_pst_time_is_eight_hours_behind_utc() -> None:
    h = hand(text("pst_zone.txt"))
    assert h.started_at == datetime(2013, 11, 7, 3, 54, 52, tzinfo=UTC)
    assert loud(h) == []


def test_an_unknown_zone_is_refused() -> None:
    failed = one(text("pst_zone.txt").replace(" PST", " XYZ"))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "bad_header"
    assert "XYZ" in failed.reason and failed.source_line == 1


def test_tournament_header_without_a_level() -> None:
    h = hand(text("tournament_no_level.txt"))
    assert (h.game_type, h.tournament_level, h.tournament_id, h.currency) == (
        GameType.TOURNAMENT,
        None,
        "144278641",
        "CHIPS",
    )
    assert h.buy_in == '"Sit&Go Omaha" 4.60€ + 0.40€'
    assert (h.small_blind, h.big_blind, h.total_pot_reported, h.rake_reported) == (15, 30, 345, 0)
    assert [(c.player, c.amount) for c in h.collections] == [("Carol", 345)]
    assert loud(h) == []


def test_a_tournament_summary_is_not_a_hand_history() -> None:
    assert not is_hand_history(DATA / "tournament_summary.txt")
    failed = one(text("tournament_summary.txt"))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "not_a_hand"
