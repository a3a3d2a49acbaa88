"""PokerStars line shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/pokerstars/, README there): what is read, and no error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.model import ActionKind, HandRecord, ParseFailure, Structure
from omahahh.parsers.registry import is_hand_history
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("pokerstars")
DATA = ROOM.folder
text = ROOM.text
one = ROOM.one
hand = ROOM.hand
loud = loud_findings


def money(
    h: HandRecord,
) -> tuple[int | None, int | None, list[tuple[str, int]], list[tuple[str, int]]]:
    return (
        h.total_pot_reported,
        h.rake_reported,
        [(c.player, c.amount) for c in h.collections],
        [(u.player, u.amount) for u in h.uncalled],
    )


def test_italian_licence_id_after_the_stakes() -> None:
    h = hand(text("adm_id_header.txt"))
    assert (h.hand_key, h.currency, h.stakes) == (
        "pokerstars:250000000101",
        "EUR",
        "€0.05/€0.10 EUR",
    )
    assert (h.small_blind, h.big_blind) == (5, 10)
    assert h.started_at == datetime(2024, 3, 1, 17, 0, tzinfo=UTC)  # the ET stamp
    assert money(h) == (145, 4, [("Carol", 141)], [("Carol", 100)])
    assert loud(h) == []
    older = hand(text("adm_id_header.txt").replace("[ADM ID: ", "[AAMS ID: "))
    assert older.hand_id == h.hand_id and older.total_pot_reported == 145


def test_2008_time_stamp_with_a_dash_and_the_zone_in_parentheses() -> None:
    h = hand(text("time_2008.txt"))
    assert h.hand_key == "pokerstars:19000000101"
    assert h.started_at == datetime(2008, 8, 17, 5, 14, 43, tzinfo=UTC)  # 01:14:43 EDT
    assert h.started_at_text == "2008/08/17 01:14:43"
    assert money(h) == (65, 3, [("Alice", 62)], [("Alice", 40)])
    assert loud(h) == []


def test_a_zone_not_known_is_refused_unless_the_et_stamp_gives_the_time() -> None:
    failed = one(text("time_2008.txt").replace("(ET)", "(XYZ)"))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "bad_header"
    assert "XYZ" in failed.reason and failed.source_line == 1
    stamped = hand(text("adm_id_header.txt").replace(" CET [", " XYZ ["))
    assert stamped.started_at == datetime(2024, 3, 1, 17, 0, tzinfo=UTC)


def test_omaha_n_cards_labels() -> None:
    five = hand(text("omaha_5_cards.txt"))
    assert (five.variant, five.game.hole_card_count, five.game.game_label) == (
        "PLO5",
        5,
        "Omaha 5 Cards Pot Limit",
    )
    assert money(five) == (65, 3, [("Alice", 62)], [("Alice", 40)])
    assert loud(five) == []
    six = hand(
        text("omaha_5_cards.txt")
        .replace("Omaha 5 Cards", "Omaha 6 Cards")
        .replace("[Ah Kh Qd Jd 4c]", "[Ah Kh Qd Jd 4c 5c]")
    )
    assert (six.variant, six.game.hole_card_count) == ("PLO6", 6)
    assert loud(six) == []


def test_pot_limit_pre_flop_no_limit_post_flop_is_read_as_no_limit_with_a_note() -> None:
    h = hand(text("pl_preflop_nl_postflop.txt"))
    assert h.game.structure is Structure.NO_LIMIT and h.variant == "NLO"
    assert any("pot limit pre-flop, no limit after" in note for note in h.notes)
    bet = next(a for a in h.actions if a.kind is ActionKind.BET)
    assert (bet.player, bet.amount, bet.all_in) == ("Alice", 970, True)  # 15 pots: legal in NL
    assert money(h) == (65, 3, [("Alice", 62)], [("Alice", 970)])
    assert loud(h) == []


def test_rupee_amounts_with_a_space() -> None:
    h = hand(text("rupees.txt"))
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("INR", 100, 500, 1000)
    assert [s.stack_start for s in h.seats] == [100000] * 3
    assert money(h) == (6500, 300, [("Alice", 6200)], [("Alice", 4000)])
    assert "amounts printed 'Rs. N' read as ₹N (INR)" in h.notes
    assert loud(h) == []


def test_rush_hands_are_fast_fold() -> None:
    h = hand(text("time_2008.txt").replace("PokerStars Game #", "PokerStars Rush Hand #"))
    assert h.fast_fold and h.hand_id == "19000000101"


def test_tournament_news_between_the_table_line_and_the_seats() -> None:
    h = hand(text("news_before_seats.txt"))
    assert (h.tournament_id, h.tournament_level, h.currency) == ("3000000101", "II", "CHIPS")
    assert [s.player for s in h.seats] == ["Alice", "Bob", "Carol"]
    assert money(h) == (75, 0, [("Alice", 75)], [("Alice", 60)])
    assert loud(h) == []
    # Only lines that move nothing are passed over: any other line there still fails.
    failed = one(text("news_before_seats.txt").replace("Bob re-buys and", "Bob buys and"))
    assert isinstance(failed, ParseFailure) and failed.reason_code in (
        "bad_seat_line",
        "unknown_line",
    )


def test_a_tournament_summary_is_not_a_hand_history() -> None:
    assert not is_hand_history(DATA / "tournament_summary.txt")
    failed = one(text("tournament_summary.txt"))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "not_a_hand"
