"""How hands are grouped for totals: stakes by their amounts, one unit per currency.

Rooms print the same stakes in many ways (``$0.5/$1``, ``$0.50/$1``,
``$0.50/$1.00``, ``$0.50/$1 USD``) and some print play money in whole chips
where others print cents. Everything that groups or filters hands by stakes
(``omahahh rake``, ``omahahh stats``, the report, ``omahahh show``'s header)
does it here, from the amounts, never from the text:

- :func:`stakes_label` writes one label per stakes: ``$0.50/$1``;
- :func:`with_stakes` sets a frame's ``stakes`` column to that label;
- :func:`stakes_filter` keeps the hands whose amounts are the ones asked for;
- :func:`one_unit_per_currency` states each currency's money in one unit (its
  finest), so that a currency is one row of a total, never two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

import polars as pl

from omahahh.money import SYMBOL_CURRENCY

STAKES_INPUTS = (
    "currency",
    "unit",
    "structure",
    "small_blind",
    "big_blind",
    "small_bet",
    "big_bet",
)
"""The ``hands`` columns a stakes label is made of (``stakes``, the text, is the fallback)."""

_SYMBOL = {code: symbol for symbol, code in SYMBOL_CURRENCY.items()}


def _amount(minor: int, unit: int) -> str:
    """``50, 100`` -> ``0.50``; ``100, 100`` -> ``1``; ``250, 1`` -> ``250``."""
    whole, frac = divmod(minor, unit)
    if frac == 0:
        return f"{whole:,}"
    digits = len(str(unit - 1))
    return f"{whole:,}.{frac:0{digits}d}"


def stakes_amounts(
    structure: str | None,
    small_blind: int | None,
    big_blind: int | None,
    small_bet: int | None,
    big_bet: int | None,
) -> tuple[int, int] | None:
    """The two amounts stakes are named by: the bets of fixed limit, else the blinds."""
    if structure == "fixed_limit" and small_bet is not None and big_bet is not None:
        return small_bet, big_bet
    if small_blind is not None and big_blind is not None:
        return small_blind, big_blind
    return None


def stakes_label(
    currency: str,
    unit: int,
    structure: str | None,
    small_blind: int | None,
    big_blind: int | None,
    small_bet: int | None = None,
    big_bet: int | None = None,
    printed: str = "",
) -> str:
    """One label for one stakes, from its amounts (``printed`` when there are none).

    >>> stakes_label("USD", 100, "pot_limit", 50, 100)
    '$0.50/$1'
    >>> stakes_label("EUR", 100, "no_limit", 250, 500)
    '€2.50/€5'
    >>> stakes_label("CHF", 100, "pot_limit", 5, 10)
    '0.05/0.10 CHF'
    >>> stakes_label("PLAY", 1, "pot_limit", 10, 20)
    '10/20 PLAY'
    >>> stakes_label("PLAY", 100, "pot_limit", 1000, 2000)
    '10/20 PLAY'
    >>> stakes_label("USD", 100, "fixed_limit", 100, 200, 200, 400)
    '$2/$4'
    """
    amounts = stakes_amounts(structure, small_blind, big_blind, small_bet, big_bet)
    if amounts is None or not unit:
        return printed
    low, high = (_amount(a, unit) for a in amounts)
    symbol = _SYMBOL.get(currency)
    if symbol is not None:
        return f"{symbol}{low}/{symbol}{high}"
    return f"{low}/{high} {currency}" if currency else f"{low}/{high}"


def with_stakes(frame: pl.LazyFrame) -> pl.LazyFrame:
    """``frame`` with its ``stakes`` column set to :func:`stakes_label` of each row's amounts
    (the printed text where the amounts are missing). Labels are made once per distinct
    stakes, not per hand."""
    present = set(frame.collect_schema().names())
    inputs = [c for c in STAKES_INPUTS if c in present]
    keys = [*inputs, "stakes"]
    distinct = frame.select(keys).unique().collect()
    labels = [
        stakes_label(
            row.get("currency") or "",
            row.get("unit") or 0,
            row.get("structure"),
            row.get("small_blind"),
            row.get("big_blind"),
            row.get("small_bet"),
            row.get("big_bet"),
            row.get("stakes") or "",
        )
        for row in distinct.iter_rows(named=True)
    ]
    table = distinct.with_columns(pl.Series("_label", labels, dtype=pl.String)).lazy()
    return (
        frame.join(table, on=keys, how="left", nulls_equal=True, maintain_order="left")
        .with_columns(pl.col("_label").alias("stakes"))
        .drop("_label")
    )


_FIGURE = re.compile(r"[^0-9.]")


def _figures(text: str) -> tuple[Decimal, Decimal] | None:
    """``$0.5/$1`` -> (0.5, 1): the two amounts of stakes as typed (None if not two)."""
    parts = text.split("/")
    if len(parts) != 2:
        return None
    try:
        low, high = (Decimal(_FIGURE.sub("", p)) for p in parts)
    except InvalidOperation:
        return None
    return low, high


def stakes_filter(wanted: Sequence[str]) -> pl.Expr:
    """The hands whose stakes amounts are one of ``wanted`` as typed (``0.5/1``,
    ``$0.50/$1.00``: the same); text that is not two amounts is matched as printed."""
    fixed = pl.col("structure") == "fixed_limit"
    low = pl.when(fixed & pl.col("small_bet").is_not_null())
    low_col = low.then(pl.col("small_bet")).otherwise(pl.col("small_blind"))
    high_col = low.then(pl.col("big_bet")).otherwise(pl.col("big_blind"))
    unit = pl.col("unit").cast(pl.Float64)
    cond = pl.lit(False)
    for text in wanted:
        figures = _figures(text)
        if figures is None:
            cond = cond | (pl.col("stakes") == text)
            continue
        a, b = (float(f) for f in figures)
        cond = cond | (
            ((low_col.cast(pl.Float64) - unit * a).abs() < 0.5)
            & ((high_col.cast(pl.Float64) - unit * b).abs() < 0.5)
        )
    return cond


def one_unit_per_currency(frame: pl.LazyFrame, money: Sequence[str]) -> pl.LazyFrame:
    """Each currency's ``money`` columns in one unit, its finest (``unit`` set to it):
    play money printed in whole chips by one room and in cents by another adds up in
    cents, as one currency."""
    finest = pl.col("unit").max().over("currency")
    scale = (finest // pl.col("unit")).cast(pl.Int64)
    present = set(frame.collect_schema().names())
    return frame.with_columns(
        *[(pl.col(c) * scale).alias(c) for c in money if c in present],
        finest.alias("unit"),
    )
