"""BetRivers Poker: Run It Once's lines under its own name.

```
BetRivers Poker Hand #90000005: Omaha Pot Limit ($0.10/$0.20) - 2025/03/01 20:15 EST
Table ID '44806293' 6-Max Seat #1 is the button
STP Added: $1.00
Total pot $2.30 | Main pot $1.30 | STP $1.00 | Rake $0.05
```

A public BetRivers parser (Python: ``BetRivers Poker Hand #``, ``Table ID '…'
N-Max``, ``STP Added:``, ``Total pot … | Main pot … | STP … | Rake …``) shows
Run It Once's software re-branded: read with Run It Once's dialect hooks
(:mod:`omahahh.parsers.runitonce`), as a room of its own. The time carries its
zone (``EST``).
"""

from __future__ import annotations

from dataclasses import replace

from omahahh.model import Site
from omahahh.parsers.lookalikes import dialect_format, header_re, room_header
from omahahh.parsers.runitonce import RUNITONCE

BETRIVERS = replace(
    RUNITONCE,
    site=Site.BETRIVERS,
    header=room_header(Site.BETRIVERS, header_re("BetRivers Poker"), "BetRivers Poker"),
)

FORMAT = dialect_format("betrivers", r"BetRivers Poker Hand #", BETRIVERS)
