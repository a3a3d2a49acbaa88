"""Batch rake reconciliation: reported rake against a schedule, as polars expressions.

Per hand: ``rake_reported``, ``rake_expected`` (null when the schedule does
not cover the hand) and ``rake_diff`` = reported − expected. Totals group by
any of :data:`GROUP_KEYS` and always by currency: amounts of different
currencies are never added together. No Python loop runs per hand.

The pot a schedule applies to is ``hands.total_pot_derived`` (replay's
figure) where the dataset has it, else Σ ``actions.amount`` − Σ
``players.uncalled_reported`` per hand: the same quantity, computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from omahahh.errors import OmahahhError
from omahahh.rake.attribution import Attribution, attribute
from omahahh.rake.expr import expected_exprs
from omahahh.rake.grouping import one_unit_per_currency, with_stakes
from omahahh.rake.schedule import Schedule

GROUP_KEYS = ("day", "stakes", "table", "variant", "site", "game_type", "player")

# The per-hand columns every output has, in this order.
HAND_COLUMNS = (
    "hand_key",
    "site",
    "game_type",
    "variant",
    "stakes",
    "table",
    "day",
    "currency",
    "unit",
    "players_dealt",
    "flop_dealt",
    "cancelled",
    "total_pot_reported",
    "total_pot_derived",
    "rake_reported",
    "rake_expected",
    "rake_diff",
    "rake_rule",
)


class RakeReportError(OmahahhError):
    """A reconciliation request that cannot be met (unknown grouping key, ...)."""


# The hands columns reconciliation reads (the rest is never loaded).
INPUT_HAND_COLUMNS = (
    "hand_key",
    "site",
    "variant",
    "structure",
    "game_type",
    "currency",
    "unit",
    "stakes",
    "small_blind",
    "big_blind",
    "small_bet",
    "big_bet",
    "table_name",
    "started_at",
    "button_seat",
    "players_dealt",
    "board",
    "cancelled",
    "total_pot_reported",
    "rake_reported",
)


def has_column(frame: pl.LazyFrame, name: str) -> bool:
    return name in frame.collect_schema().names()


def fully_filled(frame: pl.LazyFrame, name: str) -> bool:
    """Is column ``name`` present and free of nulls? (One cheap column scan.)"""
    if not has_column(frame, name):
        return False
    return int(frame.select(pl.col(name).null_count()).collect().item()) == 0


def derived_pot(hands: pl.LazyFrame, players: pl.LazyFrame, actions: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, total_pot_derived): replay's column, else computed from the actions.

    Hands where replay's figure is missing (a dataset written before replay
    existed, or a hand replay could not take) get Σ actions − Σ uncalled.
    """
    if fully_filled(hands, "total_pot_derived"):
        return hands.select("hand_key", "total_pot_derived")
    put_in = actions.group_by("hand_key").agg(pl.col("amount").sum().alias("_put_in"))
    returned = players.group_by("hand_key").agg(
        pl.col("uncalled_reported").fill_null(0).sum().alias("_returned")
    )
    computed = pl.col("_put_in").fill_null(0) - pl.col("_returned").fill_null(0)
    if has_column(hands, "total_pot_derived"):
        computed = pl.coalesce(pl.col("total_pot_derived"), computed)
        base = hands.select("hand_key", "total_pot_derived")
    else:
        base = hands.select("hand_key")
    return (
        base.join(put_in, on="hand_key", how="left")
        .join(returned, on="hand_key", how="left")
        .select("hand_key", computed.alias("total_pot_derived"))
    )


MONEY_INPUTS: tuple[str, ...] = (
    "total_pot_reported",
    "rake_reported",
    "total_pot_derived",
    "small_blind",
    "big_blind",
    "small_bet",
    "big_bet",
)
"""The money columns of :func:`hand_inputs`, stated in one unit per currency."""


def hand_inputs(hands: pl.LazyFrame, players: pl.LazyFrame, actions: pl.LazyFrame) -> pl.LazyFrame:
    """One row per hand with what a schedule and the report read, in the dataset's order
    (a join's output order is left open by polars: the per-hand rows came out in another
    order on every run). Stakes are labelled by their amounts and each currency's money
    is in one unit (:mod:`omahahh.rake.grouping`): ``$0.5/$1`` and ``$0.50/$1.00`` are one
    stakes, play money one currency."""
    fixed = pl.col("structure") == "fixed_limit"
    present = set(hands.collect_schema().names())
    inputs = (
        hands.select([c for c in INPUT_HAND_COLUMNS if c in present])
        .with_row_index("_order")
        .join(derived_pot(hands, players, actions), on="hand_key", how="left")
    )
    return (
        one_unit_per_currency(with_stakes(inputs), MONEY_INPUTS)
        .with_columns(
            pl.col("table_name").alias("table"),
            pl.col("started_at").dt.date().alias("day"),
            pl.when(fixed & pl.col("small_bet").is_not_null())
            .then(pl.col("small_bet"))
            .otherwise(pl.col("big_blind"))
            .alias("stakes_amount"),
            pl.col("board").list.first().list.len().fill_null(0).gt(0).alias("flop_dealt"),
            pl.col("total_pot_derived").alias("pot"),
        )
        .sort("_order")
        .drop("_order")
    )


def reconcile_frame(inputs: pl.LazyFrame, schedule: Schedule) -> pl.LazyFrame:
    """Per-hand ``rake_expected``, ``rake_rule`` and ``rake_diff`` over :func:`hand_inputs`."""
    expected, rule = expected_exprs(schedule)
    return inputs.with_columns(expected, rule).with_columns(
        (pl.col("rake_reported") - pl.col("rake_expected")).alias("rake_diff")
    )


def _totals_aggs(reported: str, expected: str) -> list[pl.Expr]:
    """Totals whose columns add up: the difference is taken over exactly the
    hands where both a reported rake and an expectation exist, and the rest is counted
    apart, so ``rake_reported = rake_reported_compared + rake_reported_not_covered`` and
    ``rake_diff = rake_reported_compared - rake_expected``."""
    rep, exp = pl.col(reported), pl.col(expected)
    compared = rep.is_not_null() & exp.is_not_null()
    not_covered = rep.is_not_null() & exp.is_null()
    no_rake_line = rep.is_null()
    return [
        pl.len().cast(pl.Int64).alias("hands"),
        (pl.col("rake_reported") > 0).sum().cast(pl.Int64).alias("hands_raked"),
        rep.sum().alias("rake_reported"),
        compared.sum().cast(pl.Int64).alias("hands_compared"),
        rep.filter(compared).sum().alias("rake_reported_compared"),
        exp.filter(compared).sum().alias("rake_expected"),
        (rep - exp).filter(compared).sum().alias("rake_diff"),
        (compared & (rep != exp)).sum().cast(pl.Int64).alias("hands_off_schedule"),
        not_covered.sum().cast(pl.Int64).alias("hands_not_covered"),
        rep.filter(not_covered).sum().alias("rake_reported_not_covered"),
        no_rake_line.sum().cast(pl.Int64).alias("hands_no_rake_printed"),
        exp.filter(no_rake_line).sum().alias("rake_expected_no_rake_printed"),
    ]


def _no_claim_is_null(frame: pl.LazyFrame) -> pl.LazyFrame:
    """A group without any compared hand shows null expected and difference, not 0."""
    claimed = pl.col("hands_compared") > 0
    return frame.with_columns(
        pl.when(claimed).then(pl.col(c)).alias(c)
        for c in ("rake_reported_compared", "rake_expected", "rake_diff")
    )


def totals(frame: pl.LazyFrame, by: Sequence[str]) -> pl.LazyFrame:
    """Totals of a per-hand frame grouped by ``by`` + currency (never summed across them)."""
    keys = [*by, "currency", "unit"]
    return _no_claim_is_null(
        frame.group_by(keys)
        .agg(_totals_aggs("rake_reported", "rake_expected"))
        .sort([*by, "currency"], nulls_last=True)
    )


def player_totals(shares: pl.LazyFrame, by: Sequence[str]) -> pl.LazyFrame:
    """Totals per player (and ``by``) of attributed shares; ``hands`` = hands played."""
    keys = ["player", *by, "currency", "unit"]
    return _no_claim_is_null(
        shares.group_by(keys)
        .agg(_totals_aggs("share_reported", "share_expected"))
        .sort(["player", *by, "currency"], nulls_last=True)
    )


def largest_discrepancies(frame: pl.LazyFrame, n: int) -> pl.LazyFrame:
    """The ``n`` hands whose reported rake is furthest from the schedule."""
    return (
        frame.filter(pl.col("rake_diff").fill_null(0) != 0)
        .sort(pl.col("rake_diff").abs(), "hand_key", descending=[True, False])
        .head(n)
        .select(HAND_COLUMNS)
    )


@dataclass(frozen=True, slots=True)
class RakeReport:
    """A reconciliation: per-hand rows, totals, the largest discrepancies."""

    hands: pl.DataFrame
    totals: pl.DataFrame
    largest: pl.DataFrame
    by: tuple[str, ...]
    attribution: Attribution


def check_keys(by: Sequence[str]) -> tuple[str, ...]:
    unknown = [k for k in by if k not in GROUP_KEYS]
    if unknown:
        raise RakeReportError(
            f"--by {','.join(unknown)}: unknown key (choose from {', '.join(GROUP_KEYS)})"
        )
    return tuple(dict.fromkeys(by))


def reconcile(
    hands: pl.LazyFrame,
    players: pl.LazyFrame,
    actions: pl.LazyFrame,
    schedule: Schedule,
    *,
    by: Sequence[str] = (),
    attribution: Attribution = Attribution.WEIGHTED,
    top: int = 10,
) -> RakeReport:
    """Reconcile every hand of a dataset's tables against ``schedule``."""
    keys = check_keys(by)
    per_hand = reconcile_frame(hand_inputs(hands, players, actions), schedule).collect()
    lazy = per_hand.lazy()
    if "player" in keys:
        others = [k for k in keys if k != "player"]
        shares = attribute(lazy, players, actions, attribution).join(
            lazy.select("hand_key", *others, "currency", "unit", "rake_reported", "rake_diff"),
            on="hand_key",
            how="left",
        )
        table = player_totals(shares, others).collect()
    else:
        table = totals(lazy, keys).collect()
    largest = largest_discrepancies(lazy, top).collect()
    return RakeReport(
        hands=per_hand.select(HAND_COLUMNS),
        totals=table,
        largest=largest,
        by=keys,
        attribution=attribution,
    )
