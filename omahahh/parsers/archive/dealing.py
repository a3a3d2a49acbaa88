"""Line shapes of the rooms whose streets open with ``** Dealing … **`` (Everleaf, Betfair).

One client family: fpdb's 2008 Betfair reader and its Everleaf reader read the same
lines, and Betfair's 2009 text keeps them. What those rooms print alike is here, read by
:mod:`omahahh.parsers.archive.shapes`'s engine; each room adds its own header, posts and
awards.

```
Seat 2 is the button
Seat 1: Hero ( $10 )                 Seat 5: Villain (  $ 10 USD )
** Dealing down cards **
Dealt to Hero [ As, Kh, Td, 2c ]
Villain1 folds | checks | calls [$0.25] | raises [$ 0.20 USD]   (chips added)
** Dealing Flop ** [ 4c, 8d, 3h ]    ** Dealing Turn ** [ 5c ]    ** Dealing River ** [ Kc ]
Hero shows [ 6h, 7h, Kd, Kc ] a straight, Eight high
```
"""

from __future__ import annotations

import re

from omahahh.model import Street
from omahahh.money import to_minor
from omahahh.parsers.archive import shapes as s

AMOUNT = r"\[(?P<amount>[^\]]+)\]"
"""``[$0.25]``, ``[$ 0.05 USD]``: the chips a line puts in."""
CARDS = r"\[ (?P<cards>[^\]]+) \]"
"""``[ Qc, Qh, 7s, Jd ]``."""
WORDS = r"(?: (?:USD|EURO|EUR|GBP|GEL|Chips|chips))?"
"""The money word an amount may end in, as a regex part."""
MONEY_WORDS = re.compile(r"\s*(?:USD|EURO|EUR|GBP|GEL|Chips|chips)\s*")
"""The money words after an amount (fpdb: ``USD|EURO|EUR|Chips|GEL``, ``chips`` in awards)."""


def money(text: str, unit: int) -> int:
    """``$ 0.05 USD``, ``$2.56``, ``€ 1``, ``500 Chips``, ``ˆ 1`` (a euro, as Everleaf's
    cp1252 text shows it)."""
    return to_minor(MONEY_WORDS.sub("", text).replace("ˆ", "€").strip(), unit)


BUTTON = s.shape(r"^Seat (?P<seat>\d+) is the button$", s.button_seat)
SEAT = s.shape(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) "
    rf"\(\s*(?P<amount>[$€£ˆ]?\s?[\d.,]+{WORDS})"
    r"(?: new player| All-in)?\s*\)$",
    s.seat,
)
DEALING_DOWN = s.shape(r"^\*\* Dealing down cards \*\*$", s.street(Street.PREFLOP, whole=False))
FLOP = s.shape(rf"^\*\* Dealing Flop \*\* {CARDS}$", s.street(Street.FLOP, whole=False))
TURN = s.shape(rf"^\*\* Dealing Turn \*\* {CARDS}$", s.street(Street.TURN, whole=False))
RIVER = s.shape(rf"^\*\* Dealing River \*\* {CARDS}$", s.street(Street.RIVER, whole=False))
DEALT = s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt)
FOLDS = s.shape(r"^(?P<name>.+?) folds$", s.fold)
CHECKS = s.shape(r"^(?P<name>.+?) checks$", s.check)
CALLS = s.shape(rf"^(?P<name>.+?) calls {AMOUNT}$", s.call)
RAISES_ADDED = s.shape(rf"^(?P<name>.+?) raises {AMOUNT}$", s.raise_added)
"""``raises [$ 0.20 USD]``: the chips added (fpdb's ``addCallandRaise``)."""
SHOWS = s.shape(rf"^(?P<name>.+?) shows {CARDS}(?: (?P<desc>.*))?$", s.show)
MUCKS = s.shape(rf"^(?P<name>.+?) mucks {CARDS}(?: (?P<desc>.*))?$", s.muck)
