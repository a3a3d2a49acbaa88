"""Each room's reporting habits, as data (FORMATS.md §1.12, §2, §4).

Rules live in :mod:`omahahh.rules`; what differs between rooms is only how
they *print* a hand: which lines they write, what their totals include. The
audit reads these facts instead of special-casing rooms in code.

Accounting identity, with C = chips put in by players, U = uncalled returns,
D = promotional money dropped into the pot (GG Cash Drop), K = collected:

- ``total_pot`` = C - U + D            when ``total_includes_rake``
- ``total_pot`` = C - U + D - rake     otherwise (Winamax prints the pot after rake)
- K = total_pot - rake - fees         (fees: jackpot and other non-rake fees)
  or K = total_pot when the total is already net of rake.
"""

from __future__ import annotations

from dataclasses import dataclass

from omahahh.model import Site


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomConventions:
    site: Site
    prints_uncalled: bool
    """The room writes an ``Uncalled bet ... returned`` line (else replay derives it)."""
    total_includes_rake: bool = True
    """``Total pot`` counts the rake (PokerStars, GG) or is net of it (Winamax)."""
    fees_outside_rake: tuple[str, ...] = ()
    """Hand columns of non-rake fees the room takes from the pot (GG jackpot, ...)."""
    collected_includes_uncalled: bool = False
    """The room folds a returned uncalled bet into the ``collected`` figure."""
    tags_hi_lo: bool = False
    """The room marks which half a ``collected`` line is from."""
    hi_lo_high_first: bool = True
    """Untagged Hi/Lo award lines list the high winners before the low ones."""
    time_zone: str | None = "America/New_York"
    """Zone of printed times when the text gives none; None when the text always says."""


ROOMS: dict[Site, RoomConventions] = {
    Site.POKERSTARS: RoomConventions(site=Site.POKERSTARS, prints_uncalled=True),
    Site.GGPOKER: RoomConventions(
        site=Site.GGPOKER,
        prints_uncalled=True,
        fees_outside_rake=("jackpot_reported", "other_fees_reported"),
    ),
    Site.WINAMAX: RoomConventions(
        site=Site.WINAMAX,
        prints_uncalled=False,
        total_includes_rake=False,
        collected_includes_uncalled=True,
        tags_hi_lo=True,
        time_zone="UTC",
    ),
    Site.PHH: RoomConventions(site=Site.PHH, prints_uncalled=False, time_zone="UTC"),
}


def conventions(site: Site) -> RoomConventions:
    return ROOMS[site]
