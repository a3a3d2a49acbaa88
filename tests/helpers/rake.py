"""Synthetic dataset tables for the rake tests: a hand from a few facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import polars as pl

from omahahh.dataset.tables import schema


@dataclass
class SynthHand:
    key: str
    invested: dict[str, int]  # player -> chips put in (net of uncalled)
    rake: int | None
    currency: str = "USD"
    structure: str = "pot_limit"
    big_blind: int = 100
    game_type: str = "cash"
    flop: bool = True
    cancelled: bool = False
    uncalled: dict[str, int] = field(default_factory=dict)
    not_dealt: tuple[str, ...] = ()
    day: int = 1
    table: str = "T1"
    stakes: str = "$0.50/$1"
    button_seat: int = 1

    @property
    def pot(self) -> int:
        return sum(self.invested.values())


DERIVED_HAND = ("total_pot_derived", "rake_derived")
DERIVED_PLAYER = ("invested", "won")


def tables(
    hands: list[SynthHand], derived: bool = False, pot_shift: int = 0
) -> dict[str, pl.LazyFrame]:
    """hands / players / actions frames with the dataset schemas.

    ``derived``: with replay's columns (``hands.total_pot_derived`` = pot +
    ``pot_shift``, ``players.invested``); without, those columns are absent
    whatever the schema says, as in a dataset written before replay existed.
    """
    h_rows, p_rows, a_rows = [], [], []
    for h in hands:
        names = list(h.invested) + list(h.not_dealt)
        h_rows.append(
            {
                "hand_key": h.key,
                "site": "pokerstars",
                "hand_id": h.key,
                "started_at": datetime(2024, 1, h.day, 12, tzinfo=UTC),
                "variant": "PLO" if h.structure != "fixed_limit" else "FLO",
                "structure": h.structure,
                "game_type": h.game_type,
                "currency": h.currency,
                "unit": 1 if h.currency == "CHIPS" else 100,
                "stakes": h.stakes,
                "small_blind": h.big_blind // 2,
                "big_blind": h.big_blind,
                "small_bet": h.big_blind if h.structure == "fixed_limit" else None,
                "table_name": h.table,
                "button_seat": h.button_seat,
                "players_dealt": len(h.invested),
                "board": [["Ah", "Kd", "2c", "3s", "9h"]] if h.flop else [],
                "cancelled": h.cancelled,
                "total_pot_reported": None if h.rake is None else h.pot,
                "rake_reported": h.rake,
            }
        )
        for seat, name in enumerate(names, start=1):
            back = h.uncalled.get(name, 0)
            p_rows.append(
                {
                    "hand_key": h.key,
                    "seat": seat,
                    "player": name,
                    "dealt_in": name not in h.not_dealt,
                    "uncalled_reported": back,
                }
            )
            put = h.invested.get(name, 0) + back
            for i, part in enumerate((put // 2, put - put // 2) if put else ()):
                a_rows.append(
                    {"hand_key": h.key, "seq": i, "player": name, "seat": seat, "amount": part}
                )
    frames = {
        "hands": pl.DataFrame(h_rows, schema=schema("hands"), strict=False),
        "players": pl.DataFrame(p_rows, schema=schema("players"), strict=False),
        "actions": pl.DataFrame(a_rows, schema=schema("actions"), strict=False),
    }
    frames["hands"] = frames["hands"].drop(DERIVED_HAND, strict=False)
    frames["players"] = frames["players"].drop(DERIVED_PLAYER, strict=False)
    if derived:
        pots = {h.key: h.pot + pot_shift for h in hands}
        invested = {(h.key, n): v for h in hands for n, v in h.invested.items()}
        frames["hands"] = frames["hands"].with_columns(
            pl.col("hand_key")
            .replace_strict(pots, return_dtype=pl.Int64)
            .alias("total_pot_derived")
        )
        frames["players"] = frames["players"].with_columns(
            pl.struct("hand_key", "player")
            .map_elements(
                lambda r: invested.get((r["hand_key"], r["player"]), 0), return_dtype=pl.Int64
            )
            .alias("invested")
        )
    return {name: frame.lazy() for name, frame in frames.items()}
