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

from omahahh.model import HandRecord, Site
from omahahh.rules.odd_chips import smallest_chip


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
    # A PHH file names no room; what omahahh exported keeps its room (``_omahahh_site``).
    Site.PHH: RoomConventions(
        site=Site.PHH,
        prints_uncalled=False,
        prints_awards=False,
        shows_in_order=False,
        time_zone="UTC",
    ),
    # Stars-syntax look-alikes (FORMATS §8) print their zone (UTC) and Stars' lines.
    # PokerMaster returns an unmatched bet on a line of its own (pokermaster:1905261509100000:
    # "Uncalled bet ($325) returned to pp1863696"), Run It Once too (runitonce:34011543).
    # PPPoker's three corpus hands have no unmatched bet: its habit is unknown, so a
    # missing return line is not held against it.
    Site.PPPOKER: RoomConventions(site=Site.PPPOKER, prints_uncalled=False, time_zone=None),
    Site.POKERMASTER: RoomConventions(site=Site.POKERMASTER, prints_uncalled=True, time_zone=None),
    # Run It Once prints Main and Side pot before the rake: runitonce:34011543 has
    # "Main pot €62.60 | Side pot €20.98 | Rake €2.00" and pays €60.60 + €20.98.
    Site.RUNITONCE: RoomConventions(
        site=Site.RUNITONCE,
        prints_uncalled=True,
        pots_after_rake=False,
        marks_all_in=False,
        checks_for_all_in_players=True,
        time_zone=None,
    ),
    # Entraction prints no total pot; ``Payback`` returns an unmatched bet
    # (entraction:2137871766: "jacky12 Payback (0.18)"); the zone is printed.
    Site.ENTRACTION: RoomConventions(site=Site.ENTRACTION, prints_uncalled=True, time_zone=None),
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
    # PKR prints its rake ("Taking Rake of $1 from pot 1") but no uncalled bet and no
    # total; the time has no zone (UTC unless --source-timezone).
    Site.PKR: RoomConventions(
        site=Site.PKR, prints_uncalled=False, tags_hi_lo=True, time_zone="UTC"
    ),
    # Absolute returns an unmatched bet on its own line (absolute:1828549717:
    # "Player0 - returned ($30) : not called") and prints the ET time.
    Site.ABSOLUTE: RoomConventions(site=Site.ABSOLUTE, prints_uncalled=True, time_zone=None),
    # Seals With Clubs returns an unmatched bet on its own line (sealswithclubs:5297786-137:
    # "Hero refunded 6"); its time has no zone (UTC unless --source-timezone).
    Site.SEALSWITHCLUBS: RoomConventions(
        site=Site.SEALSWITHCLUBS, prints_uncalled=True, time_zone="UTC"
    ),
    # Microgaming as PokerTracker exports it: no uncalled-bet line (the excess over an
    # all-in call is returned silently: microgaming:5870377181), no zone (UTC).
    Site.MICROGAMING: RoomConventions(
        site=Site.MICROGAMING, prints_uncalled=False, time_zone="UTC"
    ),
    # Merge as PokerTracker exports it: no uncalled-bet line, no zone (UTC).
    Site.MERGE: RoomConventions(site=Site.MERGE, prints_uncalled=False, time_zone="UTC"),
}


def conventions(site: Site) -> RoomConventions:
    return ROOMS[site]


def split_chip(hand: HandRecord) -> int:
    """The chip a hand's pots are split in (:attr:`RoomConventions.split_chips`)."""
    room = ROOMS.get(hand.site)
    if room is None or not room.split_chips or hand.unit != 100:
        return 1
    amounts = [s.stack_start for s in hand.seats] + [a.amount for a in hand.actions]
    amounts += [u.amount for u in hand.uncalled]
    amounts += [hand.rake_reported or 0, hand.total_pot_reported or 0]
    return smallest_chip(amounts, room.split_chips)
