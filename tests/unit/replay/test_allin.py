"""All-in EV at ingest (omahahh/replay/allin.py, table ``allin``).

Expected values come from a plain reference: every remaining board dealt
one by one, each hand scored with the scalar evaluator, each pot (and Hi/Lo
half) shared among its best eligible hands; a side pot's ineligible live
hands are dead cards for it.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import polars as pl
import pytest

from omahahh.audit.hand import audit_hand
from omahahh.dataset.ingest import ingest
from omahahh.dataset.pipeline import PipelineOptions, parse_text, process_text
from omahahh.dataset.store import scan
from omahahh.eval.evaluator import omaha_high, omaha_low
from omahahh.model import HandRecord
from omahahh.parsers import parse_block
from omahahh.parsers.registry import iter_blocks
from omahahh.replay.allin import allin_rows
from omahahh.replay.engine import ReplayResult
from tests.helpers.stats_hands import ALL_IN_ON_THE_FLOP, FOUR_BET_SHOWDOWN


def _settled(hand: HandRecord) -> ReplayResult:
    """The replay with the reported rake taken out of the pots, as ingest stores it."""
    result = audit_hand(hand).result
    assert result is not None
    return result


def _corpus_hand(corpus: Path, hand_id: str) -> HandRecord:
    for path in sorted((corpus / "PokerStars").rglob("*.txt")):
        for block in iter_blocks(path):
            if hand_id in block.lines[0]:
                hand = parse_block(block)
                assert isinstance(hand, HandRecord)
                return hand
    raise AssertionError(hand_id)


def reference_shares(
    hands: dict[int, tuple[int, ...]], board: tuple[int, ...], dead: tuple[int, ...], hi_lo: bool
) -> dict[int, Fraction]:
    """Expected pot share per seat, every remaining board dealt (the slow, plain way)."""
    used = set(board) | set(dead) | {c for h in hands.values() for c in h}
    deck = [c for c in range(52) if c not in used]
    totals = dict.fromkeys(hands, Fraction(0))
    boards = 0
    for rest in combinations(deck, 5 - len(board)):
        full = board + rest
        boards += 1
        high = {s: omaha_high(h, full) for s, h in hands.items()}
        best = max(high.values())
        high_winners = [s for s, v in high.items() if v == best]
        lows = {s: omaha_low(h, full) for s, h in hands.items()} if hi_lo else {}
        low_values = {s: v for s, v in lows.items() if v is not None}
        if low_values:
            best_low = max(low_values.values())
            low_winners = [s for s, v in low_values.items() if v == best_low]
            for s in high_winners:
                totals[s] += Fraction(1, 2 * len(high_winners))
            for s in low_winners:
                totals[s] += Fraction(1, 2 * len(low_winners))
        else:
            for s in high_winners:
                totals[s] += Fraction(1, len(high_winners))
    return {s: t / boards for s, t in totals.items()}


def test_flop_all_in_heads_up_is_the_share_of_the_820_turn_river_boards() -> None:
    hand = parse_text(ALL_IN_ON_THE_FLOP)[0]
    assert isinstance(hand, HandRecord)
    rows = {r.player: r for r in allin_rows(hand, _settled(hand))}
    known = {1: hand.shows[0].cards, 2: hand.shows[1].cards}
    shares = reference_shares(known, hand.boards[0][:3], (), hi_lo=False)
    assert shares[1] == Fraction(206, 820)  # A: 206 of the 820 boards
    assert rows["A"].equity == pytest.approx(float(shares[1]))
    # $20 pot less $1 rake: A expects 1900 x 206/820 = 477.3 cents, D the rest.
    assert (rows["A"].ev_won, rows["D"].ev_won) == (477, 1423)
    assert (rows["A"].actual_won, rows["D"].actual_won) == (0, 1900)
    assert (rows["A"].invested, rows["D"].invested) == (1000, 1000)
    assert {r.street for r in rows.values()} == {"flop"}


@pytest.mark.corpus
def test_turn_all_in_side_pot_treats_the_short_stack_as_dead_cards(corpus: Path) -> None:
    # 2005 Hi/Lo tournament: Player2 is all-in for less on the turn; the side pot (86) is
    # Hero's and Player5's only, so Player2's cards are out of the deck for it.
    hand = _corpus_hand(corpus, "1676150046")
    result = _settled(hand)
    rows = {r.seat: r for r in allin_rows(hand, result)}
    assert set(rows) == {3, 6, 9} and {r.street for r in rows.values()} == {"turn"}
    shown = {s.player: s.cards for s in hand.shows if not s.mucked}
    seat_of = {s.player: s.seat for s in hand.seats}
    hands = {seat_of[name]: cards for name, cards in shown.items()}
    board = hand.boards[0][:4]
    expected = dict.fromkeys(hands, Fraction(0))
    for pot in result.pots:
        eligible = {s: hands[s] for s in pot.eligible}
        dead = tuple(c for s, h in hands.items() if s not in eligible for c in h)
        for s, share in reference_shares(eligible, board, dead, hi_lo=True).items():
            expected[s] += share * pot.amount
    assert [p.amount for p in result.pots] == [4765, 86]
    for seat, row in rows.items():
        assert row.ev_won == round(expected[seat]), seat


def test_no_row_when_the_last_money_goes_in_on_the_river() -> None:
    hand = parse_text(FOUR_BET_SHOWDOWN)[0]
    assert isinstance(hand, HandRecord)
    assert allin_rows(hand, _settled(hand)) == ()


def test_no_row_when_a_live_hand_is_not_known() -> None:
    hidden = ALL_IN_ON_THE_FLOP.replace(
        "A: shows [As Ks Qd 7h] (two pair, Aces and Sevens)", "A: mucks hand"
    ).replace("showed [As Ks Qd 7h] and lost with two pair, Aces and Sevens", "mucked")
    hand = parse_text(hidden)[0]
    assert isinstance(hand, HandRecord)
    assert allin_rows(hand, _settled(hand)) == ()


def test_no_row_without_a_replay() -> None:
    hand = parse_text(ALL_IN_ON_THE_FLOP)[0]
    assert isinstance(hand, HandRecord)
    assert allin_rows(hand, None) == ()
    frames = process_text(ALL_IN_ON_THE_FLOP, options=PipelineOptions(replay=False)).frames
    assert frames["allin"].height == 0


def test_pipeline_stores_one_row_per_live_player() -> None:
    frame = process_text(ALL_IN_ON_THE_FLOP).frames["allin"]
    assert frame.select("player", "ev_won").sort("player").rows() == [("A", 477), ("D", 1423)]


@pytest.mark.corpus
def test_run_it_twice_expectation_covers_both_boards(corpus: Path) -> None:
    # 2015 $200/$400 hand all-in pre-flop, run twice: each board carries half the pot, and
    # the expectation (same known cards for both) adds up to the whole pot after rake.
    hand = _corpus_hand(corpus, "134782498345")
    result = _settled(hand)
    rows = allin_rows(hand, result)
    assert len(hand.boards) == 2 and {r.street for r in rows} == {"preflop"}
    after_rake = sum(p.amount for p in result.pots)
    assert abs(sum(r.ev_won for r in rows) - after_rake) <= 1
    assert sum(r.actual_won for r in rows) == after_rake


@pytest.mark.corpus
def test_corpus_expectations_add_up_to_the_pots(
    corpus: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("allin") / "ds"
    ingest([corpus / "PokerStars"], root)
    allin = scan(root, "allin").collect()
    assert allin["hand_key"].n_unique() >= 15
    pots = (
        scan(root, "pots")
        .group_by("hand_key")
        .agg(pl.col("amount_derived").sum().alias("pot"))
        .collect()
    )
    per_hand = (
        allin.group_by("hand_key")
        .agg(pl.col("ev_won").sum(), pl.col("equity").sum(), pl.len())
        .join(pots, on="hand_key")
    )
    assert per_hand.height == allin["hand_key"].n_unique()
    for row in per_hand.iter_rows(named=True):
        assert abs(row["ev_won"] - row["pot"]) <= row["len"], row  # rounding only
        assert row["equity"] == pytest.approx(1.0), row
