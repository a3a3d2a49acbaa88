"""The winnings graph as one self-contained HTML page: inline SVG, no script, no network.

Every hand is a point of its line up to :data:`omahahh.report.graph.MAX_POINTS`;
longer lines are drawn as the band of each bucket's lowest and highest value
(:func:`omahahh.report.graph.drawn`). The axes run over the data, and the legend
(with each line's exact final value) stands right of the plotting area.
"""

from __future__ import annotations

from html import escape

from omahahh.report.graph import LINES, GraphData, drawn, graph_title, value_range
from omahahh.report.svg_chart import Frame, nice_ticks, number

WIDTH, HEIGHT = 1100, 540
LEFT, RIGHT, TOP, BOTTOM = 90, 250, 48, 56  # RIGHT holds the legend, outside the plot


def within(ticks: list[float], low: float, high: float) -> list[float]:
    """The ticks inside the axis (the axis ends at the data, not at a round number)."""
    return [t for t in ticks if low - 1e-9 <= t <= high + 1e-9]


def graph_svg(data: GraphData, max_points: int | None = None) -> str:
    """The chart as an ``<svg>`` element; lines of more than ``max_points`` hands
    (default :data:`omahahh.report.graph.MAX_POINTS`) are drawn as envelopes."""

    xs = [float(x) for x in data.frame["hand"].to_list()]
    lines = {column: data.values(column) for column, _, _ in LINES}
    y0, y1 = value_range(list(lines.values()))
    x0, x1 = (xs[0], xs[-1]) if len(xs) > 1 else (0.5, 1.5)
    yticks = within(nice_ticks(y0, y1, 8), y0, y1)
    xticks = [t for t in within(nice_ticks(x0, x1, 8), x0, x1) if t == int(t)]
    frame = Frame(WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM, x0, x1, y0, y1)
    px, py, plot_w, plot_h = frame.px, frame.py, frame.plot_w, frame.plot_h
    out = [
        *frame.svg_open(),
        f'<text x="{LEFT + plot_w / 2}" y="24" text-anchor="middle" font-size="16">'
        f"{escape(graph_title(data))}</text>",
        f'<rect class="plot" x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" '
        'fill="none" stroke="#cccccc"/>',
        *frame.y_grid(yticks),
    ]
    for t in xticks:
        x = px(t)
        out.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">{number(t)}</text>'
        )
    out += frame.axis_titles("hands", data.unit_label)
    # The net line last, so it is drawn over the lines it often coincides with.
    for column, label, colour in sorted(LINES, key=lambda line: line[0] == "net"):
        ys = lines[column]
        final = f"{ys[-1]:,.2f}" if ys else "0"
        width = 2.4 if column == "net" else 1.4
        title = f"<title>{escape(label)}: {final}</title>"
        d = drawn(xs, ys, max_points)
        if d.low is not None and d.high is not None:
            band = [*zip(d.x, d.high, strict=True), *reversed(list(zip(d.x, d.low, strict=True)))]
            points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in band)
            out.append(
                f'<polygon class="envelope" fill="{colour}" fill-opacity="0.35" '
                f'stroke="{colour}" stroke-width="0.6" points="{points}">{title}</polygon>'
            )
            continue
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(d.x, d.y, strict=True))
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="{width}" points="{points}">'
            f"{title}</polyline>"
        )
    legend_x = WIDTH - RIGHT + 16
    for i, (column, label, colour) in enumerate(LINES):
        ys = lines[column]
        final = f"{ys[-1]:,.2f}" if ys else "0"
        ly = TOP + 8 + 18 * i
        out.append(
            f'<line class="legend" x1="{legend_x}" x2="{legend_x + 24}" y1="{ly}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="3"/>'
        )
        out.append(f'<text x="{legend_x + 30}" y="{ly + 4}">{escape(label)} ({final})</text>')
    out.append("</svg>")
    return "\n".join(out)


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
