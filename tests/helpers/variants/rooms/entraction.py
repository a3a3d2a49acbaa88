"""Entraction's rewrites (docs/SITES.md, "Entraction").

The hand's only time (``Game ended …``) in another zone, as an offset or with none (read
at UTC+1), a seat sitting out (listed, no line in the hand), an ante (in the header and
on a line per player), 5-card Omaha, amounts scaled with thousands marks and in another
currency.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from tests.helpers.variants.ante import AnteShape, ante_edit, ante_of, antes_after_blinds
from tests.helpers.variants.clock import gmt_offset, local_time, pick_zone
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Rewrite, last_index, lines_of, newcomer, rewrite
from tests.helpers.variants.rooms.stars_syntax import scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"(?:(?<=EUR )|(?<=USD )|(?<=GBP )|(?<=\()|(?<=/)|(?<= and ))", keeps_cents=True)
"""Figures after a currency code, in brackets or after the stakes' slash: ``EUR 1.62``,
``(0.04)``, ``0.02/0.04``."""
ENDED = re.compile(r"^Game ended .+$", re.M)
SEAT = (
    r"^(?P<name>\S.*?)\s+\((?P<stack>(?:EUR|USD|GBP|Fun) [\d.,]+|[\d.,]+) in seat (?P<seat>\d+)\)$"
)


def ended(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Game ended 2011-08-06 18:53:35 CEST`` in another zone, an offset, or no zone."""
    if not ENDED.search(text):
        return None
    choice = rng.random()
    if choice < 0.2:
        local = local_time(seed, "Etc/GMT-1")  # no zone printed: UTC+1
        zone = ""
    elif choice < 0.4:
        local = local_time(seed, rng.choice(("Europe/London", "Europe/Paris")))
        zone = f" {gmt_offset(local, colon=True)}" if local else ""
    else:
        picked = pick_zone(seed, ("Europe/Paris", "Europe/London", "Europe/Helsinki", "UTC"), rng)
        local, zone = (picked[0], f" {picked[1]}") if picked else (None, "")
    if local is None:
        return None
    return ENDED.sub(f"Game ended {local:%Y-%m-%d %H:%M:%S}{zone}", text, count=1)


def sitting_out_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """One more player listed, who has no line in the hand."""
    lines = lines_of(text)
    last = last_index(lines, SEAT)
    if last is None or not seed.free_seats:
        return None
    m = re.match(SEAT, lines[last])
    assert m is not None
    seat = rng.choice(seed.free_seats)
    new = f"{newcomer(seed, rng):<28}({m['stack']} in seat {seat})"
    return "\n".join([*lines[: last + 1], new, *lines[last + 1 :]])


ANTE = AnteShape(
    money=MONEY,
    post="{name:<28}Ante        ({amount})",
    model=r"^Big Blind:\s+.+?\s+(?=\()",
    stack=r"^{name}\s+\((?:EUR|USD|GBP|Fun) ",
    after=r"^Dealer:",
    award=r"^{name} wins:\s+",
)


def ante_in_header(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``… EUR 0.50/1.00 and 0.10 ante - Table …`` and ``NAME  Ante  (0.10)`` lines."""
    with_lines = ante_edit(ANTE)(text, seed, rng)
    ante = ante_of(seed)
    if with_lines is None or ante is None:
        return None
    first, newline, rest = with_lines.partition("\n")
    m = re.search(r"/(?P<bb>[\d.,]+)(?= - Table )", first)
    if m is None:
        return None
    amount = MONEY.like(m["bb"], Decimal(ante) / seed.hand.unit)
    return first[: m.end()] + f" and {amount} ante" + first[m.end() :] + newline + rest


def currency(code: str) -> Rewrite:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        old = seed.hand.currency
        if old == code or old not in ("EUR", "USD", "GBP"):
            return None
        return re.sub(rf"\b{old} (?=\d)", f"{code} ", text)

    def expect(parts: Fingerprint, seed: Seed) -> Fingerprint:
        return {**parts, "currency": (code, parts["currency"][1])}

    return rewrite(
        f"amounts in {code}", "currency", "`… EUR 0.02/0.04 …`: ISO currency", edit, expect=expect
    )


TABLE: list[Rewrite] = [
    rewrite(
        "the end in another zone, an offset or none",
        "time",
        "`Game ended … CEST` / `GMT` / `GMT+01:00` / `BST` / `EEST`; no zone: UTC+1",
        ended,
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "every seated player is listed: a seat with no line in the hand was not dealt in",
        sitting_out_seat,
        changes=("seats",),
    ),
    rewrite(
        "an ante",
        "ante",
        "`… EUR 0.50/1.00 and 0.10 ante - Table …`, `NAME   Ante   (0.10)`",
        ante_in_header,
        changes=("stakes",),
        expect=antes_after_blinds,
    ),
    *cards_rewrites(
        CardShape(
            dealt=r"^.+? was dealt:\s+(?P<cards>.+?)$",
            join=" - ",
            games={
                5: (r"(- )Omaha High", r"\g<1>5-Card Omaha High"),
                6: (r"(- )Omaha High", r"\g<1>5-Card Omaha High"),
            },
        ),
        ("`5-Card Omaha High`", "`5-Card Omaha High`"),
    )[:1],
    *scale_rewrites(MONEY, "amounts: thousands `,` (`EUR 10,378.12`)"),
    currency("USD"),
]
