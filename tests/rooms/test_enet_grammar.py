"""Enet's grammar on crafted hands (tests/data/crafted/enet)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind, GameType, HandRecord
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "enet"


def hands(name: str) -> list[HandRecord]:
    out = []
    for block in iter_blocks(DATA / name):
        result = parse_block(block)
        assert isinstance(result, HandRecord), getattr(result, "reason", result)
        out.append(result)
    return out


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def posts(h: HandRecord) -> list[tuple[str, ActionKind, int]]:
    return [(a.player, a.kind, a.amount) for a in h.actions if a.kind.value.startswith("post")]


def test_sits_out() -> None:
    (h,) = hands("sitsout.txt")
    assert [s.player for s in h.seats if s.sitting_out] == ["Player3"]
    assert [(c.player, c.amount) for c in h.collections] == [("Player2", 125)]
    assert problems(h) == []


def test_small_blind_without_amount_is_dead() -> None:
    (h,) = hands("dead_sb.txt")
    assert posts(h)[2:] == [
        ("Player3", ActionKind.POST_DEAD, 25),
        ("Player3", ActionKind.POST_BIG_BLIND, 50),
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 200)]
    assert problems(h) == []


def test_blinds_posted_silently() -> None:
    """A player who posted nothing checks facing the big blind: both blinds, unprinted."""
    (h,) = hands("silent_both.txt")
    assert posts(h)[2:] == [
        ("Player0", ActionKind.POST_DEAD, 25),
        ("Player0", ActionKind.POST_BIG_BLIND, 50),
    ]
    assert any("posted silently" in n for n in h.notes)
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 220)]
    assert problems(h) == []  # before: check_facing_bet, collected_exceeds_pot, missing_action


def test_blinds_posted_silently_in_a_hand_with_antes() -> None:
    """An ante is no blind: a player who posted only the ante and checks facing the big
    blind posted both blinds without a line."""
    (block,) = list(iter_blocks(DATA / "silent_both.txt"))
    lines = [
        line.replace("€41,87", "€41,92")
        .replace("€88,05", "€88,10")
        .replace("€129,20", "€129,25")
        .replace("Seat 5: Player3 (€50 in", "Seat 5: Player3 (€50,05 in")
        .replace("(€2,20)", "(€2,40)")
        for line in block.lines
    ]
    antes = [f"{name}: posts the ante €0,05" for name in ("Player0", "Hero", "Player2", "Player3")]
    at = lines.index("Player2: posts small blind €0,25")
    h = parse_block(replace(block, lines=tuple(lines[:at] + antes + lines[at:])))
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert posts(h)[4:] == [
        ("Player2", ActionKind.POST_SMALL_BLIND, 25),
        ("Player3", ActionKind.POST_BIG_BLIND, 50),
        ("Player0", ActionKind.POST_DEAD, 25),
        ("Player0", ActionKind.POST_BIG_BLIND, 50),
    ]
    assert problems(h) == []


def test_club_and_tournament_headers() -> None:
    club, tournament = hands("club_and_tournament.txt")
    assert club.home_game == "Club Nine" and club.currency == "EUR"
    assert problems(club) == []
    assert (tournament.game_type, tournament.currency) == (GameType.TOURNAMENT, "CHIPS")
    assert (tournament.tournament_id, tournament.buy_in) == ("4455", "€5+€0,50 EUR")
    assert tournament.variant == "PLO"
    assert problems(tournament) == []
