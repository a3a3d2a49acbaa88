"""PKR's rewrites (docs/SITES.md, "PKR").

The start with the month's whole name, ``Last Hand n/a``, the header's words in other
spellings (``OMAHA HI``, ``FIXED LIMIT``, ``Real money``), the blinds with spaces around
the slash, cards in their three spellings, noise lines, a seat with a status after its
stack, amounts scaled and in another currency.
"""

from __future__ import annotations

import random
import re
from datetime import datetime

from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    newcomer,
    noise_line,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]")
MONTHS = {
    datetime(2000, m, 1).strftime("%b"): datetime(2000, m, 1).strftime("%B") for m in range(1, 13)
}


def whole_month(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``26 Aug 2011 11:24:50`` made ``26 August 2011 11:24:50``."""

    def one(m: re.Match[str]) -> str:
        return f"{m[1]}{MONTHS[m[2]]}{m[3]}"

    new, n = re.subn(
        r"^(Start time of hand: \d{1,2} )(" + "|".join(MONTHS) + r")( \d{4} )",
        one,
        text,
        flags=re.M,
    )
    return new if n else None


def cards_spelled(style: str) -> Edit:
    """Board and hero cards as ``[2c 7d 9h]`` (``joined``) or ``[2c][7d][9h]`` (``split``)."""

    def spell(cards: list[str]) -> str:
        return (
            "[" + " ".join(cards) + "]" if style == "joined" else "".join(f"[{c}]" for c in cards)
        )

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def one(m: re.Match[str]) -> str:
            cards = re.findall(r"([2-9TJQKA]) ?([cdhs])", m["cards"])
            return m["head"] + spell([r + s for r, s in cards]) + m["tail"]

        new, n = re.subn(
            r"^(?P<head>Dealing (?:Flop|Turn|River) |Dealing )(?P<cards>(?:\[[^\]]*\])+)(?P<tail>(?: to .+)?)$",
            one,
            text,
            flags=re.M,
        )
        return new if n and new != text else None

    return edit


def money_type_in_lower_case(text: str, seed: Seed, rng: random.Random) -> str | None:
    new, n = re.subn(
        r"^Money Type: ([A-Z ]+)$", lambda m: f"Money Type: {m[1].capitalize()}", text, flags=re.M
    )
    return new if n else None


def seat_with_status(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's seat with a status after the stack (named nowhere else: sits out)."""
    m = re.search(r"^Seat \d+: .+ - (?P<stack>\S+)$", text, re.M)
    if m is None or not seed.free_seats:
        return None
    seats = list(re.finditer(r"^Seat (?P<seat>\d+): .+ - \S+$", text, re.M))
    seat = rng.choice(seed.free_seats)
    later = [s for s in seats if int(s["seat"]) > seat]
    line = f"Seat {seat}: {newcomer(seed, rng)} - {m['stack']} Sitting Out\n"
    at = later[0].start() if later else seats[-1].end() + 1
    if not later and "Shuffling Deck" not in text[seats[-1].end() : seats[-1].end() + 20]:
        return None
    return text[:at] + line + text[at:]


TABLE: list[Rewrite] = [
    rewrite(
        "the month's whole name",
        "time",
        "`Start time of hand: 26 Aug 2011 11:24:50` (or `05 September 2011`)",
        whole_month,
    ),
    rewrite(
        "no last hand",
        "last",
        "`Last Hand #N`, `Last Hand n/a`: nothing",
        substitute(r"^Last Hand #\d+$", "Last Hand n/a"),
    ),
    rewrite(
        "OMAHA HI",
        "game",
        "`Game Type: OMAHA` / `OMAHA HI`",
        substitute(r"^Game Type: OMAHA$", "Game Type: OMAHA HI"),
    ),
    rewrite(
        "FIXED LIMIT",
        "limit",
        "`Limit Type: … LIMIT` / `FIXED LIMIT`",
        substitute(r"^Limit Type: LIMIT$", "Limit Type: FIXED LIMIT"),
    ),
    rewrite(
        "money type in another case",
        "money",
        "`Money Type: REAL MONEY` (any case: `Real money`, `Tournament chips`)",
        money_type_in_lower_case,
    ),
    rewrite(
        "blinds with spaces",
        "blinds",
        "`Blinds are now $2 / $4` (`$1/$2`)",
        substitute(r"^(Blinds are now \S+)/(\S+)$", r"\1 / \2"),
    ),
    rewrite(
        "cards run together",
        "cards",
        "`Dealing Flop [3 d][2 c][8 s]` / `[2c 7d 9h]`; `Dealing [As Kd Qh Jc] to NAME`",
        cards_spelled("joined"),
    ),
    rewrite(
        "cards each bracketed",
        "cards",
        "`Dealing Flop … [2c][7d][9h]`",
        cards_spelled("split"),
    ),
    rewrite(
        "time-outs, sitting out, brought chips",
        "noise",
        "`NAME did not respond in time`, `NAME sits out`, `NAME adds …`: nothing",
        noise_line(
            (
                "{name} did not respond in time",
                "{name} sits out",
                "{name} adds 500",
                "{name} doesn't show",
            ),
            r"^Dealing Cards$",
            r"^Taking Rake|^End of Hand|^\S.* (?:wins|ties)",
        ),
    ),
    rewrite(
        "a seat with a status",
        "seat",
        "`Seat N: NAME - $X STATUS` (named nowhere else: sits out)",
        seat_with_status,
        changes=("seats",),
    ),
    *scale_rewrites(MONEY, "`$`, `€`, `£`; `,` thousands"),
    currency_rewrite(MONEY, "`Blinds are now` `$`, `€`, `£`", ("USD", "EUR", "GBP")),
]
