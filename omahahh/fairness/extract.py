"""The fair sample of a dataset's hands (:mod:`omahahh.fairness.sample`), read with polars.

Reads ``hands`` (order, table, board), ``players`` (who was dealt what, and
how it is known) and, for all-in luck, ``allin`` with the first board's main
pot from ``pots`` and ``awards``. Everything is columnar: card strings become
ints through one ``replace_strict`` over the exploded lists, per-hand sums are
``numpy.bincount`` over the hand's row, so a million hands take seconds
(``benchmarks/fairness.py``).

Hands are ordered per table (site, tournament, table name) by start time and
hand number, the order in which the room dealt them.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from omahahh.cards import card_str
from omahahh.fairness.sample import (
    BOARD_CARDS,
    MAX_HOLE,
    AllinSample,
    DealSample,
    IntArray,
    SampleCounts,
    from_deal,
    no_allins,
    shown_only,
)
from omahahh.stats.filters import NO_FILTER, StatsFilter, hand_predicate, names_match

Tables = Mapping[str, pl.LazyFrame]
CARD_INDEX = {card_str(c): c for c in range(52)}
ROW = "_row"


def _cards(values: pl.Series) -> IntArray:
    """Card strings to ints."""
    ints = values.replace_strict(CARD_INDEX, default=-1, return_dtype=pl.Int64)
    return ints.to_numpy()


def _hands(tables: Tables, filters: StatsFilter) -> pl.DataFrame:
    """Selected hands in deal order per table, with their row ``_row`` and table number."""
    hands = (
        tables["hands"]
        .filter(hand_predicate(filters))
        .select(
            "hand_key",
            "site",
            "tournament_id",
            "table_name",
            "started_at",
            "hand_id",
            "hole_card_count",
            "button_seat",
            pl.col("board").list.first().alias("board0"),
        )
        .collect()
    )
    table_key = ["site", "tournament_id", "table_name"]
    # A hand number orders as a number: shorter first, then as text (ids may pass 64 bits).
    hands = hands.sort(
        [*table_key, "started_at", pl.col("hand_id").str.len_chars(), "hand_id"],
        nulls_last=True,
    )
    table = pl.struct(table_key).rank("dense").cast(pl.Int64)
    return hands.with_columns(
        pl.int_range(pl.len(), dtype=pl.Int64).alias(ROW), table.alias("_table")
    )


def _boards(hands: pl.DataFrame) -> IntArray:
    """(H, 5) first boards, -1 where a card was not dealt."""
    board = hands["board0"].fill_null(pl.Series([[]], dtype=pl.List(pl.String)))
    lengths = board.list.len().to_numpy().astype(np.int64)
    flat = _cards(board.explode().drop_nulls())
    out = np.full((hands.height, BOARD_CARDS), -1, dtype=np.int64)
    rows = np.repeat(np.arange(hands.height), lengths)
    col = np.arange(flat.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    keep = col < BOARD_CARDS
    out[rows[keep], col[keep]] = flat[keep]
    return out


def _positions(players: pl.DataFrame) -> IntArray:
    """0 for the button (or the first seat after an empty one), then clockwise."""
    rows = players[ROW].to_numpy()
    seat = players["seat"].to_numpy().astype(np.int64)
    button = players["button_seat"].fill_null(-1).to_numpy().astype(np.int64)
    dealt = players["dealt_in"].fill_null(False).to_numpy()
    key = np.where(seat >= button, seat - button, seat - button + 1000)
    key = np.where(dealt, key, 10_000)  # players not dealt in sort last
    order = np.lexsort((key, rows))
    sorted_rows = rows[order]
    start = np.searchsorted(sorted_rows, sorted_rows, side="left")
    position = np.empty(rows.size, dtype=np.int64)
    position[order] = np.arange(rows.size) - start
    return np.where(dealt & (button >= 0), position, -1)


def _masks(rows: IntArray, cards: IntArray, hands: int) -> IntArray:
    """Per hand, the mask of ``cards`` (each belonging to the hand ``rows``)."""
    bits = np.left_shift(1, cards).astype(np.float64)
    return np.bincount(rows, weights=bits, minlength=hands).astype(np.int64)


def _holes(frame: pl.DataFrame) -> tuple[IntArray, IntArray, IntArray]:
    """(player index, card) of every hole card of ``frame``, and the (P, 6) padded holes."""
    lengths = frame["hole_cards"].list.len().to_numpy().astype(np.int64)
    flat = _cards(frame["hole_cards"].explode().drop_nulls())
    who = np.repeat(np.arange(frame.height), lengths)
    col = np.arange(flat.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    holes = np.full((frame.height, MAX_HOLE), -1, dtype=np.int64)
    keep = col < MAX_HOLE
    holes[who[keep], col[keep]] = flat[keep]
    return who, flat, holes


def _with_rows(frame: pl.LazyFrame, hands: pl.DataFrame, columns: list[str]) -> pl.DataFrame:
    """Rows of ``frame`` for the selected hands, with the hand's ``_row`` and ``columns``."""
    return frame.join(
        hands.lazy().select("hand_key", ROW, *columns),
        on="hand_key",
        how="inner",
        maintain_order="left",
    ).collect()


def fair_sample(
    tables: Tables, filters: StatsFilter = NO_FILTER, player: str | None = None
) -> DealSample:
    """The :class:`DealSample` of a dataset's hands (``player``: a name or glob whose
    own dealt hands are the sample, as ``--player``)."""
    hands = _hands(tables, filters)
    players = _with_rows(
        tables["players"].select(
            "hand_key", "seat", "player", "dealt_in", "dealt_known", "hole_cards"
        ),
        hands,
        ["hole_card_count", "button_seat"],
    ).with_columns(from_deal().alias("_deal"), shown_only().alias("_shown"))
    read = hands.height
    rows = players[ROW].to_numpy()
    deal = players["_deal"].to_numpy()
    dealt_in = players["dealt_in"].fill_null(False).to_numpy()
    not_from_deal = np.bincount(rows, weights=dealt_in & ~deal, minlength=read)
    seated = np.bincount(rows, weights=dealt_in, minlength=read)
    from_deal_n = np.bincount(rows, weights=deal, minlength=read)
    all_known = (not_from_deal == 0) & (seated >= 2)
    shown = int(players["_shown"].sum())

    chosen = deal.copy()
    keep_hand = np.ones(read, dtype=bool)
    if player is not None:
        named = players.select(names_match(pl.col("player"), (player,))).to_series().to_numpy()
        chosen &= named
        keep_hand = np.bincount(rows, weights=chosen, minlength=read) > 0

    known_players = players.filter(pl.col("_deal"))
    who, flat, _ = _holes(known_players)
    known = _masks(known_players[ROW].to_numpy()[who], flat, read)
    positions = _positions(players)
    sampled = players.filter(pl.Series(chosen))
    _, _, holes = _holes(sampled)

    # Renumber the kept hands 0..H-1 (they stay in deal order).
    new_row = np.cumsum(keep_hand) - 1
    sample = DealSample(
        table=hands["_table"].to_numpy()[keep_hand],
        hole_count=hands["hole_card_count"].fill_null(0).to_numpy().astype(np.int64)[keep_hand],
        all_known=all_known[keep_hand],
        known=known[keep_hand],
        board=_boards(hands)[keep_hand],
        seat_hand=new_row[sampled[ROW].to_numpy()],
        seat=sampled["seat"].to_numpy().astype(np.int64),
        position=positions[chosen],
        holes=holes,
        allin=_allins(tables, hands.filter(pl.Series(keep_hand)), new_row),
        counts=SampleCounts(
            hands_read=read,
            all_known=int((all_known & keep_hand).sum()),
            hero_only=int((~all_known & (from_deal_n > 0) & keep_hand).sum()),
            board_only=int((from_deal_n == 0).sum()) if player is None else 0,
            shown_only=shown,
            player=player,
        ),
    )
    return sample


def _allins(tables: Tables, hands: pl.DataFrame, new_row: IntArray) -> AllinSample:
    """All-in rows with the share of the first board's main pot each player won."""
    if "allin" not in tables:
        return no_allins()
    allin = _with_rows(tables["allin"].select("hand_key", "seat", "player", "equity"), hands, [])
    if allin.height == 0:
        return no_allins()
    wanted = allin.select("hand_key").unique()
    main = pl.col("run").eq(0) & pl.col("pot_index").eq(0)
    pot = (
        tables["pots"]
        .filter(main)
        .join(wanted.lazy(), on="hand_key", how="semi")
        .select("hand_key", pl.col("amount_derived").alias("_pot"))
    )
    won = (
        tables["awards"]
        .filter(main)
        .join(wanted.lazy(), on="hand_key", how="semi")
        .group_by("hand_key", "seat")
        .agg(
            pl.col("amount_derived").sum().alias("_won"),
            pl.col("amount_derived").null_count().alias("_unknown"),
        )
    )
    rows = (
        allin.lazy()
        .join(pot, on="hand_key", how="inner")
        .join(won, on=["hand_key", "seat"], how="left")
        .with_columns(pl.col("_won").fill_null(0), pl.col("_unknown").fill_null(0))
        # A hand counts whole or not at all: its pot derived and known to every award.
        .filter(
            (pl.col("_pot") > 0).all().over("hand_key")
            & (pl.col("_unknown") == 0).all().over("hand_key")
            & pl.col("equity").is_not_null().all().over("hand_key")
        )
        .sort(ROW, "seat")
        .collect()
    )
    return AllinSample(
        hand=new_row[rows[ROW].to_numpy()],
        player=rows["player"].to_list(),
        equity=rows["equity"].to_numpy().astype(np.float64),
        share=(rows["_won"].cast(pl.Float64) / rows["_pot"].cast(pl.Float64)).to_numpy(),
    )
