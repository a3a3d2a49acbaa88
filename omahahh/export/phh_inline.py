"""TOML text for the PHH export's fast path, from row values rather than records.

Each function gives exactly what :func:`omahahh.parsers.phh_codec.written` and
``toml_lines`` give for the record or amount the values stand for (the export's
record path, :mod:`omahahh.export.phh_record`), without building it: a summary seat,
a collection, an action as an inline table; a list of amounts in the file's unit; the
unit the importer will read those amounts in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any

from omahahh.export.phh_record import amount_units
from omahahh.model import Action, Collection, SummarySeat, UncalledReturn
from omahahh.parsers.phh import unit_for, unit_of_places
from omahahh.parsers.phh_codec import (
    InlineTable,
    TomlValue,
    toml_string,
    toml_value,
    written_fields,
)


def summary_seat_text(seat: Any, player: Any, won: Any, mucked: Any) -> InlineTable:
    """A summary seat rebuilt from a row (no cards, street or cash-out: the row has none)."""
    if type(seat) is int and type(player) is str and type(mucked) is bool:
        won_text = "" if won is None else f"won = {won}, " if type(won) is int else None
        if won_text is not None:
            return InlineTable(
                f"{{seat = {seat}, player = {toml_string(player)}, {won_text}"
                f'showed = "", mucked = {"true" if mucked else "false"}, cashed_out = false}}'
            )
    return inline_text(SUMMARY_KEYS, (seat, player, won, "", mucked, None, False))


def collection_text(
    player: Any, amount: Any, pot_index: Any, run: Any, half: Any, label: Any, _line: Any
) -> InlineTable:
    if (
        type(player) is str
        and type(amount) is int
        and type(pot_index) is int
        and type(run) is int
        and type(label) is str
        and half is None
    ):
        return InlineTable(
            f"{{player = {toml_string(player)}, amount = {amount}, pot_index = {pot_index}, "
            f"run = {run}, pot_label = {toml_string(label)}}}"
        )
    return inline_text(COLLECTION_KEYS, (player, amount, pot_index, run, half, label))


def action_text(
    street: Any,
    player: Any,
    kind: Any,
    amount: Any,
    to_amount: Any,
    raise_by: Any,
    all_in: Any,
    _line: Any = None,
) -> InlineTable:
    """An action rebuilt from its row (street and kind as their values)."""
    if (
        type(street) is str
        and type(player) is str
        and type(kind) is str
        and type(amount) is int
        and type(all_in) is bool
    ):
        to = "" if to_amount is None else f"to_amount = {to_amount}, "
        by = "" if raise_by is None else f"raise_by = {raise_by}, "
        if (to_amount is None or type(to_amount) is int) and (
            raise_by is None or type(raise_by) is int
        ):
            return InlineTable(
                f'{{street = "{street}", player = {toml_string(player)}, kind = "{kind}", '
                f"amount = {amount}, {to}{by}all_in = {'true' if all_in else 'false'}}}"
            )
    return inline_text(ACTION_KEYS, (street, player, kind, amount, to_amount, raise_by, all_in))


def inline_text(keys: tuple[str, ...], values: Sequence[Any]) -> InlineTable:
    """A record written as :func:`omahahh.parsers.phh_codec.written` writes it, from its
    field values (enums as their values, a card tuple as its text): null members left out."""
    parts = []
    for key, value in zip(keys, values, strict=False):  # values may run on (a row's line)
        if value is None:
            continue
        kind = type(value)
        if kind is str:
            parts.append(f"{key} = {toml_string(value)}")
        elif kind is bool:
            parts.append(f"{key} = true" if value else f"{key} = false")
        elif kind is int:
            parts.append(f"{key} = {value}")
        else:
            parts.append(f"{key} = {toml_value(value)}")
    return InlineTable("{" + ", ".join(parts) + "}")


# The records' fields as ``written`` writes them, in order; checked at import so that a
# field added to one of these records fails here rather than going missing from files.
ACTION_KEYS = ("street", "player", "kind", "amount", "to_amount", "raise_by", "all_in")
COLLECTION_KEYS = ("player", "amount", "pot_index", "run", "half", "pot_label")
UNCALLED_KEYS = ("player", "amount", "street")
SUMMARY_KEYS = ("seat", "player", "won", "showed", "mucked", "folded_street", "cashed_out")
for _cls, _keys in (
    (Action, ACTION_KEYS),
    (Collection, COLLECTION_KEYS),
    (UncalledReturn, UNCALLED_KEYS),
    (SummarySeat, SUMMARY_KEYS),
):
    if written_fields(_cls) != _keys:
        raise RuntimeError(f"phh_inline.py writes {_cls.__name__} with other fields than the model")


def unit_read(
    amounts: list[int], unit: int, currency: str, doc: Callable[[], dict[str, TomlValue]]
) -> int:
    """``unit_for(doc(), currency)``: the unit the importer will take the amounts in, from
    the amounts in minor units where ``unit`` is a power of ten (an amount's decimal places
    are then the unit's zeros less the amount's trailing zeros); ``doc`` makes the standard
    part's amounts for unit_for itself where it is not."""
    if unit == 1 or all(x % unit == 0 for x in amounts):
        return 1
    zeros = len(str(unit)) - 1
    if unit != 10**zeros:
        return unit_for(doc(), currency)
    places = 0
    for x in amounts:
        if x % unit:
            trailing = 0
            while x % 10 == 0:
                x //= 10
                trailing += 1
            places = max(places, zeros - trailing)
    return unit_of_places(places, currency)


def in_units(amounts: list[int], unit: int) -> list[int | Decimal]:
    """``[amount_units(x, unit) for x in amounts]``, without a call per whole amount."""
    if unit == 1:
        return list(amounts)
    return [x // unit if x % unit == 0 else amount_units(x, unit) for x in amounts]


def amounts_text(amounts: Sequence[int], unit: int) -> str:
    """The TOML text of ``[amount_units(x, unit) for x in amounts]``, less its brackets."""
    if unit == 1:
        return ", ".join(map(str, amounts))
    return ", ".join([str(x // unit) if x % unit == 0 else _fraction(x, unit) for x in amounts])


@lru_cache(maxsize=1 << 16)
def _fraction(amount: int, unit: int) -> str:
    """``toml_value(amount_units(amount, unit))`` for an amount that is not whole: the same few
    (blinds, bet sizes) come back hand after hand."""
    return toml_value(amount_units(amount, unit))
