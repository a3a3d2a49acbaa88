"""Absolute Poker / UltimateBet's grammar on crafted hands (tests/data/crafted/absolute)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block, split_blocks

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "absolute"


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


def test_header_variants() -> None:
    """One stake (the big blind), no zone (ET), ``Turbo``, ``(7-2)``, ``Stage #C…``, no colon."""
    read = hands("header_variants.txt")
    assert [h.hand_id for h in read] == [f"18285501{n:02d}" for n in range(1, 7)]
    for h in read:
        assert h.site is Site.ABSOLUTE and (h.small_blind, h.big_blind) == (25, 50)
        assert h.started_at == datetime(2010, 1, 1, 0, 10, tzinfo=UTC)  # 19:10 ET
        assert (h.total_pot_reported, h.rake_reported) == (100, 5)
        assert [(c.player, c.amount) for c in h.collections] == [("Hero", 95)]
        assert problems(h) == []


def test_all_in_of_chips_added_and_tens() -> None:
    (h,) = hands("all_in_tens.txt")
    (all_in,) = [a for a in h.actions if a.all_in]  # "Hero - All-In $3.25": a bet
    assert (all_in.player, all_in.kind, all_in.amount) == ("Hero", ActionKind.BET, 325)
    assert h.dealt == (("Hero", parse_cards("Ts Qc 2d 3h")),)  # "10s" is a ten
    assert (h.total_pot_reported, h.rake_reported) == (1025, 50)
    assert problems(h) == []


def test_dead_dealer_live_and_dead_post_all_in_raise() -> None:
    (h,) = hands("dead_dealer_live_dead_post_all_in_raise.txt")
    assert h.button_seat == 1 and 1 not in {s.seat for s in h.seats}  # "is the dead dealer"
    hero = [(a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions if a.player == "Hero"]
    assert hero[:3] == [
        (ActionKind.POST_DEAD, 25, None, False),  # "Posts $0.50 dead $0.25"
        (ActionKind.POST_BIG_BLIND, 50, None, False),
        (ActionKind.RAISE, 150, 200, True),  # "All-In(Raise) $1.50 to $2"
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 475)]
    assert problems(h) == []


def test_ultimatebet_upper_case_and_spaced_euro() -> None:
    (h,) = hands("ultimatebet_upper_case_euro.txt")
    assert h.hand_id == "1828550003" and h.game.game_label == "OMAHA POT LIMIT"
    assert (h.variant, h.currency, h.small_blind, h.big_blind) == ("PLO", "EUR", 25, 50)
    assert h.seats[0].stack_start == 10000  # "( €100 in chips)"
    assert problems(h) == []


def test_ante_newcomer_post_both_blinds_dead_and_mucks() -> None:
    (h,) = hands("ante_newcomer_posts_mucks.txt")
    assert h.ante == 5  # ", $0.05 ante"
    posts = [(a.player, a.kind, a.amount) for a in h.actions if a.kind.value.startswith("post")]
    assert posts[5:] == [
        ("Player1", ActionKind.POST_SMALL_BLIND, 25),
        ("Player3", ActionKind.POST_BIG_BLIND, 50),
        ("Hero", ActionKind.POST_BIG_BLIND, 50),  # "Posts $0.50": a newcomer's live blind
        ("Player5", ActionKind.POST_DEAD, 25),  # "Posts dead $0.75": both blinds
        ("Player5", ActionKind.POST_BIG_BLIND, 50),
    ]
    assert {a.kind for a in h.actions[:5]} == {ActionKind.POST_ANTE}  # "- Ante $0.05"
    assert [s.player for s in h.shows] == ["Player3"]  # "Player0 - Mucks": no cards seen
    assert (h.total_pot_reported, h.rake_reported) == (500, 25)
    assert problems(h) == []


def test_tournament_header() -> None:
    (h,) = hands("tournament.txt")
    assert h.game_type is GameType.TOURNAMENT and h.currency == "CHIPS"
    assert (h.tournament_id, h.small_blind, h.big_blind) == ("4455", 25, 50)
    assert [(u.player, u.amount) for u in h.uncalled] == [("Hero", 25)]
    assert problems(h) == []


def test_an_all_in_without_amount_is_a_cut_hand() -> None:
    text = (DATA / "all_in_tens.txt").read_text(encoding="utf-8")
    (block,) = list(
        split_blocks("<test>", text.replace("Hero - All-In $3.25", "Hero - All-In").splitlines())
    )
    failure = parse_block(block)
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "truncated" and failure.source_line == 14


@pytest.mark.parametrize("game", ["Holdem", "HOLDEM"])
def test_other_games_are_refused(game: str) -> None:
    text = (DATA / "tournament.txt").read_text(encoding="utf-8").replace("Omaha", game, 1)
    (block,) = list(split_blocks("<test>", text.splitlines()))
    failure = parse_block(block)
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unsupported_game"
