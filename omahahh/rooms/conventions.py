"""Each room's reporting habits, as data (docs/FORMATS.md §1.12, §2, §4).

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
    collected_includes_uncalled_blind: bool = False
    """Only an unmatched *blind* (everyone folded to it) comes back inside ``collected``;
    an unmatched bet or raise comes back silently (888poker:553795851: the small
    blind folds, the $2 big blind collects $3; 888poker:553787274: the small blind
    raises to $5, the big blind folds, $4 collected)."""
    collected_includes_uncontested_bet: bool = False
    """A bet no one matched at all, which won the pot with everyone else folded, comes
    back inside ``collected``; the part of a bet above an all-in call for less comes back
    without a line (Microgaming as PokerTracker exports it: microgaming_pt:5029053937
    pays Hero €4.35, the €2.85 pot after rake and his €1.50 flop bet Player0 folded
    to; microgaming_pt:5870377181 pays Player0 €96.77, the pot after rake, his €55.75
    bet less Player2's €21.26 all-in call coming back on no line)."""
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
    printed_returns_in_collected: bool = False
    """A returned bet the hand prints on a line of its own may still be paid back inside
    ``collected`` (and ``Total pot``), as the returns the room does not print are. Newer
    Winamax files print ``Uncalled bet of 1.50€ returned to Carol``; ggratte's Winamax
    reader still takes the return out of the winner's figure and the total. Each hand's
    own figures decide (:func:`omahahh.audit.settle.printed_returns_inside`): Σ put in =
    total + rake, the return is inside; Σ put in − returned = total + rake, it is not."""
    pot_limit_counts_cash_drop: bool = False
    """Promotional money dropped into the pot (GG Cash Drop) counts in the pot-limit size:
    a GGPoker raise to $0.41 was exactly $0.06 to call + ($0.09 + $0.06 + the $0.20 drop)
    (tests/unit/audit/test_precision.py crafts that hand from the room's line shapes)."""
    cash_drop_pot: str = "main"
    """The pot promotional money dropped in (``cash_drop_reported``) joins. ``main``: the
    main pot (GGPoker's Cash Drop; GG prints no main and side pots). ``awarded``: the
    money is printed apart from the pots (Main + Side + STP = Total) and paid inside
    one pot's ``collected`` lines, the pot whose awards exceed its printed part by the
    drop, less at most the rake (Run It Once: #36197946 prints ``Main pot €119.52 |
    Side pot €21.82 | STP €5.00 | Rake €2.50`` and pays ``€26.82 from side pot 1`` =
    €21.82 + €5.00, €117.02 from the main pot = €119.52 - €2.50). Decided per hand
    from its own figures (:func:`omahahh.audit.settle.drop_pot`); where they do not
    decide, the main pot. The audit compares the printed pots without the drop."""
    prints_rake: bool = True
    """The text states the rake. Rooms that never do (Everleaf: everleaf:149107406 pays
    $1.71 of a $1.80 pot and prints nothing else) keep what the pots less the awards
    leave; the audit takes that as the rake (R-RAKE-1), pot by pot where the award lines
    name their pot, so awards can still be checked between pots and players."""
    marks_all_in: bool = True
    """Every action that leaves no chips behind says so (``and is all-in``). Rooms that
    never print the marker (Run It Once: runitonce:34011543's all-in raise to €28.89
    says nothing) make no claim by leaving it out."""
    checks_for_all_in_players: bool = False
    """The room prints ``checks`` for players already all-in on later streets (Run It
    Once: runitonce:34011543 prints turn and river checks by three all-in players).
    Such a line moves nothing and is not an action out of turn."""
    split_chips: tuple[int, ...] = ()
    """Chips (cents) a money game's pots are split in: the largest that divides every
    amount the hand states before its awards (Full Tilt: fulltilt:33727835942 splits
    $7.75 as $3.90/$3.85 in 5-cent chips, fulltilt:33727700367 $31,999.50 as
    $16,000/$15,999.50 in 50-cent chips, fulltilt:33729545246 $9.43 as $4.72/$4.71).
    Empty: the smallest unit (a cent)."""
    awards_per_player_and_pot: bool = False
    """Each award line is one player's share of one pot summed over the boards and the
    Hi/Lo halves (Kings Club: kingsclub:3583643, run twice, prints "Player1 wins
    (10,737.50) from pot" for his board 2 half), so awards compare per player and pot."""
    prints_lone_side_pots: bool = True
    """A side pot only one player could win gets an award line. Kings Club pays it back
    silently, like the uncalled bet it prints no line for either: kingsclub:3969308 (the
    big blind's 125 side pot against the folded small blind's dead 125; his summary line
    shows him even)."""
    prints_awards: bool = True
    """The text states what each player collected. A PHH file from elsewhere states
    none (only optional ``finishing_stacks``): no award claim to compare."""
    unprinted_structure: Structure | None = None
    """The betting structure of a hand whose header names none (WPN's old cash
    headers: ``Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)``; Bovada's
    tournament headers that print the speed instead: ``TBL#3, Normal- Level 2``)."""
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
    2014: ``Total Pot($1.80)``, ``Hand result $1.71``). A hand that prints no total
    either (Bovada's Zone Poker hands end their SUMMARY without one: fpdb's
    ``readOther``; the crafted bovada:4300000006 puts in $14.25 and pays $13.54) was
    raked the same way: its rake is what went in less what came back, derived as
    for :attr:`derives_unprinted_rake`. Elsewhere no rake line means no rake."""
    summary_won_trusted: bool = True
    """The SUMMARY's per-seat ``won`` restates the collected lines. WPN's does not
    always (a hand run twice prints each board's share of one pot, or less): it is
    never used as a second statement, and where it differs an ``info`` finding
    (``summary_won_differs``) says so."""
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
        # No zone is printed; fpdb assumes ET (docs/FORMATS.md §2). --source-timezone overrides.
        time_zone="America/New_York",
    ),
    Site.WINAMAX: RoomConventions(
        site=Site.WINAMAX,
        prints_uncalled=False,
        total_includes_rake=False,
        collected_includes_uncalled=True,
        total_includes_uncalled=True,
        printed_returns_in_collected=True,
        # HOLD-UP / ESCAPE tables: no source says whether the room's money counts in the
        # pot-limit size; it is counted, so no legal raise is ever called illegal.
        pot_limit_counts_cash_drop=True,
        tags_hi_lo=True,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # WPN / ACR (docs/FORMATS.md §12): ``Total pot`` is net of rake and the JP fee
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
    # Bovada / Ignition (docs/FORMATS.md §12): ``Total Pot`` includes the rake; 2012 files
    # print the rake (bovada:2601407546: ``Total Pot($20) | Rake ($1)``, $19 paid),
    # 2014 files do not (bovada:2902233667: ``Total Pot($1.80)``, $1.71 paid). The
    # ``Hand result`` lines name a side pot but never which one. No zone is printed:
    # fpdb reads ET (--source-timezone overrides).
    Site.BOVADA: RoomConventions(
        site=Site.BOVADA,
        prints_uncalled=True,
        rake_from_total=True,
        # Tournament headers may print the speed where the structure goes
        # (``OMAHA Tournament #.. TBL#3, Normal- Level 2 (20/40)``): the room's Omaha
        # tournaments are pot limit (PokerApprentice's Ignition grammar has no
        # structure there; fpdb's no-limit default is Hold'em's).
        unprinted_structure=Structure.POT_LIMIT,
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
    # 888poker (docs/FORMATS.md §3): chips added in brackets, no uncalled, all-in or rake line;
    # collected lines name no pot (``collected [ $0.95 ]``, twice for a Hi/Lo scoop,
    # high winner first: 888poker:553787050 prints the high winner angelicafer before
    # GdRackBaby, who showed the low first). No time zone is printed: HHSmithy and
    # DriveHUD read GMT, fpdb reads ET; we take UTC (--source-timezone overrides).
    Site.POKER888: RoomConventions(
        site=Site.POKER888,
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
    # PartyPoker (docs/FORMATS.md §6): no uncalled line in any generation; the unmatched
    # excess comes back inside the award (classic: as a ``side pot`` of its own,
    # partypoker:1458965856's ``Player1 wins $0.10 USD from the side pot 2``; 2026:
    # ``collected $41.47`` of which $2.97 came back, partypoker:1770659766668adeb0h5qfm).
    # Classic hands print no rake; 2026 prints ``Main Pot: $38.50 Rake: $2.0``, the
    # main pot after rake. Times carry their zone.
    Site.PARTYPOKER: RoomConventions(
        site=Site.PARTYPOKER,
        prints_uncalled=False,
        collected_includes_uncalled=True,
        derives_unprinted_rake=True,
        # 5 %: partypoker:13550918572 keeps $3.00 of $60.50, 13550803036 $0.40 of $8.00.
        rake_ceiling_bp=500,
        alias_for_poster=True,
        # Times carry their zone; one printed without ("Saturday, July 25, 07:53:52 2009")
        # is ET, as fpdb's PartyPokerToFpdb reads it.
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
    # iPoker XML (docs/SITES.md): one ``win`` and one ``bet`` per player, no total, no
    # rake (but a ``rakeamount`` in some exports), no uncalled element, no showdown
    # order; UTC (fpdb). The rake is what the pots less the wins leave.
    Site.IPOKER: RoomConventions(
        site=Site.IPOKER,
        prints_uncalled=False,
        prints_rake=False,
        names_pots=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # Boss Media XML (docs/SITES.md): <SHOWDOWN POT> is the pot after rake
    # (3BetHand.txt: board POT 17570, then POT 17555 RAKE 15); WIN per player
    # excludes an unmatched bet, which no element returns; Unix times.
    Site.BOSS: RoomConventions(
        site=Site.BOSS,
        prints_uncalled=False,
        total_includes_rake=False,
        names_pots=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # IGT JSON, Boss Media's successor (docs/SITES.md): the Boss hand in JSON; an
    # unmatched bet comes back in ACTION_ADJUSTEMENT (IGT2019Hand.txt).
    Site.IGT: RoomConventions(
        site=Site.IGT,
        prints_uncalled=True,
        total_includes_rake=False,
        names_pots=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # Microgaming XML (docs/SITES.md): Win amounts hold an unmatched bet unless a
    # MoneyReturned action gives it back (PLO-6max-EUR-10-20-201603.v5.flat.txt: Win
    # 1257.00 of a 627.00 pot and a 630.00 bet no one called); no pot total.
    # A ``BadBeatContribution`` is the bad-beat jackpot's cut, taken from the pot beside
    # the rake (crafted tests/data/crafted/microgaming/badbeat_contribution.xml: 33.00 put
    # in, rake 1.50, contribution 0.50, Win 31.00, and the winner's endbalance 100 − 16 +
    # 31 = 115 shows it came from the pot, not the stack).
    Site.MICROGAMING: RoomConventions(
        site=Site.MICROGAMING,
        prints_uncalled=False,
        collected_includes_uncalled=True,
        fees_outside_rake=("jackpot_reported",),
        names_pots=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # Merge XML (docs/SITES.md): <winner uncalled="true"> returns an unmatched bet
    # (new.date.format.txt: 14.00 back), older files fold it into the winner's amount
    # (PotLimitOmaha.txt: 22.20 of a 15.20 pot and a 7.00 bet no one called).
    Site.MERGE: RoomConventions(
        site=Site.MERGE,
        prints_uncalled=False,
        collected_includes_uncalled=True,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # Everest Poker XML (docs/SITES.md): no rake, total or returned bet is printed; each
    # <WIN> names its pot; whether an award holds the unmatched bet is decided per hand
    # (parsers/unmatched.py: crafted tests/data/crafted/everest/cash.xml hand 3300000001
    # pays 7.25 of a 7.50 pot and leaves Villain1's 5.00 bet out); Unix times. The
    # ``allin="1"`` mark is not known to be on every all-in action.
    Site.EVEREST: RoomConventions(
        site=Site.EVEREST,
        prints_uncalled=False,
        prints_rake=False,
        shows_in_order=False,
        marks_all_in=False,
        time_zone="UTC",
    ),
    # Betfair (its own network's text, 2008-2010; docs/SITES.md): no rake, total, returned
    # bet or all-in mark is printed (fpdb's reader and the hand in its comments: 0.72 put
    # in, "wins $0.69"); "wins" names its pot; whether it holds the unmatched bet is decided
    # per hand (parsers/unmatched.py: crafted tests/data/crafted/betfair/cash.txt hand
    # 500000001 pays 0.72 of a 0.75 pot and leaves Villain1's 0.50 bet out). Times in GMT.
    Site.BETFAIR: RoomConventions(
        site=Site.BETFAIR,
        prints_uncalled=False,
        prints_rake=False,
        shows_in_order=False,
        marks_all_in=False,
        time_zone=None,
    ),
    # Stars-syntax look-alikes (docs/SITES.md) print Stars' lines.
    # PokerMaster returns an unmatched bet on a line of its own (pokermaster:1905261509100000:
    # "Uncalled bet ($325) returned to pp1863696"), Run It Once too (runitonce:34011543).
    # PPPoker's three corpus hands have no unmatched bet: its habit is unknown, so a
    # missing return line is not held against it; SupremaPoker prints PPPoker's lines.
    # These print their zone (UTC).
    Site.PPPOKER: RoomConventions(site=Site.PPPOKER, prints_uncalled=False, time_zone=None),
    Site.SUPREMAPOKER: RoomConventions(
        site=Site.SUPREMAPOKER, prints_uncalled=False, time_zone=None
    ),
    Site.POKERMASTER: RoomConventions(site=Site.POKERMASTER, prints_uncalled=True, time_zone=None),
    # Run It Once prints Main and Side pot before the rake: runitonce:34011543 has
    # "Main pot €62.60 | Side pot €20.98 | Rake €2.00" and pays €60.60 + €20.98. Its
    # splash-the-pot money (STP) is printed apart from the pots and paid inside one pot's
    # awards (cash_drop_pot). BetRivers prints Run It Once's lines (STP included).
    Site.RUNITONCE: RoomConventions(
        site=Site.RUNITONCE,
        prints_uncalled=True,
        pots_after_rake=False,
        marks_all_in=False,
        checks_for_all_in_players=True,
        cash_drop_pot="awarded",
        time_zone=None,
    ),
    Site.BETRIVERS: RoomConventions(
        site=Site.BETRIVERS,
        prints_uncalled=True,
        pots_after_rake=False,
        marks_all_in=False,
        checks_for_all_in_players=True,
        cash_drop_pot="awarded",
        time_zone=None,
    ),
    # Clients known only by name (parsers/starsclones.py): no source shows what they
    # print beyond Stars' lines, so no return line or all-in marker is required of them;
    # a time without a zone is read as ET (fpdb's reading).
    Site.POKERBROS: RoomConventions(site=Site.POKERBROS, prints_uncalled=False, marks_all_in=False),
    Site.MPLPOKER: RoomConventions(site=Site.MPLPOKER, prints_uncalled=False, marks_all_in=False),
    Site.HIVEPOKER: RoomConventions(site=Site.HIVEPOKER, prints_uncalled=False, marks_all_in=False),
    Site.BETONLINE: RoomConventions(site=Site.BETONLINE, prints_uncalled=False, marks_all_in=False),
    # Entraction prints no total pot; ``Payback`` returns an unmatched bet
    # (entraction:2137871766: "jacky12 Payback (0.18)"). The zone is printed; an end time
    # without one is read at UTC+1, as HHSmithy's Entraction parser reads every time.
    Site.ENTRACTION: RoomConventions(
        site=Site.ENTRACTION, prints_uncalled=True, time_zone="Etc/GMT-1"
    ),
    # Everleaf prints no total, rake, uncalled bet or all-in marker: everleaf:149107406
    # ends "Villain: bets [$ 1.80 USD]", "Hero folds", "Villain wins high ($ 1.71 USD)".
    # Its time has no zone: UTC, as fpdb reads it (an assumption; --source-timezone).
    Site.EVERLEAF: RoomConventions(
        site=Site.EVERLEAF,
        prints_uncalled=False,
        prints_rake=False,
        marks_all_in=False,
        tags_hi_lo=True,
        time_zone="UTC",
    ),
    # Cake prints no total or rake, returns unmatched bets on their own line
    # (cake:3389E587C7000013: "Hero: returns uncalled bet 10") and no all-in marker
    # beyond "is all in $X". No zone: ET, as fpdb reads it (--source-timezone).
    # Shows come in seat order, not the order the rules call them (cake:5322021915000046:
    # Sparky1970 first although RONALD 11 made the last river raise).
    Site.CAKE: RoomConventions(
        site=Site.CAKE,
        prints_uncalled=True,
        prints_rake=False,
        tags_hi_lo=True,
        shows_in_order=False,
        time_zone="America/New_York",
    ),
    # Full Tilt prints Stars' totals (Total pot includes the rake), uncalled bets and
    # tagged halves ("wins the high pot"); its time is ET.
    Site.FULLTILT: RoomConventions(
        site=Site.FULLTILT,
        prints_uncalled=True,
        tags_hi_lo=True,
        split_chips=(1, 5, 25, 50, 100),
        time_zone=None,
    ),
    # Ongame prints no uncalled bet: ongame:R5-362055755-3 ends "yakitaki bets $25.00",
    # "the_mino folds", "Main pot: $25.00 won by yakitaki ($23.75)" (the pot after the
    # return, before the $1.25 rake). Its pots are stated before rake.
    Site.ONGAME: RoomConventions(
        site=Site.ONGAME, prints_uncalled=False, pots_after_rake=False, time_zone=None
    ),
    # Kings Club prints no uncalled bet (kingsclub:37660193: "Player0 bets 56.43",
    # "Hero folds", then "Player0 wins pot (85.50)" of the 90 before the 4.50 rake) and
    # no zone: ET, as fpdb reads it.
    Site.KINGSCLUB: RoomConventions(
        site=Site.KINGSCLUB,
        prints_uncalled=False,
        awards_per_player_and_pot=True,
        prints_lone_side_pots=False,
        time_zone="America/New_York",
    ),
    # Enet: no uncalled-bet line is known (none in the corpus, none in fpdb's reader), the
    # time has no zone (fpdb leaves it as printed: read as UTC).
    Site.ENET: RoomConventions(site=Site.ENET, prints_uncalled=False, time_zone="UTC"),
    # PKR prints its rake, one line per pot ("Taking Rake of $1 from pot 1"), but no
    # uncalled bet and no total; the time has no zone (UTC unless --source-timezone).
    # Its award lines name no pot ("Bravo wins $59" for the main pot, "Alpha wins $78.50"
    # for the side pot: tests/data/crafted/pkr/pkr_01_allin_two_pots.txt, from the shapes
    # of fpdb's PkrToFpdb.py re_CollectPot), so awards compare per player.
    Site.PKR: RoomConventions(
        site=Site.PKR,
        prints_uncalled=False,
        tags_hi_lo=True,
        time_zone="UTC",
        names_pots=False,
    ),
    # Absolute returns an unmatched bet on its own line (absolute:1828549717:
    # "Player0 - returned ($30) : not called") and prints the ET time; a header without
    # the zone is read in ET too (fpdb's reading).
    Site.ABSOLUTE: RoomConventions(
        site=Site.ABSOLUTE, prints_uncalled=True, time_zone="America/New_York"
    ),
    # Seals With Clubs returns an unmatched bet on its own line (sealswithclubs:5297786-137:
    # "Hero refunded 6"); its time has no zone (UTC unless --source-timezone). Its 2013
    # text may mark an all-in (" (All-in)"), its 2019 client's Stars text has no marker
    # (fpdb-3's SwCPoker action pattern reads none): no claim when it is left out. Awards
    # name their half ("wins Hi Pot (3)").
    Site.SEALSWITHCLUBS: RoomConventions(
        site=Site.SEALSWITHCLUBS,
        prints_uncalled=True,
        marks_all_in=False,
        tags_hi_lo=True,
        time_zone="UTC",
    ),
    # Microgaming as PokerTracker exports it: no uncalled-bet line. The export keeps the
    # XML's ``Win`` figures and drops its ``MoneyReturned`` actions: a bet everyone
    # folded to comes back inside the award, the excess over an all-in call on no line
    # (``collected_includes_uncontested_bet``). A hand raked nothing prints no ``Rake:``
    # line. No zone: UTC (docs/SITES.md gives the evidence; --source-timezone overrides).
    Site.MICROGAMING_PT: RoomConventions(
        site=Site.MICROGAMING_PT,
        prints_uncalled=False,
        collected_includes_uncontested_bet=True,
        time_zone="UTC",
    ),
    # Merge as PokerTracker exports it: no rake line (cash hands were raked all the same:
    # the rake is what the pot less the awards leaves), no uncalled-bet line; an unmatched bet
    # comes back inside the ``wins`` figures (merge_pt:4927169400080: "wins $65.00" is
    # JustJay4Reals' 200 less the 135 the all-in big blind matched, beside "wins
    # $270.00", the pot), as fpdb reads every export without ``Uncalled:Y``. No zone:
    # UTC (docs/SITES.md gives the evidence; --source-timezone overrides).
    Site.MERGE_PT: RoomConventions(
        site=Site.MERGE_PT,
        prints_uncalled=False,
        collected_includes_uncalled=True,
        derives_unprinted_rake=True,
        time_zone="UTC",
    ),
    # iPoker as PokerTracker exports it (``GAME #… Uncalled:Y``; docs/SITES.md): ``Total pot``
    # is net of the rake and of the unmatched bet, which comes back on no line (fpdb's
    # test hand: 0.60 put in, "Total pot €0.56 Rake €0.04"; crafted tests/data/crafted/
    # ipoker_pt/cash.txt 9300000001: 12.50 put in, 5.00 unmatched, "Total pot €7.25 Rake
    # €0.25", "wins €7.25"); ``wins`` names no pot, and how a Hi/Lo half is printed is not
    # known, so awards compare per player; no all-in mark on calls. ``/GMT`` times are
    # UTC; a time with no zone is ET, as fpdb reads it.
    Site.IPOKER_PT: RoomConventions(
        site=Site.IPOKER_PT,
        prints_uncalled=False,
        total_includes_rake=False,
        names_pots=False,
        shows_in_order=False,
        marks_all_in=False,
        awards_per_player_and_pot=True,
        time_zone="America/New_York",
    ),
}


DEFAULT_RAKE_CEILING_BP = 1000
"""The most a room that prints no rake is taken to keep, in basis points of the pot, where
no cap of its own is known (:attr:`RoomConventions.rake_ceiling_bp`): 10 %."""


def rake_ceiling(room: RoomConventions | None, pot: int) -> int:
    """The most rake a room that prints none may keep of ``pot``, rounded up to a minor unit.

    >>> rake_ceiling(ROOMS[Site.POKER888], 1001), rake_ceiling(ROOMS[Site.EVERLEAF], 1001)
    (51, 101)
    """
    bp = room.rake_ceiling_bp if room is not None and room.rake_ceiling_bp is not None else None
    return -(-pot * (DEFAULT_RAKE_CEILING_BP if bp is None else bp) // 10_000)


def conventions(site: Site) -> RoomConventions:
    return ROOMS[site]
