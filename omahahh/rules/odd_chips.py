"""Splitting a pot or a half between winners, odd chips included (R-SPLIT-1, R-ODD-1, R-ODD-2)."""

from __future__ import annotations

from collections.abc import Sequence


def split_evenly(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Equal shares (R-SPLIT-1); odd chips one at a time clockwise from the button (R-ODD-1).

    ``order`` is :func:`clockwise_from_button`. A 19-cent low half split by
    seats 2 and 3 with the button on seat 5: seat 2 is reached first, so it
    gets the odd cent (FORMATS.md §1.9).

    >>> from omahahh.rules.seating import clockwise_from_button
    >>> split_evenly(19, [3, 2], clockwise_from_button([1, 2, 3, 5], 5))
    {2: 10, 3: 9}
    """
    if not winners:
        return {}
    rank = {s: i for i, s in enumerate(order)}
    ordered = sorted(set(winners), key=lambda s: rank.get(s, len(rank) + s))
    share, odd = divmod(amount, len(ordered))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(ordered)}


def split_hi_lo(amount: int, odd_chip_to: str = "high") -> tuple[int, int]:
    """A Hi/Lo pot's high and low halves (R-LO-1); the odd chip to ``odd_chip_to`` (R-ODD-2).

    Default: the high half, the common card-room convention. A 4765-chip pot:

    >>> split_hi_lo(4765)
    (2383, 2382)
    >>> split_hi_lo(4765, "low")
    (2382, 2383)
    """
    half, odd = divmod(amount, 2)
    if odd and odd_chip_to == "low":
        return half, half + odd
    return half + odd, half
