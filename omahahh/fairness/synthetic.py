"""A simulated session (:mod:`omahahh.fairness.simulate`) as dataset tables.

The tables hold what a room's histories would: ``hands`` (table, button,
first board), ``players`` (every seat; cards from the deal for every seat
in an operator's log, for the hero only otherwise, where the seat after the
hero shows its cards whenever the river comes: a shown hand that must not
be used), ``allin`` with its main pot in ``pots`` and ``awards``. Columns the
tests do not read are null. So a test can check that reading these tables
gives back exactly the sample :func:`~omahahh.fairness.simulate.as_sample`
builds, and a benchmark can time the command on a million hands.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any, cast

import numpy as np
import polars as pl
import pyarrow as pa

from omahahh.cards import card_str
from omahahh.dataset.store import DatasetWriter
from omahahh.dataset.tables import TABLES, schema
from omahahh.fairness.sample import IntArray
from omahahh.fairness.simulate import Known, Session, board_of, player_name

POT = 1000
START = datetime(2026, 1, 1, tzinfo=UTC)
_CARD_TEXT = {c: card_str(c) for c in range(52)}


def _card_lists(cards: IntArray, width: int) -> pl.Series:
    """Rows of ``width`` card ints (-1: none) as lists of card strings."""
    flat = pl.Series(cards.ravel()).replace_strict(_CARD_TEXT, default=None, return_dtype=pl.String)
    lists = flat.reshape((cards.shape[0], width)).cast(pl.List(pl.String))
    return lists.list.drop_nulls()


def _names(table: IntArray, seat: IntArray) -> pl.Series:
    """:func:`~omahahh.fairness.simulate.player_name` of many seats at once."""
    names = "t" + pl.Series(table).cast(pl.String) + "s" + pl.Series(seat).cast(pl.String)
    assert names.is_empty() or names[0] == player_name(int(table[0]), int(seat[0]))
    return names


def _one_run(boards: pl.Series) -> pl.Series:
    """Each board as the only run of ``hands.board`` (a list of lists)."""
    offsets = pa.array(np.arange(boards.len() + 1, dtype=np.int32))
    nested = pa.ListArray.from_arrays(offsets, boards.to_arrow())
    return cast(pl.Series, pl.from_arrow(nested))


def _complete(table: str, columns: dict[str, Any], height: int) -> pl.DataFrame:
    """A frame of ``table``'s schema: the given columns, nulls elsewhere."""
    out = []
    for name, dtype in schema(table).items():
        value = columns.get(name)
        if isinstance(value, pl.Series):
            out.append(value.cast(dtype).alias(name))
        else:
            out.append(pl.repeat(value, height, dtype=dtype, eager=True).alias(name))
    return pl.DataFrame(out)


def session_tables(s: Session, known: Known, first: int = 0) -> dict[str, pl.DataFrame]:
    """Every table of a dataset holding ``s`` (empty where the session has nothing);
    hand numbers from ``first`` (to write a session in parts)."""
    d = s.deals
    n, seats = len(d.deck), d.players
    keys = (pl.Series(np.arange(n) + first) + 1_000_000_000).cast(pl.String)
    hand_key = "pokerstars:" + keys
    index_in_table = np.arange(n) - np.searchsorted(d.table, d.table)
    board = _card_lists(board_of(s), 5)
    hands = _complete(
        "hands",
        {
            "hand_key": hand_key,
            "site": "pokerstars",
            "hand_id": keys,
            "started_at": pl.Series(index_in_table).cast(pl.Int64) * 60_000_000
            + int(START.timestamp() * 1_000_000),
            "variant": "PLO" if d.hole == 4 else f"PLO{d.hole}",
            "structure": "pot_limit",
            "hole_card_count": d.hole,
            "hi_lo": False,
            "game_type": "cash",
            "fast_fold": False,
            "currency": "USD",
            "unit": 100,
            "table_name": "Sim " + pl.Series(d.table).cast(pl.String).str.zfill(5),
            "max_seats": seats,
            "button_seat": pl.Series(s.button),
            "players_dealt": seats,
            "board": _one_run(board),
            "run_count": 1,
            "cancelled": False,
        },
        n,
    )
    seat_no = np.tile(np.arange(1, seats + 1), n)
    table_of = np.repeat(d.table, seats)
    hole = d.deck[:, : d.board_start].reshape(n * seats, d.hole)
    hero = np.repeat(s.hero_seat(), seats) == seat_no
    after_hero = np.repeat(s.hero_seat() % seats + 1, seats) == seat_no
    river = np.repeat(s.streets == 5, seats)
    from_deal = np.ones(n * seats, dtype=bool) if known is Known.ALL else hero
    shown = ~from_deal & after_hero & river
    visible = np.where((from_deal | shown)[:, None], hole, -1)
    players = _complete(
        "players",
        {
            "hand_key": hand_key.gather(np.repeat(np.arange(n), seats)),
            "seat": pl.Series(seat_no),
            "player": _names(table_of, seat_no),
            "stack_start": 10_000,
            "sitting_out": False,
            "dealt_in": True,
            "is_button": pl.Series(np.repeat(s.button, seats) == seat_no),
            "hole_cards": _card_lists(visible, d.hole),
            "dealt_known": pl.Series(from_deal),
            "showed": pl.Series(shown),
            "mucked": False,
        },
        n * seats,
    )
    a = s.allin
    allin_keys = hand_key.gather(a.hand)
    allin_seats = pl.Series(np.tile([1, 2], a.size // 2))
    frames = {name: pl.DataFrame(schema=schema(name)) for name in TABLES}
    frames["hands"], frames["players"] = hands, players
    frames["allin"] = _complete(
        "allin",
        {
            "hand_key": allin_keys,
            "seat": allin_seats,
            "player": pl.Series(a.player),
            "street": "flop",
            "live_players": 2,
            "equity": pl.Series(a.equity),
            "exact": True,
        },
        a.size,
    )
    pots = allin_keys.unique(maintain_order=True)
    frames["pots"] = _complete(
        "pots",
        {"hand_key": pots, "run": 0, "pot_index": 0, "amount_derived": POT, "verifiable": True},
        pots.len(),
    )
    frames["awards"] = _complete(
        "awards",
        {
            "hand_key": allin_keys,
            "run": 0,
            "pot_index": 0,
            "half": "whole",
            "seat": allin_seats,
            "player": pl.Series(a.player),
            "amount_derived": pl.Series(np.rint(a.share * POT).astype(np.int64)),
        },
        a.size,
    )
    return frames


def write_dataset(frames: dict[str, pl.DataFrame], root: str | os.PathLike[str]) -> None:
    """Write ``frames`` as a dataset at ``root`` (as ``ingest`` would, one version)."""
    with DatasetWriter(root) as writer:
        for table, frame in frames.items():
            writer.buffer(table, frame)
        hands = frames["hands"].height
        writer.count(files=0, blocks=hands, parsed=hands, failures=0)
        writer.commit(["synthetic"])
