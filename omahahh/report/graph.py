"""The winnings graph of ``omahahh graph``: net won over hands, with its three companion lines.

Lines, each a running sum over the player's hands in time order:

- ``net``: net won (docs/STATS.md ``net_won``);
- ``showdown``: net won in hands that went to showdown;
- ``no_showdown``: net won in the others (``net = showdown + no_showdown``);
- ``allin_ev``: net won with all-in hands counted at their expected value.

:func:`graph_series` computes them (polars, no loop per hand);
:func:`write_graph` draws a PNG (matplotlib) or a self-contained HTML page
(inline SVG, :mod:`omahahh.report.graph_html`) chosen by the file's extension.

Both drawings share the rules of :func:`drawn` and :func:`value_range`: every
hand is a point of its line up to :data:`MAX_POINTS` hands; beyond, each line
is the band between the lowest and highest value of each of
``MAX_POINTS // 2`` buckets of hands, so no swing is hidden (a sparse sample
would hide them). The axes run over the data (hand 1 to the last; the lowest
to the highest value, and 0), not to the next round number; the legend sits
outside the plotting area, so it covers no line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
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
MAX_POINTS = 200_000
"""Lines of up to this many hands are drawn through every hand; longer ones as an envelope."""


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


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line as drawn: ``x``/``y`` through every hand, or (``envelope``) the bucket
    starts ``x`` with each bucket's lowest ``low`` and highest ``high`` value."""

    x: list[float]
    y: list[float]
    low: list[float] | None = None
    high: list[float] | None = None

    @property
    def envelope(self) -> bool:
        return self.low is not None


def drawn(xs: list[float], ys: list[float], max_points: int | None = None) -> Drawn:
    """Every point when there are at most ``max_points`` (default :data:`MAX_POINTS`);
    else a min/max envelope of ``max_points // 2`` buckets (``y``: each bucket's last
    value, where the line goes on).

    >>> d = drawn([1.0, 2.0, 3.0, 4.0, 5.0], [0.0, 5.0, -3.0, 2.0, 1.0], max_points=4)
    >>> d.envelope, d.x, d.low, d.high, d.y
    (True, [1.0, 3.0], [0.0, -3.0], [5.0, 2.0], [5.0, 1.0])
    """
    limit = MAX_POINTS if max_points is None else max_points
    if len(ys) <= limit:
        return Drawn(list(xs), list(ys))
    buckets = max(limit // 2, 1)
    values = np.asarray(ys, dtype=float)
    starts = np.linspace(0, len(values), buckets, endpoint=False).astype(np.int64)
    starts = np.unique(starts)
    ends = np.append(starts[1:], len(values)) - 1
    return Drawn(
        x=[float(xs[i]) for i in starts],
        y=values[ends].tolist(),
        low=np.minimum.reduceat(values, starts).tolist(),
        high=np.maximum.reduceat(values, starts).tolist(),
    )


def value_range(lines: list[list[float]]) -> tuple[float, float]:
    """The y axis: from the lowest to the highest value of any line, 0 included (where
    every line starts), with 3 % of the span beside each end so no line runs on the frame.

    >>> value_range([[-82.0, 10.0], [30.0]])
    (-85.36, 33.36)
    """
    values = [v for ys in lines for v in ys] + [0.0]
    low, high = min(values), max(values)
    if high == low:
        return low - 1.0, high + 1.0
    pad = 0.03 * (high - low)
    return round(low - pad, 10), round(high + pad, 10)
