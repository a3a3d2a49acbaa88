"""Omaha hand evaluator: high ranks, 8-or-better lows and plain-words names.

Numbers, higher is better for both:

* a **high rank** is 1..7462, one per five-card equivalence class (R-HAND-2):
  1 is 7-5-4-3-2 offsuit, 7462 the royal flush;
* a **low value** is ``256 - mask`` where bit ``r`` of ``mask`` is set for each
  ace-low rank ``r`` (ace 0, deuce 1 .. eight 7) of the five low cards; the
  wheel is 225, 8-7-6-5-4 is 8 (R-LO-3..5). ``None`` (0 in batch results)
  means no qualifying low.

Omaha hands always use exactly two hole cards and three board cards
(R-HAND-1, R-LO-3); the high and the low may use different hole cards
(R-LO-6). Many hands at once: :func:`omaha_high_batch`, :func:`omaha_low_batch`,
:func:`omaha_hi_lo_batch`.

>>> from omahahh.cards import parse_cards
>>> describe_hand(parse_cards("AcKdTd8h"), parse_cards("Kc9c6c6hQc"), hi_lo=False)
'two pair, Kings and Sixes'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

from omahahh.cards import rank_of
from omahahh.errors import CardError
from omahahh.eval.batch import (
    omaha_hi_lo_batch,
    omaha_high_batch,
    omaha_low_batch,
    rank5_batch,
)
from omahahh.eval.tables import (
    LOW_OF_RANK,
    N_CLASSES,
    N_MULTISETS,
    HandCategory,
    five_card_tables,
    low_ranks_of,
    low_value,
    omaha_tables,
)

__all__ = [
    "HandCategory",
    "category",
    "describe_hand",
    "describe_high",
    "describe_low",
    "low5",
    "omaha_hi_lo_batch",
    "omaha_high",
    "omaha_high_batch",
    "omaha_high_best",
    "omaha_low",
    "omaha_low_batch",
    "omaha_low_best",
    "rank5",
    "rank5_batch",
]

_NAMES = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
NAMES: tuple[str, ...] = (*_NAMES, "Jack", "Queen", "King", "Ace")
PLURALS: tuple[str, ...] = tuple(n + ("es" if n.endswith("x") else "s") for n in NAMES)
_LOW_SYMBOLS = "A2345678"
# _COMB[n][k] = C(n, k), for the rank-multiset index of the tables.
_COMB = tuple(tuple(comb(n, k) for k in range(6)) for n in range(18))


@cache
def _lists() -> tuple[
    list[int], list[int], list[int], dict[int, list[int]], dict[int, list[int]], list[int]
]:
    """The tables as Python lists: indexing a list is far cheaper than a numpy scalar."""
    five = five_card_tables()
    omaha = omaha_tables()
    return (
        five.by_multiset.tolist(),
        five.by_flush_mask.tolist(),
        omaha.flush_flat.tolist(),
        {m: t.tolist() for m, t in omaha.hi_flat.items()},
        {m: t.tolist() for m, t in omaha.lo_flat.items()},
        omaha.pair_index.ravel().tolist(),
    )


def _check_cards(cards: Sequence[int], what: str) -> None:
    for c in cards:
        if not 0 <= c < 52:
            raise CardError(f"{what}: card index out of range: {c}")
    if len(set(cards)) != len(cards):
        raise CardError(f"{what}: duplicate card")


def _check_omaha(hole: Sequence[int], board: Sequence[int]) -> None:
    if len(hole) < 2:
        raise CardError(f"an Omaha hand needs at least 2 hole cards, got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise CardError(f"an Omaha board has 3 to 5 cards, got {len(board)}")
    _check_cards([*hole, *board], "hole and board")


def rank5(cards: Sequence[int]) -> int:
    """Rank of five cards, 1..7462, higher is better, equal for equal hands (R-HAND-2).

    >>> from omahahh.cards import parse_cards
    >>> rank5(parse_cards("AsKsQsJsTs")), rank5(parse_cards("7c5d4h3s2c"))
    (7462, 1)
    """
    if len(cards) != 5:
        raise CardError(f"rank5 needs 5 cards, got {len(cards)}")
    _check_cards(cards, "rank5")
    by_multiset, by_flush_mask = _lists()[:2]
    ranks = sorted(c >> 2 for c in cards)
    suit = cards[0] & 3
    if all(c & 3 == suit for c in cards):
        return by_flush_mask[sum(1 << r for r in ranks)]
    return by_multiset[sum(_COMB[r + i][i + 1] for i, r in enumerate(ranks))]


def category(rank: int) -> HandCategory:
    """Category of a high rank: ``category(7462) is HandCategory.STRAIGHT_FLUSH`` (R-HAND-2)."""
    if not 1 <= rank <= N_CLASSES:
        raise ValueError(f"not a hand rank: {rank}")
    return five_card_tables().category[rank]


def low5(cards: Sequence[int]) -> int | None:
    """8-or-better low value of five cards, None if they do not qualify (R-LO-3, R-LO-4).

    Five distinct ranks, all 8 or lower, ace low; straights and flushes do not
    count. ``low5(parse_cards("5s4s3s2sAs")) == 225`` (the wheel, the best low).
    """
    if len(cards) != 5:
        raise CardError(f"low5 needs 5 cards, got {len(cards)}")
    lows = {LOW_OF_RANK[c >> 2] for c in cards}
    if len(lows) != 5 or max(lows) > 7:
        return None
    return low_value(list(lows))


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high rank using exactly two hole cards and three board cards (R-HAND-1).

    ``hole`` has 4..6 cards (Omaha variants, R-CARD-2), ``board`` 3..5. Four
    clubs in hand with one club on board make no flush:

    >>> from omahahh.cards import parse_cards
    >>> category(omaha_high(parse_cards("AcKcQcJc"), parse_cards("2c7d8h9s3d")))
    <HandCategory.HIGH_CARD: 'high_card'>
    """
    _check_omaha(hole, board)
    return _table_eval(hole, board, low=False)


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Best 8-or-better low with exactly two hole + three board cards (R-LO-3..5), or None.

    >>> from omahahh.cards import parse_cards
    >>> describe_low(omaha_low(parse_cards("As2d9c9h"), parse_cards("3c6d8hKsKd")))
    '8,6,3,2,A'
    """
    _check_omaha(hole, board)
    return _table_eval(hole, board, low=True) or None


def _table_eval(hole: Sequence[int], board: Sequence[int], low: bool) -> int:
    """Best high (or low, 0 = none): one table lookup per hole pair, see eval.tables."""
    _, _, flush_flat, hi_flat, lo_flat, pair_index = _lists()
    m = len(board)
    width = N_MULTISETS[m]
    index = sum(_COMB[r + i][i + 1] for i, r in enumerate(sorted(c >> 2 for c in board)))
    table = lo_flat[m] if low else hi_flat[m]
    if low:
        return max(
            table[pair_index[(a >> 2) * 13 + (b >> 2)] * width + index]
            for a, b in combinations(hole, 2)
        )
    suits = [c & 3 for c in board]
    flush_suit = max(range(4), key=suits.count)
    if suits.count(flush_suit) < 3:
        flush_suit = -1  # no three board cards of one suit: no flush for anyone
    fmask = sum(1 << (c >> 2) for c in board if c & 3 == flush_suit)
    best = 0
    for a, b in combinations(hole, 2):
        pair = pair_index[(a >> 2) * 13 + (b >> 2)]
        value = table[pair * width + index]
        # A flush needs both hole cards in the board's flush suit (R-HAND-1).
        if a & 3 == flush_suit and b & 3 == flush_suit:
            value = max(value, flush_flat[pair * 8192 + fmask])
        best = max(best, value)
    return best


def _display_order(cards: list[int], key_rank: list[int]) -> tuple[int, ...]:
    """Most frequent rank first, then higher rank; hole cards stay ahead of board cards."""
    counts = {r: key_rank.count(r) for r in key_rank}
    order = sorted(range(5), key=lambda i: (-counts[key_rank[i]], -key_rank[i]))
    return tuple(cards[i] for i in order)


def omaha_high_best(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Best high rank and the five cards making it: two hole + three board (R-HAND-1).

    Cards come grouped as a player would read them (pairs first, then kickers):

    >>> from omahahh.cards import parse_cards, cards_str
    >>> rank, five = omaha_high_best(parse_cards("AcKdTd8h"), parse_cards("Kc9c6c6hQc"))
    >>> describe_high(rank), cards_str(five)
    ('two pair, Kings and Sixes', 'Kd Kc 6c 6h Ac')
    """
    _check_omaha(hole, board)
    best = 0
    best_cards: list[int] = []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = [*two, *three]
            value = rank5(five)
            if value > best:
                best, best_cards = value, five
    return best, _display_order(best_cards, [rank_of(c) for c in best_cards])


def omaha_low_best(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, ...]] | None:
    """Best low and its five cards (highest first), or None without a qualifying low (R-LO-3).

    >>> from omahahh.cards import parse_cards, cards_str
    >>> low, five = omaha_low_best(parse_cards("As2d9c9h"), parse_cards("3c6d8hKsKd"))
    >>> cards_str(five)
    '8h 6d 3c 2d As'
    """
    _check_omaha(hole, board)
    best = 0
    best_cards: list[int] = []
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = [*two, *three]
            value = low5(five) or 0
            if value > best:
                best, best_cards = value, five
    if not best:
        return None
    return best, _display_order(best_cards, [LOW_OF_RANK[rank_of(c)] for c in best_cards])


def describe_high(rank: int) -> str:
    """PokerStars wording of a high rank (R-HAND-2), e.g. "a full house, Kings full of Sixes".

    >>> from omahahh.cards import parse_cards
    >>> describe_high(rank5(parse_cards("9sTsJsQsKs")))
    'a straight flush, Nine to King'
    """
    cat = category(rank)
    top = five_card_tables().tiebreak[rank]
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        high = top[0]
        low = NAMES[12] if high == 3 else NAMES[high - 4]  # the wheel runs Ace to Five
        if cat is HandCategory.STRAIGHT:
            return f"a straight, {low} to {NAMES[high]}"
        if high == 12:
            return "a Royal Flush"
        return f"a straight flush, {low} to {NAMES[high]}"
    return {
        HandCategory.HIGH_CARD: f"high card {NAMES[top[0]]}",
        HandCategory.PAIR: f"a pair of {PLURALS[top[0]]}",
        HandCategory.TWO_PAIR: f"two pair, {PLURALS[top[0]]} and {PLURALS[top[1]]}",
        HandCategory.TRIPS: f"three of a kind, {PLURALS[top[0]]}",
        HandCategory.FLUSH: f"a flush, {NAMES[top[0]]} high",
        HandCategory.FULL_HOUSE: f"a full house, {PLURALS[top[0]]} full of {PLURALS[top[1]]}",
        HandCategory.QUADS: f"four of a kind, {PLURALS[top[0]]}",
    }[cat]


def describe_low(low: int) -> str:
    """A low value written highest card first, ace as A (R-LO-5).

    >>> describe_low(225), describe_low(8)
    ('5,4,3,2,A', '8,7,6,5,4')
    """
    ranks = low_ranks_of(low)
    if len(ranks) != 5 or not 8 <= low <= 225:
        raise ValueError(f"not a low value: {low}")
    return ",".join(_LOW_SYMBOLS[r] for r in ranks)


def describe_hand(hole: Sequence[int], board: Sequence[int], hi_lo: bool) -> str:
    """Plain-words best hand; in Hi/Lo ``"HI: ...; LO: 8,6,3,2,A"`` (R-HAND-1, R-LO-6).

    Without a qualifying low only the high part is written (``"HI: a pair of Aces"``).

    >>> from omahahh.cards import parse_cards
    >>> describe_hand(parse_cards("As2dKhKc"), parse_cards("3c6d8h6sKd"), hi_lo=True)
    'HI: a full house, Kings full of Sixes; LO: 8,6,3,2,A'
    """
    high = describe_high(omaha_high(hole, board))
    if not hi_lo:
        return high
    low = omaha_low(hole, board)
    return f"HI: {high}" if low is None else f"HI: {high}; LO: {describe_low(low)}"
