"""Entraction's grammar on crafted hands (tests/data/crafted/entraction)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind, GameType, HandRecord
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "entraction"


def hand(name: str) -> HandRecord:
    (block,) = list(iter_blocks(DATA / name))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def test_ante_in_the_header_and_ante_lines() -> None:
    h = hand("ante.txt")
    assert h.ante == 10  # "EUR 0.50/1.00 and 0.10 ante"
    antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert antes == [("Hero", 10), ("Player3", 10), ("Player4", 10)]
    assert [(u.player, u.amount) for u in h.uncalled] == [("Player4", 400)]
    assert [(c.player, c.amount) for c in h.collections] == [("Player4", 760)]
    assert h.rake_reported == 20
    assert problems(h) == []


def test_fun_is_play_money_in_cents() -> None:
    h = hand("fun_play_money.txt")
    assert (h.currency, h.unit, h.game_type) == ("PLAY", 100, GameType.CASH)
    assert [s.stack_start for s in h.seats] == [10000, 10000, 10000]
    assert [(c.player, c.amount) for c in h.collections] == [("Player4", 730)]
    assert problems(h) == []


def test_tournament_chips_and_its_table() -> None:
    h = hand("tournament.txt")
    assert (h.game_type, h.currency, h.tournament_id) == (GameType.TOURNAMENT, "CHIPS", "123456")
    assert h.table_name == "Omaha Freezeout 123456 2"
    assert [(c.player, c.amount) for c in h.collections] == [("Player4", 750)]
    assert problems(h) == []


def test_end_time_without_zone_is_read_at_utc_plus_one() -> None:
    h = hand("game_ended_no_zone.txt")
    assert h.started_at == datetime(2011, 8, 6, 17, 53, 35, tzinfo=UTC)
    assert h.notes == ()


def test_eest() -> None:
    h = hand("eest_zone.txt")
    assert h.started_at == datetime(2011, 8, 6, 15, 53, 35, tzinfo=UTC)
