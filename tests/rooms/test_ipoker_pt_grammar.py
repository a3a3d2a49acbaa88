"""iPoker hands as PokerTracker writes them (``GAME #``), each shape read from a hand
crafted from it (tests/data/crafted/ipoker_pt/, README there): what is read, and no
error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("ipoker_pt")
text = ROOM.text
results = ROOM.results
hand = ROOM.hand
loud = loud_findings


def first_cash() -> str:
    return text("cash.txt").split("\n\n\n")[0] + "\n"


def test_cash_header_table_seats_and_suit_first_cards() -> None:
    first, second = results(text("cash.txt"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert (first.site, first.hand_id, first.currency, first.variant) == (
        Site.IPOKER_PT,
        "9300000001",
        "EUR",
        "PLO",
    )
    assert first.started_at == datetime(2023, 5, 1, 18, 0, tzinfo=UTC)  # "/GMT"
    assert (first.table_name, first.max_seats, first.button_seat) == (
        "Crafted Lyon, 900000003",
        6,
        3,
    )
    assert (first.small_blind, first.big_blind) == (50, 100)
    assert [(p, cards_str(c)) for p, c in first.dealt] == [("Hero", "As Kh Td 2c")]
    assert cards_str(first.boards[0]) == "4c 8d 3h"


def test_raise_nf_is_a_raise_to_call_and_bet_the_chips_added() -> None:
    h = hand(first_cash())
    moves = [(a.player, a.kind, a.amount) for a in h.actions if a.kind is not ActionKind.FOLD]
    assert moves == [
        ("Villain2", ActionKind.POST_SMALL_BLIND, 50),
        ("Hero", ActionKind.POST_BIG_BLIND, 100),
        ("Villain1", ActionKind.RAISE, 350),
        ("Hero", ActionKind.CALL, 250),
        ("Hero", ActionKind.CHECK, 0),
        ("Villain1", ActionKind.BET, 500),
    ]


def test_total_pot_is_net_of_rake_and_of_the_unmatched_bet() -> None:
    h = hand(first_cash())
    assert (h.total_pot_reported, h.rake_reported) == (725, 25)
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 725)]
    result = audit_hand(h).result
    assert result is not None and [(u.player, u.amount) for u in result.uncalled] == [
        ("Villain1", 500)
    ]
    assert loud(h) == []


def test_allin_adds_its_chips_side_pot_and_shows() -> None:
    _, h = results(text("cash.txt"))
    assert isinstance(h, HandRecord)
    shove = next(a for a in h.actions if a.player == "Villain1" and a.all_in)
    assert (shove.kind, shove.amount) == (ActionKind.BET, 1850)
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 8910), ("Hero", 8217)]
    assert (h.shows[0].player, h.shows[0].description) == ("Hero", "Three of a kind, Aces")
    assert (h.total_pot_reported, h.rake_reported) == (17127, 173)
    assert loud(h) == []


def test_a_tournament_prints_euros_on_its_chips_and_antes() -> None:
    h = hand(text("tournament_hilo.txt"))
    assert (h.game_type, h.currency, h.unit, h.variant) == (
        GameType.TOURNAMENT,
        "CHIPS",
        1,
        "PLO-8",
    )
    assert (h.tournament_id, h.buy_in, h.max_seats) == ("1200000001", "€9.20 + €0.80", 6)
    assert (h.ante, h.small_blind, h.big_blind) == (10, 50, 100)
    assert next(s.stack_start for s in h.seats if s.player == "Hero") == 1500
    assert (h.total_pot_reported, h.rake_reported) == (920, None)
    assert [(c.player, c.amount) for c in h.collections] == [("Hero", 460), ("Villain2", 460)]
    assert loud(h) == []


def test_without_uncalled_y_the_figures_decide() -> None:
    flagless = first_cash().replace(" Version:23.1.1.1 Uncalled:Y", "")
    assert loud(hand(flagless)) == []  # wins €7.25 of 12.50 put in: the return is outside
    holding = flagless.replace("Villain1: wins €7.25", "Villain1: wins €12.25")
    holding = holding.replace("Total pot €7.25", "Total pot €12.25")
    h = hand(holding)
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 725)]
    assert h.total_pot_reported == 725
    assert loud(h) == []


def test_posts_of_both_blinds_and_a_dead_small_blind() -> None:
    source = first_cash().replace(
        "Seat 5: Villain2 (€120.00 in chips)\n",
        "Seat 5: Villain2 (€120.00 in chips)\nSeat 6: Late (€50.00 in chips)\n",
    )
    source = source.replace("Hero: Post BB €1.00\n", "Hero: Post BB €1.00\nLate: Post DB €1.50\n")
    source = source.replace("Villain2: Fold\n", "Villain2: Fold\nLate: Fold\n")
    source = source.replace("Total pot €7.25 Rake €0.25", "Total pot €8.75 Rake €0.25")
    source = source.replace("Villain1: wins €7.25", "Villain1: wins €8.75")
    h = hand(source)
    late = [(a.kind, a.amount) for a in h.actions if a.player == "Late"]
    assert late == [
        (ActionKind.POST_DEAD, 50),
        (ActionKind.POST_BIG_BLIND, 100),
        (ActionKind.FOLD, 0),
    ]
    assert loud(h) == []


def test_other_headers_and_lines() -> None:
    source = first_cash().replace(
        "Omaha PL €0.50/€1 2023-05-01 18:00:00/GMT",
        "Omaha Pot Limit (€0.50/€1) 2023-05-01 18:00:00/GMT",
    )
    assert hand(source).game.structure is Structure.POT_LIMIT
    blaze = first_cash().replace("Table Crafted Lyon, 900000003", "Table Blaze Lyon, 900000003")
    assert hand(blaze).fast_fold
    quick = first_cash().replace("Villain2: Fold", "Villain2 Quick Folded")
    assert hand(quick).fast_fold
    button = first_cash().replace(
        "Seat 3: Villain1 (€80.00 in chips)  DEALER", "Seat 3: Villain1 (€80.00 in chips)"
    )
    button = button.replace("Seat 1: Hero", "The button is in seat #3\nSeat 1: Hero")
    assert hand(button).button_seat == 3


def test_holdem_and_an_unknown_zone_are_refused() -> None:
    holdem = results(first_cash().replace("Omaha PL €0.50/€1", "Holdem NL €0.50/€1"))
    assert isinstance(holdem[0], ParseFailure) and holdem[0].reason_code == "unsupported_game"
    zone = results(first_cash().replace("/GMT", "/XYZ"))
    assert isinstance(zone[0], ParseFailure) and zone[0].reason_code == "bad_header"


def test_a_cancelled_hand() -> None:
    source = first_cash().split("*** HOLE CARDS ***")[0] + "Hand cancelled\n"
    h = hand(source)
    assert h.cancelled and not h.collections
    assert loud(h) == []
