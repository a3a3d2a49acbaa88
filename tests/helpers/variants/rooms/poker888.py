"""888poker's rewrites (docs/SITES.md, "888poker (Pacific, Cassava)").

The header's brands and stars, the ``#Game No`` lead-in, ``Snap Poker`` (fast fold), the
``Jackpot table`` mark, the deal line left out, amounts in the client's locale
(``$ 1.234,50``, ``1 234,50 $`` with no-break spaces) and scaled until thousands marks
appear, card ranks in Dutch and Swedish, hands dealt five or six cards (the game read
from the cards).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from tests.helpers.variants.fingerprint import fast_fold
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    first_index,
    lines_of,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import money_hand, scale_rewrites
from tests.helpers.variants.seeds import Seed

ENGLISH = MoneyStyle(r"\$")
"""The English client's amounts: ``$1,234.50``."""

HEADER = r"^\*{5} 888poker Hand History for Game (\d+) \*{5}$"


def localised(value: Decimal, locale: str) -> str:
    """An amount as the ``locale``'s client prints it.

    >>> localised(Decimal("1234.5"), "dutch"), localised(Decimal("1234.5"), "french")
    ('$ 1.234,50', '1\\xa0234,50 $')
    """
    whole = value == value.to_integral_value()
    text = f"{value:,.0f}" if whole else f"{value:,.2f}"
    integer, _, fraction = text.partition(".")
    if locale == "dutch":
        return "$ " + integer.replace(",", ".") + ("," + fraction if fraction else "")
    return integer.replace(",", "\u00a0") + ("," + fraction if fraction else "") + " $"


def locale_edit(locale: str) -> Edit:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not money_hand(seed, ENGLISH):
            return None
        return ENGLISH.pattern.sub(lambda m: localised(ENGLISH.value(m["num"]), locale), text)

    return edit


DUTCH = {"K": "H", "Q": "V", "J": "B"}
SWEDISH = {"J": "Kn", "Q": "D", "A": "E"}
CARD_LINE = re.compile(r"^(?:Dealt to .+?|.+? (?:shows|mucks)|\*\* Dealing \w+ \*\*) \[[^\]]*\]")
CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


def ranks_edit(words: dict[str, str]) -> Edit:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        lines = lines_of(text)
        for i, line in enumerate(lines):
            m = CARD_LINE.match(line)
            if m:
                cards = CARD.sub(lambda c: words.get(c[1], c[1]) + c[2], m.group(0))
                lines[i] = cards + line[m.end() :]
        return "\n".join(lines)

    return edit


def without_deal_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``** Dealing down cards **`` left out where only posts come before it."""
    lines = lines_of(text)
    at = first_index(lines, r"^\*\* Dealing down cards \*\*$")
    if at is None or any(
        re.search(r" (?:folds|checks|calls|bets|raises)\b", x) for x in lines[:at]
    ):
        return None
    return "\n".join(lines[:at] + lines[at + 1 :])


def without_lead_in(text: str, seed: Seed, rng: random.Random) -> str | None:
    new, n = re.subn(r"\A#Game No : \d+\n", "", text)
    return new if n else None


TABLE: list[Rewrite] = [
    rewrite(
        "another brand in the header",
        "title",
        "`***** 888poker|888|Cassava[.xx][-xx] Hand History for Game N *****`",
        substitute(HEADER, r"***** Cassava.it Hand History for Game \1 *****"),
    ),
    rewrite(
        "four stars and 888",
        "stars",
        "the header with 4 or 5 stars",
        substitute(HEADER, r"**** 888 Hand History for Game \1 ****"),
    ),
    rewrite(
        "Snap Poker",
        "pool",
        "`… Snap Poker Hand History …` (fast_fold)",
        substitute(r"^(\*{5} 888poker) (Hand History)", r"\1 Snap Poker \2"),
        expect=fast_fold,
    ),
    rewrite(
        "without the lead-in",
        "lead-in",
        "`#Game No : N` (some exports only)",
        without_lead_in,
    ),
    rewrite(
        "a jackpot table",
        "jackpot",
        "`… Blinds Pot Limit Omaha Jackpot table - *** …` (noted)",
        substitute(r"^(.+ Blinds .+?) - \*\*\* ", r"\1 Jackpot table - *** "),
    ),
    rewrite(
        "the deal line left out",
        "deal",
        "`** Dealing down cards **` (often missing)",
        without_deal_line,
    ),
    rewrite(
        "Dutch amounts",
        "locale",
        "amounts in the client's locale: `$ 3.243`, `$ 552,72`",
        locale_edit("dutch"),
    ),
    rewrite(
        "French amounts",
        "locale",
        "amounts in the client's locale: `15 788,50 $` (no-break spaces)",
        locale_edit("french"),
    ),
    *scale_rewrites(ENGLISH, "amounts: `$2,141`, `$4,744.48`"),
    rewrite(
        "Dutch ranks",
        "ranks",
        "ranks in the client's language: Dutch `H V B`",
        ranks_edit(DUTCH),
    ),
    rewrite(
        "Swedish ranks",
        "ranks",
        "ranks in the client's language: Swedish `Kn D E`",
        ranks_edit(SWEDISH),
    ),
    *cards_rewrites(
        CardShape(
            dealt=r"^Dealt to .+? \[ (?P<cards>[^\]]*?) \]$",
            join=", ",
            games={
                5: (r"(?= - \*\*\* \d)", ""),
                6: (r"( Blinds [A-Za-z ]*? )Omaha(?= - \*\*\* )", r"\g<1>6 Card Omaha"),
            },
        ),
        ("five hole cards dealt make a 5-card game", "`6 Card Omaha`"),
    ),
]
