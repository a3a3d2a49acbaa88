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
    collected_includes_uncalled_blind: bool = False
    """Only an unmatched *blind* (everyone folded to it) comes back inside ``collected``;
    an unmatched bet or raise comes back silently (888poker:553795851: the small
    blind folds, the $2 big blind collects $3; 888poker:553787274: the small blind
    raises to $5, the big blind folds, $4 collected)."""
    tags_hi_lo: bool = False
    """The room marks which half a ``collected`` line is from."""
    hi_lo_high_first: bool = True
    """Untagged Hi/Lo award lines list the high winners before the low ones."""
    time_zone: str | None = "America/New_York"
    """Zone of printed times when the text gives none; None when the text always says."""
    prints_uncalled_since: int | None = None
    """First year the room is known to print uncalled-bet lines; older hands make no claim."""
    pots_after_rake: bool = True
    """Printed ``Main pot``/``Side pot`` amounts are net of the rake (PokerStars)."""
    shows_in_order: bool = True
    """Show lines come in the order the hands were shown, so R-SD-1 can be checked.
    Winamax prints the river caller's hand first (winamax:619672044606324737-7-1452193258:
    livio91760 calls tomtom87700's river bet and is printed first); a PHH file's show
    actions need not keep the order either."""
    runs_split_uncontested_pots: bool = True
    """In a hand run twice, a pot only one player can win is still shared between the
    boards (PokerStars 124680000000: the $20 side pot pays $10 on each board); GGPoker
    pays it whole on the first board (OM1349864: $69.26 on the first showdown only)."""
    names_pots: bool = True
    """``collected`` lines say which pot (``main pot``, ``side pot-2``). GGPoker writes
    ``from pot`` on every line (a side pot is one more line), so awards can only be
    compared per player and board, not per pot."""
    total_includes_uncalled: bool = False
    """``Total pot`` counts unmatched bets (Winamax: it prints no return and pays the
    excess back inside ``collected``: Σ put in = Total pot + Rake, Total pot = Σ collected).
    The excess may come back on its own ``side pot N`` line: ``Hero collected 84€ from
    side pot 1`` in winamax:9247976-232-1478874498 is Hero's unmatched bet."""
    pot_limit_counts_cash_drop: bool = False
    """Promotional money dropped into the pot (GG Cash Drop) counts in the pot-limit size:
    a GGPoker raise to $0.41 was exactly $0.06 to call + ($0.09 + $0.06 + the $0.20 drop)
    (tests/test_audit_precision.py crafts that hand from the room's line shapes)."""
    prints_awards: bool = True
    """The text states what each player collected. A PHH file from elsewhere states
    none (only optional ``finishing_stacks``): no award claim to compare."""
    derives_unprinted_rake: bool = False
    """A cash hand with no rake line was still raked, silently: the room's take is
    what went in less what came back (put in - uncalled - collected), derived by
    :func:`omahahh.audit.settle.room_take` (888poker never prints rake; PartyPoker
    before 2026 neither). Elsewhere a missing rake line means no rake."""
    halves_less_uncalled: bool = False
    """A Hi/Lo pot won without a showdown on a board with a possible low may be printed
    as two ``collected`` lines whose sum is the pot less rake *less the returned bet*
    (888poker:553794851: a $10 pot raked $0.50 after a $7.50 river bet folded to is
    printed ``collected [ $1 ]`` twice; the next hand's stack, $595.29 = $590.79 - $5 +
    $9.50, shows $9.50 was paid; likewise 553791428, 553795631, 553796031). The audit
    adds the returned bet back to such lines."""
    rake_ceiling_bp: int | None = None
    """For a rake the room does not print: the most it takes, in basis points of the pot
    (rounded up to a minor unit). More left unpaid is not rake but an award the
    collected lines miss, and the award audit reports it."""
    alias_for_poster: bool = False
    """A name that acts without a seat line is the one seated player who posts a blind
    and is never named again: the room (or the export) printed one player under two
    names. PartyPoker: partypoker:14835000000 (``Player1 posts small blind [$1 USD].``,
    then ``WolfgangCutler raises [$5 USD]`` … ``wins $33``) and partypoker:14981802530
    (``Player2`` posts, ``zejnikogoj`` plays). The parser notes the reading; more than
    one such name, or no single such poster, fails the hand as ``unknown_player``."""
    omits_uncontested_award: bool = False
    """The room may print no ``collected`` line for a pot won without a showdown:
    an award missing there is an ``info`` finding, not an error (888poker
    tournament hand 424764397 ends ``Player4 did not show his hand`` and nothing
    more: fpdb's ``no.pot.awarded`` file)."""


ROOMS: dict[Site, RoomConventions] = {
    # The 2005 tournament hand 1676150046 returns an unmatched 302 without a line;
    # every corpus hand from 2010 on prints it.
    Site.POKERSTARS: RoomConventions(
        site=Site.POKERSTARS, prints_uncalled=True, prints_uncalled_since=2010
    ),
    Site.GGPOKER: RoomConventions(
        site=Site.GGPOKER,
        prints_uncalled=True,
        fees_outside_rake=("jackpot_reported", "other_fees_reported"),
        names_pots=False,
        runs_split_uncontested_pots=False,
        pot_limit_counts_cash_drop=True,
        # No zone is printed; fpdb assumes ET (FORMATS.md §2). --source-timezone overrides.
        time_zone="America/New_York",
    ),
    Site.WINAMAX: RoomConventions(
        site=Site.WINAMAX,
        prints_uncalled=False,
        total_includes_rake=False,
        collected_includes_uncalled=True,
        total_includes_uncalled=True,
        tags_hi_lo=True,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # 888poker (FORMATS.md §3): chips added in brackets, no uncalled, all-in or rake line;
    # collected lines name no pot (``collected [ $0.95 ]``, twice for a Hi/Lo scoop,
    # high winner first: 888poker:553787050 prints the high winner angelicafer before
    # GdRackBaby, who showed the low first). No time zone is printed: HHSmithy and
    # DriveHUD read GMT, fpdb reads ET; we take UTC (--source-timezone overrides).
    Site.PACIFIC: RoomConventions(
        site=Site.PACIFIC,
        prints_uncalled=False,
        derives_unprinted_rake=True,
        collected_includes_uncalled_blind=True,
        halves_less_uncalled=True,
        # 5 % (capped lower): 888poker:553790655 pays $9.50 of a $10 pot, 553795356 $3.80 of $4.
        rake_ceiling_bp=500,
        names_pots=False,
        omits_uncontested_award=True,
        time_zone="UTC",
    ),
    # PartyPoker (FORMATS.md §6): no uncalled line in any generation; the unmatched
    # excess comes back inside the award (classic: as a ``side pot`` of its own,
    # partypoker:1458965856's ``Player1 wins $0.10 USD from the side pot 2``; 2026:
    # ``collected $41.47`` of which $2.97 came back, partypoker:1770659766668adeb0h5qfm).
    # Classic hands print no rake; 2026 prints ``Main Pot: $38.50 Rake: $2.0``, the
    # main pot after rake. Times carry their zone.
    Site.PARTY: RoomConventions(
        site=Site.PARTY,
        prints_uncalled=False,
        collected_includes_uncalled=True,
        derives_unprinted_rake=True,
        # 5 %: partypoker:13550918572 keeps $3.00 of $60.50, 13550803036 $0.40 of $8.00.
        rake_ceiling_bp=500,
        alias_for_poster=True,
        time_zone=None,
    ),
    # A PHH file names no room; what omahahh exported keeps its room (``_omahahh_site``).
    Site.PHH: RoomConventions(
        site=Site.PHH,
        prints_uncalled=False,
        prints_awards=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
}


def conventions(site: Site) -> RoomConventions:
    return ROOMS[site]
