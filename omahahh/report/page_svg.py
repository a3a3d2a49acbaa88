"""The report's charts as inline SVG: rake reported vs expected over time, winnings graphs.

Both are drawn by :func:`omahahh.report.svg_chart.line_chart`; each sits in a
``<figure>`` whose caption says what the lines are, so the page needs no
picture file and no script to show them.
"""

from __future__ import annotations

from datetime import date, timedelta

import polars as pl

from omahahh.report.graph import GraphData
from omahahh.report.graph_html import graph_svg
from omahahh.report.page_html import esc, money
from omahahh.report.svg_chart import Line, line_chart

EPOCH = date(1970, 1, 1)
REPORTED = ("Reported rake", "#1f77b4", None)
EXPECTED = ("Expected by the schedule", "#d62728", "6 4")


def _day(x: float) -> str:
    return (EPOCH + timedelta(days=round(x))).isoformat()


def date_ticks(first: date, last: date, most: int = 7) -> list[float]:
    """Tick positions (days since 1970) at round dates between ``first`` and ``last``:
    new years over two years or more, first days of months over two months or more,
    else days.

    >>> [_day(t) for t in date_ticks(date(2019, 5, 1), date(2023, 2, 1))]
    ['2020-01-01', '2021-01-01', '2022-01-01', '2023-01-01']
    >>> [_day(t) for t in date_ticks(date(2021, 1, 15), date(2021, 6, 30))]
    ['2021-02-01', '2021-03-01', '2021-04-01', '2021-05-01', '2021-06-01']
    """
    span = (last - first).days
    if span >= 730:
        marks = [date(y, 1, 1) for y in range(first.year + 1, last.year + 1)]
    elif span >= 60:
        months = [
            (first.year + (first.month + i) // 12, (first.month + i) % 12 + 1)
            for i in range(span // 28 + 2)
        ]
        marks = [date(y, m, 1) for y, m in months if first < date(y, m, 1) <= last]
    else:
        marks = [first + timedelta(days=i) for i in range(span + 1)]
    step = -(-len(marks) // most) if marks else 1
    return [float((d - EPOCH).days) for d in marks[::step]]


def rake_charts(chart: pl.DataFrame, period: str, by_currency: pl.DataFrame) -> list[str]:
    """One figure per currency: reported and expected rake summed up over time, over the
    hands compared (the gap between the lines is the running difference). The caption
    gives the last point's figures, which are the by-currency table's (``totals``)."""
    totals = {row["currency"]: row for row in by_currency.iter_rows(named=True)}
    out = []
    for (currency,), rows in chart.group_by(["currency"], maintain_order=True):
        if rows.select((pl.col("reported").abs() + pl.col("expected").abs()).max()).item() == 0:
            continue  # nothing raked and nothing expected: a chart of zeros says nothing
        unit = float(rows["unit"][0] or 1)
        days = rows["period"].to_list()
        xs = [float((d - EPOCH).days) for d in days]
        lines = [
            Line(label, colour, [v / unit for v in rows[column].to_list()], width=2.0, dash=dash)
            for column, (label, colour, dash) in (("reported", REPORTED), ("expected", EXPECTED))
        ]
        svg = line_chart(
            f"Rake in {currency}, summed over time",
            xs,
            lines,
            x_label=f"{period} (UTC)",
            y_label=str(currency),
            x_tick=_day,
            x_ticks=date_ticks(days[0], days[-1]) or xs[:1],
        )
        total = totals.get(currency, {})
        reported, expected, gap = (
            money(total, total.get(c))
            for c in ("rake_reported_compared", "rake_expected", "rake_diff")
        )
        out.append(
            f'<figure class="rake-chart" data-currency="{esc(currency)}">{svg}<figcaption>'
            f"Rake reported and expected by the schedule in {esc(currency)}, summed "
            f"{esc(period)} by {esc(period)} over the hands the schedule covers that print "
            f'a rake: in all <span class="reported">{esc(reported)}</span> reported, '
            f'<span class="expected">{esc(expected)}</span> expected, a difference of '
            f'<span class="gap">{esc(gap)}</span> (the by-currency table\'s figures); the '
            "gap between the lines is the running difference.</figcaption></figure>"
        )
    return out


PAGE_POINTS = 2_000
"""Lines of a winnings graph on the page go through every hand up to this many hands;
longer ones are drawn as the band of each of ``PAGE_POINTS // 2`` buckets' lowest and
highest value (more buckets than the plot has pixels). The page holds several graphs,
and a line through every hand of a long-playing player would weigh megabytes of SVG
(docs/PERFORMANCE.md, "Report"); ``omahahh graph`` draws every hand up to
:data:`omahahh.report.graph.MAX_POINTS`."""


def winnings_chart(data: GraphData) -> str:
    """A player's winnings graph (net won, at and without showdown, all-in EV)."""
    hands = data.frame.height
    band = (
        f" Over {hands:,} hands each line is the band between the lowest and highest "
        f"value of each of {PAGE_POINTS // 2:,} runs of hands, so no swing is hidden "
        "(<code>omahahh graph</code> draws every hand)."
        if hands > PAGE_POINTS
        else ""
    )
    return (
        f"<figure>{graph_svg(data, PAGE_POINTS)}<figcaption>{esc(data.player)}: net won "
        f"over {hands:,} hands in {esc(data.unit_label)}, with the part won at "
        "showdown and without (they add up to it) and all-in EV (all-in hands at "
        f"their expected value).{band}</figcaption></figure>"
    )
