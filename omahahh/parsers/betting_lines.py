"""The betting lines the Stars-like rooms share (folds, checks, calls, bets, raises), and
the walk over a hand's sections; the hand being read is a
:class:`~omahahh.parsers.builder.HandBuilder`.

PokerStars, GGPoker and Winamax write ``NAME[:] calls X``, ``bets X`` and
``raises X to Y [and is all-in]`` the same way; only the money format and the
name separator differ, and each parser passes those in. The chips an action
puts in are worked out from the player's live chips on the street, because
that is what the line means (``raises X to Y`` puts in Y minus what is in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.model import (
    ActionKind,
    Street,
)

ALL_IN = " and is all-in"


class ActionSink(Protocol):
    """A parser's scratch hand: the street it is on, live chips, actions so far."""

    street: Street
    live: dict[str, int]
    actions: ActionTable


def add_action(
    hand: ActionSink,
    player: str,
    kind: ActionKind,
    amount: int,
    offset: int,
    *,
    to_amount: int | None = None,
    raise_by: int | None = None,
    all_in: bool = False,
    live: bool = True,
) -> None:
    """Record an action; ``live`` chips count toward calls (antes and dead blinds do not)."""
    if live:
        hand.live[player] = hand.live.get(player, 0) + amount
    hand.actions.add(hand.street, player, kind, amount, to_amount, raise_by, all_in, offset)


def new_street(hand: ActionSink, street: Street) -> None:
    """Move to ``street``: live chips start again from nothing."""
    if street != hand.street:
        hand.street = street
        hand.live = {}


def split_all_in(rest: str) -> tuple[str, bool]:
    """``"calls $5 and is all-in"`` -> ``("calls $5", True)``."""
    if rest.endswith(ALL_IN):
        return rest[: -len(ALL_IN)], True
    return rest, False


FOLD, CHECK, CALL, BET, RAISE = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)
"""The kinds :func:`read_betting` records, bound once."""


def read_betting(
    hand: ActionSink,
    player: str,
    rest: str,
    all_in: bool,
    money: Callable[[str, int], int],
    offset: int,
) -> bool:
    """Record ``rest`` (the line after the name, all-in suffix removed) when it is a
    fold, check, call, bet or raise; False when it is some other verb.

    What :func:`add_action` would record, written out: these are most lines of a hand,
    and the call with its keywords cost 1.3 % of a PokerStars hand's parse instructions.
    ``read_betting(hand, "Bob", "raises 2 to 3", False, money, 9)`` with Bob's 1 already
    in on the street records a raise of 2 chips ``to_amount`` 3, ``raise_by`` 2.
    """
    if rest == "folds":
        hand.actions.add(hand.street, player, FOLD, 0, None, None, False, offset)
        return True
    if rest == "checks":
        hand.actions.add(hand.street, player, CHECK, 0, None, None, False, offset)
        return True
    verb, _, arg = rest.partition(" ")
    live = hand.live
    if verb == "calls":
        amount = money(arg, offset)
        live[player] = live.get(player, 0) + amount
        hand.actions.add(hand.street, player, CALL, amount, None, None, all_in, offset)
    elif verb == "bets":
        amount = money(arg, offset)
        to = live.get(player, 0) + amount
        live[player] = to
        hand.actions.add(hand.street, player, BET, amount, to, None, all_in, offset)
    elif verb == "raises":
        by_text, sep, to_text = arg.partition(" to ")
        if not sep:
            raise HandParseError("unknown_line", f"raise without 'to': {rest!r}", offset, rest)
        to = money(to_text, offset)
        by = money(by_text, offset)
        hand.actions.add(
            hand.street, player, RAISE, to - live.get(player, 0), to, by, all_in, offset
        )
        live[player] = to
    else:
        return False
    return True
