"""Showdown rules of docs/RULES.md (R-SD-*, R-SPLIT-1, R-ODD-*, R-LO-*, R-HAND-1) as the replay applies them."""

from __future__ import annotations

from omahahh.cards import parse_cards
from omahahh.eval.evaluator import low5, omaha_high, omaha_low
from omahahh.house_rules import HouseRules
from omahahh.replay.engine import replay
from omahahh.rules.odd_chips import split_evenly, split_hi_lo
from omahahh.rules.seating import clockwise_from_button
from omahahh.rules.showdown import Contestant, award_pot, best_low
from tests.helpers.parsing import parse_hand
from tests.helpers.replay import audited, codes, stars


def shares(
    amount: int, contestants: list[Contestant], order: list[int], **kw: object
) -> list[tuple[int, str, int]]:
    got = award_pot(amount, contestants, order=order, **kw)  # type: ignore[arg-type]
    return [(s.seat, s.half, s.amount) for s in got]


def test_r_sd_3_each_pot_goes_to_the_best_eligible_hand() -> None:
    assert shares(
        100, [Contestant(1, 10), Contestant(2, 30), Contestant(3, 20)], [1, 2, 3], hi_lo=False
    ) == [(2, "whole", 100)]


def test_r_split_1_equal_hands_split_the_pot() -> None:
    assert shares(100, [Contestant(1, 30), Contestant(2, 30)], [1, 2], hi_lo=False) == [
        (1, "whole", 50),
        (2, "whole", 50),
    ]


def test_r_odd_1_odd_chips_go_clockwise_from_the_first_seat_left_of_the_button() -> None:
    order = clockwise_from_button([1, 2, 3, 4, 5, 6], button=2)
    assert order == [3, 4, 5, 6, 1, 2]
    assert split_evenly(101, [1, 5], order) == {5: 51, 1: 50}
    assert split_evenly(102, [1, 5, 2], order) == {5: 34, 1: 34, 2: 34}
    assert split_evenly(103, [1, 5, 2], order) == {5: 35, 1: 34, 2: 34}


def test_r_split_1_a_lone_winner_takes_the_whole_amount_odd_chips_included() -> None:
    order = clockwise_from_button([1, 2, 3, 4, 5, 6], button=2)
    assert split_evenly(101, [5], order) == {5: 101}
    assert split_evenly(777, [2], order, chip=5) == {2: 777}  # the part below a chip too
    assert split_evenly(10, [9], order) == {9: 10}  # a seat the order does not list


def test_r_odd_2_hi_lo_odd_chip_goes_to_the_high_half_by_default() -> None:
    assert split_hi_lo(4765) == (2383, 2382)


def test_r_odd_2_the_choice_can_give_it_to_the_low_half() -> None:
    assert split_hi_lo(4765, "low") == (2382, 2383)


def test_r_lo_1_hi_lo_pot_split_worked_example_from_pokerstars_quartered_hand() -> None:
    # Pot 86: seat 9 best high; seats 5 and 9 tie for the low; button seat 3:
    # high 43 to seat 9; low 43 split 22/21, the odd chip to seat 5 (first after the button).
    order = clockwise_from_button([1, 2, 3, 4, 5, 6, 7, 9], 3)
    got = shares(86, [Contestant(5, 10, 225), Contestant(9, 20, 225)], order, hi_lo=True)
    assert got == [(9, "high", 43), (5, "low", 22), (9, "low", 21)]


def test_r_lo_5_low_comparison_worked_example() -> None:
    # 7-6-5-4-2 beats 8-6-4-2-A: compare from the highest card down.
    seven = low5(parse_cards("7c6d5h4s2c"))
    eight = low5(parse_cards("8c6d4h2sAc"))
    assert seven is not None and eight is not None and seven > eight
    assert best_low([Contestant(1, 0, eight), Contestant(2, 0, seven)]) == [2]


def test_r_lo_3_low_needs_five_distinct_ranks_eight_or_lower() -> None:
    board = parse_cards("2c3d8hKsKd")
    assert omaha_low(parse_cards("AsAd4c5h"), board) == low5(parse_cards("8h4c3d2cAs"))
    assert omaha_low(parse_cards("AsAd4c5h"), parse_cards("2c3d9hKsKd")) is None
    assert omaha_low(parse_cards("9s9dKcQh"), board) is None


def test_r_lo_6_high_and_low_may_use_different_hole_cards() -> None:
    hole, board = parse_cards("AsKs2d3d"), parse_cards("QsJs4c5h8s")
    assert omaha_high(hole, board) > omaha_high(parse_cards("AcKc2d3d"), board)  # flush, A K
    # The low uses A-2 (8,5,4,2,A) while the high uses A-K of spades.
    assert omaha_low(hole, board) == low5(parse_cards("8s5h4c2dAs"))


def test_r_lo_7_without_a_qualifying_low_the_high_hand_scoops() -> None:
    got = shares(101, [Contestant(1, 50, None), Contestant(2, 40, None)], [1, 2], hi_lo=True)
    assert got == [(1, "whole", 101)]


def test_r_lo_8_one_player_winning_both_halves_scoops() -> None:
    got = shares(101, [Contestant(1, 50, 200), Contestant(2, 40, 100)], [1, 2], hi_lo=True)
    assert got == [(1, "high", 51), (1, "low", 50)]


def test_r_lo_2_high_half_needs_no_qualifier() -> None:
    got = shares(100, [Contestant(1, 50, None), Contestant(2, 40, 120)], [1, 2], hi_lo=True)
    assert got == [(1, "high", 50), (2, "low", 50)]


HILO = """
A: posts small blind $1
B: posts big blind $2
*** HOLE CARDS ***
C: calls $2
A: calls $1
B: checks
*** FLOP *** [2c 7d 9h]
A: checks
B: checks
C: checks
*** TURN *** [2c 7d 9h] [Kd]
A: checks
B: checks
C: checks
*** RIVER *** [2c 7d 9h Kd] [3s]
A: checks
B: checks
C: checks
*** SHOW DOWN ***
A: shows [Ac 4d Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)
B: shows [Kc Ks 8c 8d] (HI: three of a kind, Kings)
C: mucks hand
"""
SEATS3 = "Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)\nSeat 3: C ($100 in chips)"


def test_r_lo_hi_lo_hand_replayed_high_and_low_halves_with_rake() -> None:
    text = stars(
        HILO + "B collected $2.93 from pot\nA collected $2.92 from pot",
        seats=SEATS3,
        button=3,
        game="Omaha Hi/Lo Pot Limit ($1/$2 USD)",
        summary="Total pot $6 | Rake $0.15",
    )
    found = audited(text)
    assert found.result is not None
    assert [(a.seat, a.half, a.amount) for a in found.result.awards] == [
        (2, "high", 293),
        (1, "low", 292),
    ]
    # C mucked: the pot is checked against the shown hands only (R-SD-2).
    assert codes(found) == ["unverifiable_showdown"]


def test_r_odd_2_setting_moves_the_odd_chip_to_the_low_half() -> None:
    text = stars(
        HILO + "B collected $2.92 from pot\nA collected $2.93 from pot",
        seats=SEATS3,
        button=3,
        game="Omaha Hi/Lo Pot Limit ($1/$2 USD)",
        summary="Total pot $6 | Rake $0.15",
    )
    assert codes(audited(text, HouseRules(hi_lo_odd_chip="low"))) == ["unverifiable_showdown"]
    default = audited(text)
    assert codes(default) == ["odd_chip_misplaced", "unverifiable_showdown"]
    assert default.findings[0].rule == "R-ODD-2"


def test_r_sd_2_an_unshown_hand_cannot_win() -> None:
    # C would hold the best high (if shown) but mucked: B's shown trips take the high half.
    result = replay(
        parse_hand(stars(HILO, seats=SEATS3, button=3, game="Omaha Hi/Lo Pot Limit ($1/$2 USD)"))
    )
    assert {a.seat for a in result.awards} == {1, 2}
    assert result.pots[0].unshown == (3,)


def test_r_hand_1_exactly_two_hole_cards_decide_the_winner() -> None:
    # Four clubs in hand, one club on board: no flush; the pair of kings wins.
    body = HILO.replace("Ac 4d Qs Qd", "Ac Qc Jc Tc").replace(
        "(HI: a pair of Queens; LO: 7,4,3,2,A)", "(HI: high card Ace)"
    )
    result = replay(parse_hand(stars(body, seats=SEATS3, button=3)))
    assert [(a.seat, a.half) for a in result.awards] == [(2, "whole")]


def test_r_hand_2_equal_rank_is_broken_by_kickers() -> None:
    board = parse_cards("AsKd7c4h2s")
    assert omaha_high(parse_cards("AcQh9d8d"), board) > omaha_high(parse_cards("AhJh9c8c"), board)


def test_r_hand_3_cards_speak_whatever_the_printed_description() -> None:
    # B's line claims "a royal flush": the cards decide, and A's queens win.
    body = (
        HILO.replace("(HI: three of a kind, Kings)", "(a Royal Flush)")
        .replace(
            "A: shows [Ac 4d Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)",
            "A: shows [Ac Kh Qs Qd] (a pair of Queens)",
        )
        .replace("B: shows [Kc Ks 8c 8d]", "B: shows [Jc Js 8c 8d]")
    )
    result = replay(parse_hand(stars(body, seats=SEATS3, button=3)))
    assert [(a.seat, a.half) for a in result.awards] == [(1, "whole")]


def test_r_lo_4_straights_and_flushes_do_not_spoil_a_low_and_the_wheel_is_best() -> None:
    wheel_flush = low5(parse_cards("5s4s3s2sAs"))
    assert wheel_flush == 225 == low5(parse_cards("5c4d3h2sAc"))
    six = low5(parse_cards("6c4d3h2sAc"))
    assert six is not None and wheel_flush > six


def test_r_sd_1_last_river_aggressor_shows_first() -> None:
    river = HILO.replace(
        "*** RIVER *** [2c 7d 9h Kd] [3s]\nA: checks\nB: checks\nC: checks",
        "*** RIVER *** [2c 7d 9h Kd] [3s]\nA: checks\nB: bets $3\nC: folds\nA: calls $3",
    )
    in_order = river.replace(
        "A: shows [Ac 4d Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)\nB: shows",
        "B: shows",
    ).replace("C: mucks hand", "A: shows [Ac 4d Qs Qd] (HI: a pair of Queens; LO: 7,4,3,2,A)")
    game = "Omaha Hi/Lo Pot Limit ($1/$2 USD)"
    assert "show_order" not in codes(audited(stars(in_order, seats=SEATS3, button=3, game=game)))
    found = audited(stars(river.replace("C: mucks hand", ""), seats=SEATS3, button=3, game=game))
    assert [
        (f.code.value, f.rule, f.player) for f in found.findings if f.code.value == "show_order"
    ] == [("show_order", "R-SD-1", "A")]
