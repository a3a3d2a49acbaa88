"""The betting lines the Stars-like rooms share: folds, checks, calls, bets, raises.

PokerStars, GGPoker and Winamax write ``NAME[:] calls X``, ``bets X`` and
``raises X to Y [and is all-in]`` the same way; only the money format and the
name separator differ, and each parser passes those in. The chips an action
puts in are worked out from the player's live chips on the street, because
that is what the line means (``raises X to Y`` puts in Y minus what is in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from omahahh.errors import HandParseError
from omahahh.model import Action, ActionKind, Street

ALL_IN = " and is all-in"


class ActionSink(Protocol):
    """A parser's scratch hand: the street it is on, live chips, actions so far."""

    street: Street
    live: dict[str, int]
    actions: list[Action]


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
    hand.actions.append(
        Action(
            street=hand.street,
            player=player,
            kind=kind,
            amount=amount,
            to_amount=to_amount,
            raise_by=raise_by,
            all_in=all_in,
            line=offset,
        )
    )


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


def read_betting(
    hand: ActionSink,
    player: str,
    rest: str,
    all_in: bool,
    money: Callable[[str, int], int],
    offset: int,
) -> bool:
    """Record ``rest`` (the line after the name, all-in suffix removed) when it is a
    fold, check, call, bet or raise; False when it is some other verb."""
    verb, _, arg = rest.partition(" ")
    if rest == "folds":
        add_action(hand, player, ActionKind.FOLD, 0, offset)
    elif rest == "checks":
        add_action(hand, player, ActionKind.CHECK, 0, offset)
    elif verb == "calls":
        add_action(hand, player, ActionKind.CALL, money(arg, offset), offset, all_in=all_in)
    elif verb == "bets":
        amount = money(arg, offset)
        to = hand.live.get(player, 0) + amount
        add_action(hand, player, ActionKind.BET, amount, offset, to_amount=to, all_in=all_in)
    elif verb == "raises":
        by_text, sep, to_text = arg.partition(" to ")
        if not sep:
            raise HandParseError("unknown_line", f"raise without 'to': {rest!r}", offset, rest)
        to = money(to_text, offset)
        add_action(
            hand,
            player,
            ActionKind.RAISE,
            to - hand.live.get(player, 0),
            offset,
            to_amount=to,
            raise_by=money(by_text, offset),
            all_in=all_in,
        )
    else:
        return False
    return True
