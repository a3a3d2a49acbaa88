"""Which pot the rake comes out of (R-RAKE allocation), as a pure function.

The room takes its rake before paying the winners, so whoever compares
derived and reported ``collected`` amounts cent for cent must know which pot
each part of the rake came from. :func:`allocate_rake` spreads a rake over
the pots (main pot first) by a room's method; the rooms' methods and the
hands that prove them are data in :mod:`omahahh.rooms.rake_allocation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

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
    proven: bool = False
    """Every multi-pot raked hand of the room in the corpus fits the method. When False
    the audit accepts any spread of the reported rake that explains the awards
    (:func:`omahahh.audit.reconcile.infer_allocation`), as an ``info`` finding."""

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
    if len(pots) == 1:
        return [rake]  # what the loop below gives one pot, capped or not
    capped = rate is not None and rate * total > cap_margin * rake
    cumulative = 0
    taken = 0
    for amount in pots:
        cumulative += amount
        if capped and rate is not None:
            upto = min(rake, _round_half_up(rate * cumulative))
        else:
            # _round_half_up(Fraction(rake * cumulative, total)), in integers
            upto = (2 * rake * cumulative + total) // (2 * total)
        upto = max(taken, min(upto, rake))
        shares.append(upto - taken)
        taken = upto
    return shares
