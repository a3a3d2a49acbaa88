"""The counting behind :func:`omahahh.eval.equity.equity`: exact enumeration and Monte Carlo.

Pot shares are counted in integer *units*: a pot is 120 units, each half 60,
so a split among 1..6 winners is always a whole number (60 = lcm(1..6)) and
the shares of all hands add up to exactly one pot on every board.

Pre-flop enumeration shares work across boards: each hand's best high (and
low) over every three-card subset of the remaining deck is computed once with
the batch evaluator; since an Omaha hand uses exactly three board cards
(R-HAND-1), its value on a five-card board is the maximum over the board's ten
three-card subsets. For speed that maximum is taken over four four-card
subsets (each the maximum of its four triples): the four subsets that leave out
one of board cards 1..4 cover every triple.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from omahahh.eval.batch import omaha_fixed_holes_batch, omaha_hi_lo_batch, omaha_high_batch

POT = 120  # units in a pot
HALF = POT // 2
IntArray = npt.NDArray[np.int64]
CardArray = npt.NDArray[np.uint8]
_BOARD_CHUNK = 1 << 17
_SAMPLE_CHUNK = 1 << 15

# _BINOM[k][n] = C(n, k): colex index of a sorted combination is sum(C(c_i, i + 1)).
_BINOM = np.array([[comb(n, k) for n in range(53)] for k in range(6)], dtype=np.int64)


@dataclass
class Tally:
    """Running totals per hand, in pot units (see the module docstring)."""

    hands: int
    hi_lo: bool
    boards: int = 0
    units: IntArray = field(init=False)  # sum of pot shares
    squares: IntArray = field(init=False)  # sum of squared shares (Monte Carlo error)
    wins: IntArray = field(init=False)  # boards won whole (Hi/Lo: scooped alone)
    ties: IntArray = field(init=False)  # boards with part of the pot, not all
    high: IntArray = field(init=False)  # high-half units (of HALF per board)
    low: IntArray = field(init=False)  # low-half units (of HALF per board)

    def __post_init__(self) -> None:
        for name in ("units", "squares", "wins", "ties", "high", "low"):
            setattr(self, name, np.zeros(self.hands, dtype=np.int64))

    def add(self, hi: npt.NDArray[np.integer], lo: npt.NDArray[np.integer] | None) -> None:
        """Score boards: ``hi`` and ``lo`` are ``(hands, boards)``; lo 0 = no low."""
        best = hi.max(axis=0)
        hi_win = hi == best
        hi_units = hi_win * (HALF // hi_win.sum(axis=0))
        if lo is None:
            share = 2 * hi_units  # R-SPLIT-1: ties split equally
            lo_units = np.zeros_like(share)
        else:
            best_lo = lo.max(axis=0)
            has_low = best_lo > 0
            lo_win = (lo == best_lo) & has_low
            lo_units = lo_win * (HALF // np.maximum(lo_win.sum(axis=0), 1))
            # R-LO-7: no qualifying low, the high hand takes the whole pot.
            share = np.where(has_low, hi_units + lo_units, 2 * hi_units)
        self.boards += hi.shape[1]
        self.units += share.sum(axis=1)
        self.squares += (share * share).sum(axis=1)
        self.wins += (share == POT).sum(axis=1)
        self.ties += ((share > 0) & (share < POT)).sum(axis=1)
        self.high += hi_units.sum(axis=1)
        self.low += lo_units.sum(axis=1)


def combinations_array(n: int, k: int) -> CardArray:
    """Every k-subset of ``range(n)`` as sorted rows, in lexicographic order."""
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        counts = n - 1 - last
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        new = np.repeat(last + 1, counts) + (np.arange(int(counts.sum())) - starts)
        rows = np.column_stack([np.repeat(rows, counts, axis=0), new])
    return rows.astype(np.uint8)


def _colex(rows: npt.NDArray[np.integer]) -> IntArray:
    """Colex index of sorted rows: a dense numbering 0..C(n, k) - 1."""
    idx = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        idx += _BINOM[i + 1][rows[:, i]]
    return idx


def _evaluate(holes: CardArray, boards: CardArray, hi_lo: bool) -> tuple[IntArray, IntArray]:
    if hi_lo:
        hi, lo = omaha_hi_lo_batch(holes, boards)
        return hi.astype(np.int64), lo.astype(np.int64)
    return omaha_high_batch(holes, boards).astype(np.int64), np.zeros(0, dtype=np.int64)


def _on_boards(
    holes: list[CardArray], boards: CardArray, hi_lo: bool
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32] | None]:
    """``(hands, boards)`` high and low values, every hand on every board."""
    return omaha_fixed_holes_batch([[int(c) for c in h] for h in holes], boards, hi_lo)


def enumerate_known_board(
    holes: list[CardArray], board: tuple[int, ...], deck: CardArray, hi_lo: bool
) -> Tally:
    """Exact: every completion of a 3-, 4- or 5-card board (at most C(48, 2) boards)."""
    tally = Tally(len(holes), hi_lo)
    need = 5 - len(board)
    rest = deck[combinations_array(len(deck), need)] if need else np.zeros((1, 0), np.uint8)
    boards = np.concatenate(
        [np.broadcast_to(np.array(board, np.uint8), (len(rest), 5 - need)), rest], axis=1
    )
    tally.add(*_on_boards(holes, boards, hi_lo))
    return tally


@lru_cache(maxsize=2)
def _board_quads(n: int) -> tuple[npt.NDArray[np.int32], ...]:
    """For every 5-subset of range(n): colex indices of the four 4-subsets that cover it."""
    boards = combinations_array(n, 5)
    keep = ((0, 2, 3, 4), (0, 1, 3, 4), (0, 1, 2, 4), (0, 1, 2, 3))  # drop card 1, 2, 3, 4
    quads = tuple(_colex(boards[:, list(cols)]).astype(np.int32) for cols in keep)
    for q in quads:
        q.flags.writeable = False
    return quads


def _per_quad(values: IntArray, n: int) -> IntArray:
    """Best value over each 4-subset of range(n), from the values per 3-subset (colex)."""
    quads = combinations_array(n, 4)
    subs = [_colex(quads[:, list(c)]) for c in combinations(range(4), 3)]
    out = np.zeros(comb(n, 4), dtype=np.int64)
    out[_colex(quads)] = np.maximum.reduce([values[s] for s in subs])
    return out


def enumerate_preflop(holes: list[CardArray], deck: CardArray, hi_lo: bool) -> Tally:
    """Exact: every five-card board from ``deck``, sharing work across boards (module doc)."""
    n = len(deck)
    triples = combinations_array(n, 3)
    tri_index = _colex(triples)
    per_hand: list[tuple[IntArray, IntArray | None]] = []
    for hole in holes:
        hi3, lo3 = _evaluate(np.broadcast_to(hole, (len(triples), len(hole))), deck[triples], hi_lo)
        hi_t = np.zeros(len(triples), dtype=np.int64)
        hi_t[tri_index] = hi3
        lo_q: IntArray | None = None
        if hi_lo:
            lo_t = np.zeros(len(triples), dtype=np.int64)
            lo_t[tri_index] = lo3
            lo_q = _per_quad(lo_t, n).astype(np.int16)
        per_hand.append((_per_quad(hi_t, n).astype(np.int16), lo_q))
    tally = Tally(len(holes), hi_lo)
    quads = _board_quads(n)
    for start in range(0, len(quads[0]), _BOARD_CHUNK):
        part = [q[start : start + _BOARD_CHUNK] for q in quads]
        hi = np.stack([np.maximum.reduce([h.take(q) for q in part]) for h, _ in per_hand])
        lo = None
        if hi_lo:
            lo = np.stack(
                [
                    np.maximum.reduce([lq.take(q) for q in part])
                    for _, lq in per_hand
                    if lq is not None
                ]
            )
        tally.add(hi, lo)
    return tally


def sample(
    holes: list[CardArray | None],
    hole_size: int,
    board: tuple[int, ...],
    deck: CardArray,
    hi_lo: bool,
    samples: int,
    rng: np.random.Generator,
) -> Tally:
    """Monte Carlo: deal the unknown hands (None) and the rest of the board at random."""
    unknown = [i for i, h in enumerate(holes) if h is None]
    need = len(unknown) * hole_size + 5 - len(board)
    tally = Tally(len(holes), hi_lo)
    for size in _chunks(samples):
        dealt = deck[_deal(rng, size, len(deck), need)]
        known = np.broadcast_to(np.array(board, np.uint8), (size, len(board)))
        boards = np.concatenate([known, dealt[:, len(unknown) * hole_size :]], axis=1)
        if not unknown:
            tally.add(*_on_boards([h for h in holes if h is not None], boards, hi_lo))
            continue
        his, los = [], []
        for i, hole in enumerate(holes):
            if hole is None:
                j = unknown.index(i) * hole_size
                rows: CardArray = dealt[:, j : j + hole_size]
            else:
                rows = np.broadcast_to(hole, (size, hole_size))
            hi, lo = _evaluate(rows, boards, hi_lo)
            his.append(hi)
            los.append(lo)
        tally.add(np.stack(his), np.stack(los) if hi_lo else None)
    return tally


def _deal(rng: np.random.Generator, rows: int, n: int, need: int) -> npt.NDArray[np.intp]:
    """``rows`` uniform random draws of ``need`` distinct indices of ``range(n)``, in deal
    order: the first ``need`` steps of a Fisher-Yates shuffle, one row per deal."""
    perm = np.tile(np.arange(n, dtype=np.intp), (rows, 1))
    row = np.arange(rows)
    for i in range(need):
        j = rng.integers(i, n, size=rows)
        picked = perm[row, j]
        perm[row, j] = perm[:, i]
        perm[:, i] = picked
    return perm[:, :need]


def _chunks(total: int) -> Iterator[int]:
    while total > 0:
        yield min(total, _SAMPLE_CHUNK)
        total -= _SAMPLE_CHUNK
