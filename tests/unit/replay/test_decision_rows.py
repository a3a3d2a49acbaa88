"""The compiled walk's decisions made records when read (replay/decision_rows.py).

The Python walk's list of :class:`Decision` is the oracle: a hand's ``HandDecisions``
must read as that list item by item, from either end and by slices, give the same
``actions`` table columns, compare equal to it (and unequal once one field differs) and
pickle as the list.
"""

from __future__ import annotations

import pickle

import pytest

from omahahh.house_rules import DEFAULT_HOUSE_RULES
from omahahh.model import HandRecord
from omahahh.replay import batch_walk
from omahahh.replay.betting import Decision, walk_betting
from omahahh.replay.decision_rows import HandDecisions, table_values

Walked = list[tuple[HandDecisions, list[Decision]]]


@pytest.fixture(scope="module")
def walked(every_corpus_hand: list[HandRecord]) -> Walked:
    if batch_walk.kernel() is None:
        pytest.fail("numba is a dependency: the compiled walk must load in the test run")
    hands = every_corpus_hand[:600]
    out = []
    for hand, outcome in zip(hands, batch_walk.walk_hands(hands, DEFAULT_HOUSE_RULES), strict=True):
        assert isinstance(outcome.decisions, HandDecisions)
        out.append((outcome.decisions, list(walk_betting(hand, DEFAULT_HOUSE_RULES).decisions)))
    return out


@pytest.mark.corpus
def test_each_decision_reads_as_the_python_walks(walked: Walked) -> None:
    assert sum(len(lazy) for lazy, _ in walked) > 5000
    for lazy, want in walked:
        assert len(lazy) == len(want)
        assert [lazy[i] for i in range(len(lazy))] == want
        assert list(lazy) == want
        # equal is not enough: 1 == True and 7 == 7.0; each field has the Python walk's type
        for got, expected in zip(lazy, want, strict=True):
            assert [type(v) for v in got] == [type(v) for v in expected]
        if want:
            assert lazy[-1] == want[-1]
            assert lazy[1:3] == want[1:3]


@pytest.mark.corpus
def test_reading_past_the_hands_decisions_is_an_index_error(
    walked: Walked,
) -> None:
    lazy = next(lazy for lazy, _ in walked if len(lazy) > 2)
    with pytest.raises(IndexError):
        lazy[len(lazy)]
    with pytest.raises(IndexError):
        lazy[-len(lazy) - 1]


@pytest.mark.corpus
def test_table_values_are_the_decisions_fields(walked: Walked) -> None:
    nones = 0
    for lazy, want in walked:
        got = [list(column) for column in table_values(lazy)]
        assert got == [list(column) for column in table_values(want)]
        assert got[0] == [d.pot_before for d in want]
        nones += got[2].count(None)
    assert nones > 0  # min raise-to None (no raise allowed) is met, and kept None


@pytest.mark.corpus
def test_equal_to_the_list_only_when_every_decision_is(
    walked: Walked,
) -> None:
    lazy, want = next((lazy, want) for lazy, want in walked if len(want) > 3)
    assert lazy == want and want == lazy and lazy == tuple(want)
    changed = list(want)
    changed[2] = changed[2]._replace(pot_before=changed[2].pot_before + 1)
    assert lazy != changed and changed != lazy
    assert lazy != want[:-1]


@pytest.mark.corpus
def test_pickles_as_the_plain_list(walked: Walked) -> None:
    lazy, want = walked[0]
    back = pickle.loads(pickle.dumps(lazy))
    assert type(back) is list and back == want
