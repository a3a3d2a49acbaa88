"""Cake / Horizon: OmahaHiLo, pots paid section by section from the last side pot, dollars."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.model import GameType, HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import CORPUS

DRIVEHUD = CORPUS / "Cake/topdeveloper1001__DriveHud/DriveHud.Tests/IntegrationTests/Parsers"
PERTH = DRIVEHUD / "Horizon/TestData/MultipleHands/HH20181030 $ Perth (9-Max) 21915.txt"
NO_LOW = DRIVEHUD / "Horizon/TestData/SingleHands/OHL-9-max-No-Low.txt"
FPDB = CORPUS / "Cake/jejellyroll-fr__fpdb-3/regression-test-files"
EURO = FPDB / "cash/Cake/Flop/PLO-6max-EUR-0.20-0.41-201209.round.penny.txt"
TOURNAMENT = FPDB / "tour/Cake/Flop/PLO8-2max-USD-5-201307.txt"


def hand_in(path: object, hand_id: str) -> HandRecord:
    for block in iter_blocks(str(path)):
        result = parse_block(block)
        if isinstance(result, HandRecord) and result.hand_id == hand_id:
            return result
    raise AssertionError(hand_id)


@pytest.mark.corpus
def test_omaha_hi_lo_and_time_in_et() -> None:
    h = hand_in(PERTH, "5322021915000046")
    assert h.site is Site.CAKE and h.variant == "PLO-8" and h.game.hi_lo
    assert h.started_at == datetime(2018, 10, 31, 1, 36, 2, tzinfo=UTC)  # 21:36 EDT
    assert (h.table_name, h.max_seats, h.button_seat) == ("$ Perth (9-Max) 21915", 9, 7)


@pytest.mark.corpus
def test_show_down_sections_pay_the_last_side_pot_first() -> None:
    h = hand_in(PERTH, "5322021915000046")
    assert [(c.pot_index, c.half, c.amount) for c in h.collections] == [
        (3, "high", 97),
        (3, "low", 97),
        (2, "high", 14),
        (2, "low", 14),
        (1, "high", 168),
        (1, "low", 168),
        (0, "high", 43),
        (0, "low", 43),
    ]
    assert h.rake_reported is None  # Cake prints none: the room kept the rest


@pytest.mark.corpus
def test_all_in_is_the_chips_put_in_and_raises_are_to() -> None:
    h = hand_in(PERTH, "5322021915000046")
    moves = [(a.player, a.kind.value, a.amount, a.to_amount) for a in h.actions if a.all_in]
    assert ("Arch_aces", "call", 8, None) in moves  # "is all in $0.08" facing a $0.16 bet
    assert ("Sparky1970", "call", 196, None) in moves  # facing RONALD's raise to $2.32
    (returned,) = h.uncalled
    assert (returned.player, returned.amount) == ("RONALD 11", 36)


@pytest.mark.corpus
def test_mucked_reveal_names_spaces_as_underscores() -> None:
    h = hand_in(PERTH, "5322021915000048")  # "RONALD_11: mucks [Ah,Jh,9d,2d] (TwoPair) ."
    assert any(s.player == "RONALD 11" and s.mucked for s in h.shows)


@pytest.mark.corpus
def test_a_table_shown_in_euros_moved_dollars() -> None:
    h = hand_in(EURO, "3048012347000109")
    assert (h.currency, h.small_blind, h.big_blind) == ("USD", 25, 50)
    assert h.stakes == "€0.20/€0.41"  # as printed
    assert any("USD" in n for n in h.notes)


@pytest.mark.corpus
def test_tournament_chips_and_id() -> None:
    h = hand_in(TOURNAMENT, "3389E587C7000012")
    assert h.game_type is GameType.TOURNAMENT and h.currency == "CHIPS"
    assert (h.tournament_id, h.small_blind, h.big_blind) == ("15042503", 10, 20)


@pytest.mark.corpus
def test_a_byte_order_mark_written_as_text_still_starts_a_hand() -> None:
    h = hand_in(NO_LOW, "5322021915000045")
    assert h.variant == "PLO-8"


@pytest.mark.corpus
def test_a_hand_cut_before_any_award_is_truncated() -> None:
    text = NO_LOW.read_text(encoding="utf-8").split("***SHOW DOWN***")[0]
    assert parse_failure(text).reason_code == "truncated"


@pytest.mark.corpus
def test_hold_em_is_not_omaha() -> None:
    text = NO_LOW.read_text(encoding="utf-8").replace("PL OmahaHiLo", "NL Hold'em")
    assert parse_failure(text).reason_code == "unsupported_game"
