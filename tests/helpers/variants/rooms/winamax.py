"""Winamax's rewrites (docs/SITES.md, "Winamax").

The header's zones (``UTC``, ``CET``/``CEST``, ``PST`` as UTC-8) or none (UTC), the cash
kinds (``Go Fast``, ``HOLD-UP``, ``ESCAPE``), the table line without its colon, a
tournament header without its level, the 5- and 6-card game words, noise lines, a seat
sitting out (no stack, or no line in the hand), amounts scaled (no thousands mark: none
is known), and an ante in the blinds section.
"""

from __future__ import annotations

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    is_cash,
    is_tournament,
    noise_line,
    only_when,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import scale_rewrites
from tests.helpers.variants.rooms.stars_time import padded_no_zone, padded_zone, shapes_rewrite
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle("", suffix="€")
SEAT_LINE = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]*)\)$"
BLINDS = r"^\*\*\* ANTE/BLINDS \*\*\*"
CASH_KIND = r"\A(Winamax Poker - )CashGame( - )"


def fast_fold(parts: Fingerprint, seed: Seed) -> Fingerprint:
    game_type, _, home, cancelled = parts["format"]
    return {**parts, "format": (game_type, True, home, cancelled)}


def no_room_money(seed: Seed) -> bool:
    return is_cash(seed) and not seed.hand.cash_drop_reported


TABLE: list[Rewrite] = [
    shapes_rewrite(
        "the time in another zone",
        "zones `UTC`, `CET`, `CEST`, `PST` (UTC-8); none: UTC",
        (
            (padded_zone, ("UTC", "Europe/Paris", "Etc/GMT+8=PST")),
            (padded_no_zone, ("UTC",)),
        ),
    ),
    rewrite(
        "Go Fast pool",
        "title",
        '`Winamax Poker - Go Fast "NAME" - …` (fast_fold)',
        substitute(CASH_KIND, r'\1Go Fast "Lima"\2'),
        expect=fast_fold,
    ),
    rewrite(
        "HOLD-UP table",
        "title",
        '`Winamax Poker - HOLD-UP "NAME" - …` (cash)',
        only_when(no_room_money, substitute(CASH_KIND, r'\1HOLD-UP "Kobe"\2')),
    ),
    rewrite(
        "ESCAPE table",
        "title",
        '`Winamax Poker - ESCAPE "NAME" - …` (cash)',
        only_when(no_room_money, substitute(CASH_KIND, r'\1ESCAPE "Kobe"\2')),
    ),
    rewrite(
        "table line without its colon",
        "table",
        "`Table: 'NAME' N-max (real money) …` (colon optional)",
        substitute(r"^Table: '", "Table '"),
    ),
    rewrite(
        "tournament header without its level",
        "tournament",
        '`Winamax Poker - Tournament "NAME" buyIn: X[ level: N] - …`',
        only_when(
            is_tournament, substitute(r"\A(Winamax Poker - Tournament .*?) level: \S+", r"\1")
        ),
        changes=("tournament",),
    ),
    *cards_rewrites(
        CardShape(
            dealt=r"^Dealt to .+? \[(?P<cards>[^\]]*)\]$",
            join=" ",
            games={
                5: (r"( - )Omaha( (?:pot|no) limit \()", r"\1Omaha5\2"),
                6: (r"( - )Omaha( (?:pot|no) limit \()", r"\g<1>6 Card Omaha\2"),
            },
        ),
        ("`Omaha5`", "`6 Card Omaha`"),
    ),
    rewrite(
        "sitting-out news",
        "noise",
        "`sits out`, `is sitting out`: nothing",
        noise_line(("{name} sits out", "{name} is sitting out"), BLINDS, r"^\*\*\* SUMMARY \*\*\*"),
    ),
    seat_rewrite(
        SeatShape(SEAT_LINE, BLINDS, "Seat {seat}: {name} ()"),
        "`Seat N: NAME ()` (no stack: sitting out)",
        "a seat with no stack",
    ),
    seat_rewrite(
        SeatShape(SEAT_LINE, BLINDS, "Seat {seat}: {name} ({stack})"),
        "every seated player listed: a seat with no line in the hand sits out",
        "a seat with no line in the hand",
    ),
    *scale_rewrites(MONEY, "amounts: `.` decimal, `€` suffix, no thousands mark seen", False),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name} posts ante {amount}",
            model=r" posts big blind ",
            stack=r"^Seat \d+: {name} \(",
            after=BLINDS,
            award=r"^{name} collected ",
            totals=(r"^Total pot ",),
            summary=(r"^Seat \d+: {name} .*won ",),
        ),
        "`NAME posts ante X`",
    ),
]
