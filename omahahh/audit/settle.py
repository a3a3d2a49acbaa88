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

from omahahh.model import POST_KINDS, GameType, HandRecord
from omahahh.replay.engine import ReplayResult, Taken
from omahahh.rooms.conventions import ROOMS
from omahahh.rooms.rake_allocation import allocation_for
from omahahh.rules.allocation import allocate_rake


def fees_taken(hand: HandRecord) -> tuple[int, int]:
    """(rake, other fees) the room took from the pot, as reported (0 when not printed),
    the fees including one the room takes without printing it (:func:`unprinted_fee`)."""
    room = ROOMS.get(hand.site)
    fees = 0
    if room is not None:
        for column in room.fees_outside_rake:
            value = getattr(hand, column, None)
            if isinstance(value, int):
                fees += value
    return rake_taken(hand), fees + unprinted_fee(hand)


def rake_taken(hand: HandRecord) -> int:
    """The printed rake; for a room whose total includes an unprinted rake
    (``rake_from_total``), the total less the collected lines (cash hands only)."""
    if hand.rake_reported is not None:
        return hand.rake_reported
    room = ROOMS.get(hand.site)
    total = hand.total_pot_reported
    if room is None or not room.rake_from_total or total is None:
        return 0
    if hand.game_type is not GameType.CASH:
        return 0
    return max(total - sum(c.amount for c in hand.collections), 0)


def unprinted_fee(hand: HandRecord) -> int:
    """The fee a room takes from a raked pot at some tables without printing it
    (``unprinted_fees``): $0.25 at WPN's ``Braunite ( Beast )`` in 2014."""
    room = ROOMS.get(hand.site)
    if room is None or not room.unprinted_fees or not hand.rake_reported:
        return 0
    return sum(fee for mark, fee in room.unprinted_fees if mark in hand.table_name)


def room_take(hand: HandRecord, pots: Sequence[int]) -> Taken:
    """The reported rake and fees, spread over ``pots`` (main pot first) as the room does."""
    rake, fees = fees_taken(hand)
    allocation = allocation_for(hand.site)
    raked = allocate_rake(
        rake, pots, allocation.method, allocation.rate_for(hand.started_at),
        allocation.cap_margin,
    )  # fmt: skip
    fee_parts = allocate_rake(fees, pots)
    return Taken(rake, fees, tuple(r + f for r, f in zip(raked, fee_parts, strict=True)))


def blind_only(hand: HandRecord, player: str) -> bool:
    """Did ``player`` only post blinds (everyone folded to them)?"""
    kinds = [a.kind for a in hand.actions if a.player == player]
    return bool(kinds) and all(k in POST_KINDS for k in kinds)


def returns_in_pot(hand: HandRecord, result: ReplayResult) -> dict[str, int]:
    """Unmatched bets the room pays back inside ``collected`` (and its total) instead of
    on a return line, per player.

    Winamax: every one, in a hand that prints no return (``collected_includes_uncalled``).
    Bovada: a blind everyone folded to (``uncalled_blind_in_pot``; bovada:2601408155,
    $5 and $10 posted, ``Hand result $15``).
    """
    room = ROOMS.get(hand.site)
    if room is None:
        return {}
    printed = {u.player for u in hand.uncalled}
    out: dict[str, int] = {}
    for u in result.uncalled:
        every = room.collected_includes_uncalled and not hand.uncalled
        blind = room.uncalled_blind_in_pot and u.player not in printed
        if every or (blind and blind_only(hand, u.player)):
            out[u.player] = out.get(u.player, 0) + u.amount
    return out
