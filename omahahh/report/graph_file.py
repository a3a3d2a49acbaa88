"""The net-winnings graph written to a file: ``.png`` (matplotlib) or ``.html`` (inline SVG)."""

from __future__ import annotations

import os
from pathlib import Path

from omahahh.report.graph import LINES, GraphData, graph_title
from omahahh.report.graph_html import graph_html
from omahahh.stats.filters import StatsInputError


def write_graph(data: GraphData, out: str | os.PathLike[str]) -> Path:
    """Draw ``data`` to ``out``: ``.png`` (matplotlib) or ``.html`` (inline SVG, no network)."""
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".html":
        path.write_text(graph_html(data), encoding="utf-8")
    elif suffix == ".png":
        _write_png(data, path)
    else:
        raise StatsInputError(f"{path}: the graph is written as .png or .html")
    return path


def _write_png(data: GraphData, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=100)
    try:
        x = data.frame["hand"].to_list()
        for column, label, colour in LINES:
            ys = data.values(column)
            final = f"{ys[-1]:,.2f}" if ys else "0"
            top = column == "net"  # drawn over the others, which it often coincides with
            ax.plot(
                x,
                ys,
                label=f"{label} ({final})",
                color=colour,
                linewidth=2.2 if top else 1.3,
                zorder=3 if top else 2,
            )
        ax.axhline(0, color="#888888", linewidth=0.8)
        ax.set_xlabel("hands")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hand counts are whole
        ax.set_ylabel(data.unit_label)
        ax.set_title(graph_title(data))
        ax.grid(True, color="#e5e5e5")
        ax.legend(loc="upper left")
        fig.tight_layout()
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
