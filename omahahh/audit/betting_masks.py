"""Which actions of a batch may break a betting rule: masks over the decision columns.

The compiled walk (:mod:`omahahh.replay.batch_walk`) gives every action of a batch as a
row of arrays: what it did beside what the rules allowed before it. Each function here
is one check of :mod:`omahahh.audit.betting`, as a vectorised mask citing its rule; an
action no mask marks cannot have a betting finding, so the audit builds findings for
the marked ones only (a few in a hundred) instead of for every action.

The masks may mark more than the audit reports (a room's habit, such as a check line
for an all-in player or no all-in marker at all, clears a marked action there), never
less: ``tests/unit/audit/test_betting_masks.py`` holds every finding's action marked, on every
corpus hand and on randomly bent ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from omahahh.model import POST_KINDS, ActionKind
from omahahh.replay.batch_walk import KIND_CODE, DecisionColumns

Mask = npt.NDArray[np.bool_]

_NOBODYS_DECISION = [KIND_CODE[k] for k in (*POST_KINDS, ActionKind.PROTECTED_ALL_IN)]
_CHIP_MOVING = [KIND_CODE[k] for k in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)]
_SIZED = [KIND_CODE[k] for k in (ActionKind.BET, ActionKind.RAISE)]


def puts_in_more_than_stack(c: DecisionColumns) -> Mask:
    """R-BET-10: chips put in beyond the stack left (posts included).

    >>> import numpy as np
    >>> c = _example(amount=[300, 200], stack=[250, 250])
    >>> puts_in_more_than_stack(c).tolist()
    [True, False]
    """
    return np.asarray(c.amount > c.stack)


def decided(c: DecisionColumns) -> Mask:
    """Actions that are a player's decision: not posts, not disconnect protection."""
    return ~np.isin(c.kind, _NOBODYS_DECISION)


def acts_out_of_turn(c: DecisionColumns) -> Mask:
    """R-ACT-1..3, R-BET-1: after folding or all-in, after the round closed, or before
    the player whose turn it was (a player passed over and acting late is in turn)."""
    other = (c.expected != c.seat) & ~c.late
    return np.asarray(~c.in_hand | (c.expected == c.none) | other)


def checks_facing_a_bet(c: DecisionColumns) -> Mask:
    """R-BET-2: a check with chips to call."""
    return np.asarray((c.kind == KIND_CODE[ActionKind.CHECK]) & (c.to_call > 0))


def calls_a_wrong_amount(c: DecisionColumns) -> Mask:
    """R-BET-3, R-AI-1: a call of other than the amount to call (which the walk already
    caps at the stack)."""
    return np.asarray((c.kind == KIND_CODE[ActionKind.CALL]) & (c.amount != c.to_call))


def bets_outside_the_bounds(c: DecisionColumns) -> Mask:
    """R-BET-4..9, R-AI-3..5: a bet or raise when none was allowed, or to a street total
    outside ``[min_to, max_to]`` that is not the player's whole stack (an all-in for less
    than a full raise is allowed up to the maximum, R-BET-4, R-AI-1).

    >>> c = _example(kind=["raise"] * 3, amount=[60, 35, 500], stack=[500] * 3,
    ...              current_bet=[20] * 3, min_to=[40] * 3, max_to=[80] * 3)
    >>> bets_outside_the_bounds(c).tolist()  # to 60: fine; to 35: too small; to 500: too big
    [False, True, True]
    """
    to = c.street_in + c.amount
    no_bound = (c.min_to == c.none) | (c.max_to == c.none)
    within = (c.min_to <= to) & (to <= c.max_to)
    short_all_in = (to == c.all_in_to) & (to <= c.max_to)
    allowed = (to > c.current_bet) & (within | short_all_in) & ~no_bound
    return np.asarray(np.isin(c.kind, _SIZED) & ~allowed)


def all_in_marker_disagrees(c: DecisionColumns) -> Mask:
    """R-BET-10: a call, bet or raise whose "and is all-in" disagrees with the chips left."""
    empty = (c.stack - c.amount) == 0
    return np.asarray(np.isin(c.kind, _CHIP_MOVING) & (c.all_in != empty))


def needs_a_look(c: DecisionColumns) -> Mask:
    """Every action some betting check marks (see the module)."""
    return puts_in_more_than_stack(c) | decided(c) & (
        acts_out_of_turn(c)
        | checks_facing_a_bet(c)
        | calls_a_wrong_amount(c)
        | bets_outside_the_bounds(c)
        | all_in_marker_disagrees(c)
    )


def marked_per_hand(c: DecisionColumns) -> list[tuple[int, ...]]:
    """For each hand of the columns, the positions (``seq``) of its marked actions."""
    rows = np.flatnonzero(needs_a_look(c))
    starts = np.asarray(c.act_start)
    hands = np.searchsorted(starts, rows, side="right") - 1
    out: list[list[int]] = [[] for _ in range(len(starts) - 1)]
    for hand, row in zip(hands.tolist(), rows.tolist(), strict=True):
        out[hand].append(row - int(starts[hand]))
    return [tuple(seqs) for seqs in out]


def _example(**given: Sequence[Any]) -> DecisionColumns:
    """Columns for the examples above: ``given`` columns, a sensible default for the rest."""
    n = len(next(iter(given.values())))
    none = -(1 << 62)
    defaults: dict[str, Any] = {
        "kind": ["call"] * n,
        "amount": [0] * n,
        "all_in": [False] * n,
        "seat": [1] * n,
        "expected": [1] * n,
        "late": [False] * n,
        "in_hand": [True] * n,
        "stack": [1000] * n,
        "current_bet": [0] * n,
        "street_in": [0] * n,
        "to_call": [0] * n,
        "min_to": [none] * n,
        "max_to": [none] * n,
        "all_in_to": [none] * n,
    }
    values = defaults | dict(given)
    values["kind"] = [KIND_CODE[ActionKind(k)] for k in values["kind"]]
    arrays = {name: np.array(v) for name, v in values.items()}
    return DecisionColumns(act_start=np.array([0, n]), none=none, **arrays)
