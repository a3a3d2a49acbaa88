"""ACR / WPN's 2019+ grammar, line shape by line shape, on crafted hands
(tests/data/crafted/wpn, named in its README).

Each test reads a hand made from one shape of docs/SITES.md's ACR/WPN grammar table,
checks what the record says (amounts in cents or chips, players, kinds, cards, pots,
rake, awards) and that the audit finds no error or warning; a refused shape checks its
reason code and line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Street, Structure
from omahahh.money import CHIPS, PLAY
from omahahh.parsers.registry import parse_blocks, split_blocks
from omahahh.parsers.sources import Block, text_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "wpn"
ACR_FILES = sorted(p.name for p in DATA.glob("acr_*.txt"))


def blocks(text: str) -> list[Block]:
    return list(split_blocks("<crafted>", text_lines(text)))


def parse_all(text: str) -> list[HandRecord | ParseFailure]:
    return list(parse_blocks(blocks(text)))


def crafted(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def clean(h: HandRecord) -> HandRecord:
    bad = [
        (f.code, f.message) for f in audit_hand(h).findings if f.severity in ("error", "warning")
    ]
    assert bad == []
    return h


def read_all(name: str) -> list[HandRecord]:
    found = parse_all(crafted(name))
    assert all(isinstance(r, HandRecord) for r in found), found
    return [clean(h) for h in found if isinstance(h, HandRecord)]


def read(name: str) -> HandRecord:
    (hand,) = read_all(name)
    return hand


def refused(text: str) -> ParseFailure:
    (result,) = parse_all(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result


def kinds(h: HandRecord, player: str) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in h.actions if a.player == player]


def awards(h: HandRecord) -> list[tuple[str, int, int, int]]:
    return [(c.player, c.amount, c.pot_index, c.run) for c in h.collections]


def seat(h: HandRecord, player: str) -> tuple[int, bool]:
    (s,) = [s for s in h.seats if s.player == player]
    return s.stack_start, s.sitting_out


def test_every_crafted_hand_reads_and_balances() -> None:
    """Σ put in − returned = total + rake + JP fee (the total is net of both), and the
    awards are the total."""
    assert len(ACR_FILES) >= 12
    for name in ACR_FILES:
        for h in read_all(name):
            put_in = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
            taken = (h.rake_reported or 0) + (h.jackpot_reported or 0)
            paid = sum(c.amount for c in h.collections)
            assert h.total_pot_reported == put_in - taken == paid, h.hand_key


# -- summary and pot lines ---------------------------------------------------------------
def test_total_pot_without_a_rake_part_means_nothing_taken() -> None:
    h = read("acr_total_pot_no_rake.txt")  # "Total pot $1.00", no "| Rake"
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (100, None, None)
    assert [(u.player, u.amount) for u in h.uncalled] == [("lefty", 100)]
    assert awards(h) == [("lefty", 100, 0, 0)]  # SUMMARY "did not show and won $1.00"
    result = audit_hand(h).result
    assert result is not None and result.rake == 0


def test_tournament_pot_lines_and_total_without_rake_and_posts_ante() -> None:
    h = read("acr_tourney_posts_ante.txt")
    assert (h.game_type, h.currency, h.tournament_id, h.tournament_level) == (
        GameType.TOURNAMENT,
        CHIPS,
        "31000077",
        "4",
    )
    antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert antes == [("ace_t", 25), ("bingo77", 25), ("cobra", 25), ("Hero", 25)]  # "posts ante"
    assert h.ante == 25
    assert (h.main_pot_reported, h.total_pot_reported, h.rake_reported) == (5100, 5100, None)
    assert awards(h) == [("Hero", 5100, 0, 0)]


def test_mucks_hand_and_summary_mucked_cards() -> None:
    h = read("acr_mucks_hand.txt")
    assert [s.player for s in h.shows] == ["Hero"]  # "quarry mucks hand" shows nothing
    (row,) = [s for s in h.summary_seats if s.player == "quarry"]
    assert row.mucked and row.showed == tuple(parse_cards("Qd Td 6h 5h"))
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (1670, 76, 4)
    assert awards(h) == [("Hero", 1670, 0, 0)]


def test_summary_collected_is_a_synonym_of_won() -> None:
    text = crafted("acr_total_pot_no_rake.txt").replace(
        "did not show and won $1.00", "did not show and collected $1.00"
    )
    (h,) = parse_all(text)
    assert isinstance(h, HandRecord)
    assert awards(clean(h)) == [("lefty", 100, 0, 0)]


# -- seats ---------------------------------------------------------------------------------
def test_seat_allowed_to_play_after_the_button_is_not_dealt_in() -> None:
    h = read("acr_seat_allowed_after_button.txt")
    assert seat(h, "newbie") == (0, True)  # no stack printed
    assert any("allowed to play after the button" in n for n in h.notes)
    assert (h.total_pot_reported, h.rake_reported) == (100, None)
    assert awards(h) == [("Hero", 100, 0, 0)]


def test_tournament_seat_allowed_after_the_button() -> None:
    h = read("acr_tourney_ante_allowed_mucks.txt")
    assert seat(h, "dustin") == (0, True)
    assert not [a for a in h.actions if a.player == "dustin"]


def test_sitting_out_waiting_and_info_lines() -> None:
    """``($X) is sitting out``, ``waits for big blind``, ``is disconnected``,
    ``is connected``, ``has timed out``; a new player's ``posts $2.00``; side pots."""
    h = read("acr_lines_cash.txt")
    assert seat(h, "delta") == (15000, True) and seat(h, "echo") == (12000, True)
    assert kinds(h, "foxtrot") == [
        (ActionKind.POST_BIG_BLIND, 200),
        (ActionKind.RAISE, 400),
        (ActionKind.FOLD, 0),
    ]
    (bravo_raise,) = [a for a in h.actions if a.player == "bravo" and a.kind is ActionKind.RAISE]
    assert (bravo_raise.amount, bravo_raise.to_amount, bravo_raise.all_in) == (1900, 2000, True)
    assert (h.main_pot_reported, h.side_pots_reported) == (6300, (4000,))
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (10300, 276, 24)
    assert awards(h) == [("bravo", 6300, 0, 0), ("charlie", 4000, 1, 0)]
    assert [(s.player, s.mucked) for s in h.shows] == [("bravo", False), ("charlie", False)]
    assert h.dealt == (("alpha", tuple(parse_cards("Ah 2h 3c Kd"))),)


# -- posts ---------------------------------------------------------------------------------
def test_posts_dead_is_both_blinds_the_small_one_dead() -> None:
    h = read("acr_posts_dead.txt")
    assert kinds(h, "returner") == [
        (ActionKind.POST_DEAD, 50),
        (ActionKind.POST_BIG_BLIND, 100),
        (ActionKind.CHECK, 0),
        (ActionKind.CALL, 250),
        (ActionKind.CHECK, 0),
        (ActionKind.FOLD, 0),
    ]
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (865, 31, 4)
    assert awards(h) == [("Hero", 865, 0, 0)]


def test_posts_dead_short_of_the_big_blind_is_all_dead() -> None:
    text = crafted("acr_posts_dead.txt").replace("posts dead $1.50", "posts dead $0.50")
    (h,) = parse_all(text)
    assert isinstance(h, HandRecord)
    assert kinds(h, "returner")[0] == (ActionKind.POST_DEAD, 50)


def test_straddle() -> None:
    h = read("acr_straddle.txt")
    assert kinds(h, "wren") == [
        (ActionKind.POST_STRADDLE, 200),
        (ActionKind.CHECK, 0),
        (ActionKind.CHECK, 0),
        (ActionKind.FOLD, 0),
    ]
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (620, 27, 3)


def test_unknown_post_is_refused_naming_its_line() -> None:
    failure = refused(crafted("acr_straddle.txt").replace("wren straddle", "wren posts straddle"))
    assert failure.reason_code == "unknown_line" and failure.source_line == 9


# -- betting ---------------------------------------------------------------------------
def test_caps_is_a_raise_to_its_second_figure() -> None:
    h = read("acr_fixed_limit_caps.txt")
    assert (h.game.variant, h.small_blind, h.big_blind) == ("FLO-8", 50, 100)
    (cap,) = [a for a in h.actions if a.player == "ben" and a.kind is ActionKind.RAISE]
    assert (cap.amount, cap.to_amount, cap.raise_by) == (350, 400, 100)
    assert (h.total_pot_reported, h.rake_reported) == (1520, 76)


def test_run_twice_first_and_second_street_markers() -> None:
    h = read("acr_run_twice_ordinals.txt")
    assert h.run_count == 2
    assert h.boards == (
        tuple(parse_cards("Ad 8s 7s 2c Jc")),
        tuple(parse_cards("Ad 8s 7s 6h Kc")),
    )
    assert h.main_pot_reported == 9800
    assert sorted(awards(h)) == [("Hero", 4900, 0, 0), ("villain", 4900, 0, 1)]
    assert {a.street for a in h.actions} == {Street.PREFLOP, Street.FLOP}


# -- headers and games -----------------------------------------------------------------
def test_reshuffle_4card_and_all_in_or_fold_games() -> None:
    hands = read_all("acr_games.txt")
    assert [(h.game.variant, h.game.hole_card_count, h.game.game_label) for h in hands] == [
        ("PLO5", 5, "5Card Omaha Reshuffle(Pot Limit)"),
        ("PLO5-8", 5, "5Card Omaha H/L Reshuffle(Pot Limit)"),
        ("PLO-8", 4, "4Card Omaha H/L(Pot Limit)"),
        ("NLO", 4, "Omaha(All-in or Fold Limit)"),
    ]
    aof = hands[3]
    assert aof.game.structure is Structure.NO_LIMIT
    assert any("all-in or fold" in n for n in aof.notes)
    assert awards(aof) == [("Hero", 1900, 0, 0)]
    assert [awards(h) for h in hands[:3]] == [[("Hero", 190, 0, 0)]] * 3


def test_play_money_table() -> None:
    h = read("acr_play_money.txt")
    assert (h.currency, h.game.variant, h.max_seats, h.button_seat) == (PLAY, "NLO", 9, 2)
    assert (h.total_pot_reported, h.rake_reported) == (25000, None)


def test_guaranteed_tournament_header() -> None:
    h = read("acr_gtd_tournament.txt")  # "$1,000 GTD Tournament #31000088"
    assert (h.tournament_id, h.tournament_level, h.game.variant) == ("31000088", "1", "PLO-8")
    assert (h.table_name, h.max_seats, h.button_seat) == ("Table '3'", 9, 1)
    assert awards(h) == [("bronze", 20, 0, 0)]


@pytest.mark.parametrize(
    "game",
    ["Holdem(No Limit)", "7Stud H/L(Fixed Limit)", "Omaha(Spread Limit)"],
)
def test_other_games_are_refused_on_the_header_line(game: str) -> None:
    text = crafted("acr_total_pot_no_rake.txt").replace("Omaha(Pot Limit)", game)
    failure = refused(text)
    assert (failure.reason_code, failure.source_line) == ("unsupported_game", 1)


# -- where a hand starts -----------------------------------------------------------------
def test_another_rooms_hand_numbered_line_stays_in_its_hand() -> None:
    """Full Tilt's ``Hand #N has been canceled`` ends a Full Tilt hand: WPN's block start
    (``Hand #N - ``) must not cut it into a block of its own."""
    found = blocks(crafted("fulltilt_cancelled_line.txt"))
    assert [b.line for b in found] == [1, 13]
    assert found[1].lines[-1] == "Hand #28100000008 has been canceled"
    assert not any(b.lines[0].startswith("Hand #") for b in found)


def test_wpn_headers_still_start_blocks() -> None:
    found = blocks(crafted("acr_games.txt") + "\n" + crafted("acr_gtd_tournament.txt"))
    assert [b.lines[0].split(" - ")[0] for b in found] == [
        "Hand #900000601",
        "Hand #900000602",
        "Hand #900000603",
        "Hand #900000604",
        "Game Hand #900000703",
    ]
