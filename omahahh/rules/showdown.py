"""Awarding pots at showdown (R-SD-3, R-SPLIT-1, R-LO-1..8, with R-ODD-1/2 from odd_chips).

A *contestant* is an eligible player whose hand was shown in full; scores
come from :mod:`omahahh.eval.evaluator` (higher is better; a low of ``None`` does
not qualify). An unshown hand cannot win (R-SD-2), so mucked hands are simply
not contestants.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from omahahh.rules.odd_chips import split_evenly, split_hi_lo

HIGH = "high"
LOW = "low"
WHOLE = "whole"


class Contestant(NamedTuple):
    seat: int
    high: int
    low: int | None = None


class Share(NamedTuple):
    """Part of one pot won by one seat: the whole pot, or its high or low half."""

    seat: int
    half: str
    amount: int


def best_high(contestants: Sequence[Contestant]) -> list[int]:
    """Seats holding the best high hand; several on a tie (R-HAND-2, R-SPLIT-1).

    >>> best_high([Contestant(1, 500), Contestant(2, 700), Contestant(3, 700)])
    [2, 3]
    """
    top = max(c.high for c in contestants)
    return [c.seat for c in contestants if c.high == top]


def best_low(contestants: Sequence[Contestant]) -> list[int]:
    """Seats holding the best qualifying low, empty when none qualifies (R-LO-3..5, R-LO-7).

    Lows compare from the highest card down (R-LO-5): 7-6-5-4-2 beats 8-6-4-2-A.
    The evaluator's low values already order that way (higher is better).

    >>> from omahahh.eval.evaluator import low5
    >>> from omahahh.cards import parse_cards
    >>> a, b = low5(parse_cards("7c6d5h4s2c")), low5(parse_cards("8c6d4h2sAc"))
    >>> best_low([Contestant(1, 0, a), Contestant(2, 0, b)])
    [1]
    """
    lows = [c.low for c in contestants if c.low is not None]
    if not lows:
        return []
    top = max(lows)
    return [c.seat for c in contestants if c.low == top]


def award_pot(
    amount: int,
    contestants: Sequence[Contestant],
    *,
    hi_lo: bool,
    order: Sequence[int],
    odd_chip_to: str = HIGH,
    chip: int = 1,
) -> list[Share]:
    """Who gets what of one pot (R-SD-3): best high, or high and low halves in Hi/Lo.

    Hi/Lo: the pot halves (R-LO-1), the odd chip to the high half by default
    (R-ODD-2); without a qualifying low the high hand scoops (R-LO-7); one
    player may win both halves (R-LO-8). Ties split, odd chips clockwise from
    the button (R-SPLIT-1, R-ODD-1). Worked example (docs/FORMATS.md §1.9): pot
    86, seat 9 has the best high, seats 5 and 9 tie for low, button seat 3:

    >>> shares = award_pot(86, [Contestant(5, 10, 225), Contestant(9, 20, 225)],
    ...                    hi_lo=True, order=[4, 5, 6, 7, 9, 1, 2, 3])
    >>> [(s.seat, s.half, s.amount) for s in shares]
    [(9, 'high', 43), (5, 'low', 22), (9, 'low', 21)]
    """
    if not contestants or amount <= 0:
        return []
    if len(contestants) == 1:
        return [Share(contestants[0].seat, WHOLE, amount)]
    highs = best_high(contestants)
    lows = best_low(contestants) if hi_lo else []
    if not lows:
        return _shares(WHOLE, amount, highs, order, chip)
    high_amount, low_amount = split_hi_lo(amount, odd_chip_to, chip)
    return _shares(HIGH, high_amount, highs, order, chip) + _shares(
        LOW, low_amount, lows, order, chip
    )


def _shares(
    half: str, amount: int, winners: Sequence[int], order: Sequence[int], chip: int = 1
) -> list[Share]:
    split = split_evenly(amount, winners, order, chip)
    return [Share(seat, half, part) for seat, part in split.items()]
