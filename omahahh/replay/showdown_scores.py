"""The shown hands of a batch of hands, evaluated at once with the batch evaluator.

A showdown compares every shown hand on every full board (:func:`showdown._score`); one
evaluation by :func:`omaha_high` costs about twenty times a row of
:func:`omaha_hi_lo_batch` (docs/PERFORMANCE.md). :func:`score_batch` evaluates all of a
batch's pairs in one call per hole-card count; the showdown then looks its pairs up, and
evaluates itself any pair not there (a replay that was not given the batch's scores,
cards that cannot be evaluated).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from omahahh.model import HandRecord
from omahahh.replay.showdown import Scores, known_hands

Pair = tuple[tuple[int, ...], tuple[int, ...]]
"""(hole cards, board)."""


def score_batch(hands: Sequence[HandRecord]) -> list[Scores]:
    """For each hand, the high (and, in Hi/Lo, low) value of each fully shown hand on each
    five-card board; a hand whose cards cannot be evaluated as they stand (a card twice,
    out of range) is left out, for the showdown to report as it does without scores.

    >>> from omahahh.cards import parse_cards
    >>> from omahahh.eval.evaluator import omaha_high
    >>> hole, board = tuple(parse_cards("AcKdTd8h")), tuple(parse_cards("Kc9c6c6hQc"))
    >>> _evaluate({4: [(hole, board)]}, {(hole, board): False})[(hole, board)] == (
    ...     omaha_high(hole, board), None)
    True
    """
    wanted: dict[int, list[Pair]] = {}
    hi_lo: dict[Pair, bool] = {}
    per_hand: list[list[Pair]] = []
    for hand in hands:
        pairs: list[Pair] = []
        boards = [b for b in hand.boards if len(b) == 5 and _cards_ok(b)]
        shown = known_hands(hand).values() if boards else ()
        for cards in shown:
            if not 4 <= len(cards) <= 6 or not _cards_ok(cards):
                continue
            for board in boards:
                if set(cards).isdisjoint(board):
                    pair = (cards, board)
                    pairs.append(pair)
                    if pair not in hi_lo:
                        wanted.setdefault(len(cards), []).append(pair)
                    hi_lo[pair] = hi_lo.get(pair, False) or hand.game.hi_lo
        per_hand.append(pairs)
    if not wanted:
        return [{} for _ in hands]
    values = _evaluate(wanted, hi_lo)
    return [{pair: values[pair] for pair in pairs} for pairs in per_hand]


def _cards_ok(cards: tuple[int, ...]) -> bool:
    return len(set(cards)) == len(cards) and all(0 <= c < 52 for c in cards)


def _evaluate(
    wanted: Mapping[int, list[Pair]], hi_lo: Mapping[Pair, bool]
) -> dict[Pair, tuple[int, int | None]]:
    import numpy as np

    from omahahh.eval.batch import omaha_hi_lo_batch

    out: dict[Pair, tuple[int, int | None]] = {}
    for pairs in wanted.values():
        holes = np.array([hole for hole, _ in pairs], dtype=np.uint8)
        boards = np.array([board for _, board in pairs], dtype=np.uint8)
        highs, lows = omaha_hi_lo_batch(holes, boards)
        for pair, high, low in zip(pairs, highs.tolist(), lows.tolist(), strict=True):
            out[pair] = (high, (low or None) if hi_lo[pair] else None)
    return out
