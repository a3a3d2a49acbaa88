"""PokerTracker's text exports of Merge hands (parsers/archive/merge.py): every line read as the
export means it."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.model import HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

pytestmark = pytest.mark.corpus  # the corpus's hand is from fpdb-3 (AGPL): not copied here

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
MERGE = (
    CORPUS
    / "PokerTracker-Merge"
    / FPDB
    / "tour/PokerTracker/Flop/PLO-USD-5-201202.Merge.all.in.blind.txt"
)


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_merge_tournament_hand() -> None:
    h = only_hand(MERGE)
    assert h.site is Site.MERGE_PT and h.hand_id == "4927169400080" and h.variant == "PLO"
    assert (h.tournament_id, h.buy_in, h.currency) == ("49271005", "$5+$0.50", "CHIPS")
    assert [(c.player, c.amount) for c in h.collections] == [
        ("JustJay4Reals", 270),
        ("JustJay4Reals", 65),
    ]
