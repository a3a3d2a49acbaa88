"""iPoker XML shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/ipoker/, README there): what is read, and no error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.audit.hand import audit_hand
from omahahh.model import GameType, HandRecord, ParseFailure, Structure
from tests.helpers.crafted import CraftedRoom, loud_findings
from tests.helpers.paths import corpus_file

ROOM = CraftedRoom("ipoker", "crafted.xml")
text = ROOM.text
results = ROOM.results
hand = ROOM.hand
loud = loud_findings


def paid(h: HandRecord) -> list[tuple[str, int]]:
    return [(c.player, c.amount) for c in h.collections]


def test_client_21_without_the_flag_win_leaves_the_unmatched_bet_out() -> None:
    first, second = results(text("v21_no_flag.xml"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    # 1,000kr-style amounts: pot 75 SEK (5 + 35 + 35), Villain2's 70 back, 72 won, 3 raked.
    assert (first.currency, paid(first)) == ("SEK", [("Villain2", 7200)])
    result = audit_hand(first).result
    assert result is not None and (result.total_pot, result.rake) == (7500, 300)
    assert [(u.player, u.amount) for u in result.uncalled] == [("Villain2", 7000)]
    # Type 7 all-ins add chips; Villain1's unmatched 100 goes back; pots 600 and 800.
    assert paid(second) == [("Hero", 78400), ("Villain2", 58800)]
    result = audit_hand(second).result
    assert result is not None and (result.total_pot, result.rake) == (140000, 2800)
    assert loud(first) == [] and loud(second) == []


def test_amounts_with_a_suffix_euro_and_a_decimal_comma() -> None:
    h = hand(text("amount_suffix_euro.xml"))  # "1 250,50€", "0,50€", client 21: win excludes
    assert h.seats[0].stack_start == 125050 and paid(h) == [("Villain1", 100)]
    assert h.started_at == datetime(2021, 5, 18, 18, 26, 13, tzinfo=UTC)
    assert loud(h) == []


def test_amounts_written_with_an_html_entity_or_as_mojibake() -> None:
    for name in ("amount_html_entity.xml", "amount_mojibake.xml"):  # "&euro;0.50", "â‚¬0.50"
        h = hand(text(name))
        assert (h.currency, h.small_blind, h.big_blind) == ("EUR", 50, 100), name
        # client 17, flag false: win 1.50 holds the 0.50 returned
        assert paid(h) == [("Villain1", 100)], name
        assert loud(h) == [], name


def test_a_blinds_only_game_is_truncated_not_a_hand() -> None:
    (failed,) = results(text("partial_blinds_only.xml"))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "truncated"


def test_an_empty_seats_action_is_skipped_and_rakeamount_is_the_rake() -> None:
    source = text("empty_player_rakeamount_hilo.xml")
    assert 'player="" type="9"' in source
    h = hand(source)
    assert h.game.hi_lo and h.rake_reported == 12
    assert paid(h) == [("Villain1", 144), ("Villain2", 144)]
    assert "" not in {a.player for a in h.actions}
    assert loud(h) == []


def test_an_empty_player_on_an_action_that_moves_chips_is_refused() -> None:
    source = text("empty_player_rakeamount_hilo.xml").replace(
        'player="" type="9" sum="€0"', 'player="" type="3" sum="€1"'
    )
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unknown_player"
    assert failed.excerpt.strip().startswith('<action no="3" player="" type="3"')
    assert failed.source_line == 28


def test_place_alone_makes_a_tournament_with_the_table_names_id() -> None:
    h = hand(text("tournament_place_only.xml"))
    assert (h.game_type, h.tournament_id, h.currency) == (GameType.TOURNAMENT, "16727068", "CHIPS")
    assert h.game.structure is Structure.NO_LIMIT  # "Omaha LZ"
    assert h.started_at == datetime(2011, 8, 4, 4, 49, tzinfo=UTC)  # "04-Aug-2011 04:49"
    assert paid(h) == [("Villain1", 20)]
    assert loud(h) == []


def test_a_trailing_table_number_is_the_tournament_id() -> None:
    source = text("tournament_place_only.xml").replace(
        "Hyper Turbo (500 Chips) (#16727068)", "Sprint Omaha, 16727069"
    )
    assert hand(source).tournament_id == "16727069"


def test_other_limit_words() -> None:
    for label, structure in (("Omaha БЛ", Structure.NO_LIMIT), ("Omaha LP", Structure.POT_LIMIT)):
        h = hand(text("tournament_place_only.xml").replace("Omaha LZ", label))
        assert h.game.structure is structure, label


def test_mode_fun_is_play_money() -> None:
    h = hand(text("play_money_mode_fun.xml"))
    assert (h.currency, h.unit, h.big_blind) == ("PLAY", 1, 100)
    assert paid(h) == [("Villain1", 100)]
    assert loud(h) == []


def test_a_bring_in_code_is_refused_naming_its_line() -> None:
    source = text("play_money_mode_fun.xml").replace('type="1" sum="50"', 'type="16" sum="50"')
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unknown_action"
    assert "type='16'" in failed.reason


def test_a_sitting_out_code_after_a_players_actions_is_a_fold() -> None:
    """``type 9`` is a fold by a player dealt cards: one whose pocket cards are not
    printed but who put chips in before (FormatVersion17.txt: 15432Poker raises and calls
    pre-flop, no ``<cards type="Pocket">`` of theirs) folds on the flop."""
    source = corpus_file(
        "iPokerXML/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
        "SampleHandHistories/IPoker/CashGame/FormatTests/FormatVersion17.txt"
    ).read_text(encoding="utf-8-sig")
    folded = '<action no="10" sum="€0" player="15432Poker" cards="" type="0"/>'
    assert folded in source
    h = hand(source.replace(folded, folded.replace('type="0"', 'type="9"')))
    last = [(a.player, a.kind.value) for a in h.actions if a.street.value == "flop"]
    assert last[-2:] == [("15432Poker", "fold"), ("OverlordKing", "fold")]
    assert loud(h) == []


def test_a_player_who_acts_without_printed_pocket_cards_is_not_sitting_out() -> None:
    """FormatVersion17.txt prints no pocket cards of 15432Poker, who raises and calls
    pre-flop: a player in the hand, not one sitting out."""
    source = corpus_file(
        "iPokerXML/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
        "SampleHandHistories/IPoker/CashGame/FormatTests/FormatVersion17.txt"
    ).read_text(encoding="utf-8-sig")
    h = hand(source)
    seats = {s.player: s.sitting_out for s in h.seats}
    assert seats["15432Poker"] is False
    assert any(a.player == "15432Poker" and a.kind.value == "raise" for a in h.actions)
