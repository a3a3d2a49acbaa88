"""Player statistics: sums of the per-hand facts over players and groups, as polars.

Each statistic of :data:`STATS` is a numerator and (for rates) a
denominator, both sums of columns of :func:`omahahh.stats.facts.player_hands`
over the rows of a group; docs/STATS.md defines every one with an example
hand. Rows are always grouped by currency: money of different currencies is
never added (big-blind figures are per currency too).

>>> from omahahh.dataset.pipeline import process_text
>>> from omahahh.replay.allin import EXAMPLE
>>> frame = player_stats(tables_of(process_text(EXAMPLE).frames))
>>> frame.select("player", "hands", "net_won", "vpip", "pfr", "allin_ev_net").rows()
[('A', 1, -1000, 100.0, 100.0, -523), ('B', 1, 900, 100.0, 0.0, 423)]
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import cast

import polars as pl
import pyarrow.parquet as pq

from omahahh.dataset.store import CURRENT, scan
from omahahh.dataset.tables import TABLES
from omahahh.eval.starting_hands import UNKNOWN, add_categories, category_labels_expr
from omahahh.stats.aliases import Aliases
from omahahh.stats.facts import NET_BB_PARTS, Tables, player_hands
from omahahh.stats.filters import NO_FILTER, StatsFilter, StatsInputError


class Kind(StrEnum):
    COUNT = "count"  # a number of hands
    MONEY = "money"  # minor units of the row's currency
    BIG_BLINDS = "bb"  # big blinds (float)
    PERCENT = "percent"  # 100 × numerator ÷ denominator
    RATIO = "ratio"  # numerator ÷ denominator


@dataclass(frozen=True, slots=True)
class Stat:
    """One output column: the sum of ``numerator`` (÷ the sum of ``denominator``)."""

    name: str
    kind: Kind
    numerator: str
    denominator: str | None = None
    scale: float = 1.0


_P = Kind.PERCENT
STATS: tuple[Stat, ...] = (
    Stat("hands", Kind.COUNT, "_one"),
    Stat("net_won", Kind.MONEY, "net_won"),
    Stat("net_bb", Kind.BIG_BLINDS, "net_bb"),
    Stat("bb_per_100", Kind.RATIO, "net_bb", "_bb_known", 100.0),
    Stat("won_showdown", Kind.MONEY, "net_showdown"),
    Stat("won_no_showdown", Kind.MONEY, "net_no_showdown"),
    Stat("rake_paid", Kind.MONEY, "rake_paid"),
    Stat("vpip", _P, "vpip", "pf_decision"),
    Stat("pfr", _P, "pfr", "pf_decision"),
    Stat("three_bet", _P, "three_bet", "three_bet_opp"),
    Stat("fold_to_three_bet", _P, "fold_three_bet", "fold_three_bet_opp"),
    Stat("four_bet", _P, "four_bet", "four_bet_opp"),
    Stat("steal", _P, "steal", "steal_opp"),
    Stat("fold_to_steal", _P, "fold_steal", "fold_steal_opp"),
    Stat("cbet_flop", _P, "cbet_flop", "cbet_flop_opp"),
    Stat("cbet_turn", _P, "cbet_turn", "cbet_turn_opp"),
    Stat("fold_to_cbet_flop", _P, "fold_cbet_flop", "fold_cbet_flop_opp"),
    Stat("fold_to_cbet_turn", _P, "fold_cbet_turn", "fold_cbet_turn_opp"),
    Stat("check_raise", _P, "check_raise", "check_raise_opp"),
    Stat("af", Kind.RATIO, "post_aggressive", "post_calls"),
    Stat("afq", _P, "post_aggressive", "post_actions"),
    Stat("wtsd", _P, "showdown", "saw_flop"),
    Stat("wsd", _P, "won_at_showdown", "showdown"),
    Stat("wwsf", _P, "won_when_saw_flop", "saw_flop"),
    Stat("scoop", _P, "scoop", "hilo_showdown"),
    Stat("quartered", _P, "quartered", "hilo_showdown"),
    Stat("low_only", _P, "low_only", "hilo_showdown"),
    Stat("allin_hands", Kind.COUNT, "allin"),
    Stat("allin_net", Kind.MONEY, "allin_net"),
    Stat("allin_ev_net", Kind.MONEY, "allin_ev_net"),
    Stat("net_won_ev", Kind.MONEY, "net_won_ev"),
)
STAT_BY_NAME = {s.name: s for s in STATS}

# --by keys: columns of the facts, plus the starting-hand categories.
HAND_KEYS = ("site", "variant", "structure", "stakes", "game_type", "position")
CATEGORY_KEYS = ("category", "suits", "pairs", "connectivity")
GROUP_KEYS = HAND_KEYS + CATEGORY_KEYS


def tables_of(frames: Mapping[str, pl.DataFrame | pl.LazyFrame]) -> dict[str, pl.LazyFrame]:
    """Lazy tables from frames (a :class:`~omahahh.dataset.fragments.Fragment`'s, a test's)."""
    return {name: f.lazy() for name, f in frames.items()}


class DatasetTables(dict[str, pl.LazyFrame]):
    """The tables of a dataset on disk, lazily, knowing their folder (for spilling)."""

    def __init__(self, root: str) -> None:
        super().__init__({name: scan(root, name) for name in TABLES})
        self.root = root


def dataset_tables(root: str) -> DatasetTables:
    """Every table of a dataset written by ``ingest``, lazily."""
    return DatasetTables(root)


def check_keys(by: Sequence[str]) -> tuple[str, ...]:
    """``--by`` keys, validated; :class:`StatsInputError` names an unknown one."""
    keys = tuple(k.strip() for k in by if k.strip())
    unknown = [k for k in keys if k not in GROUP_KEYS]
    if unknown:
        raise StatsInputError(
            f"--by {','.join(unknown)}: unknown key (choose from {', '.join(GROUP_KEYS)})"
        )
    return tuple(dict.fromkeys(keys))


_CLASS_COLUMNS = ("suits", "pairs", "connectivity", "ace_suited", "aaxx")


def _with_categories(rows: pl.LazyFrame) -> pl.LazyFrame:
    """``rows`` with the starting-hand classes (computed for the known hands only)."""
    known = (pl.col("hole_cards").list.len() == pl.col("hole_card_count")).fill_null(False)
    rows = rows.with_columns(known.alias("_known"))
    classified = add_categories(rows.filter(pl.col("_known")), "hole_cards", "_known")
    unknown = rows.filter(~pl.col("_known")).with_columns(
        *[pl.lit(UNKNOWN).alias(c) for c in _CLASS_COLUMNS[:3]],
        *[pl.lit(False).alias(c) for c in _CLASS_COLUMNS[3:]],
    )
    return pl.concat([classified, unknown], how="vertical").drop("_known")


def _sums(rows: pl.LazyFrame, keys: list[str], columns: list[str]) -> pl.LazyFrame:
    return rows.group_by(keys).agg(*[pl.col(c).cast(pl.Int64).sum() for c in columns])


NET_BB_SUMS = ("net_bb_whole", "net_bb_parts", "_bb_known")
"""What ``net_bb`` is summed as: integers (whole big blinds, billionths of one, the hands
with a big blind), whose sums do not depend on the order of their terms. Summed as
floats, in the order polars' parallel ``group_by`` happened to take, the same dataset
gave ``net_bb`` 33.3973333333333 on one run and 33.397333333333336 on the next."""


def _sum_columns() -> list[str]:
    named = {s.numerator for s in STATS} | {s.denominator for s in STATS if s.denominator}
    return sorted((named - {"net_bb"}) | set(NET_BB_SUMS))


def _value(s: Stat) -> pl.Expr:
    """The summed numerator of ``s``; ``net_bb`` in big blinds, null for a player none of
    whose hands has a big blind (a tournament export printing no stakes: was inf or NaN)."""
    if s.numerator != "net_bb":
        return pl.col(s.numerator)
    whole, parts, known = NET_BB_SUMS
    bb = pl.col(whole).cast(pl.Float64) + pl.col(parts).cast(pl.Float64) / NET_BB_PARTS
    # Each hand's rest is rounded to a billionth: shown to a millionth, no float noise.
    return pl.when(pl.col(known) > 0).then(bb.round(6))


def _group(keys: tuple[str, ...]) -> list[str]:
    return ["player", *keys, "currency"]


def partial_sums(rows: pl.LazyFrame, keys: tuple[str, ...]) -> pl.LazyFrame:
    """The additive part of :func:`summarize`: sums per group (per starting-hand class
    combination when ``category`` is a key). Sums of disjoint sets of hands add up, so
    a dataset can be summed chunk by chunk (:func:`player_stats`)."""
    rows = rows.with_columns(
        pl.lit(1, pl.Int64).alias("_one"),
        pl.col("net_bb").is_not_null().cast(pl.Int64).alias("_bb_known"),
    )
    group = _group(keys)
    if set(keys) & set(CATEGORY_KEYS):
        rows = _with_categories(rows)
    if "category" in keys:
        plain = [k for k in group if k != "category"]
        return _sums(rows, list(dict.fromkeys([*plain, *_CLASS_COLUMNS])), _sum_columns())
    return _sums(rows, group, _sum_columns())


def _combine(parts: list[pl.DataFrame], keys: tuple[str, ...]) -> pl.LazyFrame:
    """Partial sums of several chunks as one (sums of sums)."""
    frame = pl.concat(parts, how="vertical").lazy()
    names = frame.collect_schema().names()
    columns = _sum_columns()
    group = [c for c in names if c not in columns]
    return frame.group_by(group).agg(pl.col(c).sum() for c in columns)


def finish(
    sums: pl.LazyFrame, keys: tuple[str, ...], *, counts: bool = False, min_hands: int = 0
) -> pl.DataFrame:
    """Rates from partial sums: one row per player, group and currency."""
    group = _group(keys)
    if "category" in keys:
        labelled = sums.with_columns(category_labels_expr().alias("category"))
        totals = _sums(labelled.explode("category"), group, _sum_columns())
    else:
        totals = sums
    out: list[pl.Expr] = []
    for s in STATS:
        num = _value(s)
        if s.denominator is None:
            out.append(num.alias(s.name))
            continue
        den = pl.col(s.denominator)
        out.append(
            pl.when(den > 0).then(num.cast(pl.Float64) * s.scale * _scale(s) / den).alias(s.name)
        )
        if counts:
            out += [num.alias(f"{s.name}_n"), den.alias(f"{s.name}_of")]
    frame = totals.select("player", *keys, "currency", *out)
    if min_hands > 0:
        frame = frame.filter(pl.col("hands") >= min_hands)
    order = ["player", *keys, "hands", "net_won", "currency"]
    rest = [c for c in frame.collect_schema().names() if c not in order]
    return (
        frame.select(*order, *rest)
        .sort(
            ["currency", "hands", "player", *keys],
            descending=[False, True, False, *([False] * len(keys))],
        )
        .collect()
    )


def summarize(
    rows: pl.LazyFrame,
    by: Sequence[str] = (),
    *,
    counts: bool = False,
    min_hands: int = 0,
) -> pl.DataFrame:
    """One row per player, group and currency: the columns of :data:`STATS`.

    With ``counts`` every rate also has its ``<name>_n`` (numerator) and
    ``<name>_of`` (denominator) columns. Groups with fewer than ``min_hands``
    hands are left out. ``category`` counts a hand once under each label it
    carries: sums are taken per class combination first, then spread over the
    labels (so the rows overlap and do not add up to the player's total).
    """
    keys = check_keys(by)
    return finish(partial_sums(rows, keys), keys, counts=counts, min_hands=min_hands)


def _scale(s: Stat) -> float:
    return 100.0 if s.kind is Kind.PERCENT else 1.0


HANDS_PER_CHUNK = 250_000
"""Hands summed at once by :func:`player_stats` (about 1 GB of rows at peak)."""
CHUNK_SEED = 0x0A5A


def player_stats(
    tables: Tables,
    filters: StatsFilter = NO_FILTER,
    by: Sequence[str] = (),
    *,
    aliases: Aliases | None = None,
    counts: bool = False,
    hands_per_chunk: int = HANDS_PER_CHUNK,
) -> pl.DataFrame:
    """The statistics table of ``omahahh stats``: one row per player (and group, currency).

    A dataset of more than ``hands_per_chunk`` hands is summed in chunks of
    hands (by a hash of the hand key, so every table of a hand falls in the same
    chunk): memory holds one chunk's rows and the running sums, whatever the
    dataset's size (``benchmarks/stats_memory.py``).
    """
    keys = check_keys(by)
    cards = bool(set(keys) & set(CATEGORY_KEYS))
    chunks = chunk_count(tables, hands_per_chunk)
    if chunks <= 1:
        rows = player_hands(tables, filters, aliases, hole_cards=cards, columns=keys)
        return summarize(rows, keys, counts=counts, min_hands=filters.min_hands)
    parts = []
    with spilled_chunks(tables, chunks) as chunk_tables:
        for chunk in range(chunks):
            rows = player_hands(
                chunk_tables(chunk), filters, aliases, hole_cards=cards, columns=keys
            )
            parts.append(partial_sums(rows, keys).collect())
    return finish(_combine(parts, keys), keys, counts=counts, min_hands=filters.min_hands)


def chunk_count(tables: Tables, hands_per_chunk: int) -> int:
    """How many chunks of hands a dataset is summed in (1: all at once)."""
    if hands_per_chunk <= 0:
        return 1
    hands = tables["hands"].select(pl.len()).collect().item()
    return max(1, -(-int(hands) // hands_per_chunk))


def chunk_of_hand(chunks: int) -> pl.Expr:
    """The chunk of each row's hand: a hash of the hand key, so a hand's rows of every
    table fall in the same chunk."""
    return (pl.col("hand_key").hash(CHUNK_SEED) % chunks).cast(pl.Int64)


SPILLED = ("hands", "players", "actions", "awards", "allin")
"""The tables statistics read, split by chunk on disk once rather than re-read per chunk."""


SPILL_BATCH_ROWS = 500_000


@contextmanager
def spilled_chunks(tables: Tables, chunks: int) -> Iterator[Callable[[int], Tables]]:
    """One streamed pass writes each read table split by chunk into a temporary folder;
    yields ``chunk -> tables of that chunk's hands``. The folder goes with the context.

    The pass reads batches of :data:`SPILL_BATCH_ROWS` rows and appends each batch's
    rows to its chunk's file, so memory holds one batch whatever the table's size.
    """
    with tempfile.TemporaryDirectory(prefix="omahahh-stats-") as tmp:
        spilled: dict[str, list[Path | None]] = {}
        for name in SPILLED:
            frame = tables.get(name)
            if frame is None or "hand_key" not in frame.collect_schema().names():
                continue
            spilled[name] = _spill(frame, chunks, Path(tmp) / name, _files(tables, name))

        def chunk_tables(chunk: int) -> Tables:
            out = dict(tables)
            for name, files in spilled.items():
                schema = tables[name].collect_schema()
                path = files[chunk]
                out[name] = (
                    pl.scan_parquet(path, schema=schema)
                    if path is not None
                    else pl.LazyFrame(schema=schema)
                )
            return out

        yield chunk_tables


def _files(tables: Tables, name: str) -> list[Path]:
    """The Parquet parts of a table of a dataset on disk ([] when not known)."""
    root = getattr(tables, "root", None)
    if root is None:
        return []
    return sorted((Path(root) / CURRENT / name).glob("*.parquet"))


def _spill(frame: pl.LazyFrame, chunks: int, folder: Path, files: list[Path]) -> list[Path | None]:
    """``frame``'s rows split into one Parquet file per chunk (None: no rows there).

    Reads the table's own Parquet files batch by batch when they are known (memory
    holds one batch), else the frame's streamed batches.
    """
    folder.mkdir(parents=True)
    writers: dict[int, pq.ParquetWriter] = {}
    paths: list[Path | None] = [None] * chunks
    try:
        for batch in _batches(frame, files):
            marked = batch.with_columns(chunk_of_hand(chunks).alias("_chunk"))
            for (chunk,), rows in marked.partition_by("_chunk", as_dict=True).items():
                table = rows.drop("_chunk").to_arrow()
                index = int(cast(int, chunk))
                writer = writers.get(index)
                if writer is None:
                    paths[index] = folder / f"chunk-{index:05d}.parquet"
                    writer = writers[index] = pq.ParquetWriter(paths[index], table.schema)
                writer.write_table(table.cast(writer.schema))
    finally:
        for writer in writers.values():
            writer.close()
    return paths


def _batches(frame: pl.LazyFrame, files: list[Path]) -> Iterator[pl.DataFrame]:
    if not files:
        yield from frame.collect_batches(chunk_size=SPILL_BATCH_ROWS, engine="streaming")
        return
    schema = frame.collect_schema()
    for f in files:
        for batch in pq.ParquetFile(f).iter_batches(batch_size=SPILL_BATCH_ROWS):
            got = pl.from_arrow(batch)
            assert isinstance(got, pl.DataFrame)
            yield got.cast(dict(schema))  # type: ignore[arg-type]
