"""Where reported and derived meet: the room's cut of each pot, for the replay to pay out.

The room takes its rake (and other fees, GGPoker's jackpot) before paying the
winners, so derived and reported ``collected`` amounts can agree cent for cent
only once the reported rake is spread over the pots the room's way
(:func:`omahahh.rules.allocation.allocate_rake`, the rooms' methods in
:mod:`omahahh.rooms.rake_allocation`); other fees in proportion to the pots.
The replay itself never reads the rake: :func:`omahahh.audit.hand.audit_hand`
passes :func:`room_take` to it.

A room that never prints its rake (888poker; PartyPoker before 2026,
``derives_unprinted_rake``) took it all the same: for a cash hand with no rake
line the rake is the pot less what the room paid out
(:func:`omahahh.rules.rake.implied_rake`). What it paid out is what its lines
print (:func:`paid_out`), less an unmatched bet some rooms pay back inside
``collected`` (:func:`returns_in_collected`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from omahahh.action_table import action_table
from omahahh.hand_tables import CollectionTable, SummarySeatTable, amounts_by_player, as_table
from omahahh.model import POST_KINDS, ActionKind, GameType, HandRecord
from omahahh.replay.engine import ReplayResult, Taken
from omahahh.rooms.conventions import ROOMS, RoomConventions
from omahahh.rooms.rake_allocation import allocation_for
from omahahh.rules.allocation import allocate_rake
from omahahh.rules.rake import implied_rake

FOLD = ActionKind.FOLD


def fees_taken(hand: HandRecord) -> tuple[int, int]:
    """(rake, other fees) the room took from the pot, as reported (0 when not printed),
    the fees including one the room takes without printing it (:func:`unprinted_fee`)."""
    room = ROOMS.get(hand.site)
    fees = 0
    if room is not None:
        for column in room.fees_outside_rake:
            value = getattr(hand, column, None)
            if isinstance(value, int):
                fees += value
    return rake_taken(hand), fees + unprinted_fee(hand)


def rake_taken(hand: HandRecord) -> int:
    """The printed rake; for a room whose total includes an unprinted rake
    (``rake_from_total``), the total less the collected lines (cash hands only)."""
    if hand.rake_reported is not None:
        return hand.rake_reported
    room = ROOMS.get(hand.site)
    total = hand.total_pot_reported
    if room is None or not room.rake_from_total or total is None:
        return 0
    if hand.game_type is not GameType.CASH:
        return 0
    return max(total - sum(c.amount for c in hand.collections), 0)


def unprinted_fee(hand: HandRecord) -> int:
    """The fee a room takes from a raked pot at some tables without printing it
    (``unprinted_fees``): $0.25 at WPN's ``Braunite ( Beast )`` in 2014."""
    room = ROOMS.get(hand.site)
    if room is None or not room.unprinted_fees or not hand.rake_reported:
        return 0
    return sum(fee for mark, fee in room.unprinted_fees if mark in hand.table_name)


def blind_only(hand: HandRecord, player: str) -> bool:
    """Did ``player`` only post blinds (no call, bet or raise: everyone folded to them)?"""
    actions = action_table(hand.actions)
    kinds = [k for p, k in zip(actions.players, actions.kinds, strict=True) if p == player]
    return bool(kinds) and all(k in POST_KINDS for k in kinds)


def printed_returns_inside(hand: HandRecord) -> bool:
    """Are the returns this hand prints also inside its ``collected`` figures and its total
    (``printed_returns_in_collected``)? For such a room, yes unless its figures say no:
    Σ put in (with money the room added) less the printed returns equals the total, with
    the rake where the total is net of it (Winamax ``Uncalled bet of X returned to``).

    >>> # Σ put in 3.45€, "Uncalled bet of 1.50€", "Total pot 3.39€ | Rake 0.06€": inside.
    """
    room = ROOMS.get(hand.site)
    if room is None or not room.printed_returns_in_collected or not hand.uncalled:
        return False
    total = hand.total_pot_reported
    if total is None:
        return True  # nothing says otherwise: the room's habit
    if not room.total_includes_rake:
        total += hand.rake_reported or 0
    put_in = sum(action_table(hand.actions).amounts) + (hand.cash_drop_reported or 0)
    returned = sum(u.amount for u in hand.uncalled)
    return put_in - returned != total


def total_holds_returns(hand: HandRecord) -> bool:
    """Does the printed total count the unmatched bets (``total_includes_uncalled``), as
    this hand prints them or not (:func:`printed_returns_inside`)?"""
    room = ROOMS.get(hand.site)
    if room is None or not room.total_includes_uncalled:
        return False
    return not hand.uncalled or printed_returns_inside(hand)


def won_uncontested(hand: HandRecord, player: str) -> bool:
    """Did every other player dealt in fold (``player`` won without a call)?"""
    actions = action_table(hand.actions)
    folded = {p for p, k in zip(actions.players, actions.kinds, strict=True) if k is FOLD}
    others = {s.player for s in hand.seats if not s.sitting_out and not s.out_of_hand}
    others.discard(player)
    return others <= folded


def returns_in_collected(hand: HandRecord, returns: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Of the unmatched bets ``returns`` (player, amount), those the room pays back inside
    ``collected`` instead of on an uncalled-bet line, per player.

    Winamax does it with every one (``collected_includes_uncalled``); 888poker
    only with a blind everyone folded to (``collected_includes_uncalled_blind``:
    888poker:553795851, BB $2 collects $3 after the small blind folds);
    Microgaming's export with a bet everyone folded to
    (``collected_includes_uncontested_bet``). 888poker
    also prints some uncontested Hi/Lo pots short of it (``halves_less_uncalled``):
    those count as a negative return. None when the hand prints its returns.
    """
    if not returns:  # most hands: asked several times a hand, answered at once
        return {}
    if hand.uncalled and not printed_returns_inside(hand):
        return {}
    room = ROOMS.get(hand.site)
    if room is None:
        return {}
    out: dict[str, int] = defaultdict(int)
    for player, amount in returns:
        if _inside_collected(hand, room, player):
            out[player] += amount
        elif room.halves_less_uncalled and _halves_less_uncalled(hand, player):
            out[player] -= amount  # the lines are short of it: it counts against them
    return dict(out)


def _inside_collected(hand: HandRecord, room: RoomConventions, player: str) -> bool:
    """Does the room pay ``player``'s unmatched bet back inside ``collected``?"""
    if room.collected_includes_uncalled:
        return True
    blind_kept = room.collected_includes_uncalled_blind or room.uncalled_blind_in_pot
    if blind_kept and blind_only(hand, player):
        return True
    return room.collected_includes_uncontested_bet and won_uncontested(hand, player)


def _halves_less_uncalled(hand: HandRecord, player: str) -> bool:
    """An uncontested Hi/Lo pot printed as two lines of ``player`` (``halves_less_uncalled``)."""
    lines = as_table(CollectionTable, hand.collections).players.count(player)
    return hand.game.hi_lo and not hand.shows and lines == 2


def paid_out(hand: HandRecord, returned: dict[str, int]) -> dict[str, int] | None:
    """What the room paid each player out of the pots, as its text prints it.

    The ``collected`` lines, a cashed-out player's SUMMARY ``won (X)``, less
    ``returned`` (unmatched bets paid back inside ``collected``). None when the
    room prints no awards (a foreign PHH file).
    """
    room = ROOMS.get(hand.site)
    if room is not None and not room.prints_awards:
        return None
    paid = amounts_by_player(as_table(CollectionTable, hand.collections))
    if hand.cashouts:
        summary = as_table(SummarySeatTable, hand.summary_seats)
        won = dict(zip(summary.players, summary.won))  # noqa: B905 - equal columns
        for out in hand.cashouts:
            claimed = won.get(out.player)
            if out.player not in paid and claimed is not None:
                paid[out.player] = claimed
    for player, back in returned.items():
        paid[player] = paid.get(player, 0) - back
    return paid


def derives_rake(hand: HandRecord) -> bool:
    """Is this a cash hand of a room that rakes without printing it, with no rake line
    (``derives_unprinted_rake``), or with no rake line and no total to take it from
    (``rake_from_total``)?"""
    room = ROOMS.get(hand.site)
    if room is None or hand.rake_reported is not None or hand.game_type is not GameType.CASH:
        return False
    return room.derives_unprinted_rake or (room.rake_from_total and hand.total_pot_reported is None)


def _unprinted_rake(hand: HandRecord, pots: Sequence[int]) -> int:
    """The rake a room took silently: the pot less what it paid out (R-RAKE-1).

    The chips put in beyond the pots are the one unmatched bet of the hand,
    returned to whoever put in most. A hand that prints no award at all
    (``omits_uncontested_award``) says nothing of the rake: none is derived.
    """
    if not hand.collections:
        return 0
    put: dict[str, int] = defaultdict(int)
    actions = action_table(hand.actions)
    for player, amount in zip(actions.players, actions.amounts, strict=True):
        put[player] += amount
    unmatched = sum(put.values()) - sum(pots)
    returns = [(max(put, key=put.__getitem__), unmatched)] if put and unmatched > 0 else []
    paid = paid_out(hand, returns_in_collected(hand, returns))
    if paid is None:
        return 0
    rake = implied_rake(sum(pots), sum(paid.values()))
    room = ROOMS.get(hand.site)
    if room is not None and room.rake_ceiling_bp is not None:
        rake = min(rake, -(-sum(pots) * room.rake_ceiling_bp // 10_000))
    return rake


def implied_take(hand: HandRecord, pots: Sequence[int]) -> Taken | None:
    """What a room that prints no rake kept: the pots less the awards (R-RAKE-1).

    Pot by pot when every award line names its pot and no pot paid out more than it
    held; else the whole, spread like a printed rake. None for rooms that print the
    rake, or a hand whose text states one.

    For example, Everleaf: a $1.80 pot, "Villain wins high ($ 1.71 USD)": the room kept
    $0.09.
    """
    room = ROOMS.get(hand.site)
    if room is None or room.prints_rake or hand.rake_reported is not None:
        return None
    paid = [0] * len(pots)
    for c in hand.collections:
        if c.pot_index < len(paid):
            paid[c.pot_index] += c.amount
    if sum(paid) != sum(c.amount for c in hand.collections):
        paid = [0] * len(pots)  # a line names a pot the replay does not have
    kept = [p - q for p, q in zip(pots, paid, strict=True)]
    if room.names_pots and all(k >= 0 for k in kept) and sum(paid) > 0:
        return Taken(sum(kept), 0, tuple(kept))
    rake = max(sum(pots) - sum(c.amount for c in hand.collections), 0)
    allocation = allocation_for(hand.site)
    parts = allocate_rake(rake, pots, allocation.method, allocation.rate_for(hand.started_at))
    return Taken(rake, 0, tuple(parts))


def room_take(hand: HandRecord, pots: Sequence[int]) -> Taken:
    """The reported rake and fees, spread over ``pots`` (main pot first) as the room does."""
    implied = implied_take(hand, pots)
    if implied is not None:
        return implied
    rake, fees = fees_taken(hand)
    if derives_rake(hand):
        rake = _unprinted_rake(hand, pots)
    if len(pots) == 1:  # most hands: what allocate_rake gives one pot, without its work
        pot = pots[0]
        return Taken(rake, fees, (_borne(rake, pot) + _borne(fees, pot),))
    allocation = allocation_for(hand.site)
    raked = allocate_rake(
        rake, pots, allocation.method, allocation.rate_for(hand.started_at),
        allocation.cap_margin,
    )  # fmt: skip
    fee_parts = allocate_rake(fees, pots)
    return Taken(rake, fees, tuple(r + f for r, f in zip(raked, fee_parts, strict=True)))


def _borne(part: int, pot: int) -> int:
    """What one pot bears of ``part``: ``allocate_rake(part, [pot])[0]``, by any method."""
    return min(part, pot) if part > 0 and pot > 0 else 0


def drop_pot(hand: HandRecord) -> int:
    """The pot (0 = main) the hand's promotional money joins (``RoomConventions.cash_drop_pot``).

    For a room that prints the drop apart from the pots and pays it inside one pot's
    awards, the one pot p where every pot's ``collected`` lines fit its printed part
    (plus the drop for p) less at most the rake. Run It Once, ``Main pot €62.60 | Side
    pot €20.98 | STP €5.00 | Rake €2.00``, €60.60 from the main pot and €25.98 from side
    pot 1: only side pot 1 takes the €5.00. The main pot when no pot, or several, fit.
    """
    drop = hand.cash_drop_reported
    room = ROOMS.get(hand.site)
    if not drop or room is None or room.cash_drop_pot != "awarded":
        return 0
    if hand.main_pot_reported is None or not hand.side_pots_reported:
        return 0
    printed = [hand.main_pot_reported, *hand.side_pots_reported]
    paid = [0] * len(printed)
    for c in hand.collections:
        if c.pot_index >= len(paid):
            return 0
        paid[c.pot_index] += c.amount
    rake = hand.rake_reported or 0
    fits = [
        p
        for p in range(len(printed))
        if all(
            0 <= printed[q] + (drop if q == p else 0) - paid[q] <= rake for q in range(len(paid))
        )
    ]
    return fits[0] if len(fits) == 1 else 0


def returns_in_pot(hand: HandRecord, result: ReplayResult) -> dict[str, int]:
    """The replay's unmatched bets that the room pays back inside ``collected`` (and its
    total) instead of on a return line, per player (:func:`returns_in_collected`).

    Winamax: every one (``collected_includes_uncalled``). 888poker and Bovada: a blind
    everyone folded to (``collected_includes_uncalled_blind``, ``uncalled_blind_in_pot``;
    888poker:553795851, bovada:2601408155: $5 and $10 posted, ``Hand result $15``).
    """
    if not result.uncalled:  # most hands; asked ~4 times a hand: no list, no call
        return {}
    return returns_in_collected(hand, [(u.player, u.amount) for u in result.uncalled])
