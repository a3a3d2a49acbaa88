"""Property tests: the table-driven Omaha evaluator against brute force (R-HAND-1, R-LO-3)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from omahahh.eval.evaluator import (
    HandCategory,
    category,
    low5,
    omaha_hi_lo_batch,
    omaha_high,
    omaha_high_best,
    omaha_low,
    omaha_low_best,
    rank5,
)
from tests.helpers.naive_poker import naive_high

PROFILE = settings(max_examples=300, deadline=None)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """A hole of 4..6 cards and a board of 3..5 cards from one deck."""
    k = draw(st.integers(4, 6))
    m = draw(st.integers(3, 5))
    cards = draw(st.permutations(range(52)))[: k + m]
    return cards[:k], cards[k:]


def brute_high(hole: Sequence[int], board: Sequence[int]) -> int:
    return max(rank5([*a, *b]) for a in combinations(hole, 2) for b in combinations(board, 3))


def brute_low(hole: Sequence[int], board: Sequence[int]) -> int:
    lows = (low5([*a, *b]) for a in combinations(hole, 2) for b in combinations(board, 3))
    return max((v or 0 for v in lows), default=0)


def any_five_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best five of all the cards, as if any number of hole cards could play."""
    return max(rank5(list(c)) for c in combinations([*hole, *board], 5))


@PROFILE
@given(deals())
def test_r_hand_1_omaha_high_equals_brute_force_over_2_plus_3(
    deal: tuple[list[int], list[int]],
) -> None:
    hole, board = deal
    best = brute_high(hole, board)
    assert omaha_high(hole, board) == best
    rank, five = omaha_high_best(hole, board)
    assert rank == best == rank5(five)
    assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
    hi, lo = omaha_hi_lo_batch(np.array([hole]), np.array([board]))
    assert int(hi[0]) == best and int(lo[0]) == brute_low(hole, board)


@PROFILE
@given(deals())
def test_r_lo_3_omaha_low_equals_brute_force_over_2_plus_3(
    deal: tuple[list[int], list[int]],
) -> None:
    hole, board = deal
    best = brute_low(hole, board)
    assert (omaha_low(hole, board) or 0) == best
    got = omaha_low_best(hole, board)
    if best == 0:
        assert got is None
    else:
        assert got is not None and got[0] == best == low5(got[1])
        assert len(set(got[1]) & set(hole)) == 2


@PROFILE
@given(st.permutations(range(52)), st.permutations(range(52)))
def test_r_hand_2_rank5_orders_like_a_naive_ranking(a: list[int], b: list[int]) -> None:
    x, y = a[:5], b[:5]
    assert (rank5(x) > rank5(y)) == (naive_high(x) > naive_high(y))
    assert (rank5(x) == rank5(y)) == (naive_high(x) == naive_high(y))


@PROFILE
@given(deals(), st.permutations(range(4)))
def test_invariant_under_permuting_suits(
    deal: tuple[list[int], list[int]], perm: list[int]
) -> None:
    hole, board = deal

    def relabel(cards: list[int]) -> list[int]:
        return [(c & ~3) | perm[c & 3] for c in cards]

    assert omaha_high(relabel(hole), relabel(board)) == omaha_high(hole, board)
    assert omaha_low(relabel(hole), relabel(board)) == omaha_low(hole, board)


def _card(rank: int, suit: int) -> int:
    return rank * 4 + suit


@PROFILE
@given(
    st.lists(st.integers(0, 12), min_size=5, max_size=5, unique=True),
    st.lists(st.integers(0, 12), min_size=4, max_size=4),
    st.integers(0, 3),
    st.integers(0, 1),
)
def test_r_hand_1_never_uses_one_or_three_or_four_hole_cards_for_a_flush(
    flush_ranks: list[int], other_ranks: list[int], suit: int, four_in_hand: int
) -> None:
    # Five cards of one suit: four in hand + one on board, or one in hand + four on
    # board. Any-five-cards would make a flush; Omaha (2 + 3) never can.
    suited = [_card(r, suit) for r in flush_ranks]
    offsuit = [_card(r, (suit + 1 + i % 3) % 4) for i, r in enumerate(other_ranks)]
    if four_in_hand:
        hole, board = suited[:4], [suited[4], *offsuit]
    else:
        hole, board = [suited[0], *offsuit[:3]], [*suited[1:], offsuit[3]]
    if len(set(hole + board)) < 9:
        return  # two off-suit cards collided
    flushes = (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
    assert category(rank5(suited)) in flushes
    got = omaha_high(hole, board)
    assert category(got) not in flushes
    assert got == brute_high(hole, board)


@PROFILE
@given(st.lists(st.integers(0, 12), min_size=5, max_size=5, unique=True))
def test_r_hand_1_three_hole_cards_of_a_kind_do_not_make_a_full_house(ranks: list[int]) -> None:
    # Hole X X X Y, board Z Z V W W': any five would give X X X Z Z; Omaha at most
    # two pair (or a straight, when the ranks allow one).
    x, y, z, v, w = ranks
    hole = [_card(x, 0), _card(x, 1), _card(x, 2), _card(y, 3)]
    board = [_card(z, 0), _card(z, 1), _card(v, 3), _card(w, 3), _card(w, 2)]
    assert category(any_five_high(hole, board)) is HandCategory.FULL_HOUSE
    got = omaha_high(hole, board)
    assert category(got) not in (HandCategory.FULL_HOUSE, HandCategory.QUADS)
    assert category(got) in (HandCategory.TWO_PAIR, HandCategory.STRAIGHT)
    assert got == brute_high(hole, board)


@PROFILE
@given(st.permutations([12, 0, 1, 2, 3, 4, 5, 6]), st.integers(0, 3))
def test_r_lo_3_a_low_needs_exactly_two_low_hole_cards(lows: list[int], suit: int) -> None:
    # One low hole card + four low board cards (or three + two) make no Omaha low,
    # though any-five-cards would.
    high = [_card(r, (suit + i) % 4) for i, r in enumerate((11, 10, 9))]
    low_cards = [_card(r, (suit + i) % 4) for i, r in enumerate(lows[:5])]
    one_hole = ([low_cards[0], *high], [*low_cards[1:], _card(8, suit)])
    three_hole = ([*low_cards[:3], high[0]], [*low_cards[3:], *high[1:], _card(8, suit)])
    for hole, board in (one_hole, three_hole):
        assert omaha_low(hole, board) is None
        assert brute_low(hole, board) == 0
