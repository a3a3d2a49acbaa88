"""Counts in words: ``1 file``, ``2 files``, ``1 file is``, ``3 files are``.

Every message that counts something says it with :func:`plural`, so a count
of one never reads "1 files".
"""

from __future__ import annotations

IRREGULAR = {"CPU": "CPUs", "is": "are", "was": "were", "has": "have"}


def plural_of(word: str) -> str:
    """``file`` -> ``files``, ``match`` -> ``matches``, ``player's`` -> ``players'``.

    >>> plural_of("file"), plural_of("match"), plural_of("player's"), plural_of("is")
    ('files', 'matches', "players'", 'are')
    """
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word.endswith("'s"):
        return word[:-2] + "s'"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, plural unless ``n`` is one (thousands separated).

    >>> plural(1, "file"), plural(2, "file"), plural(1234, "hand"), plural(0, "finding")
    ('1 file', '2 files', '1,234 hands', '0 findings')
    >>> plural(1, "hand block"), plural(3, "player's", "players'")
    ('1 hand block', "3 players'")
    """
    if n == 1:
        return f"{n:,} {word}"
    return f"{n:,} {many or plural_of(word)}"


def verb(n: int, singular: str) -> str:
    """``is``/``are`` (or another verb) agreeing with a count.

    >>> verb(1, "is"), verb(2, "is"), verb(0, "was")
    ('is', 'are', 'were')
    """
    return singular if n == 1 else plural_of(singular)
