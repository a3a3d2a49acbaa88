"""Absolute Poker (parsers/archive/absolute.py): the corpus's one hand, every line read as the
room means it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.model import ActionKind, HandRecord, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

pytestmark = pytest.mark.corpus  # the corpus's hand is from fpdb-3 (AGPL): not copied here

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
ABSOLUTE = CORPUS / "Absolute" / FPDB / "cash/Absolute/Flop/PLO8-2max-USD-30-60-200912.txt"


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_absolute_hi_lo_normal_is_fixed_limit_in_et() -> None:
    h = only_hand(ABSOLUTE)
    assert h.site is Site.ABSOLUTE and h.variant == "FLO-8"
    assert h.game.structure is Structure.FIXED_LIMIT and (h.small_blind, h.big_blind) == (
        1500,
        3000,
    )
    assert h.started_at == datetime(2009, 12, 31, 23, 23, 36, tzinfo=UTC)  # 18:23 EST
    assert [(u.player, u.amount) for u in h.uncalled] == [("Player0", 3000)]
    assert (h.total_pot_reported, h.rake_reported) == (12000, 75)
    (raise_,) = [a for a in h.actions if a.kind is ActionKind.RAISE]
    assert (raise_.amount, raise_.to_amount) == (4500, 6000)  # "Raises $45 to $60"
