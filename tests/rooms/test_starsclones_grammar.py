"""The clients known by name that print PokerStars' lines (PokerBros, MPLPoker, Hive Poker,
BetOnline): each its own room, on crafted hands (tests/data/crafted/starsclones)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.model import GameType, HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block, split_blocks

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "starsclones"


def read_text(text: str) -> HandRecord | ParseFailure:
    (block,) = list(split_blocks("<test>", text.splitlines()))
    return parse_block(block)


def hand(name: str) -> HandRecord:
    (block,) = list(iter_blocks(DATA / name))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def problems(h: HandRecord) -> list[str]:
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


@pytest.mark.parametrize(
    ("name", "site", "currency", "started"),
    [
        ("pokerbros.txt", Site.POKERBROS, "USD", datetime(2025, 6, 4, 16, 9, 7, tzinfo=UTC)),
        ("mplpoker.txt", Site.MPLPOKER, "INR", datetime(2025, 6, 4, 16, 9, 7, tzinfo=UTC)),
        # "ET" is read as New York time (EDT in June).
        ("hivepoker.txt", Site.HIVEPOKER, "USD", datetime(2025, 6, 4, 20, 9, 7, tzinfo=UTC)),
        ("betonline.txt", Site.BETONLINE, "USD", datetime(2025, 6, 4, 20, 9, 7, tzinfo=UTC)),
    ],
)
def test_each_clone_is_its_own_room(
    name: str, site: Site, currency: str, started: datetime
) -> None:
    h = hand(name)
    assert h.site is site and h.hand_key.startswith(f"{site.value}:")
    assert (h.currency, h.small_blind, h.big_blind, h.variant) == (currency, 30, 60, "PLO5")
    assert h.started_at == started
    assert (h.table_name, h.max_seats, h.button_seat) == ("Crafted PLO5 Table", 6, 3)
    assert (h.total_pot_reported, h.rake_reported) == (6300, 510)
    assert [(c.player, c.amount) for c in h.collections] == [("11641651", 5790)]
    assert problems(h) == []


def test_hive_tournament_header_names_its_table() -> None:
    """``Hive Poker Game #N: Tournament #T, Table #K, $10+$1 USD Omaha Pot Limit - Level I``."""
    h = hand("hivepoker_tournament.txt")
    assert h.site is Site.HIVEPOKER and h.game_type is GameType.TOURNAMENT
    assert (h.tournament_id, h.buy_in, h.currency) == ("4455", "$10+$1 USD", "CHIPS")
    assert (h.small_blind, h.big_blind, h.variant) == (10, 20, "PLO")
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 120)]
    assert problems(h) == []


def header_swapped(old: str, new: str) -> HandRecord | ParseFailure:
    text = (DATA / "pokerbros.txt").read_text(encoding="utf-8")
    return read_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("Omaha 5 Cards Pot Limit", "PLO5"),
        ("5 Card Omaha Hi/Lo Pot Limit", "PLO5-8"),
        ("Omaha Hi-Lo Pot Limit", "PLO-8"),
        ("Omaha 6 Cards No Limit", "NLO6"),
        ("Courchevel Pot Limit", "CPLO"),
        ("OMAHA POT LIMIT", "PLO"),
        ("OMAHA HI/LO POT LIMIT", "PLO-8"),
    ],
)
def test_game_words(game: str, variant: str) -> None:
    h = header_swapped("5 Card Omaha Pot Limit", game)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.variant == variant and h.game.game_label == game


@pytest.mark.parametrize(
    ("game", "why"),
    [
        ("Fusion Pot Limit", "Fusion"),
        ("Omaha Pot Limit Pre-Flop, No Limit Post-Flop", "changes after the flop"),
        ("Hold'em No Limit", "not an Omaha game"),
    ],
)
def test_games_refused(game: str, why: str) -> None:
    failure = header_swapped("5 Card Omaha Pot Limit", game)
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "unsupported_game" and why in failure.reason


def test_a_clone_is_never_read_as_pokerstars() -> None:
    failure = header_swapped("PokerBros Hand #", "PokerBrothers Hand #")
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unknown_format"


def test_an_unknown_zone_is_refused_not_guessed() -> None:
    failure = header_swapped("16:09:07 UTC", "16:09:07 XYZ")
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "bad_header" and "XYZ" in failure.reason
