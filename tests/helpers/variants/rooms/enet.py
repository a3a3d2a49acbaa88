"""Enet's rewrites (docs/SITES.md, "Enet").

Noise lines (sitting out in its three spellings, a street's zero rake), a club's
header, a seat sitting out, an ante, amounts scaled with the decimal comma and the
``.`` thousands mark.
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    first_index,
    last_index,
    lines_of,
    newcomer,
    noise_line,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle("€", decimal=",", thousands=".")
SEAT = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]*) in chips\)$"


def sitting_out_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A seat for a newcomer and ``NAME sits out`` before the posts."""
    lines = lines_of(text)
    last = last_index(lines, SEAT)
    if last is None or not seed.free_seats or (first_index(lines, r"^\*\*\* SUMMARY") or 0) < last:
        return None
    m = re.match(SEAT, lines[last])
    assert m is not None
    name = newcomer(seed, rng)
    spelling = rng.choice(("{name} sits out", "{name}: sits out", "{name}: is sitting out"))
    lines[last + 1 : last + 1] = [
        f"Seat {rng.choice(seed.free_seats)}: {name} ({m['stack']} in chips)",
        spelling.format(name=name),
    ]
    return "\n".join(lines)


def in_a_club(parts: Fingerprint, seed: Seed) -> Fingerprint:
    game_type, fast, _, cancelled = parts["format"]
    return {**parts, "format": (game_type, fast, "Club Nine", cancelled)}


TABLE: list[Rewrite] = [
    rewrite(
        "sitting out and a street's rake",
        "noise",
        "`NAME sits out`, `NAME: sits out`, `NAME: is sitting out`, `Rake: €0,00` after a street: "
        "nothing",
        noise_line(
            ("{name} sits out", "{name}: sits out", "{name}: is sitting out", "Rake: €0,00"),
            r"^\*\*\* HOLECARDS \*\*\*$",
            r"^\*\*\* SHOWDOWN \*\*\*$|: collected \(|^\*\*\* SUMMARY \*\*\*$",
        ),
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`Seat N: NAME (€X in chips)`, `NAME sits out` (a seat with no line sat out)",
        sitting_out_seat,
        changes=("seats",),
    ),
    rewrite(
        "a club's hand",
        "club",
        "`Game #N: {Club} Omaha (…)` (`home_game`)",
        substitute(r"\A(Game #\d+: )(Omaha )", r"\1{Club Nine} \2"),
        expect=in_a_club,
    ),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name}: posts the ante {amount}",
            model=r": posts big blind ",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: .+ in chips\)$|^.+ sits out$|^.+: is sitting out$",
            award=r"^{name}: collected \(",
            summary=(r"^Seat \d+: {name} .*collected \(",),
        ),
        "`NAME: posts the ante €X`",
    ),
    *scale_rewrites(MONEY, "decimal comma, thousands `.`"),
]
