"""award_findings skips the tally of a pot paid exactly as derived (audit/awards.py).

The full tally (``_pot_check`` then ``_pot_findings``) is the oracle: wherever the shortcut
``_paid_as_derived`` says a pot needs no look, the tally must find nothing in it, on every
pot of every corpus hand of every room; and the shortcut must refuse the pots whose
lines the tally does find fault with (over-paid, unverifiable, unshown, a line short).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from omahahh.audit import awards
from omahahh.audit.awards import WHOLE_RUN, AwardRow
from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import returns_in_pot
from omahahh.model import HandRecord
from omahahh.replay.showdown import DerivedPot
from tests.helpers.parsing import sample_hands


def _pot(amount: int, *, verifiable: bool = True, unshown: tuple[int, ...] = ()) -> DerivedPot:
    return DerivedPot(
        run=0,
        index=0,
        eligible=(1, 2),
        gross=amount,
        rake=0,
        amount=amount,
        contested=True,
        verifiable=verifiable,
        contestants=(1, 2),
        unshown=unshown,
    )


def _row(player: str, derived: int | None, reported: int | None) -> AwardRow:
    return AwardRow(
        run=0,
        pot_index=0,
        half="whole",
        seat=1 if player == "A" else 2,
        player=player,
        amount_derived=derived,
        amount_reported=reported,
    )


def test_a_pot_paid_as_derived_needs_no_tally() -> None:
    assert awards._paid_as_derived(_pot(10), [_row("A", 5, 5), _row("B", 5, 5)])
    assert awards._paid_as_derived(_pot(10), [])  # nothing derived, nothing paid


@pytest.mark.parametrize(
    ("pot", "rows"),
    [
        (_pot(10), [_row("A", 6, 6), _row("B", 6, 6)]),  # more paid than the pot holds
        (_pot(10, verifiable=False), [_row("A", 10, 10)]),  # the winner cannot be derived
        (_pot(10, unshown=(2,)), [_row("A", 10, 10)]),  # a player in it did not show
        (_pot(10), [_row("A", 10, 9)]),  # a line short of its award
        (_pot(10), [_row("A", 10, None)]),  # an award with no line
        (None, [_row("A", None, 10)]),  # a line for a pot replay does not have
    ],
    ids=["over_paid", "unverifiable", "unshown", "short", "no_line", "no_pot"],
)
def test_a_pot_the_tally_could_fault_is_tallied(
    pot: DerivedPot | None, rows: list[AwardRow]
) -> None:
    assert not awards._paid_as_derived(pot, rows)


def _shortcut_pots(hands: list[HandRecord]) -> int:
    """Pots the shortcut skips in ``hands``, each checked to have no finding in the tally."""
    skipped = 0
    for hand in hands:
        audited = audit_hand(hand)
        result = audited.result
        if result is None or result.cancelled or returns_in_pot(hand, result):
            continue
        result = awards.per_player_view(hand, result)
        by_pot = awards.per_pot(hand)
        pots = {(p.run, p.index): p for p in result.pots} if by_pot else awards._whole_runs(result)
        groups: dict[tuple[int, int], list[AwardRow]] = defaultdict(list)
        for r in audited.awards:
            groups[(r.run, r.pot_index if by_pot else WHOLE_RUN)].append(r)
        for key in set(groups) | set(pots):
            pot, group = pots.get(key), groups.get(key, [])
            if not awards._paid_as_derived(pot, group):
                continue
            skipped += 1
            check = awards._pot_check(hand, result, key, pot, group, {}, awards._money(hand))
            assert awards._pot_findings(check, pot, group) == [], (hand.hand_key, key)
    return skipped


@pytest.mark.corpus
def test_the_tally_finds_nothing_where_the_shortcut_skips(
    every_corpus_hand: list[HandRecord],
) -> None:
    assert _shortcut_pots(every_corpus_hand) > 500  # 864 pots of the corpus


def test_the_tally_finds_nothing_where_the_shortcut_skips_in_the_sample_histories() -> None:
    assert _shortcut_pots(sample_hands()) > 30
