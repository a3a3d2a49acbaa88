"""An independent brute-force Omaha evaluator: straightforward five-card ranking
with sorted tuples, every 2 hole + 3 board choice. No lookup tables, no numpy.

Shared by the evaluator property tests, the equity tests and the evaluator
benchmark (its baseline).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

High = tuple[int, tuple[int, ...]]


def naive_high(cards: Sequence[int]) -> High:
    """(category, tie-break ranks) of five cards; bigger is better."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    ordered = tuple(r for r, _ in groups)
    straight = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:
        straight = 3  # the wheel is Five-high
    if straight is not None:
        return (8 if flush else 4), (straight,)
    if flush:
        return 5, ordered
    for cat, pattern in ((7, [4]), (6, [3, 2]), (3, [3]), (2, [2, 2]), (1, [2])):
        if shape[: len(pattern)] == pattern:
            return cat, ordered
    return 0, ordered


def naive_low(cards: Sequence[int]) -> tuple[int, ...] | None:
    """Ace-low ranks highest first (smaller tuple is better), None if no 8-or-better."""
    lows = sorted({(c >> 2) + 2 if c >> 2 != 12 else 1 for c in cards}, reverse=True)
    return tuple(lows) if len(lows) == 5 and lows[0] <= 8 else None


def naive_omaha_high(hole: Sequence[int], board: Sequence[int]) -> High:
    """Best high over every 2 hole + 3 board choice."""
    return max(naive_high([*a, *b]) for a in combinations(hole, 2) for b in combinations(board, 3))


def naive_omaha_hi_lo(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[High, tuple[int, ...] | None]:
    """Best high and best low (None: no 8-or-better) over every 2 hole + 3 board choice."""
    lows = [
        low
        for a in combinations(hole, 2)
        for b in combinations(board, 3)
        if (low := naive_low([*a, *b])) is not None
    ]
    return naive_omaha_high(hole, board), min(lows, default=None)
