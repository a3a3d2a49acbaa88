"""An ante added to a hand that had none, the hand kept balanced.

Every player dealt in posts the ante ``a`` (a tenth of the big blind, at least one
minor unit) and starts with ``a`` more, so every later line (an all-in above all) still
holds; the pot grows by ``n × a`` and so do the one winner's award, the printed total
and the summary's figure for him. Only hands with one award line are taken (the
whole pot to one player, one board): no split, no side pot to share the antes among.

What the variant must then say is known exactly (:func:`ante_expectation`): the seed's
seats, actions, awards and totals with the antes in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from omahahh.model import ActionKind, Street
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Edit, Rewrite, lines_of, rewrite
from tests.helpers.variants.seeds import Seed


@dataclass(frozen=True, slots=True)
class AnteShape:
    """Where a room prints what an ante touches. Patterns are ``re.search``-ed on lines,
    ``{name}`` standing for a player's escaped name; the amount changed is the first one
    after the pattern's match.

    ``post``: the ante line, with ``{name}`` and ``{amount}``; ``model``: a line whose
    first amount shows how the room prints one (the big blind's post); ``stack``: a
    player's seat line; ``after``: the ante lines go after the last line it matches;
    ``award``, ``summary``: the winner's award line and summary lines; ``totals``: lines
    holding the pot's total (and main pot), every line each matches.
    """

    money: MoneyStyle
    post: str
    model: str
    stack: str
    after: str
    award: str
    totals: Sequence[str] = ()
    summary: Sequence[str] = ()


def ante_of(seed: Seed) -> int | None:
    """The ante a variant adds, in minor units; None where the hand cannot take one.

    A hand with one award line, one board, no ante, no cash-out and nothing the room
    pays outside the pot (money it adds, a cash drop, goes to the one winner as before).
    """
    h = seed.hand
    if (
        len(h.collections) != 1
        or h.run_count != 1
        or h.cancelled
        or h.cashouts
        or h.side_payments
        or h.side_pots_reported
        or not h.big_blind
        or any(a.kind is ActionKind.POST_ANTE for a in h.actions)
        or not seed.dealt_in
    ):
        return None
    return max(1, h.big_blind // 10)


def _name(pattern: str, name: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("{name}", re.escape(name)))


def _bump(
    lines: list[str],
    pattern: re.Pattern[str],
    money: MoneyStyle,
    delta: Decimal,
    *,
    every: bool = False,
) -> bool:
    """Add ``delta`` to the first amount after ``pattern`` on the first line it matches
    (on every line it matches when ``every``); False when none does."""
    found = False
    for i, line in enumerate(lines):
        m = pattern.search(line)
        if m:
            new = money.add(line, delta, m.end())
            if new is None:
                return False
            lines[i] = new
            found = True
            if not every:
                break
    return found


def ante_edit(shape: AnteShape) -> Edit:
    """The edit adding the ante (see the module)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        ante = ante_of(seed)
        if ante is None:
            return None
        unit = Decimal(seed.hand.unit)
        each = Decimal(ante) / unit
        pot = each * len(seed.dealt_in)
        lines = lines_of(text)
        at_model = next((i for i, line in enumerate(lines) if re.search(shape.model, line)), None)
        if at_model is None:
            return None
        model = re.search(shape.model, lines[at_model])
        assert model is not None
        token = shape.money.pattern.search(model.string, model.end())
        if token is None:
            return None
        amount = shape.money.like(token.group(0), each)
        for name in seed.dealt_in:
            if not _bump(lines, _name(shape.stack, name), shape.money, each):
                return None
        winner = seed.hand.collections[0].player
        if not _bump(lines, _name(shape.award, winner), shape.money, pot):
            return None
        for pattern in shape.totals:
            _bump(lines, re.compile(pattern), shape.money, pot, every=True)
        for pattern in shape.summary:
            _bump(lines, _name(pattern, winner), shape.money, pot)
        before = [i for i in range(at_model) if re.search(shape.after, lines[i])]
        if not before:
            return None
        at = before[-1] + 1
        posts = [shape.post.format(name=name, amount=amount) for name in seed.dealt_in]
        return "\n".join([*lines[:at], *posts, *lines[at:]])

    return edit


BLINDS = (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_DEAD)


def ante_expectation(parts: Fingerprint, seed: Seed) -> Fingerprint:
    """The seed's parts with the antes in: stacks, the ante posts first, the award and
    the printed total and main pot (the rake and fees as they were)."""
    return _with_antes(parts, seed, after_blinds=False)


def antes_after_blinds(parts: Fingerprint, seed: Seed) -> Fingerprint:
    """:func:`ante_expectation` for a reader that records the blinds first (Entraction:
    its list is not in posting order)."""
    return _with_antes(parts, seed, after_blinds=True)


def _with_antes(parts: Fingerprint, seed: Seed, *, after_blinds: bool) -> Fingerprint:
    ante = ante_of(seed)
    assert ante is not None
    n = len(seed.dealt_in)
    dealt = set(seed.dealt_in)
    out = dict(parts)
    out["seats"] = tuple(
        (seat, player, out_, stack + ante if player in dealt else stack)
        for seat, player, out_, stack in parts["seats"]
    )
    posts = tuple((Street.PREFLOP, p, ActionKind.POST_ANTE, ante, None) for p in seed.dealt_in)
    actions, flags = tuple(parts["actions"]), tuple(parts["all_in"])
    at = 0
    while after_blinds and at < len(actions) and actions[at][2] in BLINDS:
        at += 1
    out["actions"] = actions[:at] + posts + actions[at:]
    out["all_in"] = flags[:at] + (False,) * n + flags[at:]
    ((run, pot, half, player, amount),) = parts["awards"]
    out["awards"] = ((run, pot, half, player, amount + n * ante),)
    total, main, *rest = parts["totals"]
    out["totals"] = (
        None if total is None else total + n * ante,
        None if main is None else main + n * ante,
        *rest,
    )
    return out


def ante_rewrite(
    shape: AnteShape, row: str, name: str = "an ante for every player dealt in"
) -> Rewrite:
    """The room's ante rewrite: kind ``ante``, the header's ante left to the reader."""
    return rewrite(
        name,
        "ante",
        row,
        ante_edit(shape),
        changes=("stakes",),
        expect=ante_expectation,
    )
