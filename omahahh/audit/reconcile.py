"""The room's own arithmetic: rake, fees and promotions against the hand's totals.

A hand's text states the same money several times: chips put in, the total
pot, the rake and fees, each ``collected`` line and the SUMMARY's ``won``.
docs/FORMATS.md §1.12 gives the identity (with C put in, U uncalled returns, D
promotional money dropped in, R rake, F other fees, K collected)::

    total = C - U + D          K = total - R - F

When one printed figure breaks it while the others agree with each other, that
figure is the fault, and the audit says so with the figure's own code
(:data:`FindingCode.RAKE_MISMATCH`, :data:`FindingCode.CASH_DROP_MISMATCH`),
instead of blaming the collected lines. The award audit then runs with the
figure the rest of the hand implies, so one fault gives one finding.

Where a room's way of spreading rake and fees over main and side pots is not
known (:mod:`omahahh.rooms.rake_allocation`), any allocation of the reported
rake and fees consistent with every pot's awards is accepted
(:func:`infer_allocation`), and an ``info`` finding says so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations, compress

from omahahh.audit.awards import award_findings, match_awards
from omahahh.audit.findings import Finding, FindingCode, make
from omahahh.audit.pots import side_pot_findings
from omahahh.audit.settle import (
    drop_pot,
    fees_taken,
    paid_out,
    returns_in_pot,
    room_take,
    total_holds_returns,
)
from omahahh.hand_tables import CollectionTable, SummarySeatTable, amounts_by_player, as_table
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord
from omahahh.money import format_minor
from omahahh.replay.engine import ReplayResult, Taken, replay
from omahahh.rooms.conventions import ROOMS
from omahahh.rooms.rake_allocation import allocation_for
from omahahh.rules.allocation import CUMULATIVE, MAIN_FIRST, allocate_rake

# Money findings on awards that a different spread of the rake over the pots can explain.
ALLOCATION_SENSITIVE = frozenset(
    {
        FindingCode.COLLECTED_MISMATCH,
        FindingCode.COLLECTED_EXCEEDS_POT,
        FindingCode.WRONG_SPLIT,
        FindingCode.ODD_CHIP_MISPLACED,
        FindingCode.ODD_CHIP_UNCHECKED,
        FindingCode.SIDE_POT_MISMATCH,
    }
)
MAX_ALLOCATIONS = 2_000
"""Allocations tried by brute force for a room whose lines do not name the pot."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Reconciled:
    """The replay the award audit should use, and what reconciling found."""

    result: ReplayResult
    findings: tuple[Finding, ...]


def paid_by_player(hand: HandRecord, result: ReplayResult) -> dict[str, int] | None:
    """What the room paid each player out of the pots, as its text prints it.

    The ``collected`` lines, a cashed-out player's SUMMARY ``won (X)``, less an
    unmatched bet a room pays back inside ``collected`` (Winamax prints no
    return line). None when the room prints no awards (a foreign PHH file).

    For example, Winamax: ``Hero collected 84€ from side pot 1`` of which 84€ was Hero's
    own unmatched bet pays Hero 0 out of the pots.
    """
    return paid_out(hand, returns_in_pot(hand, result))


def collected_confirmed(hand: HandRecord) -> bool:
    """Do the collected lines agree with a second statement of the same money?

    The SUMMARY's per-seat ``won``/``collected (X)`` (PokerStars, GGPoker,
    Winamax), or the printed main and side pots, net of rake, that the lines
    share out. A figure that only the collected lines state cannot be
    preferred to them.
    """
    if not hand.collections:
        return False
    lines = amounts_by_player(as_table(CollectionTable, hand.collections))
    room = ROOMS.get(hand.site)
    seats = as_table(SummarySeatTable, hand.summary_seats)
    # Each player with an amount won, built in C: the names where ``won`` is set, beside
    # the amounts that are set, in the same order.
    summary = dict(zip(compress(seats.players, seats.won), filter(None, seats.won), strict=True))
    trusted = room is None or room.summary_won_trusted
    if trusted and summary and summary == lines:
        return True
    if hand.main_pot_reported is not None and (room is None or room.pots_after_rake):
        return hand.main_pot_reported + sum(hand.side_pots_reported) == sum(lines.values())
    return False


def reconcile(hand: HandRecord, result: ReplayResult, rules: HouseRules) -> Reconciled:
    """The cash drop, then the rake and fees, then their spread over the pots (see module)."""
    if result.cancelled:
        return Reconciled(result=result, findings=())
    found: list[Finding] = []
    drop = _cash_drop(hand, result)
    if drop is not None:
        finding, implied = drop
        found.append(finding)
        hand = replace(hand, cash_drop_reported=implied)
        result = replay(hand, rules, take=room_take, drop_pot=drop_pot(hand))
    corrected = _rake(hand, result, rules)
    if corrected is not None:
        finding, hand, result = corrected
        found.append(finding)
    inferred = infer_allocation(hand, result, rules)
    if inferred is not None:
        result, finding = inferred
        found.append(finding)
    return Reconciled(result=result, findings=tuple(found))


def _fmt(hand: HandRecord, amount: int) -> str:
    return format_minor(amount, hand.unit, hand.currency)


def _net_paid(hand: HandRecord, result: ReplayResult) -> int | None:
    paid = paid_by_player(hand, result)
    return None if paid is None else sum(paid.values())


def _cash_drop(hand: HandRecord, result: ReplayResult) -> tuple[Finding, int] | None:
    """R-POT-1: a Cash Drop figure that the total pot and the collected lines contradict."""
    room = ROOMS.get(hand.site)
    total, drop = hand.total_pot_reported, hand.cash_drop_reported
    if drop is None or total is None or room is None or not room.total_includes_rake:
        return None
    put_in = result.total_pot - drop
    implied = total - put_in
    rake, fees = fees_taken(hand)
    paid = _net_paid(hand, result)
    if implied == drop or implied < 0 or paid is None or not collected_confirmed(hand):
        return None
    if total - rake - fees != paid:
        return None  # the total and the awards disagree too: not the drop alone
    finding = make(
        hand.hand_key,
        FindingCode.CASH_DROP_MISMATCH,
        f"Cash Drop printed {_fmt(hand, drop)}; the total pot {_fmt(hand, total)} and "
        f"the collected lines show {_fmt(hand, implied)} was added",
        expected=_fmt(hand, implied),
        reported=_fmt(hand, drop),
        expected_amount=implied,
        reported_amount=drop,
    )
    return finding, implied


def _rake(
    hand: HandRecord, result: ReplayResult, rules: HouseRules
) -> tuple[Finding, HandRecord, ReplayResult] | None:
    """R-RAKE-1 / FORMATS §1.12: rake and fees that the pot and the awards contradict.

    Example: total pot $6.01 (confirmed by the chips put in), $5.71 collected
    (confirmed by the SUMMARY), rake printed $0.31: the pot and the awards
    leave $0.30 for the room, so the rake line is the fault. When the room also
    prints fees (GG jackpot), the one figure whose correction makes every
    award agree is named (the rake first: both explain a one-pot hand).
    Returns the finding, the hand with that figure corrected, and its replay.
    """
    if hand.rake_reported is None:
        return None
    room = ROOMS.get(hand.site)
    rake, fees = fees_taken(hand)
    paid = _net_paid(hand, result)
    if paid is None or not collected_confirmed(hand):
        return None
    total = hand.total_pot_reported
    included = room is not None and room.total_includes_rake
    if total is not None and included and total != result.total_pot:
        return None  # the total line is wrong: total_pot_mismatch says so
    room_take_total = result.total_pot - paid
    if room_take_total == rake + fees or room_take_total < 0:
        return None
    if total is not None and room is not None and not room.total_includes_rake:
        # The total is printed after rake (Winamax): it must agree with the awards.
        returned = sum(u.amount for u in result.uncalled) if total_holds_returns(hand) else 0
        if total - returned != paid:
            return None
    delta = room_take_total - rake - fees
    tried: tuple[HandRecord, ReplayResult, str, int, int] | None = None
    for column, printed in _figures(hand):
        if printed + delta < 0:
            continue
        fixed = _with_figure(hand, column, printed + delta)
        trial = replay(fixed, rules, take=room_take, drop_pot=drop_pot(fixed))
        candidate = (fixed, trial, column, printed, printed + delta)
        if tried is None:
            tried = candidate
        if not _allocation_sensitive(fixed, trial):
            tried = candidate
            break
    if tried is None:
        return None
    fixed, trial, column, printed, implied = tried
    what = FIGURE_NAMES.get(column, column)
    finding = make(
        hand.hand_key,
        FindingCode.RAKE_MISMATCH,
        f"{what} printed {_fmt(hand, printed)}; the pot {_fmt(hand, result.total_pot)} less "
        f"{_fmt(hand, paid)} collected leaves {_fmt(hand, room_take_total)} for the room, "
        f"so {what} {_fmt(hand, implied)}",
        expected=_fmt(hand, implied),
        reported=_fmt(hand, printed),
        expected_amount=implied,
        reported_amount=printed,
    )
    return finding, fixed, trial


FIGURE_NAMES = {
    "rake_reported": "rake",
    "jackpot_reported": "jackpot fee",
    "other_fees_reported": "other fees",
}


def _with_figure(hand: HandRecord, column: str, value: int) -> HandRecord:
    if column == "jackpot_reported":
        return replace(hand, jackpot_reported=value)
    if column == "other_fees_reported":
        return replace(hand, other_fees_reported=value)
    return replace(hand, rake_reported=value)


def _figures(hand: HandRecord) -> list[tuple[str, int]]:
    """The printed rake and fee figures, the rake first."""
    out = [("rake_reported", hand.rake_reported or 0)]
    room = ROOMS.get(hand.site)
    for column in room.fees_outside_rake if room is not None else ():
        value = getattr(hand, column, None)
        if isinstance(value, int):
            out.append((column, value))
    return out


# -- the spread of rake and fees over the pots -----------------------------------------
def infer_allocation(
    hand: HandRecord, result: ReplayResult, rules: HouseRules
) -> tuple[ReplayResult, Finding] | None:
    """A spread of the reported rake and fees over the pots that explains every award.

    Only for rooms whose spread is not known, only when the room's assumed
    spread leaves money findings on the awards. Example (Winamax, rake 0.22€
    on pots of 3.54€ and 0.92€): the room paid 3.36€ and 0.88€, so it took
    0.18€/0.04€ where a proportional spread takes 0.17€/0.05€; both spreads
    take the reported 0.22€, the awards match the first: accepted, as info.
    """
    allocation = allocation_for(hand.site)
    if allocation.proven or len(result.pots) < 2:  # one pot (on every board): nothing to spread
        return None
    rake, fees = fees_taken(hand)
    take = rake + fees
    pots = _pot_amounts(result)
    if take <= 0 or len(pots) < 2:
        return None
    if not _allocation_sensitive(hand, result):
        return None
    for per_pot in _candidate_spreads(hand, result, pots, rake, fees):
        fixed = _fixed_take(rake, fees, per_pot)
        trial = replay(hand, rules, take=fixed, drop_pot=drop_pot(hand))
        if not _allocation_sensitive(hand, trial):
            spread = " / ".join(_fmt(hand, t) for t in per_pot)
            finding = make(
                hand.hand_key,
                FindingCode.RAKE_ALLOCATION_INFERRED,
                f"the room's spread of {_fmt(hand, take)} rake and fees over the pots is "
                f"not known; the awards match {spread} (main pot first)",
                expected=None,
                reported=spread,
            )
            return trial, finding
    return None


def _allocation_sensitive(hand: HandRecord, result: ReplayResult) -> bool:
    rows = match_awards(hand, result)
    codes = {f.code for f in award_findings(hand, result, rows)}
    codes |= {f.code for f in side_pot_findings(hand, result)}
    return bool(codes & ALLOCATION_SENSITIVE)


def _pot_amounts(result: ReplayResult) -> list[int]:
    """Each pot's gross amount (all boards), main pot first."""
    gross: dict[int, int] = defaultdict(int)
    for p in result.pots:
        gross[p.index] += p.gross
    return [gross[i] for i in sorted(gross)]


def _fixed_take(rake: int, fees: int, per_pot: Sequence[int]) -> Callable[..., Taken]:
    def take(hand: HandRecord, pots: Sequence[int]) -> Taken:
        return Taken(rake, fees, tuple(per_pot))

    return take


def _candidate_spreads(
    hand: HandRecord, result: ReplayResult, pots: list[int], rake: int, fees: int
) -> Iterator[tuple[int, ...]]:
    """Spreads to try: the one the pot lines imply, then all from the main pot first (as
    rooms take a capped rake: wpn:741631166 takes its $3.00 from the main pot, found
    after 300 replays when tried in turn), then the rake and the fees each spread its
    own way (:func:`_rake_and_fee_spreads`), then every spread if few enough."""
    take = rake + fees
    tried: set[tuple[int, ...]] = set()
    first = _spread_from_lines(hand, pots)
    if first is not None and sum(first) == take:
        tried.add(first)
        yield first
    main_first = _main_pot_first(pots, take)
    if main_first is not None and main_first not in tried:
        tried.add(main_first)
        yield main_first
    for spread in _rake_and_fee_spreads(pots, rake, fees):
        if spread not in tried and len(tried) < MAX_ALLOCATIONS:
            tried.add(spread)
            yield spread
    for spread in _every_spread(pots, take):
        if spread not in tried:
            yield spread


def _rake_and_fee_spreads(pots: list[int], rake: int, fees: int) -> Iterator[tuple[int, ...]]:
    """The rake and the fees spread separately, as a room that caps its rake spreads them:
    the fees (GG's jackpot) in proportion to the pots or from the main pot first, the rake
    by the cumulative rule at every rate that gives a different spread, from the
    proportional one (no cap) to all from the main pot (GGPoker: OM1349864's capped $7.50
    rake comes from the main pot, its $5 jackpot from both pots in proportion). Three
    pots and a few dollars are too many ways for :func:`_every_spread` to try."""
    fee_spreads = [allocate_rake(fees, pots)]
    fee_main_first = allocate_rake(fees, pots, MAIN_FIRST)
    if fee_main_first != fee_spreads[0]:
        fee_spreads.append(fee_main_first)
    for raked in _rake_spreads(pots, rake):
        for fee_parts in fee_spreads:
            yield tuple(r + f for r, f in zip(raked, fee_parts, strict=True))


def _rake_spreads(pots: list[int], rake: int) -> Iterator[list[int]]:
    """Cumulative spreads of ``rake`` (:func:`allocate_rake`), the main pot bearing each
    share from its proportional one up to all it can: the rate is that share of it."""
    main = pots[0]
    if rake <= 0 or main <= 0:
        yield allocate_rake(rake, pots)
        return
    proportional = allocate_rake(rake, pots)
    yield proportional
    for share in range(proportional[0] + 1, min(rake, main) + 1):
        yield allocate_rake(rake, pots, CUMULATIVE, Fraction(share, main), Fraction(0))


def _main_pot_first(pots: list[int], take: int) -> tuple[int, ...] | None:
    """``take`` from the main pot, what it cannot hold from the first side pot, and so on."""
    parts = []
    left = take
    for gross in pots:
        parts.append(min(gross, left))
        left -= parts[-1]
    return tuple(parts) if left == 0 else None


def _spread_from_lines(hand: HandRecord, pots: list[int]) -> tuple[int, ...] | None:
    """Pot k kept gross_k - net_k, net_k as the room printed it (pot lines, else collected)."""
    if hand.main_pot_reported is not None and len(hand.side_pots_reported) == len(pots) - 1:
        net = [hand.main_pot_reported, *hand.side_pots_reported]
    else:
        room = ROOMS.get(hand.site)
        if room is not None and (not room.names_pots or room.collected_includes_uncalled):
            return None  # lines that do not name the pot, or hide returns in a pot's line
        paid: dict[int, int] = defaultdict(int)
        for c in hand.collections:
            paid[c.pot_index] += c.amount
        net = [paid.get(i, 0) for i in range(len(pots))]
    spread = tuple(g - n for g, n in zip(pots, net, strict=True))
    return spread if all(t >= 0 for t in spread) else None


def _every_spread(pots: list[int], take: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``take`` from the pots (each at most its size), if not too many."""
    n = len(pots)
    count = 1
    for k in range(1, n):  # C(take + n - 1, n - 1), computed without overflow worries
        count = count * (take + k) // k
        if count > MAX_ALLOCATIONS:
            return
    for bars in combinations(range(take + n - 1), n - 1):
        parts = []
        prev = -1
        for b in (*bars, take + n - 1):
            parts.append(b - prev - 1)
            prev = b
        if all(t <= g for t, g in zip(parts, pots, strict=True)):
            yield tuple(parts)
