"""Full Tilt's rewrites (docs/SITES.md, "Full Tilt").

The header in the older and the newer order (stakes before or after the game), the
PokerTracker title, another zone first with the ET stamp bracketed, the 2006 stamp
without seconds, the table's size words, capped games (a cap above every stack, or
none printed), 5- and 6-card Omaha, the all-in suffix with or without its comma, noise
lines (time, connection, chat, observers), a seat sitting out, an ante, amounts scaled
and in euros.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import datetime

from omahahh.model import Structure
from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.clock import EUROPE, local_time, pick_zone
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    is_cash,
    noise_line,
    only_when,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]")
HEADER = re.compile(
    r"^(?P<head>Full Tilt Poker Game #\d+: .*?) - (?P<a>[^\n]+?) - (?P<b>[^\n]+?) - "
    r"(?P<time>\d{1,2}:\d{2}(?::\d{2})? [A-Z]{2,5} - .+)$"
)
STAKES = re.compile(r"^[$€£]?[\d,.]+/[$€£]?[\d,.]+(?: Ante [$€£]?[\d,.]+)?$")
TIME = re.compile(r" - (?P<time>\d{1,2}:\d{2}(?::\d{2})? ET - \d{4}/\d{2}/\d{2})$")


def swap_order(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``- $SB/$BB - GAME -`` made ``- GAME - $SB/$BB -``, or back."""
    first, newline, rest = text.partition("\n")
    m = HEADER.match(first)
    if m is None or not (STAKES.match(m["a"]) or STAKES.match(m["b"])):
        return None
    return f"{m['head']} - {m['b']} - {m['a']} - {m['time']}" + newline + rest


def et(t: datetime) -> str:
    return f"{t:%H:%M:%S} ET - {t:%Y/%m/%d}"


def zone_first(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]``: the ET stamp bracketed."""
    first, newline, rest = text.partition("\n")
    m = TIME.search(first)
    picked = pick_zone(seed, EUROPE, rng)
    eastern = local_time(seed, "America/New_York")
    if m is None or picked is None or eastern is None:
        return None
    local, name = picked
    stamp = f"{local:%H:%M:%S} {name} - {local:%Y/%m/%d} [{et(eastern)}]"
    return first[: m.start("time")] + stamp + newline + rest


def stamp_2006(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``20:47 ET - Saturday, December 23, 2006`` (no seconds: starts on the minute)."""
    first, newline, rest = text.partition("\n")
    m = TIME.search(first)
    eastern = local_time(seed, "America/New_York")
    if m is None or eastern is None or eastern.second:
        return None
    stamp = f"{eastern.hour}:{eastern:%M} ET - {eastern:%A, %B} {eastern.day}, {eastern:%Y}"
    return first[: m.start("time")] + stamp + newline + rest


def capped(with_amount: bool) -> Rewrite:
    """A cap above every stack (so no stack is played smaller), or none printed (and
    nobody capped): the game as it was, with a note."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        h = seed.hand
        if h.game.structure is not Structure.POT_LIMIT or not is_cash(seed) or "Cap" in text:
            return None
        symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(h.currency)
        if symbol is None:
            return None
        stacks = re.findall(r"^Seat \d+: .+ \((?P<stack>[^()]*)\)", text, re.M)
        amounts = [MONEY.amounts(stack) for stack in stacks]
        if not amounts or not all(amounts):
            return None
        top = int(max(MONEY.value(found[0]["num"]) for found in amounts))
        cap = f"{symbol}{(top // 100 + 1) * 100:,} Cap " if with_amount else "Cap "
        new, n = re.subn(
            r"^(Full Tilt Poker Game #[^\n]* - )(?:Pot Limit|PL)( Omaha)",
            rf"\g<1>{cap}Pot Limit\2",
            text,
            count=1,
        )
        return new if n else None

    name = "a cap above every stack" if with_amount else "a cap not printed, nobody capped"
    row = "`$2,000 Cap Pot Limit Omaha Hi`" if with_amount else "`Cap Pot Limit Omaha Hi`"
    return rewrite(name, "game", row, edit)


def uncapped(one: Rewrite) -> Rewrite:
    """``one`` for hands of games without a cap (an ante could take a stack over it)."""
    return replace(
        one, edit=only_when(lambda seed: "Cap" not in seed.hand.game.game_label, one.edit)
    )


NOISE = noise_line(
    (
        "{name} has 15 seconds left to act",
        "{name} has requested TIME",
        "{name} has been disconnected",
        "{name} has reconnected",
        "{name} has timed out",
        "{name} has 30 seconds to reconnect",
        "{name} is feeling happy",
        "{newcomer} sits down",
        "{name}: {chat}",
        "{newcomer} (Observer): {chat}",
        "Time has expired",
    ),
    r"^\*\*\* HOLE CARDS \*\*\*",
    r"^\*\*\* SUMMARY \*\*\*",
)

TABLE: list[Rewrite] = [
    rewrite(
        "the other header order",
        "order",
        "`… - $SB/$BB - GAME - …` and `… - GAME - $SB/$BB - …`",
        swap_order,
    ),
    rewrite(
        "PokerTracker's title",
        "title",
        "`FullTiltPoker Game #N: …`",
        substitute(r"\AFull Tilt Poker Game #", "FullTiltPoker Game #"),
    ),
    rewrite(
        "another zone first, the ET stamp bracketed",
        "time",
        "`… 17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]`",
        zone_first,
    ),
    rewrite(
        "the 2006 stamp",
        "time",
        "`… 20:47 ET - Saturday, December 23, 2006`",
        stamp_2006,
    ),
    rewrite(
        "a deep table",
        "table",
        "`Table T (6 max, deep)`",
        substitute(r"^(Full Tilt Poker Game #\d+: Table [^(\n]*\(\d max)\)", r"\1, deep)"),
    ),
    capped(True),
    capped(False),
    *cards_rewrites(
        CardShape(
            dealt=r"^Dealt to .+? \[(?P<cards>[^\]]*)\]$",
            join=" ",
            games={
                5: (r"(?<= - )(?:Pot Limit|PL) Omaha(?: Hi)?(?= - )", "PL 5 Card Omaha Hi"),
                6: (r"(?<= - )(?:Pot Limit|PL) Omaha(?: Hi)?(?= - )", "PL 6 Card Omaha Hi"),
            },
        ),
        ("`PL 5 Card Omaha Hi`", "`PL 6 Card Omaha Hi`"),
    ),
    rewrite(
        "all in without the comma",
        "all-in",
        "… `, and is all in` / ` and is all in`",
        substitute(r", and is all in$", " and is all in", count=0),
    ),
    rewrite(
        "time, connection, chat and observers",
        "noise",
        "… chat `NAME: …`, `NAME (Observer): …`: nothing",
        NOISE,
    ),
    seat_rewrite(
        SeatShape(
            r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]*)\)$",
            r" posts | antes ",
            "Seat {seat}: {name} ({stack}), is sitting out",
        ),
        "`Seat N: NAME ($1,020), is sitting out`",
    ),
    uncapped(
        ante_rewrite(
            AnteShape(
                money=MONEY,
                post="{name} antes {amount}",
                model=r" posts the big blind of ",
                stack=r"^Seat \d+: {name} \(",
                after=r"^Seat \d+: .+ \([^()]*\)$",
                award=r"^{name} (?:wins|ties for) .*?\(",
                totals=(r"^Total pot ", r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* .*\(Total Pot: "),
                summary=(r"^Seat \d+: {name} .*(?:collected|won) \(",),
            ),
            "`NAME antes $X`",
        )
    ),
    *scale_rewrites(MONEY, "amounts: `$1,020`, `,` thousands"),
    currency_rewrite(MONEY, "stakes and amounts in `$`, `€`", ("USD", "EUR")),
]
