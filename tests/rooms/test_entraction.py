"""Entraction: column-aligned lines, chips-added amounts, the end time with its zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.model import ActionKind, HandRecord, Site, Street, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import CORPUS, corpus_file

HH = corpus_file("Entraction/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
HH = HH / "SampleHandHistories/Entraction/CashGame"
FPDB = CORPUS / "Entraction/jejellyroll-fr__fpdb-3/regression-test-files"
TABLE = FPDB / "unsupported-sites/entraction/Table_35134072.txt"


def hand_in(path: object, hand_id: str) -> HandRecord:
    for block in iter_blocks(str(path)):
        result = parse_block(block)
        if isinstance(result, HandRecord) and result.hand_id == hand_id:
            return result
    raise AssertionError(f"{hand_id} not parsed in {path}")


def test_hi_lo_header_is_hi_lo_not_hi() -> None:
    h = hand_in(HH / "GameTypeTests/FixedLimitOmahaHiLo.txt", "2646515978")
    assert h.site is Site.ENTRACTION
    assert h.game.hi_lo and h.variant == "FLO-8"
    assert h.game.structure is Structure.FIXED_LIMIT
    # A scoop prints two untagged lines, high first.
    assert [(c.player, c.amount) for c in h.collections] == [
        ("YoOyYo", 79925),
        ("YoOyYo", 79925),
    ]
    assert h.started_at is None and any("no time" in n for n in h.notes)


@pytest.mark.corpus
def test_high_and_five_card_headers() -> None:
    plo = hand_in(TABLE, "2137890884")
    assert plo.variant == "PLO" and not plo.game.hi_lo
    five = hand_in(FPDB / "cash/Entraction/Flop/PLO5-EUR-0.10-0.20-201208.txt", "2695932189")
    assert five.variant == "PLO5"
    # "Game ended 2012-08-07 00:36:56 BST": British Summer Time, UTC+1.
    assert five.started_at == datetime(2012, 8, 6, 23, 36, 56, tzinfo=UTC)


@pytest.mark.corpus
def test_amounts_are_chips_added_and_labelled_pots() -> None:
    h = hand_in(TABLE, "2137890884")
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("EUR", 100, 2, 4)
    assert h.started_at == datetime(2011, 3, 21, 16, 54, 38, tzinfo=UTC)  # GMT
    allin = [a for a in h.actions if a.player == "lukasp2" and a.street is Street.FLOP]
    # "lukasp2 All-In (0.54)" over a 0.13 bet: a raise adding his last 0.54.
    assert [(a.kind, a.amount, a.to_amount, a.all_in) for a in allin] == [
        (ActionKind.RAISE, 54, 54, True)
    ]
    assert [(c.player, c.pot_index, c.amount) for c in h.collections] == [
        ("RealFish82", 1, 114),
        ("lukasp2", 0, 184),
    ]
    assert h.rake_reported == 15 and h.button_seat == 1  # "Dealer: lukasp2"


@pytest.mark.corpus
def test_small_and_big_blind_is_dead_small_plus_live_big() -> None:
    h = hand_in(
        FPDB / "cash/Entraction/Flop/PLO-6max-EUR-0.50-1-201107.SBBB.example.txt", "2314086000"
    )
    posts = [(a.player, a.kind, a.amount) for a in h.actions if a.player == "Player2"][:2]
    assert posts == [
        ("Player2", ActionKind.POST_DEAD, 50),
        ("Player2", ActionKind.POST_BIG_BLIND, 100),
    ]
    assert h.started_at == datetime(2011, 7, 20, 21, 45, tzinfo=UTC)  # CEST = UTC+2
    assert [(u.player, u.amount) for u in h.uncalled] == [("Hero", 750)]  # "Payback (7.50)"


@pytest.mark.corpus
def test_blind_out_of_turn_is_a_live_big_blind() -> None:
    h = hand_in(
        FPDB / "cash/Entraction/Flop/PLO-6max-EUR-0.50-1-201108.Second.small.blind.txt",
        "2322970601",
    )
    assert [(a.player, a.kind, a.amount) for a in h.actions[:3]] == [
        ("Hero", ActionKind.POST_SMALL_BLIND, 50),
        ("Player3", ActionKind.POST_BIG_BLIND, 100),
        ("Player4", ActionKind.POST_BIG_BLIND, 100),
    ]


def test_heads_up_blind_list_is_recorded_small_blind_first() -> None:
    h = hand_in(HH / "GameTypeTests/PotLimitOmahaHiLo.txt", "2646515969")
    # The text lists "Big Blind: Ballyhoo" before "Small Blind: YoOyYo".
    assert [a.kind for a in h.actions[:2]] == [
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
    ]
    assert h.started_at == datetime(2012, 5, 31, 3, 46, 52, tzinfo=UTC)  # GMT+01:00


SMALL = """\
Game # 1 - {game} EUR 0.02/0.04 - Table "T"

Players(max 6):
A                           (EUR 1.00 in seat 1)
B                           (EUR 1.00 in seat 2)

Dealer:                     A
Small Blind:                A           (0.02)
Big Blind:                  B           (0.04)

A                           Fold
B                           Payback     (0.02)

B wins:                     EUR 0.04
Rake:                       EUR 0.00

Game ended 2011-03-21 16:54:38 GMT
"""


@pytest.mark.parametrize(
    ("game", "code"),
    [("Omaha Pot Limit", "bad_header"), ("Holdem No Limit", "unsupported_game")],
)
def test_an_omaha_without_high_or_hi_lo_is_not_guessed(game: str, code: str) -> None:
    assert parse_failure(SMALL.format(game=game)).reason_code == code


def test_a_hand_without_its_rake_line_is_truncated() -> None:
    text = SMALL.format(game="Omaha High Pot Limit").replace(
        "Rake:                       EUR 0.00\n", ""
    )
    assert parse_failure(text).reason_code == "truncated"


def test_unknown_line_fails_with_its_line() -> None:
    text = SMALL.format(game="Omaha High Pot Limit").replace(
        "A                           Fold", "A   Dances"
    )
    failure = parse_failure(text)
    assert failure.reason_code == "unknown_line" and failure.source_line == 11


def test_crafted_hand_reads() -> None:
    h = parse_hand(SMALL.format(game="Omaha High Pot Limit"))
    assert h.hand_key == "entraction:1" and h.max_seats == 6 and h.table_name == "T"
