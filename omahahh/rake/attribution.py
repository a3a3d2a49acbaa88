"""Rake attributed to players, in exact integer minor units.

Methods (``--attribution``):

- ``dealt``: equal shares among the players dealt in;
- ``contributed``: equal shares among the players who put money in;
- ``weighted`` (default): in proportion to the money each put in (net of
  uncalled returns).

Remainder rule: every player first gets the floor of their exact share
(``rake × weight ÷ total weight``); the few minor units left over (fewer than
the number of players) go one each to the players with the largest
fractional remainders, ties broken clockwise from the first seat after the
button, as odd chips are (R-ODD-1). The shares of a hand therefore always sum
exactly to its rake. A hand with no eligible player (say, no one dealt in)
falls back to equal shares among all its seated players.
"""

from __future__ import annotations

from enum import StrEnum

import polars as pl


class Attribution(StrEnum):
    DEALT = "dealt"
    CONTRIBUTED = "contributed"
    WEIGHTED = "weighted"


def invested(players: pl.LazyFrame, actions: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, player, seat, dealt_in, invested): ``players.invested`` when present.

    Where it is missing: Σ of the player's ``actions.amount`` less ``uncalled_reported``.
    """
    cols = ["hand_key", "player", "seat", "dealt_in"]
    present = "invested" in players.collect_schema().names()
    if present and players.select(pl.col("invested").null_count()).collect().item() == 0:
        return players.select(*cols, "invested")
    put_in = actions.group_by("hand_key", "player").agg(pl.col("amount").sum().alias("_put_in"))
    computed = pl.col("_put_in").fill_null(0) - pl.col("uncalled_reported").fill_null(0)
    if present:  # replay's figure where it has one
        computed = pl.coalesce(pl.col("invested"), computed)
    return players.join(put_in, on=["hand_key", "player"], how="left").select(
        *cols, computed.alias("invested")
    )


def _weights(frame: pl.LazyFrame, method: Attribution) -> pl.LazyFrame:
    if method is Attribution.DEALT:
        w = pl.col("dealt_in").fill_null(False).cast(pl.Int64)
    elif method is Attribution.CONTRIBUTED:
        w = (pl.col("invested") > 0).cast(pl.Int64)
    else:
        w = pl.col("invested").clip(lower_bound=0)
    frame = frame.with_columns(w.alias("weight"))
    totals = frame.group_by("_h").agg(pl.col("weight").sum().alias("_w"))
    # No eligible player: equal shares among everyone seated.
    return (
        frame.join(totals, on="_h")
        .with_columns(
            pl.when(pl.col("_w") > 0).then(pl.col("weight")).otherwise(pl.lit(1, pl.Int64))
        )
        .drop("_w")
    )


def allocate(frame: pl.DataFrame, amount: str) -> pl.Series:
    """Split each hand's ``amount`` over its rows by ``weight``, exactly (see module doc).

    ``frame`` has one row per player: ``_h`` (the hand, an integer), ``weight``
    (≥ 0, some > 0 in each hand), ``order`` (tie-break, smaller first) and the
    hand's ``amount`` on every row. Returns the shares, row for row. Group sums
    are joined back and the leftover units go by position after one sort of a
    narrow frame: no per-hand window, no Python loop.
    """
    a, w = pl.col(amount), pl.col("weight")
    narrow = frame.select("_h", "weight", "order", amount).with_row_index("_r").lazy()
    sums = narrow.group_by("_h").agg(w.sum().alias("_w"))
    parts = narrow.join(sums, on="_h").with_columns(
        (a * w // pl.col("_w")).alias("_base"), (a * w % pl.col("_w")).alias("_rem")
    )
    left = parts.group_by("_h").agg((a.first() - pl.col("_base").sum()).alias("_left"))
    idx = pl.int_range(pl.len(), dtype=pl.Int64)
    new_hand = pl.col("_h") != pl.col("_h").shift(1).fill_null(-1)
    start = pl.when(new_hand).then(idx).otherwise(None).forward_fill()
    # Largest remainder first, then seat order: the first ``_left`` rows get one more.
    share = (
        parts.join(left, on="_h")
        .sort(["_h", "_rem", "order"], descending=[False, True, False])
        .select(
            "_r",
            pl.when(a.is_null())
            .then(None)
            .otherwise(pl.col("_base") + (idx - start < pl.col("_left")).cast(pl.Int64))
            .alias("share"),
        )
        .sort("_r")
        .collect()
    )
    return share["share"]


def attribute(
    per_hand: pl.LazyFrame,
    players: pl.LazyFrame,
    actions: pl.LazyFrame,
    method: Attribution = Attribution.WEIGHTED,
) -> pl.LazyFrame:
    """(hand_key, player, seat, share_reported, share_expected) for every seated player.

    ``per_hand`` has ``hand_key``, ``rake_reported``, ``rake_expected`` and
    (optionally) the button seat is read from ``button_seat``.
    """
    button = (
        per_hand.select("hand_key", "button_seat")
        if "button_seat" in per_hand.collect_schema().names()
        else per_hand.select("hand_key", pl.lit(None, pl.Int32).alias("button_seat"))
    )
    hands = per_hand.select("hand_key", "rake_reported", "rake_expected").with_row_index("_h")
    rows = (
        invested(players, actions)
        .join(hands, on="hand_key")
        .join(button, on="hand_key", how="left")
        .with_columns(
            # Clockwise from the first seat after the button.
            pl.when(pl.col("button_seat").is_null())
            .then(pl.col("seat"))
            .otherwise((pl.col("seat") - pl.col("button_seat") - 1 + 1000) % 1000)
            .cast(pl.Int64)
            .clip(0, 1023)
            .alias("order"),
        )
    )
    # Materialised once: the allocation reads it several times.
    table = _weights(rows, method).collect()
    return table.select(
        "hand_key",
        "player",
        "seat",
        "invested",
        allocate(table, "rake_reported").alias("share_reported"),
        allocate(table, "rake_expected").alias("share_expected"),
    ).lazy()
