"""Who is dealt in, and the clockwise order of seats from the button (R-ODD-1).

One definition each, used by the replay, the tables, the rake schedule and
the PHH export.
"""

from __future__ import annotations

from collections.abc import Iterable

from omahahh.action_table import action_table
from omahahh.hand_tables import SeatTable, as_table
from omahahh.model import HandRecord


def dealt_in(hand: HandRecord) -> list[bool]:
    """For each seat of ``hand.seats``: was its player dealt in?

    A seated player is dealt in unless sitting out or out of hand; whoever
    posted or acted was dealt in whatever the seat line said.
    """
    seats = as_table(SeatTable, hand.seats)
    out, gone = seats.sitting_out, seats.out_of_hand
    if not any(out) and not any(gone):  # scans in C: most hands have nobody sitting out
        return [True] * len(out)
    acted = set(action_table(hand.actions).players)
    return [(not out[i] and not gone[i]) or p in acted for i, p in enumerate(seats.players)]


def clockwise_from_button(seats: Iterable[int], button: int | None) -> list[int]:
    """Seats from the first left of the button round to the button, last (R-ODD-1).

    Seat numbers grow clockwise; without a button, plain seat order. Button on
    seat 5 of seats 1..6:

    >>> clockwise_from_button([1, 2, 3, 4, 5, 6], 5)
    [6, 1, 2, 3, 4, 5]
    """
    ordered = sorted(set(seats))
    if button is None:
        return ordered
    return [s for s in ordered if s > button] + [s for s in ordered if s <= button]
