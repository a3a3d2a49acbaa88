"""Everleaf: 'Omaha Hi/Lo' is Hi/Lo, chips-added amounts, no rake line (the room kept the rest)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, HandRecord, Site, Structure
from omahahh.parsers.context import ParseContext
from omahahh.parsers.registry import iter_blocks, parse_block
from omahahh.parsers.sources import Block
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import CORPUS

FOLDER = CORPUS / "Everleaf/jejellyroll-fr__fpdb-3/regression-test-files/cash/Everleaf/Flop"
PL = FOLDER / "PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt"
FL = FOLDER / "FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt"


def block_of(path: object, hand_id: str) -> Block:
    for block in iter_blocks(str(path)):
        if block.lines[0].endswith(f"#{hand_id}"):
            return block
    raise AssertionError(hand_id)


def hand_in(path: object, hand_id: str, context: ParseContext | None = None) -> HandRecord:
    result = parse_block(block_of(path, hand_id), context or ParseContext())
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


@pytest.mark.corpus
def test_pot_limit_hi_lo_is_hi_lo_not_omaha_hi() -> None:
    # fpdb reads this header as Omaha Hi: it is PLO Hi/Lo.
    h = hand_in(PL, "149107795")
    assert h.site is Site.EVERLEAF and h.variant == "PLO-8" and h.game.hi_lo
    assert [(c.player, c.half, c.amount) for c in h.collections] == [
        ("Hero", "high", 257),
        ("Hero", "low", 256),
    ]


@pytest.mark.corpus
def test_no_limit_word_is_fixed_limit_with_the_bets_in_the_header() -> None:
    h = hand_in(FL, "148735485")
    assert h.variant == "FLO-8" and h.game.structure is Structure.FIXED_LIMIT
    assert (h.small_bet, h.big_bet, h.small_blind, h.big_blind) == (50, 100, 25, 50)
    # "Villain raises [$ 0.50 USD]" over his $0.50 big blind: a raise to $1.
    (raise_,) = [a for a in h.actions if a.kind is ActionKind.RAISE]
    assert (raise_.amount, raise_.to_amount) == (50, 100)


@pytest.mark.corpus
def test_time_is_utc_unless_told_otherwise() -> None:
    h = hand_in(FL, "148735443")
    assert h.started_at == datetime(2010, 3, 1, 11, 0, 2, tzinfo=UTC)
    paris = hand_in(FL, "148735443", ParseContext(source_timezone="Europe/Paris"))
    assert paris.started_at == datetime(2010, 3, 1, 10, 0, 2, tzinfo=UTC)


@pytest.mark.corpus
def test_no_rake_line_the_room_kept_what_the_awards_leave() -> None:
    h = hand_in(PL, "149107406")
    assert h.rake_reported is None and h.total_pot_reported is None and not h.uncalled
    audited = audit_hand(h)
    assert audited.result is not None and audited.result.rake == 9  # $1.80 pot, $1.71 paid
    assert [f for f in audited.findings if f.severity != "info"] == []


@pytest.mark.corpus
def test_a_half_paid_to_the_wrong_player_is_still_found() -> None:
    text = block_of(PL, "149107795").text.replace("Hero wins  low", "Villain wins  low")
    (h,) = parse_text(text)
    assert isinstance(h, HandRecord)
    codes = {f.code.value for f in audit_hand(h).findings if f.severity == "error"}
    assert codes  # Villain did not show and holds no low: the low half is Hero's


@pytest.mark.corpus
def test_stakes_that_disagree_with_the_limit_fail() -> None:
    text = block_of(FL, "148735443").text.replace("$0.50/$1 Omaha", "$0.50/$1 PL Omaha")
    assert parse_failure(text).reason_code == "bad_header"


@pytest.mark.corpus
def test_other_games_are_not_omaha() -> None:
    text = block_of(FL, "148735443").text.replace("$0.50/$1 Omaha Hi/Lo", "$0.50/$1 Hold'em")
    assert parse_failure(text).reason_code == "unsupported_game"
