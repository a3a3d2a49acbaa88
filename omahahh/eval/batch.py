"""Vectorised (numpy) evaluation of many Omaha hands at once.

Each row is one (hole, board) pair. Per row the work is one lookup per hole
pair in the tables of :mod:`omahahh.eval.tables` (6 for four-card Omaha),
plus one flush lookup per pair suited in the board's flush suit. Results use
the same numbers as the scalar API: high ranks 1..7462, lows 8..225 with 0 for
no qualifying low (R-LO-3); higher is better for both.

>>> import numpy as np
>>> from omahahh.cards import parse_cards
>>> holes = np.array([parse_cards("AcKdTd8h")], dtype=np.uint8)
>>> boards = np.array([parse_cards("Kc9c6c6hQc")], dtype=np.uint8)
>>> from omahahh.eval.evaluator import describe_high
>>> describe_high(int(omaha_high_batch(holes, boards)[0]))
'two pair, Kings and Sixes'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from omahahh.eval.tables import (
    BINOM,
    N_MULTISETS,
    five_card_tables,
    multiset_index_array,
    omaha_tables,
)

I32 = npt.NDArray[np.int32]
_CHUNK = 1 << 15  # rows per step: keeps the temporaries in cache
_NO_SUIT = 7  # flush suit of a board without three cards of one suit


def rank5_batch(cards: npt.ArrayLike) -> I32:
    """Rank (1..7462, higher is better, R-HAND-2) of each row of an ``(n, 5)`` card array."""
    arr = np.asarray(cards, dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 5:
        raise ValueError("rank5_batch needs an (n, 5) array of cards")
    five = five_card_tables()
    ranks = arr >> 2
    suits = arr & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    by_set = five.by_multiset[multiset_index_array(np.sort(ranks, axis=1))]
    mask = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    return np.where(flush, five.by_flush_mask[mask], by_set).astype(np.int32)


def _check(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[npt.NDArray[np.intp], ...]:
    h = np.asarray(holes)
    b = np.asarray(boards)
    if h.ndim != 2 or b.ndim != 2 or h.shape[0] != b.shape[0]:
        raise ValueError("holes and boards must be 2-d arrays with the same number of rows")
    if h.shape[1] < 2 or not 3 <= b.shape[1] <= 5:
        raise ValueError("need at least 2 hole cards and 3 to 5 board cards per row")
    return h.astype(np.intp, copy=False), b.astype(np.intp, copy=False)


_SORTING_NETWORKS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((0, 1), (1, 2), (0, 1)),
    4: ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)),
    5: ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2)),
}
"""Compare-exchange steps that sort 3, 4 or 5 columns (tests check every 0/1 input)."""


def _board_keys(
    boards: npt.NDArray[np.intp],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Board rank-multiset index, flush suit (or _NO_SUIT) and that suit's rank mask.

    Column by column (a board has 3 to 5): numpy's reductions along rows this short cost
    more than the arithmetic, so this runs several times faster than ``np.sort`` and
    ``sum(axis=1)`` (docs/PERFORMANCE.md), with the same three arrays (the batch against
    the scalar evaluator in tests/unit/eval/test_evaluator.py).
    """
    m = boards.shape[1]
    ranks = [boards[:, i] >> 2 for i in range(m)]
    suits = [boards[:, i] & 3 for i in range(m)]
    ordered = list(ranks)
    for a, b in _SORTING_NETWORKS[m]:
        low, high = np.minimum(ordered[a], ordered[b]), np.maximum(ordered[a], ordered[b])
        ordered[a], ordered[b] = low, high
    index = BINOM[ordered[0], 1]
    for i in range(1, m):
        index = index + BINOM[ordered[i] + i, i + 1]
    # Each card adds one to its suit's 4-bit count; at most one suit reaches three.
    counts = np.left_shift(1, suits[0] * 4)
    for suit in suits[1:]:
        counts = counts + np.left_shift(1, suit * 4)
    flush_suit = np.full(len(boards), _NO_SUIT, dtype=np.intp)
    for suit_ in range(4):
        flush_suit[((counts >> (4 * suit_)) & 15) >= 3] = suit_
    mask = np.zeros(len(boards), dtype=np.intp)
    for rank, suit in zip(ranks, suits, strict=True):
        mask += np.left_shift(1, rank) * (suit == flush_suit)
    return index, flush_suit, mask


def _evaluate(
    holes: npt.ArrayLike, boards: npt.ArrayLike, want_hi: bool, want_lo: bool
) -> tuple[I32, I32]:
    h_all, b_all = _check(holes, boards)
    n, k = h_all.shape
    m = b_all.shape[1]
    tables = omaha_tables()
    pair_index = tables.pair_index.ravel()
    hi_flat, lo_flat, flush_flat = tables.hi_flat[m], tables.lo_flat[m], tables.flush_flat
    width = N_MULTISETS[m]
    hi_out = np.zeros(n, dtype=np.int32)
    lo_out = np.zeros(n, dtype=np.int32)
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        h = h_all[start:stop]
        index, flush_suit, fmask = _board_keys(b_all[start:stop])
        ranks = h >> 2
        suits = h & 3
        hi = np.zeros(stop - start, dtype=np.int16)
        lo = np.zeros(stop - start, dtype=np.int16)
        for i, j in combinations(range(k), 2):
            pair = pair_index[ranks[:, i] * 13 + ranks[:, j]]
            slot = pair * width + index
            if want_hi:
                np.maximum(hi, hi_flat.take(slot), out=hi)
                # Flush only with both hole cards in the board's flush suit (R-HAND-1).
                suited = (suits[:, i] == flush_suit) & (suits[:, j] == flush_suit)
                np.maximum(hi, flush_flat.take(pair * 8192 + fmask * suited), out=hi)
            if want_lo:
                np.maximum(lo, lo_flat.take(slot), out=lo)
        hi_out[start:stop] = hi
        lo_out[start:stop] = lo
    return hi_out, lo_out


def omaha_fixed_holes_batch(
    holes: Sequence[Sequence[int]], boards: npt.ArrayLike, hi_lo: bool
) -> tuple[I32, I32 | None]:
    """Every hand of ``holes`` on every row of ``boards``: ``(hands, n)`` high values and,
    with ``hi_lo``, lows (0 = none; R-LO-3..6); the same numbers as :func:`omaha_high_batch`.

    For equity, where the same few hands meet many boards: the board keys are computed
    once for all hands, and each hole pair's table row is a constant (R-HAND-1).
    """
    b_all = np.asarray(boards).astype(np.intp, copy=False)
    if b_all.ndim != 2 or not 3 <= b_all.shape[1] <= 5:
        raise ValueError("boards must be an (n, m) array with m = 3..5")
    n, m = b_all.shape
    tables = omaha_tables()
    hi_flat, lo_flat, flush_flat = tables.hi_flat[m], tables.lo_flat[m], tables.flush_flat
    width = N_MULTISETS[m]
    hi_out = np.zeros((len(holes), n), dtype=np.int32)
    lo_out = np.zeros((len(holes), n), dtype=np.int32)
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        index, flush_suit, fmask = _board_keys(b_all[start:stop])
        for h, hole in enumerate(holes):
            hi = np.zeros(stop - start, dtype=np.int16)
            lo = np.zeros(stop - start, dtype=np.int16)
            for a, b in combinations(hole, 2):
                pair = int(tables.pair_index[a >> 2, b >> 2])
                slot = index + pair * width
                np.maximum(hi, hi_flat.take(slot), out=hi)
                if a & 3 == b & 3:  # a flush needs both hole cards in the board's suit
                    on_suit = fmask * (flush_suit == a & 3)
                    np.maximum(hi, flush_flat.take(on_suit + pair * 8192), out=hi)
                if hi_lo:
                    np.maximum(lo, lo_flat.take(slot), out=lo)
            hi_out[h, start:stop] = hi
            lo_out[h, start:stop] = lo
    return hi_out, (lo_out if hi_lo else None)


def omaha_high_batch(holes: npt.ArrayLike, boards: npt.ArrayLike) -> I32:
    """Best Omaha high (exactly 2 hole + 3 board, R-HAND-1) of each row.

    ``holes`` is ``(n, k)`` (k >= 2, 4..6 in play), ``boards`` is ``(n, m)`` with
    m = 3..5; cards are ints 0..51 (any integer dtype, uint8 is cheapest). Rows
    are not checked for duplicate cards.
    """
    return _evaluate(holes, boards, True, False)[0]


def omaha_low_batch(holes: npt.ArrayLike, boards: npt.ArrayLike) -> I32:
    """Best 8-or-better low of each row (R-LO-3..5), 0 when no low qualifies."""
    return _evaluate(holes, boards, False, True)[1]


def omaha_hi_lo_batch(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[I32, I32]:
    """High and low of each row at once (R-LO-6: each may use different hole cards)."""
    return _evaluate(holes, boards, True, True)
