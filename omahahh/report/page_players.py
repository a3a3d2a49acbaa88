"""The report's players section: the statistics table and the winnings graphs.

The table is ``omahahh stats``' (one row per player and currency), the
``top`` rows with most hands, of the players ``--player`` names when given.
The graphs (net won, at and without showdown, all-in EV) are of the
:data:`GRAPHED` persons with most hands among those rows; a person who
played in more than one currency is drawn in big blinds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import polars as pl

from omahahh.report.graph import GraphData, graph_rows, series_of
from omahahh.stats.facts import Tables
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import player_stats

GRAPHED = 3
COLUMNS = (
    "player",
    "currency",
    "hands",
    "net_won",
    "bb_per_100",
    "won_showdown",
    "won_no_showdown",
    "rake_paid",
    "vpip",
    "pfr",
    "three_bet",
    "af",
    "wtsd",
    "wsd",
    "allin_hands",
    "allin_ev_net",
    "net_won_ev",
)


@dataclass(frozen=True, slots=True)
class PlayersPart:
    table: pl.DataFrame  # COLUMNS, most hands first: at most ``top`` rows
    rows_total: int  # rows before the cap
    players_total: int
    chosen: tuple[str, ...]  # the --player patterns; empty: every player
    graphs: tuple[GraphData, ...]


def exact_glob(name: str) -> str:
    """A glob that matches ``name`` only (its ``*``, ``?`` and ``[`` bracketed).

    >>> exact_glob("a*b[1]?")
    'a[*]b[[]1][?]'
    """
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def players_part(tables: Tables, filters: StatsFilter, top: int) -> PlayersPart:
    stats = player_stats(tables, filters)
    ordered = stats.sort(["hands", "player", "currency"], descending=[True, False, False])
    people = (
        ordered.group_by("player", maintain_order=True)
        .agg(pl.col("hands").sum())
        .sort("hands", descending=True, maintain_order=True)
    )
    graphed = people["player"].head(GRAPHED).to_list()
    graphs: list[GraphData] = []
    if graphed:
        rows = graph_rows(tables, replace(filters, players=tuple(map(exact_glob, graphed))))
        for name in graphed:
            mine = rows.filter(pl.col("player") == name)
            if mine.height:
                graphs.append(series_of(mine, big_blinds=mine["currency"].n_unique() > 1))
    return PlayersPart(
        table=ordered.head(top).select(COLUMNS),
        rows_total=ordered.height,
        players_total=people.height,
        chosen=filters.players,
        graphs=tuple(graphs),
    )
