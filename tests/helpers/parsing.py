"""Parsing shortcuts: one hand from its text, and every sample table as rows."""

from __future__ import annotations

from omahahh.dataset.pipeline import process_file
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers import parse_block
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks, split_blocks
from tests.helpers.paths import SAMPLES


def sample_tables() -> dict[str, list[tuple[object, ...]]]:
    """Every table of every ``sample_histories`` file through ``process_file``, as rows."""
    out: dict[str, list[tuple[object, ...]]] = {}
    for path in expand_paths([SAMPLES]):
        for table, frame in process_file(path).frames.items():
            out.setdefault(table, []).extend(frame.rows())
    return out


def sample_hands() -> list[HandRecord]:
    """Every hand of ``sample_histories`` that parses, every room, in file order: real
    and crafted hands for a test that needs some, not the whole corpus."""
    return [
        r
        for path in expand_paths([SAMPLES])
        for r in parse_blocks(iter_blocks(path))
        if isinstance(r, HandRecord)
    ]


def parse_one(text: str, path: str = "<test>") -> HandRecord | ParseFailure:
    """Parse a single hand given as text."""
    lines = text.strip("\n").split("\n")
    blocks = list(split_blocks(path, lines))
    assert len(blocks) == 1, f"expected one block, got {len(blocks)}"
    return parse_block(blocks[0])


def parse_hand(text: str) -> HandRecord:
    """Parse a single hand that must parse."""
    result = parse_one(text)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def parse_failure(text: str) -> ParseFailure:
    """Parse a single hand that must fail."""
    result = parse_one(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result
