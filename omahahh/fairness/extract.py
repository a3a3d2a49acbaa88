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
import pyarrow as pa

from omahahh.cards import RANKS, SUITS, card_str
from omahahh.fairness.sample import (
    BOARD_CARDS,
    AllinSample,
    BoolArray,
    DealSample,
    IntArray,
    SampleCounts,
    from_deal,
    no_allins,
    shown_only,
)
from omahahh.stats.filters import NO_FILTER, StatsFilter, hand_predicate, names_match
from omahahh.stats.frames import HAND, HandIndex, with_hand_ids

Tables = Mapping[str, pl.LazyFrame]
CARD_INDEX = {card_str(c): c for c in range(52)}
ROW = HAND  # each row's hand: its row in the selected, ordered hands

# Card text is always two characters (``card_str``): rank, then suit.
_RANK_OF = np.full(256, -100, dtype=np.int8)  # -100: no card (any sum stays negative)
_SUIT_OF = np.full(256, -100, dtype=np.int8)
for _i, _ch in enumerate(RANKS):
    _RANK_OF[ord(_ch)] = _i
for _i, _ch in enumerate(SUITS):
    _SUIT_OF[ord(_ch)] = _i


def _cards(values: pl.Series) -> IntArray:
    """Card strings to ints: from the Arrow bytes when every string is two characters
    (as ``ingest`` writes them), else by a lookup of each string."""
    strings = values.to_arrow()
    if isinstance(strings, pa.ChunkedArray):
        strings = strings.combine_chunks()
    if strings.type != pa.large_string():
        strings = strings.cast(pa.large_string())
    _, offsets_buffer, data = strings.buffers()
    n = len(strings)
    offsets = np.frombuffer(offsets_buffer, dtype=np.int64)[strings.offset : strings.offset + n + 1]
    # Two characters each: the offsets are exactly 0, 2, 4, ... from the first.
    two_each = n > 0 and strings.null_count == 0 and int(offsets[-1] - offsets[0]) == 2 * n
    if two_each and bool((np.diff(offsets) == 2).all()):
        chars = np.frombuffer(data, dtype=np.uint8)[offsets[0] : offsets[-1]]
        card = _RANK_OF[chars[0::2]] * 4 + _SUIT_OF[chars[1::2]]
        if int(card.min()) >= 0:
            return card.astype(np.int64)
    ints = values.replace_strict(CARD_INDEX, default=-1, return_dtype=pl.Int64)
    return ints.to_numpy()


def _hands(tables: Tables, filters: StatsFilter) -> pl.DataFrame:
    """Selected hands in deal order per table, with their row ``_h`` and table number."""
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


def _lists(values: pl.Series, width: int) -> tuple[IntArray, IntArray]:
    """(row, column) of each element of a list column, and the ints of its cards, as a
    (rows, ``width``) array padded with -1 (elements past ``width`` dropped)."""
    lengths = values.list.len().fill_null(0).to_numpy().astype(np.int64)
    flat = _cards(values.explode().drop_nulls())
    rows = np.repeat(np.arange(values.len()), lengths)
    col = np.arange(flat.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    out = np.full((values.len(), width), -1, dtype=np.int64)
    keep = col < width
    out[rows[keep], col[keep]] = flat[keep]
    return rows, out


def _padded(flat: IntArray, k_of: IntArray, chosen: BoolArray) -> IntArray:
    """The chosen players' hands as rows padded with -1, from every player's cards in
    a row (player i holding ``k_of[i]``)."""
    width = int(k_of.max(initial=0))
    if k_of.size and int(k_of.min()) == width:  # one hole-card count: a plain reshape
        return flat.reshape(-1, width)[chosen]
    start = (np.cumsum(k_of) - k_of)[chosen]
    k_chosen = k_of[chosen]
    out = np.full((k_chosen.size, max(width, 1)), -1, dtype=np.int64)
    for k in np.unique(k_chosen).tolist():
        rows = np.flatnonzero(k_chosen == k)
        out[rows, :k] = flat[start[rows][:, None] + np.arange(k)]
    return out


def _boards(hands: pl.DataFrame) -> IntArray:
    """(H, 5) first boards, -1 where a card was not dealt."""
    _, board = _lists(hands["board0"], BOARD_CARDS)
    return board


def _positions(hand: IntArray, seat: IntArray, button: IntArray) -> IntArray:
    """Position of each dealt player: 0 the button (or the first seat after an empty
    one), then clockwise. Rows of a hand contiguous and by seat (a dataset's layout)
    are counted in one pass; otherwise sorted first."""
    if hand.size == 0:
        return hand.copy()
    ordered = bool(
        ((hand[1:] > hand[:-1]) | ((hand[1:] == hand[:-1]) & (seat[1:] > seat[:-1]))).all()
    )
    order = np.arange(hand.size) if ordered else np.lexsort((seat, hand))
    h, st = hand[order], seat[order]
    first = np.ones(h.size, dtype=bool)
    first[1:] = h[1:] != h[:-1]
    start = np.maximum.accumulate(np.where(first, np.arange(h.size), 0))
    index = np.arange(h.size) - start  # seat order within the hand
    dealt = np.bincount(h, minlength=h.max() + 1)[h]
    before = np.bincount(h, weights=st < button[order], minlength=h.max() + 1)[h]
    position = np.empty(hand.size, dtype=np.int64)
    position[order] = (index - before.astype(np.int64)) % dealt
    return np.where(button >= 0, position, -1)


def fair_sample(
    tables: Tables, filters: StatsFilter = NO_FILTER, player: str | None = None
) -> DealSample:
    """The :class:`DealSample` of a dataset's hands (``player``: a name or glob whose
    own dealt hands are the sample, as ``--player``)."""
    hands = _hands(tables, filters)
    read = hands.height
    index = HandIndex(hands)
    players = with_hand_ids(
        tables["players"]
        .select("hand_key", "seat", "player", "dealt_in", "dealt_known", "hole_cards")
        .collect(),
        index,
    )
    hole_count = hands["hole_card_count"].fill_null(0).to_numpy().astype(np.int64)
    button = hands["button_seat"].fill_null(-1).to_numpy().astype(np.int64)
    rows = players[ROW].to_numpy()
    players = players.with_columns(pl.Series("hole_card_count", hole_count[rows]))
    flags = players.select(
        from_deal().alias("deal"),
        shown_only().alias("shown"),
        pl.col("dealt_in").fill_null(False).alias("dealt_in"),
    )
    deal = flags["deal"].to_numpy()
    dealt_in = flags["dealt_in"].to_numpy()
    flags_seats = players["seat"].to_numpy().astype(np.int64)
    not_from_deal = np.bincount(rows, weights=dealt_in & ~deal, minlength=read)
    seated = np.bincount(rows, weights=dealt_in, minlength=read)
    from_deal_n = np.bincount(rows, weights=deal, minlength=read)
    all_known = (not_from_deal == 0) & (seated >= 2)

    chosen = deal.copy()
    keep_hand = np.ones(read, dtype=bool)
    if player is not None:
        named = players.select(names_match(pl.col("player"), (player,))).to_series().to_numpy()
        chosen &= named
        keep_hand = np.bincount(rows, weights=chosen, minlength=read) > 0

    # Players with cards from the deal: each holds exactly its hand's count of cards.
    in_deal = np.flatnonzero(deal)
    cards_in_deal = players["hole_cards"] if in_deal.size == deal.size else None
    if cards_in_deal is None:
        cards_in_deal = players["hole_cards"].gather(in_deal)
    owner, k_of = rows[in_deal], hole_count[rows[in_deal]]
    flat = _cards(cards_in_deal.explode()) if in_deal.size else np.zeros(0, np.int64)
    del players  # the largest frame: not needed past this point
    seats_all = flags_seats
    position = np.full(deal.size, -1, dtype=np.int64)
    dealt_rows = np.flatnonzero(dealt_in)
    position[dealt_rows] = _positions(
        rows[dealt_rows], seats_all[dealt_rows], button[rows[dealt_rows]]
    )

    # Renumber the kept hands 0..H-1 (they stay in deal order).
    new_row = np.cumsum(keep_hand) - 1
    mine = chosen[in_deal]  # the sampled among the players with cards from the deal
    known_owner = np.repeat(owner, k_of)
    kept = keep_hand[known_owner]
    return DealSample(
        table=hands["_table"].to_numpy()[keep_hand],
        hole_count=hole_count[keep_hand],
        all_known=all_known[keep_hand],
        known_hand=new_row[known_owner[kept]],
        known_card=flat[kept],
        board=_boards(hands)[keep_hand],
        seat_hand=new_row[owner[mine]],
        seat=seats_all[in_deal][mine],
        position=position[in_deal][mine],
        holes=_padded(flat, k_of, mine),
        allin=_allins(tables, hands.filter(pl.Series(keep_hand)), new_row),
        counts=SampleCounts(
            hands_read=read,
            all_known=int((all_known & keep_hand).sum()),
            hero_only=int((~all_known & (from_deal_n > 0) & keep_hand).sum()),
            board_only=int((from_deal_n == 0).sum()) if player is None else 0,
            shown_only=int(flags["shown"].sum()),
            player=player,
        ),
    )


def _with_rows(frame: pl.LazyFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """Rows of ``frame`` for the hands of ``hands``, with the hand's ``_h``."""
    return frame.join(
        hands.lazy().select("hand_key", ROW), on="hand_key", how="inner", maintain_order="left"
    ).collect()


def _allins(tables: Tables, hands: pl.DataFrame, new_row: IntArray) -> AllinSample:
    """All-in rows with the share of the first board's main pot each player won."""
    if "allin" not in tables:
        return no_allins()
    allin = _with_rows(tables["allin"].select("hand_key", "seat", "player", "equity"), hands)
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
