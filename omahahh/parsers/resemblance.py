"""Does text no format reads still look like a poker hand history?

A file whose first lines no reader claims is either something else (a README, a
spreadsheet, a log of another program) or the hands of a room or an export version
omahahh does not read yet. The second must never be passed over in silence: its
blocks become ``unknown_format`` failure rows, so that every hand that went in is
accounted for. This module tells the two apart by the words and shapes every hand
history carries, whatever its room or syntax (text, XML or JSON).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_CARD = r"(?:10|[2-9TJQKA])[cdhs]"
SIGNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "a hand header",
        re.compile(
            r"\b(?:hand|game)\s*(?:#|no\.?|id|nr\.?)?\s*:?\s*[A-Z]{0,3}-?\d{3,}"
            r"|<(?:game|hand|session)\b[^>]*\b\w*(?:code|id|no)\s*=",
            re.I,
        ),
    ),
    ("a seat line", re.compile(r"^\s*seat\s*#?\d+\b|<(?:player|seat)\b[^>]*\bseat\w*\s*=", re.I)),
    (
        "a betting line",
        re.compile(
            r"^\s*\S.{0,60}\b(?:folds|checks)\b\W{0,3}$"
            r"|^\s*\S.{0,60}\b(?:calls|bets|raises|posts|collected|collects|wins)\b\D{0,25}\d"
            r"|<action\b[^>]*=",
            re.I,
        ),
    ),
    (
        "cards",
        re.compile(
            rf"\[\s*{_CARD}|\b{_CARD}(?:[ ,]+{_CARD}){{2,}}\b"
            r"|>\s*(?:[CDHS](?:10|[2-9TJQKA])\s*){2,}<"
        ),
    ),
    (
        "a pot or rake figure",
        re.compile(r"\b(?:pot|rake)\b\s*(?:\w+\s*)?[:=(\[|]?\s*[$€£]?\s*\d", re.I),
    ),
)
"""The kinds of line every hand history has, whatever its room or syntax."""

NEEDED = 3
"""Kinds of :data:`SIGNS` that must show, on at least :data:`LINES_NEEDED` lines: a
seat line, a betting line and a pot figure (or cards, or a hand number) — not a
README that talks about poker."""
LINES_NEEDED = 4


def hand_history_signs(lines: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """The kinds of hand-history line among ``lines`` (in :data:`SIGNS` order) and how
    many lines showed one.

    >>> hand_history_signs(["Seat 3: Bob ($10)", "Bob: raises $2 to $4",
    ...                     "Dealt to Bob [Ah Kd 7c 7s]", "Total pot $8 | Rake $0"])
    (('a seat line', 'a betting line', 'cards', 'a pot or rake figure'), 4)
    >>> hand_history_signs(["# Notes", "The pot is split when two hands tie."])
    ((), 0)
    """
    found: set[str] = set()
    matched = 0
    for line in lines:
        if "`" in line or line.startswith("| "):
            continue  # documentation (Markdown code and tables) quoting hand lines
        kinds = {name for name, pattern in SIGNS if pattern.search(line)}
        if kinds:
            matched += 1
            found |= kinds
    return tuple(name for name, _ in SIGNS if name in found), matched


def looks_like_hand_history(lines: Iterable[str]) -> bool:
    """Enough evidence (:data:`NEEDED` kinds of :data:`SIGNS` on :data:`LINES_NEEDED`
    lines) that ``lines`` are poker hands.

    >>> looks_like_hand_history(['<game gamecode="77">', '<player seat="1" name="A"/>',
    ...                          '<action no="1" player="A" type="3" sum="2"/>',
    ...                          "<cards>SA HK</cards>"])
    True
    >>> looks_like_hand_history(["name,score", "Ann,3", "Bob,4"])
    False
    """
    kinds, matched = hand_history_signs(lines)
    return len(kinds) >= NEEDED and matched >= LINES_NEEDED
