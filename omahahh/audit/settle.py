"""Where reported and derived meet: the room's cut of each pot, for the replay to pay out.

The room takes its rake (and other fees, GGPoker's jackpot) before paying the
winners, so derived and reported ``collected`` amounts can agree cent for cent
only once the reported rake is spread over the pots the room's way
(:func:`omahahh.rules.allocation.allocate_rake`, the rooms' methods in
:mod:`omahahh.rooms.rake_allocation`); other fees in proportion to the pots.
The replay itself never reads the rake: :func:`omahahh.audit.hand.audit_hand`
passes :func:`room_take` to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from omahahh.model import HandRecord
from omahahh.replay.engine import Taken
from omahahh.rooms.conventions import ROOMS
from omahahh.rooms.rake_allocation import allocation_for
from omahahh.rules.allocation import allocate_rake


def fees_taken(hand: HandRecord) -> tuple[int, int]:
    """(rake, other fees) the room took from the pot, as reported (0 when not printed)."""
    room = ROOMS.get(hand.site)
    fees = 0
    if room is not None:
        for column in room.fees_outside_rake:
            value = getattr(hand, column, None)
            if isinstance(value, int):
                fees += value
    return hand.rake_reported or 0, fees


def implied_take(hand: HandRecord, pots: Sequence[int]) -> Taken | None:
    """What a room that prints no rake kept: the pots less the awards (R-RAKE-1).

    Pot by pot when every award line names its pot and no pot paid out more than it
    held; else the whole, spread like a printed rake. None for rooms that print the
    rake, or a hand whose text states one.

    >>> # Everleaf: a $1.80 pot, "Villain wins high ($ 1.71 USD)": the room kept $0.09.
    """
    room = ROOMS.get(hand.site)
    if room is None or room.prints_rake or hand.rake_reported is not None:
        return None
    paid = [0] * len(pots)
    for c in hand.collections:
        if c.pot_index < len(paid):
            paid[c.pot_index] += c.amount
    if sum(paid) != sum(c.amount for c in hand.collections):
        paid = [0] * len(pots)  # a line names a pot the replay does not have
    kept = [p - q for p, q in zip(pots, paid, strict=True)]
    if room.names_pots and all(k >= 0 for k in kept) and sum(paid) > 0:
        return Taken(sum(kept), 0, tuple(kept))
    rake = max(sum(pots) - sum(c.amount for c in hand.collections), 0)
    allocation = allocation_for(hand.site)
    parts = allocate_rake(rake, pots, allocation.method, allocation.rate_for(hand.started_at))
    return Taken(rake, 0, tuple(parts))


def room_take(hand: HandRecord, pots: Sequence[int]) -> Taken:
    """The reported rake and fees, spread over ``pots`` (main pot first) as the room does."""
    implied = implied_take(hand, pots)
    if implied is not None:
        return implied
    rake, fees = fees_taken(hand)
    allocation = allocation_for(hand.site)
    raked = allocate_rake(
        rake, pots, allocation.method, allocation.rate_for(hand.started_at),
        allocation.cap_margin,
    )  # fmt: skip
    fee_parts = allocate_rake(fees, pots)
    return Taken(rake, fees, tuple(r + f for r, f in zip(raked, fee_parts, strict=True)))
