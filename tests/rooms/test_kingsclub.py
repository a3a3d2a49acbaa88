"""Kings Club: Hi-Lo and Big O, calls to a street total, boards of a run twice, no currency."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import CORPUS

FLOP = CORPUS / "KingsClub/jejellyroll-fr__fpdb-3/regression-test-files/cash/KingsClub/Flop"


def only_hand(name: str) -> HandRecord:
    (block,) = list(iter_blocks(str(FLOP / name)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "variant"),
    [
        ("PLO8-USD-5-10-202101.txt", "PLO-8"),  # Pot Limit Omaha Hi-Lo
        ("5-Card-PLO8-USD-11-22-202010.quartered.txt", "PLO5-8"),  # Pot Limit Big O
        ("5-Card-PLO-USD-5-10-202010.txt", "PLO5"),  # Pot Limit Omaha 5 Card
        ("PLO-USD-125-250-202102.RIT.txt", "PLO"),
        ("LO8-USD-500-100-202104.RIO.txt", "FLO-8"),  # Limit Omaha Hi-Lo
    ],
)
def test_every_game_of_the_corpus(name: str, variant: str) -> None:
    h = only_hand(name)
    assert h.site is Site.KINGSCLUB and h.variant == variant


@pytest.mark.corpus
def test_calls_are_street_totals_and_antes_are_dead() -> None:
    h = only_hand("PLO-USD-125-250-202102.RIT.txt")
    (call,) = [a for a in h.actions if a.player == "Player3" and a.kind is ActionKind.CALL][:1]
    assert (call.amount, call.street.value) == (462500, "preflop")  # "calls 4,875" from his 250
    assert h.ante == 5000 and (h.small_blind, h.big_blind) == (12500, 25000)
    assert h.currency == "XXX"  # no currency is printed
    assert h.started_at == datetime(2021, 2, 5, 23, 8, 26, tzinfo=UTC)  # ET


@pytest.mark.corpus
def test_second_board_repeats_the_first_board_s_cards_as_dashes() -> None:
    h = only_hand("PLO-USD-125-250-202102.RIT.txt")
    assert h.boards == (parse_cards("3h Qc 4s 4c Qh"), parse_cards("3h Qc 4s Kh Ac"))


@pytest.mark.corpus
def test_awards_are_per_player_and_pot_over_both_boards() -> None:
    h = only_hand("PLO-USD-125-250-202102.RIT.txt")
    assert [(c.player, c.pot_index, c.amount) for c in h.collections] == [
        ("Player1", 1, 307500),
        ("Player2", 1, 307500),
        ("Player1", 0, 1073750),
        ("Player2", 0, 1073750),
    ]
    assert [f for f in audit_hand(h).findings if f.severity != "info"] == []


@pytest.mark.corpus
def test_a_quartered_big_o_pot_is_one_line_per_player() -> None:
    h = only_hand("5-Card-PLO8-USD-11-22-202010.quartered.txt")
    assert [(c.player, c.amount) for c in h.collections] == [("Player1", 22212), ("Player2", 66636)]
    assert h.rake_reported == 350
    assert [f for f in audit_hand(h).findings if f.severity != "info"] == []


@pytest.mark.corpus
def test_fixed_limit_header_gives_the_bets() -> None:
    h = only_hand("LO8-USD-500-100-202104.RIO.txt")
    assert h.game.structure is Structure.FIXED_LIMIT
    assert (h.small_bet, h.big_bet, h.small_blind, h.big_blind) == (50000, 100000, 25000, 50000)


@pytest.mark.corpus
def test_unseen_cards_are_no_cards() -> None:
    h = only_hand("PLO8-USD-5-10-202101.txt")
    assert h.dealt == (("Hero", parse_cards("6h 3s 8h 5h")),)


@pytest.mark.corpus
def test_a_hand_without_summary_is_truncated() -> None:
    text = (FLOP / "PLO8-USD-5-10-202101.txt").read_text(encoding="utf-8").split("*** SUMMARY")[0]
    assert parse_failure(text).reason_code == "truncated"
