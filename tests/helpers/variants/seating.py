"""A seat line added for a player who sits out the hand: no cards, no chips moved.

The new player takes a free seat, with the first seated player's stack as printed,
among the seat lines in seat order. The hand's money is untouched; its seats gain one
(``changes = {"seats"}``), and the audit must not take the newcomer for a player who
should have acted.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from tests.helpers.variants.rewrite import Edit, Rewrite, lines_of, newcomer, rewrite
from tests.helpers.variants.seeds import Seed


@dataclass(frozen=True, slots=True)
class SeatShape:
    """A room's seat lines: ``seat_line`` matches one (groups ``seat`` and ``stack``)
    among the lines before the first that ``stop`` matches; ``line`` is the new one, with
    ``{seat}``, ``{name}`` and ``{stack}``."""

    seat_line: str
    stop: str
    line: str


def seat_edit(shape: SeatShape) -> Edit:
    """The edit adding a sitting-out seat (see the module)."""
    seat_re = re.compile(shape.seat_line)
    stop_re = re.compile(shape.stop)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not seed.free_seats:
            return None
        lines = lines_of(text)
        seats: list[tuple[int, int, str]] = []  # (line index, seat, stack)
        for i, line in enumerate(lines):
            if stop_re.search(line):
                break
            m = seat_re.search(line)
            if m:
                seats.append((i, int(m["seat"]), m["stack"]))
        if not seats:
            return None
        seat = rng.choice(seed.free_seats)
        new = shape.line.format(seat=seat, name=newcomer(seed, rng), stack=seats[0][2])
        later = [i for i, number, _ in seats if number > seat]
        at = later[0] if later else seats[-1][0] + 1
        return "\n".join([*lines[:at], new, *lines[at:]])

    return edit


def seat_rewrite(shape: SeatShape, row: str, name: str = "a seat sitting out") -> Rewrite:
    return rewrite(name, "seat", row, seat_edit(shape), changes=("seats",))
