"""A batch of a dataset's tables as plain row tuples, hand by hand.

What the export's fast path (:mod:`omahahh.export.phh_fast`) reads: the columns
:func:`omahahh.export.phh_rows.record_from_rows` rebuilds a record from, as tuples in
the orders below, each hand's child rows found by Arrow kernels rather than per row in
Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from omahahh.cards import TOKEN_INDEX, parse_cards
from omahahh.export.phh_rows import CHILD_COLUMNS, CHILD_ORDER

HAND_COLUMNS = (
    "hand_key", "site", "hand_id", "started_at", "started_at_local", "variant", "structure",
    "hole_card_count", "hi_lo", "game_label", "mixed_game", "game_type", "fast_fold",
    "home_game", "tournament_id", "tournament_level", "buy_in", "currency", "unit", "stakes",
    "small_blind", "big_blind", "small_bet", "big_bet", "ante", "table_name", "max_seats",
    "button_seat", "board", "cancelled", "betting_capped_streets", "total_pot_reported",
    "main_pot_reported", "side_pots_reported", "rake_reported", "jackpot_reported",
    "other_fees_reported", "cash_drop_reported", "run_count", "source_path", "source_line",
    "text_hash", "parser_notes",
)  # fmt: skip
PLAYER_COLUMNS = CHILD_COLUMNS["players"]
ACTION_COLUMNS = CHILD_COLUMNS["actions"]
COLLECTION_COLUMNS = CHILD_COLUMNS["collections"]

# Positions in the rows (tuples in the column orders above).
(P_SEAT, P_PLAYER, P_DEALT_IN, P_SITTING_OUT, P_STACK, P_BOUNTY, P_CARDS, P_KNOWN,
 P_SHOWED, P_MUCKED, P_DESCRIPTION, P_SUMMARY_WON, P_UNCALLED, P_CASHOUT,
 P_CASHOUT_FEE, P_WON, P_POT_SHARE) = range(17)  # fmt: skip
A_STREET, A_PLAYER, A_KIND, A_AMOUNT, A_TO, A_BY, A_ALL_IN, A_LINE = range(8)

_UTC_MICROS = pa.timestamp("us", tz="UTC")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def grouped(
    table: pa.Table, name: str, columns: tuple[str, ...], keys: pa.ChunkedArray
) -> list[list[tuple[Any, ...]]]:
    """For each hand of ``keys`` (by position), its rows of ``table`` in the table's order
    (``seq`` or ``seat``), as tuples of ``columns``; a row of no listed hand is left out.

    The rows are put in hand order by the Arrow kernels, then cut by counts: no Python
    work per row beyond making its tuple.
    """
    position = pc.index_in(table.column("hand_key"), value_set=keys)
    table = table.append_column("_hand", position).filter(pc.is_valid(position))
    table = table.sort_by([("_hand", "ascending"), (CHILD_ORDER[name], "ascending")])
    counts = np.bincount(
        table.column("_hand").to_numpy().astype(np.int64, copy=False), minlength=len(keys)
    )
    rows = list(zip(*(column(table, c) for c in columns), strict=True))
    out: list[list[tuple[Any, ...]]] = []
    at = 0
    for count in counts.tolist():
        out.append(rows[at : at + count])
        at += count
    return out


def column(table: pa.Table, name: str) -> list[Any]:
    """A column's values (nulls where a dataset written before the column lacks it)."""
    if name in table.column_names:
        column = table.column(name)
        if column.type == _UTC_MICROS:
            # pyarrow makes an aware datetime several times slower than this does
            return [
                None if us is None else _EPOCH + timedelta(microseconds=us)
                for us in column.cast(pa.int64()).to_pylist()
            ]
        values: list[Any] = column.to_pylist()
        return values
    default = True if name == "dealt_known" else None
    return [default] * table.num_rows


def row_cards(values: Sequence[str] | None) -> tuple[int, ...]:
    """``parse_cards(" ".join(values))``, as the record path reads a row's cards; tokens as
    the tables store them are looked up one by one (anything else goes the long way)."""
    if not values:
        return ()
    try:
        cards = tuple([TOKEN_INDEX[t] for t in values])
    except KeyError:
        return parse_cards(" ".join(values))
    return cards if len(set(cards)) == len(cards) else parse_cards(" ".join(values))
