"""Replay: re-derive a hand under the rules, independently of what the room printed.

Driven by seats, stacks, posts, actions, boards and shown cards. It never
reads a reported figure: not the total pot, side pots, uncalled returns,
collected amounts, nor the rake. What the room took out of the pots before
paying is given by the caller (``take``): nothing by default; the audit passes
the reported rake spread over the pots the room's way
(:func:`omahahh.audit.settle.room_take`), where reported and derived meet.

>>> from omahahh.dataset.pipeline import parse_text
>>> hand = parse_text(EXAMPLE)[0]
>>> result = replay(hand)
>>> result.total_pot, [(a.seat, a.amount) for a in result.awards]
(20, [(2, 20)])
>>> taken = replay(hand, take=lambda hand, pots: Taken(1, 0, (1,)))
>>> [(a.seat, a.amount) for a in taken.awards]
[(2, 19)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import HandRecord, Street
from omahahh.replay.betting import BettingOutcome, Decision, UncalledDerived, walk_betting
from omahahh.replay.decision_rows import HandDecisions
from omahahh.replay.showdown import DerivedAward, DerivedPot, Scores, derive_pots, showdown

__all__ = [
    "Decision",
    "DerivedAward",
    "DerivedPot",
    "PlayerResult",
    "ReplayResult",
    "UncalledDerived",
    "replay",
]

EXAMPLE = """PokerStars Hand #1: Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/01 12:00:00 ET
Table 'Example' 6-max Seat #1 is the button
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
Seat 3: C ($10 in chips)
B: posts small blind $0.05
C: posts big blind $0.10
*** HOLE CARDS ***
A: folds
B: raises $0.20 to $0.30
C: folds
Uncalled bet ($0.20) returned to B
B collected $0.19 from pot
B: doesn't show hand
*** SUMMARY ***
Total pot $0.20 | Rake $0.01
Seat 1: A (button) folded before Flop (didn't bet)
Seat 2: B (small blind) collected ($0.19)
Seat 3: C (big blind) folded before Flop
"""


class Taken(NamedTuple):
    """What the room took out of the pots before paying: rake, other fees, and per pot."""

    rake: int
    fees: int
    per_pot: tuple[int, ...]


TakeHook = Callable[[HandRecord, Sequence[int]], Taken]
"""``take(hand, pot_amounts) -> Taken``: the room's cut of each pot (main pot first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResult:
    """A seat's derived money: chips put in (after returns) and chips won.

    A slotted record, not a named tuple: its fields are read a few dozen times a hand,
    and a named tuple's field goes through the interpreter's generic attribute lookup."""

    seat: int
    player: str
    stack_start: int
    invested: int
    won: int | None  # None when a pot this player could win cannot be derived
    folded: bool
    all_in: bool
    dealt_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayResult:
    """Everything replay derived for one hand."""

    hand_key: str
    decisions: Sequence[Decision]
    """A tuple, or the compiled walk's rows made records when read (:mod:`.decision_rows`)."""
    players: tuple[PlayerResult, ...]
    uncalled: tuple[UncalledDerived, ...]
    pots: tuple[DerivedPot, ...]
    awards: tuple[DerivedAward, ...]
    total_pot: int
    rake: int
    fees: int
    missing: tuple[tuple[Street, int], ...]
    bad_cards: str | None
    cancelled: bool
    marked: tuple[int, ...] | None = None
    """The actions the betting audit needs to look at (the walk's batch masks); None: all.
    A replay that walks again (reconcile's) has None: the marks belong to the decisions."""

    def name_of(self, seat: int) -> str:
        for p in self.players:
            if p.seat == seat:
                return p.player
        return ""

    def seat_of(self, player: str) -> int | None:
        for p in self.players:
            if p.player == player:
                return p.seat
        return None


def _frozen(decisions: Sequence[Decision]) -> Sequence[Decision]:
    """The walk's list as a tuple; the compiled walk's rows as they are (read-only)."""
    return decisions if isinstance(decisions, HandDecisions) else tuple(decisions)


def replay(
    hand: HandRecord,
    rules: HouseRules = DEFAULT_HOUSE_RULES,
    take: TakeHook | None = None,
    walked: BettingOutcome | None = None,
    scores: Scores | None = None,
    drop_pot: int = 0,
) -> ReplayResult:
    """Re-derive ``hand``: legal options at each action, pots, awards (after ``take``).

    ``drop_pot``: the pot the hand's promotional money (``cash_drop_reported``) joins,
    the main pot unless the room pays it inside another pot's awards
    (:func:`omahahh.audit.settle.drop_pot`).

    ``walked``: the hand's betting walk when it was already done (the pipeline walks a
    batch at once, :mod:`omahahh.replay.batch_walk`); used once, its states are changed.
    ``scores``: its shown hands evaluated with the batch's (:mod:`.showdown_scores`).
    Raises only on a replay bug; :func:`omahahh.audit.hand.audit_hand` turns that
    into a finding so no hand is ever lost.
    """
    outcome = walked if walked is not None else walk_betting(hand, rules)
    players = outcome.players
    if hand.cancelled:
        # The hand was stopped: every bet goes back (R-TO-3).
        for p in players.values():
            p.invested = 0
            p.dead = 0
        uncalled: tuple[UncalledDerived, ...] = ()
    else:
        uncalled = tuple(outcome.uncalled)
    # Levels come from live bets; antes and dead blinds are dead money of the main pot.
    # One pass over the players (this runs for every hand).
    names: dict[int, str] = {}
    live: dict[int, int] = {}
    in_hand: list[int] = []
    dead = 0
    ante_only = False  # a player all-in on the ante alone can win only the dead money
    for seat, p in players.items():
        names[seat] = p.name
        if p.invested > p.dead:
            live[seat] = p.invested - p.dead
        dead += p.dead
        if p.dealt_in and not p.folded:
            in_hand.append(seat)
            if p.dead > 0 and p.invested <= p.dead:
                ante_only = True
    cash_drop = 0 if hand.cancelled else (hand.cash_drop_reported or 0)
    if drop_pot:
        pots = derive_pots(live, in_hand, dead, ante_only, drop=cash_drop, drop_pot=drop_pot)
    else:
        pots = derive_pots(live, in_hand, cash_drop + dead, separate_extra=ante_only)
    if take is None or hand.cancelled:
        taken = Taken(0, 0, (0,) * len(pots))
    else:
        taken = take(hand, [p.amount for p in pots])
    sd = showdown(hand, pots, taken.per_pot, names, rules, scores)
    won: dict[int, int] = {}
    for a in sd.awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
    unknown = {s for pot in sd.pots if not pot.verifiable for s in pot.eligible}
    results = tuple(  # from a list: tuple() of a generator resumes it for every player
        [
            PlayerResult(
                seat=seat,
                player=p.name,
                stack_start=p.stack_start,
                invested=p.invested,
                won=None if seat in unknown else won.get(seat, 0),
                folded=p.folded,
                all_in=p.all_in,
                dealt_in=p.dealt_in,
            )
            for seat, p in sorted(players.items())
        ]
    )
    return ReplayResult(
        hand_key=hand.hand_key,
        decisions=_frozen(outcome.decisions),
        players=results,
        uncalled=uncalled,
        pots=sd.pots,
        awards=sd.awards,
        total_pot=sum(live.values()) + dead + cash_drop,
        rake=taken.rake,
        fees=taken.fees,
        missing=tuple(outcome.missing),
        bad_cards=sd.bad_cards,
        cancelled=hand.cancelled,
        marked=outcome.marked,
    )
