"""The winnings graph of ``omahahh graph``: net won over hands, with its three companion lines.

Lines, each a running sum over the player's hands in time order:

- ``net``: net won (docs/STATS.md ``net_won``);
- ``showdown``: net won in hands that went to showdown;
- ``no_showdown``: net won in the others (``net = showdown + no_showdown``);
- ``allin_ev``: net won with all-in hands counted at their expected value.

:func:`graph_series` computes them (polars, no loop per hand);
:func:`write_graph` draws a PNG (matplotlib) or a self-contained HTML page
(inline SVG, :mod:`omahahh.report.graph_html`) chosen by the file's extension.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from omahahh.stats.aliases import Aliases
from omahahh.stats.facts import Tables, player_hands
from omahahh.stats.filters import NO_FILTER, StatsFilter, StatsInputError

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


def graph_rows(
    tables: Tables, filters: StatsFilter = NO_FILTER, aliases: Aliases | None = None
) -> pl.DataFrame:
    """One row per (hand, player) the filters keep, with what the lines sum."""
    return (
        player_hands(tables, filters, aliases)
        .select(
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
        .collect()
    )


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
    frame = graph_rows(tables, filters, aliases)
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
    return series_of(frame, big_blinds=big_blinds)


def series_of(frame: pl.DataFrame, *, big_blinds: bool) -> GraphData:
    """The running sums of :func:`graph_rows` rows of one player (of one currency
    unless ``big_blinds``)."""
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
        player=str(frame["player"][0]),
        currency="bb" if big_blinds else str(frame["currency"][0]),
        unit=1 if big_blinds else int(frame["unit"][0]),
        in_big_blinds=big_blinds,
        frame=series,
    )


def graph_title(data: GraphData) -> str:
    n = data.frame.height
    return f"{data.player}: {n:,} hand{'s' if n != 1 else ''} ({data.unit_label})"
