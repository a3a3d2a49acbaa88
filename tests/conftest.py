"""Shared fixtures: the corpus beside the checkout, and hand-parsing shortcuts."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers import parse_block
from omahahh.parsers.registry import split_blocks

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
SAMPLES = REPO / "sample_histories"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """``../shared/corpus``: CI lays it beside the checkout."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS} (CI has ../shared beside the checkout)")
    return CORPUS


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
