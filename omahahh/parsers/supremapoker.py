"""SupremaPoker (a club app): PPPoker's lines under its own name.

```
SupremaPoker Hand #1234567: 5 Card Omaha Pot Limit (¥0.30/¥0.60 CNY) - 2025/06/04 16:07:11 UTC
Table 'ClubId:14625,Table:SPMA_1234' 6-max Seat #3 is the button
*** FLOP *** [Qh 6d 2c] {Rake: ¥0}
Hand ended at 2025/06/04 16:09:07
```

A public SupremaPoker parser (TypeScript ``HandMetadataParser``: ``SupremaPoker
Hand #``, ``(¥SB/¥BB - Ante ¥X CNY)``, ``ClubId:`` tables, ``Hand ended at``,
``FIRST/SECOND/THIRD Board``) reads the same lines as our PPPoker hands, and
fpdb-3 lists ``SupremaPoker`` among the PokerStars-syntax sites: read with
PPPoker's dialect hooks, as a room of its own.
"""

from __future__ import annotations

from omahahh.model import Site
from omahahh.parsers.lookalikes import STREET_NAMES_RE, dialect_format, header_re, room_header
from omahahh.parsers.pokerstars import Dialect
from omahahh.parsers.pokerstars_header import parse_table
from omahahh.parsers.pppoker import end_line

SUPREMAPOKER = Dialect(
    site=Site.SUPREMAPOKER,
    header=room_header(Site.SUPREMAPOKER, header_re("SupremaPoker"), "SupremaPoker"),
    table=parse_table,
    street_re=STREET_NAMES_RE,
    summary=end_line,
)

FORMAT = dialect_format("supremapoker", r"SupremaPoker Hand #", SUPREMAPOKER)
