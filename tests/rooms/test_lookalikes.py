"""Stars-syntax look-alikes (docs/FORMATS.md §8): their own rooms, read with Stars' grammar."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import CORPUS, corpus_file

PPPOKER = corpus_file("StarsClone/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
PPPOKER_HAND = PPPOKER / "SampleHandHistories/PokerStars/CashGame/PPPoker/PPPokerHand.txt"
POKERMASTER = (
    CORPUS / "PokerMaster/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop"
    "/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt"
)
RIO = (
    CORPUS / "RunItOnce/jejellyroll-fr__fpdb-3/regression-test-files/cash/Stars/Flop"
    "/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt"
)


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(path))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_pppoker_is_its_own_room_in_utc() -> None:
    h = only_hand(PPPOKER_HAND)
    assert h.hand_key == "pppoker:934479950000496"
    assert h.variant == "PLO5" and h.game.hole_card_count == 5
    assert h.started_at == datetime(2025, 6, 21, 17, 47, 21, tzinfo=UTC)
    assert h.table_name == "ClubId:2990864,Table:PPP_93447995"
    assert (h.total_pot_reported, h.rake_reported) == (9399, 510)
    assert [c.amount for c in h.collections] == [8889]


@pytest.mark.corpus
def test_pokermaster_omaha_dealt_five_cards_is_five_card_omaha() -> None:
    h = only_hand(POKERMASTER)
    assert h.site is Site.POKERMASTER and h.hand_id == "1905261509100000"
    assert h.game.game_label == "Omaha Pot Limit"  # as printed
    assert h.variant == "PLO5" and h.game.hole_card_count == 5
    assert any("5 hole cards" in n for n in h.notes)
    assert [(u.player, u.amount) for u in h.uncalled] == [("pp1863696", 32500)]


@pytest.mark.corpus
def test_pokermaster_without_hole_cards_is_an_ambiguous_game() -> None:
    text = POKERMASTER.read_text(encoding="utf-8").replace("PPP_5Cards_FIVE", "PPP_FIVE")
    without = "\n".join(ln for ln in text.splitlines() if not ln.startswith("Dealt to "))
    failure = parse_failure(without)
    assert failure.reason_code == "ambiguous_game"
    assert "cannot be told" in failure.reason


@pytest.mark.corpus
def test_run_it_once_header_table_and_pots() -> None:
    h = only_hand(RIO)
    assert h.hand_key == "runitonce:34011543"
    assert (h.currency, h.small_blind, h.big_blind) == ("EUR", 10, 20)
    # The UTC stamp counts; the bracketed CET one is the server's local time.
    assert h.started_at == datetime(2019, 4, 19, 17, 52, tzinfo=UTC)
    assert (h.table_name, h.max_seats, h.button_seat) == ("34010755", 6, 4)
    assert (h.total_pot_reported, h.main_pot_reported, h.side_pots_reported) == (
        8358,
        6260,
        (2098,),
    )
    assert [(c.pot_index, c.amount) for c in h.collections] == [(1, 2098), (0, 6060)]
    # "Hero shows [...]" is printed twice: one show.
    assert [(s.player, s.cards) for s in h.shows] == [("Hero", parse_cards("Ks Ah Ts 5d"))]


@pytest.mark.corpus
def test_run_it_once_raise_over_own_bet_is_read_by_the_total_pot() -> None:
    h = only_hand(RIO)
    (raise_,) = [a for a in h.actions if a.player == "Shaun J" and a.kind is ActionKind.RAISE]
    # "raises €1.36 to €30.25" over his €7.07 bet: €30.25 added (all his chips).
    assert (raise_.amount, raise_.to_amount) == (3025, 3732)
    put_in = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
    assert put_in == h.total_pot_reported


@pytest.mark.corpus
def test_run_it_once_raise_that_fits_no_reading_fails() -> None:
    text = RIO.read_text(encoding="cp1252").replace("Total pot €83.58", "Total pot €80.00")
    failure = parse_failure(text)
    assert failure.reason_code == "ambiguous_raise"


@pytest.mark.corpus
def test_run_it_once_splash_the_pot_is_room_money() -> None:
    text = RIO.read_text(encoding="cp1252").replace(
        "*** HOLE CARDS ***", "*** HOLE CARDS ***\nSTP added: €0.50"
    )
    text = text.replace("Side pot €20.98 | Rake", "Side pot €20.98 | STP €0.50 | Rake")
    text = text.replace("Total pot €83.58", "Total pot €84.08")
    h = parse_hand(text)
    assert h.cash_drop_reported == 50


@pytest.mark.corpus
def test_run_it_once_corpus_hand_audits_clean() -> None:
    audited = audit_hand(only_hand(RIO))
    assert [f.code.value for f in audited.findings if f.severity != "info"] == []


def test_lookalike_failures_keep_their_room() -> None:
    text = PPPOKER_HAND.read_text(encoding="utf-8").replace("*** SUMMARY ***", "")
    failure = parse_failure(text)
    assert isinstance(failure, ParseFailure) and failure.hand_key == "pppoker:934479950000496"
