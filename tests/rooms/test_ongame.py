"""Ongame: 'OMAHA_HI_LO' is Hi/Lo, raises read by their 'to', pots stated before rake."""

from __future__ import annotations

from datetime import UTC, datetime

from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, Site
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import corpus_file

HH = corpus_file("OnGame/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
HH = HH / "SampleHandHistories/OnGame/CashGame"
GG = corpus_file("OnGame/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
LIMIT6 = GG / "SampleHandHistories/OnGame/CashGame/Limits/Limit6.txt"


def only_hand(path: object) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_hi_lo_table_is_hi_lo_and_a_scoop_names_the_winner_twice() -> None:
    h = only_hand(HH / "PlayerTests/OmahaHiLoShowdown.txt")
    assert h.site is Site.ONGAME and h.variant == "PLO-8"
    assert h.hand_key == "ongame:R5-361875219-14"
    assert [(c.player, c.amount) for c in h.collections] == [
        ("alikator21", 25950),
        ("alikator21", 25950),
    ]
    assert (h.main_pot_reported, h.rake_reported) == (52000, 100)
    assert h.started_at == datetime(2014, 1, 6, 7, 58, tzinfo=UTC)  # 08:58 CET


def test_raises_keep_only_their_to() -> None:
    h = only_hand(HH / "HandActionTests/OmahaHiLo.txt")
    raises = [
        (a.player, a.amount, a.to_amount, a.all_in) for a in h.actions if a.kind is ActionKind.RAISE
    ]
    # "raises $240.00 to $240.00" over a $60 bet: a raise to $240.
    assert ("McCall901", 24000, 24000, False) in raises
    assert ("alikator21", 26500, 32500, True) in raises  # "[all in]"


def test_summary_cards_are_the_showdown() -> None:
    h = only_hand(LIMIT6)
    assert (h.currency, h.small_blind, h.big_blind, h.max_seats) == ("EUR", 500, 1000, 6)
    assert [(s.player, s.cards) for s in h.shows] == [
        ("Player2", parse_cards("Qc 4c 8h 9h")),
        ("HERO", parse_cards("7h 8s Ah 9s")),
    ]
    assert h.dealt == (("HERO", parse_cards("7h 8s Ah 9s")),)


def test_no_uncalled_line_the_pot_is_after_the_return() -> None:
    h = only_hand(HH / "Limits/Limit5.txt")
    assert not h.uncalled and h.main_pot_reported == 2500
    assert [(c.player, c.amount) for c in h.collections] == [("yakitaki", 2375)]


def test_a_failed_hand_is_keyed_by_its_id() -> None:
    text = LIMIT6.read_text(encoding="utf-8").replace("OMAHA_HI", "HOLDEM")
    failure = parse_failure(text)
    assert failure.reason_code == "unsupported_game"
    assert failure.hand_key == "ongame:R5-526040000-10"
