"""Replay and audit over the real PokerStars hands of ../shared/corpus.

Every hand that is neither broken on purpose nor converted by other software
must audit without an error; each warning left must be listed (and explained)
here. Derived awards must equal the reported ``collected`` lines wherever all
showdown cards are known, Hi/Lo odd chips and run-it-twice hands included.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord
from tests.helpers.replay import corpus_hands, is_clean_source

pytestmark = pytest.mark.corpus  # the corpus's PokerStars hands, every one

# Warnings left over the clean PokerStars hands, by (hand_key, code), and why.
# (None at present: the audit reports no warning there. Add an entry with its
# reason before accepting one.)
EXPLAINED_WARNINGS: dict[tuple[str, str], str] = {}

# Converted files break the rules through their converter (FINDINGS.md).
CONVERTED_FINDINGS = {
    "pokerstars:3126037878": {"uncalled_mismatch", "total_pot_mismatch", "collected_exceeds_pot"},
    "pokerstars:3434271432": {
        "wrong_call_amount",
        "uncalled_mismatch",
        "total_pot_mismatch",
        "collected_exceeds_pot",
        "missing_action",
    },
}


@pytest.fixture(scope="module")
def stars_hands() -> list[tuple[Path, HandRecord]]:
    hands = corpus_hands("PokerStars")
    assert len(hands) >= 70
    return hands


@pytest.fixture(scope="module")
def audited_clean(stars_hands: list[tuple[Path, HandRecord]]) -> list[AuditedHand]:
    return [audit_hand(h) for f, h in stars_hands if is_clean_source(f)]


def test_clean_pokerstars_hands_audit_without_errors(audited_clean: list[AuditedHand]) -> None:
    errors = [
        (a.hand.hand_key, f.code.value, f.message)
        for a in audited_clean
        for f in a.findings
        if f.severity.value == "error"
    ]
    assert errors == []
    assert all(a.result is not None for a in audited_clean)


def test_every_warning_left_is_explained(audited_clean: list[AuditedHand]) -> None:
    warnings = {
        (a.hand.hand_key, f.code.value)
        for a in audited_clean
        for f in a.findings
        if f.severity.value == "warning"
    }
    assert warnings == set(EXPLAINED_WARNINGS)


def test_only_information_left_is_mucked_losing_hands(audited_clean: list[AuditedHand]) -> None:
    info = Counter(
        f.code.value for a in audited_clean for f in a.findings if f.severity.value == "info"
    )
    assert set(info) <= {"unverifiable_showdown"}


def _known(a: AuditedHand) -> bool:
    """All showdown cards known: every pot uncontested or fully shown, nobody cashed out."""
    assert a.result is not None
    return not a.hand.cashouts and all(p.verifiable and not p.unshown for p in a.result.pots)


def test_derived_awards_equal_reported_collected_where_all_cards_are_known(
    audited_clean: list[AuditedHand],
) -> None:
    checked = [a for a in audited_clean if _known(a) and a.hand.collections]
    assert len(checked) >= 50
    for a in checked:
        rows = [
            (r.run, r.pot_index, r.player, r.amount_derived, r.amount_reported) for r in a.awards
        ]
        assert all(r[3] == r[4] for r in rows), (a.hand.hand_key, rows)
        assert sum(r[3] or 0 for r in rows) == sum(c.amount for c in a.hand.collections)


def _keys(audited: list[AuditedHand]) -> set[str]:
    return {a.hand.hand_key for a in audited if _known(a)}


def test_coverage_includes_hi_lo_odd_chips_and_run_it_twice(
    audited_clean: list[AuditedHand],
) -> None:
    known = _keys(audited_clean)
    # Hi/Lo with odd chips: the quartered 2005 tournament hand (the high half gets the odd
    # chip of the main pot, the low half's odd chip goes clockwise from the button).
    assert "pokerstars:1676150046" in known
    by_key = {a.hand.hand_key: a for a in audited_clean}
    quartered = by_key["pokerstars:1676150046"]
    assert sorted((r.pot_index, r.half, r.player, r.amount_derived) for r in quartered.awards) == [
        (0, "high", "Player2", 2383),
        (0, "low", "Hero", 1191),
        (0, "low", "Player5", 1191),
        (1, "high", "Hero", 43),
        (1, "low", "Hero", 21),
        (1, "low", "Player5", 22),
    ]
    # Run it twice, with a side pot, and with the pot shared by two different winners.
    assert {
        "pokerstars:124680000000",
        "pokerstars:124689908714",
        "pokerstars:134782498345",
    } <= known
    rit = by_key["pokerstars:134782498345"]
    assert [(r.run, r.player, r.amount_derived) for r in rit.awards] == [
        (0, "Hero", 838536),
        (1, "Player0", 838536),
    ]
    hi_lo_odd = [
        a
        for a in audited_clean
        if a.hand.game.hi_lo
        and a.hand.hand_key in known
        and len({r.amount_derived for r in a.awards if r.half in ("high", "low")}) > 1
    ]
    assert len(hi_lo_odd) >= 3


def test_rake_is_taken_from_the_pots_the_way_pokerstars_does(
    audited_clean: list[AuditedHand],
) -> None:
    multi = [
        a for a in audited_clean if a.hand.side_pots_reported and (a.hand.rake_reported or 0) > 0
    ]
    assert len(multi) >= 8
    for a in multi:
        assert a.result is not None
        printed = [a.hand.main_pot_reported, *a.hand.side_pots_reported]
        derived: dict[int, int] = {}
        for p in a.result.pots:
            derived[p.index] = derived.get(p.index, 0) + p.amount
        assert [derived[i] for i in sorted(derived)] == printed, a.hand.hand_key


def test_cash_out_hands_match_the_summary_share(audited_clean: list[AuditedHand]) -> None:
    cashed = [a for a in audited_clean if a.hand.cashouts]
    assert {a.hand.hand_key for a in cashed} >= {
        "pokerstars:231645858339",
        "pokerstars:232772509770",
    }
    for a in cashed:
        assert a.result is not None
        won = {s.player: s.won for s in a.hand.summary_seats}
        for c in a.hand.cashouts:
            assert (
                a.result.players[[p.player for p in a.result.players].index(c.player)].won
                == won[c.player]
            )


def test_converted_files_are_flagged_for_their_converters_mistakes(
    stars_hands: list[tuple[Path, HandRecord]],
) -> None:
    got = {
        h.hand_key: {f.code.value for f in audit_hand(h).findings}
        for f, h in stars_hands
        if not is_clean_source(f)
    }
    for key, expected in CONVERTED_FINDINGS.items():
        assert got[key] == expected, key


def test_literal_r_bet_5_reading_flags_the_run_it_twice_turn_bet(
    stars_hands: list[tuple[Path, HandRecord]],
) -> None:
    # HOUSE_RULES.md: with only the side pot counted, FLATC@T's $990 turn bet is too big.
    hand = next(h for f, h in stars_hands if h.hand_key == "pokerstars:124689908714")
    literal = audit_hand(hand, HouseRules(pot_limit_pot="active_side_pot"))
    assert [
        (f.code.value, f.rule, f.player) for f in literal.findings if f.action_seq is not None
    ] == [("illegal_bet_size", "R-BET-5", "FLATC@T")]
    assert [f for f in audit_hand(hand).findings if f.action_seq is not None] == []
