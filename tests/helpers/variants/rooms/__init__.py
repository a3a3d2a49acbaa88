"""Each room's table of rewrites, by room (the ``Site`` value), and the rooms not yet in.

A room is one module (or a few lines of a module it shares with its look-alikes)
holding ``TABLE``: its list of rewrites, each naming the grammar row of
``docs/SITES.md`` it exercises. Adding a room is adding its table here.
"""

from __future__ import annotations

from tests.helpers.variants.rewrite import Rewrite
from tests.helpers.variants.rooms import (
    absolute,
    boss,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    igt,
    ipoker,
    lookalikes,
    merge,
    microgaming,
    ongame,
    partypoker,
    pkr,
    poker888,
    pokerstars,
    sealswithclubs,
    winamax,
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
}

NO_TABLE_YET = (
    "its reader reads the whole grammar (docs/SITES.md); its table of rewrites is not written yet"
)

NOT_YET_COVERED: dict[str, str] = {
    "wpn": NO_TABLE_YET,
    "bovada": NO_TABLE_YET,
    "kingsclub": NO_TABLE_YET,
    "cake": NO_TABLE_YET,
    "microgaming_pt": NO_TABLE_YET,
    "merge_pt": NO_TABLE_YET,
    "ipoker_pt": NO_TABLE_YET,
    "betfair": NO_TABLE_YET,
    "phh": "PHH is a file format (TOML) omahahh reads and writes, not a room's grammar",
}
"""Rooms with a reader and no table yet, with the reason."""
