"""Everest Poker XML, each shape read from a hand crafted from it (tests/data/crafted/
everest/, README there): what is read, and no error or warning."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.registry import sniff_text
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("everest", "crafted.xml")
text = ROOM.text
results = ROOM.results
loud = loud_findings


def cash() -> tuple[HandRecord, HandRecord]:
    first, second = results(text("cash.xml"))
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    return first, second


def only(source: str) -> HandRecord:
    """The first hand of ``source``, which must parse."""
    first = results(source)[0]
    assert isinstance(first, HandRecord), first
    return first


def test_the_session_is_the_context_of_every_hand() -> None:
    assert sniff_text(text("cash.xml")) is not None
    first, second = cash()
    for h in (first, second):
        assert (h.site, h.table_name, h.currency, h.game_type) == (
            Site.EVEREST,
            "Crafted Table 12",
            "USD",
            GameType.CASH,
        )
        assert (h.game.structure, h.variant, h.small_blind, h.big_blind) == (
            Structure.POT_LIMIT,
            "PLO",
            50,
            100,
        )
    assert first.started_at == datetime.fromtimestamp(1291155932, UTC)
    assert (first.button_seat, [(p, cards_str(c)) for p, c in first.dealt]) == (
        3,
        [("Hero", "As Kh Td 2c")],
    )


def test_bet_is_a_check_a_bet_a_call_or_a_raise_by_the_chips_added() -> None:
    first, _ = cash()
    moves = [(a.player, a.kind, a.amount) for a in first.actions]
    assert moves == [
        ("Villain2", ActionKind.POST_SMALL_BLIND, 50),
        ("Hero", ActionKind.POST_BIG_BLIND, 100),
        ("Villain1", ActionKind.RAISE, 350),
        ("Villain2", ActionKind.FOLD, 0),
        ("Hero", ActionKind.CALL, 250),
        ("Hero", ActionKind.CHECK, 0),
        ("Villain1", ActionKind.BET, 500),
        ("Hero", ActionKind.FOLD, 0),
    ]


def test_awards_without_the_unmatched_bet_and_no_rake_printed() -> None:
    first, second = cash()
    assert [(c.player, c.amount) for c in first.collections] == [("Villain1", 725)]
    result = audit_hand(first).result
    assert result is not None and (result.total_pot, result.rake) == (750, 25)
    assert [(u.player, u.amount) for u in result.uncalled] == [("Villain1", 500)]
    assert first.rake_reported is None and first.total_pot_reported is None
    # all-in, side pot, a show; each WIN names its pot
    assert [(c.player, c.amount, c.pot_index) for c in second.collections] == [
        ("Villain1", 8910, 0),
        ("Hero", 8217, 1),
    ]
    assert [(s.player, cards_str(s.cards)) for s in second.shows] == [
        ("Hero", "As Ks Ad Kd"),
        ("Villain1", "5c 4d Jc Js"),
    ]
    assert next(a for a in second.actions if a.player == "Villain1" and a.all_in).amount == 1850
    assert loud(first) == [] and loud(second) == []


def test_an_award_holding_the_unmatched_bet_is_read_without_it() -> None:
    h = only(text("cash.xml").replace('amount="725" pot="0"', 'amount="1225" pot="0"'))
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 725)]
    assert any("unmatched 500" in n for n in h.notes)
    assert loud(h) == []


def test_figures_that_fit_both_readings_are_refused() -> None:
    # a 1.00 unmatched bet on a pot of 30.00: 1.25 or 0.25 of rake would both be possible
    source = text("cash.xml").split("</HAND>")[0] + "</HAND>\n"
    source = source.replace('<BET position="3" amount="500"/>', '<BET position="3" amount="100"/>')
    source = source.replace('<BET position="3" amount="350"/>', '<BET position="3" amount="1450"/>')
    source = source.replace('<BET position="1" amount="250"/>', '<BET position="1" amount="1350"/>')
    source = source.replace('amount="725" pot="0"', 'amount="2850" pot="0"')
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "ambiguous_amount"
    assert "<WIN>" in failed.reason


def test_a_tournament_in_hundredths_of_chips_with_antes_and_a_split_pot() -> None:
    (h,) = results(text("tournament.xml"))
    assert isinstance(h, HandRecord)
    assert (h.game_type, h.tournament_id, h.currency, h.unit) == (
        GameType.TOURNAMENT,
        "44000001",
        "CHIPS",
        1,
    )
    assert (h.ante, h.small_blind, h.big_blind) == (10, 50, 100)
    assert next(s.stack_start for s in h.seats if s.player == "Hero") == 1500
    assert [(c.player, c.amount) for c in h.collections] == [("Hero", 465), ("Villain2", 465)]
    assert loud(h) == []


def test_a_blind_with_a_penalty_is_a_live_big_blind_and_dead_money() -> None:
    source = text("cash.xml").replace(
        '<BLIND position="1" amount="100" penalty="0"/>\n<HOLE',
        '<BLIND position="1" amount="100" penalty="0"/>\n<BLIND position="3" amount="100" penalty="50"/>\n<HOLE',
        1,
    )
    source = source.replace(
        '<BET position="3" amount="350"/>', '<BET position="3" amount="250"/>', 1
    )
    source = source.replace('amount="725" pot="0"', 'amount="775" pot="0"', 1)
    h = only(source)
    assert [(a.kind, a.amount) for a in h.actions if a.player == "Villain1"][:2] == [
        (ActionKind.POST_BIG_BLIND, 100),
        (ActionKind.POST_DEAD, 50),
    ]
    assert loud(h) == []


def test_no_money_symbol_is_play_money_and_hold_em_is_refused() -> None:
    (h,) = results(text("play_money.xml"))
    assert isinstance(h, HandRecord)
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("PLAY", 1, 10, 20)
    assert [(c.player, c.amount) for c in h.collections] == [("Villain1", 20)]
    assert loud(h) == []
    holdem = text("cash.xml").replace('game="omaha-hi"', 'game="hold-em"')
    failed = results(holdem)[0]
    assert isinstance(failed, ParseFailure) and failed.reason_code == "unsupported_game"


def test_hundredths_that_are_no_whole_chip_are_refused() -> None:
    (failed,) = results(text("play_money.xml").replace('amount="1000"', 'amount="1050"'))
    assert isinstance(failed, ParseFailure) and failed.reason_code == "bad_amount"


def test_blinds_a_hundredth_of_the_headers_are_refused() -> None:
    # BLIND amount="10000" read as 100 chips, under blinds="5000/10000": not hundredths
    source = text("tournament.xml").replace('blinds="50/100"', 'blinds="5000/10000"')
    (failed,) = results(source)
    assert isinstance(failed, ParseFailure) and failed.reason_code == "bad_amount"
    assert "1/100" in failed.reason
