"""PokerStars' rewrites (docs/SITES.md, "PokerStars").

Besides what every Stars-syntax room shares (``stars_syntax.py``): the header's time
in four shapes, the fast-fold titles, the Italian client's licence number, tournament
headers (``Match Round``, ``Freeroll``, Zoom tournaments) and news lines, the seat
line of a player out of hand.
"""

from __future__ import annotations

import random

from omahahh.model import GameType
from tests.helpers.variants.clock import AMERICAS, ELSEWHERE, EUROPE
from tests.helpers.variants.fingerprint import fast_fold
from tests.helpers.variants.rewrite import (
    Rewrite,
    insert_between,
    is_cash,
    is_tournament,
    noise_line,
    only_when,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import (
    HOLE_CARDS,
    SEAT_LINE,
    SUMMARY,
    StarsRoom,
    shared_rewrites,
)
from tests.helpers.variants.rooms.stars_time import (
    et_only,
    local_and_et,
    stars_2008,
    time_rewrite,
    zone_only,
)
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

ZONES = EUROPE + AMERICAS + ELSEWHERE


def news_before_seats(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A re-buy or add-on line between the table line and the seats (a tournament's)."""
    if seed.hand.game_type is not GameType.TOURNAMENT:
        return None
    line = rng.choice(
        (
            "{name} re-buys and receives 1500 chips for $3.00",
            "{name} takes the add-on and receives 3000 chips for $3.00",
        )
    ).format(name=rng.choice(seed.players))
    return insert_between(text, line, r"^Table '", r"^Seat \d+: ", rng)


OUT_OF_HAND = SeatShape(
    seat_line=SEAT_LINE,
    stop=HOLE_CARDS,
    line="Seat {seat}: {name} ({stack} in chips) out of hand (moved from another table into small blind)",
)

TABLE: list[Rewrite] = [
    *shared_rewrites(StarsRoom(currencies=("USD", "EUR", "GBP", "CNY"), cards_after=True)),
    time_rewrite(
        "local time and the ET stamp",
        "`- LOCAL TZ [ET-STAMP ET]` (the ET stamp wins)",
        local_and_et,
        ZONES,
    ),
    time_rewrite("the ET stamp alone", "`- ET-STAMP ET`", et_only, ZONES),
    time_rewrite("a local zone alone", "`- LOCAL TZ`: the printed zone", zone_only, ZONES),
    time_rewrite("the 2008 stamp", "`- 2008/08/17 - 01:14:43 (ET)`", stars_2008, ZONES),
    rewrite(
        "Zoom title",
        "title",
        "`PokerStars Zoom Hand #ID:` (fast_fold)",
        substitute(r"\APokerStars Hand #", "PokerStars Zoom Hand #"),
        expect=fast_fold,
    ),
    rewrite(
        "Rush title",
        "title",
        "`PokerStars Rush Hand #ID:` (fast_fold)",
        substitute(r"\APokerStars Hand #", "PokerStars Rush Hand #"),
        expect=fast_fold,
    ),
    rewrite(
        "Italian licence number",
        "header",
        "`… (SB/BB ISO) [ADM ID: X] - …`",
        only_when(
            is_cash,
            substitute(
                r"\A(PokerStars [^#]*#\d+:[^(]*\([^()]*\d[^()]*\)) - ", r"\1 [ADM ID: 8AB1C2D3] - "
            ),
        ),
    ),
    rewrite(
        "tournament news before the seats",
        "noise",
        "a tournament line (re-buy, add-on, …) between the table line and the seats",
        news_before_seats,
    ),
    rewrite(
        "tournament news in the hand",
        "noise",
        "tournament news (`finished the tournament…`, `wins the $X bounty…`): nothing",
        only_when(
            is_tournament,
            noise_line(
                (
                    "{newcomer} finished the tournament in 7th place",
                    "{newcomer} finished the tournament in 4th place and received $12.60",
                    "{name} wins the $2.50 bounty for eliminating {newcomer}",
                ),
                HOLE_CARDS,
                SUMMARY,
            ),
        ),
    ),
    rewrite(
        "Match Round before the level",
        "tournament",
        "`Tournament #T, BUYIN GAME LIMIT - Match Round I, Level L (SB/BB) - …`",
        only_when(
            is_tournament, substitute(r"\A(PokerStars [^\n]* - )(Level )", r"\1Match Round I, \2")
        ),
    ),
    rewrite(
        "Zoom tournament",
        "tournament",
        "`Zoom Tournament #T, …` (fast_fold)",
        only_when(
            is_tournament,
            substitute(r"\A(PokerStars Hand #\d+:\s+)Tournament #", r"\1Zoom Tournament #"),
        ),
        expect=fast_fold,
    ),
    rewrite(
        "freeroll",
        "tournament",
        "`Tournament #T, Freeroll GAME LIMIT - …` (buy-in `Freeroll`)",
        only_when(
            is_tournament,
            substitute(
                r"\A(PokerStars [^\n]*Tournament #\d+, )[^ ]+(?: [A-Z]{3})? ", r"\1Freeroll "
            ),
        ),
        changes=("tournament",),
    ),
    seat_rewrite(OUT_OF_HAND, "`Seat N: NAME (X in chips) out of hand (…)`", "a seat out of hand"),
]
