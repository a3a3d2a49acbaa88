"""The winnings graph as one self-contained HTML page: inline SVG, no script, no network.

Long series are thinned for the page (the lowest and highest point of each
of ~1,000 buckets are kept, so no swing disappears); the final values in the
legend are exact.
"""

from __future__ import annotations

import math
from html import escape

from omahahh.report.graph import LINES, GraphData, graph_title

WIDTH, HEIGHT = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 90, 24, 48, 56
BUCKETS = 1000


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values covering ``low..high`` (steps of 1, 2 or 5 × 10^k).

    >>> nice_ticks(-3.2, 17.5)
    [-5.0, 0.0, 5.0, 10.0, 15.0, 20.0]
    >>> nice_ticks(0, 812)[-1]
    1000.0
    """
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(count - 1, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = [round(first, 10)]
    while ticks[-1] < high:  # the last tick covers the highest value
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def thin(xs: list[float], ys: list[float], buckets: int = BUCKETS) -> list[tuple[float, float]]:
    """At most about ``2 × buckets`` points: each bucket's lowest and highest, in order."""
    if len(xs) <= 2 * buckets:
        return list(zip(xs, ys, strict=True))
    size = len(xs) / buckets
    out: list[tuple[float, float]] = []
    for b in range(buckets):
        lo, hi = int(b * size), min(int((b + 1) * size), len(xs))
        part = range(lo, hi)
        keep = sorted({min(part, key=ys.__getitem__), max(part, key=ys.__getitem__)})
        out += [(xs[i], ys[i]) for i in keep]
    if out[-1][0] != xs[-1]:
        out.append((xs[-1], ys[-1]))
    return out


def _fmt(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:,.0f}"


def graph_svg(data: GraphData) -> str:
    """The chart as an ``<svg>`` element."""

    xs = [float(x) for x in data.frame["hand"].to_list()]
    lines = {column: data.values(column) for column, _, _ in LINES}
    every = [v for ys in lines.values() for v in ys] + [0.0]
    yticks = nice_ticks(min(every), max(every))
    xticks = [t for t in nice_ticks(0.0, max(xs or [1.0])) if t >= 0]
    y0, y1 = yticks[0], yticks[-1]
    x1 = xticks[-1] if xticks[-1] > 0 else 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + plot_w * x / x1

    def py(y: float) -> float:
        return TOP + plot_h * (1 - (y - y0) / (y1 - y0))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="24" text-anchor="middle" font-size="16">'
        f"{escape(graph_title(data))}</text>",
    ]
    for t in yticks:
        y = py(t)
        colour = "#888" if t == 0 else "#e5e5e5"
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="{colour}"/>'
        )
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    for t in xticks:
        x = px(t)
        out.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">{_fmt(t)}</text>'
        )
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 12}" text-anchor="middle">hands</text>')
    out.append(
        f'<text transform="translate(18 {TOP + plot_h / 2}) rotate(-90)" '
        f'text-anchor="middle">{escape(data.unit_label)}</text>'
    )
    # The net line last, so it is drawn over the lines it often coincides with.
    for column, label, colour in sorted(LINES, key=lambda line: line[0] == "net"):
        ys = lines[column]
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in thin(xs, ys))
        final = f"{ys[-1]:,.2f}" if ys else "0"
        width = 2.4 if column == "net" else 1.4
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="{width}" points="{points}">'
            f"<title>{escape(label)}: {final}</title></polyline>"
        )
    for i, (column, label, colour) in enumerate(LINES):
        ys = lines[column]
        final = f"{ys[-1]:,.2f}" if ys else "0"
        ly = TOP + 8 + 18 * i
        out.append(
            f'<line x1="{LEFT + 12}" x2="{LEFT + 36}" y1="{ly}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="3"/>'
        )
        out.append(f'<text x="{LEFT + 42}" y="{ly + 4}">{escape(label)} ({final})</text>')
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
