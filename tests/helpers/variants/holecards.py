"""A 4-card Omaha hand dealt as 5- or 6-card Omaha: the same hand, more hole cards.

Only hands that end without a showdown are taken (no shown or mucked cards): each
dealt line gets cards no one holds and the board does not show, and the header names
the bigger game, so nothing about who won can change. The variant must read the bigger
game and the longer hands (:func:`cards_expectation`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from omahahh.cards import card_str, make_card
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.rewrite import Edit, Rewrite, lines_of, rewrite
from tests.helpers.variants.seeds import Seed


@dataclass(frozen=True, slots=True)
class CardShape:
    """A room's dealt lines and game names.

    ``dealt``: a dealt line (group ``cards``: the cards as printed); ``join``: what
    stands between two cards; ``card``: a card (``Ah``) as printed; ``games``: for 5 and
    6 cards, the header substitutions (pattern, replacement) naming that game.
    """

    dealt: str
    join: str
    games: dict[int, tuple[str, str]]
    card: Callable[[str], str] = str


def extra_cards(seed: Seed, count: int) -> tuple[int, ...]:
    """``count`` cards nobody holds or sees in ``seed``, the lowest first (as ints).

    >>> from types import SimpleNamespace as S
    >>> hand = S(dealt=(("a", (0, 1)),), boards=((2,),), shows=())
    >>> extra_cards(S(hand=hand), 2)
    (3, 4)
    """
    h = seed.hand
    seen = {c for _, cards in h.dealt for c in cards}
    seen |= {c for board in h.boards for c in board}
    seen |= {c for s in h.shows for c in s.cards}
    free = (make_card(r, s) for r in range(13) for s in range(4))
    return tuple(c for c in free if c not in seen)[:count]


def takes_more_cards(seed: Seed) -> bool:
    """A 4-card hand (not Courchevel) that shows no cards but the hero's."""
    h = seed.hand
    if h.game.hole_card_count != 4 or h.game.courchevel or h.shows:
        return False
    return not any(s.showed for s in h.summary_seats)


def cards_edit(shape: CardShape, holes: int) -> Edit:
    dealt_re = re.compile(shape.dealt)
    pattern, replacement = shape.games[holes]

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not takes_more_cards(seed):
            return None
        header, n = re.subn(pattern, replacement, text, count=1, flags=re.M)
        if not n:
            return None
        extra = shape.join + shape.join.join(
            shape.card(card_str(c)) for c in extra_cards(seed, holes - 4)
        )
        lines = lines_of(header)
        for i, line in enumerate(lines):
            m = dealt_re.search(line)
            if m and m["cards"].strip():
                end = m.end("cards")
                lines[i] = line[:end] + extra + line[end:]
        return "\n".join(lines)

    return edit


def cards_expectation(holes: int) -> Callable[[Fingerprint, Seed], Fingerprint]:
    def expect(parts: Fingerprint, seed: Seed) -> Fingerprint:
        out = dict(parts)
        structure, _, hi_lo, courchevel = parts["game"]
        out["game"] = (structure, holes, hi_lo, courchevel)
        extra = extra_cards(seed, holes - 4)
        dealt, boards, shows = parts["cards"]
        out["cards"] = (tuple((p, (*c, *extra)) for p, c in dealt), boards, shows)
        return out

    return expect


def cards_rewrites(shape: CardShape, rows: Sequence[str]) -> list[Rewrite]:
    """One rewrite per game of ``shape.games`` (rows in the same order)."""
    return [
        rewrite(
            f"dealt as {holes}-card Omaha",
            "game",
            row,
            cards_edit(shape, holes),
            expect=cards_expectation(holes),
        )
        for holes, row in zip(shape.games, rows, strict=True)
    ]
