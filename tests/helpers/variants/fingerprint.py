"""What a hand means, as a comparable value: a variant must mean what its seed meant.

A fingerprint is a dict of a few named parts of a parsed hand (its time, game, seats,
actions, awards, ...), leaving out how it was printed (line numbers, labels, notes, the
text's hash). A rewrite that keeps the meaning leaves every part equal; one that changes
some declares which (:attr:`~tests.helpers.variants.rewrite.Rewrite.changes`) or how
(:attr:`~tests.helpers.variants.rewrite.Rewrite.expect`, e.g. :func:`scaled`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from omahahh.model import HandRecord

Fingerprint = Mapping[str, tuple[Any, ...]]

Expectation = Callable[[Fingerprint, Any], Fingerprint]
"""``expect(parts, seed)``: how a rewrite changes a seed's fingerprint (the identity when
it keeps the meaning)."""

PARTS = (
    "id",
    "time",
    "game",
    "format",
    "tournament",
    "currency",
    "stakes",
    "seats",
    "button",
    "actions",
    "all_in",
    "awards",
    "returns",
    "totals",
    "cards",
)
"""Every part a fingerprint has, the names rewrites declare changes with."""

MONEY_PARTS = ("stakes", "seats", "actions", "awards", "returns", "totals")
"""The parts that hold amounts (:func:`scaled` multiplies them)."""


def fingerprint(hand: HandRecord) -> dict[str, tuple[object, ...]]:
    """The parts of ``hand`` a rewrite may keep or change, each a tuple.

    Money parts list their amounts last in each item, or as ``None`` when not printed, so
    :func:`scaled` can multiply them.
    """
    game = hand.game
    return {
        "id": (hand.hand_key,),
        "time": (hand.started_at,),
        "game": (game.structure, game.hole_card_count, game.hi_lo, game.courchevel),
        "format": (hand.game_type, hand.fast_fold, hand.home_game, hand.cancelled),
        "tournament": (hand.tournament_id, hand.tournament_level, hand.buy_in),
        "currency": (hand.currency, hand.unit),
        "stakes": (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet, hand.ante),
        "seats": tuple((s.seat, s.player, s.sitting_out, s.stack_start) for s in hand.seats),
        "button": (hand.button_seat,),
        "actions": tuple((a.street, a.player, a.kind, a.amount, a.to_amount) for a in hand.actions),
        "all_in": tuple(a.all_in for a in hand.actions),
        "awards": tuple(
            sorted((c.run, c.pot_index, c.half or "", c.player, c.amount) for c in hand.collections)
        ),
        "returns": tuple(sorted((u.player, u.amount) for u in hand.uncalled)),
        "totals": (
            hand.total_pot_reported,
            hand.main_pot_reported,
            *hand.side_pots_reported,
            hand.rake_reported,
            hand.jackpot_reported,
            hand.other_fees_reported,
            hand.cash_drop_reported,
        ),
        "cards": (
            tuple(sorted(hand.dealt)),
            hand.boards,
            tuple(sorted((s.player, s.cards, s.mucked) for s in hand.shows)),
        ),
    }


def _times(value: object, factor: int) -> object:
    """``value`` times ``factor`` when it is an amount (an int, not a bool)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value * factor
    return value


def scaled(factor: int) -> Expectation:
    """An expectation: every amount in the money parts ``factor`` times the seed's.

    >>> scaled(10)({"stakes": (5, 10, None, None, None), "id": ("x:1",)}, None)["stakes"]
    (50, 100, None, None, None)
    """

    def expect(parts: Fingerprint, seed: object) -> dict[str, tuple[Any, ...]]:
        out = dict(parts)
        for name in MONEY_PARTS:
            if name not in out:
                continue
            items = out[name]
            if name in ("stakes", "totals"):
                out[name] = tuple(_times(v, factor) for v in items)
            else:  # records: the amounts are their last fields
                out[name] = tuple(_scale_record(name, item, factor) for item in items)
        return out

    return expect


def _scale_record(part: str, item: object, factor: int) -> object:
    """One seat, action, award or return with its amounts multiplied."""
    assert isinstance(item, tuple), (part, item)
    if part == "actions":  # (street, player, kind, amount, to_amount)
        return (*item[:3], _times(item[3], factor), _times(item[4], factor))
    return (*item[:-1], _times(item[-1], factor))


def differences(
    expected: Fingerprint, found: Fingerprint, ignored: frozenset[str] = frozenset()
) -> list[str]:
    """The parts that differ, with both values, leaving ``ignored`` parts out.

    >>> differences({"id": ("a",), "time": (1,)}, {"id": ("a",), "time": (2,)})
    ['time: expected (1,), found (2,)']
    """
    return [
        f"{part}: expected {expected[part]!r}, found {found[part]!r}"
        for part in PARTS
        if part in expected and part not in ignored and expected[part] != found.get(part)
    ]


def fast_fold(parts: Fingerprint, seed: object) -> Fingerprint:
    """An expectation: the same hand, marked fast fold (a pool's header or table name).

    >>> fast_fold({"format": ("cash", False, None, False)}, None)["format"]
    ('cash', True, None, False)
    """
    game_type, _, home, cancelled = parts["format"]
    return {**parts, "format": (game_type, True, home, cancelled)}
