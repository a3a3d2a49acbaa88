"""Betting rules: what a player may do at a decision (R-BET-*, R-AI-*).

Amounts are integer minor units. "Street total" is what a player has put in
as live bets on the current street (blinds count, antes and dead blinds do
not); "to" amounts are street totals, as in ``raises 300 to 450``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from omahahh.model import Street, Structure

FIXED_LIMIT_CAP = 4
"""R-BET-8: a bet, a raise, a re-raise and a cap."""


def to_call(current_bet: int, street_in: int, stack: int) -> int:
    """Chips a player must add to call (R-BET-3), all-in for less if short (R-AI-1).

    >>> to_call(current_bet=150, street_in=50, stack=1000)
    100
    >>> to_call(current_bet=150, street_in=50, stack=40)
    40
    """
    return max(0, min(current_bet - street_in, stack))


def bet_after_blind(current_bet: int, street_in: int, full_blind: int, all_in: bool) -> int:
    """The bet to call once a live blind is posted: a blind all in for less still
    stands for the whole blind (R-BET-3, R-AI-1).

    Pre-flop a call of the big blind is a call (R-BET-3): a big blind (or small
    blind) whose poster goes all in for less than ``full_blind`` (R-AI-1) does not
    lower what the others owe, and a raise is measured from the full blind
    (R-BET-4). The short poster can win only what they matched (R-AI-5, R-POT-1).
    Worked example: blinds 50/100, the small blind posts 50, the big blind is all
    in for 60; the bet to call is 100, the small blind completes with 50, a raise
    is to at least 200, and with two callers the main pot is 4 x 60 = 240 (all
    four) and the callers' 3 x 40 = 120 a side pot the big blind cannot win.
    A blind that is short but not all in (a room's odd post) counts as posted.

    >>> bet_after_blind(current_bet=50, street_in=60, full_blind=100, all_in=True)
    100
    >>> bet_after_blind(current_bet=50, street_in=100, full_blind=100, all_in=False)
    100
    >>> bet_after_blind(current_bet=50, street_in=60, full_blind=100, all_in=False)
    60
    """
    owed = full_blind if all_in else street_in
    return max(current_bet, street_in, owed)


def bet_to_match(current_bet: int, others_top: int, others_can_bet: bool) -> int:
    """The bet a player must match: the round's, or, when no other player can still bet
    (all the others folded or all in), the largest bet any other put in (R-AI-5, R-POT-2).

    ``others_top`` is the largest street total of the other players. The full blind a
    short blind stands for (:func:`bet_after_blind`) is owed while someone else could
    match it; against all-in players only, the player just matches the largest of them
    (anything more would come straight back uncalled). Blinds 50/100, the big blind
    all in for 60, everyone folds to the small blind: it calls 10, not 50.

    >>> bet_to_match(current_bet=100, others_top=60, others_can_bet=True)
    100
    >>> bet_to_match(current_bet=100, others_top=60, others_can_bet=False)
    60
    """
    return current_bet if others_can_bet else min(current_bet, others_top)


def may_check(current_bet: int, street_in: int) -> bool:
    """A check is legal only when nothing is owed (R-BET-2; the BB's option pre-flop).

    >>> may_check(current_bet=20, street_in=20)  # big blind, nobody raised
    True
    >>> may_check(current_bet=60, street_in=20)
    False
    """
    return street_in >= current_bet


def min_raise_to(current_bet: int, largest_increment: int, big_blind: int) -> int:
    """Smallest legal bet or raise-to in no-limit and pot-limit (R-BET-4).

    A bet is at least the big blind; a raise adds at least the largest bet or
    raise increment of the round so far. Worked example of R-BET-4: bet 5,
    raise to 15 (increment 10): the next raise must be to at least 25.

    >>> min_raise_to(current_bet=0, largest_increment=0, big_blind=2)
    2
    >>> min_raise_to(current_bet=15, largest_increment=10, big_blind=2)
    25
    """
    if current_bet <= 0:
        return big_blind
    return current_bet + max(largest_increment, big_blind)


def pot_limit_max_to(current_bet: int, street_in: int, pot: int, table_bets: int) -> int:
    """Largest pot-limit raise-to (R-BET-5): the call plus a pot-sized raise after calling.

    ``pot`` is the active pot before this street's bets, ``table_bets`` every
    bet on the table this street (the raiser's own included). Worked example of
    R-BET-5: pot 200, player 1 bets 150, player 2 calls 150; player 3 may make
    it at most 800 (150 to call + a 650 raise).

    >>> pot_limit_max_to(current_bet=150, street_in=0, pot=200, table_bets=300)
    800
    """
    call = max(0, current_bet - street_in)
    return current_bet + pot + table_bets + call


def active_side_pot(contributions: Iterable[int], all_in_levels: Iterable[int], level: int) -> int:
    """The pot being contested above every all-in player below ``level`` (R-BET-5, literal reading).

    ``contributions`` are hand totals after the raiser's call; ``level`` is the
    raiser's hand total after calling. With no all-in player below it this is
    the whole pot. A and B each 1000 in, C all-in for 100: the side pot is 1800.

    >>> active_side_pot([1000, 1000, 100], [100], level=1000)
    1800
    >>> active_side_pot([1000, 1000, 100], [], level=1000)
    2100
    """
    # Plain loops: the compiled betting walk (replay/walk_kernel.py) calls this on arrays.
    floor = 0
    for lv in all_in_levels:
        if floor < lv < level:
            floor = lv
    total = 0
    for c in contributions:
        if c > floor:
            total += c - floor
    return total


def fixed_limit_bet_size(street: Street, small_bet: int, big_bet: int) -> int:
    """Fixed-limit bet and raise size (R-BET-7): small bet pre-flop and flop, big bet after.

    $10/$20: $10 increments pre-flop and on the flop, $20 on turn and river.

    >>> fixed_limit_bet_size(Street.FLOP, 1000, 2000), fixed_limit_bet_size(Street.TURN, 1000, 2000)
    (1000, 2000)
    """
    return small_bet if street in (Street.PREFLOP, Street.FLOP) else big_bet


def fixed_limit_capped(bets_this_round: int, cap: int = FIXED_LIMIT_CAP) -> bool:
    """Is the round capped (R-BET-8)? Pre-flop the big blind counts as the first bet.

    Pre-flop: BB (1), raise (2), re-raise (3), cap (4): no fifth bet.

    >>> fixed_limit_capped(3), fixed_limit_capped(4)
    (False, True)
    """
    return bets_this_round >= cap


def is_full_raise(increment: int, required: int) -> bool:
    """An all-in raise of at least a full raise is an ordinary raise (R-AI-2, R-AI-3).

    >>> is_full_raise(increment=10, required=10), is_full_raise(increment=8, required=10)
    (True, False)
    """
    return increment >= required


def accumulate_short_raises(pending: int, increment: int, required: int) -> tuple[bool, int]:
    """Incomplete all-in raises in a row reopen once they add up to a full raise (R-AI-4).

    ``pending`` is the sum of incomplete raises since the last full raise or
    call; returns (reopens, new pending). Worked example of R-AI-4: A bets 10,
    B calls, C all-in to 18 (+8: no reopening), D all-in to 25 (+7): 8 + 7 = 15
    >= 10, so A and B may raise again.

    >>> accumulate_short_raises(0, 8, 10)
    (False, 8)
    >>> accumulate_short_raises(8, 7, 10)
    (True, 0)
    """
    total = pending + increment
    if total >= required:
        return True, 0
    return False, total


def may_raise(acted: bool, acted_at_reopen: int, reopen_count: int) -> bool:
    """May a player raise: not yet acted this round, or reopened since (R-BET-9, R-AI-3).

    ``reopen_count`` counts the full bets and raises (and R-AI-4 accumulations)
    of the round; ``acted_at_reopen`` is its value when the player last acted.
    A player may not re-raise their own bet when others only called.

    >>> may_raise(acted=False, acted_at_reopen=0, reopen_count=1)
    True
    >>> may_raise(acted=True, acted_at_reopen=2, reopen_count=2)  # only short all-ins since
    False
    """
    return not acted or acted_at_reopen < reopen_count


@dataclass(frozen=True, slots=True)
class RaiseBounds:
    """Legal bet/raise-to range of one decision; ``min_to == max_to`` in fixed limit."""

    min_to: int
    max_to: int
    all_in_to: int

    def allows(self, to: int) -> bool:
        """Is ``to`` legal: within the range, or all-in for less than the minimum (R-BET-4)."""
        if to == self.all_in_to and to <= self.max_to:
            return True
        return self.min_to <= to <= self.max_to


def raise_bounds(
    *,
    structure: Structure,
    current_bet: int,
    street_in: int,
    stack: int,
    largest_increment: int,
    big_blind: int,
    limit_size: int,
    pot_after_call: int,
) -> RaiseBounds:
    """Bet/raise-to range for any structure, capped by the player's stack (R-BET-4..8, R-BET-10).

    ``pot_after_call`` is the (active) pot once the raiser has called; it only
    matters in pot limit. Fixed limit: one bet size up (R-BET-7). No limit: the
    whole stack (R-BET-6).

    >>> raise_bounds(structure=Structure.POT_LIMIT, current_bet=150, street_in=0, stack=5000,
    ...              largest_increment=150, big_blind=20, limit_size=0, pot_after_call=650)
    RaiseBounds(min_to=300, max_to=800, all_in_to=5000)
    """
    all_in_to = street_in + stack
    if structure is Structure.FIXED_LIMIT:
        low = high = current_bet + limit_size
    else:
        low = min_raise_to(current_bet, largest_increment, big_blind)
        pot_limit = structure is Structure.POT_LIMIT
        high = current_bet + pot_after_call if pot_limit else all_in_to
    return RaiseBounds(min(low, all_in_to), min(max(high, low), all_in_to), all_in_to)


def pot_after_call(pot_and_bets: int, call: int) -> int:
    """The pot once the raiser has called: every chip in the middle plus the call (R-BET-5).

    >>> pot_after_call(pot_and_bets=500, call=150)
    650
    """
    return pot_and_bets + call
