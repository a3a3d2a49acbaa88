"""Dataset rows back to records, for exporting a dataset without re-parsing its text.

The records rebuilt here are *table-equivalent*: turned into tables again
(:mod:`omahahh.dataset.fragments`) they give the same ``hands``, ``players``,
``actions`` and ``collections`` text columns the dataset holds. What the tables
do not keep (a show's position in the text, an uncalled return's street, line
offsets beyond ``source_line``) is rebuilt in one fixed way.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as pads

from omahahh.action_table import ActionTable
from omahahh.cards import parse_cards
from omahahh.dataset.store import CURRENT, scan
from omahahh.dataset.tables import schema
from omahahh.model import (
    Action,
    ActionKind,
    CashOut,
    Collection,
    GameInfo,
    GameType,
    HandRecord,
    Seat,
    Show,
    SidePayment,
    Site,
    Street,
    Structure,
    SummarySeat,
    UncalledReturn,
)

BATCH_HANDS = 5_000
Row = dict[str, Any]
# Enum members by value: a dict lookup, where ``Street(value)`` costs a call through
# ``EnumMeta`` (a quarter of rebuilding a record).
_STREET = {s.value: s for s in Street}
_KIND = {k.value: k for k in ActionKind}


RECORD_TABLES = ("hands", "players", "actions", "collections")


def hand_keys(root: str | os.PathLike[str]) -> list[str]:
    """The dataset's hand keys in ``hands`` order."""
    keys: list[str] = scan(root, "hands").select("hand_key").collect()["hand_key"].to_list()
    return keys


def batches(keys: list[str], size: int = BATCH_HANDS) -> Iterator[tuple[int, list[str]]]:
    """``keys`` cut into consecutive lists of ``size``, each with its first position."""
    for start in range(0, len(keys), size):
        yield start, keys[start : start + size]


_NO_HANDS = (0, -1)
"""The span of a part that holds none of the dataset's hands: meets no batch."""


@dataclass(frozen=True, slots=True)
class BatchSource:
    """Where a batch of hands is read from: picklable, so a worker process can read it.

    Reading is done with pyarrow, not polars: polars' thread pool does not survive a
    ``fork`` (a forked worker that collects a polars frame waits forever), pyarrow's does.
    With ``spans`` (each part's first and last hand, as positions in ``hands`` order), a
    batch of consecutive hands opens only the parts that hold some of them; without,
    every part is searched for every batch (a cost that grows with the dataset).
    """

    parts: dict[str, tuple[str, ...]]
    schemas: dict[str, pa.Schema]
    spans: dict[str, tuple[tuple[int, int], ...]] | None = None

    @classmethod
    def of(cls, root: str | os.PathLike[str], keys: list[str] | None = None) -> BatchSource:
        """The dataset at ``root``; given its ``keys`` (:func:`hand_keys`), with spans."""
        folder = Path(root) / CURRENT
        parts = {
            t: tuple(str(p) for p in sorted((folder / t).glob("*.parquet"))) for t in RECORD_TABLES
        }
        return cls(
            parts=parts,
            schemas={t: pl.DataFrame(schema=schema(t)).to_arrow().schema for t in RECORD_TABLES},
            spans=None if keys is None else part_spans(parts, keys),
        )

    def read(self, keys: list[str], start: int | None = None) -> dict[str, pa.Table]:
        """The four tables' rows of the hands ``keys``; ``hands`` in the order of ``keys``.

        ``start``: the position of ``keys[0]`` in ``hands`` order, when ``keys`` are
        consecutive hands: then only the parts whose span meets them are read.
        """
        wanted = pa.array(keys, pa.large_string())
        tables: dict[str, pa.Table] = {}
        for name in RECORD_TABLES:
            paths = self.parts[name]
            if start is not None and self.spans is not None:
                last = start + len(keys) - 1
                spans = self.spans[name]
                paths = tuple(
                    p
                    for p, (lo, hi) in zip(paths, spans, strict=True)
                    if lo <= last and hi >= start
                )
            if not paths:
                tables[name] = self.schemas[name].empty_table()
                continue
            data = pads.dataset(list(paths), schema=self.schemas[name])
            columns = _READ_COLUMNS.get(name)  # only what a record needs: less to decode
            tables[name] = data.to_table(columns=columns, filter=pc.field("hand_key").isin(wanted))
        position = pc.index_in(tables["hands"].column("hand_key"), value_set=wanted)
        tables["hands"] = tables["hands"].take(pc.sort_indices(position))
        return tables


def part_spans(
    parts: dict[str, tuple[str, ...]], keys: list[str]
) -> dict[str, tuple[tuple[int, int], ...]]:
    """For each table, each part's (first, last) hand as positions in ``keys``.

    One pass over every part's ``hand_key`` column. Ingest writes hands in order, so
    a part's span is narrow and a batch of consecutive hands meets one or two parts.
    Example: hands ``a, b, c``; an actions part with rows of ``a`` and ``b``, another
    with rows of ``c``: ``spans["actions"] == ((0, 1), (2, 2))``. A part holding none
    of ``keys`` gets ``(0, -1)``, which meets no batch.
    """
    position = pl.LazyFrame(
        {"hand_key": keys, "_position": range(len(keys))},
        schema={"hand_key": pl.String, "_position": pl.Int64},
    )
    spans: dict[str, tuple[tuple[int, int], ...]] = {}
    for table, paths in parts.items():
        if not paths:
            spans[table] = ()
            continue
        found = (
            pl.scan_parquet(list(paths), include_file_paths="_part")
            .select("hand_key", "_part")
            .join(position, on="hand_key", how="inner")
            .group_by("_part")
            .agg(pl.col("_position").min().alias("lo"), pl.col("_position").max().alias("hi"))
            .collect()
        )
        # By file name (unique in a table's folder): polars may spell the path its own way.
        by_name = {os.path.basename(row[0]): (row[1], row[2]) for row in found.iter_rows()}
        spans[table] = tuple(by_name.get(os.path.basename(p), _NO_HANDS) for p in paths)
    return spans


def records_from_dataset(root: str | os.PathLike[str]) -> Iterator[HandRecord]:
    """Every hand of a dataset as a record, in ``hands`` order, a batch at a time."""
    keys = hand_keys(root)
    source = BatchSource.of(root, keys)
    for start, batch in batches(keys):
        yield from records_from_tables(**source.read(batch, start))


# The child columns a record is rebuilt from: converting only these (not every column
# of the wide tables) halves the cost of turning rows into Python values.
CHILD_COLUMNS = {
    "players": (
        "seat", "player", "dealt_in", "sitting_out", "stack_start", "bounty_reported",
        "hole_cards", "dealt_known", "showed", "mucked", "show_description",
        "summary_won_reported", "uncalled_reported", "cashout_reported", "cashout_fee_reported",
        "won", "cashout_pot_share",
    ),
    "actions": (
        "street", "player", "kind", "amount", "to_amount", "raise_by", "all_in", "source_line",
    ),
    "collections": (
        "player", "amount", "pot_index", "run", "half_reported", "pot_label", "source_line",
    ),
}  # fmt: skip
CHILD_ORDER = {"players": "seat", "actions": "seq", "collections": "seq"}
_READ_COLUMNS = {
    name: ["hand_key", CHILD_ORDER[name], *(c for c in columns if c != CHILD_ORDER[name])]
    for name, columns in CHILD_COLUMNS.items()
}


def _row_dicts(table: pa.Table, names: Iterable[str]) -> Iterator[Row]:
    """``table``'s rows as dicts of ``names`` (column lists zipped: no call per row)."""
    present = [n for n in names if n in table.column_names]
    columns = [table.column(n).to_pylist() for n in present]
    for values in zip(*columns, strict=True):
        yield dict(zip(present, values, strict=True))


def records_from_frames(
    hands: pl.DataFrame, players: pl.DataFrame, actions: pl.DataFrame, collections: pl.DataFrame
) -> Iterator[HandRecord]:
    """Records for the hands of these frames (children matched by ``hand_key``)."""
    return records_from_tables(
        hands.to_arrow(), players.to_arrow(), actions.to_arrow(), collections.to_arrow()
    )


def records_from_tables(
    hands: pa.Table, players: pa.Table, actions: pa.Table, collections: pa.Table
) -> Iterator[HandRecord]:
    """Records for the hands of these Arrow tables, in ``hands`` order (children matched
    by ``hand_key``)."""
    by_hand: dict[str, dict[str, list[Row]]] = defaultdict(lambda: defaultdict(list))
    for name, table in (("players", players), ("actions", actions), ("collections", collections)):
        ordered = table.sort_by([("hand_key", "ascending"), (CHILD_ORDER[name], "ascending")])
        for row in _row_dicts(ordered, ("hand_key", *CHILD_COLUMNS[name])):
            by_hand[row["hand_key"]][name].append(row)
    for row in _row_dicts(hands, hands.column_names):
        children = by_hand.get(row["hand_key"], {})
        yield record_from_rows(
            row,
            children.get("players", []),
            children.get("actions", []),
            children.get("collections", []),
        )


def _cards(values: Iterable[str] | None) -> tuple[int, ...]:
    return parse_cards(" ".join(values)) if values else ()


def money_outside(
    player: str,
    cashout: int | None,
    fee: int | None,
    won: int | None,
    pot_share: int | None,
) -> tuple[CashOut | None, tuple[SidePayment, ...]]:
    """A player's cash-out or money outside the pot, from the ``players`` row that
    :mod:`omahahh.dataset.fragments` wrote: a cash-out with its fee (PokerStars), or the
    side payment that makes ``won`` differ from ``cashout_pot_share`` (an EV cash-out
    paid, a cash-out risk paid back, an insurance premium).

    >>> money_outside("Hero", 180, None, 180, 228)
    (None, (SidePayment(player='Hero', kind='cashout_risk', amount=48, line=0),))
    """
    if cashout is not None and fee is not None:
        return CashOut(player=player, amount=cashout, fee=fee), ()
    if won is None or pot_share is None or won == pot_share:
        return None, ()
    net = won - pot_share
    if net > 0:
        kind = "ev_cashout"
    else:
        kind = "cashout_risk" if cashout is not None else "insurance_premium"
    return None, (SidePayment(player=player, kind=kind, amount=abs(net)),)


def record_from_rows(
    hand: Row, players: list[Row], actions: list[Row], collections: list[Row]
) -> HandRecord:
    """One hand's record from its ``hands`` row and its child rows."""
    base = hand["source_line"] or 0
    acted = {a["player"] for a in actions}
    last_street: dict[str, Street] = {}
    action_records = []
    for a in actions:
        street = _STREET[a["street"]]
        last_street[a["player"]] = street
        action_records.append(
            Action(
                street=street,
                player=a["player"],
                kind=_KIND[a["kind"]],
                amount=a["amount"],
                to_amount=a["to_amount"],
                raise_by=a["raise_by"],
                all_in=a["all_in"],
                line=(a["source_line"] or base) - base,
            )
        )
    seats: list[Seat] = []
    dealt: list[tuple[str, tuple[int, ...]]] = []
    shows: list[Show] = []
    summary: list[SummarySeat] = []
    uncalled: list[UncalledReturn] = []
    cashouts: list[CashOut] = []
    side_payments: list[SidePayment] = []
    for p in players:
        name = p["player"]
        # dealt_in = (not sitting out and not out of hand) or acted: invert it.
        out_of_hand = not p["dealt_in"] and not p["sitting_out"] and name not in acted
        seats.append(
            Seat(
                seat=p["seat"],
                player=name,
                stack_start=p["stack_start"],
                sitting_out=p["sitting_out"],
                out_of_hand=out_of_hand,
                bounty=p["bounty_reported"],
            )
        )
        cards = _cards(p["hole_cards"])
        # Cards known only from a show stay a show, so ``dealt_known`` survives the trip.
        from_deal = p.get("dealt_known", True) or not (p["showed"] or p["mucked"])
        if cards and from_deal:
            dealt.append((name, cards))
        if p["showed"]:
            shows.append(Show(player=name, cards=cards, description=p["show_description"]))
        elif cards and not from_deal:
            shows.append(Show(player=name, cards=cards, mucked=True))
        if p["summary_won_reported"] is not None or p["mucked"]:
            summary.append(
                SummarySeat(
                    seat=p["seat"], player=name, won=p["summary_won_reported"], mucked=p["mucked"]
                )
            )
        if p["uncalled_reported"]:
            street = last_street.get(name, Street.PREFLOP)
            uncalled.append(
                UncalledReturn(player=name, amount=p["uncalled_reported"], street=street)
            )
        cash_out, paid_outside = money_outside(
            name,
            p["cashout_reported"],
            p["cashout_fee_reported"],
            p.get("won"),
            p.get("cashout_pot_share"),
        )
        if cash_out is not None:
            cashouts.append(cash_out)
        side_payments += paid_outside
    variant = hand["variant"]
    return HandRecord(
        site=Site(hand["site"]),
        hand_id=hand["hand_id"],
        started_at=hand["started_at"],
        started_at_text=hand["started_at_local"] or "",
        game=GameInfo(
            variant=variant,
            structure=Structure(hand["structure"]),
            hole_card_count=hand["hole_card_count"],
            hi_lo=hand["hi_lo"],
            courchevel=variant.startswith("C"),
            game_label=hand["game_label"],
            mixed_game=hand["mixed_game"],
        ),
        game_type=GameType(hand["game_type"]),
        fast_fold=hand["fast_fold"],
        home_game=hand["home_game"],
        tournament_id=hand["tournament_id"],
        tournament_level=hand["tournament_level"],
        buy_in=hand["buy_in"],
        currency=hand["currency"],
        unit=hand["unit"],
        stakes=hand["stakes"],
        small_blind=hand["small_blind"],
        big_blind=hand["big_blind"],
        small_bet=hand["small_bet"],
        big_bet=hand["big_bet"],
        ante=hand["ante"],
        table_name=hand["table_name"],
        max_seats=hand["max_seats"],
        button_seat=hand["button_seat"],
        seats=tuple(seats),
        actions=ActionTable.of(action_records),
        dealt=tuple(dealt),
        boards=tuple(_cards(b) for b in hand["board"] or []),
        uncalled=tuple(uncalled),
        collections=tuple(
            Collection(
                player=c["player"],
                amount=c["amount"],
                pot_index=c["pot_index"],
                run=c["run"],
                half=c["half_reported"],
                pot_label=c["pot_label"],
                line=(c["source_line"] or base) - base,
            )
            for c in collections
        ),
        shows=tuple(shows),
        cashouts=tuple(cashouts),
        side_payments=tuple(side_payments),
        summary_seats=tuple(summary),
        cancelled=hand["cancelled"],
        betting_capped=tuple(Street(s) for s in hand["betting_capped_streets"] or []),
        total_pot_reported=hand["total_pot_reported"],
        main_pot_reported=hand["main_pot_reported"],
        side_pots_reported=tuple(hand["side_pots_reported"] or []),
        rake_reported=hand["rake_reported"],
        jackpot_reported=hand["jackpot_reported"],
        other_fees_reported=hand["other_fees_reported"],
        cash_drop_reported=hand["cash_drop_reported"],
        run_count=hand["run_count"],
        source_path=hand["source_path"] or "",
        source_line=base,
        text_hash=hand["text_hash"] or "",
        notes=tuple(hand["parser_notes"] or []),
    )
