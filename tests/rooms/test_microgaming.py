"""Microgaming XML (parsers/microgaming.py; docs/SITES.md): the corpus hands that show how
each figure is meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind, HandRecord, Site
from omahahh.parsers.microgaming import currency_of
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS, corpus_file

MG = CORPUS / "MicrogamingXML/jejellyroll-fr__fpdb-3/regression-test-files/cash/Microgaming/Flop"
MG_GG = corpus_file(
    "MicrogamingXML/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/MicroGaming/CashGame"
)


def the_hand(path: Path) -> HandRecord:
    (hand,) = [parse_block(b) for b in iter_blocks(path)]
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    return hand


def problems(hand: HandRecord) -> list[str]:
    return [f.code.value for f in audit_hand(hand).findings if f.severity.value != "info"]


@pytest.mark.corpus
def test_microgaming_values_are_chips_added_and_win_holds_the_unmatched_bet() -> None:
    # v5.flat.txt: seat 1 (20 in) raises 280 -> 300; seat 4 (90 in) calls 210. Win 1257.00
    # is the 627.00 pot after the 3.00 rake plus seat 1's 630.00 flop bet no one called.
    hand = the_hand(MG / "PLO-6max-EUR-10-20-201603.v5.flat.txt")
    assert hand.site is Site.MICROGAMING and hand.currency == "EUR"
    raise_ = [a for a in hand.actions if a.kind is ActionKind.RAISE][-1]
    assert (raise_.player, raise_.amount, raise_.to_amount) == ("Player0", 28000, 30000)
    assert hand.rake_reported == 300  # rake="300": cents
    assert [(c.player, c.amount) for c in hand.collections] == [("Player0", 125700)]
    assert hand.uncalled == () and not any("endbalance" in n for n in hand.notes)
    assert problems(hand) == []


@pytest.mark.corpus
def test_microgaming_money_returned_is_the_uncalled_bet() -> None:
    hand = the_hand(MG / "PLO-EUR-0.05-0.10-201208.v2.return.bet.txt")
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player0", 74)]
    assert hand.dealt == (("Hero", hand.dealt[0][1]),) and len(hand.shows) == 2
    assert problems(hand) == []


@pytest.mark.corpus
def test_microgaming_post_to_play_is_live() -> None:
    # v5.secondsb.raised.txt: seat 1 posts 5, raises 30 -> 35; the calls make 35.
    hand = the_hand(MG / "PLO-6max-EUR-5-10-201603.v5.secondsb.raised.txt")
    post = next(a for a in hand.actions if a.player == "Player0")
    assert (post.kind, post.amount) == (ActionKind.POST_BIG_BLIND, 500)
    assert problems(hand) == []


@pytest.mark.corpus
def test_microgaming_a_seat_without_actions_was_not_dealt_in() -> None:
    hand = the_hand(MG / "PLO-6max-EUR-5-10-201604.v5.txt")
    assert [s.player for s in hand.seats if s.sitting_out] == ["Player3"]  # seat 5
    assert problems(hand) == []


def test_microgaming_one_player_hand_is_cancelled() -> None:
    hand = the_hand(MG_GG / "ExtraHands/CancelledHand.txt")
    assert hand.cancelled and hand.actions == ()
    assert problems(hand) == []


def test_microgaming_balances_that_do_not_add_up_are_noted() -> None:
    # AllInHandWithUncalledBet.txt (a fixture edited by hand): endbalances disagree.
    hand = the_hand(MG_GG / "HandActionTests/AllInHandWithUncalledBet.txt")
    assert any(n.startswith("seat 6: endbalance") for n in hand.notes)


def test_microgaming_currency_symbol_is_base64_utf16() -> None:
    assert currency_of("rCA=", True) == "EUR" and currency_of("JAA=", True) == "USD"
    assert currency_of("", False) == "PLAY"
