"""SupremaPoker's grammar (PPPoker's lines under its own name), on a crafted hand."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "supremapoker"


def test_header_club_table_rake_notes_and_end_line() -> None:
    (block,) = list(iter_blocks(DATA / "showdown.txt"))
    h = parse_block(block)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.site is Site.SUPREMAPOKER and h.hand_key == "supremapoker:928119270000248"
    assert (h.currency, h.small_blind, h.big_blind, h.variant) == ("CNY", 30, 60, "PLO5")
    assert h.table_name == "ClubId:951145,Table:PPP_92811927"
    assert (h.total_pot_reported, h.rake_reported) == (6300, 510)
    assert [(c.player, c.amount) for c in h.collections] == [("11641651", 5790)]
    found = audit_hand(h).findings
    assert [f.code.value for f in found if f.severity.value != "info"] == []
