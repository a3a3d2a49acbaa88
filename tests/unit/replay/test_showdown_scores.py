"""Shown hands evaluated a batch at once (replay/showdown_scores.py) against the scalar
evaluator, and a replay given those scores against one that evaluates each hand itself.

Oracles: :func:`omaha_high` / :func:`omaha_low` for each (hole, board) pair, and the
replay without scores, on every corpus hand and on hands whose shown cards are dealt
at random (Hi/Lo and high only, 4 to 6 hole cards, several boards).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from omahahh.dataset import pipeline
from omahahh.eval.evaluator import omaha_high, omaha_low
from omahahh.house_rules import DEFAULT_HOUSE_RULES
from omahahh.model import HandRecord, Show
from omahahh.replay.engine import replay
from omahahh.replay.showdown import known_hands
from omahahh.replay.showdown_scores import score_batch
from tests.helpers.parsing import sample_hands, sample_tables


def _redealt(hand: HandRecord, rng: random.Random) -> HandRecord:
    """The hand with every shown hand and board dealt again at random (sometimes a card
    twice, which no evaluation may accept), as Hi/Lo or not, with 4 to 6 hole cards."""
    holes = rng.choice([4, 5, 6])
    players = [s.player for s in hand.seats][: rng.randint(2, 6)]
    deck = rng.sample(range(52), 52)
    boards = tuple(tuple(deck.pop() for _ in range(5)) for _ in range(rng.choice([1, 1, 2])))
    shows = []
    for p in players:
        cards = [deck.pop() for _ in range(holes)]
        if rng.random() < 0.05:
            cards[0] = boards[0][0]  # a card seen twice
        shows.append(Show(player=p, cards=tuple(cards)))
    game = replace(hand.game, hi_lo=rng.random() < 0.5, hole_card_count=holes)
    return replace(hand, game=game, boards=boards, shows=tuple(shows), summary_seats=())


def _hands(every_corpus_hand: list[HandRecord]) -> list[HandRecord]:
    rng = random.Random(5)
    return every_corpus_hand + [_redealt(rng.choice(every_corpus_hand), rng) for _ in range(1500)]


@pytest.mark.corpus
def test_batch_scores_are_the_scalar_evaluators(every_corpus_hand: list[HandRecord]) -> None:
    hands = _hands(every_corpus_hand)
    scored = 0
    for hand, scores in zip(hands, score_batch(hands), strict=True):
        for (hole, board), (high, low) in scores.items():
            assert high == omaha_high(hole, board)
            if hand.game.hi_lo:
                assert low == omaha_low(hole, board)
            scored += 1
    assert scored > 5000


@pytest.mark.corpus
def test_every_evaluable_shown_hand_is_scored_and_no_other(
    every_corpus_hand: list[HandRecord],
) -> None:
    hands = _hands(every_corpus_hand)
    for hand, scores in zip(hands, score_batch(hands), strict=True):
        for cards in known_hands(hand).values():
            for board in hand.boards:
                try:
                    omaha_high(cards, board)
                    evaluable = len(board) == 5 and 4 <= len(cards) <= 6
                except Exception:
                    evaluable = False
                assert ((cards, board) in scores) == evaluable, hand.hand_key


@pytest.mark.corpus
def test_a_replay_with_the_batch_scores_is_the_replay_without(
    every_corpus_hand: list[HandRecord],
) -> None:
    hands = _hands(every_corpus_hand)
    rules = DEFAULT_HOUSE_RULES
    compared = 0
    for hand, scores in zip(hands, score_batch(hands), strict=True):
        try:
            alone = replay(hand, rules)
        except Exception:
            continue
        assert replay(hand, rules, scores=scores) == alone, hand.hand_key
        compared += bool(scores)
    assert compared > 1500


def test_on_the_sample_histories_scores_are_the_scalar_evaluators_and_replays_agree() -> None:
    """The corpus checks above without the corpus: sample_histories/ and redealt copies."""
    hands = _hands(sample_hands())
    scored = compared = 0
    for hand, scores in zip(hands, score_batch(hands), strict=True):
        for (hole, board), (high, low) in scores.items():
            assert high == omaha_high(hole, board)
            if hand.game.hi_lo:
                assert low == omaha_low(hole, board)
            scored += 1
        try:
            alone = replay(hand, DEFAULT_HOUSE_RULES)
        except Exception:
            continue
        assert replay(hand, DEFAULT_HOUSE_RULES, scores=scores) == alone, hand.hand_key
        compared += bool(scores)
    assert scored > 5000 and compared > 1000


def test_pipeline_tables_are_the_same_when_the_batch_scoring_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scored = sample_tables()

    def broken(hands: list[HandRecord]) -> list[dict[object, object]]:
        raise ValueError("a bug in the batch scoring")

    monkeypatch.setattr(pipeline, "score_batch", broken)
    assert sample_tables() == scored  # every showdown evaluated its own hands
