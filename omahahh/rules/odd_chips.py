"""Splitting a pot or a half between winners, odd chips included (R-SPLIT-1, R-ODD-1, R-ODD-2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def split_evenly(
    amount: int, winners: Sequence[int], order: Sequence[int], chip: int = 1
) -> dict[int, int]:
    """Equal shares (R-SPLIT-1); odd chips one at a time clockwise from the button (R-ODD-1).

    ``chip``: the smallest chip the room splits in (minor units); what is left below
    one chip goes with the first odd chip.

    ``order`` is :func:`clockwise_from_button`. A 19-cent low half split by
    seats 2 and 3 with the button on seat 5: seat 2 is reached first, so it
    gets the odd cent (docs/FORMATS.md §1.9).

    >>> from omahahh.rules.seating import clockwise_from_button
    >>> split_evenly(19, [3, 2], clockwise_from_button([1, 2, 3, 5], 5))
    {2: 10, 3: 9}
    """
    if not winners:
        return {}
    if len(winners) == 1:  # most pots: one winner takes it all, odd chips included
        return {winners[0]: amount}
    rank = {s: i for i, s in enumerate(order)}
    ordered = sorted(set(winners), key=lambda s: rank.get(s, len(rank) + s))
    units, rest = divmod(amount, chip)
    share, odd = divmod(units, len(ordered))
    return {
        s: (share + (1 if i < odd else 0)) * chip + (rest if i == 0 else 0)
        for i, s in enumerate(ordered)
    }


def split_hi_lo(amount: int, odd_chip_to: str = "high", chip: int = 1) -> tuple[int, int]:
    """A Hi/Lo pot's high and low halves (R-LO-1); the odd chip to ``odd_chip_to`` (R-ODD-2).

    Default: the high half, the common card-room convention. A 4765-chip pot:

    >>> split_hi_lo(4765)
    (2383, 2382)
    >>> split_hi_lo(4765, "low")
    (2382, 2383)

    In a room that splits in larger chips (Full Tilt: 5 cents at $0.50/$1), a $7.75 pot:

    >>> split_hi_lo(775, chip=5)
    (390, 385)
    """
    units, rest = divmod(amount, chip)
    half, odd = divmod(units, 2)
    if odd and odd_chip_to == "low":
        return half * chip, (half + odd) * chip + rest
    return (half + odd) * chip + rest, half * chip


def smallest_chip(amounts: Iterable[int], chips: Sequence[int]) -> int:
    """The largest of ``chips`` that divides every amount (1 when none does).

    Full Tilt's stacks, bets and rake at $2000/$4000 are all whole 50 cents
    (fulltilt:33727700367), at $0.50/$1 whole 5 cents (fulltilt:33727835942):

    >>> smallest_chip([11099950, 2900000, 100000, 50], (1, 5, 25, 50, 100))
    50
    >>> smallest_chip([1090, 400, 25, 50], (1, 5, 25, 50, 100))
    5
    """
    values = [a for a in amounts if a]
    fits = [c for c in chips if all(a % c == 0 for a in values)]
    return max(fits, default=1)


def hand_split_chip(amounts: Iterable[int], chips: Sequence[int], unit: int) -> int:
    """The chip a hand's pots are split in: the largest of the room's ``chips`` dividing
    every amount the hand states before its awards (:func:`smallest_chip`); 1 (the
    smallest unit) where the room splits in units or the game is not in cents.

    >>> hand_split_chip([775, 50, 100], (1, 5, 25, 50, 100), 100), hand_split_chip([775], (), 100)
    (25, 1)
    """
    if not chips or unit != 100:
        return 1
    return smallest_chip(amounts, chips)
