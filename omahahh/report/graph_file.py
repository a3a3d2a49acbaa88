"""The net-winnings graph written to a file: ``.png`` (matplotlib) or ``.html`` (inline SVG)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from omahahh.report.graph import LINES, GraphData, drawn, graph_title, value_range
from omahahh.report.graph_html import graph_html
from omahahh.stats.filters import StatsInputError

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def write_graph(data: GraphData, out: str | os.PathLike[str], suffix: str | None = None) -> Path:
    """Draw ``data`` to ``out``: ``.png`` (matplotlib) or ``.html`` (inline SVG, no network),
    as ``suffix`` says (default: ``out``'s own)."""
    path = Path(out)
    suffix = (path.suffix if suffix is None else suffix).lower()
    if suffix in (".html", ".htm"):
        path.write_text(graph_html(data), encoding="utf-8")
    elif suffix == ".png":
        _write_png(data, path)
    else:
        raise StatsInputError(f"{path}: the graph is written as .png or .html")
    return path


def _write_png(data: GraphData, path: Path) -> None:
    from matplotlib import pyplot as plt

    fig = png_figure(data)
    try:
        # "tight" keeps the legend, which stands outside the axes, inside the image.
        fig.savefig(path, format="png", bbox_inches="tight")
    finally:
        plt.close(fig)


def png_figure(data: GraphData) -> Figure:
    """The matplotlib figure of the PNG: every hand drawn (an envelope beyond
    :data:`MAX_POINTS`), axes over the data, the legend right of the axes."""
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(12, 5.5), dpi=100)
    xs = [float(x) for x in data.frame["hand"].to_list()]
    lines = {column: data.values(column) for column, _, _ in LINES}
    for column, label, colour in LINES:
        ys = lines[column]
        final = f"{ys[-1]:,.2f}" if ys else "0"
        top = column == "net"  # drawn over the others, which it often coincides with
        d = drawn(xs, ys)
        if d.low is not None and d.high is not None:
            ax.fill_between(
                d.x,
                d.low,
                d.high,
                label=f"{label} ({final})",
                color=colour,
                alpha=0.75,
                linewidth=0.4,
                zorder=3 if top else 2,
            )
        else:
            ax.plot(
                d.x,
                d.y,
                label=f"{label} ({final})",
                color=colour,
                linewidth=2.2 if top else 1.3,
                zorder=3 if top else 2,
            )
    ax.axhline(0, color="#888888", linewidth=0.8)
    if len(xs) > 1:
        ax.set_xlim(xs[0], xs[-1])
    ax.set_ylim(*value_range(list(lines.values())))
    ax.set_xlabel("hands")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hand counts are whole
    ax.set_ylabel(data.unit_label)
    ax.set_title(graph_title(data))
    ax.grid(True, color="#e5e5e5")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)
    fig.tight_layout()
    return fig
