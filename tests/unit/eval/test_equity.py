"""All-in equity (R-HAND-1, R-SPLIT-1, R-LO-1..8): exact enumeration and Monte Carlo.

Expected figures come from ``naive_equity`` below: plain itertools over every
board, a straightforward tuple-key evaluator (``tests/helpers/naive_poker.py``: no lookup
tables, no numpy) and exact fractions. Small cases run it in the test itself; the pre-flop figures
were produced by the same function, run once offline (see each comment).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from omahahh.cards import parse_cards
from omahahh.errors import CardError
from omahahh.eval.equity import EquityInputError, equity, pot_shares
from tests.helpers.naive_poker import naive_omaha_hi_lo

# --- an independent brute force -------------------------------------------------------


def naive_equity(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    hi_lo: bool = False,
) -> tuple[list[Fraction], int]:
    """Exact pot share of each hand over every completion of the board, and the board count."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    totals = [Fraction(0)] * len(hands)
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = [*board, *extra]
        results = [naive_omaha_hi_lo(h, full) for h in hands]
        best = max(r[0] for r in results)
        high = [i for i, r in enumerate(results) if r[0] == best]
        lows = [r[1] for r in results if r[1] is not None]
        boards += 1
        if hi_lo and lows:
            best_low = min(lows)
            low = [i for i, r in enumerate(results) if r[1] == best_low]
            for i in high:
                totals[i] += Fraction(1, 2 * len(high))
            for i in low:
                totals[i] += Fraction(1, 2 * len(low))
        else:
            for i in high:  # Hi, or Hi/Lo without a qualifying low (R-LO-7)
                totals[i] += Fraction(1, len(high))
    return [t / boards for t in totals], boards


def cards(*texts: str) -> list[tuple[int, ...]]:
    return [parse_cards(t) for t in texts]


# --- exact enumeration against the brute force ------------------------------------------


@pytest.mark.parametrize("hi_lo", [False, True])
@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (("AsKsQd7h", "2c2d3h4h"), "Ah7c2s"),
        (("AhAdKhKd", "JsTs9c8c", "5d4d3s2h"), "Kc7s6h"),
        (("AcKc5d3h2s", "QhQsJdTd9c"), "8c7c2d"),  # five-card Omaha
        (("AcAd2c3d4h5h", "KhKsQdJcTs9h"), "6c7d8sKd"),  # six-card Omaha, turn
    ],
)
def test_r_split_1_exact_equity_matches_brute_force(
    hands: tuple[str, ...], board: str, hi_lo: bool
) -> None:
    holes = cards(*hands)
    expected, count = naive_equity(holes, parse_cards(board), hi_lo=hi_lo)
    result = equity(holes, parse_cards(board), hi_lo=hi_lo)
    assert result.exact and result.std_error is None
    assert result.boards == count
    for got, want in zip(result.hands, expected, strict=True):
        assert got.equity == pytest.approx(float(want), abs=1e-12)


@pytest.mark.parametrize("hi_lo", [False, True])
@pytest.mark.parametrize("hands", [("AsKs5d4h", "8c8h7c6h"), ("AsKs5d4h3c", "8c8h7c6hJd")])
def test_preflop_enumeration_matches_brute_force_on_a_reduced_deck(
    hands: tuple[str, str], hi_lo: bool
) -> None:
    # Pre-flop goes through the shared-subset enumeration; the dead cards leave a
    # 12-card deck (792 boards) that the brute force can walk in a moment.
    holes = cards(*hands)
    deck = [c for c in range(52) if c not in {c for h in holes for c in h}]
    keep = {*deck[::4], deck[1]}  # 12 cards spread over every rank
    dead = [c for c in deck if c not in keep]
    expected, count = naive_equity(holes, (), dead, hi_lo=hi_lo)
    result = equity(holes, (), dead, hi_lo=hi_lo)
    assert result.boards == count == 792
    for got, want in zip(result.hands, expected, strict=True):
        assert got.equity == pytest.approx(float(want), abs=1e-12)


def test_three_way_preflop_reduced_deck_matches_brute_force() -> None:
    holes = cards("AsKsQsJs", "2c3c4d5d", "ThTd9h9d")
    deck = [c for c in range(52) if c not in {c for h in holes for c in h}]
    dead = [c for c in deck if c not in {*deck[::4], deck[1], deck[2]}]  # 12 cards left
    expected, _ = naive_equity(holes, (), dead, hi_lo=True)
    result = equity(holes, (), dead, hi_lo=True)
    for got, want in zip(result.hands, expected, strict=True):
        assert got.equity == pytest.approx(float(want), abs=1e-12)


# --- pinned pre-flop figures --------------------------------------------------------------


def test_heads_up_preflop_exact_figures() -> None:
    # Expected: naive_equity's brute force (same functions as above, split over two
    # processes) over all 1,086,008 boards, run once offline; it took 451 s and gave
    # Hi 606347/1086008 vs 479661/1086008, Hi/Lo 522901/1086008 vs 563107/1086008.
    holes = cards("AsKsQd7h", "2c2d3h4h")
    result = equity(holes)
    assert result.exact and result.boards == 1_086_008
    assert [h.equity for h in result.hands] == [606347 / 1086008, 479661 / 1086008]
    hi_lo = equity(holes, hi_lo=True)
    assert [h.equity for h in hi_lo.hands] == [522901 / 1086008, 563107 / 1086008]
    # Neither hand can tie the other for high: they share no rank.
    assert [h.win for h in result.hands] == [606347 / 1086008, 479661 / 1086008]
    assert sum(h.high or 0 for h in hi_lo.hands) == pytest.approx(1.0, abs=1e-12)


def test_heads_up_preflop_aces_against_a_rundown() -> None:
    # Expected: the same offline brute force (339 s): 636765/1086008 vs 449243/1086008,
    # for Hi and for Hi/Lo alike, since neither hand holds two low cards (R-LO-7).
    holes = cards("AhAsKhQs", "JdTc9d8c")
    for hi_lo in (False, True):
        result = equity(holes, hi_lo=hi_lo)
        assert [h.equity for h in result.hands] == [636765 / 1086008, 449243 / 1086008]
    assert result.hands[0].low == result.hands[1].low == 0.0


def test_suit_isomorphic_hands_split_exactly() -> None:
    # Swapping spades<->hearts and clubs<->diamonds maps one hand onto the other
    # and the set of boards onto itself: each must have equity exactly 1/2.
    for hi_lo in (False, True):
        result = equity(cards("AsKsQhJh", "AhKhQsJs"), hi_lo=hi_lo)
        assert [h.equity for h in result.hands] == [0.5, 0.5]
        result = equity(cards("AsKs7c6c", "AhKh7d6d"), hi_lo=hi_lo)
        assert [h.equity for h in result.hands] == [0.5, 0.5]


# --- Hi/Lo splits -------------------------------------------------------------------------


def test_r_lo_1_quartered_low_and_high_to_one_player() -> None:
    # Both make 6-4-3-2-A (low half split); As2sKsQh also wins high with trip Kings.
    result = equity(cards("As2sKsQh", "Ah2h9c9d"), parse_cards("3c4d6hKcKd"), hi_lo=True)
    a, b = result.hands
    assert (a.equity, b.equity) == (0.75, 0.25)
    assert (a.high, a.low, b.high, b.low) == (1.0, 0.5, 0.0, 0.5)
    assert (a.win, a.tie, b.win, b.tie) == (0.0, 1.0, 0.0, 1.0)


def test_r_lo_7_no_qualifying_low_high_takes_all() -> None:
    result = equity(cards("AsAdKsQh", "2h3h9c9d"), parse_cards("KcJdTh8c8d"), hi_lo=True)
    a, b = result.hands
    assert (a.equity, a.win, a.high, a.low) == (1.0, 1.0, 1.0, 0.0)
    assert (b.equity, b.win, b.tie) == (0.0, 0.0, 0.0)


def test_r_lo_8_scoop() -> None:
    result = equity(cards("As2s3sKh", "QhJh9c9d"), parse_cards("4s5s8cKcTd"), hi_lo=True)
    assert result.hands[0].equity == 1.0 and result.hands[0].win == 1.0


def test_shares_sum_to_one_and_halves_are_consistent() -> None:
    holes = cards("AsKs5d4h", "8c8h7c6h", "Ad2d3c3h")
    result = equity(holes, parse_cards("Kd7d2c"), hi_lo=True)
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0, abs=1e-12)
    assert sum(h.high or 0 for h in result.hands) == pytest.approx(1.0, abs=1e-12)
    assert sum(h.low or 0 for h in result.hands) <= 1.0
    for h in result.hands:
        assert 0 <= h.win <= h.equity <= h.win + h.tie + 1e-12


def test_board_counts_and_river() -> None:
    holes = cards("AsKsQd7h", "2c2d3h4h")
    assert equity(holes, parse_cards("Ah7c2s")).boards == 820
    assert equity(holes, parse_cards("Ah7c2s9d")).boards == 40
    river = equity(holes, parse_cards("Ah7c2s9d2h"))
    assert river.boards == 1 and [h.equity for h in river.hands] == [0.0, 1.0]
    assert equity(holes, parse_cards("Ah7c2s"), parse_cards("Kd Kh")).boards == 741
    # Nothing left to deal: exact even when samples are asked for.
    assert equity(holes, parse_cards("Ah7c2s9d2h"), samples=100).exact


def test_pot_shares() -> None:
    shares = pot_shares(cards("AsKsQd7h", "2c2d3h4h"), parse_cards("Ah7c2s9d"))
    assert shares == (0.1, 0.9)


# --- Monte Carlo --------------------------------------------------------------------------


def test_monte_carlo_is_seeded_and_close_to_exact() -> None:
    holes = cards("AsKsQd7h", "2c2d3h4h")
    exact = equity(holes, parse_cards("Ah7c2s"), hi_lo=True)
    a = equity(holes, parse_cards("Ah7c2s"), hi_lo=True, samples=20_000, seed=7)
    b = equity(holes, parse_cards("Ah7c2s"), hi_lo=True, samples=20_000, seed=7)
    assert a == b
    assert not a.exact and a.boards == 20_000 and a.std_error is not None
    assert 0 < a.std_error < 0.01
    for got, want in zip(a.hands, exact.hands, strict=True):
        assert abs(got.equity - want.equity) < 5 * a.std_error


def test_random_hand_uses_monte_carlo() -> None:
    result = equity([parse_cards("AsAdKsKd"), None], samples=20_000, seed=1)
    assert not result.exact and result.hands[1].hand == "random"
    assert result.hands[0].equity > 0.6  # aces double-suited against any hand
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0, abs=1e-12)


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "board", "dead", "error"),
    [
        (["AsKsQd7h"], "", "", EquityInputError),
        (["AsKsQd7h"] * 0 + ["AsKsQd", "2c2d3h"], "", "", EquityInputError),
        (["AsKsQd7h", "2c2d3h4h5h"], "", "", EquityInputError),
        (["AsKsQd7h", "2c2d3h4h"], "Ah7c", "", EquityInputError),
        (["AsKsQd7h", "2c2d3h4h"], "Ah7cAs", "", CardError),
        (["AsKsQd7h", "2c2d3h4h"], "", "2c", CardError),
        (["AsKsQd7h", "AsKdQh7c"], "", "", CardError),
    ],
)
def test_bad_input_is_rejected(
    hands: list[str], board: str, dead: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        equity(cards(*hands), parse_cards(board), parse_cards(dead))


def test_all_hands_random_is_rejected() -> None:
    with pytest.raises(EquityInputError):
        equity([None, None])
    with pytest.raises(EquityInputError):
        equity([parse_cards("AsKsQd7h"), None], samples=0)
