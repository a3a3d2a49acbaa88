"""All-in equity of 2 to 6 Omaha hands: exact enumeration or Monte Carlo.

A hand's *equity* is its expected share of the pot. On each board, equal best
hands split (R-SPLIT-1); in Hi/Lo each half is split among its winners and,
with no qualifying low, the high hand takes the whole pot (R-LO-7).

When every hand is known and ``samples`` is not given the result is exact:
every remaining board is dealt (1,086,008 heads-up pre-flop). An unknown hand
(``None``: any hand from the remaining deck, same size as the others) or
``samples=N`` switches to Monte Carlo with a seeded generator.

>>> from omahahh.cards import parse_cards
>>> r = equity([parse_cards("AsKsQd7h"), parse_cards("2c2d3h4h")], parse_cards("Ah7c2s"))
>>> r.exact, r.boards, round(r.hands[0].equity, 4)
(True, 820, 0.2512)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from math import sqrt

import numpy as np

from omahahh.cards import cards_str
from omahahh.errors import CardError, OmahahhError
from omahahh.eval.equity_enum import (
    HALF,
    POT,
    Tally,
    enumerate_known_board,
    enumerate_preflop,
    sample,
)

DEFAULT_SAMPLES = 200_000
RANDOM = "random"


class EquityInputError(OmahahhError, ValueError):
    """Hands, board or options that do not describe an equity question."""


@dataclass(frozen=True)
class HandEquity:
    """One hand's result; every figure is a fraction 0..1.

    ``win``: boards where it takes the whole pot alone (Hi/Lo: scoops alone);
    ``tie``: boards where it gets part of the pot but not all of it;
    ``high`` / ``low`` (Hi/Lo only): its expected share of the high half and of
    the low half (a board without a qualifying low gives nobody a low share).
    """

    hand: str
    equity: float
    win: float
    tie: float
    high: float | None = None
    low: float | None = None


@dataclass(frozen=True)
class EquityResult:
    """Equities of every hand, and how they were obtained."""

    exact: bool
    boards: int  # boards evaluated (Monte Carlo: samples)
    std_error: float | None  # Monte Carlo: the largest standard error of a hand's equity
    hands: tuple[HandEquity, ...]
    std_errors: tuple[float, ...] | None = None  # Monte Carlo: each hand's, in hand order

    def to_dict(self) -> dict[str, object]:
        """The JSON form of ``omahahh equity --format json`` (see docs/EVALUATOR.md)."""
        return {
            "exact": self.exact,
            "boards": self.boards,
            "std_error": self.std_error,
            "hands": [asdict(h) for h in self.hands],
        }


def equity(
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    hi_lo: bool = False,
    samples: int | None = None,
    seed: int | None = None,
    hand_labels: Sequence[str] | None = None,
) -> EquityResult:
    """Pot share of each hand when all are all-in (R-HAND-1, R-SPLIT-1, R-LO-1..8).

    ``hands``: 2..6 hands of 4..6 cards, all the same size; ``None`` is a random
    hand. ``board``: 0, 3, 4 or 5 cards. ``dead``: cards out of the deck.
    Exact unless a hand is random or ``samples`` is given (then ``samples``
    deals, default 200,000, from ``numpy.random.default_rng(seed)``).
    Raises :class:`EquityInputError` or :class:`CardError` on bad input.

    >>> from omahahh.cards import parse_cards
    >>> r = equity([parse_cards("AsKsQd7h"), parse_cards("2c2d3h4h")], parse_cards("Ah7c2s9d"))
    >>> r.boards, [h.equity for h in r.hands]  # 4 of the 40 rivers save AsKsQd7h
    (40, [0.1, 0.9])
    """
    holes, hole_size = _check(hands, board, dead, samples)
    used = {c for h in holes if h is not None for c in h} | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    known = [np.array(h, dtype=np.uint8) if h is not None else None for h in holes]
    need = sum(h is None for h in holes) * hole_size + 5 - len(board)
    if need > len(deck):
        raise EquityInputError(f"not enough cards left in the deck: need {need}, {len(deck)} left")
    board_t = tuple(board)
    # Nothing left to deal (a known river) is exact whatever `samples` says.
    exact = all(h is not None for h in known) and (samples is None or len(board_t) == 5)
    if exact:
        full = [h for h in known if h is not None]
        if board_t:
            tally = enumerate_known_board(full, board_t, deck, hi_lo)
        else:
            tally = enumerate_preflop(full, deck, hi_lo)
    else:
        rng = np.random.default_rng(seed)
        count = DEFAULT_SAMPLES if samples is None else samples
        tally = sample(known, hole_size, board_t, deck, hi_lo, count, rng)
    labels = _labels(holes, hand_labels)
    return _result(tally, labels, exact)


def pot_shares(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    hi_lo: bool = False,
    samples: int | None = None,
    seed: int | None = None,
) -> tuple[float, ...]:
    """Expected pot share of each known hand, e.g. for all-in EV (R-SPLIT-1, R-LO-7).

    Exact unless ``samples`` is given (then seeded Monte Carlo, see :func:`equity`).

    Cheap with a board of 3 (820 boards heads-up), 4 or 5 cards; pre-flop it
    enumerates every board (about 0.05 s heads-up once warm).

    >>> from omahahh.cards import parse_cards
    >>> hands = [parse_cards("AsKsQd7h"), parse_cards("2c2d3h4h")]
    >>> pot_shares(hands, parse_cards("Ah7c2s9d"), hi_lo=True)
    (0.05, 0.95)
    """
    return pot_shares_and_errors(hands, board, dead, hi_lo=hi_lo, samples=samples, seed=seed)[0]


def pot_shares_and_errors(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    hi_lo: bool = False,
    samples: int | None = None,
    seed: int | None = None,
) -> tuple[tuple[float, ...], tuple[float, ...] | None]:
    """:func:`pot_shares` and, when sampled, each share's standard error (None when exact)."""
    result = equity(list(hands), board, dead, hi_lo=hi_lo, samples=samples, seed=seed)
    return tuple(h.equity for h in result.hands), result.std_errors


def _check(
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int],
    dead: Sequence[int],
    samples: int | None,
) -> tuple[list[tuple[int, ...] | None], int]:
    if not 2 <= len(hands) <= 6:
        raise EquityInputError(f"equity needs 2 to 6 hands, got {len(hands)}")
    holes = [tuple(h) if h is not None else None for h in hands]
    sizes = {len(h) for h in holes if h is not None}
    if not sizes:
        raise EquityInputError("at least one hand must be known")
    if len(sizes) > 1:
        raise EquityInputError(f"hands of different sizes: {sorted(sizes)} cards")
    (size,) = sizes
    if not 4 <= size <= 6:
        raise EquityInputError(f"Omaha hands have 4 to 6 cards, got {size}")
    if len(board) not in (0, 3, 4, 5):
        raise EquityInputError(f"the board has 0, 3, 4 or 5 cards, got {len(board)}")
    if samples is not None and samples < 1:
        raise EquityInputError(f"samples must be at least 1, got {samples}")
    seen: set[int] = set()
    for c in [*(c for h in holes if h is not None for c in h), *board, *dead]:
        if not 0 <= c < 52:
            raise CardError(f"card index out of range: {c}")
        if c in seen:
            raise CardError(f"duplicate card: {cards_str([c])}")
        seen.add(c)
    return holes, size


def _labels(holes: list[tuple[int, ...] | None], hand_labels: Sequence[str] | None) -> list[str]:
    if hand_labels is not None:
        if len(hand_labels) != len(holes):
            raise EquityInputError("hand_labels must have one label per hand")
        return list(hand_labels)
    return [RANDOM if h is None else cards_str(h, sep="") for h in holes]


def _result(tally: Tally, labels: list[str], exact: bool) -> EquityResult:
    n = tally.boards
    hands = []
    errors = []
    for i, label in enumerate(labels):
        units = int(tally.units[i])
        mean = units / (POT * n)
        error = 0.0
        if not exact and n > 1:
            # Sample variance of the per-deal share, from integer sums (no cancellation).
            var = (int(tally.squares[i]) * n - units * units) / (POT * POT * n * (n - 1))
            error = sqrt(max(var, 0.0) / n)
        errors.append(error)
        hands.append(
            HandEquity(
                hand=label,
                equity=mean,
                win=int(tally.wins[i]) / n,
                tie=int(tally.ties[i]) / n,
                high=int(tally.high[i]) / (HALF * n) if tally.hi_lo else None,
                low=int(tally.low[i]) / (HALF * n) if tally.hi_lo else None,
            )
        )
    return EquityResult(
        exact=exact,
        boards=n,
        std_error=None if exact else max(errors),
        hands=tuple(hands),
        std_errors=None if exact else tuple(errors),
    )
