"""Everleaf's grammar on crafted hands (tests/data/crafted/everleaf)."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import GameType, HandRecord
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "everleaf"


def hand(name: str) -> HandRecord:
    (block,) = list(iter_blocks(DATA / name))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def test_table_size_after_the_game() -> None:
    """``Blinds $0.05/$0.10 PL Omaha - 6 Max - 2010/03/02 - 19:35:19``."""
    h = hand("header_6max.txt")
    assert (h.variant, h.max_seats, h.currency) == ("PLO", 6, "USD")
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 190)]
    assert problems(h) == []


def test_mucked_cards_are_seen() -> None:
    h = hand("mucks_cards.txt")
    assert [(s.player, s.cards, s.mucked) for s in h.shows] == [
        ("Alpha", parse_cards("Ah Kh Qd Jd"), False),
        ("Charlie", parse_cards("5c 5d 7h 8h"), True),
    ]
    assert problems(h) == []


def test_eur_words_and_parenthesised_award() -> None:
    h = hand("eur_seat_and_paren_win.txt")
    assert h.currency == "EUR" and [s.stack_start for s in h.seats] == [1000, 850]
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 20)]  # "wins (€ 0.20 EUR)"
    assert problems(h) == []


def test_new_player_seat() -> None:
    h = hand("new_player_seat.txt")  # "(  € 8.50 EURO new player )"
    assert [s.stack_start for s in h.seats] == [1000, 850]
    assert problems(h) == []


def test_misdecoded_euro_sign() -> None:
    h = hand("misdecoded_euro.txt")  # "ˆ" is a euro sign read with the wrong code page
    assert (h.currency, h.small_blind, h.big_blind) == ("EUR", 5, 10)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 20)]
    assert problems(h) == []


def test_chips_and_spaced_stakes() -> None:
    """``Blinds 10 / 20`` (tournament chips), ``wins 40 chips from main pot``."""
    h = hand("chips_spaced_stakes.txt")
    assert (h.game_type, h.currency, h.small_blind, h.big_blind) == (
        GameType.TOURNAMENT,
        "CHIPS",
        10,
        20,
    )
    assert [(c.player, c.amount) for c in h.collections] == [("Bravo", 40)]
    assert problems(h) == []
