"""Lookup tables behind the evaluator, built once per process (about 0.1 s).

Two layers:

* **Five-card classes** (R-HAND-2). Every one of the 7,462 equivalence classes
  of five-card poker hands gets a rank, 1 (7-5-4-3-2 offsuit) .. 7462 (royal
  flush). Non-flush hands are looked up by their rank multiset, flushes by
  their 13-bit rank mask.
* **Omaha tables** (R-HAND-1, R-LO-3). A hand made of exactly two hole cards
  and three board cards is split into the hole *pair* and the board *triple*.
  Suits matter only for flushes, so the tables are indexed by rank multisets:
  ``HI[m][pair, board]`` is the best non-flush rank over every three-card
  subset of an ``m``-card board, ``LO[m][pair, board]`` the best 8-or-better
  low, ``FLUSH[pair, mask]`` the best flush of a suited pair with the board
  cards of that suit. A whole Omaha evaluation is then one lookup per hole pair.

Rank multisets are numbered with the combinatorial number system: ranks sorted
ascending ``r0 <= r1 <= ...`` have index ``sum(C(r_i + i, i + 1))``, so a
pair has one of 91 indices and a five-card board one of 6,188.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]


class HandCategory(StrEnum):
    """Category of a high hand, weakest first (R-HAND-2)."""

    HIGH_CARD = "high_card"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    TRIPS = "trips"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    QUADS = "quads"
    STRAIGHT_FLUSH = "straight_flush"


CATEGORIES: tuple[HandCategory, ...] = tuple(HandCategory)
N_CLASSES = 7462
N_PAIRS = 91  # rank multisets of size 2
N_MULTISETS = {m: comb(13 + m - 1, m) for m in range(1, 6)}  # 13, 91, 455, 1820, 6188
WHEEL_MASK = 0b1_0000_0000_1111  # A,5,4,3,2
LOW_OF_RANK = tuple((r + 1) % 13 for r in range(13))  # ace -> 0, deuce -> 1, ..., king -> 12

# BINOM[n, k] = C(n, k) for the multiset index; int64 so that sums never overflow.
BINOM: I64 = np.array([[comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)


# Bit counts of 13-bit masks (np.bitwise_count needs numpy 2; we support 1.26).
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)


def _popcount(masks: npt.NDArray[np.integer]) -> I64:
    counts: I64 = _POPCOUNT[masks]
    return counts


def multiset_index(sorted_ranks: tuple[int, ...] | list[int]) -> int:
    """Index of an ascending rank multiset: ``multiset_index([0, 0]) == 0``."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted_ranks))


def multiset_index_array(sorted_ranks: npt.NDArray[np.integer]) -> I64:
    """Row-wise :func:`multiset_index` of an ``(n, m)`` array sorted along axis 1."""
    m = sorted_ranks.shape[1]
    idx = np.zeros(sorted_ranks.shape[0], dtype=np.int64)
    for i in range(m):
        idx += BINOM[sorted_ranks[:, i].astype(np.int64) + i, i + 1]
    return idx


def _straight_high(distinct_desc: tuple[int, ...]) -> int | None:
    """Top rank of a five-rank straight (the wheel counts as Five-high), else None."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if distinct_desc == (12, 3, 2, 1, 0):
        return 3
    return None


def _class_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """(category number, tie-break ranks) of five ranks; larger keys are stronger."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    # Ranks by (count desc, rank desc): e.g. full house -> (trips rank, pair rank).
    order = tuple(sorted(counts, key=lambda r: (-counts[r], -r)))
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        high = _straight_high(order)
        if high is not None:
            return (8 if flush else 4), (high,)
        return (5 if flush else 0), order
    if shape[0] == 4:
        return 7, order
    if shape[:2] == [3, 2]:
        return 6, order
    if shape[0] == 3:
        return 3, order
    if shape[:2] == [2, 2]:
        return 2, order
    return 1, order


@dataclass(frozen=True, slots=True)
class FiveCardTables:
    """Rank of every five-card class and its meaning."""

    by_multiset: I16  # multiset index -> rank (0 for five of a kind, impossible)
    by_flush_mask: I16  # 13-bit mask -> rank, for the 1,287 masks of five ranks
    category: tuple[HandCategory, ...]  # rank -> category (index 0 unused)
    tiebreak: tuple[tuple[int, ...], ...]  # rank -> ranks that name it (index 0 unused)


@cache
def five_card_tables() -> FiveCardTables:
    """Number the 7,462 classes by sorting their (category, kickers) keys."""
    keyed: list[tuple[tuple[int, tuple[int, ...]], int, bool]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] == ranks[4]:
            continue  # five of a kind needs a second deck
        keyed.append((_class_key(ranks, False), multiset_index(ranks), False))
    for ranks in combinations(range(13), 5):
        mask = sum(1 << r for r in ranks)
        keyed.append((_class_key(ranks, True), mask, True))
    keyed.sort()
    by_multiset = np.zeros(N_MULTISETS[5], dtype=np.int16)
    by_flush_mask = np.zeros(1 << 13, dtype=np.int16)
    category: list[HandCategory] = [HandCategory.HIGH_CARD]
    tiebreak: list[tuple[int, ...]] = [()]
    for rank, (key, slot, flush) in enumerate(keyed, start=1):
        (by_flush_mask if flush else by_multiset)[slot] = rank
        category.append(CATEGORIES[key[0]])
        tiebreak.append(key[1])
    assert len(keyed) == N_CLASSES
    return FiveCardTables(by_multiset, by_flush_mask, tuple(category), tuple(tiebreak))


def _multisets(m: int) -> npt.NDArray[np.int64]:
    """Every ascending rank multiset of size m, row i having multiset index i."""
    rows = np.array(list(combinations_with_replacement(range(13), m)), dtype=np.int64)
    out = np.empty_like(rows)
    out[multiset_index_array(rows)] = rows
    return out


def low_value(low_ranks: tuple[int, ...] | list[int]) -> int:
    """Low value (higher is better) of five ace-low ranks 0 (ace) .. 7 (eight), R-LO-5.

    The low is the bit mask of its ranks; comparing masks as numbers compares
    lows from the highest card down, so ``value = 256 - mask``: the wheel is
    ``256 - 0b11111 = 225``, 8-7-6-5-4 is 8; 0 means no qualifying low.
    """
    mask = 0
    for r in low_ranks:
        mask |= 1 << r
    return 256 - mask


def low_ranks_of(value: int) -> tuple[int, ...]:
    """Ace-low ranks (0 = ace) of a low value, highest first: 225 -> (4, 3, 2, 1, 0)."""
    mask = 256 - value
    return tuple(r for r in range(7, -1, -1) if mask >> r & 1)


@dataclass(frozen=True, slots=True)
class OmahaTables:
    """Best hand per (hole pair, board) rank multiset; see the module docstring."""

    pair_index: I64  # (13, 13) ranks -> pair multiset index
    hi: dict[int, I16]  # board size -> (91, n_multisets) best non-flush rank
    lo: dict[int, I16]  # board size -> (91, n_multisets) best low value, 0 = none
    flush: I16  # (91, 8192) best flush of a suited pair with those suited board ranks
    hi_flat: dict[int, I16]  # the same tables, flattened for np.take
    lo_flat: dict[int, I16]
    flush_flat: I16


@cache
def omaha_tables() -> OmahaTables:
    """Build the pair x board tables from the five-card tables (R-HAND-1, R-LO-3)."""
    five = five_card_tables()
    pairs = _multisets(2)
    pair_index = np.zeros((13, 13), dtype=np.int64)
    for i, (a, b) in enumerate(pairs):
        pair_index[a, b] = pair_index[b, a] = i

    # Pair + one board triple: the five-card rank and low, ignoring suits.
    triples = _multisets(3)
    five_ranks = np.concatenate(
        [np.repeat(pairs, len(triples), axis=0), np.tile(triples, (len(pairs), 1))], axis=1
    )
    five_ranks.sort(axis=1)
    hi3 = five.by_multiset[multiset_index_array(five_ranks)].reshape(len(pairs), len(triples))
    low_ranks = np.array(LOW_OF_RANK, dtype=np.int64)[five_ranks]
    masks = np.bitwise_or.reduce(np.left_shift(1, low_ranks), axis=1)
    ok = (low_ranks.max(axis=1) <= 7) & (_popcount(masks) == 5)
    lo3 = np.where(ok, 256 - masks, 0).astype(np.int16).reshape(hi3.shape)

    hi: dict[int, I16] = {3: hi3}
    lo: dict[int, I16] = {3: lo3}
    for m in (4, 5):
        boards = _multisets(m)
        # Multiset index of every 3-subset of every board (rows stay sorted).
        subs = np.stack(
            [multiset_index_array(boards[:, list(c)]) for c in combinations(range(m), 3)], axis=1
        )
        hi[m] = hi3[:, subs].max(axis=2)
        lo[m] = lo3[:, subs].max(axis=2)

    flush = _flush_table(five.by_flush_mask, pairs)
    return OmahaTables(
        pair_index=pair_index,
        hi=hi,
        lo=lo,
        flush=flush,
        hi_flat={m: t.ravel() for m, t in hi.items()},
        lo_flat={m: t.ravel() for m, t in lo.items()},
        flush_flat=flush.ravel(),
    )


def _flush_table(by_flush_mask: I16, pairs: npt.NDArray[np.int64]) -> I16:
    """``(91, 8192)``: best flush of a suited pair with 3..5 board cards of its suit."""
    masks = np.arange(1 << 13, dtype=np.int64)
    popcount = _popcount(masks)
    pair_masks = (1 << pairs[:, 0]) | (1 << pairs[:, 1])
    table = np.zeros((len(pairs), 1 << 13), dtype=np.int16)
    triple_masks = masks[popcount == 3]
    # A pair of equal ranks cannot be suited, and a suited pair never shares a
    # rank with board cards of its own suit: those entries stay 0.
    five = pair_masks[:, None] | triple_masks[None, :]
    valid = (pairs[:, 0] != pairs[:, 1])[:, None] & (_popcount(five) == 5)
    table[:, triple_masks] = np.where(valid, by_flush_mask[five], 0)
    for size in (4, 5):
        big = masks[popcount == size]
        bits = [[b for b in range(13) if m >> b & 1] for m in big.tolist()]
        subs = np.array(
            [[sum(1 << b for b in c) for c in combinations(row, 3)] for row in bits],
            dtype=np.int64,
        )
        table[:, big] = table[:, subs].max(axis=2)
    return table
