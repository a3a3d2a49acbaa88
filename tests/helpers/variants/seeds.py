"""Seeds: the real hands variants are made from, each with its text and its reading.

Seeds come from the repository first (``sample_histories/``, ``tests/data/`` with its
MIT hands and ``crafted/<room>/`` files), so the variants run on a bare clone; the
shared corpus adds more where it is beside the checkout (a ``corpus``-marked test).
A seed must be clean: it parses, replays zero-sum and the audit finds nothing above
``info`` in it (:func:`tests.helpers.variants.verdict.hand_problems`), so whatever is
wrong with a variant comes from its rewrites.

A structured room's file (XML, JSON) holds many hands: each seed's text is the file with
the other hands taken out (:func:`tests.helpers.variants.document.documents`), a document
read back to the same hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord
from omahahh.parsers.document import DocBlock
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
    """The clean hands of ``rooms`` under ``roots``, per room, each hand once.

    ``origin`` is ``path:line`` (the path relative to ``relative_to`` when given). A
    structured room's hand is taken where its document reads back to the same hand.
    """
    # Imported here: both modules import Seed from this one.
    from tests.helpers.variants.document import documents
    from tests.helpers.variants.verdict import hand_problems, same_hand

    wanted = set(rooms)
    out: dict[str, list[Seed]] = {room: [] for room in wanted}
    seen: set[str] = set()
    for path in expand_paths(list(roots)):
        shown = path.relative_to(relative_to) if relative_to else path
        blocks = list(iter_blocks(path))
        structured = any(isinstance(b, DocBlock) for b in blocks)
        texts = documents(path, blocks) if structured else [b.text for b in blocks]
        for block, text in zip(blocks, texts, strict=True):
            if block.text in seen:
                continue
            seen.add(block.text)
            hand = parse_block(block)
            if not isinstance(hand, HandRecord) or hand.site.value not in wanted:
                continue
            if text is None or hand_problems(hand):
                continue
            if structured:
                again = same_hand(text, hand)
                if again is None:
                    continue
                hand = again
            out[hand.site.value].append(seed_of(text, f"{shown}:{block.line}", hand))
    return out


def sample(seeds: Sequence[Seed], most: int, rng: random.Random) -> list[Seed]:
    """At most ``most`` of ``seeds``, chosen by ``rng``, in their order."""
    if len(seeds) <= most:
        return list(seeds)
    chosen = sorted(rng.sample(range(len(seeds)), most))
    return [seeds[i] for i in chosen]
