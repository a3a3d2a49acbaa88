"""The audit: its catalogue and document, each code on a crafted hand, and its place in ingest."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from omahahh.audit import hand as audit_module
from omahahh.audit.findings import CATALOGUE, FindingCode, Severity, at_or_above
from omahahh.audit.hand import RakeExpectation, audit_hand
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.store import scan
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord
from omahahh.replay.engine import ReplayResult
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import REPO
from tests.helpers.replay import SEATS2, audited, codes, split_hand, stars
from tests.helpers.runtime import skip_if_compiled

DOC = REPO / "docs" / "FINDINGS.md"


def test_findings_doc_lists_exactly_the_codes_with_their_severity_and_rules() -> None:
    rows = re.findall(r"^\| `([a-z_]+)` \| (\w+) \| ([^|]+) \|", DOC.read_text("utf-8"), re.M)
    documented = {code: (sev, rules.strip()) for code, sev, rules in rows}
    expected = {c.value: (i.severity.value, i.rules or "-") for c, i in CATALOGUE.items()}
    assert documented == expected
    assert set(CATALOGUE) == set(FindingCode)


def test_issue_codes_exist() -> None:
    wanted = {
        "illegal_bet_size",
        "illegal_raise_size",
        "action_out_of_turn",
        "check_facing_bet",
        "illegal_reopen",
        "raise_over_cap",
        "total_pot_mismatch",
        "side_pot_mismatch",
        "uncalled_mismatch",
        "collected_mismatch",
        "wrong_winner",
        "wrong_split",
        "odd_chip_misplaced",
        "collected_exceeds_pot",
        "stack_exceeded",
        "unverifiable_showdown",
        "rake_off_schedule",
    }
    assert wanted <= {c.value for c in FindingCode}
    assert CATALOGUE[FindingCode.UNVERIFIABLE_SHOWDOWN].severity is Severity.INFO
    assert CATALOGUE[FindingCode.RAKE_OFF_SCHEDULE].severity is Severity.WARNING


def test_severity_order() -> None:
    assert at_or_above("error", "warning") and at_or_above("warning", "warning")
    assert not at_or_above("info", "warning") and not at_or_above("warning", "error")


def test_wrong_split_the_right_winners_other_shares() -> None:
    found = audited(split_hand("B collected $3 from pot\nA collected $1 from pot"))
    assert codes(found) == ["wrong_split"] and found.findings[0].rule == "R-SPLIT-1"


def test_wrong_winner_when_only_one_of_two_equal_hands_is_paid() -> None:
    found = audited(split_hand("B collected $4 from pot"))
    assert codes(found) == ["wrong_winner"]


def test_a_correct_split_gives_no_finding() -> None:
    assert codes(audited(split_hand("B collected $2 from pot\nA collected $2 from pot"))) == []


def test_impossible_cards_a_card_seen_twice() -> None:
    text = split_hand("B collected $2 from pot\nA collected $2 from pot").replace(
        "As Qc 3d 4c", "Ac Qc 3d 4c"
    )
    found = audited(text)
    assert "impossible_cards" in codes(found)
    assert [f.rule for f in found.findings if f.code is FindingCode.IMPOSSIBLE_CARDS] == [
        "R-CARD-1"
    ]


def test_unsupported_variant_by_house_rules() -> None:
    text = split_hand("B collected $2 from pot\nA collected $2 from pot")
    assert codes(audited(text, HouseRules(hole_card_counts=(5,)))) == ["unsupported_variant"]


def test_all_in_mismatch_when_chips_stay_behind() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        A: raises $4 to $6 and is all-in
        B: folds
        Uncalled bet ($4) returned to A
        A collected $4 from pot
        """,
        seats=SEATS2,
        summary="Total pot $4 | Rake $0",
    )
    assert codes(audited(text)) == ["all_in_mismatch"]


def test_missing_action_when_the_text_moves_on_too_early() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        A: calls $1
        *** FLOP *** [2c 7d 9h]
        B: checks
        A: checks
        """,
        seats=SEATS2,
        summary="Total pot $4 | Rake $0",
    )
    found = audited(text)
    assert ("missing_action", "preflop", "B") in [
        (f.code.value, f.street, f.player) for f in found.findings
    ]


def test_blind_size_unexpected_in_fixed_limit() -> None:
    text = stars(
        """
        A: posts small blind $2
        B: posts big blind $4
        *** HOLE CARDS ***
        A: folds
        Uncalled bet ($2) returned to B
        B collected $4 from pot
        """,
        seats=SEATS2,
        game="Omaha Limit ($4/$8 USD)",
        summary="Total pot $4 | Rake $0",
    )
    assert codes(audited(text)) == []
    small = text.replace("posts small blind $2", "posts small blind $1").replace(
        "$2) returned", "$3) returned"
    )
    small = small.replace("collected $4", "collected $2").replace("Total pot $4", "Total pot $2")
    assert codes(audited(small)) == ["blind_size_unexpected"]
    assert codes(audited(small, HouseRules(limit_small_blind_rounding="smallest_unit"))) == [
        "blind_size_unexpected"
    ]


class FixedRake:
    """A picklable rake schedule stand-in: expects a fixed amount (R-RAKE-3)."""

    def __init__(self, amount: int):
        self.amount = amount

    def expect(self, hand: HandRecord, result: ReplayResult) -> RakeExpectation | None:
        return RakeExpectation(expected=self.amount, rule="R-RAKE-3")


def test_rake_off_schedule_only_with_a_schedule() -> None:
    hand = parse_hand(split_hand("B collected $2 from pot\nA collected $2 from pot"))
    assert codes(audit_hand(hand)) == []
    assert codes(audit_hand(hand, rake_expectation=FixedRake(0).expect)) == []
    found = audit_hand(hand, rake_expectation=FixedRake(10).expect)
    assert [
        (f.code.value, f.rule, f.severity.value, f.expected_amount, f.reported_amount)
        for f in found.findings
    ] == [("rake_off_schedule", "R-RAKE-3", "warning", 10, 0)]


def test_a_replay_crash_becomes_a_finding_and_keeps_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    skip_if_compiled(audit_module)

    def broken(
        hand: HandRecord,
        rules: HouseRules,
        take: object = None,
        walked: object = None,
        scores: object = None,
        drop_pot: int = 0,
    ) -> ReplayResult:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(audit_module, "replay", broken)
    found = audit_hand(parse_hand(split_hand("B collected $2 from pot\nA collected $2 from pot")))
    assert found.result is None
    assert [(f.code.value, f.severity.value) for f in found.findings] == [
        ("replay_failed", "error")
    ]
    assert "boom" in found.findings[0].message


def test_findings_come_most_severe_first() -> None:
    text = split_hand("B collected $3 from pot\nA collected $1 from pot").replace(
        "A: shows [As Qc 3d 4c] (a pair of Kings)", "A: mucks hand"
    )
    found = audited(text)
    ranks = [f.severity for f in found.findings]
    assert ranks == sorted(ranks, key=lambda s: ["error", "warning", "info"].index(s.value))
    assert codes(found) == ["wrong_winner", "unverifiable_showdown"]


# -- ingest runs replay and audit --------------------------------------------------
def test_ingest_writes_derived_columns_and_tables(tmp_path: Path) -> None:
    src = tmp_path / "h.txt"
    src.write_text(
        split_hand("B collected $3 from pot\nA collected $1 from pot")
        + "\n\n\n"
        + split_hand("B collected $2 from pot\nA collected $2 from pot").replace(
            "#100000000001", "#100000000002"
        ),
        encoding="utf-8",
    )
    ds = tmp_path / "ds"
    counts = ingest([src], ds, IngestOptions(workers=2, rake_expectation=FixedRake(0).expect))
    assert counts.parsed == 2
    hands = scan(ds, "hands").collect().sort("hand_key")
    assert hands["total_pot_derived"].to_list() == [400, 400]
    assert hands["rake_derived"].to_list() == [0, 0]
    players = scan(ds, "players").collect()
    assert players["invested"].to_list() == [200, 200, 200, 200]
    findings = scan(ds, "findings").collect()
    assert findings.select("hand_key", "code").rows() == [
        ("pokerstars:100000000001", "wrong_split")
    ]
    awards = scan(ds, "awards").collect().filter(pl.col("hand_key") == "pokerstars:100000000001")
    assert sorted(awards.select("player", "amount_derived", "amount_reported").rows()) == [
        ("A", 200, 100),
        ("B", 200, 300),
    ]
    pots = scan(ds, "pots").collect()
    assert pots["eligible_seats"].to_list() == [[1, 2], [1, 2]]
    actions = scan(ds, "actions").collect().filter(pl.col("kind") == "check").head(1)
    assert actions.select("to_call", "min_raise_to", "max_raise_to", "pot_before").row(0) == (
        0,
        400,
        600,
        400,
    )
