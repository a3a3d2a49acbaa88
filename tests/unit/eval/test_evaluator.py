"""Five-card ranking (R-HAND-2), Omaha best hand (R-HAND-1), 8-or-better low (R-LO-*), names."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from omahahh.cards import cards_str, parse_cards
from omahahh.errors import CardError
from omahahh.eval.batch import _SORTING_NETWORKS, omaha_fixed_holes_batch
from omahahh.eval.equity_enum import combinations_array
from omahahh.eval.evaluator import (
    HandCategory,
    category,
    describe_hand,
    describe_high,
    describe_low,
    low5,
    omaha_hi_lo_batch,
    omaha_high,
    omaha_high_batch,
    omaha_high_best,
    omaha_low,
    omaha_low_batch,
    omaha_low_best,
    rank5,
    rank5_batch,
)


def r5(text: str) -> int:
    return rank5(parse_cards(text))


# --- five-card ranking --------------------------------------------------------------------


@pytest.mark.slow
def test_r_hand_2_every_five_card_hand_category_counts_and_7462_classes() -> None:
    hands = combinations_array(52, 5)
    assert len(hands) == 2_598_960
    ranks = rank5_batch(hands)
    assert len(np.unique(ranks)) == 7462
    assert ranks.min() == 1 and ranks.max() == 7462
    per_rank = np.bincount(ranks, minlength=7463)
    counts: Counter[HandCategory] = Counter()
    for rank in range(1, 7463):
        counts[category(rank)] += int(per_rank[rank])
    assert counts == {
        HandCategory.STRAIGHT_FLUSH: 40,
        HandCategory.QUADS: 624,
        HandCategory.FULL_HOUSE: 3_744,
        HandCategory.FLUSH: 5_108,
        HandCategory.STRAIGHT: 10_200,
        HandCategory.TRIPS: 54_912,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.PAIR: 1_098_240,
        HandCategory.HIGH_CARD: 1_302_540,
    }
    # The scalar path agrees with the batch path on a sample.
    for i in range(0, len(hands), len(hands) // 2000):
        assert rank5(hands[i].tolist()) == ranks[i]


def test_r_hand_2_category_boundaries() -> None:
    assert r5("7c5d4h3s2c") == 1
    assert r5("AsKsQsJsTs") == 7462
    assert category(r5("AsKdQhJc9s")) is HandCategory.HIGH_CARD
    assert r5("AsKdQhJc9s") < r5("2s2d3h4c5s")  # any pair beats any high card
    assert r5("AsAdKhQc9s") < r5("2s2d3h3c4s")
    assert r5("AsAdAhKcQs") < r5("As2d3h4c5s")  # the wheel beats trips
    assert r5("As2d3h4c5s") < r5("2s3d4h5c6s")  # the wheel is the lowest straight
    assert r5("AsKdQhJcTs") < r5("2s3s4s5s7s")  # any flush beats any straight
    assert r5("AsKsQsJs9s") < r5("2s2d2h3c3s")
    assert r5("AsAdAhAcKs") < r5("As2s3s4s5s")  # steel wheel beats quads


def test_r_hand_2_kickers_decide() -> None:
    assert r5("AsAdKhQc9s") > r5("AsAdKhQc8s")
    assert r5("KsKdQhQc2s") > r5("KsKdJhJcAs")
    assert r5("KsKdQhQc3s") > r5("KsKdQhQc2s")
    assert r5("9s9d9hAcKs") > r5("9s9d9hAcQs")
    assert r5("3s3d3hAcAs") < r5("4s4d4h2c2s")  # full house: trips first
    assert r5("AsKsQsJs9s") > r5("AsKsQsJs8s")
    assert r5("AsKdQhJc9s") == r5("AdKcQsJh9d")  # suits never break ties


def test_rank5_rejects_bad_input() -> None:
    with pytest.raises(CardError):
        rank5(parse_cards("AsKsQsJs"))
    with pytest.raises(CardError):
        rank5([51, 51, 0, 1, 2])
    with pytest.raises(ValueError):
        category(0)


# --- descriptions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("9sTdJhQcKs", "a straight, Nine to King"),
        ("As2d3h4c5s", "a straight, Ace to Five"),
        ("KsKd6h6cAs", "two pair, Kings and Sixes"),
        ("8s8dAhKc2s", "a pair of Eights"),
        ("2s2dAhKc9s", "a pair of Deuces"),
        ("JsJdJhAc2s", "three of a kind, Jacks"),
        ("AsKdQh9c2s", "high card Ace"),
        ("As9s7s4s2s", "a flush, Ace high"),
        ("KsKdKh6c6s", "a full house, Kings full of Sixes"),
        ("AsAdAhAc2s", "four of a kind, Aces"),
        ("9sTsJsQsKs", "a straight flush, Nine to King"),
        ("As2s3s4s5s", "a straight flush, Ace to Five"),
        ("TsJsQsKsAs", "a Royal Flush"),
    ],
)
def test_describe_high_uses_pokerstars_wording(hand: str, words: str) -> None:
    assert describe_high(r5(hand)) == words


def test_describe_low_and_hi_lo() -> None:
    hole, board = parse_cards("As2dKhKc"), parse_cards("3c6d8h6sKd")
    assert describe_low(omaha_low(hole, board) or 0) == "8,6,3,2,A"
    assert describe_hand(hole, board, hi_lo=False) == "a full house, Kings full of Sixes"
    assert describe_hand(hole, board, hi_lo=True) == (
        "HI: a full house, Kings full of Sixes; LO: 8,6,3,2,A"
    )
    no_low = parse_cards("KsKhTh9c")
    assert describe_hand(no_low, board, hi_lo=True) == "HI: a full house, Kings full of Sixes"
    with pytest.raises(ValueError):
        describe_low(0)


# --- R-HAND-1: exactly two hole cards and three board cards -------------------------------


def test_r_hand_1_worked_example_one_club_in_hand_makes_no_flush() -> None:
    hole, board = parse_cards("Ac Kd Td 8h"), parse_cards("Kc 9c 6c 6h Qc")
    rank, five = omaha_high_best(hole, board)
    assert category(rank) is HandCategory.TWO_PAIR
    assert cards_str(five) == "Kd Kc 6c 6h Ac"
    assert rank == omaha_high(hole, board) == r5("KdKc6c6hAc")
    assert describe_high(rank) == "two pair, Kings and Sixes"


def test_r_hand_1_worked_example_trips_not_full_house() -> None:
    hole, board = parse_cards("Th 9h 7c 6c"), parse_cards("Ks Kc Tc Td 5d")
    rank, five = omaha_high_best(hole, board)
    assert category(rank) is HandCategory.TRIPS
    assert cards_str(five) == "Th Tc Td Ks 9h"
    assert rank == omaha_high(hole, board)


def test_r_hand_1_four_to_a_flush_on_board_needs_two_suited_hole_cards() -> None:
    board = parse_cards("2h5h9hKhQd")
    # Four aces in hand play as a pair: only two of them may be used.
    assert category(omaha_high(parse_cards("AhAsAdAc"), board)) is HandCategory.PAIR
    assert category(omaha_high(parse_cards("Ah3h4c4d"), board)) is HandCategory.FLUSH


def test_r_hand_1_board_straight_cannot_be_played() -> None:
    board = parse_cards("9s8d7c6h5s")
    assert category(omaha_high(parse_cards("AcAdKhKs"), board)) is HandCategory.PAIR


def test_r_hand_1_five_and_six_card_omaha_and_short_boards() -> None:
    assert describe_hand(parse_cards("AsKsQsJsTs"), parse_cards("2s3s7s"), False) == (
        "a flush, Ace high"
    )
    assert describe_hand(parse_cards("AsAdKsQhJhTh"), parse_cards("AhKh2cKc"), False) == (
        "a full house, Aces full of Kings"
    )


def test_omaha_input_checks() -> None:
    with pytest.raises(CardError):
        omaha_high(parse_cards("AsKs"[:2]), parse_cards("2c3c4c"))
    with pytest.raises(CardError):
        omaha_high(parse_cards("AsKsQsJs"), parse_cards("2c3c"))
    with pytest.raises(CardError):
        omaha_high(parse_cards("AsKsQsJs"), [51, 0, 4])


# --- 8-or-better low ----------------------------------------------------------------------


def test_r_lo_5_seven_six_beats_eight_six() -> None:
    assert (low5(parse_cards("7c6d5h4s2c")) or 0) > (low5(parse_cards("8c6d4h2sAc")) or 0)
    assert (low5(parse_cards("7c6d5h4s2c")) or 0) < (low5(parse_cards("7c6d5h3s2c")) or 0)
    assert (low5(parse_cards("8c7d3h2sAc")) or 0) < (low5(parse_cards("8c6d5h4s3c")) or 0)


def test_r_lo_4_wheel_is_best_and_straights_flushes_do_not_count() -> None:
    assert low5(parse_cards("5s4s3s2sAs")) == 225
    assert describe_low(225) == "5,4,3,2,A"
    lows = [low5(list(c)) for c in combinations(parse_cards("As2d3h4c5s6d7h8c"), 5)]
    assert max(v for v in lows if v is not None) == 225
    assert min(v for v in lows if v is not None) == 8 and describe_low(8) == "8,7,6,5,4"


def test_r_lo_3_qualifier() -> None:
    assert low5(parse_cards("9c6d4h2sAc")) is None  # a nine is too high
    assert low5(parse_cards("6c6d4h2sAc")) is None  # ranks must be distinct
    assert low5(parse_cards("8c7d6h5s4c")) is not None


def test_r_lo_3_exactly_two_hole_and_three_board_cards() -> None:
    # Four low cards in hand but only two low cards on board: no low.
    assert omaha_low(parse_cards("As2d3h4c"), parse_cards("5s6dKhQcJs")) is None
    # Three low board cards, but only one low card in hand: no low.
    assert omaha_low(parse_cards("AsKdQhJc"), parse_cards("2s3d4hTc9s")) is None
    # Four low board cards with one low hole card cannot make a 1+4 low.
    assert omaha_low(parse_cards("AsKdQhJc"), parse_cards("2s3d4h5c9s")) is None
    got = omaha_low_best(parse_cards("As2dQhJc"), parse_cards("3s6d8h5c9s"))
    assert got is not None and cards_str(got[1]) == "6d 5c 3s 2d As"


def test_r_lo_6_high_and_low_use_different_hole_cards() -> None:
    hole, board = parse_cards("KsTs2dAc"), parse_cards("QsJs3s6c8d")
    high, five = omaha_high_best(hole, board)
    low = omaha_low_best(hole, board)
    assert describe_high(high) == "a flush, King high"
    assert set(parse_cards("Ks Ts")) <= set(five)
    assert low is not None and describe_low(low[0]) == "8,6,3,2,A"
    assert set(parse_cards("2d Ac")) <= set(low[1])


# --- batch agrees with the scalar path ----------------------------------------------------


@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("m", [3, 4, 5])
def test_batch_matches_scalar(k: int, m: int) -> None:
    rng = random.Random(k * 10 + m)
    deals = [rng.sample(range(52), k + m) for _ in range(300)]
    holes = np.array([d[:k] for d in deals], dtype=np.uint8)
    boards = np.array([d[k:] for d in deals], dtype=np.uint8)
    hi, lo = omaha_hi_lo_batch(holes, boards)
    assert hi.tolist() == omaha_high_batch(holes, boards).tolist()
    assert lo.tolist() == omaha_low_batch(holes, boards).tolist()
    for d, h, low in zip(deals, hi.tolist(), lo.tolist(), strict=True):
        assert h == omaha_high(d[:k], d[k:])
        assert low == (omaha_low(d[:k], d[k:]) or 0)


def test_batch_rejects_bad_shapes() -> None:
    with pytest.raises(ValueError):
        omaha_high_batch(np.zeros((3, 4), np.uint8), np.zeros((2, 5), np.uint8))
    with pytest.raises(ValueError):
        omaha_high_batch(np.zeros((3, 4), np.uint8), np.zeros((3, 2), np.uint8))


@pytest.mark.parametrize("m", [3, 4, 5])
def test_board_sorting_networks_sort_every_input(m: int) -> None:
    """The board keys sort ranks with compare-exchange steps (batch._SORTING_NETWORKS): by
    the 0-1 principle a network that sorts every 0/1 input sorts every input."""
    for bits in itertools.product((0, 1), repeat=m):
        columns = [np.array([b]) for b in bits]
        for a, b in _SORTING_NETWORKS[m]:
            columns[a], columns[b] = (
                np.minimum(columns[a], columns[b]),
                np.maximum(columns[a], columns[b]),
            )
        assert [int(c[0]) for c in columns] == sorted(bits)


@pytest.mark.parametrize("m", [3, 4, 5])
def test_fixed_holes_batch_matches_scalar_on_flush_boards(m: int) -> None:
    """Boards with three or more cards of one suit (the flush key of the batch evaluator):
    each hand's high and low as the scalar evaluator finds them (R-HAND-1, R-LO-3..6)."""
    rng = random.Random(100 + m)
    for _ in range(40):
        suit = rng.randrange(4)
        same = rng.sample([r * 4 + suit for r in range(13)], 3)
        rest = rng.sample([c for c in range(52) if c not in same], 12)
        board = same + rest[: m - 3]
        rng.shuffle(board)
        holes = [rest[m - 3 + 4 * i : m + 1 + 4 * i] for i in range(2)]
        hi, lo = omaha_fixed_holes_batch(holes, np.array([board]), True)
        assert lo is not None
        for h, hole in enumerate(holes):
            assert int(hi[h, 0]) == omaha_high(hole, board)
            assert int(lo[h, 0]) == (omaha_low(hole, board) or 0)
