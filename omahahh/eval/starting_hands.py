"""Omaha starting-hand categories, for a breakdown of any statistic.

Each known hand (4, 5 or 6 hole cards) falls in one class of each dimension:

- ``suits``: ``double_suited`` (two or more suits held at least twice:
  ``As Ks Qd 7d``), ``single_suited`` (exactly one: ``As Ks Qd 7h``, also
  ``As Ks Qs 7h``), ``rainbow`` (four suits: ``As Kd Qh 7c``);
- ``pairs``: ``no_pair``, ``one_pair`` (``Kc Kd 9h 8s``), ``two_pair`` (two or
  more pairs: ``Kc Kd 9h 9s``), ``trips`` (three or four of a rank, whatever
  else: ``Kc Kd Kh 9s``);
- ``connectivity``: ``rundown`` (four distinct ranks in a row: ``Jc Td 9h 8s``;
  the ace plays high or low, ``As 2d 3h 4c`` is one), ``wrap`` (four distinct
  ranks within six in a row, one or two gaps: ``Jc Td 8h 7s``, ``Qc Jd 9h 7s``),
  ``disconnected`` otherwise;

and two tags: ``ace_suited`` (an ace with another card of its suit) and
``AAxx`` (two or more aces). :func:`classify` is the plain reference;
:func:`add_categories` the same as polars expressions over the
``players.hole_cards`` strings (a test holds them equal), so a million hands
are classified without a Python loop.

>>> from omahahh.cards import parse_cards
>>> h = classify(parse_cards("As Ks Qd Jd"))
>>> h.suits, h.pairs, h.connectivity, h.ace_suited, h.aaxx
('double_suited', 'no_pair', 'rundown', True, False)
>>> labels(classify(parse_cards("Ac Ad 7h 2s")))
['rainbow', 'one_pair', 'disconnected', 'AAxx']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from omahahh.cards import card_str, rank_of, suit_of

SUIT_CLASSES = ("double_suited", "single_suited", "rainbow")
PAIR_CLASSES = ("no_pair", "one_pair", "two_pair", "trips")
CONNECTIVITY_CLASSES = ("rundown", "wrap", "disconnected")
TAGS = ("ace_suited", "AAxx")
UNKNOWN = "unknown"
# Every label a hand can carry in the ``category`` breakdown, in display order.
CATEGORY_LABELS = (*SUIT_CLASSES, *PAIR_CLASSES, *CONNECTIVITY_CLASSES, *TAGS, UNKNOWN)

_ACE = 12
_RUN = 4  # distinct ranks of a rundown or a wrap
_WRAP_SPAN = 6  # a wrap's four ranks lie within six in a row


@dataclass(frozen=True, slots=True)
class StartingHand:
    """The classes of one hand (see the module doc)."""

    suits: str
    pairs: str
    connectivity: str
    ace_suited: bool
    aaxx: bool


def _rank_bits(ranks: set[int]) -> int:
    """Distinct ranks as bits, ace-low at bit 0 and deuce..ace at bits 1..13."""
    bits = 0
    for r in ranks:
        bits |= 1 << (r + 1)
    if _ACE in ranks:
        bits |= 1
    return bits


def _connectivity(bits: int) -> str:
    if bits & (bits >> 1) & (bits >> 2) & (bits >> 3):
        return "rundown"
    window = (1 << _WRAP_SPAN) - 1
    for shift in range(14 - _WRAP_SPAN + 1):
        if ((bits >> shift) & window).bit_count() >= _RUN:
            return "wrap"
    return "disconnected"


def classify(cards: Sequence[int]) -> StartingHand:
    """The classes of a hand of card ints (see :mod:`omahahh.cards`)."""
    suit_counts = Counter(suit_of(c) for c in cards)
    rank_counts = Counter(rank_of(c) for c in cards)
    suited = sum(1 for n in suit_counts.values() if n >= 2)
    pairs = sum(1 for n in rank_counts.values() if n == 2)
    return StartingHand(
        suits=SUIT_CLASSES[0] if suited >= 2 else SUIT_CLASSES[1] if suited else SUIT_CLASSES[2],
        pairs=("trips" if max(rank_counts.values()) >= 3 else PAIR_CLASSES[min(pairs, 2)]),
        connectivity=_connectivity(_rank_bits(set(rank_counts))),
        ace_suited=any(rank_of(c) == _ACE and suit_counts[suit_of(c)] >= 2 for c in cards),
        aaxx=rank_counts[_ACE] >= 2,
    )


def labels(hand: StartingHand) -> list[str]:
    """The ``category`` labels of a hand: its three classes, then its tags."""
    out = [hand.suits, hand.pairs, hand.connectivity]
    if hand.ace_suited:
        out.append("ace_suited")
    if hand.aaxx:
        out.append("AAxx")
    return out


# ---- the same as polars expressions --------------------------------------------------

# Each card string maps to its own bit of a 52-bit mask (card int = rank * 4 + suit).
_CARD_BIT = {card_str(c): 1 << c for c in range(52)}
_SUIT_MASK = [sum(1 << (r * 4 + s) for r in range(13)) for s in range(4)]


def _popcount(expr: pl.Expr) -> pl.Expr:
    return expr.bitwise_count_ones().cast(pl.Int32)


def _mask_expr(hole: pl.Expr) -> pl.Expr:
    """The hand as a 52-bit mask (cards are distinct, so the sum of their bits is their union)."""
    bits = hole.list.eval(pl.element().replace_strict(_CARD_BIT, default=0, return_dtype=pl.Int64))
    return bits.list.sum()


def add_categories(frame: pl.LazyFrame, hole: str, known: str) -> pl.LazyFrame:
    """``frame`` with columns ``suits``, ``pairs``, ``connectivity``, ``ace_suited``, ``aaxx``.

    ``hole`` names a list-of-card-strings column (``players.hole_cards``);
    ``known`` a boolean column, True where the whole hand is known. Unknown
    hands get ``unknown`` classes and False tags. Built in stages (mask, then
    counts, then classes) so each intermediate is computed once.
    """
    suit_n = [pl.col(f"_s{s}") for s in range(4)]
    rank_n = [pl.col(f"_r{r}") for r in range(13)]
    mask = pl.col("_mask")
    # Distinct ranks as bits: ace-low at bit 0, deuce..ace at bits 1..13.
    bits = pl.sum_horizontal(
        [(rank_n[r] > 0).cast(pl.Int64) * (2 ** (r + 1)) for r in range(13)]
    ) + (rank_n[_ACE] > 0).cast(pl.Int64)
    ace_bits = [2 ** (_ACE * 4 + s) for s in range(4)]
    staged = (
        frame.with_columns(_mask_expr(pl.col(hole)).alias("_mask"))
        .with_columns(
            *[_popcount(mask & m).alias(f"_s{s}") for s, m in enumerate(_SUIT_MASK)],
            *[_popcount((mask // (16**r)) % 16).alias(f"_r{r}") for r in range(13)],
        )
        .with_columns(
            pl.sum_horizontal([(n >= 2).cast(pl.Int32) for n in suit_n]).alias("_suited"),
            pl.sum_horizontal([(n == 2).cast(pl.Int32) for n in rank_n]).alias("_pairs"),
            pl.any_horizontal([n >= 3 for n in rank_n]).alias("_trips"),
            bits.alias("_bits"),
            pl.any_horizontal(
                [((mask & ace_bits[s]) > 0) & (suit_n[s] >= 2) for s in range(4)]
            ).alias("_ace_suited"),
        )
    )
    b = pl.col("_bits")
    window = 2**_WRAP_SPAN
    rundown = pl.any_horizontal(
        [_popcount((b // (2**s)) % 16) == _RUN for s in range(14 - _RUN + 1)]
    )
    wrap = pl.any_horizontal(
        [_popcount((b // (2**s)) % window) >= _RUN for s in range(14 - _WRAP_SPAN + 1)]
    )
    is_known = pl.col(known).fill_null(False)

    def unknown_or(expr: pl.Expr) -> pl.Expr:
        return pl.when(is_known).then(expr).otherwise(pl.lit(UNKNOWN))

    suited, pairs = pl.col("_suited"), pl.col("_pairs")
    temps = ["_mask", "_suited", "_pairs", "_trips", "_bits", "_ace_suited"]
    temps += [f"_s{s}" for s in range(4)] + [f"_r{r}" for r in range(13)]
    return staged.with_columns(
        unknown_or(
            pl.when(suited >= 2)
            .then(pl.lit(SUIT_CLASSES[0]))
            .when(suited == 1)
            .then(pl.lit(SUIT_CLASSES[1]))
            .otherwise(pl.lit(SUIT_CLASSES[2]))
        ).alias("suits"),
        unknown_or(
            pl.when(pl.col("_trips"))
            .then(pl.lit("trips"))
            .when(pairs >= 2)
            .then(pl.lit("two_pair"))
            .when(pairs == 1)
            .then(pl.lit("one_pair"))
            .otherwise(pl.lit("no_pair"))
        ).alias("pairs"),
        unknown_or(
            pl.when(rundown)
            .then(pl.lit("rundown"))
            .when(wrap)
            .then(pl.lit("wrap"))
            .otherwise(pl.lit("disconnected"))
        ).alias("connectivity"),
        (is_known & pl.col("_ace_suited")).alias("ace_suited"),
        (is_known & (rank_n[_ACE] >= 2)).alias("aaxx"),
    ).drop(temps)


def category_labels_expr() -> pl.Expr:
    """The ``category`` labels of each row (columns of :func:`add_categories` present).

    Unknown hands carry the single label ``unknown``.
    """
    return (
        pl.when(pl.col("suits") == UNKNOWN)
        .then(pl.concat_list(pl.lit(UNKNOWN)))
        .otherwise(
            pl.concat_list(
                pl.col("suits"),
                pl.col("pairs"),
                pl.col("connectivity"),
                pl.when(pl.col("ace_suited")).then(pl.lit("ace_suited")),
                pl.when(pl.col("aaxx")).then(pl.lit("AAxx")),
            ).list.drop_nulls()
        )
    )


__all__ = [
    "CATEGORY_LABELS",
    "CONNECTIVITY_CLASSES",
    "PAIR_CLASSES",
    "SUIT_CLASSES",
    "StartingHand",
    "add_categories",
    "category_labels_expr",
    "classify",
    "labels",
]
