"""A hand's betting lines found in its text, each with the action the seed's record
holds for it: for rewrites that print an action in another shape (a raise *to* Y as a
raise *adding* X, an all-in as a call ``and is all-in``), whose figures come from the
record.

Lines are found by their shape, not by the record's line numbers: another rewrite may
have added lines before them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from omahahh.model import Action, ActionKind
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Edit
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


BETTING = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


def printed_like(money: MoneyStyle, token: str, shown: int, minor: int, unit: int) -> str:
    """``minor`` printed like ``token`` (one printed amount), which prints ``shown``: its
    symbol, its cents, and its scale (another rewrite may have scaled the line)."""
    found = money.pattern.search(token)
    assert found is not None, token
    factor = factor_of(money.value(found["num"]), shown, unit)
    return money.like(token, Decimal(minor) / unit * factor)


def all_in_shapes(line: re.Pattern[str], money: MoneyStyle, raise_words: str) -> Edit:
    """An edit printing each all-in ``Allin X`` (the chips put in) as the call, bet or
    raise it is, ``and is all-in``; or back. ``line`` matches a betting line (groups
    ``name``, ``sep``: what follows the name, ``verb``, ``amount``); a raise is printed
    ``raise_words`` and its street total."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        lines = list(text.split("\n"))
        unit = seed.hand.unit
        changed = False
        for i, a in paired(lines, seed, line, lambda a: a.kind in BETTING):
            m = line.match(lines[i])
            assert m is not None
            if not a.all_in or (a.kind is ActionKind.RAISE and a.to_amount is None):
                continue
            to = a.to_amount if a.kind is ActionKind.RAISE and a.to_amount else a.amount
            head = m["name"] + m["sep"]
            if m["verb"] != "Allin":
                figure = printed_like(money, m["amount"], to, a.amount, unit)
                lines[i] = f"{head}Allin {figure}"
            else:
                verb = {ActionKind.CALL: "Call", ActionKind.BET: "Bet"}.get(a.kind, raise_words)
                figure = printed_like(money, m["amount"], a.amount, to, unit)
                lines[i] = f"{head}{verb} {figure} and is all-in"
            changed = True
        return "\n".join(lines) if changed else None

    return edit
