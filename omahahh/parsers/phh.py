"""PHH (Poker Hand History standard) files: ``.phh`` (one hand) and ``.phhs`` (many).

A PHH file is TOML. A ``.phhs`` file holds one table per hand (``[1]``,
``[2]``, ...). A hand is read in two steps:

1. its standard fields (``variant``, ``antes``, ``blinds_or_straddles``,
   ``starting_stacks``, ``actions``, ``players``, ...) become a record
   (:mod:`omahahh.parsers.phh_standard`); the standard defines ``PO`` (pot-limit
   Omaha) and ``FO/8`` (fixed-limit Omaha Hi/Lo); omahahh reads its own extension
   codes for the other Omaha games (``PO/8``, ``NO``, ``PO5``, ... see docs/SITES.md);
2. user-defined fields named ``_omahahh_<field>`` (written by ``omahahh export``)
   replace that field of the record: what the standard cannot say (the room,
   reported pots and rake, collected lines, the exact posts...) survives a round
   trip. ``_omahahh_none`` lists fields that are null. Other ``_`` fields are ignored.

Amounts of the standard fields are in currency units (chips when no
``currency`` is given); ``_omahahh_`` fields hold integer minor units.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

from omahahh.errors import HandParseError
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.money import CHIPS, PLAY
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format, parse_or_fail
from omahahh.parsers.phh_codec import decode, field_hints
from omahahh.parsers.phh_standard import standard_record
from omahahh.parsers.sources import Block, logical_name, read_lines, text_lines

PREFIX = "_omahahh_"
NONE_KEY = PREFIX + "none"
SUFFIXES = (".phh", ".phhs")
# Fields a PHH file can never override: where the hand was read from.
# Facts about the source file, not the hand: a re-encoded export has its own.
SOURCE_FIELDS = frozenset({"source_path", "source_line", "text_hash", "repaired_lines"})
TABLE_HEADER_RE = re.compile(r"^\s*\[\s*(?P<key>[^\[\]]+?)\s*\]\s*(?:#.*)?$")


def is_phh_path(path: str | os.PathLike[str]) -> bool:
    return os.fspath(path).lower().endswith(SUFFIXES)


def hand_blocks(path: str, lines: list[str]) -> list[Block]:
    """One block per hand: the whole file (``.phh``), or one per top-level table (``.phhs``)."""
    starts: list[int] = []
    keys: list[str] = []
    for i, line in enumerate(lines):
        m = TABLE_HEADER_RE.match(line)
        if m is None:
            continue
        top = m["key"].split(".")[0].strip().strip("'\"")
        if not keys or keys[-1] != top:
            starts.append(i)
            keys.append(top)
    if not logical_name(path).lower().endswith(".phhs") or not starts:
        return [Block(path=path, line=1, lines=tuple(lines))]
    blocks = []
    if any(line.strip() and not line.lstrip().startswith("#") for line in lines[: starts[0]]):
        blocks.append(Block(path=path, line=1, lines=tuple(lines[: starts[0]])))
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        blocks.append(Block(path=path, line=start + 1, lines=tuple(lines[start:end])))
    return blocks


def parse_file(
    path: str | os.PathLike[str], context: ParseContext = DEFAULT_CONTEXT
) -> Iterator[HandRecord | ParseFailure]:
    """Every hand of a ``.phh`` / ``.phhs`` file, parsed, or a failure row; never raises
    for bad content (an unreadable file raises :class:`OSError`, as for text files)."""
    p = os.fspath(path)
    lines = list(read_lines(p))
    for block in hand_blocks(p, lines):
        yield parse_block(block, context)


def parse_text(text: str, path: str = "<text>.phhs") -> list[HandRecord | ParseFailure]:
    """Hands of PHH text (tests, notebooks)."""
    return [parse_block(b, DEFAULT_CONTEXT) for b in hand_blocks(path, text_lines(text))]


def parse_block(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord | ParseFailure:
    """One PHH hand block to a record, or a failure row naming file and line."""
    return parse_or_fail(FORMAT, block, context)


def _document(block: Block) -> Mapping[str, Any]:
    try:
        data = tomllib.loads(block.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        offset = int(m.group(1)) - 1 if m else 0
        raise HandParseError("bad_phh", f"not valid TOML: {exc}", offset) from None
    if logical_name(block.path).lower().endswith(".phhs"):
        tables = [v for v in data.values() if isinstance(v, dict)]
        if len(tables) != 1 or len(data) != 1:
            raise HandParseError("bad_phh", "a .phhs hand must be one table ([N])", 0)
        return tables[0]
    return data


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """One PHH hand block to a record; raises :class:`HandParseError` (``bad_phh``)."""
    doc = _document(block)

    def line_of(text: str) -> int:
        probe = text.strip()[:40]
        for i, line in enumerate(block.lines):
            if probe and probe in line:
                return i
        return 0

    currency = str(doc.get("currency") or CHIPS)
    unit = unit_for(doc, currency)
    text_hash = block.text_hash()
    hand = doc.get("hand")
    record = standard_record(
        doc,
        unit=unit,
        currency=currency,
        hand_id=str(hand) if hand is not None else f"h{text_hash}",
        context=context,
        source_path=block.path,
        source_line=block.line,
        text_hash=text_hash,
        line_of=line_of,
    )
    return apply_overrides(record, doc, line_of)


AMOUNT_KEYS = (
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "finishing_stacks",
)


def _decimals(value: Any) -> int:
    kind = type(value)
    if kind is int:
        return 0
    if kind is list and all(type(v) is int for v in value):
        return 0  # the usual list of whole amounts, without a call per member
    if isinstance(value, list):
        return max((_decimals(v) for v in value), default=0)
    if isinstance(value, dict):
        return max((_decimals(v) for v in value.values()), default=0)
    if isinstance(value, Decimal) and value != value.to_integral_value():
        exponent = value.normalize().as_tuple().exponent
        return -exponent if isinstance(exponent, int) else 0
    return 0


def unit_for(doc: Mapping[str, Any], currency: str) -> int:
    """Minor units per unit of the file's amounts.

    ``_omahahh_unit`` when given. Otherwise 1 when every amount is whole: like
    PokerKit, the smallest chip is then one unit of the amounts (a ``USD`` file of
    whole numbers plays with one-dollar chips, odd chips included). Decimal
    amounts: cents for a currency (finer when printed finer), else 10^decimals.
    """
    given = doc.get(PREFIX + "unit")
    if isinstance(given, int) and not isinstance(given, bool) and given > 0:
        return given
    places = max(_decimals(doc.get(k)) for k in AMOUNT_KEYS)
    for action in doc.get("actions", []):
        text = str(action)
        if "cbr" not in text:
            continue
        words = text.split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr" and not words[2].isdigit():
            try:
                places = max(places, _decimals(Decimal(words[2].replace(",", ""))))
            except ArithmeticError:
                continue
    return unit_of_places(places, currency)


def unit_of_places(places: int, currency: str) -> int:
    """:func:`unit_for` once the most decimal places of any amount are known: 1 for whole
    amounts, else cents at least for a currency (``unit_of_places(1, "USD") == 100``)."""
    if places == 0:
        return 1
    if currency not in (CHIPS, PLAY):
        places = max(places, 2)
    return int(10**places)


def apply_overrides(record: HandRecord, doc: Mapping[str, Any], line_of: Any = None) -> HandRecord:
    """``record`` with every ``_omahahh_<field>`` of ``doc`` put in place."""
    hints = field_hints(HandRecord)
    changes: dict[str, Any] = {}
    for key, value in doc.items():
        if not key.startswith(PREFIX) or key == NONE_KEY:
            continue
        name = key[len(PREFIX) :]
        if name not in hints or name in SOURCE_FIELDS:
            continue
        try:
            changes[name] = decode(value, hints[name], name)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            offset = line_of(key) if line_of else 0
            raise HandParseError("bad_phh", f"{key}: {exc}", offset, key) from None
    for name in doc.get(NONE_KEY, []):
        if name in hints and name not in SOURCE_FIELDS:
            changes[name] = None
    if "site" in changes and not isinstance(changes["site"], Site):
        raise HandParseError("bad_phh", f"unknown site {changes['site']!r}", 0)
    return dataclasses.replace(record, **changes) if changes else record


def _no_key(block: Block) -> str | None:
    return None  # the hand's id is inside the TOML: a block that failed has none to trust


FORMAT = Format(
    name="phh",
    site=Site.PHH,
    parse=parse,
    sniff=is_phh_path,
    split=hand_blocks,
    hand_key=_no_key,
    suffixes=SUFFIXES,
    error_code="bad_phh",
)
