"""How each room takes the rake out of the main and side pots, as data.

The method itself is :func:`omahahh.rules.allocation.allocate_rake`.

The replay uses the *reported* rake (the room takes it before paying the
winners) but must know which pot it came from, or derived and reported
``collected`` amounts cannot agree cent for cent.

What the PokerStars hands in ``../shared/corpus`` show (every multi-pot hand
with rake; gross pots derived, net pots as printed):

============  ===============  =====  =============  ==================
hand          gross pots       rake   taken per pot  reading
============  ===============  =====  =============  ==================
22865231671   247 / 93 / 30    18     12 / 5 / 1     proportional
60920749213   137 / 45 / 72    12     6 / 3 / 3      proportional
171239904447  131 / 90         7      4 / 3          proportional
177681745389  62 / 362         14     2 / 12         proportional
181054765017  583 / 298        48     32 / 16        proportional
231645858339  580 / 2055       112    25 / 87        proportional
109713978619  528000 / 420000  500    500 / 0        capped: main first
124680000000  301000 / 2000    300    300 / 0        capped: main first
232772509770  2337 / 8134      100    99 / 1         capped: 4.25% of main
============  ===============  =====  =============  ==================

One rule fits all: the room rakes the pots *cumulatively*, main pot first,
``taken(C) = min(R, rate * C)`` for the running total C of the pots so far,
each pot bearing ``taken(C_k) - taken(C_(k-1))``. Below the cap ``rate * T`` is
the reported rake R, so the shares are proportional; once the cap binds, the
main pot bears its full rate first. The rate only matters for capped hands;
it is taken from the room's rates below (learnt from the uncapped hands of
the same years), and a hand counts as capped only when that rate would have
taken clearly more (``cap_margin``) than was reported, so a room whose small
stakes rake less than the table says is still split proportionally.
"""

from __future__ import annotations

from fractions import Fraction

from omahahh.model import Site
from omahahh.rules.allocation import CUMULATIVE, MAIN_FIRST, RakeAllocation, RakeRate

ALLOCATIONS: dict[Site, RakeAllocation] = {
    Site.POKERSTARS: RakeAllocation(
        CUMULATIVE,
        rates=(
            RakeRate(2000, Fraction(5, 100), ("pokerstars:22865231671",)),
            RakeRate(2013, Fraction(45, 1000), ("pokerstars:109680525613",)),
            RakeRate(2021, Fraction(425, 10000), ("pokerstars:238296909420",)),
        ),
        evidence=(
            "pokerstars:22865231671",
            "pokerstars:60920749213",
            "pokerstars:109713978619",
            "pokerstars:124680000000",
            "pokerstars:231645858339",
            "pokerstars:232772509770",
        ),
        proven=True,
    ),
    # GGPoker: not proven. Its rake plus jackpot fee is spread over main and side pots
    # its own way, which its lines (every award "from pot") do not show; one hand shows
    # the capped case: a capped rake comes out of the main pot first, the jackpot from
    # every pot in proportion (OM1349864: rake $7.50 and jackpot $5 from a $527.24 main
    # pot and a $69.84 side pot: the side pot paid only its share of the jackpot,
    # $0.58). PLO rake 5%. A hand whose awards fit another spread of the printed rake
    # and fees (the rake capped at another rate, say) is an info finding,
    # rake_allocation_inferred (audit/reconcile.py tries the rake and the fees apart).
    Site.GGPOKER: RakeAllocation(
        CUMULATIVE,
        rates=(RakeRate(2017, Fraction(5, 100), ("ggpoker:OM1349864",)),),
        evidence=("ggpoker:OM1349864",),
    ),
    # Run It Once takes the whole rake from the main pot: runitonce:34011543 prints
    # "Main pot €62.60 | Side pot €20.98 | Rake €2.00" and pays €60.60 + €20.98; the hand
    # #36197946 of docs/SITES.md likewise (€119.52 main, €2.50 rake, €117.02 paid).
    # BetRivers prints Run It Once's lines.
    Site.RUNITONCE: RakeAllocation(
        MAIN_FIRST, evidence=("runitonce:34011543", "runitonce:36197946"), proven=True
    ),
    Site.BETRIVERS: RakeAllocation(MAIN_FIRST, evidence=("runitonce:34011543",)),
}
DEFAULT_ALLOCATION = RakeAllocation(CUMULATIVE)


def allocation_for(site: Site) -> RakeAllocation:
    return ALLOCATIONS.get(site, DEFAULT_ALLOCATION)
