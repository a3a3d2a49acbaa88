"""What the rewrites of PokerTracker's ``MERGE_GAME #`` and ``GAME #`` exports share
(``merge_pt.py``, ``ipoker_pt.py``): the button on its seat line or on a line of its
own, the summary's words.
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.rewrite import Edit, first_index, lines_of
from tests.helpers.variants.seeds import Seed


def button_line(mark: str) -> Edit:
    """The button as ``mark`` (`` DEALER``) after its seat line, or as ``The button is in
    seat #N`` before the seats."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        lines = lines_of(text)
        at = first_index(lines, r"^The button is in seat #\d+$")
        if at is not None:
            number = lines.pop(at).rpartition("#")[2]
            i = first_index(lines, rf"^Seat {number}: ")
            if i is None:
                return None
            lines[i] += mark
            return "\n".join(lines)
        i = first_index(lines, r"\s+DEALER$")
        first_seat = first_index(lines, r"^Seat \d+: ")
        seat = re.match(r"^Seat (\d+): ", lines[i]) if i is not None else None
        if i is None or first_seat is None or seat is None:
            return None
        lines[i] = re.sub(r"\s+DEALER$", "", lines[i])
        lines.insert(first_seat, f"The button is in seat #{seat[1]}")
        return "\n".join(lines)

    return edit


SUMMARY_WORDS = {"Shows": "shows", "shows": "Shows", "wins": "collects", "collects": "wins"}


def summary_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Shows`` / ``shows``, ``wins`` / ``collects``: each in its other word."""
    head, marker, tail = text.partition("*** SUMMARY ***")
    if not marker:
        return None
    new = re.sub(
        r"^(?P<name>.+?)(?P<colon>:?) (?P<word>Shows|shows|wins|collects) ",
        lambda m: f"{m['name']}{m['colon']} {SUMMARY_WORDS[m['word']]} ",
        tail,
        flags=re.M,
    )
    return head + marker + new if new != tail else None
