"""Synthetic deals, fair and deliberately biased, for calibrating the tests.

:func:`deal` shuffles a 52-card deck per hand (seeded), deals ``hole`` cards
to each of ``players`` seats and a five-card board, and returns the
:class:`~omahahh.fairness.sample.DealSample` the tests read, as if from a
dataset: every seat known (an operator's log) or only the hero's (a player's
own history, the hero keeping one seat per table).

The streets are *not* dealt blindly: whether the flop comes depends on how
many aces the players hold, whether the turn comes on whether the flop holds
an ace, as real players' decisions depend on their cards. A test that
ignored that selection would reject these fair deals; the calibration tests
show none does.

Biased dealers (:class:`Dealer`), each a small change to a fair shuffle:

- ``pairs``: a hand is about 10 % more likely to hold a pair (a hand dealt
  without one gets a card of one of its ranks instead of one of its cards);
- ``seat_ace``: one seat gets an extra ace a quarter of the time (an ace
  from the undealt cards replaces one of its other cards);
- ``repeat``: a tenth of the flops bring back a card of the table's previous
  board (from the undealt cards) as their first card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from omahahh.fairness.sample import (
    AllinSample,
    BoolArray,
    DealSample,
    IntArray,
    SampleCounts,
)

ACE = 12


class Dealer(StrEnum):
    FAIR = "fair"
    PAIRS = "pairs"
    SEAT_ACE = "seat_ace"
    REPEAT = "repeat"


class Known(StrEnum):
    ALL = "all"  # every seat's hole cards (an operator's log)
    HERO = "hero"  # one seat per table (a player's own hands)


PAIR_BOOST = 0.10  # pairs this much more likely
ACE_SEAT = 3  # the seat the seat_ace dealer favours
ACE_RATE = 0.25  # how often it gets an extra ace
REPEAT_RATE = 0.10  # flops starting with a card of the previous board
ALLIN_RATE = 0.05  # hands with a heads-up all-in row


@dataclass(frozen=True, slots=True)
class Deals:
    """Raw deals: the permuted deck of each hand and the table layout."""

    deck: IntArray  # (H, 52): seats' cards first, then the board, then the stub
    table: IntArray  # (H,)
    players: int
    hole: int

    @property
    def board_start(self) -> int:
        return self.players * self.hole


def _pair_probability(hole: int) -> float:
    """P(a hand of ``hole`` cards holds two of a rank)."""
    no_pair: int = math.comb(13, hole) * 4**hole
    return 1.0 - no_pair / math.comb(52, hole)


def _swap(deck: IntArray, h: int, i: int, j: int) -> None:
    deck[h, i], deck[h, j] = deck[h, j], deck[h, i]


def _stub_index(deck: IntArray, h: int, start: int, wanted: BoolArray) -> int | None:
    """Index (in the undealt stub from ``start``) of a random card with ``wanted[card]``."""
    where = np.flatnonzero(wanted[deck[h, start:]])
    return None if where.size == 0 else start + int(where[0])


def _more_pairs(d: Deals, rng: np.random.Generator) -> None:
    p0 = _pair_probability(d.hole)
    rate = PAIR_BOOST * p0 / (1.0 - p0)  # of the hands without a pair, to get one
    stub = d.board_start + 5
    holes = d.deck[:, : d.board_start].reshape(len(d.deck), d.players, d.hole)
    ranks = holes >> 2
    paired = (ranks[:, :, :, None] == ranks[:, :, None, :]).sum(axis=(2, 3)) > d.hole
    chosen = ~paired & (rng.random(paired.shape) < rate)
    for h, s in zip(*(x.tolist() for x in np.nonzero(chosen)), strict=True):
        base = s * d.hole
        keep, drop = rng.choice(d.hole, 2, replace=False)
        rank = d.deck[h, base + keep] >> 2
        wanted = np.zeros(52, dtype=bool)
        wanted[rank * 4 : rank * 4 + 4] = True
        at = _stub_index(d.deck, h, stub, wanted)
        if at is not None:
            _swap(d.deck, h, base + drop, at)


def _extra_ace(d: Deals, rng: np.random.Generator) -> None:
    stub = d.board_start + 5
    aces = np.zeros(52, dtype=bool)
    aces[ACE * 4 :] = True
    # Seat numbers are 1..players; the favoured seat's cards are at (seat - 1) * hole.
    base = (ACE_SEAT - 1) * d.hole
    for h in np.flatnonzero(rng.random(len(d.deck)) < ACE_RATE).tolist():
        own = d.deck[h, base : base + d.hole]
        others = np.flatnonzero(~aces[own])
        at = _stub_index(d.deck, h, stub, aces)
        if others.size and at is not None:
            _swap(d.deck, h, base + int(rng.choice(others)), at)


def _repeats(d: Deals, rng: np.random.Generator) -> None:
    flop = d.board_start
    stub = flop + 5
    for h in np.flatnonzero(rng.random(len(d.deck)) < REPEAT_RATE).tolist():
        if h == 0 or d.table[h] != d.table[h - 1]:
            continue
        wanted = np.zeros(52, dtype=bool)
        wanted[d.deck[h - 1, flop : flop + 3]] = True  # the previous flop is always known
        at = _stub_index(d.deck, h, stub, wanted)
        if at is not None:
            _swap(d.deck, h, flop, at)


def _streets(d: Deals, rng: np.random.Generator) -> IntArray:
    """Board cards dealt per hand (0, 3, 4, 5), decided from the cards as players would."""
    n = len(d.deck)
    holes = d.deck[:, : d.board_start]
    aces = ((holes >> 2) == ACE).sum(axis=1)
    flop = rng.random(n) < 0.4 + 0.2 * np.minimum(aces, 3)
    flop_ace = ((d.deck[:, d.board_start : d.board_start + 3] >> 2) == ACE).any(axis=1)
    turn = flop & (rng.random(n) < np.where(flop_ace, 0.5, 0.75))
    river = turn & (rng.random(n) < 0.8)
    return np.where(river, 5, np.where(turn, 4, np.where(flop, 3, 0)))


def player_name(table: int, seat: int) -> str:
    """The synthetic player at ``seat`` of ``table`` (the same all session)."""
    return f"t{table}s{seat}"


def _allins(d: Deals, rng: np.random.Generator) -> AllinSample:
    """Heads-up all-ins (seats 1 and 2) with a random equity, won with that probability.

    Rows are by hand, then seat, as a dataset lists them.
    """
    hands = np.flatnonzero(rng.random(len(d.deck)) < ALLIN_RATE)
    first = rng.random(hands.size)
    won = rng.random(hands.size) < first
    tables = d.table[hands].tolist()
    return AllinSample(
        hand=np.repeat(hands, 2),
        player=[player_name(t, s) for t in tables for s in (1, 2)],
        equity=np.stack([first, 1.0 - first], axis=1).ravel(),
        share=np.stack([won, ~won], axis=1).ravel().astype(np.float64),
    )


def shuffle(
    hands: int, rng: np.random.Generator, *, players: int = 6, hole: int = 4, tables: int = 20
) -> Deals:
    """A fresh shuffle per hand, hands spread over ``tables`` tables in order."""
    deck = np.argsort(rng.random((hands, 52)), axis=1).astype(np.int64)
    table = np.repeat(np.arange(tables), -(-hands // tables))[:hands]
    return Deals(deck=deck, table=table, players=players, hole=hole)


@dataclass(frozen=True, slots=True)
class Session:
    """Dealt hands with the board cards each reached and the all-ins."""

    deals: Deals
    streets: IntArray  # board cards dealt per hand
    allin: AllinSample

    @property
    def button(self) -> IntArray:
        """Seat of the button: it moves one seat a hand, from seat 1 at each table."""
        d = self.deals
        index_in_table = np.arange(len(d.deck)) - np.searchsorted(d.table, d.table)
        out: IntArray = index_in_table % d.players + 1
        return out

    def part(self, start: int, stop: int) -> Session:
        """Hands ``start:stop`` (cut at table boundaries, so buttons stay as dealt)."""
        d = self.deals
        deals = Deals(d.deck[start:stop], d.table[start:stop], d.players, d.hole)
        keep = (self.allin.hand >= start) & (self.allin.hand < stop)
        names = [n for n, k in zip(self.allin.player, keep.tolist(), strict=True) if k]
        allin = AllinSample(
            self.allin.hand[keep] - start, names, self.allin.equity[keep], self.allin.share[keep]
        )
        return Session(deals, self.streets[start:stop], allin)

    def hero_seat(self) -> IntArray:
        """The hero's seat at each hand's table (one seat per table, as a player sits)."""
        out: IntArray = self.deals.table % self.deals.players + 1
        return out


def session(
    hands: int,
    seed: int,
    *,
    dealer: Dealer = Dealer.FAIR,
    players: int = 6,
    hole: int = 4,
    tables: int = 20,
) -> Session:
    """``hands`` seeded deals by ``dealer``."""
    rng = np.random.default_rng(seed)
    d = shuffle(hands, rng, players=players, hole=hole, tables=tables)
    if dealer is Dealer.PAIRS:
        _more_pairs(d, rng)
    elif dealer is Dealer.SEAT_ACE:
        _extra_ace(d, rng)
    elif dealer is Dealer.REPEAT:
        _repeats(d, rng)
    return Session(d, _streets(d, rng), _allins(d, rng))


def deal(
    hands: int,
    seed: int,
    *,
    dealer: Dealer = Dealer.FAIR,
    known: Known = Known.ALL,
    players: int = 6,
    hole: int = 4,
    tables: int = 20,
) -> DealSample:
    """``hands`` seeded deals by ``dealer``, as the sample a dataset would give."""
    s = session(hands, seed, dealer=dealer, players=players, hole=hole, tables=tables)
    return as_sample(s, known)


def board_of(s: Session) -> IntArray:
    """(H, 5) boards, -1 past the cards each hand reached."""
    d = s.deals
    board = d.deck[:, d.board_start : d.board_start + 5].copy()
    board[np.arange(5)[None, :] >= s.streets[:, None]] = -1
    return board


def as_sample(s: Session, known: Known) -> DealSample:
    """The :class:`DealSample` of a session, as a dataset of it would give it."""
    d = s.deals
    n = len(d.deck)
    button = s.button
    seats = np.tile(np.arange(1, d.players + 1), (n, 1))
    if known is Known.HERO:
        chosen = seats == s.hero_seat()[:, None]
    else:
        chosen = np.ones_like(seats, dtype=bool)
    holes = d.deck[:, : d.board_start].reshape(n, d.players, d.hole)
    hand_rows = np.broadcast_to(np.arange(n)[:, None], seats.shape)
    everyone = known is Known.ALL
    return DealSample(
        table=d.table.copy(),
        hole_count=np.full(n, d.hole, dtype=np.int64),
        all_known=np.full(n, everyone),
        known_hand=np.repeat(hand_rows[chosen], d.hole),
        known_card=holes[chosen].ravel(),
        board=board_of(s),
        seat_hand=hand_rows[chosen],
        seat=seats[chosen],
        position=((seats - button[:, None]) % d.players)[chosen],
        holes=holes[chosen],
        allin=s.allin,
        counts=SampleCounts(
            hands_read=n, all_known=n if everyone else 0, hero_only=0 if everyone else n
        ),
    )
