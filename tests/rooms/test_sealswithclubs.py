"""Seals With Clubs (parsers/archive/sealswithclubs.py): the corpus's one hand, every line read
as the room means it."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.model import HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

pytestmark = pytest.mark.corpus  # the corpus's hand is from fpdb-3 (AGPL): not copied here

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
SWC = (
    CORPUS / "SealsWithClubs" / FPDB / "cash/SealsWithClubs/Flop/PLO-9max-mBTC-1.00-1.00-201304.txt"
)


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_seals_with_clubs_no_currency_and_refund() -> None:
    h = only_hand(SWC)
    assert h.site is Site.SEALSWITHCLUBS and h.hand_id == "5297786-137" and h.variant == "PLO"
    assert (h.currency, h.small_blind, h.big_blind) == ("XXX", 100, 100)
    assert [s.player for s in h.seats if s.sitting_out] == ["Player2"]
    assert h.button_seat == 5  # "Player4 has the dealer button"
    assert [(u.player, u.amount) for u in h.uncalled] == [("Hero", 600)]
    assert [(c.player, c.amount) for c in h.collections] == [("Hero", 1000)]
