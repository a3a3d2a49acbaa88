"""Seals With Clubs' rewrites (docs/SITES.md, "Seals With Clubs"), both its texts.

The 2013 text: a seat sitting out or waiting, ``NAME sits out``, the all-in mark left
out (the room makes no claim without it), the Hi/Lo game's other spellings, an ante.
The 2019 client (``SwCPoker Hand #``): Stars' noise lines and sitting-out seat, the
limit in words, an ante. No currency is printed (millibitcoins), so no amount is scaled.
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    last_index,
    lines_of,
    newcomer,
    noise_line,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import STARS_SEAT, stars_noise
from tests.helpers.variants.seating import seat_rewrite
from tests.helpers.variants.seeds import Seed

BARE = MoneyStyle("")
"""Amounts with no mark at all (``posts small blind 1``, ``(1,250.50 in chips)``)."""
SEAT = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[\d.,]+)\)(?: - (?:sitting out|waiting))?$"


def seat_not_dealt_in(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Seat N: NAME (77) - sitting out`` (or ``- waiting``) after the seats."""
    lines = lines_of(text)
    last = last_index(lines, SEAT)
    if last is None or not seed.free_seats or not text.startswith("Hand #"):
        return None
    m = re.match(SEAT, lines[last])
    assert m is not None
    status = rng.choice(("sitting out", "waiting"))
    new = f"Seat {rng.choice(seed.free_seats)}: {newcomer(seed, rng)} ({m['stack']}) - {status}"
    return "\n".join([*lines[: last + 1], new, *lines[last + 1 :]])


def hi_lo_spelled(text: str, seed: Seed, rng: random.Random) -> str | None:
    m = re.search(r"^(Game: .*?Omaha )(Hi/Lo|H/L|Hi-Lo)( )", text, re.M)
    if m is None:
        return None
    other = rng.choice([w for w in ("Hi/Lo", "H/L", "Hi-Lo") if w != m[2]])
    return text[: m.start(2)] + other + text[m.end(2) :]


TABLE: list[Rewrite] = [
    rewrite(
        "a seat sitting out or waiting",
        "seat",
        "`Seat 3: NAME (77) - sitting out`, `- waiting` (not dealt in)",
        seat_not_dealt_in,
        changes=("seats",),
    ),
    rewrite(
        "sits out",
        "noise",
        "`NAME sits out`: nothing",
        noise_line(("{name} sits out",), r"^\*\* Hole Cards \*\*$", r" wins | splits |^Rake \("),
    ),
    rewrite(
        "the all-in mark left out",
        "all-in",
        "`… (All-in)` (may be marked, no claim when left out: `marks_all_in = False`)",
        substitute(r" \(All-in\)$", "", count=0),
        changes=("all_in",),
    ),
    rewrite(
        "Hi/Lo spelled otherwise",
        "game",
        "`Omaha Hi/Lo`, `Omaha H/L`, `Omaha Hi-Lo`",
        hi_lo_spelled,
    ),
    ante_rewrite(
        AnteShape(
            money=BARE,
            post="{name} posts the ante {amount}",
            model=r"^.+ posts big blind ",
            stack=r"^Seat \d+: {name} \(",
            after=r" has the dealer button$",
            award=r"^{name} (?:wins|splits) .*?\(",
        ),
        "`NAME posts the ante 1`",
    ),
    stars_noise("SwCPoker: every other line as PokerStars (chat and table news: nothing)"),
    seat_rewrite(
        STARS_SEAT, "SwCPoker: `Seat N: NAME (X in chips) is sitting out` (as PokerStars)"
    ),
    rewrite(
        "SwCPoker's limit in words",
        "limit",
        "SwCPoker: limits `NL`, `PL`, `Limit`, `Pot Limit`, `No Limit`",
        substitute(r"\A(SwCPoker Hand #\d+:\s+.*?Omaha(?: Hi-Lo| 5 Cards)?) PL ", r"\1 Pot Limit "),
    ),
    ante_rewrite(
        AnteShape(
            money=BARE,
            post="{name}: posts the ante {amount}",
            model=r": posts big blind ",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: .* in chips",
            award=r"^{name} collected ",
            totals=(r"^Total pot ",),
            summary=(r"^Seat \d+: {name} .*(?:collected|won) \(",),
        ),
        "SwCPoker: `NAME: posts the ante X` (as PokerStars)",
        "SwCPoker: an ante for every player dealt in",
    ),
]
