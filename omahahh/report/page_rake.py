"""The report's rake section: reconciliation against a schedule, aggregated for the page.

Totals by currency, by period (a day, or a week or month when there would be
more than ``top`` days) and by stakes (the ``top`` with most hands), the
cumulative reported and expected rake per period for the chart, and the
``top`` largest discrepancies. Money is never added across currencies.

Every figure is computed once, by :func:`omahahh.rake.report.totals` (the same
totals ``omahahh rake`` prints): the chart is the by-period table run up over
time (reported and expected over the hands compared), so its last point is the
by-currency table's ``rake_reported_compared`` and ``rake_expected``.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from omahahh.rake.report import hand_inputs, largest_discrepancies, reconcile_frame, totals
from omahahh.rake.schedule import Schedule

# Coarser periods, tried in turn until the by-period table fits in ``top`` rows.
PERIODS = (("day", None), ("week", "1w"), ("month", "1mo"), ("year", "1y"))


@dataclass(frozen=True, slots=True)
class RakePart:
    by_currency: pl.DataFrame  # rake.report.totals columns, by currency
    period: str  # "day", "week", "month" or "year"
    by_period: pl.DataFrame  # the same, by period (a Date: the period's first day)
    by_stakes: pl.DataFrame  # the same, by stakes: the ``top`` with most hands
    stakes_groups: int  # how many stakes there are in all
    chart: pl.DataFrame  # currency, unit, period, reported, expected: running sums
    largest: pl.DataFrame  # rake.report.HAND_COLUMNS, largest |rake_diff| first
    hands_off_schedule: int
    rules: tuple[str, ...]  # the rake rules the rows cite

    @property
    def periods(self) -> int:
        return self.by_period.height


def _period(frame: pl.LazyFrame, top: int) -> tuple[str, pl.LazyFrame]:
    """``frame`` with a ``period`` column: days, or the finest coarser period that fits."""
    for name, every in PERIODS[:-1]:
        with_period = frame.with_columns(_truncated(every).alias("period"))
        count = with_period.select(pl.col("period").drop_nulls().n_unique()).collect().item()
        if count <= max(top, 1):
            return name, with_period
    name, every = PERIODS[-1]
    return name, frame.with_columns(_truncated(every).alias("period"))


def _truncated(every: str | None) -> pl.Expr:
    return pl.col("day") if every is None else pl.col("day").dt.truncate(every)


def chart_of(by_period: pl.DataFrame) -> pl.DataFrame:
    """The by-period totals run up over time, per currency with any hand compared: the
    reported and expected rake of the hands compared (``rake_reported_compared``,
    ``rake_expected``), so the last point of each line is the currency's total."""
    compared = by_period.filter(
        (pl.col("hands_compared") > 0) & pl.col("period").is_not_null()
    ).sort("currency", "period")
    return compared.with_columns(
        pl.col("rake_reported_compared").fill_null(0).cum_sum().over("currency").alias("reported"),
        pl.col("rake_expected").fill_null(0).cum_sum().over("currency").alias("expected"),
    ).select("currency", "unit", "period", "reported", "expected")


def rake_part(
    hands: pl.LazyFrame,
    players: pl.LazyFrame,
    actions: pl.LazyFrame,
    schedule: Schedule,
    top: int,
) -> RakePart:
    per_hand = reconcile_frame(hand_inputs(hands, players, actions), schedule).collect().lazy()
    period, with_period = _period(per_hand, top)
    stakes = totals(per_hand, ["stakes"]).collect()
    biggest = (
        stakes.with_row_index("_i")
        .sort(["hands", "_i"], descending=[True, False])
        .head(top)
        .sort("_i")
        .drop("_i")
    )
    largest = largest_discrepancies(per_hand, top).collect()
    counts = per_hand.select(
        (pl.col("rake_diff").fill_null(0) != 0).sum().alias("off"),
    ).collect()
    # R-RAKE-1 (the house takes rake) and R-RAKE-6 (schedules differ by room) frame every
    # reconciliation; the rows cite the rule their hand was measured by.
    rules = tuple(sorted({"R-RAKE-1", "R-RAKE-6", *(str(r) for r in largest["rake_rule"] if r)}))
    by_period = totals(with_period, ["period"]).collect()
    return RakePart(
        by_currency=totals(per_hand, []).collect(),
        period=period,
        by_period=by_period,
        by_stakes=biggest,
        stakes_groups=stakes.height,
        chart=chart_of(by_period),
        largest=largest,
        hands_off_schedule=int(counts["off"][0]),
        rules=rules,
    )
