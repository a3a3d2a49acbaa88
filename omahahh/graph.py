"""The winnings graph of ``omahahh graph``: net won over hands, with its three companion lines.

Lines, each a running sum over the player's hands in time order:

- ``net``: net won (docs/STATS.md ``net_won``);
- ``showdown``: net won in hands that went to showdown;
- ``no_showdown``: net won in the others (``net = showdown + no_showdown``);
- ``allin_ev``: net won with all-in hands counted at their expected value.

:func:`graph_series` computes them (polars, no loop per hand);
:func:`write_graph` draws a PNG (matplotlib) or a self-contained HTML page
(inline SVG, :mod:`omahahh.graph_html`) chosen by the file's extension.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from omahahh.aliases import Aliases
from omahahh.stats_facts import Tables, player_hands
from omahahh.stats_filters import NO_FILTER, StatsFilter, StatsInputError

# (column, legend, colour), in drawing order.
LINES = (
    ("net", "Net won", "#2ca02c"),
    ("showdown", "At showdown", "#1f77b4"),
    ("no_showdown", "Without showdown", "#d62728"),
    ("allin_ev", "All-in EV", "#ff7f0e"),
)
FORMATS = (".png", ".html")


@dataclass(frozen=True, slots=True)
class GraphData:
    """The series of one player: ``frame`` has ``hand`` (1..n), ``hand_key``,
    ``started_at`` and one column per line of :data:`LINES`, in ``unit_label``
    (minor units of ``currency``, or big blinds)."""

    player: str
    currency: str
    unit: int
    in_big_blinds: bool
    frame: pl.DataFrame

    @property
    def unit_label(self) -> str:
        return "big blinds" if self.in_big_blinds else self.currency

    def values(self, column: str) -> list[float]:
        """A line in display units (currency units or big blinds)."""
        scale = 1.0 if self.in_big_blinds else float(self.unit)
        return [float(v) / scale for v in self.frame[column].to_list()]


def graph_series(
    tables: Tables,
    filters: StatsFilter = NO_FILTER,
    aliases: Aliases | None = None,
    *,
    big_blinds: bool = False,
) -> GraphData:
    """The running sums of one player's hands (see the module doc).

    The filters must leave exactly one player (after aliases), and one
    currency unless ``big_blinds``: money is never added across currencies.
    """
    rows = player_hands(tables, filters, aliases).select(
        "player",
        "hand_key",
        "started_at",
        "currency",
        "unit",
        "net_won",
        "net_showdown",
        "net_no_showdown",
        "net_won_ev",
        pl.coalesce("big_blind", "small_bet").alias("_bb"),
    )
    frame = rows.collect()
    people = frame["player"].unique().sort().to_list()
    if not people:
        raise StatsInputError("no hand of the player matches the filters")
    if len(people) > 1:
        shown = ", ".join(people[:5]) + (", ..." if len(people) > 5 else "")
        raise StatsInputError(
            f"--player matches {len(people)} players ({shown}): the graph is of one "
            "(name one, or make them one person with --alias)"
        )
    currencies = frame["currency"].unique().sort().to_list()
    if len(currencies) > 1 and not big_blinds:
        raise StatsInputError(
            f"hands in {', '.join(currencies)}: money is never added across currencies; "
            "draw in big blinds (--bb) or keep one (--currency)"
        )
    columns = {
        "net": "net_won",
        "showdown": "net_showdown",
        "no_showdown": "net_no_showdown",
        "allin_ev": "net_won_ev",
    }
    ordered = frame.sort("started_at", "hand_key", nulls_last=True)
    if big_blinds:
        values = {k: (pl.col(v) / pl.col("_bb")).fill_null(0.0) for k, v in columns.items()}
    else:
        values = {k: pl.col(v) for k, v in columns.items()}
    series = ordered.select(
        pl.int_range(1, pl.len() + 1).alias("hand"),
        "hand_key",
        "started_at",
        *[v.cum_sum().alias(k) for k, v in values.items()],
    )
    return GraphData(
        player=people[0],
        currency="bb" if big_blinds else currencies[0],
        unit=1 if big_blinds else int(frame["unit"][0]),
        in_big_blinds=big_blinds,
        frame=series,
    )


def graph_title(data: GraphData) -> str:
    n = data.frame.height
    return f"{data.player}: {n:,} hand{'s' if n != 1 else ''} ({data.unit_label})"


def write_graph(data: GraphData, out: str | os.PathLike[str]) -> Path:
    """Draw ``data`` to ``out``: ``.png`` (matplotlib) or ``.html`` (inline SVG, no network)."""
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".html":
        from omahahh.graph_html import graph_html

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
