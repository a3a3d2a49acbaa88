"""Rewrites: one grammar alternative each, applied to a hand's text.

A :class:`Rewrite` names the room's grammar row it exercises (``row``: the line shape
as ``docs/SITES.md`` writes it) and holds an ``edit``: a pure function from the text,
the seed and a random generator to the new text, or ``None`` where the rewrite does not
apply to that hand. It keeps the hand's meaning, or declares what it changes: parts of
the fingerprint (``changes``) or how they change (``expect``).

The edits below are the building blocks the room tables share: lines inserted among
others, one line replaced, a pattern substituted.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from omahahh.model import GameType
from tests.helpers.variants.fingerprint import Expectation, Fingerprint, scaled
from tests.helpers.variants.seeds import Seed

Edit = Callable[[str, Seed, random.Random], str | None]
"""``edit(text, seed, rng)``: the rewritten text, or None where the rewrite does not apply."""


def _same(parts: Fingerprint, seed: Seed) -> Fingerprint:
    return parts


@dataclass(frozen=True, slots=True)
class Rewrite:
    """One grammar alternative of a room.

    ``kind`` groups rewrites a variant takes at most one of (two time zones cannot both be
    the header's); ``noise`` rewrites may repeat.
    """

    name: str
    kind: str
    row: str
    edit: Edit
    changes: frozenset[str] = frozenset()
    expect: Expectation = _same

    @property
    def repeats(self) -> bool:
        return self.kind == "noise"


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def first_index(lines: Sequence[str], pattern: str, start: int = 0) -> int | None:
    """The index of the first line from ``start`` that ``pattern`` matches (re.search).

    >>> first_index(["a", "*** SUMMARY ***", "b"], r"^\\*\\*\\* SUMMARY")
    1
    """
    compiled = re.compile(pattern)
    for i in range(start, len(lines)):
        if compiled.search(lines[i]):
            return i
    return None


def last_index(lines: Sequence[str], pattern: str) -> int | None:
    """The index of the last line that ``pattern`` matches."""
    compiled = re.compile(pattern)
    for i in range(len(lines) - 1, -1, -1):
        if compiled.search(lines[i]):
            return i
    return None


def insert_between(
    text: str, new_line: str, after: str, before: str, rng: random.Random
) -> str | None:
    """``new_line`` at a random place after the first line ``after`` matches and before
    the first later line ``before`` matches (the end when none); None when there is no
    such line.

    >>> insert_between("h\\nx\\ny\\nEND", "NEW", r"^x", r"^END", random.Random(1))
    'h\\nx\\nNEW\\ny\\nEND'
    """
    lines = lines_of(text)
    start = first_index(lines, after)
    if start is None:
        return None
    end = first_index(lines, before, start + 1)
    end = len(lines) if end is None else end
    at = rng.randint(start + 1, end)
    return "\n".join([*lines[:at], new_line, *lines[at:]])


def replace_first(
    text: str, pattern: str, make: Callable[[re.Match[str]], str | None]
) -> str | None:
    """``text`` with the first line ``pattern`` matches (re.search) replaced by
    ``make(match)``; None when no line matches or ``make`` says None.

    >>> replace_first("a 1\\nb 2", r"^b (\\d)", lambda m: f"b {int(m[1]) * 3}")
    'a 1\\nb 6'
    """
    lines = lines_of(text)
    compiled = re.compile(pattern)
    for i, line in enumerate(lines):
        m = compiled.search(line)
        if m:
            new = make(m)
            if new is None:
                return None
            lines[i] = new
            return "\n".join(lines)
    return None


def rewrite(
    name: str,
    kind: str,
    row: str,
    edit: Edit,
    *,
    changes: Sequence[str] = (),
    expect: Expectation = _same,
) -> Rewrite:
    """A :class:`Rewrite` (``changes`` as any sequence of part names)."""
    return Rewrite(name, kind, row, edit, frozenset(changes), expect)


def scale_rewrites(
    row: str,
    edit_for: Callable[[int], Edit],
    *,
    kind: str = "amounts",
    factors: Sequence[int] = (10, 100),
    suffix: str = "",
) -> list[Rewrite]:
    """Every amount of a hand times each factor (``amounts x10``, ``amounts x100``, each
    name followed by ``suffix``): the room's amount grammar, ``row``, at other
    magnitudes; the money expected scales too."""
    return [
        rewrite(f"amounts x{f}{suffix}", kind, row, edit_for(f), expect=scaled(f)) for f in factors
    ]


def substitute(pattern: str, replacement: str, *, count: int = 1) -> Edit:
    """An edit replacing ``pattern`` (re.sub, the first ``count`` matches; 0: all); it
    does not apply where nothing matches.

    >>> substitute(r"Hand #", "Game #")("PokerStars Hand #1", None, random.Random(0))
    'PokerStars Game #1'
    """
    compiled = re.compile(pattern, re.M)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        new, n = compiled.subn(replacement, text, count=count)
        return new if n else None

    return edit


def only_when(test: Callable[[Seed], bool], edit: Edit) -> Edit:
    """``edit`` for the seeds ``test`` accepts; it does not apply to the others."""

    def edit_when(text: str, seed: Seed, rng: random.Random) -> str | None:
        return edit(text, seed, rng) if test(seed) else None

    return edit_when


def is_tournament(seed: Seed) -> bool:
    return seed.hand.game_type is GameType.TOURNAMENT


def is_cash(seed: Seed) -> bool:
    return seed.hand.game_type is GameType.CASH


def noise_line(templates: Sequence[str], after: str, before: str) -> Edit:
    """An edit inserting one of ``templates`` between ``after`` and ``before`` (see
    :func:`insert_between`); ``{name}`` is a seated player, ``{newcomer}`` a name no
    one at the table has, ``{seat}`` a free seat, ``{chat}`` a chat text."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        template = rng.choice(list(templates))
        if "{seat}" in template and not seed.free_seats:
            return None
        line = template.format(
            name=rng.choice(seed.players),
            newcomer=newcomer(seed, rng),
            seat=rng.choice(seed.free_seats) if seed.free_seats else 0,
            chat=rng.choice(CHATS),
        )
        return insert_between(text, line, after, before, rng)

    return edit


CHATS = (
    "nh",
    "gl all",
    "folds: 5 raises $10 to $20",
    "Seat 1: Bob ($5 in chips)",
    "*** SUMMARY ***?",
    "lol: collected $1,000 from pot",
    "ty [As Ks]",
    "if he bets i raises",
    "always the same, he folds",
    "Hero: calls $5",
)
"""Chat texts, some shaped like the lines a reader must not take them for."""

NEWCOMERS = ("Newbie77", "late joiner", "Zed_9", "QuietOne")


def newcomer(seed: Seed, rng: random.Random) -> str:
    """A name no seated player has, nor is part of (``Zed`` beside ``Zed_9``)."""
    names = [n for n in NEWCOMERS if not any(n in p or p in n for p in seed.players)]
    return rng.choice(names or ["Newcomer_X"])
