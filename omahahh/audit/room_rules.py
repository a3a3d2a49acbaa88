"""What a room's habits change in the rules, as the house rules its hands are replayed under.

The replay knows no room: it applies the house rules it is given. A room that counts
promotional money in the pot-limit pot (GGPoker's Cash Drop), pays an uncontested pot
of a hand run twice on the first board only (GGPoker), or splits pots in chips larger
than a cent (Full Tilt) plays by the house rules with those settings; the audit
passes each hand its room's (:func:`room_rules`), as ``--rules`` passes the user's.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from omahahh.house_rules import HouseRules
from omahahh.model import Site
from omahahh.rooms.conventions import ROOMS


@lru_cache(maxsize=256)  # a few rooms a run, each asked for every hand
def room_rules(rules: HouseRules, site: Site) -> HouseRules:
    """``rules`` with ``site``'s habits applied (unchanged for a room with none).

    >>> from omahahh.house_rules import DEFAULT_HOUSE_RULES
    >>> gg = room_rules(DEFAULT_HOUSE_RULES, Site.GGPOKER)
    >>> gg.promotions_count_in_pot_limit, gg.runs_share_uncontested_pots
    (True, False)
    >>> room_rules(DEFAULT_HOUSE_RULES, Site.FULLTILT).split_chips
    (1, 5, 25, 50, 100)
    """
    room = ROOMS.get(site)
    if room is None:
        return rules
    habits = replace(
        rules,
        promotions_count_in_pot_limit=room.pot_limit_counts_cash_drop,
        runs_share_uncontested_pots=room.runs_split_uncontested_pots,
        split_chips=room.split_chips,
    )
    return rules if habits == rules else habits
