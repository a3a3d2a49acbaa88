"""How each room takes the rake out of the main and side pots, as data.

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

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from omahahh.model import Site

CUMULATIVE = "cumulative"
MAIN_FIRST = "main_first"


@dataclass(frozen=True, slots=True)
class RakeRate:
    """A room's usual rake percentage from a date on (for telling a capped rake apart)."""

    since_year: int
    rate: Fraction
    evidence: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RakeAllocation:
    """A room's way of spreading its rake over the pots (main pot first)."""

    method: str
    """``cumulative`` (see the module text) or ``main_first`` (all from the main pot, then on)."""
    rates: tuple[RakeRate, ...] = ()
    cap_margin: Fraction = Fraction(3, 2)
    """A hand is capped when rate * total pot exceeds the reported rake by this factor."""
    evidence: tuple[str, ...] = ()

    def rate_for(self, when: datetime | None) -> Fraction | None:
        if not self.rates:
            return None
        year = when.year if when is not None else self.rates[-1].since_year
        usable = [r for r in self.rates if r.since_year <= year]
        return (usable[-1] if usable else self.rates[0]).rate


def _round_half_up(value: Fraction) -> int:
    return int((2 * value.numerator + value.denominator) // (2 * value.denominator))


def allocate_rake(
    rake: int,
    pots: Sequence[int],
    method: str = CUMULATIVE,
    rate: Fraction | None = None,
    cap_margin: Fraction = Fraction(3, 2),
) -> list[int]:
    """The rake borne by each pot (main pot first); the parts add up to ``rake``.

    Proportional below the cap (PokerStars hand 22865231671: pots 247/93/30,
    rake 18 -> 12/5/1); capped at 4.25%, the main pot first (hand 232772509770:
    pots 2337/8134, rake 100 -> 99/1):

    >>> allocate_rake(18, [247, 93, 30])
    [12, 5, 1]
    >>> allocate_rake(100, [2337, 8134], rate=Fraction(425, 10000))
    [99, 1]
    >>> allocate_rake(5, [5280, 4200], MAIN_FIRST)
    [5, 0]
    """
    total = sum(pots)
    if rake <= 0 or total <= 0 or not pots:
        return [0] * len(pots)
    rake = min(rake, total)
    shares: list[int] = []
    if method == MAIN_FIRST:
        left = rake
        for amount in pots:
            part = min(left, amount)
            shares.append(part)
            left -= part
        return shares
    capped = rate is not None and rate * total > cap_margin * rake
    cumulative = 0
    taken = 0
    for amount in pots:
        cumulative += amount
        if capped and rate is not None:
            upto = min(rake, _round_half_up(rate * cumulative))
        else:
            upto = _round_half_up(Fraction(rake * cumulative, total))
        upto = max(taken, min(upto, rake))
        shares.append(upto - taken)
        taken = upto
    return shares


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
    ),
    # GGPoker: a capped rake comes out of the main pot first (OM1349864: rake $7.50 and
    # jackpot $5 from a $527.24 main pot and a $69.84 side pot: the side pot paid only
    # its share of the jackpot, $0.58). PLO rake 5%.
    Site.GGPOKER: RakeAllocation(
        CUMULATIVE,
        rates=(RakeRate(2017, Fraction(5, 100), ("ggpoker:OM1349864",)),),
        evidence=("ggpoker:OM1349864",),
    ),
}
DEFAULT_ALLOCATION = RakeAllocation(CUMULATIVE)


def allocation_for(site: Site) -> RakeAllocation:
    return ALLOCATIONS.get(site, DEFAULT_ALLOCATION)
