"""Pots: uncalled bets, main and side pots, pots shared between boards (R-POT-*).

Players are keyed by seat number. Contributions are a player's chips in the
pot for the whole hand (blinds, antes, dead blinds and bets), after any
uncalled part was returned.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that can win it (R-POT-1).

    ``index`` 0 is the main pot, 1.. the side pots in the order they formed.
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    level: int  # contribution level that caps this pot


def uncalled_bet(street_bets: Mapping[int, int]) -> tuple[int, int] | None:
    """The part of the largest bet no one matched, and whose it is (R-POT-2).

    ``street_bets`` are the live bets of the round just finished (folded
    players' bets included: they matched them before folding). A bets 100, B
    calls all-in for 50: 50 returns to A.

    >>> uncalled_bet({1: 100, 2: 50})
    (1, 50)
    >>> uncalled_bet({1: 100, 2: 100}) is None
    True
    """
    seats = list(street_bets)
    index, amount = uncalled_part([street_bets[s] for s in seats])
    return (seats[index], amount) if index >= 0 else None


def uncalled_part(street_bets: Sequence[int]) -> tuple[int, int]:
    """:func:`uncalled_bet` over a sequence: (index of the bet, part returned), (-1, 0) for none.

    Plain loops over integers, so the compiled betting walk (``replay/walk_kernel.py``)
    calls this same function on its arrays (R-POT-2).

    >>> uncalled_part([100, 50, 0])
    (0, 50)
    >>> uncalled_part([40, 100, 100])
    (-1, 0)
    """
    top_index = -1
    top = second = 0
    for i in range(len(street_bets)):
        bet = street_bets[i]
        if top_index < 0 or bet > top:
            if top_index >= 0:
                second = top
            top_index, top = i, bet
        elif bet > second:
            second = bet
    if top_index >= 0 and top > second:
        return top_index, top - second
    return -1, 0


def build_pots(contributions: Mapping[int, int], in_hand: Collection[int]) -> list[Pot]:
    """Main pot and side pots with their eligible seats (R-POT-1, R-AI-5).

    Each all-in level of a player still in the hand closes a pot; chips of
    folded players are dead money in the pots their chips reach. Worked
    example of R-POT-1: A and B each put 1000 in, C only 100: main pot 300
    (A, B or C), side pot 1800 (A or B).

    >>> [(p.amount, p.eligible) for p in build_pots({1: 1000, 2: 1000, 3: 100}, {1, 2, 3})]
    [(300, (1, 2, 3)), (1800, (1, 2))]
    """
    levels = sorted({contributions.get(s, 0) for s in in_hand if contributions.get(s, 0) > 0})
    if not levels:
        total = sum(contributions.values())
        if total <= 0:
            return []
        return [Pot(0, total, tuple(sorted(in_hand)), 0)]
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        amount = 0
        for c in contributions.values():
            # Chips above the highest level of anyone still in (folded dead money) go on top.
            upper = c if top else min(c, level)
            amount += max(0, upper - min(c, previous))
        eligible = tuple(sorted(s for s in in_hand if contributions.get(s, 0) >= level))
        if pots and pots[-1].eligible == eligible:
            last = pots[-1]
            pots[-1] = Pot(last.index, last.amount + amount, eligible, level)
        elif amount > 0:
            pots.append(Pot(len(pots), amount, eligible, level))
        previous = level
    return pots


def split_between_runs(amount: int, runs: int) -> list[int]:
    """A pot shared between ``runs`` boards (run it twice): equal parts, odd chips to the first run.

    >>> split_between_runs(301, 2)
    [151, 150]
    """
    if runs <= 1:
        return [amount]
    share, odd = divmod(amount, runs)
    return [share + (1 if r < odd else 0) for r in range(runs)]
