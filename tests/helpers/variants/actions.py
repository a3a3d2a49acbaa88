"""A hand's betting lines found in its text, each with the action the seed's record
holds for it: for rewrites that print an action in another shape (a raise *to* Y as a
raise *adding* X, an all-in as a call ``and is all-in``), whose figures come from the
record.

Lines are found by their shape, not by the record's line numbers: another rewrite may
have added lines before them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from omahahh.model import Action, ActionKind
from tests.helpers.variants.seeds import Seed


def paired(
    lines: Sequence[str], seed: Seed, pattern: re.Pattern[str], wanted: Callable[[Action], bool]
) -> list[tuple[int, Action]]:
    """The lines ``pattern`` matches (group ``name``: a seated player), in order, each
    with the next of the seed's actions ``wanted`` accepts; empty unless the lines and
    the actions pair off one for one, player by player.

    >>> from types import SimpleNamespace as S
    >>> bo = Action(street=None, player="Bo", kind=ActionKind.RAISE, amount=3)
    >>> seed = S(players=("Bo",), hand=S(actions=(bo,)))
    >>> pattern = re.compile(r"^(?P<name>\\w+): Raise")
    >>> [(i, a.amount) for i, a in paired(["Bo: Raise $3"], seed, pattern, lambda a: True)]
    [(0, 3)]
    """
    actions = [a for a in seed.hand.actions if wanted(a)]
    out: list[tuple[int, Action]] = []
    for i, line in enumerate(lines):
        m = pattern.match(line)
        if m is None or m["name"] not in seed.players:
            continue
        if len(out) == len(actions) or actions[len(out)].player != m["name"]:
            return []
        out.append((i, actions[len(out)]))
    return out if len(out) == len(actions) else []


def faced(seed: Seed) -> dict[int, int]:
    """Each action's (by ``id``) bet faced: the highest street total before it (antes
    and dead money count toward none)."""
    out: dict[int, int] = {}
    live: dict[str, int] = {}
    street = None
    for a in seed.hand.actions:
        if a.street is not street:
            street, live = a.street, {}
        out[id(a)] = max(live.values(), default=0)
        if a.kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            live[a.player] = live.get(a.player, 0) + a.amount
    return out


def factor_of(printed: Decimal, recorded: int, unit: int) -> Decimal:
    """How many times the seed's figure the text now prints (another rewrite may have
    scaled it): ``printed`` over ``recorded`` minor units of ``unit``."""
    return printed / (Decimal(recorded) / unit)
