"""PokerMaster's grammar on crafted hands (tests/data/crafted/pokermaster)."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "pokermaster"


def read(name: str) -> HandRecord | ParseFailure:
    (block,) = list(iter_blocks(DATA / name))
    return parse_block(block)


def test_five_card_table_without_cards_is_five_card_omaha() -> None:
    """``_5Cards_`` in the table name, no hole card seen: 5-card Omaha (fpdb's reading)."""
    h = read("five_card_table_no_cards.txt")
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.site is Site.POKERMASTER and h.table_name == "PPP_5Cards_FIVE_1500_201509"
    assert h.game.game_label == "Omaha Pot Limit"  # as printed
    assert (h.variant, h.game.hole_card_count) == ("PLO5", 5)
    assert any("_5Cards_" in n for n in h.notes)
    # The "# {json}" line carries no chips; the returned bet has its own line.
    assert [(u.player, u.amount) for u in h.uncalled] == [("pp1863696", 32500)]
    assert (h.total_pot_reported, h.rake_reported) == (42000, 1100)
    assert [(c.player, c.amount) for c in h.collections] == [("pp1863696", 40900)]
    found = audit_hand(h).findings
    assert [f.code.value for f in found if f.severity.value != "info"] == []


def test_four_cards_at_a_five_card_table_cannot_be_told() -> None:
    failure = read("five_card_table_four_cards_dealt.txt")
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "ambiguous_game"
    assert "_5Cards_" in failure.reason


def test_no_cards_at_a_table_without_the_mark_cannot_be_told() -> None:
    failure = read("table_without_mark_no_cards.txt")
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "ambiguous_game"
    assert "no hole cards" in failure.reason
