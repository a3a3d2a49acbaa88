"""PPPoker (a club app) as its converters write it: PokerStars' lines under its own name.

```
PPPoker Hand #934479950000496:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/21 17:47:21 UTC
Table 'ClubId:2990864,Table:PPP_93447995' 6-max Seat #3 is the button
Seat 1: 11856112 ($233.67 in chips)
*** FLOP *** [Qh 6d 2c] {Rake: $0}          (a note after each street's board)
*** SUMMARY ***
Total pot $93.99 | Rake $5.10
Hand ended at 2025/06/21 17:48:02           (after the summary)
```

Read by the PokerStars parser with the :data:`PPPOKER` dialect
(:mod:`omahahh.parsers.lookalikes`); the ante may sit in the stakes
(``($0.30/$0.60 - Ante $0.10 USD)``), the ``posts the ante`` lines carry it.
SupremaPoker (:mod:`omahahh.parsers.supremapoker`) prints the same lines.
"""

from __future__ import annotations

from omahahh.model import Site
from omahahh.parsers.lookalikes import STREET_NAMES_RE, dialect_format, header_re, room_header
from omahahh.parsers.pokerstars import Dialect, StarsHand
from omahahh.parsers.pokerstars_header import parse_table


def end_line(hand: StarsHand, line: str, offset: int) -> bool:
    """``Hand ended at 2025/06/21 17:48:02`` after the summary: no chips, no cards."""
    return line.startswith("Hand ended at ")


PPPOKER = Dialect(
    site=Site.PPPOKER,
    header=room_header(Site.PPPOKER, header_re("PPPoker"), "PPPoker"),
    table=parse_table,
    street_re=STREET_NAMES_RE,
    summary=end_line,
)

FORMAT = dialect_format("pppoker", r"PPPoker Hand #", PPPOKER)
