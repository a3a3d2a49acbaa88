"""Enet: decimal commas, the limit in the table name, chips-added raises, the summed rake."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import CORPUS

FLOP = CORPUS / "Enet/jejellyroll-fr__fpdb-3/regression-test-files/cash/Enet/Flop"
USD = FLOP / "PLO-9max-USD-0.10-0.25-201208.txt"


def only_hand(name: str) -> HandRecord:
    (block,) = list(iter_blocks(str(FLOP / name)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


@pytest.mark.corpus
def test_header_table_limit_and_time() -> None:
    h = only_hand("PLO-9max-USD-0.10-0.25-201208.txt")
    assert h.site is Site.ENET and h.variant == "PLO" and h.game.structure is Structure.POT_LIMIT
    assert (h.currency, h.small_blind, h.big_blind) == ("EUR", 10, 25)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Reunion 1", 9, 4)
    assert h.started_at == datetime(2012, 8, 23, 21, 50, 56, tzinfo=UTC)
    assert h.boards == (parse_cards("4s 2d 3h 5h Qc"),)


@pytest.mark.corpus
def test_raises_add_chips_and_the_summary_rake_is_the_sum() -> None:
    h = only_hand("PLO-9max-USD-0.10-0.25-201208.txt")
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    # "raises €0,65" from the €0.10 small blind: a pot raise to €0.75; then to €2.25.
    assert raises == [("Player4", 65, 75), ("Player5", 200, 225)]
    assert h.rake_reported == 162 == 27 + 40 + 95
    assert h.total_pot_reported is None  # "Total pot €0" states nothing
    assert [(c.player, c.amount) for c in h.collections] == [("Player4", 1274), ("Player5", 1274)]


@pytest.mark.corpus
def test_an_empty_seat_with_no_line_sits_out() -> None:
    h = only_hand("PLO-9max-USD-0.10-0.25-201208.txt")
    assert [s.player for s in h.seats if s.sitting_out] == ["Player3"]


@pytest.mark.corpus
def test_all_in_is_the_chips_put_in() -> None:
    h = only_hand("PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt")
    (p0,) = [a for a in h.actions if a.player == "Player0" and a.all_in]
    assert (p0.kind, p0.amount, p0.to_amount) == (ActionKind.RAISE, 475, 500)  # after a 0.25 blind


@pytest.mark.corpus
def test_hold_em_is_not_omaha() -> None:
    text = USD.read_text(encoding="utf-8").replace("Omaha (", "Hold'em (", 1)
    assert parse_failure(text).reason_code == "unsupported_game"
