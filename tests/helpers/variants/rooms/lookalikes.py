"""The rooms printing PokerStars' lines under their own name (docs/SITES.md: PPPoker,
SupremaPoker, PokerMaster, Run It Once, BetRivers, and the clones known by name:
PokerBros, MPLPoker, Hive Poker, BetOnline), each a table of its own.

Every table starts from what Stars-syntax rooms share (``stars_syntax.py``) and adds
what the room's own rows allow: PPPoker's header ante, Run It Once's and BetRivers'
stamps without seconds, the clones' titles and optional zone.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from tests.helpers.variants.ante import ante_edit, ante_expectation, ante_of
from tests.helpers.variants.rewrite import Rewrite, rewrite
from tests.helpers.variants.rooms.stars_syntax import (
    MONEY,
    STARS_ANTE,
    StarsRoom,
    shared_rewrites,
)
from tests.helpers.variants.rooms.stars_time import (
    et_only,
    no_seconds,
    no_zone,
    shapes_rewrite,
    time_rewrite,
    zone_only,
)
from tests.helpers.variants.seeds import Seed


def header_ante(text: str, seed: Seed, rng: random.Random) -> str | None:
    """PPPoker's ``($0.30/$0.60 - Ante $0.10 USD)``: the ante lines and the header's."""
    with_lines = ante_edit(STARS_ANTE)(text, seed, rng)
    ante = ante_of(seed)
    if with_lines is None or ante is None:
        return None
    first, newline, rest = with_lines.partition("\n")
    stakes = re.search(r"\((?P<bb>[^()/]+/(?P<big>[^() ]+))(?P<iso> [A-Z]{3})?\)", first)
    if stakes is None:
        return None
    amount = MONEY.like(stakes["big"], Decimal(ante) / seed.hand.unit)
    first = first[: stakes.end("bb")] + f" - Ante {amount}" + first[stakes.end("bb") :]
    return first + newline + rest


PPPOKER_ANTE = rewrite(
    "an ante, in the header too",
    "ante",
    "`($0.30/$0.60 - Ante $0.10 USD)` with `posts the ante` lines",
    header_ante,
    changes=("stakes",),
    expect=ante_expectation,
)

CLUB_ROOM = StarsRoom(currencies=("USD", "CNY"), titles=(), more_cards=False, cards_after=True)

PPPOKER: list[Rewrite] = [*shared_rewrites(CLUB_ROOM), PPPOKER_ANTE]

SUPREMAPOKER: list[Rewrite] = [*shared_rewrites(CLUB_ROOM), PPPOKER_ANTE]

POKERMASTER: list[Rewrite] = shared_rewrites(
    StarsRoom(currencies=("USD", "CNY"), titles=(), more_cards=False)
)

RUN_IT_ONCE_ROOM = StarsRoom(currencies=("EUR", "USD"), titles=())

RUNITONCE: list[Rewrite] = [
    *shared_rewrites(RUN_IT_ONCE_ROOM),
    time_rewrite(
        "the UTC stamp alone",
        "`- 2019/04/19 17:52 UTC` (the bracketed server time left out)",
        no_seconds,
        ("UTC",),
    ),
]

BETRIVERS: list[Rewrite] = shared_rewrites(RUN_IT_ONCE_ROOM)


def retitle(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Another of the clones' titles (fpdb-3 ``TITLE``)."""
    m = re.match(r"(?P<room>[^#]+?) (?P<title>Home Game Hand|Home Game|Hand|Game) #", text)
    if m is None:
        return None
    title = rng.choice(
        [t for t in ("Hand", "Game", "Home Game Hand", "Home Game") if t != m["title"]]
    )
    return text[: m.start("title")] + title + text[m.end("title") :]


CLONE: list[Rewrite] = [
    *shared_rewrites(
        StarsRoom(
            currencies=("USD", "EUR", "INR"),
            titles=(),
            more_cards=False,
            cards_after=True,
        )
    ),
    rewrite(
        "another title", "title", "titles `Hand`, `Game`, `Home Game Hand`, `Home Game`", retitle
    ),
    shapes_rewrite(
        "the time in another printed shape",
        "a zone printed (`UTC`, `ET`); none printed: America/New_York (fpdb's reading)",
        (
            (et_only, ("America/New_York",)),
            (zone_only, ("UTC", "America/New_York")),
            (no_zone, ("America/New_York",)),
        ),
    ),
]
