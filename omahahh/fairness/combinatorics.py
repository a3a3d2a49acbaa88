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
2640

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

_WRAP_SPAN = 6  # as omahahh.eval.starting_hands: four distinct ranks within six in a row
_RUN = 4


def classify_hands(holes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Index into :data:`HAND_CLASSES` of each hand, shape (N, k) of card ints.

    The classes of :func:`omahahh.eval.starting_hands.classify`, in numpy (a test
    holds the two equal on every 4-card hand and on random 5- and 6-card hands).
    """
    n = holes.shape[0]
    rows = np.repeat(np.arange(n), holes.shape[1])
    flat = holes.ravel()
    suit_n = np.bincount(rows * 4 + (flat & 3), minlength=4 * n).reshape(n, 4)
    rank_n = np.bincount(rows * 13 + (flat >> 2), minlength=13 * n).reshape(n, 13)
    suited = (suit_n >= 2).sum(axis=1)
    suits = np.where(suited >= 2, 0, np.where(suited == 1, 1, 2))
    pairs_n = (rank_n == 2).sum(axis=1)
    pairs = np.where((rank_n >= 3).any(axis=1), 3, np.minimum(pairs_n, 2))
    # Distinct ranks as bits: ace-low at bit 0, deuce..ace at bits 1..13.
    present = rank_n > 0
    bits = (present * (1 << np.arange(1, 14))).sum(axis=1) | present[:, 12]
    window4 = np.stack([np.bitwise_count((bits >> s) & 15) for s in range(14 - _RUN + 1)], 1)
    span = (1 << _WRAP_SPAN) - 1
    window6 = np.stack(
        [np.bitwise_count((bits >> s) & span) for s in range(14 - _WRAP_SPAN + 1)], 1
    )
    rundown = (window4 == _RUN).any(axis=1)
    wrap = (window6 >= _RUN).any(axis=1)
    connectivity = np.where(rundown, 0, np.where(wrap, 1, 2))
    per_suit = len(PAIR_CLASSES) * len(CONNECTIVITY_CLASSES)
    index = suits * per_suit + pairs * len(CONNECTIVITY_CLASSES) + connectivity
    out: npt.NDArray[np.int64] = index.astype(np.int64)
    return out
