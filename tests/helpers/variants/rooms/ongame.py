"""Ongame's rewrites (docs/SITES.md, "Ongame").

The start in Java's zone names (``CET``/``CEST``, ``EEST``, ``WEST``, ``PDT``, …) or as a
``GMT+0100`` offset, the table line's stakes without their symbol, a ``[SPEED]`` table,
the hero's ``User:`` line, the table size left out of ``Players in round``, the two
all-in marks, a tournament header without its buy-in, a seat sitting out (``sits out``),
an ante, amounts scaled and in another currency.
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.clock import gmt_offset, local_time, pick_zone
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    first_index,
    is_tournament,
    last_index,
    lines_of,
    newcomer,
    only_when,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]", keeps_cents=True)
START = re.compile(r"^Start hand: .+$", re.M)
JAVA_ZONES = (
    "Europe/Paris",
    "Europe/Helsinki",
    "Europe/Lisbon",
    "Europe/London",
    "America/Los_Angeles",
    "Europe/Moscow",
    "UTC",
)


def java_start(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Start hand: Mon Jan 06 08:55:00 CET 2014`` in another zone, or as an offset."""
    if not START.search(text):
        return None
    if rng.random() < 0.3:
        local = local_time(seed, rng.choice(("Europe/London", "Europe/Paris", "Asia/Tokyo")))
        name = gmt_offset(local, colon=rng.random() < 0.5) if local else None
    else:
        picked = pick_zone(seed, JAVA_ZONES, rng)
        local, name = picked if picked else (None, None)
    if local is None or name is None:
        return None
    stamp = f"Start hand: {local:%a %b %d %H:%M:%S} {name} {local:%Y}"
    return START.sub(stamp, text, count=1)


def sitting_out_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A seat for a newcomer, and ``NAME sits out`` among the posts."""
    lines = lines_of(text)
    last_seat = last_index(lines, r"^Seat \d+: .+ \([^()]*\)\s*$")
    first_summary = first_index(lines, r"^Summary:$")
    if last_seat is None or not seed.free_seats or (first_summary or 0) < last_seat:
        return None
    stack = re.search(r"\(([^()]*)\)", lines[last_seat])
    assert stack is not None
    name = newcomer(seed, rng)
    lines.insert(last_seat + 1, f"Seat {rng.choice(seed.free_seats)}: {name} ({stack[1]}) ")
    deal = first_index(lines, r"^Dealing pocket cards$|^---$") or last_seat + 2
    at = rng.randint(last_seat + 2, deal)
    return "\n".join([*lines[:at], f"{name} sits out", *lines[at:]])


def user_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    if re.search(r"^User: ", text, re.M):
        return None
    return re.sub(
        r"^(Table: .+)$", rf"\1\nUser: {rng.choice(seed.players)}", text, count=1, flags=re.M
    )


def swap_all_in(text: str, seed: Seed, rng: random.Random) -> str | None:
    """`` [all in]`` made `` and is all-in``, or back."""
    if re.search(r" \[all in\]$", text, re.M):
        return re.sub(r" \[all in\]$", " and is all-in", text, flags=re.M)
    new, n = re.subn(r" and is all-in$", " [all in]", text, flags=re.M)
    return new if n else None


TABLE: list[Rewrite] = [
    rewrite(
        "the start in another Java zone, or an offset",
        "time",
        "`Start hand: Mon Jan 06 08:55:00 CET 2014` (Java names); `GMT+0100`, `GMT+01:00`",
        java_start,
    ),
    rewrite(
        "stakes without their symbol",
        "amounts",  # one kind with the scaled amounts: those read the symbol
        "`(POT_LIMIT OMAHA_HI 0.25/0.50, Real money)`: the seat lines' symbol names the currency",
        substitute(r"^(Table: .+ \(\w+ \w+ )[$€£]([\d,.]+)/[$€£]([\d,.]+)", r"\1\2/\3"),
    ),
    rewrite(
        "a speed table",
        "table",
        "`Table: [SPEED] Austin […] (…)`",
        substitute(r"^Table: (?!\[SPEED\])", "Table: [SPEED] "),
    ),
    rewrite("the hero's User line", "user", "`User: HERO` (nothing)", user_line),
    rewrite(
        "the table size left out",
        "players",
        "`Players in round: 4 (6)` / `Players in round: 4`",
        substitute(r"^(Players in round: \d+) \(\d+\)$", r"\1"),
    ),
    rewrite("the other all-in mark", "all-in", "`… [all in]` / `… and is all-in`", swap_all_in),
    rewrite(
        "a tournament header without its buy-in",
        "tournament",
        '`(TOURNAMENT: "NAME", R-10093-864, buy-in: €5)`: each part optional',
        only_when(is_tournament, substitute(r", buy-in: [$€£]?[\d,.]+\) \*{5}$", r") *****")),
        changes=("tournament",),
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`NAME sits out` (a seated player dealt no cards)",
        sitting_out_seat,
        changes=("seats",),
    ),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name} posts ante ({amount})",
            model=r" posts big blind \(",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: .+ \([^()]*\)\s*$",
            award=r"won by (?:.*, )?{name} \(",
            totals=(r"^Main pot: ",),
        ),
        "`NAME posts ante ($5)`",
    ),
    *scale_rewrites(MONEY, "amounts: `.` decimals, `,` thousands"),
    currency_rewrite(MONEY, "`$`, `€`, `£`", ("USD", "EUR", "GBP")),
]
