"""Seals With Clubs' grammar, its 2013 text and its 2019 client's (SwCPoker) Stars text,
on crafted hands (tests/data/crafted/sealswithclubs)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block, split_blocks

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "sealswithclubs"


def hands(name: str) -> list[HandRecord]:
    out = []
    for block in iter_blocks(DATA / name):
        result = parse_block(block)
        assert isinstance(result, HandRecord), getattr(result, "reason", result)
        out.append(result)
    return out


def hand_of(text: str) -> HandRecord | ParseFailure:
    (block,) = list(split_blocks("<test>", text.splitlines()))
    return parse_block(block)


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def posts(h: HandRecord) -> list[tuple[str, ActionKind, int]]:
    return [(a.player, a.kind, a.amount) for a in h.actions if a.kind.value.startswith("post")]


def test_shows_all_in_suffix_and_split_pot() -> None:
    (h,) = hands("showdown_split_allin.txt")
    assert h.site is Site.SEALSWITHCLUBS and h.currency == "XXX"
    (all_in,) = [a for a in h.actions if a.all_in]  # "Player1 bets 8 (All-in)"
    assert (all_in.player, all_in.kind, all_in.amount) == ("Player1", ActionKind.BET, 800)
    assert [(s.player, s.cards) for s in h.shows] == [
        ("Player1", parse_cards("5c 6c Qh Ks")),
        ("Hero", parse_cards("5s 6s Kh Qs")),
    ]
    # "splits Pot (21)" twice; "Rake (1)".
    assert [(c.player, c.amount) for c in h.collections] == [("Player1", 2100), ("Hero", 2100)]
    assert h.rake_reported == 100
    assert problems(h) == []


def test_fixed_limit_hi_lo_side_main_and_halves() -> None:
    """``Limit Omaha Hi-Lo … - Stakes 2/4``, ``calls 1 (All-in)``, ``wins Side Pot 1 (4)``,
    ``wins Hi Pot (3)``, ``wins Lo Pot (3)``."""
    (h,) = hands("limit_hilo_side_pot.txt")
    assert (h.variant, h.game.structure, h.game.hi_lo) == ("FLO-8", Structure.FIXED_LIMIT, True)
    assert (h.small_blind, h.big_blind, h.small_bet) == (100, 200, 200)
    assert [(c.player, c.amount, c.pot_index, c.half) for c in h.collections] == [
        ("Hero", 400, 1, None),
        ("Hero", 300, 0, "high"),
        ("Hero", 300, 0, "low"),
    ]
    assert problems(h) == []


def test_pot_limit_hi_lo_split_halves() -> None:
    (h,) = hands("pl_hilo_split_halves.txt")
    assert h.variant == "PLO-8" and h.game.game_label == "PL Omaha Hi-Lo"
    assert [(c.player, c.half) for c in h.collections] == [
        ("Player1", "high"),
        ("Hero", "high"),
        ("Player1", "low"),
        ("Hero", "low"),
    ]
    assert problems(h) == []


def test_antes_both_blinds_a_dead_second_small_blind_waiting_and_sits_out() -> None:
    first, second = hands("antes_both_blinds_waiting.txt")
    assert posts(first) == [
        ("Player0", ActionKind.POST_ANTE, 50),
        ("Player1", ActionKind.POST_ANTE, 50),
        ("Hero", ActionKind.POST_ANTE, 50),
        ("Player3", ActionKind.POST_ANTE, 50),
        ("Player1", ActionKind.POST_SMALL_BLIND, 100),
        ("Hero", ActionKind.POST_BIG_BLIND, 200),
        # "posts small & big blinds 3": the small part dead, the big blind live.
        ("Player3", ActionKind.POST_DEAD, 100),
        ("Player3", ActionKind.POST_BIG_BLIND, 200),
    ]
    assert [s.player for s in first.seats if s.sitting_out] == ["Player4"]  # "- waiting"
    assert [(u.player, u.amount) for u in first.uncalled] == [("Hero", 600)]
    assert [(c.player, c.amount) for c in first.collections] == [("Hero", 850)]
    assert problems(first) == []
    # A second "posts small blind" is dead (fpdb's secondsb).
    assert posts(second)[-1] == ("Player0", ActionKind.POST_DEAD, 100)
    assert [(c.player, c.amount) for c in second.collections] == [("Hero", 650)]
    assert problems(second) == []


def test_hand_cancelled() -> None:
    (h,) = hands("cancelled.txt")
    assert h.cancelled and not h.collections
    assert problems(h) == []


def test_swcpoker_cash_hand() -> None:
    """``SwCPoker Hand #N:  Omaha PL (0.50/1) - 2022-06-01 20:15:00``, ``Table 'NAME'(101)``,
    ``(1,250.50 in chips)``, Stars' lines."""
    (h,) = hands("swcpoker_cash.txt")
    assert h.site is Site.SEALSWITHCLUBS and h.hand_key == "sealswithclubs:3000001"
    assert (h.currency, h.small_blind, h.big_blind, h.variant) == ("XXX", 50, 100, "PLO")
    assert h.started_at == datetime(2022, 6, 1, 20, 15, tzinfo=UTC)  # no zone: UTC
    assert (h.table_name, h.max_seats, h.button_seat) == ("PLO Table", 6, 1)
    assert h.seats[1].stack_start == 125050
    assert (h.total_pot_reported, h.rake_reported) == (650, 25)
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 625)]
    assert problems(h) == []


def test_swcpoker_tournament_both_blinds_and_totals_summed() -> None:
    (h,) = hands("swcpoker_tournament_side_pot.txt")
    assert h.game_type is GameType.TOURNAMENT and h.currency == "CHIPS"
    assert (h.tournament_id, h.buy_in, h.variant) == ("77", "10+1", "PLO5")
    assert [(c.player, c.pot_index, c.amount) for c in h.collections] == [
        ("Hero", 1, 600),
        ("Player1", 0, 600),
    ]
    assert problems(h) == []
    text = (DATA / "swcpoker_cash.txt").read_text(encoding="utf-8")
    both = text.replace("Player1: posts small blind 0.50", "Player1: posts small & big blind 1.50")
    both = both.replace("Hero: posts big blind 1\n", "").replace("Hero: calls 2", "Hero: folds")
    # One "Total pot X | Rake Y" line per pot, summed as fpdb does.
    both = both.replace(
        "Total pot 6.50 | Rake 0.25", "Total pot 4.50 | Rake 0.20\nTotal pot 0.50 | Rake 0.05"
    )
    both = both.replace("collected 6.25", "collected 4.75")
    h = hand_of(both)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert posts(h) == [
        ("Player1", ActionKind.POST_DEAD, 50),
        ("Player1", ActionKind.POST_BIG_BLIND, 100),
    ]
    assert (h.total_pot_reported, h.rake_reported) == (500, 25)


def test_swcpoker_total_net_of_rake_is_decided_by_the_figures() -> None:
    text = (DATA / "swcpoker_cash.txt").read_text(encoding="utf-8")
    h = hand_of(text.replace("Total pot 6.50 | Rake 0.25", "Total pot 6.25 | Rake 0.25"))
    assert isinstance(h, HandRecord)
    assert h.total_pot_reported == 650 and any("net of the rake" in n for n in h.notes)
    assert problems(h) == []
