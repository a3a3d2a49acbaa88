"""Record fields to TOML values and back, and a small TOML writer for PHH files.

The PHH export stores what the standard cannot say as user-defined fields
(``_omahahh_<field>``, see ``docs/SITES.md``). Their values are the record's own
fields, encoded generically: records become inline tables (``None`` members and
0-based ``line`` offsets left out), enums their values, tuples arrays, card tuples
strings (``"AsKd"``), money integer minor units. Decoding is driven by the
record classes' type hints, so a field added to the model round-trips too.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any

from omahahh.cards import cards_str, parse_cards
from omahahh.record_table import RecordTable

# Fields holding cards, written as strings ("AsKd") rather than card numbers.
CARD_FIELDS = frozenset({"cards", "showed", "boards", "dealt"})
SKIPPED = frozenset({"line"})  # offsets in the source text; meaningless in a PHH file

TomlValue = Any  # str | int | bool | Decimal | datetime | list | dict, nested


def encode(value: object, name: str = "") -> TomlValue:
    """A TOML-writable value for a record field value (``None`` must be handled by the caller)."""
    if isinstance(value, Enum):
        return value.value
    cls: type = type(value)
    if hasattr(cls, "__dataclass_fields__") and not isinstance(value, type):
        out: dict[str, TomlValue] = {}
        for field_name in _written_fields(cls):
            member = getattr(value, field_name)
            if member is not None:
                out[field_name] = encode(member, field_name)
        return out
    if isinstance(value, tuple | RecordTable):
        if name in CARD_FIELDS:
            return _encode_cards(tuple(value))
        return [encode(v, name) for v in value]
    return value


@cache
def _written_fields(cls: type) -> tuple[str, ...]:
    """A record class's field names, offsets left out (``dataclasses.fields`` per value
    was a third of the export's encoding time)."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.name not in SKIPPED)


def written_fields(cls: type) -> tuple[str, ...]:
    """The fields :func:`written` writes of a record class, in order."""
    return _written_fields(cls)


class InlineTable(str):
    """A record already written as a TOML inline table (what :func:`written` gives)."""

    __slots__ = ()


def written(value: object, name: str = "") -> TomlValue:
    """:func:`encode`, with records written straight to TOML text: ``toml_lines`` writes
    the same line for either, without a dict built per record (most of the export's
    encoding time went into those dicts)."""
    if hasattr(type(value), "__dataclass_fields__") and not isinstance(value, type):
        return InlineTable(_inline(value))
    if isinstance(value, tuple | RecordTable) and name not in CARD_FIELDS:
        return [written(v, name) for v in value]
    return encode(value, name)


def _inline(value: object) -> str:
    parts: list[str] = []
    cls: type = type(value)
    for field_name, key in _written_keys(cls):
        member = getattr(value, field_name)
        if member is None:
            continue
        kind = type(member)
        if kind is str:
            text = toml_string(member)
        elif kind is int:
            text = str(member)
        elif kind is bool:
            text = "true" if member else "false"
        else:
            text = toml_value(written(member, field_name))
        parts.append(f"{key} = {text}")
    return "{" + ", ".join(parts) + "}"


@cache
def _written_keys(cls: type) -> tuple[tuple[str, str], ...]:
    return tuple((name, toml_key(name)) for name in _written_fields(cls))


def _encode_cards(value: tuple[Any, ...]) -> TomlValue:
    if all(isinstance(c, int) for c in value):
        return cards_str(value, "")
    return [_encode_cards(v) if isinstance(v, tuple) else encode(v) for v in value]


def decode(value: TomlValue, annotation: Any, name: str = "") -> Any:
    """The field value of type ``annotation`` that :func:`encode` wrote as ``value``."""
    origin = typing.get_origin(annotation)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return decode(value, options[0], name)
    if origin is Sequence:  # HandRecord.actions: written as the tuple it equals
        (item,) = typing.get_args(annotation)
        return tuple(decode(v, item, name) for v in value)
    if origin is tuple:
        args = typing.get_args(annotation)
        if name in CARD_FIELDS and isinstance(value, str):
            return parse_cards(value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], name) for v in value)
        return tuple(decode(v, a, name) for v, a in zip(value, args, strict=True))
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            return annotation(value)
        if dataclasses.is_dataclass(annotation):
            hints = _hints(annotation)
            kwargs = {k: decode(v, hints[k], k) for k, v in value.items() if k in hints}
            return annotation(**kwargs)
        if annotation is int and isinstance(value, bool):
            raise ValueError(f"{name}: expected a number, got {value!r}")
        if annotation is int:
            return int(value)
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def field_hints(cls: type) -> dict[str, Any]:
    """Type hints of a record class (cached)."""
    return _hints(cls)


# --- TOML writing -------------------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
# What a TOML basic string must escape (as json.dumps does without ensure_ascii).
_ESCAPED = re.compile(r'["\\\x00-\x1f]')


@cache
def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def toml_string(text: str) -> str:
    """A TOML basic string: quoted as is unless a character needs an escape (the rare case)."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'  # the usual text, told apart without the regex
    if _ESCAPED.search(text) is None:
        return f'"{text}"'
    return json.dumps(text, ensure_ascii=False)


def toml_value(value: TomlValue) -> str:
    """One TOML value on one line (arrays of strings excepted: see :func:`toml_lines`)."""
    kind = type(value)
    if kind is InlineTable:
        return str(value)
    if kind is str:
        return toml_string(value)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        text = format(value, "f")
        return text if "." in text else text + ".0"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def toml_lines(doc: dict[str, TomlValue]) -> list[str]:
    """``key = value`` lines; a long array gets one element per line."""
    out: list[str] = []
    for key, value in doc.items():
        multi_line = isinstance(value, list) and (
            key == "actions" or any(isinstance(v, dict | InlineTable) for v in value)
        )
        if multi_line and value:
            out.append(f"{toml_key(key)} = [")
            out.extend(f"  {toml_value(v)}," for v in value)
            out.append("]")
        else:
            out.append(f"{toml_key(key)} = {toml_value(value)}")
    return out
