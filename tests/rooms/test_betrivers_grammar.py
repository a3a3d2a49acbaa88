"""BetRivers Poker's grammar (Run It Once's lines under its own name), on crafted hands."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import drop_pot
from omahahh.model import HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block, split_blocks

ROOT = Path(__file__).resolve().parents[1] / "data" / "crafted"


def hand_of(text: str) -> HandRecord:
    (block,) = list(split_blocks("<test>", text.splitlines()))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def test_header_table_and_stp_added() -> None:
    (block,) = list(iter_blocks(ROOT / "betrivers" / "stp_added.txt"))
    h = parse_block(block)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.site is Site.BETRIVERS and h.hand_key == "betrivers:90000005"
    assert h.started_at == datetime(2025, 3, 2, 1, 15, tzinfo=UTC)  # 20:15 EST
    assert (h.currency, h.small_blind, h.big_blind) == ("USD", 10, 20)
    assert (h.table_name, h.max_seats, h.button_seat) == ("44806293", 6, 1)
    # "STP Added: $1.00" (capital A): the room's money in the pot.
    assert (h.cash_drop_reported, h.total_pot_reported, h.rake_reported) == (100, 230, 5)
    assert [(c.player, c.amount) for c in h.collections] == [("Alice A", 225)]
    assert problems(h) == []


def test_stp_paid_in_a_side_pot_as_run_it_once() -> None:
    text = (ROOT / "runitonce" / "stp_side_pot.txt").read_text(encoding="utf-8")
    text = text.replace("Run It Once Poker Hand #", "BetRivers Poker Hand #")
    text = text.replace(" UTC [2019/04/19 18:52 CET]", " UTC").replace("STP added", "STP Added")
    h = hand_of(text)
    assert h.site is Site.BETRIVERS and h.cash_drop_reported == 500
    assert drop_pot(h) == 1
    assert problems(h) == []
