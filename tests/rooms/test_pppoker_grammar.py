"""PPPoker's grammar on crafted hands (tests/data/crafted/pppoker)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "pppoker"


def test_ante_in_the_stakes_run_twice_and_end_line() -> None:
    (block,) = list(iter_blocks(DATA / "ante_run_twice.txt"))
    h = parse_block(block)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.site is Site.PPPOKER and h.hand_key == "pppoker:934479950000900"
    assert h.started_at == datetime(2025, 6, 21, 17, 47, 21, tzinfo=UTC)
    # "($0.30/$0.60 - Ante $0.10 USD)": the blinds; the ante lines carry the ante.
    assert (h.currency, h.small_blind, h.big_blind, h.variant) == ("USD", 30, 60, "PLO5")
    antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert antes == [("11856112", 10), ("11641651", 10), ("11270058", 10)]
    # "{Rake: $0}" after each board and "Hand ended at" are notes without chips.
    assert h.run_count == 2
    assert h.boards == (parse_cards("Jc Ks 3d 2d 6d"), parse_cards("9h 9s 4c Qh 2c"))
    assert [(c.player, c.run, c.amount) for c in h.collections] == [
        ("11641651", 0, 1455),
        ("11270058", 1, 1455),
    ]
    assert (h.total_pot_reported, h.rake_reported) == (3010, 100)
    found = audit_hand(h).findings
    assert [f.code.value for f in found if f.severity.value != "info"] == []
