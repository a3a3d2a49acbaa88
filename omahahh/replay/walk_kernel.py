"""The betting walk compiled: :class:`omahahh.replay.betting.BettingWalk` over integer arrays.

One call walks every hand of a batch (docs/PERFORMANCE.md gives both walks' cost). It is a line
by line translation of ``BettingWalk`` (same names, same order of steps) and calls the
same rule functions, compiled from :mod:`omahahh.rules.betting` and
:mod:`omahahh.rules.pots`, so a rule still lives in one place.
``tests/unit/replay/test_batch_walk.py`` holds the two equal on every corpus hand and on randomly
bent ones; :mod:`omahahh.replay.batch_walk` packs the records into these arrays and
reads the results back.

Importing this module imports numba and compiles on first use (cached on disk:
:func:`omahahh.replay.batch_walk.numba_cache_dir`).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from omahahh.rules import betting, pots

_jit = numba.njit(cache=True, nogil=True)

to_call = _jit(betting.to_call)
bet_after_blind = _jit(betting.bet_after_blind)
bet_to_match = _jit(betting.bet_to_match)
may_check = _jit(betting.may_check)
min_raise_to = _jit(betting.min_raise_to)
fixed_limit_capped = _jit(betting.fixed_limit_capped)
is_full_raise = _jit(betting.is_full_raise)
accumulate_short_raises = _jit(betting.accumulate_short_raises)
may_raise = _jit(betting.may_raise)
pot_after_call = _jit(betting.pot_after_call)
active_side_pot = _jit(betting.active_side_pot)
uncalled_part = _jit(pots.uncalled_part)

# Codes shared with batch_walk.py (which checks them against the model's enums).
NONE = -(1 << 62)
"""An absent seat or amount (Python's None): below every real seat number."""
NO_LIMIT, POT_LIMIT, FIXED_LIMIT = 0, 1, 2
(
    POST_SMALL_BLIND,
    POST_BIG_BLIND,
    POST_DEAD,
    POST_ANTE,
    POST_STRADDLE,
    FOLD,
    CHECK,
    CALL,
    BET,
    RAISE,
    PROTECTED_ALL_IN,
) = range(11)
PREFLOP = 0

# Columns of the per-action output ``out`` (Decision's fields, Nones as NONE).
(
    D_EXPECTED,
    D_LATE,
    D_IN_HAND,
    D_STACK,
    D_POT,
    D_CURRENT_BET,
    D_STREET_IN,
    D_TO_CALL,
    D_MAY_CHECK,
    D_REOPENED,
    D_CAPPED,
    D_MIN_TO,
    D_MAX_TO,
    D_ALL_IN_TO,
    D_FULL,
) = range(15)
DECISION_COLUMNS = 15

# Columns of the per-seat output ``seat_out``.
S_STACK, S_INVESTED, S_DEAD, S_STREET_IN, S_FOLDED, S_ALL_IN, S_ACTED, S_ACTED_AT_REOPEN = range(8)
SEAT_COLUMNS = 8


@_jit
def _first_after(seat_no: Any, s0: int, s1: int, pointer: int) -> int:
    """Index of the first seat clockwise after ``pointer`` (R-ACT-1; seats sorted)."""
    for i in range(s0, s1):
        if seat_no[i] > pointer:
            return i
    return s0


@_jit
def _owes(i: int, folded: Any, all_in: Any, acted: Any, street_in: Any, bet: int) -> bool:
    return not folded[i] and not all_in[i] and (not acted[i] or street_in[i] < bet)


@_jit
def walk_batch(
    act_start: Any,
    seat_start: Any,
    structure: Any,
    big_blind: Any,
    small_blind: Any,
    button: Any,
    promotion: Any,
    limits: Any,
    active_side: bool,
    seat_no: Any,
    stack_start: Any,
    dealt_in: Any,
    street: Any,
    who: Any,
    kind: Any,
    amount: Any,
) -> tuple[Any, Any, Any, Any, Any]:
    """Walk every hand: per action its decision, per seat its end state, and per hand
    the uncalled bets and the players still to act at each round's end.

    Hand ``h`` owns actions ``act_start[h]:act_start[h+1]`` and seats
    ``seat_start[h]:seat_start[h+1]`` (sorted by seat number, unique); ``who`` is an
    action's seat index within its hand; ``limits[h, street]`` the fixed-limit bet size.
    Returns ``(out, seat_out, last_street, uncalled, missing)``: ``uncalled`` rows are
    (hand, seat index, amount, street), ``missing`` rows (hand, street, seat number).
    """
    hands = len(act_start) - 1
    out = np.full((len(kind), DECISION_COLUMNS), NONE, dtype=np.int64)
    seat_out = np.zeros((len(seat_no), SEAT_COLUMNS), dtype=np.int64)
    last_street = np.zeros(hands, dtype=np.int64)
    uncalled = []
    missing = []
    n_max = 0
    for h in range(hands):
        n_max = max(n_max, seat_start[h + 1] - seat_start[h])
    contributions = np.zeros(n_max, dtype=np.int64)
    levels = np.zeros(n_max, dtype=np.int64)
    street_bets: Any = np.zeros(n_max, dtype=np.int64)  # a Sequence[int] to the rule
    for h in range(hands):
        s0, s1 = seat_start[h], seat_start[h + 1]
        fixed = structure[h] == FIXED_LIMIT
        pot_limit = structure[h] == POT_LIMIT
        bb = big_blind[h]
        sb = small_blind[h]
        stack = stack_start[s0:s1].copy()
        invested = np.zeros(s1 - s0, dtype=np.int64)
        dead = np.zeros(s1 - s0, dtype=np.int64)
        street_in = np.zeros(s1 - s0, dtype=np.int64)
        folded = np.logical_not(dealt_in[s0:s1])
        all_in = np.zeros(s1 - s0, dtype=np.bool_)
        acted = np.zeros(s1 - s0, dtype=np.bool_)
        acted_at_reopen = np.zeros(s1 - s0, dtype=np.int64)
        skipped = np.zeros(s1 - s0, dtype=np.bool_)
        seats = seat_no[s0:s1]
        n = s1 - s0
        pot = promotion[h]
        r_street = PREFLOP  # BettingWalk starts on a pre-flop round, whatever comes first
        a0, end = act_start[h], act_start[h + 1]
        while True:
            # BettingWalk._new_round
            current_bet = 0
            largest_increment = bb
            reopen_count = 0
            pending_short = 0
            bets = 0
            pointer = button[h]
            live_sb_posted = False
            skipped[:] = False
            street_in[:] = 0
            acted[:] = False
            acted_at_reopen[:] = 0
            limit = limits[h, r_street] if fixed else 0
            stop = a0
            while stop < end and street[stop] == r_street:
                stop += 1
            for a in range(a0, stop):
                p = who[a]
                k_ = kind[a]
                row = out[a]
                if k_ <= POST_STRADDLE or k_ == PROTECTED_ALL_IN:
                    # _post / _protect: the decision of a forced bet.
                    row[D_LATE] = 0
                    row[D_IN_HAND] = not folded[p] and not all_in[p]
                    row[D_STACK] = stack[p]
                    row[D_POT] = pot
                    row[D_CURRENT_BET] = current_bet
                    row[D_STREET_IN] = street_in[p]
                    row[D_TO_CALL] = 0
                    row[D_MAY_CHECK] = 0
                    row[D_REOPENED] = 0
                    row[D_CAPPED] = 0
                    row[D_ALL_IN_TO] = street_in[p] + stack[p]
                    row[D_FULL] = 0
                    if k_ == PROTECTED_ALL_IN:
                        # R-TO-2: all-in from here on, without putting in more.
                        if not folded[p]:
                            all_in[p] = True
                        continue
                    live = k_ in (POST_SMALL_BLIND, POST_BIG_BLIND, POST_STRADDLE)
                    if k_ == POST_SMALL_BLIND:
                        # A second small blind is a missed blind coming back: dead (R-BL-7).
                        live = not live_sb_posted
                        live_sb_posted = True
                    pot += _put_in(p, amount[a], live, stack, invested, street_in, all_in)
                    if not live:
                        dead[p] += amount[a]
                        continue
                    # A blind all in for less stands for the whole blind (R-BET-3, R-AI-1);
                    # a straddle counts as posted.
                    if k_ == POST_BIG_BLIND:
                        full_blind = bb
                    elif k_ == POST_SMALL_BLIND:
                        full_blind = sb
                    else:
                        full_blind = 0
                    bet = bet_after_blind(current_bet, street_in[p], full_blind, all_in[p])
                    if bet > current_bet:
                        raised_by = bet - current_bet
                        current_bet = bet
                        if k_ == POST_STRADDLE:
                            largest_increment = max(largest_increment, raised_by)
                            reopen_count += 1
                            bets += 1
                            pointer = seats[p]
                    if k_ == POST_BIG_BLIND and not bets:
                        bets = 1  # pre-flop the big blind counts as the first bet (R-BET-8)
                        pointer = seats[p]  # action starts left of the big blind (R-ACT-1)
                    elif k_ == POST_SMALL_BLIND and not bets:
                        pointer = seats[p]
                    continue
                # _act
                expected, able = _turn(
                    seats, n, folded, all_in, acted, street_in, current_bet, pointer
                )
                late = False
                if expected != NONE and expected != seats[p]:
                    if skipped[p]:
                        late = True
                    else:
                        start = _first_after(seats, 0, n, pointer)
                        for k in range(n):
                            q = (start + k) % n
                            if q == p:
                                break
                            if _owes(q, folded, all_in, acted, street_in, current_bet):
                                skipped[q] = True
                skipped[p] = False
                aggressive = k_ in (BET, RAISE)
                increment = street_in[p] + amount[a] - current_bet
                # _required: the increment a full bet or raise needs (R-BET-4, R-BET-7).
                if fixed:
                    required = limit
                elif current_bet <= 0:
                    required = bb
                else:
                    required = largest_increment
                full = aggressive and increment > 0 and is_full_raise(increment, required)
                # _decision
                in_hand = not folded[p] and not all_in[p]
                others = able - (1 if in_hand else 0)  # others who can still bet
                faced = current_bet
                if others <= 0 and street_in[p] < faced:
                    faced = _against_all_ins(p, n, street_in, current_bet)
                call = to_call(faced, street_in[p], stack[p])
                capped = fixed and fixed_limit_capped(bets)
                reopened = may_raise(acted[p], acted_at_reopen[p], reopen_count)
                all_in_to = street_in[p] + stack[p]
                may = stack[p] > call and not capped and reopened and not folded[p]
                # Raising needs someone left to call it (R-AI-5).
                if may and others > 0:
                    if fixed:
                        low = high = min(current_bet + limit, all_in_to)
                    else:
                        low = min_raise_to(current_bet, largest_increment, bb)
                        if pot_limit:
                            if active_side:
                                level = invested[p] + call
                                count = 0
                                for i in range(n):
                                    contributions[i] = invested[i] + (call if i == p else 0)
                                    if all_in[i] and not folded[i]:
                                        levels[count] = invested[i]
                                        count += 1
                                after = active_side_pot(contributions[:n], levels[:count], level)
                            else:
                                after = pot_after_call(pot, call)
                            high = current_bet + after
                        else:
                            high = all_in_to
                        high = min(max(high, low), all_in_to)
                        low = min(low, all_in_to)
                    row[D_MIN_TO] = low
                    row[D_MAX_TO] = high
                row[D_EXPECTED] = expected
                row[D_LATE] = late
                row[D_IN_HAND] = in_hand
                row[D_STACK] = stack[p]
                row[D_POT] = pot
                row[D_CURRENT_BET] = faced
                row[D_STREET_IN] = street_in[p]
                row[D_TO_CALL] = call
                row[D_MAY_CHECK] = may_check(faced, street_in[p])
                row[D_REOPENED] = reopened
                row[D_CAPPED] = capped
                row[D_ALL_IN_TO] = all_in_to
                row[D_FULL] = full
                if k_ == FOLD:
                    folded[p] = True
                elif k_ == CALL:
                    pot += _put_in(p, amount[a], True, stack, invested, street_in, all_in)
                    pending_short = 0  # a call ends a run of short all-ins (R-AI-4)
                elif aggressive:
                    # _raise
                    pot += _put_in(p, amount[a], True, stack, invested, street_in, all_in)
                    if full:
                        reopen_count += 1
                        bets += 1
                        pending_short = 0
                        if not fixed:
                            largest_increment = max(largest_increment, increment)
                    elif increment > 0:
                        reopens, pending_short = accumulate_short_raises(
                            pending_short, increment, required
                        )
                        if reopens or current_bet <= 0:
                            # A bet opens the round even when short; short raises that add
                            # up to a full one reopen it.
                            reopen_count += 1
                            bets += 1
                    if street_in[p] > current_bet:
                        current_bet = street_in[p]
                acted[p] = True
                acted_at_reopen[p] = reopen_count
                if not late:
                    pointer = seats[p]
            # BettingWalk.end_round: who was still to act, and the bet no one matched.
            expected, able = _turn(seats, n, folded, all_in, acted, street_in, current_bet, pointer)
            if expected != NONE:
                start = _first_after(seats, 0, n, pointer)
                for k in range(n):
                    q = (start + k) % n
                    if _owes(q, folded, all_in, acted, street_in, current_bet):
                        missing.append((h, r_street, seats[q]))
            for i in range(n):
                street_bets[i] = street_in[i] if street_in[i] > 0 else 0
            top, back = uncalled_part(street_bets[:n])  # R-POT-2
            if top >= 0:
                invested[top] -= back
                street_in[top] -= back
                stack[top] += back
                pot -= back
                if stack[top] > 0:
                    all_in[top] = False
                uncalled.append((h, top, back, r_street))
            if stop == end:
                break
            a0 = stop
            r_street = street[stop]
        last_street[h] = r_street
        for i in range(n):
            o = seat_out[s0 + i]
            o[S_STACK] = stack[i]
            o[S_INVESTED] = invested[i]
            o[S_DEAD] = dead[i]
            o[S_STREET_IN] = street_in[i]
            o[S_FOLDED] = folded[i]
            o[S_ALL_IN] = all_in[i]
            o[S_ACTED] = acted[i]
            o[S_ACTED_AT_REOPEN] = acted_at_reopen[i]
    return out, seat_out, last_street, uncalled, missing


@_jit
def _put_in(
    p: int, chips: int, live: bool, stack: Any, invested: Any, street_in: Any, all_in: Any
) -> int:
    """BettingWalk._put_in; returns what the pot grows by."""
    stack[p] -= chips
    invested[p] += chips
    if live:
        street_in[p] += chips
    if stack[p] <= 0:
        stack[p] = 0
        all_in[p] = True
    return chips


@_jit
def _against_all_ins(p: int, n: int, street_in: Any, bet: int) -> int:
    """BettingWalk._against_all_ins: the bet seat index ``p`` must match when nobody
    else can still bet."""
    top = 0
    for i in range(n):
        if i != p and street_in[i] > top:
            top = street_in[i]
    return bet_to_match(bet, top, False)


@_jit
def _turn(
    seats: Any,
    n: int,
    folded: Any,
    all_in: Any,
    acted: Any,
    street_in: Any,
    bet: int,
    pointer: int,
) -> tuple[int, int]:
    """BettingWalk._turn: the seat whose turn it is (NONE when the round is complete,
    R-ACT-3) and how many players can still bet."""
    live = 0
    able = 0
    owed = False
    last = -1
    for i in range(n):
        if folded[i]:
            continue
        live += 1
        if all_in[i]:
            continue
        able += 1
        last = i
        if not acted[i] or street_in[i] < bet:
            owed = True
    if live <= 1 or not owed or last < 0:
        return NONE, able
    if able == 1 and (
        street_in[last] >= bet or street_in[last] >= _against_all_ins(last, n, street_in, bet)
    ):
        return NONE, able  # everyone else is all-in and this player has matched
    start = _first_after(seats, 0, n, pointer)
    for k in range(n):
        q = (start + k) % n
        if _owes(q, folded, all_in, acted, street_in, bet):
            return seats[q], able
    return NONE, able
