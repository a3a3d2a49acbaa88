"""Pots and awards of a replayed hand: from contributions and cards to who gets what.

Uses only what the betting walk derived plus seats, shown cards and boards.
What the room took out of each pot before paying (rake, fees) is an input:
zero for the replay alone; the audit, where reported meets derived, passes
the reported rake spread over the pots (:mod:`omahahh.audit.settle`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from omahahh.action_table import action_table
from omahahh.errors import CardError
from omahahh.eval.evaluator import omaha_high, omaha_low
from omahahh.hand_tables import ShowTable, SummarySeatTable, as_table
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord
from omahahh.rules.odd_chips import hand_split_chip
from omahahh.rules.pots import Pot, build_pots, split_between_runs
from omahahh.rules.seating import clockwise_from_button
from omahahh.rules.showdown import Contestant, award_pot

Scores = Mapping[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int | None]]
"""(hole, board) -> (high rank, low value or None), as :func:`omaha_high` and
:func:`omaha_low` give them (:mod:`omahahh.replay.showdown_scores`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedPot:
    """One pot on one board: chips before and after rake, who may win it, who contested it.

    ``verifiable`` is False when the winner cannot be derived (a contested pot
    with no fully shown hand, or an incomplete board); ``unshown`` lists
    eligible players who did not show (they cannot win, R-SD-2).
    """

    run: int
    index: int
    eligible: tuple[int, ...]
    gross: int
    rake: int
    amount: int
    contested: bool
    verifiable: bool
    contestants: tuple[int, ...]
    unshown: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedAward:
    """Chips of one pot (or half) derived for one seat (a slotted record: a named tuple's
    fields go through the generic attribute lookup)."""

    run: int
    pot_index: int
    half: str
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownOutcome:
    pots: tuple[DerivedPot, ...]
    awards: tuple[DerivedAward, ...]
    bad_cards: str | None  # why shown cards could not be evaluated (a card seen twice)


def known_hands(hand: HandRecord) -> dict[str, tuple[int, ...]]:
    """Hands shown in full at showdown (shows lines, or SUMMARY ``showed [...]``)."""
    need = hand.game.hole_card_count
    shown: dict[str, tuple[int, ...]] = {}
    shows = as_table(ShowTable, hand.shows)
    for i, player in enumerate(shows.players):
        cards = shows.cards[i]
        if not shows.mucked[i] and len(cards) == need:
            shown[player] = cards
    seats = as_table(SummarySeatTable, hand.summary_seats)
    if any(seats.showed):  # a scan in C: most SUMMARY lines show no cards
        for i, player in enumerate(seats.players):
            cards = seats.showed[i]
            if cards and not seats.mucked[i] and len(cards) == need:
                shown.setdefault(player, cards)
    return shown


def derive_pots(
    contributions: Mapping[int, int],
    in_hand: Sequence[int],
    extra_main: int = 0,
    separate_extra: bool = False,
    drop: int = 0,
    drop_pot: int = 0,
) -> list[Pot]:
    """Pots of the whole hand from live bets (R-POT-1); ``extra_main`` (antes, dead blinds,
    promotional money) joins the main pot, or is a main pot of its own when a player in
    the hand put in nothing else (all-in on the ante). ``drop`` (promotional money the
    room pays inside another pot's awards) joins pot ``drop_pot``, or the main pot when
    the hand has no such pot."""
    pots = build_pots(contributions, in_hand)
    if extra_main and separate_extra:
        first = Pot(0, extra_main, tuple(sorted(in_hand)), 0)
        pots = [first] + [Pot(p.index + 1, p.amount, p.eligible, p.level) for p in pots]
    elif extra_main and pots:
        first = pots[0]
        pots[0] = Pot(first.index, first.amount + extra_main, first.eligible, first.level)
    elif extra_main:
        pots = [Pot(0, extra_main, tuple(sorted(in_hand)), 0)]
    if drop:
        at = drop_pot if drop_pot < len(pots) else 0
        if pots:
            p = pots[at]
            pots[at] = Pot(p.index, p.amount + drop, p.eligible, p.level)
        else:
            pots = [Pot(0, drop, tuple(sorted(in_hand)), 0)]
    return pots


def split_chip(hand: HandRecord, rules: HouseRules) -> int:
    """The chip ``hand``'s pots are split in: the largest of ``rules.split_chips`` that
    divides every amount the hand states before its awards."""
    if not rules.split_chips:
        return 1
    amounts = [s.stack_start for s in hand.seats] + action_table(hand.actions).amounts
    amounts += [u.amount for u in hand.uncalled]
    amounts += [hand.rake_reported or 0, hand.total_pot_reported or 0]
    return hand_split_chip(amounts, rules.split_chips, hand.unit)


def showdown(
    hand: HandRecord,
    pots: Sequence[Pot],
    rake_parts: Sequence[int],
    names: Mapping[int, str],
    rules: HouseRules,
    scores: Scores | None = None,
) -> ShowdownOutcome:
    """``rake_parts`` (what the room took from each pot) out, each pot split between the
    boards, each part awarded. ``scores``: shown hands already evaluated
    (:func:`omahahh.replay.showdown_scores.score_batch`); any other is evaluated here."""
    runs = max(1, len(hand.boards))
    split_uncontested = rules.runs_share_uncontested_pots
    # Read on the first contested pot only: most hands have none (everyone folded to one).
    shown: dict[int, tuple[int, ...]] = {}
    order: list[int] = []
    chip = 1
    read = False
    out_pots: list[DerivedPot] = []
    awards: list[DerivedAward] = []
    bad_cards: str | None = None
    for pot, taken in zip(pots, rake_parts, strict=True):
        # The boards share what is left after rake; odd chips go to the first board.
        shared = runs if len(pot.eligible) > 1 or split_uncontested else 1
        net_parts = split_between_runs(pot.amount - taken, shared)
        rake_runs = split_between_runs(taken, shared)
        for run, (amount, run_rake) in enumerate(zip(net_parts, rake_runs, strict=True)):
            gross = amount + run_rake
            board = hand.boards[run] if run < len(hand.boards) else ()
            contested = len(pot.eligible) > 1
            if contested and not read:
                seat_of = {name: seat for seat, name in names.items()}
                shown = {seat_of[n]: c for n, c in known_hands(hand).items() if n in seat_of}
                order = clockwise_from_button(names, hand.button_seat)
                chip = split_chip(hand, rules)
                read = True
            contestants = [s for s in pot.eligible if s in shown] if contested else []
            unshown = tuple([s for s in pot.eligible if s not in shown]) if contested else ()
            verifiable = not contested or (bool(contestants) and len(board) == 5)
            shares = []
            if not contested:
                shares = [(pot.eligible[0], "whole", amount)] if pot.eligible else []
            elif verifiable:
                try:
                    scored = _score(contestants, shown, board, hand.game.hi_lo, scores)
                except CardError as exc:
                    bad_cards = str(exc)
                    verifiable = False
                else:
                    shares = [
                        (s.seat, s.half, s.amount)
                        for s in award_pot(
                            amount,
                            scored,
                            hi_lo=hand.game.hi_lo,
                            order=order,
                            odd_chip_to=rules.hi_lo_odd_chip,
                            chip=chip,
                        )
                    ]
            out_pots.append(
                DerivedPot(
                    run=run,
                    index=pot.index,
                    eligible=pot.eligible,
                    gross=gross,
                    rake=run_rake,
                    amount=amount,
                    contested=contested,
                    verifiable=verifiable,
                    contestants=tuple(contestants),
                    unshown=unshown,
                )
            )
            awards += [
                DerivedAward(run=run, pot_index=pot.index, half=half, seat=s, amount=amt)
                for s, half, amt in shares
            ]
    return ShowdownOutcome(pots=tuple(out_pots), awards=tuple(awards), bad_cards=bad_cards)


def _score(
    seats: Sequence[int],
    shown: Mapping[int, tuple[int, ...]],
    board: tuple[int, ...],
    hi_lo: bool,
    scores: Scores | None = None,
) -> list[Contestant]:
    used: set[int] = set(board)
    if len(used) != len(board):
        raise CardError("the board holds a card twice")
    for s in seats:
        cards = set(shown[s])
        if cards & used or len(cards) != len(shown[s]):
            raise CardError(f"seat {s} shows a card already on the board or in another hand")
        used |= cards
    out = []
    for s in seats:
        known = scores.get((shown[s], board)) if scores else None
        if known is not None:
            out.append(Contestant(s, known[0], known[1] if hi_lo else None))
        else:
            low = omaha_low(shown[s], board) if hi_lo else None
            out.append(Contestant(s, omaha_high(shown[s], board), low))
    return out
