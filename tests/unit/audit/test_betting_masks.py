"""The betting audit's batch masks (audit/betting_masks.py) against the audit itself.

The audit looks only at the actions the masks mark, so a mask that misses a case would
silently lose a finding. The oracle is ``betting_findings`` looking at every action:
on every corpus hand and on 3,000 randomly bent ones (wrong amounts, kinds, orders,
all-in markers, strangers, other structures), every finding's action must be marked and
the findings with the marks must equal the findings without. Without the corpus, the
same on the repository's sample histories and bent copies of them.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from omahahh.audit.betting import betting_findings
from omahahh.audit.betting_masks import marked_per_hand, needs_a_look
from omahahh.house_rules import DEFAULT_HOUSE_RULES
from omahahh.model import HandRecord
from omahahh.replay.batch_walk import kernel, walk_with_columns
from omahahh.replay.engine import replay
from tests.helpers.bend import bend
from tests.helpers.parsing import sample_hands

RULES = DEFAULT_HOUSE_RULES


def _bend_more(hand: HandRecord, rng: random.Random) -> HandRecord:
    """``_bend``, and sometimes an all-in marker flipped (R-BET-10's mask)."""
    hand = bend(hand, rng)
    if hand.actions and rng.random() < 0.3:
        i = rng.randrange(len(hand.actions))
        actions = list(hand.actions)
        actions[i] = replace(actions[i], all_in=not actions[i].all_in)
        hand = replace(hand, actions=tuple(actions))
    return hand


def _check(hands: list[HandRecord]) -> tuple[int, int, int]:
    """Asserts the masks lose nothing; returns (findings at actions, marked, actions)."""
    batch = walk_with_columns(hands, RULES)
    assert batch.columns is not None
    marks = marked_per_hand(batch.columns)
    found = marked = actions = 0
    for hand, row in zip(hands, batch.row_of, strict=True):
        if row is None:
            continue  # walked in Python: no marks, every action looked at
        try:
            result = replay(hand, RULES)
        except Exception:
            continue  # the audit turns this into replay_failed, marks or not
        assert result.marked is None
        every = betting_findings(hand, result, RULES)
        at_actions = {f.action_seq for f in every if f.action_seq is not None}
        assert at_actions <= set(marks[row]), hand.hand_key
        assert betting_findings(hand, replace(result, marked=marks[row]), RULES) == every
        found += len(at_actions)
        marked += len(marks[row])
        actions += len(hand.actions)
    return found, marked, actions


def test_every_betting_finding_of_a_sample_hand_or_a_bent_one_is_at_a_marked_action() -> None:
    if kernel() is None:
        pytest.skip("the compiled walk is not available here (numba not installed)")
    hands = sample_hands()
    rng = random.Random(46)
    bent = [_bend_more(rng.choice(hands), rng) for _ in range(1000)]
    found, marked, actions = _check(hands + bent)
    assert len(hands) > 50 and found > 100
    assert marked < actions


@pytest.mark.corpus
def test_every_betting_finding_of_a_corpus_hand_is_at_a_marked_action(
    every_corpus_hand: list[HandRecord],
) -> None:
    found, marked, actions = _check(every_corpus_hand)
    assert found > 0
    assert marked < actions * 0.1  # what makes the masks worth having: few looks


@pytest.mark.corpus
def test_every_betting_finding_of_a_bent_hand_is_at_a_marked_action(
    every_corpus_hand: list[HandRecord],
) -> None:
    rng = random.Random(17)
    bent = [_bend_more(rng.choice(every_corpus_hand), rng) for _ in range(3000)]
    found, _, _ = _check(bent)
    assert found > 1000  # the bending makes every kind of fault, many times


@pytest.mark.corpus
def test_marks_are_positions_within_each_hand(every_corpus_hand: list[HandRecord]) -> None:
    hands = every_corpus_hand[:300]
    batch = walk_with_columns(hands, RULES)
    assert batch.columns is not None
    mask = needs_a_look(batch.columns)
    marks = marked_per_hand(batch.columns)
    assert sum(len(m) for m in marks) == int(mask.sum())
    starts = batch.columns.act_start
    for h, seqs in enumerate(marks):
        assert all(0 <= s < starts[h + 1] - starts[h] for s in seqs)
        assert [int(starts[h]) + s for s in seqs] == [
            r for r in range(int(starts[h]), int(starts[h + 1])) if mask[r]
        ]


@pytest.mark.corpus
def test_the_pipeline_walk_hands_each_outcome_its_marks(
    every_corpus_hand: list[HandRecord],
) -> None:
    from omahahh.dataset.pipeline import _walk

    hands = every_corpus_hand[:300]
    walked = _walk(hands, RULES)
    assert all(w is not None and w.marked is not None for w in walked)
    batch = walk_with_columns(hands, RULES)
    assert batch.columns is not None
    assert [w.marked for w in walked if w is not None] == marked_per_hand(batch.columns)
