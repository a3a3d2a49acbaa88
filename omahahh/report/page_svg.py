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
from omahahh.report.page_html import esc
from omahahh.report.svg_chart import Line, line_chart

EPOCH = date(1970, 1, 1)
REPORTED = ("Reported rake", "#1f77b4", None)
EXPECTED = ("Expected by the schedule", "#d62728", "6 4")


def _day(x: float) -> str:
    return (EPOCH + timedelta(days=round(x))).isoformat()


def rake_charts(chart: pl.DataFrame, period: str) -> list[str]:
    """One figure per currency: reported and expected rake summed up over time, over the
    hands the schedule covers (the gap between the lines is the running difference)."""
    out = []
    for (currency,), rows in chart.group_by(["currency"], maintain_order=True):
        if rows.select((pl.col("reported").abs() + pl.col("expected").abs()).max()).item() == 0:
            continue  # nothing raked and nothing expected: a chart of zeros says nothing
        unit = float(rows["unit"][0] or 1)
        xs = [float((d - EPOCH).days) for d in rows["period"].to_list()]
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
        )
        out.append(
            f"<figure>{svg}<figcaption>Rake reported and expected by the schedule in "
            f"{esc(currency)}, summed {esc(period)} by {esc(period)} over the hands the "
            "schedule covers; the gap between the lines is the running difference."
            "</figcaption></figure>"
        )
    return out


def winnings_chart(data: GraphData) -> str:
    """A player's winnings graph (net won, at and without showdown, all-in EV)."""
    return (
        f"<figure>{graph_svg(data)}<figcaption>{esc(data.player)}: net won over "
        f"{data.frame.height:,} hands in {esc(data.unit_label)}, with the part won at "
        "showdown and without (they add up to it) and all-in EV (all-in hands at "
        "their expected value).</figcaption></figure>"
    )
