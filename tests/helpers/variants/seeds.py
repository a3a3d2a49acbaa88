"""Seeds: the real hands variants are made from, each with its text and its reading.

Seeds come from the repository first (``sample_histories/``, ``tests/data/`` with its
MIT hands and ``crafted/<room>/`` files), so the variants run on a bare clone; the
shared corpus adds more where it is beside the checkout (a ``corpus``-marked test).
A seed must be clean: it parses, replays zero-sum and the audit finds nothing above
``info`` in it (:func:`tests.helpers.variants.verdict.hand_problems`), so whatever is
wrong with a variant comes from its rewrites.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block


@dataclass(frozen=True, slots=True)
class Seed:
    """One clean hand of a room: where it is, its text and what it says.

    ``dealt_in``: the players the replay deals cards to (seat order); ``winners``: the
    players of its ``collected`` lines.
    """

    room: str
    origin: str
    text: str
    hand: HandRecord
    dealt_in: tuple[str, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Every seated player, in seat-line order."""
        return tuple(s.player for s in self.hand.seats)

    @property
    def free_seats(self) -> tuple[int, ...]:
        """Seat numbers no one sits in, up to the table's size (nine when not printed)."""
        taken = {s.seat for s in self.hand.seats}
        top = self.hand.max_seats or 9
        return tuple(n for n in range(1, top + 1) if n not in taken)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.player for c in self.hand.collections))


def seed_of(text: str, origin: str, hand: HandRecord) -> Seed:
    """The seed of a parsed ``hand`` (its replay tells who was dealt in)."""
    result = audit_hand(hand).result
    dealt = tuple(p.player for p in result.players if p.dealt_in) if result else ()
    return Seed(room=hand.site.value, origin=origin, text=text, hand=hand, dealt_in=dealt)


def read_seeds(
    roots: Iterable[Path], rooms: Iterable[str], *, relative_to: Path | None = None
) -> dict[str, list[Seed]]:
    """The clean hands of ``rooms`` under ``roots``, per room, each text once.

    ``origin`` is ``path:line`` (the path relative to ``relative_to`` when given).
    """
    from tests.helpers.variants.verdict import hand_problems  # verdict reads seeds' types

    wanted = set(rooms)
    out: dict[str, list[Seed]] = {room: [] for room in wanted}
    seen: set[str] = set()
    for path in expand_paths(list(roots)):
        shown = path.relative_to(relative_to) if relative_to else path
        for block in iter_blocks(path):
            text = block.text
            if text in seen:
                continue
            seen.add(text)
            hand = parse_block(block)
            if not isinstance(hand, HandRecord) or hand.site.value not in wanted:
                continue
            if hand_problems(hand):
                continue
            out[hand.site.value].append(seed_of(text, f"{shown}:{block.line}", hand))
    return out


def sample(seeds: Sequence[Seed], most: int, rng: random.Random) -> list[Seed]:
    """At most ``most`` of ``seeds``, chosen by ``rng``, in their order."""
    if len(seeds) <= most:
        return list(seeds)
    chosen = sorted(rng.sample(range(len(seeds)), most))
    return [seeds[i] for i in chosen]
