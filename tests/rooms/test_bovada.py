"""Bovada / Ignition / Bodog, ../shared/corpus/Bovada.

Every block parses (the ``corrupted.lines`` file too: its lobby lines without a
position move nothing); the room's identity (``Total Pot`` = put in - uncalled,
rake inside it: printed in 2012, the total less the results in 2014) holds on
every hand; the audit finds nothing above info; streets are derived where the
text prints no markers, or the hand fails saying why."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import fees_taken, returns_in_pot
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.parsers.context import ParseContext
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block, parse_blocks
from omahahh.rooms.conventions import conventions
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import SAMPLES


@pytest.fixture(scope="module")
def hands(corpus: Path) -> dict[str, HandRecord]:
    out: dict[str, HandRecord] = {}
    for path in expand_paths([corpus / "Bovada"]):
        for r in parse_blocks(iter_blocks(path)):
            assert isinstance(r, HandRecord), r.reason
            out[r.hand_key] = r
    return out


def _codes(hand: HandRecord) -> list[tuple[str, str]]:
    return [(f.code.value, f.severity.value) for f in audit_hand(hand).findings]


# -- the corpus as a whole ---------------------------------------------------------------
@pytest.mark.corpus
def test_every_block_parses(hands: dict[str, HandRecord]) -> None:
    assert len(hands) == 75  # 24 intact + the 51 of the corrupted.lines file


@pytest.mark.corpus
def test_identity_total_with_rake_holds_on_every_hand(hands: dict[str, HandRecord]) -> None:
    for hand in hands.values():
        put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
        audited = audit_hand(hand)
        assert audited.result is not None
        kept = sum(returns_in_pot(hand, audited.result).values())  # a walk's blind
        rake, fees = fees_taken(hand)
        collected = sum(c.amount for c in hand.collections)
        assert hand.total_pot_reported == put_in == collected + rake + fees, hand.hand_key
        assert put_in - kept == audited.result.total_pot
    assert conventions(Site.BOVADA).total_includes_rake


@pytest.mark.corpus
def test_audit_finds_nothing_above_info(hands: dict[str, HandRecord]) -> None:
    for hand in hands.values():
        bad = [c for c, sev in _codes(hand) if sev != Severity.INFO]
        assert not bad, (hand.hand_key, bad)


# -- line shapes -------------------------------------------------------------------------
@pytest.mark.corpus
def test_positions_are_names_and_the_hero_keeps_its_mark(hands: dict[str, HandRecord]) -> None:
    # "Seat 9: UTG+5 [ME] ($5 in chips)", "UTG+5  [ME] : Posts chip $0.05"
    hand = hands["bovada:2902233667"]
    assert [s.player for s in hand.seats][-1] == "UTG+5 [ME]"
    assert hand.button_seat == 1 and hand.seat_of("Dealer") == 1
    assert hand.started_at == datetime(2014, 8, 5, 4, 56, 59, tzinfo=UTC)  # ET
    assert (hand.variant, hand.stakes, hand.currency) == ("PLO-8", "$0.02/$0.05", "USD")
    # Every seat's cards are dealt in the text.
    assert len(hand.dealt) == 9 and dict(hand.dealt)["UTG+5 [ME]"] == parse_cards("6h Jd Qc 2h")


@pytest.mark.corpus
def test_time_without_a_zone_reads_in_the_source_timezone_when_given(corpus: Path) -> None:
    # "2014-08-05 00:56:59": ET by default (04:56:59 UTC), as printed with --source-timezone UTC.
    paths = [p for p in expand_paths([corpus / "Bovada"]) if "corrupted.lines" in str(p)]
    first = next(iter_blocks(paths[0]))
    hand = parse_block(first, ParseContext("UTC"))
    assert isinstance(hand, HandRecord) and hand.hand_key == "bovada:2902233667"
    assert hand.started_at == datetime(2014, 8, 5, 0, 56, 59, tzinfo=UTC)


@pytest.mark.corpus
def test_posts_chip_is_live(hands: dict[str, HandRecord]) -> None:
    # bovada:2601409566: "UTG : Posts chip $5", then "UTG : Calls $5" to the $10 blind.
    posts = [a for a in hands["bovada:2601409566"].actions if a.player == "UTG"][:2]
    assert [(a.kind, a.amount) for a in posts] == [
        (ActionKind.POST_BIG_BLIND, 500),
        (ActionKind.CALL, 500),
    ]


@pytest.mark.corpus
def test_posts_dead_chip_is_a_big_blind_and_dead_money(hands: dict[str, HandRecord]) -> None:
    # bovada:2601409940: "UTG+1 : Posts dead chip $15" at $5/$10, then "Raises $35".
    acts = [a for a in hands["bovada:2601409940"].actions if a.player == "UTG+1"][:3]
    assert [(a.kind, a.amount) for a in acts] == [
        (ActionKind.POST_DEAD, 500),
        (ActionKind.POST_BIG_BLIND, 1000),
        (ActionKind.RAISE, 2500),
    ]


@pytest.mark.corpus
def test_raises_added_then_total(hands: dict[str, HandRecord]) -> None:
    # bovada:2902234353: "UTG+2 : Raises $1.73 to $1.86" after $0.13 in on the flop.
    hand = hands["bovada:2902234353"]
    r = next(a for a in hand.actions if a.raise_by == 173)
    assert (r.player, r.street, r.amount, r.to_amount) == ("UTG+2", Street.FLOP, 173, 186)


@pytest.mark.corpus
def test_all_in_and_all_in_raise(hands: dict[str, HandRecord]) -> None:
    # 2012: "Dealer  [ME] : All-in(raise) $124" is a street total (the stack is $124);
    # "Small Blind  [ME] : All-in $190" (bovada:2601407966, no street markers) comes after
    # the pre-flop betting closed: a flop bet of $190 ("Dealer Folded on the FLOP").
    multiway = hands["bovada:2605762685"]
    dealer = next(a for a in multiway.actions if a.player == "Dealer [ME]" and a.all_in)
    assert (dealer.kind, dealer.amount, dealer.to_amount) == (ActionKind.RAISE, 12000, 12400)
    sb = [a for a in hands["bovada:2601407966"].actions if a.all_in]
    assert [(a.player, a.street, a.kind, a.amount) for a in sb] == [
        ("Small Blind [ME]", Street.FLOP, ActionKind.BET, 19000)
    ]


@pytest.mark.corpus
def test_return_uncalled_and_hand_result(hands: dict[str, HandRecord]) -> None:
    # "UTG+4 : Return uncalled portion of bet $1.80", "UTG+4 : Hand result $1.71".
    hand = hands["bovada:2902233667"]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("UTG+4", 180)]
    assert [(c.player, c.amount) for c in hand.collections] == [("UTG+4", 171)]


@pytest.mark.corpus
def test_totals_with_and_without_rake_by_era(hands: dict[str, HandRecord]) -> None:
    # 2012: "Total Pot($20) | Rake ($1)"; 2014: "Total Pot($1.80)" and $1.71 paid.
    assert (
        hands["bovada:2601407546"].total_pot_reported,
        fees_taken(hands["bovada:2601407546"]),
    ) == (2000, (100, 0))
    hand = hands["bovada:2902233667"]
    assert hand.rake_reported is None and fees_taken(hand) == (9, 0)
    assert conventions(Site.BOVADA).rake_from_total


@pytest.mark.corpus
def test_hi_lo_summary_amounts_and_ten_card_shows(hands: dict[str, HandRecord]) -> None:
    # "Seat+6: UTG+1 HI $3.21 ..." / "Seat+7: UTG+2  with One pair [..] LO $6.40 [..]"
    hand = hands["bovada:2902234353"]
    won = {s.player: s.won for s in hand.summary_seats if s.won}
    assert won == {"UTG+1": 321, "UTG+2": 640, "UTG+3": 320}
    # "UTG+1 : Showdown [9d 7d 6c 8c Tc 8h 7d 6c 2d 3s] (Straight)": the best high and low
    # fives; the show is the seat's hole cards.
    show = next(s for s in hand.shows if s.player == "UTG+1")
    assert show.cards == parse_cards("9d 8h 2s 7d") and show.description == "Straight"
    # Tournament: "HI 30" and "LOW 30" without a currency.
    lo = {s.player: s.won for s in hands["bovada:3050116136"].summary_seats}
    assert lo == {"Big Blind [ME]": 30, "Dealer": 30}


@pytest.mark.corpus
def test_walk_keeps_the_unmatched_blind_in_the_pot(hands: dict[str, HandRecord]) -> None:
    # bovada:2601408155: everyone folds to the big blind: no return line, Total Pot($15).
    hand = hands["bovada:2601408155"]
    assert not hand.uncalled and hand.total_pot_reported == 1500
    assert _codes(hand) == []
    assert conventions(Site.BOVADA).uncalled_blind_in_pot


@pytest.mark.corpus
def test_dead_button(hands: dict[str, HandRecord]) -> None:
    # bovada:2902247207: "Set dealer/Bring in spot" with no number and no Dealer seated.
    hand = hands["bovada:2902247207"]
    assert hand.button_seat == 4 and hand.seat_of("Small Blind") == 5
    assert any("button is read as the seat before the small blind" in n for n in hand.notes)


@pytest.mark.corpus
def test_odd_cent_of_a_shared_low_goes_high_info_only(hands: dict[str, HandRecord]) -> None:
    # bovada:2902266598: $0.95 paid $0.49 high and $0.23 + $0.23 low.
    assert _codes(hands["bovada:2902266598"]) == [("odd_chip_unchecked", "info")]


# -- hands without street markers --------------------------------------------------------
@pytest.mark.corpus
def test_streets_derived_from_the_betting(hands: dict[str, HandRecord]) -> None:
    # Fixed-limit tournament without markers (allin.call.pf): the small blind all-in for
    # 15 more, the big blind checks; then bets of 150, 300, 300 on flop, turn, river.
    hand = hands["bovada:2641146259"]
    assert (hand.game_type, hand.game.structure) == (GameType.TOURNAMENT, Structure.FIXED_LIMIT)
    assert (hand.small_bet, hand.big_bet) == (150, 300)
    bets = [(a.street, a.amount) for a in hand.actions if a.kind is ActionKind.BET]
    assert bets == [(Street.FLOP, 150), (Street.TURN, 300), (Street.RIVER, 300)]
    assert "no street markers: streets derived from the betting" in hand.notes
    # The summary's "UTG+4 Folded on the FLOP" agrees.
    fold = next(a for a in hand.actions if a.player == "UTG+4" and a.kind is ActionKind.FOLD)
    assert fold.street is Street.FLOP


@pytest.mark.corpus
def test_a_cash_hand_without_markers(hands: dict[str, HandRecord]) -> None:
    # bovada:2601407767: preflop, five checks on the flop, a $175 bet on the turn.
    hand = hands["bovada:2601407767"]
    streets = [a.street for a in hand.actions if a.kind is ActionKind.BET]
    assert streets == [Street.TURN]
    assert len(hand.boards[0]) == 4


def test_derived_streets_that_disagree_with_the_summary_fail() -> None:
    text = NO_MARKERS.replace("Seat 3: UTG Folded on the FLOP", "Seat 3: UTG Folded on the TURN")
    failure = parse_failure(text)
    assert failure.reason_code == "streets_not_derivable"
    assert "SUMMARY says turn" in failure.reason


def test_betting_beyond_the_board_fails() -> None:
    text = NO_MARKERS.replace("Board [Jc 5s Js 2h 3c]", "Board [Jc 5s Js  ]")
    failure = parse_failure(text)
    assert failure.reason_code == "streets_not_derivable"
    assert "the board has 3 cards" in failure.reason


def test_the_crafted_hand_without_markers_parses() -> None:
    hand = parse_hand(NO_MARKERS)
    assert [a.street for a in hand.actions if a.kind is ActionKind.FOLD] == [
        Street.FLOP,
        Street.FLOP,
    ]
    assert _codes(hand) == []


def test_a_hand_with_markers_is_read_by_its_markers_not_the_betting() -> None:
    # The same hand with street markers, and one more check printed before the flop
    # marker after the pre-flop betting was complete: the text puts it pre-flop, and a
    # hand that prints markers is read by them (the round tracker derives streets only for
    # hands that print no flop marker); the audit then reports the needless check.
    text = (
        NO_MARKERS.replace(
            "Big Blind : Checks\n",
            "Big Blind : Checks\nSmall Blind : Checks\n*** FLOP *** [Jc 5s Js]\n",
        )
        .replace("Small Blind : Checks\nDealer  [ME] : Checks\nSmall Blind : Checks\n",
                 "*** TURN *** [Jc 5s Js] [2h]\nSmall Blind : Checks\nDealer  [ME] : Checks\n"
                 "*** RIVER *** [Jc 5s Js 2h] [3c]\nSmall Blind : Checks\n")
    )  # fmt: skip
    hand = parse_hand(text)
    by_street = [(a.street, a.player, a.kind) for a in hand.actions if a.kind is ActionKind.CHECK]
    assert by_street == [
        (Street.PREFLOP, "Big Blind", ActionKind.CHECK),
        (Street.PREFLOP, "Small Blind", ActionKind.CHECK),  # derived as the flop's before
        (Street.TURN, "Small Blind", ActionKind.CHECK),
        (Street.TURN, "Dealer [ME]", ActionKind.CHECK),
        (Street.RIVER, "Small Blind", ActionKind.CHECK),
        (Street.RIVER, "Dealer [ME]", ActionKind.CHECK),
    ]
    assert "no street markers: streets derived from the betting" not in hand.notes
    assert [code for code, _severity in _codes(hand)] == ["needless_check"]


def test_a_summary_seat_that_only_folds_reads_as_any_other_summary_seat() -> None:
    # " Folded on the FLOP" exactly is read without the summary regexes; the same seat with
    # text after the fold goes through them: both give the same summary seat.
    plain = parse_hand(NO_MARKERS)
    longer = parse_hand(
        NO_MARKERS.replace("Seat 2: Big Blind Folded on the FLOP", "Seat 2: Big Blind Folded on the FLOP [Mucked]")
        .replace("Seat 3: UTG Folded on the FLOP", "Seat 3: UTG Folded on the FLOP x")
    )  # fmt: skip

    def seat(hand: HandRecord, n: int) -> tuple[object, ...]:
        s = next(s for s in hand.summary_seats if s.seat == n)
        return (s.player, s.won, s.folded_street)

    assert seat(plain, 2) == seat(longer, 2) == ("Big Blind", None, Street.FLOP)
    assert seat(plain, 3) == seat(longer, 3) == ("UTG", None, Street.FLOP)


NO_MARKERS = """Bovada Hand #2601499999 TBL#1090318 OMAHA Pot Limit - 2012-04-24 03:00:00
Seat 1: Small Blind ($100 in chips)
Seat 2: Big Blind ($100 in chips)
Seat 3: UTG ($100 in chips)
Seat 4: Dealer [ME] ($100 in chips)
Dealer  [ME] : Set dealer/Bring in spot [4]
Small Blind : Ante/Small Blind $1
Big Blind : Big blind/Bring in $2
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c 3s 5c 9h]
Big Blind : Card dealt to a spot [5d 6c 4s Qh]
UTG : Card dealt to a spot [Qd Ks 4c 2c]
Dealer  [ME] : Card dealt to a spot [2s 7d 8d Jd]
UTG : Calls $2
Dealer  [ME] : Calls $2
Small Blind : Calls $1
Big Blind : Checks
Small Blind : Bets $8
Big Blind : Folds
UTG : Folds
Dealer  [ME] : Calls $8
Small Blind : Checks
Dealer  [ME] : Checks
Small Blind : Checks
Dealer  [ME] : Checks
Small Blind : Showdown [9c 9h Jc Js 5s] (Two pair)
Dealer  [ME] : Showdown [Jd 2s Jc Js 2h] (Full House)
Dealer  [ME] : Hand result $23
*** SUMMARY ***
Total Pot($24) | Rake ($1)
Board [Jc 5s Js 2h 3c]
Seat 1: Small Blind  lost with Two pair [9c 3s 5c 9h-9c 9h Jc Js 5s]
Seat 2: Big Blind Folded on the FLOP
Seat 3: UTG Folded on the FLOP
Seat 4: Dealer $23  with Full House [2s 7d 8d Jd-Jd 2s Jc Js 2h]
"""


def test_bovada_samples_keep_the_identity_and_audit_clean() -> None:
    samples = [
        r
        for p in expand_paths([SAMPLES / "bovada"])
        for r in parse_blocks(iter_blocks(p))
        if isinstance(r, HandRecord)
    ]
    assert {h.variant for h in samples} == {"PLO", "PLO-8"} and len(samples) == 3
    for hand in samples:
        put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
        rake, fees = fees_taken(hand)
        assert hand.total_pot_reported == put_in
        assert put_in == sum(c.amount for c in hand.collections) + rake + fees
        assert all(sev == "info" for _, sev in _codes(hand)), hand.hand_key
