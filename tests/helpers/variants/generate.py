"""Variants: a seed with a few of its room's rewrites applied, chosen by a seeded generator.

Everything random comes from ``random.Random(rng_seed)``, so a variant is made again
from its seed hand, its room's table and its ``rng_seed`` alone
(:func:`make_variant`); :func:`variants` makes a room's many from one base seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tests.helpers.variants.fingerprint import Fingerprint, fingerprint
from tests.helpers.variants.rewrite import Rewrite
from tests.helpers.variants.seeds import Seed

MOST_REWRITES = 3
"""Rewrites one variant takes at most."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A seed's text after ``applied`` rewrites (in order), made with ``rng_seed``."""

    seed: Seed
    rng_seed: str
    applied: tuple[Rewrite, ...]
    text: str

    @property
    def changes(self) -> frozenset[str]:
        """The fingerprint parts the rewrites declare changed (not compared)."""
        return frozenset().union(*(r.changes for r in self.applied))

    def expected(self) -> Fingerprint:
        """The seed's fingerprint as the rewrites say the variant's must be."""
        parts: Fingerprint = fingerprint(self.seed.hand)
        for r in self.applied:
            parts = r.expect(parts, self.seed)
        return parts


def make_variant(seed: Seed, table: Sequence[Rewrite], rng_seed: str) -> Variant | None:
    """``seed`` with one to :data:`MOST_REWRITES` rewrites of ``table`` that apply to it,
    tried in an order ``rng_seed`` decides; None when none applies.

    At most one rewrite of each kind, save ``noise`` (lines that carry nothing may come
    several times).
    """
    rng = random.Random(rng_seed)
    wanted = rng.randint(1, MOST_REWRITES)
    text = seed.text
    applied: list[Rewrite] = []
    kinds: set[str] = set()
    for rewrite in rng.sample(list(table), len(table)):
        if len(applied) == wanted:
            break
        if rewrite.kind in kinds and not rewrite.repeats:
            continue
        new = rewrite.edit(text, seed, rng)
        if new is None or new == text:
            continue
        text = new
        applied.append(rewrite)
        kinds.add(rewrite.kind)
    if not applied:
        return None
    return Variant(seed=seed, rng_seed=rng_seed, applied=tuple(applied), text=text)


def variants(
    room: str, seeds: Sequence[Seed], table: Sequence[Rewrite], count: int, base_seed: int
) -> list[Variant]:
    """``count`` attempts at a variant of ``room``, seed hands taken in turn; each
    variant's ``rng_seed`` is ``"<base_seed>:<room>:<i>"``."""
    out = []
    for i in range(count):
        seed = seeds[i % len(seeds)]
        made = make_variant(seed, table, f"{base_seed}:{room}:{i}")
        if made is not None:
            out.append(made)
    return out


def remake(room: str, seed_text: str, rng_seed: str) -> Variant | None:
    """The variant a failure message names, from the seed's text it prints: the room's
    table, the seed hand read again, the same random seed.

    >>> from tests.helpers.paths import DATA
    >>> text = (DATA / "crafted" / "pokerstars" / "time_2008.txt").read_text()
    >>> made = remake("pokerstars", text.strip(), "45:pokerstars:1")
    >>> made is not None and made.text != text.strip()
    True
    """
    from omahahh.model import HandRecord
    from tests.helpers.variants.rooms import TABLES
    from tests.helpers.variants.seeds import seed_of
    from tests.helpers.variants.verdict import parse_text

    hand = parse_text(seed_text)
    assert isinstance(hand, HandRecord), hand
    return make_variant(seed_of(seed_text, "<message>", hand), TABLES[room], rng_seed)
