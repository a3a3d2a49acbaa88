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

from omahahh.model import Site, Structure


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
    unprinted_structure: Structure | None = None
    """The betting structure of a hand whose header names none (WPN's old cash
    headers: ``Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)``)."""
    unprinted_currency: str | None = None
    """The currency of a cash hand whose header prints no symbol (WPN's old format)."""
    odd_chips_by_rule: bool = True
    """The room places odd chips as R-ODD-1/R-ODD-2 say (the house rules' choice for
    Hi/Lo). Where a room is known not to, an award that differs from the derived one
    only by a misplaced odd chip is an ``info`` finding (``odd_chip_unchecked``)."""
    unprinted_fees: tuple[tuple[str, int], ...] = ()
    """(mark in the table name, amount in minor units): a fee the room takes from every
    raked pot at such tables without printing it (WPN's bad-beat-jackpot ``( Beast )``
    tables). It counts with the printed fees in every identity."""
    uncalled_blind_in_pot: bool = False
    """An unmatched blind (everyone folded to it) gets no return line: the total pot and
    the collected figure include it. Other unmatched bets are returned on a line."""
    rake_from_total: bool = False
    """A cash hand printed without a rake figure was raked all the same: the rake is
    the printed total (which includes it) less what the room paid out (Bovada from
    2014: ``Total Pot($1.80)``, ``Hand result $1.71``). Elsewhere no rake line means
    no rake."""
    summary_won_trusted: bool = True
    """The SUMMARY's per-seat ``won`` restates the collected lines. WPN's does not
    always (a hand run twice prints each board's share of one pot, or less): it is
    never used as a second statement, and where it differs an ``info`` finding
    (``summary_won_differs``) says so."""


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
    # WPN / ACR (FORMATS.md §12): ``Total pot`` is net of rake and the JP fee
    # (wpn:779379637: $246.00 | Rake $2.76 | JP Fee $0.24 of $249 put in), the
    # SUMMARY ``won`` is no second statement of the awards (the same hand: Hero
    # collected $92.25, "won $61.50"), times are UTC.
    # The old format (``Game started at:``, before 2019) prints the same identity
    # (wpn:741631166: ``Pot: 477. Rake 2.76. JP fee 0.24`` of 480 put in) but pays
    # per player (``Collects: 198.50``), naming no pot, and shows hands only in the
    # SUMMARY, in seat order. Its header gives no zone (HHSmithy reads the time as
    # is; the 2019+ format says UTC), no currency (WPN cash games are in dollars)
    # and, for cash games, no structure: pot limit, as fpdb and HHSmithy read
    # ``(Omaha)`` and as every such corpus file is named (fpdb ``PLO8-6max-...``).
    Site.WPN: RoomConventions(
        site=Site.WPN,
        prints_uncalled=True,
        total_includes_rake=False,
        fees_outside_rake=("jackpot_reported",),
        summary_won_trusted=False,
        names_pots=False,
        shows_in_order=False,
        unprinted_structure=Structure.POT_LIMIT,
        unprinted_currency="USD",
        # A Hi/Lo pot's odd chip goes neither by half nor by seat: to the high half in
        # wpn:1092719860 (471: whisper28 236, Lubieplackii 235), 1092767171 and
        # 1092827420, to the low half in wpn:1092723191 (2955: Alexander51 1478,
        # Granny_Annie 1477), 1092769594 and 1092814383; neither seat order from the
        # button nor show order explains both.
        odd_chips_by_rule=False,
        # ``( Beast )`` (bad-beat jackpot) tables of 2014 take $0.25 from a raked pot
        # without printing it: wpn:261679750 puts in $48, prints ``Pot: 45.75. Rake 2``
        # and pays $45.75; wpn:258671202 puts in $42, ``Pot: 39.75. Rake 2``. The same
        # stakes at ``Braunite`` (wpn:261409590) print 48 = 47 + 1.
        unprinted_fees=(("( Beast )", 25),),
        time_zone="UTC",
    ),
    # Bovada / Ignition (FORMATS.md §12): ``Total Pot`` includes the rake; 2012 files
    # print the rake (bovada:2601407546: ``Total Pot($20) | Rake ($1)``, $19 paid),
    # 2014 files do not (bovada:2902233667: ``Total Pot($1.80)``, $1.71 paid). The
    # ``Hand result`` lines name a side pot but never which one. No zone is printed:
    # fpdb reads ET (--source-timezone overrides).
    Site.BOVADA: RoomConventions(
        site=Site.BOVADA,
        prints_uncalled=True,
        rake_from_total=True,
        names_pots=False,
        # A Hi/Lo low half shared by two is paid in whole cents and the odd cent goes
        # to the high half: bovada:2902266598 pays a $0.95 pot $0.49 high and
        # $0.23 + $0.23 low (R-ODD-1 would give the low cent to a low winner);
        # bovada:2902256725: $9.62 paid $4.82 high, $2.40 + $2.40 low.
        odd_chips_by_rule=False,
        # Everyone folds to the big blind: no return line, and the unmatched part of
        # the blind stays in the total and the result (bovada:2601408155: $5 and $10
        # posted, ``Total Pot($15)``, ``Hand result $15``).
        uncalled_blind_in_pot=True,
        time_zone="America/New_York",
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
