"""Each room's table of rewrites, by room (the ``Site`` value), and the formats without one.

A room is one module (or a few lines of a module it shares with its look-alikes)
holding ``TABLE``: its list of rewrites, each naming the grammar row of
``docs/SITES.md`` it exercises. Adding a room is adding its table here.
"""

from __future__ import annotations

from tests.helpers.variants.rewrite import Rewrite
from tests.helpers.variants.rooms import (
    absolute,
    betfair,
    boss,
    bovada,
    cake,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    igt,
    ipoker,
    ipoker_pt,
    kingsclub,
    lookalikes,
    merge,
    merge_pt,
    microgaming,
    microgaming_pt,
    ongame,
    partypoker,
    pkr,
    poker888,
    pokerstars,
    sealswithclubs,
    winamax,
    wpn,
)

TABLES: dict[str, list[Rewrite]] = {
    "pokerstars": pokerstars.TABLE,
    "ggpoker": ggpoker.TABLE,
    "winamax": winamax.TABLE,
    "888poker": poker888.TABLE,
    "partypoker": partypoker.TABLE,
    "fulltilt": fulltilt.TABLE,
    "ongame": ongame.TABLE,
    "pkr": pkr.TABLE,
    "absolute": absolute.TABLE,
    "entraction": entraction.TABLE,
    "everleaf": everleaf.TABLE,
    "enet": enet.TABLE,
    "sealswithclubs": sealswithclubs.TABLE,
    # Structured exports (XML, JSON): a seed is a document (tests/helpers/variants/document.py).
    "ipoker": ipoker.TABLE,
    "boss": boss.TABLE,
    "igt": igt.TABLE,
    "microgaming": microgaming.TABLE,
    "merge": merge.TABLE,
    "everest": everest.TABLE,
    "pppoker": lookalikes.PPPOKER,
    "supremapoker": lookalikes.SUPREMAPOKER,
    "pokermaster": lookalikes.POKERMASTER,
    "runitonce": lookalikes.RUNITONCE,
    "betrivers": lookalikes.BETRIVERS,
    "pokerbros": lookalikes.CLONE,
    "mplpoker": lookalikes.CLONE,
    "hivepoker": lookalikes.CLONE,
    "betonline": lookalikes.CLONE,
    "wpn": wpn.TABLE,
    "bovada": bovada.TABLE,
    "kingsclub": kingsclub.TABLE,
    "cake": cake.TABLE,
    "microgaming_pt": microgaming_pt.TABLE,
    "merge_pt": merge_pt.TABLE,
    "ipoker_pt": ipoker_pt.TABLE,
    "betfair": betfair.TABLE,
}

NOT_YET_COVERED: dict[str, str] = {
    "phh": "PHH is a file format (TOML) omahahh reads and writes, not a room's grammar",
}
"""Formats with a reader and no table, with the reason."""
