"""PKR (parsers/archive/pkr.py): the corpus's one hand, every line read as the room means it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
PKR = CORPUS / "PKR" / FPDB / "cash/PKR/Flop/PLO8-USD-2.00-4.00-201108.ties.low.txt"


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


@pytest.mark.corpus
def test_pkr_is_one_block_despite_its_hand_lines() -> None:
    # "Starting Hand #", "Last Hand #" and "End of Hand #" do not start blocks.
    h = only_hand(PKR)
    assert h.site is Site.PKR and h.hand_id == "1830508295" and h.variant == "PLO-8"
    assert h.button_seat == 6  # "Moving Button to seat 6", after "Button is at seat 5"
    assert h.started_at == datetime(2011, 8, 26, 11, 24, 50, tzinfo=UTC)


@pytest.mark.corpus
def test_pkr_calls_are_street_totals_and_halves_are_tagged() -> None:
    h = only_hand(PKR)
    (call,) = [a for a in h.actions if a.kind is ActionKind.CALL and a.street.value == "preflop"]
    assert (call.player, call.amount) == ("Player0", 800)  # "calls $12" from his $4 blind
    assert [(c.player, c.half, c.amount) for c in h.collections] == [
        ("Hero", "high", 3475),
        ("Player0", "high", 3475),
        ("Hero", "low", 3475),
        ("Player0", "low", 3475),
    ]
    assert h.rake_reported == 100
    assert h.dealt == (("Hero", parse_cards("9d 5d 7h 3s")),)


@pytest.mark.corpus
def test_pkr_failure_is_keyed_by_its_hand_not_its_table() -> None:
    text = PKR.read_text(encoding="utf-8").replace("OMAHA HI/LO", "HOLDEM")
    (failure,) = parse_text(text)
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unsupported_game"
    assert failure.hand_key == "pkr:1830508295"
