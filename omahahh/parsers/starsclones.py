"""Clients known only by name that print PokerStars' lines: PokerBros, MPLPoker, Hive, BetOnline.

fpdb-3's PokerStars reader (``PokerStarsToFpdb.re_game_info``) names these sites
beside PokerStars and reads their hands with Stars' own line patterns; no other
public parser knows a line of their own. So each is read by the PokerStars
parser with a plain dialect: Stars' lines (and ``*** SHOWDOWN ***``), the
clients' game words and table lines (:mod:`omahahh.parsers.lookalikes`), under
its own room, told apart by the name that starts the header:

```
PokerBros Hand #N: 5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/21 17:47:21 UTC
MPLPoker Hand #N: 5 Card Omaha Pot Limit (₹0.30/₹0.60 INR) - 2025/06/21 17:47:21 UTC
Hive Poker Game #N: Tournament #T, Table #K, $10+$1 USD Omaha Pot Limit - Level I (10/20) - … ET
BetOnline Hand #N: Omaha Pot Limit ($0.25/$0.50 USD) - 2020/01/01 20:00:00 ET
```

What their totals include is not known from any source: their conventions make
no claim where Stars' habits might not hold (no uncalled-bet line, no all-in
marker required).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from omahahh.model import Site
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.lookalikes import (
    STREET_NAMES_RE,
    dialect_format,
    header_re,
    read_table,
    room_header,
)
from omahahh.parsers.pokerstars import Dialect

TITLES = "Hand|Game|Home Game Hand|Home Game|Zoom Hand|Rush Hand|GAME"
"""fpdb-3's ``TITLE`` words after the site's name."""

CLONES: tuple[tuple[Site, str, str], ...] = (
    (Site.POKERBROS, "PokerBros", "PokerBros"),
    (Site.MPLPOKER, "MPLPoker", "MPLPoker"),
    (Site.HIVEPOKER, r"Hive Poker", "Hive Poker"),
    (Site.BETONLINE, "BetOnline", "BetOnline"),
)
"""(room, the name its header starts with, the name in messages)."""


HIVE_TABLE_RE = re.compile(r"(: Tournament #\d+, )Table #\d+, ")
"""Hive Poker names the tournament's table in the header (fpdb's ``HIVETABLE``)."""


def clone_dialect(site: Site, words: str, room: str) -> Dialect:
    """The plain Stars dialect of a client known by name."""
    header = room_header(site, header_re(words, TITLES), room)
    if site is Site.HIVEPOKER:
        header = partial(_hive_header, header)
    return Dialect(site=site, header=header, table=read_table, street_re=STREET_NAMES_RE)


def _hive_header(stars: Callable[..., HandHeader], line: str, **zone: str) -> HandHeader:
    """Stars' header once the tournament's ``Table #K,`` is set aside."""
    return stars(HIVE_TABLE_RE.sub(r"\1", line, count=1), **zone)


DIALECTS = {site: clone_dialect(site, words, room) for site, words, room in CLONES}
FORMATS: tuple[Format, ...] = tuple(
    dialect_format(site.value, rf"{words} (?:{TITLES}) #", DIALECTS[site])
    for site, words, _ in CLONES
)
