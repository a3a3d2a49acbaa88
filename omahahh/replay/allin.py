"""All-in EV: what each player could expect from the pots when the money went in early.

A hand counts when the last chips went in *before the river* and every live
player's cards are known: after the last action at most one player still in
the hand has chips behind, at least two are in, and each of them shows (or
was dealt, for the hero) a full hand. From that moment on nothing the players
do matters; only the cards to come.

For each pot of the replay (each board's share of it, after its rake, so the
rake is borne in proportion to the pots) every eligible player's exact share
is computed with :func:`omahahh.eval.equity.pot_shares`: hands of live players not
eligible for a side pot are dead cards for it, and Hi/Lo halves follow
R-LO-7. A player's ``ev_won`` is the sum over pots of share x amount, rounded
to the nearest minor unit. It is computed once, at ingest (table ``allin``),
so statistics never enumerate a board.

Exact when it is cheap, sampled when it is not: every remaining board is
enumerated when there are no more of them than :data:`DEFAULT_SAMPLES` deals
(from the flop on: at most C(45, 2) = 990 boards); before the flop (about a
million boards, dozens of times the cost) shares are a seeded Monte Carlo
estimate of that many deals, and the row carries the standard error of
``equity`` (at most 0.5/sqrt(2000) = 0.011). The costs: docs/PERFORMANCE.md.

Cards of folded players are *not* removed from the deck, as no one at the
table knows them (the usual all-in EV convention). Not counted: Courchevel
hands all-in before the flop (a board card is already up, the enumerator
needs 0, 3, 4 or 5), more than six live hands, and hands whose replay failed.

>>> from omahahh.dataset.pipeline import parse_text
>>> from omahahh.audit.hand import audit_hand
>>> hand = parse_text(EXAMPLE)[0]
>>> [(r.player, r.street, round(r.equity, 4), r.ev_won, r.actual_won, r.exact)
...  for r in allin_rows(hand, audit_hand(hand).result)]
[('A', 'flop', 0.2512, 477, 0, True), ('B', 'flop', 0.7488, 1423, 1900, True)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from omahahh.action_table import action_table
from omahahh.errors import CardError, OmahahhError
from omahahh.eval.equity import pot_shares_and_errors
from omahahh.hand_tables import (
    CollectionTable,
    ShowTable,
    SummarySeatTable,
    amounts_by_player,
    as_table,
)
from omahahh.model import POST_KINDS, HandRecord, Street
from omahahh.replay.engine import ReplayResult

# Board cards known when the last money went in on each street.
_BOARD_KNOWN = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4}
_MAX_HANDS = 6  # the enumerator's limit
DEFAULT_SAMPLES = 2000
"""Deals sampled where more boards are left to enumerate (``--allin-preflop-samples``)."""

EXAMPLE = """PokerStars Hand #1: Omaha No Limit ($0.05/$0.10 USD) - 2020/01/01 12:00:00 ET
Table 'Example' 6-max Seat #1 is the button
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts small blind $0.05
B: posts big blind $0.10
*** HOLE CARDS ***
A: raises $0.20 to $0.30
B: calls $0.20
*** FLOP *** [Ah 7c 2s]
B: bets $0.60
A: raises $9.10 to $9.70 and is all-in
B: calls $9.10 and is all-in
*** TURN *** [Ah 7c 2s] [9d]
*** RIVER *** [Ah 7c 2s 9d] [3c]
*** SHOW DOWN ***
A: shows [As Ks Qd 7h] (two pair, Aces and Sevens)
B: shows [2c 2d 3h 4h] (three of a kind, Twos)
B collected $19 from pot
*** SUMMARY ***
Total pot $20 | Rake $1
Board [Ah 7c 2s 9d 3c]
Seat 1: A (button) (small blind) showed [As Ks Qd 7h] and lost with two pair, Aces and Sevens
Seat 2: B (big blind) showed [2c 2d 3h 4h] and won ($19) with three of a kind, Twos
"""


@dataclass(frozen=True, slots=True, kw_only=True)
class AllinRow:
    """One live player of an all-in hand: a row of the ``allin`` table.

    ``equity``: expected share of the main pot (first board). ``ev_won``: expected
    chips from every pot, after rake. ``actual_won``: what the pots paid (replay's
    award, or the ``collected`` lines when replay could not derive it).
    """

    hand_key: str
    seat: int
    player: str
    street: str
    live_players: int
    equity: float
    ev_won: int
    actual_won: int
    invested: int
    exact: bool = True
    equity_std_error: float | None = None
    """Standard error of ``equity`` when it was sampled (``exact`` False), else None."""


def allin_street(hand: HandRecord) -> Street:
    """Street of the last action that was not a post (pre-flop when there is none)."""
    actions = action_table(hand.actions)
    for i in range(len(actions) - 1, -1, -1):
        if actions.kinds[i] not in POST_KINDS:
            return actions.streets[i]
    return Street.PREFLOP


def known_holes(hand: HandRecord) -> dict[str, tuple[int, ...]]:
    """Full hands known by name: dealt (the hero), shown, or listed in the SUMMARY."""
    need = hand.game.hole_card_count
    known: dict[str, tuple[int, ...]] = {}
    for name, cards in hand.dealt:
        if len(cards) == need:
            known[name] = cards
    shows = as_table(ShowTable, hand.shows)
    for player, cards in zip(shows.players, shows.cards, strict=True):
        if len(cards) == need:
            known.setdefault(player, cards)
    seats = as_table(SummarySeatTable, hand.summary_seats)
    for player, cards in zip(seats.players, seats.showed, strict=True):
        if len(cards) == need:
            known.setdefault(player, cards)
    return known


def allin_rows(
    hand: HandRecord, result: ReplayResult | None, samples: int | None = DEFAULT_SAMPLES
) -> tuple[AllinRow, ...]:
    """The ``allin`` rows of ``hand``: one per live player, or none (see the module doc).

    Exact when the remaining boards are no more than ``samples``, else a seeded Monte
    Carlo estimate of ``samples`` deals (in practice: before the flop, where an exact
    enumeration goes over about a million boards). ``samples=None``: exact everywhere.
    """
    if result is None or hand.cancelled or not hand.boards:
        return ()
    live = [p for p in result.players if p.dealt_in and not p.folded]
    if not 2 <= len(live) <= _MAX_HANDS or sum(not p.all_in for p in live) > 1:
        return ()
    street = allin_street(hand)
    if street not in _BOARD_KNOWN or (hand.game.courchevel and street is Street.PREFLOP):
        return ()
    board = hand.boards[0][: _BOARD_KNOWN[street]]
    if len(board) < _BOARD_KNOWN[street]:
        return ()
    known = known_holes(hand)
    holes = {p.seat: known.get(p.player) for p in live}
    hands = {seat: cards for seat, cards in holes.items() if cards is not None}
    if len(hands) != len(live):
        return ()
    try:
        if samples is not None and not _worth_sampling(hands, board, samples):
            samples = None
        ev, main_share, main_error = _expected(result, hands, board, hand.game.hi_lo, samples)
    except (CardError, OmahahhError):
        return ()  # a card seen twice: the audit reports it, EV cannot be had
    collected = amounts_by_player(as_table(CollectionTable, hand.collections))
    return tuple(
        AllinRow(
            hand_key=hand.hand_key,
            seat=p.seat,
            player=p.player,
            street=street.value,
            live_players=len(live),
            equity=main_share.get(p.seat, 0.0),
            ev_won=round(ev.get(p.seat, 0.0)),
            actual_won=p.won if p.won is not None else collected.get(p.player, 0),
            invested=p.invested,
            exact=samples is None,
            equity_std_error=None if samples is None else main_error.get(p.seat, 0.0),
        )
        for p in live
    )


def _worth_sampling(
    hands: dict[int, tuple[int, ...]], board: tuple[int, ...], samples: int
) -> bool:
    """More boards are left to deal than ``samples``: enumerating them would cost more."""
    deck = 52 - len(board) - sum(len(cards) for cards in hands.values())
    return comb(deck, 5 - len(board)) > samples


def _expected(
    result: ReplayResult,
    hands: dict[int, tuple[int, ...]],
    board: tuple[int, ...],
    hi_lo: bool,
    samples: int | None = None,
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """(expected chips per seat over every pot, share of the first board's main pot,
    standard error of that share: empty when exact)."""
    ev: dict[int, float] = {}
    main: dict[int, float] = {}
    main_error: dict[int, float] = {}
    cache: dict[tuple[int, ...], tuple[dict[int, float], dict[int, float]]] = {}
    for pot in result.pots:
        eligible = tuple(s for s in pot.eligible if s in hands)
        if not eligible:
            continue
        if eligible not in cache:
            cache[eligible] = _shares(eligible, hands, board, hi_lo, samples)
        shares, errors = cache[eligible]
        for seat, share in shares.items():
            ev[seat] = ev.get(seat, 0.0) + share * pot.amount
        if pot.run == 0 and pot.index == 0:
            main, main_error = shares, errors
    return ev, main, main_error


def _shares(
    eligible: tuple[int, ...],
    hands: dict[int, tuple[int, ...]],
    board: tuple[int, ...],
    hi_lo: bool,
    samples: int | None,
) -> tuple[dict[int, float], dict[int, float]]:
    """Share of the pot per eligible seat, and its standard error (empty when exact)."""
    if len(eligible) == 1:
        return {eligible[0]: 1.0}, {}
    dead = tuple(sorted(c for seat, cards in hands.items() if seat not in eligible for c in cards))
    # The same match-up in another seat order is the same question: ask it sorted.
    keyed = sorted(eligible, key=lambda s: sorted(hands[s]))
    canonical = tuple(tuple(sorted(hands[s])) for s in keyed)
    shares, errors = _cached_shares(canonical, tuple(sorted(board)), dead, hi_lo, samples)
    return (
        dict(zip(keyed, shares, strict=True)),
        dict(zip(keyed, errors, strict=True)) if errors is not None else {},
    )


SAMPLING_SEED = 20261202


@lru_cache(maxsize=4096)
def _cached_shares(
    hands: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    hi_lo: bool,
    samples: int | None,
) -> tuple[tuple[float, ...], tuple[float, ...] | None]:
    """Shares (and standard errors when sampled), remembered per match-up.

    Sampling uses a fixed seed, so the same match-up always gets the same estimate.
    """
    return pot_shares_and_errors(
        list(hands), board, dead, hi_lo=hi_lo, samples=samples, seed=SAMPLING_SEED
    )
