"""A hand's suits exchanged: the same hand dealt in other suits.

Every card of the hand gets its suit exchanged by one permutation of the four suits.
That keeps every holding's value (a flush stays a flush, a low stays a low), so who wins
what does not change, and the variant must read each card with its suit exchanged
(:func:`exchanged_cards`). A room that numbers its cards (Boss Media, IGT) is written
here from the numbering its grammar states, so the reader's own table is checked, not
copied.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from omahahh.cards import SUITS, make_card, rank_of, suit_of
from tests.helpers.variants.fingerprint import Expectation, Fingerprint
from tests.helpers.variants.rewrite import Edit, Rewrite, rewrite

Exchange = dict[str, str]
"""Each suit letter (``cdhs``) to the one it becomes."""

EXCHANGES: dict[str, Exchange] = {
    "clubs and spades, diamonds and hearts swapped": {"c": "s", "s": "c", "d": "h", "h": "d"},
    "suits turned round (clubs to diamonds to hearts to spades)": {
        "c": "d",
        "d": "h",
        "h": "s",
        "s": "c",
    },
}


def exchange_card(card: int, exchange: Exchange) -> int:
    return make_card(rank_of(card), SUITS.index(exchange[SUITS[suit_of(card)]]))


def exchanged_cards(exchange: Exchange) -> Expectation:
    """An expectation: the seed's cards (dealt, boards, shows), each suit exchanged."""

    def cards(items: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(exchange_card(c, exchange) for c in items)

    def expect(parts: Fingerprint, seed: Any) -> Fingerprint:
        dealt, boards, shows = parts["cards"]
        return {
            **parts,
            "cards": (
                tuple(sorted((p, cards(c)) for p, c in dealt)),
                tuple(cards(b) for b in boards),
                tuple(sorted((p, cards(c), m) for p, c, m in shows)),
            ),
        }

    return expect


def suit_rewrites(edit_for: Callable[[Exchange], Edit], row: str) -> list[Rewrite]:
    """One rewrite per exchange of :data:`EXCHANGES` (kind ``suits``)."""
    return [
        rewrite(
            f"suits exchanged: {name}",
            "suits",
            row,
            edit_for(exchange),
            changes=(),
            expect=exchanged_cards(exchange),
        )
        for name, exchange in EXCHANGES.items()
    ]


def letters(pattern: str, exchange: Exchange, *, upper: bool = False) -> Callable[[str], str]:
    """Cards written rank then suit letter (``Ah``, ``10d``) in a text, matched by
    ``pattern`` (groups ``rank``, ``suit``), suits exchanged; ``upper``: suit letters
    in capitals."""
    compiled = re.compile(pattern)

    def one(m: re.Match[str]) -> str:
        suit = m["suit"]
        new = exchange[suit.lower()]
        new = new.upper() if upper else new
        return m[0][: m.start("suit") - m.start()] + new + m[0][m.end("suit") - m.start() :]

    return lambda text: compiled.sub(one, text)


def numbered(link: int, order: str, exchange: Exchange) -> int:
    """A card number of 13 a suit, suits in ``order`` (``dchs``: 0-12 diamonds …), with
    its suit exchanged; its rank (the number within the suit) kept. A number past the
    deck's names no card: kept as it is."""
    if link > 51:
        return link
    block, within = divmod(link, 13)
    return order.index(exchange[order[block]]) * 13 + within
