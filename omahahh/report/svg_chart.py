"""A line chart as an inline ``<svg>`` element: no script, no network, scales to its box.

Used by the winnings graph (:mod:`omahahh.report.graph_html`) and the audit
report's charts (:mod:`omahahh.report.page_svg`). Long series are thinned
(the lowest and highest point of each of ~1,000 buckets are kept, so no
swing disappears); the final values in the legend are exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 90, 24, 48, 56
BUCKETS = 1000
MARKERS_UP_TO = 60  # points drawn as dots too when a line has this many or fewer


@dataclass(frozen=True, slots=True)
class Line:
    """One series: ``ys`` beside the chart's ``xs``, in display units."""

    label: str
    colour: str
    ys: Sequence[float]
    width: float = 1.4
    dash: str | None = None  # an SVG stroke-dasharray, so lines differ without colour


@dataclass(frozen=True, slots=True)
class Frame:
    """A chart's canvas: its size and margins, and the data ranges its plotting area
    spans. Maps data to pixels and draws what every chart has: the y grid with its
    labels and the two axis titles.

    >>> f = Frame(200, 100, 10, 10, 10, 10, 0.0, 10.0, 0.0, 1.0)
    >>> f.px(5.0), f.py(1.0)
    (100.0, 10.0)
    """

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x0: float
    x1: float
    y0: float
    y1: float

    @property
    def plot_w(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> int:
        return self.height - self.top - self.bottom

    def px(self, x: float) -> float:
        return self.left + self.plot_w * (x - self.x0) / (self.x1 - self.x0)

    def py(self, y: float) -> float:
        return self.top + self.plot_h * (1 - (y - self.y0) / (self.y1 - self.y0))

    def svg_open(self, extra: str = "") -> list[str]:
        """The ``<svg>`` tag (``extra``: more attributes) and its white background."""
        w, h = self.width, self.height
        return [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
            f'width="{w}" height="{h}" font-family="sans-serif" font-size="12"{extra}>',
            f'<rect width="{w}" height="{h}" fill="white"/>',
        ]

    def y_grid(self, ticks: Sequence[float]) -> list[str]:
        """A grid line and a label at each tick of the y axis (zero darker)."""
        out = []
        for t in ticks:
            y = self.py(t)
            colour = "#888" if t == 0 else "#e5e5e5"
            out.append(
                f'<line x1="{self.left}" x2="{self.width - self.right}" y1="{y:.1f}" '
                f'y2="{y:.1f}" stroke="{colour}"/>'
            )
            out.append(
                f'<text x="{self.left - 8}" y="{y + 4:.1f}" text-anchor="end">{number(t)}</text>'
            )
        return out

    def axis_titles(self, x_label: str, y_label: str) -> list[str]:
        """The x axis's title below the plot, the y axis's turned along it."""
        return [
            f'<text x="{self.left + self.plot_w / 2}" y="{self.height - 12}" '
            f'text-anchor="middle">{escape(x_label)}</text>',
            f'<text transform="translate(18 {self.top + self.plot_h / 2}) rotate(-90)" '
            f'text-anchor="middle">{escape(y_label)}</text>',
        ]


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


def thin(
    xs: Sequence[float], ys: Sequence[float], buckets: int = BUCKETS
) -> list[tuple[float, float]]:
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


def number(value: float) -> str:
    """``1,234.5``: thousands separated, at most two decimals, none for whole numbers."""
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:,.0f}"


def line_chart(
    title: str,
    xs: Sequence[float],
    lines: Sequence[Line],
    *,
    x_label: str,
    y_label: str,
    x_tick: Callable[[float], str] = number,
    x_ticks: Sequence[float] | None = None,
    on_top: str | None = None,
) -> str:
    """The chart as an ``<svg>`` element (legend in the order of ``lines``; the line
    labelled ``on_top`` is drawn last, over the lines it may coincide with).

    Without ``x_ticks`` the x axis starts at 0 and ends at a round number; with
    them (dates, say) it spans the data, padded by one on each side of a single x.
    """
    every = [v for line in lines for v in line.ys] + [0.0]
    yticks = nice_ticks(min(every), max(every))
    low_x = min(xs) if xs else 0.0
    high_x = max(xs) if xs else 1.0
    if x_ticks is None:
        xticks = [t for t in nice_ticks(low_x, high_x) if t >= low_x or t == 0]
        x0 = min(xticks[0], low_x)
        x1 = xticks[-1] if xticks[-1] > x0 else x0 + 1.0
    else:
        x0, x1 = (low_x, high_x) if high_x > low_x else (low_x - 1.0, high_x + 1.0)
        xticks = [t for t in x_ticks if x0 <= t <= x1]
    frame = Frame(WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM, x0, x1, yticks[0], yticks[-1])
    px, py = frame.px, frame.py
    out = [
        *frame.svg_open(f' role="img" aria-label="{escape(title)}"'),
        f'<text x="{WIDTH / 2}" y="24" text-anchor="middle" font-size="16">{escape(title)}</text>',
        *frame.y_grid(yticks),
    ]
    for t in xticks:
        x = px(t)
        # A label at either end is anchored inwards, so it is never cut off.
        anchor = "end" if x > WIDTH - RIGHT - 40 else "start" if x < LEFT + 20 else "middle"
        out.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM + 5}" '
            f'stroke="#888"/><text x="{x:.1f}" y="{HEIGHT - BOTTOM + 18}" '
            f'text-anchor="{anchor}">{escape(x_tick(t))}</text>'
        )
    out += frame.axis_titles(x_label, y_label)
    for line in sorted(lines, key=lambda line: line.label == on_top):
        points = thin(xs, line.ys)
        final = f"{line.ys[-1]:,.2f}" if line.ys else "0"
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        out.append(
            f'<polyline fill="none" stroke="{line.colour}" stroke-width="{line.width}"{dash} '
            f'points="{path}"><title>{escape(line.label)}: {final}</title></polyline>'
        )
        if len(points) <= MARKERS_UP_TO:
            out += [
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{line.colour}"/>'
                for x, y in points
            ]
    for i, line in enumerate(lines):
        final = f"{line.ys[-1]:,.2f}" if line.ys else "0"
        ly = TOP + 8 + 18 * i
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        out.append(
            f'<line x1="{LEFT + 12}" x2="{LEFT + 36}" y1="{ly}" y2="{ly}" '
            f'stroke="{line.colour}" stroke-width="3"{dash}/>'
        )
        out.append(f'<text x="{LEFT + 42}" y="{ly + 4}">{escape(line.label)} ({final})</text>')
    out.append("</svg>")
    return "\n".join(out)
