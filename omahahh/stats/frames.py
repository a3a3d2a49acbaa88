"""Tables keyed by an integer hand number, and per-hand sums without hashing.

Statistics read millions of rows; joining or windowing them on the string
``hand_key`` dominates the time. So every table is given ``_h``, the row of
its hand in the frame of selected hands, and per-hand quantities use the
layout the dataset already has: a hand's rows are contiguous in every table
(a hand never spans two Parquet parts) and its actions are in ``seq`` order.
A frame is checked for that in one pass and sorted only when it does not hold.

*Runs* below are maximal blocks of consecutive rows of one hand (or of one
hand and street): running sums minus the sum at the start of the run give a
count within the run, and the value at the end of the run, filled backwards,
its total; all plain vectorised arithmetic.
"""

from __future__ import annotations

import polars as pl

HAND = "_h"


def starts(*keys: str) -> pl.Expr:
    """True on the first row of each run of equal ``keys``."""
    cond: pl.Expr = pl.lit(False)
    for k in keys:
        cond = cond | (pl.col(k) != pl.col(k).shift(1)).fill_null(True)
    return cond


def ends(*keys: str) -> pl.Expr:
    """True on the last row of each run of equal ``keys``."""
    cond: pl.Expr = pl.lit(False)
    for k in keys:
        cond = cond | (pl.col(k) != pl.col(k).shift(-1)).fill_null(True)
    return cond


def count_before(flag: pl.Expr, first: pl.Expr) -> pl.Expr:
    """Rows before this one in its run with ``flag`` (``first`` marks run starts)."""
    as_int = flag.cast(pl.Int32)
    before = as_int.cum_sum() - as_int
    return before - pl.when(first).then(before).forward_fill()


def run_total(values: pl.Expr, first: pl.Expr, last: pl.Expr) -> pl.Expr:
    """The sum of ``values`` over the row's run, on every row of the run."""
    v = values.cast(pl.Int64)
    total = v.cum_sum()
    before = total - v
    return pl.when(last).then(total).backward_fill() - pl.when(first).then(before).forward_fill()


class HandIndex:
    """Maps ``hand_key`` to ``_h`` for the tables of one selection of hands.

    Tables of a dataset list their hands in runs, often in the same order as
    another table: a run sequence seen before (compared element by element,
    no hashing) reuses its mapping; a new one is joined once.
    """

    def __init__(self, hands: pl.DataFrame):
        self.hands = hands.select("hand_key", HAND)
        # (run keys, their _h, no hand in two runs): the hands themselves map to 0..n-1.
        self._seen: list[tuple[pl.Series, pl.Series, bool]] = [
            (self.hands["hand_key"], self.hands[HAND].cast(pl.Int64), True)
        ]

    def lookup(self, keys: pl.Series) -> tuple[pl.Series, bool]:
        """``_h`` of each run's key (null when not selected), and whether no ``_h`` repeats."""
        for seen, mapped, unique in self._seen:
            if seen.len() == keys.len() and bool((seen == keys).all()):
                return mapped, unique
        frame = keys.to_frame("hand_key").join(
            self.hands, on="hand_key", how="left", maintain_order="left"
        )
        mapped = frame[HAND].cast(pl.Int64)
        taken = mapped.drop_nulls()
        unique = taken.n_unique() == taken.len()
        self._seen.append((keys, mapped, unique))
        return mapped, unique


def with_hand_ids(frame: pl.DataFrame, index: HandIndex, order: str | None = None) -> pl.DataFrame:
    """Rows of ``frame`` whose hand is selected in ``index``, with ``_h``.

    The result keeps each hand's rows together and, with ``order`` (e.g.
    ``seq``), in that column's order. Contiguous input (the dataset's layout)
    is mapped per run of rows; other input is joined row by row and sorted.
    """
    if frame.height == 0:
        return frame.with_columns(pl.lit(None, pl.Int64).alias(HAND)).clear()
    first = frame.select(starts("hand_key")).to_series()
    mapped, unique = index.lookup(frame["hand_key"].filter(first))
    if unique:  # no hand in two runs: the rows are contiguous
        run = first.cum_sum().cast(pl.Int64) - 1
        out = frame.with_columns(mapped.gather(run).alias(HAND))
        if out[HAND].null_count():
            out = out.filter(pl.col(HAND).is_not_null())
        if order is None or _ordered(out, order):
            return out
        return out.sort(HAND, order, maintain_order=True)
    out = frame.join(index.hands, on="hand_key", how="inner")
    return out.sort([HAND, order] if order else [HAND], maintain_order=True)


def _ordered(frame: pl.DataFrame, order: str) -> bool:
    """Is ``order`` increasing within every run of ``_h``?"""
    ok = starts(HAND) | (pl.col(order) > pl.col(order).shift(1))
    return bool(frame.select(ok.all()).item())
