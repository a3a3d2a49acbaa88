"""Absolute Poker's rewrites (docs/SITES.md, "Absolute Poker").

The header without its colon, in UltimateBet's upper case, with its time in the other
shapes (with or without ``(ET)``, the bracketed stamp, the milliseconds), the speed and
7-2 marks, an ante (in the header and on a line per player), amounts scaled and in
euros.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from tests.helpers.variants.ante import AnteShape, ante_edit, ante_expectation, ante_of
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Rewrite, rewrite, substitute
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€] ?")
HEADER_TIME = re.compile(
    r"(?P<lead> - )(?P<date>\d{4}-\d{2}-\d{2}) (?P<clock>\d{2}:\d{2}:\d{2})(?P<ms>\.\d+)?"
    r"(?P<zone> \(ET\))?(?P<stamp> \[ [^\]]+ \])?$"
)


def time_shape(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The header's time in another of its shapes: the same ET time."""
    first, newline, rest = text.partition("\n")
    m = HEADER_TIME.search(first)
    if m is None:
        return None
    shapes = [
        f"{m['date']} {m['clock']}{m['ms'] or '.005'} (ET) [ {m['date']} {m['clock']} ]",
        f"{m['date']} {m['clock']} (ET)",
        f"{m['date']} {m['clock']}",
    ]
    now = first[m.start("date") :]
    options = [s for s in shapes if s != now]
    return first[: m.start("date")] + rng.choice(options) + newline + rest


def upper_case(text: str, seed: Seed, rng: random.Random) -> str | None:
    """UltimateBet's ``OMAHA  POT LIMIT``, ``(1 ON 1)``, ``NORMAL``."""
    first, newline, rest = text.partition("\n")
    m = re.match(
        r"^(Stage #\w+:? )(?P<game>.+?)(?P<tail> [$€ ]*[\d.,]+(?:/ ?[$€]?[\d.,]+)?.*)$", first
    )
    if m is None or m["game"] == m["game"].upper():
        return None
    return m.group(1) + m["game"].upper() + m["tail"] + newline + rest


ANTE = AnteShape(
    money=MONEY,
    post="{name} - Ante {amount}",
    model=r" - Posts big blind ",
    stack=r"^Seat \d+ - {name} \(",
    after=r"^Seat \d+ - .+ in chips\)$",
    award=r"^{name} Collects ",
    totals=(r"^Total Pot\(",),
    summary=(r"^Seat \d+: {name} .*collected Total \(", r"^Seat \d+: {name} .*HI:\("),
)


def ante_in_header(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``… Pot Limit $0.25/$0.50, $0.05 ante - …`` and ``NAME - Ante $0.05`` lines."""
    with_lines = ante_edit(ANTE)(text, seed, rng)
    ante = ante_of(seed)
    if with_lines is None or ante is None or ", " in with_lines.partition("\n")[0]:
        return None
    first, newline, rest = with_lines.partition("\n")
    m = re.search(r"(?P<bb>[$€] ?[\d.,]+)(?= - \d{4}-)", first)
    if m is None:
        return None
    amount = MONEY.like(m["bb"], Decimal(ante) / seed.hand.unit)
    return first[: m.end()] + f", {amount} ante" + first[m.end() :] + newline + rest


TABLE: list[Rewrite] = [
    rewrite(
        "the header without its colon",
        "header",
        "`Stage #123 Omaha…` (no colon)",
        substitute(r"\A(Stage #\w+): ", r"\1 "),
    ),
    rewrite(
        "UltimateBet's upper case",
        "case",
        "`OMAHA`, `POT LIMIT`, `NO LIMIT`, `NORMAL`, `(1 ON 1)` (UltimateBet's upper case)",
        upper_case,
    ),
    rewrite(
        "the time in another shape",
        "time",
        "`- 2009-12-31 18:23:36.005 (ET) [ … ]`; no `(ET)`: read in ET",
        time_shape,
    ),
    rewrite(
        "a turbo table",
        "speed",
        "`Turbo` before ` - <date>`",
        substitute(r"^(Stage #[^\n]*?[\d.,]+)( - \d{4}-)", r"\1 Turbo\2"),
    ),
    rewrite(
        "the 7-2 game",
        "prop",
        "`(7-2)` before ` - <date>` (no chips)",
        substitute(r"^(Stage #[^\n]*?[\d.,]+)( - \d{4}-)", r"\1 (7-2)\2"),
    ),
    rewrite(
        "an ante",
        "ante",
        "`, $0.05 ante` in the header, `NAME - Ante $0.05`",
        ante_in_header,
        changes=("stakes",),
        expect=ante_expectation,
    ),
    *scale_rewrites(MONEY, "`$`, thousands `,` (`$1,195.50`)"),
    currency_rewrite(MONEY, "`$` or ` €` (`( €12 in chips)`)", ("EUR",)),
]
