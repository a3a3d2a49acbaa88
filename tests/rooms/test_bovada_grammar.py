"""Bovada / Ignition / Bodog's grammar, line shape by line shape, on crafted hands
(tests/data/crafted/bovada, named in its README).

Each test reads a hand made from one shape of docs/SITES.md's Bovada grammar table,
checks what the record says (amounts, players, kinds, cards, pots, rake, awards) and
that the audit finds no error or warning; a refused shape checks its reason code and
line. ``Total Pot`` includes the rake, which 2014+ hands do not print: the audit
derives it (the total, or when none is printed the pot, less the results).
"""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import fees_taken
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Street, Structure
from omahahh.money import CHIPS
from omahahh.parsers.registry import parse_blocks, split_blocks
from omahahh.parsers.sources import text_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "bovada"


def crafted(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def parse_all(text: str) -> list[HandRecord | ParseFailure]:
    return list(parse_blocks(split_blocks("<crafted>", text_lines(text))))


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


def awards(h: HandRecord) -> list[tuple[str, int, int]]:
    return [(c.player, c.amount, c.pot_index) for c in h.collections]


def derived_rake(h: HandRecord) -> int:
    result = audit_hand(h).result
    assert result is not None
    return result.rake


def test_every_crafted_hand_balances() -> None:
    """Σ put in − returned = Total Pot (the rake inside it) = Σ results + rake."""
    names = sorted(p.name for p in DATA.glob("*.txt"))
    assert len(names) >= 11
    for name in names:
        for h in read_all(name):
            put_in = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
            paid = sum(c.amount for c in h.collections)
            if h.total_pot_reported is not None:
                assert h.total_pot_reported == put_in, h.hand_key
            assert put_in == paid + derived_rake(h), h.hand_key


# -- the dealer line and the 2022 header -------------------------------------------------
def test_set_dealer_with_the_seat_and_no_bring_in() -> None:
    h = read("bovada_2022_set_dealer.txt")  # "Dealer : Set dealer [1]"
    assert h.button_seat == 1 and h.started_at_text == "2022-06-01 20:15:00"
    assert (h.total_pot_reported, h.rake_reported) == (1425, None)
    assert awards(h) == [("Big Blind [ME]", 1354, 0)]
    assert fees_taken(h) == (71, 0) and derived_rake(h) == 71


def test_trailing_blanks_change_nothing() -> None:
    plain, padded = read("bovada_2022_set_dealer.txt"), read("bovada_2022_trailing_blanks.txt")
    assert [(a.player, a.kind, a.amount) for a in padded.actions] == [
        (a.player, a.kind, a.amount) for a in plain.actions
    ]
    assert awards(padded) == awards(plain)


def test_bare_set_dealer_line_leaves_the_dealer_seat_the_button() -> None:
    h = read("bovada_reasons_lobby.txt")  # "Set dealer", no position, no seat
    assert h.button_seat == 1


# -- headers -----------------------------------------------------------------------------
def test_structure_word_limit_is_fixed_limit() -> None:
    h = read("bovada_limit_word.txt")  # "OMAHA HiLo Limit"
    assert (h.game.variant, h.game.structure) == ("FLO-8", Structure.FIXED_LIMIT)
    assert (h.small_blind, h.big_blind, h.small_bet, h.big_bet) == (50, 100, 100, 200)
    assert awards(h) == [("Small Blind", 380, 0)] and derived_rake(h) == 20


def test_tournament_speed_in_place_of_the_structure() -> None:
    normal, turbo = read_all("bovada_tourney_no_structure.txt")  # "Normal-", "Turbo-"
    for h in (normal, turbo):
        assert (h.game_type, h.currency, h.tournament_id) == (
            GameType.TOURNAMENT,
            CHIPS,
            "30000001",
        )
        assert h.game.structure is Structure.POT_LIMIT
        assert "no betting structure printed: read as pot limit (room default)" in h.notes
        assert h.ante == 5 and h.tournament_level == "2"
    assert awards(normal) == [("Big Blind [ME]", 705, 0)]
    assert awards(turbo) == [("Small Blind", 95, 0)]


def test_cash_header_without_a_structure_is_refused() -> None:
    text = crafted("bovada_2022_set_dealer.txt").replace("OMAHA Pot Limit", "OMAHA")
    failure = refused(text)
    assert (failure.reason_code, failure.source_line) == ("bad_header", 1)


def test_zone_poker_hand_without_a_total_has_its_rake_derived() -> None:
    h = read("bovada_zone_no_total.txt")
    assert h.fast_fold and (h.total_pot_reported, h.rake_reported) == (None, None)
    assert awards(h) == [("Big Blind [ME]", 1354, 0)]
    assert derived_rake(h) == 71  # 14.25 put in, 13.54 paid


# -- betting lines -------------------------------------------------------------------------
def test_fold_singular_and_fold_and_show() -> None:
    h = read("bovada_fold_variants.txt")
    assert kinds(h, "UTG") == [(ActionKind.FOLD, 0)]  # "UTG : Fold"
    assert kinds(h, "Small Blind")[-1] == (ActionKind.FOLD, 0)  # "Folds & shows [..]"
    (show,) = h.shows
    assert (show.player, show.cards, show.mucked) == (
        "Small Blind",
        tuple(parse_cards("Ad 2d 3c Kh")),
        False,
    )
    assert awards(h) == [("Dealer", 1069, 0)] and derived_rake(h) == 56


def test_reasons_after_folds_and_checks_and_lobby_lines() -> None:
    h = read("bovada_reasons_lobby.txt")
    assert kinds(h, "UTG [ME]") == [(ActionKind.FOLD, 0)]  # "Folds (auto)"
    assert kinds(h, "Small Blind")[-1] == (ActionKind.FOLD, 0)  # "Folds (disconnected)"
    # "Sitout (disconnected)", "Leave (timeout)", "Enter (rejoin)": no cards, not dealt in.
    assert [s.player for s in h.seats if s.sitting_out] == ["UTG+1"]
    assert awards(h) == [("Big Blind", 75, 0)] and derived_rake(h) == 0


def test_lobby_lines_with_a_reason_and_no_position_move_nothing() -> None:
    plain = read("bovada_reasons_lobby.txt")
    for line in ("Sitout (wait for bb)", "Enter (rejoin)", "Leave (timeout)", "Sitout"):
        text = crafted("bovada_reasons_lobby.txt").replace("Table enter user", line)
        (h,) = parse_all(text)
        assert isinstance(h, HandRecord), (line, h)
        clean(h)
        assert [(a.player, a.kind, a.amount) for a in h.actions] == [
            (a.player, a.kind, a.amount) for a in plain.actions
        ]
        assert [s.player for s in h.seats if s.sitting_out] == ["UTG+1"]


def test_lowercase_double_bets_and_raise_timeout_verbs() -> None:
    h = read("bovada_verbs.txt")
    sb = [(a.street, a.kind, a.amount) for a in h.actions if a.player == "Small Blind"]
    assert sb[2:4] == [(Street.FLOP, ActionKind.BET, 100), (Street.FLOP, ActionKind.CALL, 300)]
    assert sb[4] == (Street.TURN, ActionKind.BET, 500)  # "Double bets $5"
    bb = [a for a in h.actions if a.player == "Big Blind [ME]"]
    assert (bb[1].kind, bb[1].amount) == (ActionKind.CHECK, 0)  # "Checks (disconnected)"
    assert (bb[2].kind, bb[2].amount, bb[2].to_amount) == (ActionKind.RAISE, 400, 400)
    assert (bb[3].kind, bb[3].to_amount, bb[3].all_in) == (ActionKind.RAISE, 1500, True)
    assert kinds(h, "Dealer")[0] == (ActionKind.CALL, 50)  # "Call $0.50"
    shown = [(s.player, s.mucked) for s in h.shows]  # "Shows [..] (..)"
    assert shown == [("Small Blind", False), ("Big Blind [ME]", False)]
    assert awards(h) == [("Big Blind [ME]", 3850, 0)] and derived_rake(h) == 100


def test_dead_chip_all_in_raise_side_pot_result_and_hi_lo_summary() -> None:
    h = read("bovada_lines_hilo.txt")
    assert kinds(h, "UTG+1")[:2] == [(ActionKind.POST_DEAD, 25), (ActionKind.POST_BIG_BLIND, 50)]
    (sb_raise,) = [a for a in h.actions if a.player == "Small Blind" and a.kind is ActionKind.RAISE]
    assert (sb_raise.amount, sb_raise.to_amount, sb_raise.all_in) == (275, 300, True)
    assert awards(h) == [("Small Blind", 935, 0), ("UTG [ME]", 1290, 1)]
    won = {s.player: s.won for s in h.summary_seats}
    assert (won["Small Blind"], won["UTG [ME]"]) == (935, 1290)  # HI $.. LO $..
    assert [(s.player, s.mucked) for s in h.shows] == [
        ("Small Blind", False),
        ("UTG [ME]", False),
        ("UTG+1", True),
    ]
    assert derived_rake(h) == 100


def test_2012_hand_without_street_markers_and_with_its_rake() -> None:
    h = read("bovada_2012_no_markers.txt")
    assert (h.total_pot_reported, h.rake_reported) == (1300, 100)
    assert "no street markers: streets derived from the betting" in h.notes
    assert [(a.street, a.kind) for a in h.actions if a.player == "Big Blind"][-2:] == [
        (Street.FLOP, ActionKind.CHECK),
        (Street.FLOP, ActionKind.FOLD),
    ]
    (raise_,) = [a for a in h.actions if a.kind is ActionKind.RAISE]  # "Raises $6": to $6
    assert (raise_.amount, raise_.to_amount) == (600, 600)


# -- the 2021 export (MVS) -------------------------------------------------------------------
def test_mvs_show_without_hole_cards_and_hero_mark_in_the_summary() -> None:
    h = read("bovada_mvs.txt")
    assert [(s.player, s.mucked) for s in h.shows] == [("Big Blind [ME]", True)]
    assert any("Dealer shows its best hand" in n for n in h.notes)
    rows = {s.player: s for s in h.summary_seats}
    assert rows["Dealer"].won == 310 and rows["Big Blind [ME]"].mucked
    assert awards(h) == [("Dealer", 310, 0)] and derived_rake(h) == 15


def test_unknown_line_is_refused_naming_its_line() -> None:
    text = crafted("bovada_verbs.txt").replace("Dealer : Folds", "Dealer : Dances")
    failure = refused(text)
    assert (failure.reason_code, failure.source_line) == ("unknown_line", 18)
