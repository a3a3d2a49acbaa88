"""A made-up winnings series for the graph's tests."""

from __future__ import annotations

import polars as pl

from omahahh.report.graph import GraphData


def synthetic(n: int, spike_at: int | None = None, low: int = -8200) -> GraphData:
    """``n`` hands of a made-up series (cents), dipping to ``low`` at hand 6."""
    net = [((i * 37) % 200) - 100 for i in range(n)]
    if n > 6:
        net[5] = low
    if spike_at is not None:
        net[spike_at] = 900_000
    frame = pl.DataFrame(
        {
            "hand": list(range(1, n + 1)),
            "hand_key": [f"k{i}" for i in range(n)],
            "started_at": [None] * n,
            "net": net,
            "showdown": [v // 2 for v in net],
            "no_showdown": [v - v // 2 for v in net],
            "allin_ev": net,
        }
    )
    return GraphData("Hero", "USD", 100, False, frame)
