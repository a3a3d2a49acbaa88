"""The winnings graph as one self-contained HTML page: inline SVG, no script, no network.

The chart is drawn by :func:`omahahh.report.svg_chart.line_chart` (long
series thinned, final values in the legend exact).
"""

from __future__ import annotations

from html import escape

from omahahh.report.graph import LINES, GraphData, graph_title
from omahahh.report.svg_chart import Line, line_chart, nice_ticks, thin

__all__ = ["graph_html", "graph_lines", "graph_svg", "nice_ticks", "thin"]


def graph_lines(data: GraphData) -> list[Line]:
    """The four lines of :data:`~omahahh.report.graph.LINES`, net won the widest."""
    return [
        Line(label, colour, data.values(column), width=2.4 if column == "net" else 1.4)
        for column, label, colour in LINES
    ]


def graph_svg(data: GraphData) -> str:
    """The chart as an ``<svg>`` element (net won drawn over the lines it often meets)."""
    xs = [float(x) for x in data.frame["hand"].to_list()]
    return line_chart(
        graph_title(data),
        xs,
        graph_lines(data),
        x_label="hands",
        y_label=data.unit_label,
        on_top=LINES[0][1],
    )


def graph_html(data: GraphData) -> str:
    """A complete HTML page holding the chart; it loads nothing from anywhere."""

    title = escape(graph_title(data))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n"
        "<style>body{margin:24px;font-family:sans-serif;color:#222}</style>\n"
        "</head>\n<body>\n"
        f"{graph_svg(data)}\n"
        "<p>Net won over hands in time order, with the net won at and without showdown "
        "(they add up to it) and all-in EV (all-in hands at their expected value). "
        "Definitions: docs/STATS.md of omahahh.</p>\n"
        "</body>\n</html>\n"
    )
