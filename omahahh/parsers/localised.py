"""Amounts and cards as localised clients print them (888poker, docs/FORMATS.md §3, §9.2).

One file can hold ``$2,141`` and ``$4,744.48`` (English), another ``$ 3.243``
and ``$ 552,72`` (Dutch: ``.`` groups thousands, ``,`` marks cents), another
``15 788,50 $`` with no-break spaces. Cents never have three digits, so the
separators are told apart by what follows them (see :func:`localised_minor`).
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import Site
from omahahh.money import CURRENCY_SYMBOLS, to_minor
from omahahh.parsers.common import cards_or_fail
from omahahh.parsers.sources import Block
from omahahh.rooms.localised import RANK_WORDS

_DROP = str.maketrans("", "", CURRENCY_SYMBOLS + " \u00a0\u202f")
MOJIBAKE_NBSP = "\u00c2\u00a0"
"""A no-break space encoded twice (UTF-8 read as cp1252, written as UTF-8): ``3Â 023,50 $``
in HHSmithy's Pacific ``Limit5.txt``; the ``Â`` goes with the space."""


def localised_minor(text: str, unit: int) -> int:
    """An amount in minor units, whatever the separators.

    With both ``.`` and ``,`` the later one is the decimal mark. With one kind
    only: several of them, or exactly three digits after it, group thousands;
    otherwise (one or two digits) it is the decimal mark.

    >>> [localised_minor(t, 100) for t in ("$2,141", "$ 3.243", "$ 552,72", "15\\xa0788,50 $")]
    [214100, 324300, 55272, 1578850]
    >>> localised_minor("$4,744.48", 100), localised_minor("1.459,1", 100)
    (474448, 145910)
    >>> localised_minor("3\u00c2\u00a0023,50 $", 100)
    302350

    Raises :class:`MoneyError` for text that is no amount.
    """
    s = text.replace(MOJIBAKE_NBSP, " ").translate(_DROP)
    dot, comma = s.rfind("."), s.rfind(",")
    if dot >= 0 and comma >= 0:
        decimal = "." if dot > comma else ","
        thousands = "," if decimal == "." else "."
    elif dot >= 0 or comma >= 0:
        sep = "." if dot >= 0 else ","
        at = max(dot, comma)
        if s.count(sep) > 1 or len(s) - at - 1 == 3:
            thousands, decimal = sep, "."
        else:
            thousands, decimal = "", sep
    else:
        if s.isdigit():
            return int(s) * unit
        thousands, decimal = "", "."
    return to_minor(s, unit, thousands=thousands, decimal=decimal)


def comma_cards(text: str, offset: int) -> tuple[int, ...]:
    """Cards from ``" 5s, Knh, Ec "``: comma-separated, localised ranks translated.

    ``comma_cards(" Tc, Knh, 9h ", 0)`` reads ``Tc Jh 9h``.
    """
    tokens = [t.strip() for t in text.split(",")]
    english = []
    for token in tokens:
        if len(token) > 2 or (token and token[0] in RANK_WORDS):
            word = token[:-1]
            token = RANK_WORDS.get(word, word) + token[-1:]
        english.append(token)
    return cards_or_fail(" ".join(english), offset)


GAME_NO_RE = re.compile(r"^#Game No : (?P<id>\d+)$")
GAME_NUMBER_RE = re.compile(r"(?:Hand History [Ff]or Game|#Game No :) (\w+)")


def game_number_key(block: Block, site: Site) -> str | None:
    """``<site>:<game number>`` of a block that failed, from its first header line that
    names the game (``#Game No : N`` or ``… Hand History for Game N``)."""
    for line in block.lines[:2]:
        m = GAME_NUMBER_RE.search(line)
        if m is not None:
            return f"{site.value}:{m[1]}"
    return None


def without_lead_in(block: Block, *, same_number: bool = True) -> Block:
    """The block from its header on, past a ``#Game No : N`` line some exports print first.

    The line only repeats the hand number (checked, unless ``same_number`` is False:
    PartyPoker's may name another game); a copy of the hand without it is the same
    hand, so the text hash, which de-duplication compares, leaves it out.
    """
    m = GAME_NO_RE.match(block.lines[0]) if block.lines else None
    if m is None:
        return block
    if len(block.lines) == 1:
        raise HandParseError("truncated", "a '#Game No' line with no hand after it", 0, m[0])
    if same_number and m["id"] not in block.lines[1]:
        raise HandParseError(
            "bad_header",
            f"'#Game No : {m['id']}' is not the number of the hand after it",
            1,
            block.lines[1],
        )
    return Block(path=block.path, line=block.line + 1, lines=block.lines[1:])
