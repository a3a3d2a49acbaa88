"""GGPoker's rewrites (docs/SITES.md, "GGPoker").

Noise lines with the colon GG prints (``NAME: sits out``), a seat sitting out (no
``Dealt to`` line), amounts scaled with GG's trimmed fractions (``$1,270.5``), an ante,
the game's other names (``PLO`` / ``Omaha Pot Limit``, ``PLO-5``, ``6 Card PLO``), the
2018-19 header's two spaces before the stakes, the fee parts of the total line that are
zero left out.
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Rewrite, noise_line, rewrite, substitute
from tests.helpers.variants.rooms.stars_syntax import HOLE_CARDS, SEAT_LINE, scale_rewrites
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£¥₹]", trims_zeros=True)

ZERO_FEES = r" \| Jackpot [$€£¥₹]0 \| Bingo [$€£¥₹]0 \| Fortune [$€£¥₹]0 \| Tax [$€£¥₹]0$"


def without_zero_fees(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Total pot X | Rake R`` where the jackpot and other fees were all printed 0."""
    new, n = re.subn(ZERO_FEES, "", text, count=1, flags=re.M)
    return new if n else None


def fees_not_printed(parts: Fingerprint, seed: Seed) -> Fingerprint:
    total, main, *sides, rake, _, _, drop = parts["totals"]
    return {**parts, "totals": (total, main, *sides, rake, None, None, drop)}


TABLE: list[Rewrite] = [
    rewrite(
        "table news with GG's colon",
        "noise",
        "`is sitting out`, `sits out`, `is connected`, `has timed out`: nothing",
        noise_line(
            (
                "{name}: sits out",
                "{name}: is sitting out",
                "{name}: is connected",
                "{name}: is disconnected",
                "{name}: has returned",
                "{name}: has timed out",
            ),
            HOLE_CARDS,
            r"^\*\*\* SUMMARY \*\*\*",
        ),
    ),
    seat_rewrite(
        SeatShape(SEAT_LINE, HOLE_CARDS, "Seat {seat}: {name} ({stack} in chips) is sitting out"),
        "`Seat N: NAME ($X in chips) is sitting out` (no `Dealt to` line: sits out)",
    ),
    *scale_rewrites(MONEY, "`.` decimal with trailing zeros dropped (`$1,270.5`), `,` thousands"),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name}: posts the ante {amount}",
            model=r": posts big blind ",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: .* in chips",
            award=r"^{name} collected ",
            totals=(r"^Total pot ",),
            summary=(r"^Seat \d+: {name} .*(?:collected|won) \(",),
        ),
        "`NAME: posts the ante X`",
    ),
    rewrite(
        "PLO spelled out",
        "game",
        "`PLO`, `Omaha Pot Limit`",
        substitute(r"\A(Poker Hand #\w+: )PLO(?= \s*\()", r"\1Omaha Pot Limit"),
    ),
    *cards_rewrites(
        CardShape(
            dealt=r"^Dealt to .+? \[(?P<cards>[^\]]*)\]$",
            join=" ",
            games={
                5: (r"\A(Poker Hand #\w+: )(?=PLO \s*\(|Omaha )", r"\g<1>5 Card "),
                6: (r"\A(Poker Hand #\w+: )(?=PLO \s*\(|Omaha )", r"\g<1>6 Card "),
            },
        ),
        ("`5 Card PLO`, `5 Card Omaha Pot Limit`", "`6 Card PLO`"),
    ),
    rewrite(
        "two spaces before the stakes",
        "header",
        "the same with two spaces before `(` (2018-19)",
        substitute(r"\A(Poker Hand #\w+: [^(\n]*?\S) \(", r"\1  ("),
    ),
    rewrite(
        "zero fees left out of the total line",
        "totals",
        "`Total pot X[ | Rake R[ | Jackpot J | Bingo B[ | Fortune F | Tax T]]]`",
        without_zero_fees,
        expect=fees_not_printed,
    ),
]
