"""What is a fair sample of the deal, and the arrays the tests read.

A card is a fair sample when the reason it is known does not depend on what
it is. So, per hand:

- a hand in which every dealt seat's hole cards come from the deal itself
  (``players.dealt_known``: operator logs, PHH, rooms that print every hand)
  contributes every dealt card, and its board is tested against the deck left
  once *all* those hole cards are out;
- otherwise the hole cards of the hero (the ``Dealt to`` player; with
  ``--player``, that player) are a fair sample, and the board is tested
  against the deck left once the hero's cards are out;
- cards known only because a player showed them are never used: a hand is
  shown because of how the cards fell (it reached showdown, it won), so
  shown cards over-represent strong hands. :class:`SampleCounts` says how
  many were left out and the report says so.

Whether a later street is dealt at all depends on the players' decisions, so
on their cards: a board is only uniform *given the cards that decided it*.
With every hole card known that is exact. With only the hero's cards known,
the opponents' unseen cards still bias which ranks reach the board (players
continue with aces), so those boards feed only the tests that such a bias
cannot touch (suits, flop texture, repeats; docs/FAIRNESS.md).

Cards are ints 0..51 (:mod:`omahahh.cards`); a set of cards is a 52-bit mask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt
import polars as pl

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

BOARD_CARDS = 5
MAX_HOLE = 6


@dataclass(frozen=True, slots=True)
class SampleCounts:
    """How the hands read became the sample, for the report's notes."""

    hands_read: int = 0
    all_known: int = 0  # hands with every dealt seat's cards from the deal
    hero_only: int = 0  # hands with some (not all) seats' cards from the deal
    board_only: int = 0  # hands with no hole cards from the deal (board only)
    shown_only: int = 0  # players whose cards were known only from a show: not used
    player: str | None = None  # the --player chosen, if any


@dataclass(frozen=True)
class AllinSample:
    """All-in rows with a known equity and a derived share of the same pot."""

    hand: IntArray  # row of the hand in :class:`DealSample` (or any hand number)
    player: list[str]
    equity: FloatArray  # expected share of the first board's main pot
    share: FloatArray  # the share of that pot the player won

    @property
    def size(self) -> int:
        return int(self.equity.size)


def no_allins() -> AllinSample:
    return AllinSample(
        hand=np.zeros(0, np.int64),
        player=[],
        equity=np.zeros(0),
        share=np.zeros(0),
    )


@dataclass(frozen=True)
class DealSample:
    """The fair sample of a set of hands as arrays (one row per hand, one per sampled seat).

    Hands are in deal order within each table: the serial tests compare a hand
    with the row before it when both have the same ``table``.
    """

    table: IntArray  # (H,) table number
    hole_count: IntArray  # (H,) cards dealt to each player: 4, 5 or 6
    all_known: BoolArray  # (H,) every dealt seat's cards come from the deal
    known_hand: IntArray  # (K,) every hole card known from the deal: its hand's row...
    known_card: IntArray  # (K,) ...and the card
    board: IntArray  # (H, 5) the first board, -1 where not dealt
    seat_hand: IntArray  # (S,) row of the sampled seat's hand
    seat: IntArray  # (S,) seat number
    position: IntArray  # (S,) 0 = button, then clockwise among dealt seats; -1 unknown
    holes: IntArray  # (S, w) hole cards, -1 past the hand's count (w: the most a hand holds)
    allin: AllinSample = field(default_factory=no_allins)
    counts: SampleCounts = field(default_factory=SampleCounts)

    @property
    def hands(self) -> int:
        return int(self.table.size)

    @cached_property
    def known(self) -> IntArray:
        """(H,) mask of the hole cards known from the deal in each hand."""
        bits = np.left_shift(1, self.known_card).astype(np.float64)
        out = np.bincount(self.known_hand, weights=bits, minlength=self.hands)
        return out.astype(np.int64)  # distinct cards: the sum of their bits is their union

    @cached_property
    def hole_k(self) -> IntArray:
        """(S,) hole cards of each sampled seat."""
        out = np.zeros(self.seat_hand.size, dtype=np.int64)
        for j in range(self.holes.shape[1]):  # by column: numpy reduces a short axis slowly
            out += self.holes[:, j] >= 0
        return out

    @cached_property
    def sampled(self) -> IntArray:
        """(H,) mask of the sampled hole cards of each hand."""
        bits = np.zeros(self.seat_hand.size, dtype=np.int64)
        for j in range(self.holes.shape[1]):
            card = self.holes[:, j]
            bits |= np.where(card >= 0, np.left_shift(1, card.clip(min=0)), 0)
        out = np.bincount(self.seat_hand, weights=bits.astype(np.float64), minlength=self.hands)
        return out.astype(np.int64)  # distinct cards: the sum of their bits is their union

    @cached_property
    def sampled_count(self) -> IntArray:
        """(H,) number of sampled hole cards per hand."""
        per_seat = self.hole_k.astype(np.float64)
        return np.bincount(self.seat_hand, weights=per_seat, minlength=self.hands).astype(np.int64)

    def board_draws(self, hands: BoolArray | None = None) -> tuple[IntArray, IntArray, IntArray]:
        """Every dealt board card as a draw: (hand row, card, mask of the cards out before it).

        The cards out before a board card are the known hole cards of its hand and
        the board cards before it; under a fair deal it is uniform over the rest.
        """
        dealt = self.board >= 0
        if hands is not None:
            dealt &= hands[:, None]
        bits = np.where(dealt, np.left_shift(1, self.board.clip(min=0)), 0)
        before = np.cumsum(bits, axis=1) - bits
        out = self.known[:, None] | before
        rows = np.broadcast_to(np.arange(self.hands)[:, None], self.board.shape)
        return rows[dealt], self.board[dealt], out[dealt]

    def previous_in_table(self) -> IntArray:
        """(H,) row of the hand before each at its table, -1 for a table's first."""
        prev = np.arange(self.hands) - 1
        same = np.zeros(self.hands, dtype=bool)
        same[1:] = self.table[1:] == self.table[:-1]
        return np.where(same, prev, -1)

    @cached_property
    def board_mask(self) -> IntArray:
        """(H,) mask of each hand's board cards."""
        bits = np.where(self.board >= 0, np.left_shift(1, self.board.clip(min=0)), 0)
        out: IntArray = bits.sum(axis=1).astype(np.int64)
        return out


def popcount(masks: IntArray) -> IntArray:
    """Cards in each 52-bit mask."""
    return np.bitwise_count(masks.astype(np.uint64)).astype(np.int64)


def mask_bits(masks: IntArray) -> BoolArray:
    """(N, 52) booleans of the cards in each mask."""
    as_bytes = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    bits: BoolArray = np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :52].view(bool)
    return bits


# ---- which players' cards are a fair sample (polars, over players rows) -------------


def from_deal() -> pl.Expr:
    """A player's whole hand is known from the deal (not from a show)."""
    full = pl.col("hole_cards").list.len() == pl.col("hole_card_count")
    return (pl.col("dealt_known") & full & pl.col("dealt_in")).fill_null(False)


def shown_only() -> pl.Expr:
    """Cards known only from a show: never a fair sample."""
    known = pl.col("hole_cards").list.len() > 0
    return (known & ~pl.col("dealt_known").fill_null(False)).fill_null(False)


def every_seat_known() -> pl.Expr:
    """Per hand (over its players rows): every seat dealt in has its cards from the deal."""
    dealt_in = pl.col("dealt_in").fill_null(False)
    return (from_deal() | ~dealt_in).all() & (dealt_in.sum() >= 2)
