"""A text room's accounting identity, read from its conventions (rooms/conventions.py)."""

from __future__ import annotations

from omahahh.model import HandRecord
from omahahh.rooms.conventions import RoomConventions
from tests.helpers.replay import BROKEN_MARKS

KNOWN_REASONS = {"ambiguous_post", "truncated", "unsupported_game", "unknown_format"}
"""The failures the GGPoker and Winamax corpus folders hold (each must carry one)."""


def broken_on_purpose(path: str) -> bool:
    """A corpus file broken on purpose (corpus/README.md)."""
    return any(mark in path for mark in BROKEN_MARKS)


def identity_gap(hand: HandRecord, room: RoomConventions) -> tuple[int, int]:
    """How far the text is from its room's identity (0, 0 when it holds).

    C = chips put in, U = printed uncalled returns, D = cash drop, K = collected:
    Total = C - U + D, less the rake when the room prints the pot after rake, plus
    nothing else; K = Total - rake - fees, or K = Total when already net of rake.
    """
    put_in = sum(a.amount for a in hand.actions)
    uncalled = sum(u.amount for u in hand.uncalled)
    rake = hand.rake_reported or 0
    fees = sum(getattr(hand, name) or 0 for name in room.fees_outside_rake)
    total = put_in - uncalled + (hand.cash_drop_reported or 0)
    if not room.total_includes_rake:
        total -= rake + fees
    reported = hand.total_pot_reported or 0
    net = reported - (rake + fees if room.total_includes_rake else 0)
    collected = sum(c.amount for c in hand.collections)
    return total - reported, net - collected
