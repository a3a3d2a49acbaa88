"""Betfair's text, each shape read from a hand crafted from it (tests/data/crafted/betfair/,
README there): what is read, and no error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site, Structure
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("betfair")
text = ROOM.text
results = ROOM.results
hand = ROOM.hand
loud = loud_findings


def first_hand() -> str:
    return text("cash.txt").split("\n\n")[0] + "\n"


def test_header_table_seats_and_the_gmt_time() -> None:
    first, second = results(text("cash.txt"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert (first.site, first.hand_id, first.currency, first.variant) == (
        Site.BETFAIR,
        "500000001",
        "USD",
        "PLO",
    )
    assert first.game.structure is Structure.POT_LIMIT
    assert first.started_at == datetime(2009, 3, 14, 20, 15, 2, tzinfo=UTC)
    assert (first.table_name, first.max_seats, first.button_seat) == ("Crafted 7", 6, 2)
    assert (first.small_blind, first.big_blind) == (5, 10)
    assert [(p, cards_str(c)) for p, c in first.dealt] == [("Hero", "As Kh Td 2c")]


def test_raises_to_is_a_street_total_calls_and_bets_the_chips_added() -> None:
    h = hand(first_hand())
    moves = [(a.player, a.kind, a.amount) for a in h.actions if a.kind.value != "fold"]
    assert moves == [
        ("Villain2", ActionKind.POST_SMALL_BLIND, 5),
        ("Hero", ActionKind.POST_BIG_BLIND, 10),
        ("Villain1", ActionKind.RAISE, 35),
        ("Hero", ActionKind.CALL, 25),
        ("Hero", ActionKind.CHECK, 0),
        ("Villain1", ActionKind.BET, 50),
    ]


def test_wins_leaves_the_unmatched_bet_out_and_no_rake_is_printed() -> None:
    h = hand(first_hand())
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 72)]
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (75, 3)
    assert [(u.player, u.amount) for u in result.uncalled] == [("Villain1", 50)]
    assert loud(h) == []


def test_wins_holding_the_unmatched_bet_is_read_without_it() -> None:
    h = hand(first_hand().replace("wins $0.72 from main pot", "wins $1.22 from main pot"))
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 72)]
    assert loud(h) == []


def test_figures_that_fit_both_readings_are_refused() -> None:
    # the pot is 10.75, the flop bet 0.50: a rake of 0.53 or 0.03 would both be possible
    source = first_hand().replace("raises to [$0.35]", "raises to [$5.35]")
    source = source.replace("Hero calls [$0.25]", "Hero calls [$5.25]")
    source = source.replace("wins $0.72 from main pot", "wins $10.22 from main pot")
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "ambiguous_amount"
    assert failed.excerpt.startswith("Villain1 wins $10.22")


def test_showdown_side_pot_and_descriptions() -> None:
    _, h = results(text("cash.txt"))
    assert isinstance(h, HandRecord)
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [
        ("Hero", 880, 0),
        ("Villain2", 338, 1),
        ("Villain3", 338, 1),
    ]
    assert (h.shows[0].player, h.shows[0].description) == ("Hero", "a straight, Eight high")
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (1610, 54)
    assert loud(h) == []


def test_both_blinds_a_seat_with_no_chips_and_a_player_sitting_out() -> None:
    source = first_hand().replace(
        "Seat 4: Villain2 ( $12.20 )\n",
        "Seat 4: Villain2 ( $12.20 )\nSeat 5: Gone ( $0 )\nSeat 6: Away ( $7 )\nSeat 3: Late ( $9 )\n",
    )
    source = source.replace(
        "Hero posts big blind [$0.10]\n",
        "Hero posts big blind [$0.10]\nLate posts small & big blinds [$0.15]\nAway sits out\n",
    )
    source = source.replace("Villain2 folds\n", "Late folds\nVillain2 folds\n")
    source = source.replace("wins $0.72 from main pot", "wins $0.87 from main pot")
    h = hand(source)
    late = [(a.kind, a.amount) for a in h.actions if a.player == "Late"]
    assert late == [
        (ActionKind.POST_DEAD, 5),
        (ActionKind.POST_BIG_BLIND, 10),
        (ActionKind.FOLD, 0),
    ]
    out = {s.player for s in h.seats if s.sitting_out}
    assert out == {"Gone", "Away"}
    assert loud(h) == []


def test_raises_without_to_adds_its_chips() -> None:
    h = hand(first_hand().replace("Villain1 raises to [$0.35]", "Villain1 raises [$0.35]"))
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (35, 35)


def test_other_games_and_no_limit_word_are_refused() -> None:
    holdem = results(first_hand().replace("PL $0.05/$0.10 Omaha", "NL $0.05/$0.10 Texas Hold'em"))
    assert isinstance(holdem[0], ParseFailure) and holdem[0].reason_code == "unsupported_game"
    bare = results(first_hand().replace("PL $0.05/$0.10 Omaha", "$0.05/$0.10 Omaha"))
    assert isinstance(bare[0], ParseFailure) and bare[0].reason_code == "unsupported_game"
    assert bare[0].source_line == 2
