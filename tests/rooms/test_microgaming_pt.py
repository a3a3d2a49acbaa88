"""PokerTracker's text exports of Microgaming hands (parsers/archive/microgaming.py): every line
read as the export means it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

pytestmark = pytest.mark.corpus  # the corpus's hand is from fpdb-3 (AGPL): not copied here

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
PT = CORPUS / "PokerTracker" / FPDB / "cash/PokerTracker/Flop"


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_microgaming_export_with_doubled_line_breaks_is_one_hand() -> None:
    h = only_hand(PT / "PLO-EUR-0.25-0.50-201601.all.in.call.txt")  # 3 blank lines inside
    assert h.site is Site.MICROGAMING_PT and h.hand_id == "5870377181" and h.variant == "PLO"
    assert (h.currency, h.small_blind, h.big_blind, h.button_seat) == ("EUR", 25, 50, 4)
    # "Player0 raised to €16.75" over his own €1.75: €16.75 more (then "called - €12.50"
    # from €6 matches his €18.50).
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Player0", 175, 175), ("Player2", 600, 600), ("Player0", 1675, 1850)]
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 9677)]
    assert h.rake_reported == 150 and h.table_name == "Jerold"


def test_microgaming_cards_and_time() -> None:
    h = only_hand(PT / "PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt")
    assert h.dealt == (("Hero", parse_cards("Qh 9c 2h Ah")),)
    assert h.started_at == datetime(2013, 9, 7, 2, 30, 38, tzinfo=UTC)
    assert h.table_name == "Position PLO HU 47"
