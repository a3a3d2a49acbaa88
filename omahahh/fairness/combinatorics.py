"""Exact frequencies the deal tests compare with: starting-hand categories and flop textures.

Starting hands use the classes of :mod:`omahahh.eval.starting_hands` (suits ×
pairs × connectivity). Their joint counts among the C(52, k) hands of k = 4,
5, 6 cards are *counted*, not enumerated: the suit and pair classes depend
only on the multiplicities of the ranks (the pattern, e.g. 2+1+1 for one pair)
and the suits chosen for each rank, the connectivity only on the set of
distinct ranks. So the count of a class triple is the sum over patterns of
(suit assignments giving the suit and pair classes) × (rank sets of the
pattern's size giving the connectivity) × (ways to lay the pattern on the set).

>>> counts = starting_hand_counts(4)
>>> sum(counts.values()) == math.comb(52, 4)
True
>>> counts[("double_suited", "no_pair", "rundown")]
396

Worked by hand: a rundown without a pair is four distinct ranks in a row, the ace
high or low (A-2-3-4 up to J-Q-K-A): 11 rank sets. Four cards of distinct ranks
are double suited only as two suits held twice each (4 of a suit, 3+1 and 2+1+1
hold one suit twice or more, 1+1+1+1 none): 3 ways to pair the four ranks, times
4 × 3 suits for the two pairs, 36 suit assignments. 11 × 36 = 396.

Flop textures (paired or not × suits) are counted for any set of cards still
in the deck, so a flop can be compared with the deck it was really dealt from
(the known hole cards removed): :func:`flop_texture_probabilities`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import numpy as np
import numpy.typing as npt

from omahahh.cards import make_card
from omahahh.eval.starting_hands import (
    CONNECTIVITY_CLASSES,
    PAIR_CLASSES,
    SUIT_CLASSES,
    classify,
)

HandClass = tuple[str, str, str]  # (suits, pairs, connectivity)
HAND_CLASSES: tuple[HandClass, ...] = tuple(
    itertools.product(SUIT_CLASSES, PAIR_CLASSES, CONNECTIVITY_CLASSES)
)
HOLE_COUNTS = (4, 5, 6)


def _patterns(k: int, most: int = 4) -> list[tuple[int, ...]]:
    """Multiplicity patterns of k cards: partitions of k into parts of at most ``most``."""
    out: list[tuple[int, ...]] = []

    def grow(left: int, cap: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        for part in range(min(left, cap), 0, -1):
            grow(left - part, part, (*acc, part))

    grow(k, most, ())
    return out


def _suit_and_pair_counts(pattern: tuple[int, ...]) -> Counter[tuple[str, str]]:
    """For fixed distinct ranks with these multiplicities: hands by (suits, pairs) class."""
    # Ranks 0, 2, 4, ... are never connected, but only the suit and pair classes are read.
    per_rank = [itertools.combinations(range(4), m) for m in pattern]
    out: Counter[tuple[str, str]] = Counter()
    for suits in itertools.product(*per_rank):
        cards = [make_card(2 * i, s) for i, chosen in enumerate(suits) for s in chosen]
        c = classify(cards)
        out[(c.suits, c.pairs)] += 1
    return out


@cache
def _connectivity_counts(distinct: int) -> Counter[str]:
    """Sets of ``distinct`` ranks (of 13) by connectivity class."""
    return Counter(
        classify([make_card(r, 0) for r in ranks]).connectivity
        for ranks in itertools.combinations(range(13), distinct)
    )


def _arrangements(pattern: tuple[int, ...]) -> int:
    """Ways to give the pattern's multiplicities to its distinct ranks (in a fixed set)."""
    ways = math.factorial(len(pattern))
    for repeat in Counter(pattern).values():
        ways //= math.factorial(repeat)
    return ways


@cache
def starting_hand_counts(k: int) -> dict[HandClass, int]:
    """Hands of ``k`` cards (of C(52, k)) in each (suits, pairs, connectivity) class."""
    if k not in HOLE_COUNTS:
        raise ValueError(f"starting hands of {k} cards: only {HOLE_COUNTS}")
    counts = dict.fromkeys(HAND_CLASSES, 0)
    for pattern in _patterns(k):
        suit_pair = _suit_and_pair_counts(pattern)
        connectivity = _connectivity_counts(len(pattern))
        lay = _arrangements(pattern)
        for (suits, pairs), n in suit_pair.items():
            for conn, sets in connectivity.items():
                counts[(suits, pairs, conn)] += n * sets * lay
    return counts


def starting_hand_probabilities(k: int) -> dict[HandClass, float]:
    """:func:`starting_hand_counts` as probabilities (classes of probability 0 left out)."""
    counts = starting_hand_counts(k)
    total = math.comb(52, k)
    return {c: n / total for c, n in counts.items() if n}


# ---- flop textures -----------------------------------------------------------------

FLOP_TEXTURES = (
    "rainbow_unpaired",
    "two_tone_unpaired",
    "monotone",
    "rainbow_paired",
    "two_tone_paired",
    "trips",
)
"""Classes of a flop: three suits, two or one (monotone: never paired) × paired or not."""


def _choose2(n: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return n * (n - 1) // 2


def _choose3(n: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return n * (n - 1) * (n - 2) // 6


def flop_texture_counts(available: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Flops of each texture (columns as :data:`FLOP_TEXTURES`) from each deck.

    ``available``: shape (N, 52), True for the cards still in the deck (card int
    ``rank * 4 + suit``). Counting, per deck, with ``n_r`` cards of rank r, ``n_s``
    of suit s and ``m`` in all: trips Σ C(n_r, 3); paired Σ C(n_r, 2)(m - n_r), of
    which two-tone Σ (n_r - 1)(Σ_{s held at r} n_s - n_r) (the third card shares a
    suit with the pair); monotone Σ C(n_s, 3); three suits e3(n_s) (the elementary
    symmetric sum), which holds the rainbow paired flops and the trips.
    """
    a = available.reshape(-1, 13, 4).astype(np.int64)
    n_rank = a.sum(axis=2)
    n_suit = a.sum(axis=1)
    m = n_suit.sum(axis=1)
    trips = _choose3(n_rank).sum(axis=1)
    paired = (_choose2(n_rank) * (m[:, None] - n_rank)).sum(axis=1)
    suit_weight = np.einsum("nrs,ns->nr", a, n_suit)
    paired_two_tone = ((n_rank - 1) * (suit_weight - n_rank)).clip(min=0).sum(axis=1)
    paired_rainbow = paired - paired_two_tone
    monotone = _choose3(n_suit).sum(axis=1)
    s1, s2, s3 = n_suit.sum(axis=1), (n_suit**2).sum(axis=1), (n_suit**3).sum(axis=1)
    e3 = (s1**3 - 3 * s1 * s2 + 2 * s3) // 6
    rainbow_unpaired = e3 - paired_rainbow - trips
    unpaired = _choose3(m) - paired - trips
    two_tone_unpaired = unpaired - monotone - rainbow_unpaired
    return np.stack(
        [rainbow_unpaired, two_tone_unpaired, monotone, paired_rainbow, paired_two_tone, trips],
        axis=1,
    )


def flop_texture_probabilities(available: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """:func:`flop_texture_counts` over the number of flops of each deck."""
    counts = flop_texture_counts(available)
    total = counts.sum(axis=1, keepdims=True)
    out: npt.NDArray[np.float64] = counts / np.maximum(total, 1)
    return out


def flop_texture(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The texture (index into :data:`FLOP_TEXTURES`) of each flop, shape (N, 3)."""
    ranks, suits = cards >> 2, cards & 3
    distinct_suits = (
        1
        + (suits[:, 1] != suits[:, 0])
        + ((suits[:, 2] != suits[:, 0]) & (suits[:, 2] != suits[:, 1]))
    )
    pairs = (
        (ranks[:, 0] == ranks[:, 1]).astype(np.int64)
        + (ranks[:, 0] == ranks[:, 2])
        + (ranks[:, 1] == ranks[:, 2])
    )
    out = np.where(distinct_suits == 3, 0, np.where(distinct_suits == 2, 1, 2))
    out = np.where(pairs == 1, np.where(distinct_suits == 3, 3, 4), out)
    return np.where(pairs == 3, 5, out).astype(np.int64)


@cache
def full_deck_flop_probabilities() -> tuple[float, ...]:
    """Texture probabilities of a flop from a full deck."""
    return tuple(float(p) for p in flop_texture_probabilities(np.ones((1, 52), dtype=bool))[0])


def ace_in_hand_probability(cards: int) -> float:
    """P(at least one ace among ``cards`` cards dealt from a full deck)."""
    return 1.0 - math.comb(48, cards) / math.comb(52, cards)


# ---- starting-hand classes of many hands at once -----------------------------------


@cache
def _connectivity_table() -> npt.NDArray[np.int64]:
    """Connectivity class index for every set of distinct ranks as 14 bits (ace-low at bit 0,
    deuce..ace at bits 1..13), from the reference classifier."""
    table = np.zeros(1 << 14, dtype=np.int64)
    for ranks in range(1 << 13):
        held = [r for r in range(13) if ranks >> r & 1]
        c = classify([make_card(r, 0) for r in held]).connectivity if held else "disconnected"
        bits = ranks << 1 | (ranks >> 12 & 1)
        table[bits] = CONNECTIVITY_CLASSES.index(c)
    return table


@cache
def _suit_table() -> npt.NDArray[np.int64]:
    """Suit class index for every suit-count vector packed as four 4-bit counts."""
    table = np.zeros(1 << 16, dtype=np.int64)
    for packed in range(1 << 16):
        suited = sum(1 for s in range(4) if (packed >> 4 * s & 15) >= 2)
        table[packed] = 0 if suited >= 2 else 1 if suited == 1 else 2
    return table


_NIBBLE_ONES = sum(1 << (4 * r) for r in range(13))
_NIBBLE_FOURS = 4 * _NIBBLE_ONES


def classify_hands(holes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Index into :data:`HAND_CLASSES` of each hand, shape (N, k) of card ints.

    The classes of :func:`omahahh.eval.starting_hands.classify`, in numpy (a test
    holds the two equal on every 4-card hand and on random 5- and 6-card hands):
    suits from the suit counts packed in 16 bits, connectivity from the set of
    ranks in 14 bits, both through tables made by the reference; pairs from the
    rank counts packed in 4-bit fields (k cards of d distinct ranks and none
    three times hold k - d pairs).
    """
    k = holes.shape[1]
    # Column by column: numpy reduces slowly along a short axis.
    packed_suits = np.zeros(holes.shape[0], dtype=np.int64)
    counts = np.zeros(holes.shape[0], dtype=np.int64)  # 13 fields of 4 bits, each at most 4
    bits = np.zeros(holes.shape[0], dtype=np.int64)
    for j in range(k):
        card = holes[:, j]
        rank = card >> 2
        packed_suits += np.left_shift(1, (card & 3) << 2)
        counts += np.left_shift(1, rank << 2)
        bits |= np.left_shift(2, rank)
    suits = _suit_table()[packed_suits]
    trips = ((counts + _NIBBLE_ONES) & _NIBBLE_FOURS) != 0  # a field of 3 or 4
    distinct = np.bitwise_count(bits).astype(np.int64)
    pairs = np.where(trips, 3, np.minimum(k - distinct, 2))
    bits |= (bits >> 13) & 1  # the ace plays low too
    connectivity = _connectivity_table()[bits]
    per_suit = len(PAIR_CLASSES) * len(CONNECTIVITY_CLASSES)
    index = suits * per_suit + pairs * len(CONNECTIVITY_CLASSES) + connectivity
    out: npt.NDArray[np.int64] = index.astype(np.int64)
    return out
