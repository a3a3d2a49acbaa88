"""The schedule as the audit's rake hook: findings `rake_off_schedule` with the rule applied."""

from __future__ import annotations

import pickle
from pathlib import Path

import polars as pl
import pytest

from omahahh.audit.hand import RakeExpectation, audit
from omahahh.audit.rake_hook import ScheduleHook, audit_hook
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.house_rules import HouseRules
from omahahh.rake.builtin import builtin_schedule
from omahahh.rake.schedule import RakeScheduleError, apply_house_rules
from omahahh.rake.toml import loads_schedule
from omahahh.replay.engine import replay
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import SAMPLES

# PokerStars, $0.05/$0.10 PLO heads-up, $0.72 pot, rake $0.03 (HHSmithy fixture, MIT).
FLOP_HAND = """\
PokerStars Game #109663597247:  Omaha Pot Limit ($0.05/$0.10 USD) - 2014/01/05 19:05:34 ET
Table 'Alisary IV 100-250 bb, Ante' 9-max Seat #5 is the button
Seat 1: Zubasa89 ($28.91 in chips)
Seat 5: pendle45 ($56.17 in chips)
pendle45: posts small blind $0.05
Zubasa89: posts big blind $0.10
Zubasa89: posts the ante $0.02
pendle45: posts the ante $0.02
*** HOLE CARDS ***
pendle45: raises $0.24 to $0.34
Zubasa89: calls $0.24
*** FLOP *** [6c Jc Ah]
Zubasa89: checks
pendle45: bets $0.55
Zubasa89: folds
Uncalled bet ($0.55) returned to pendle45
pendle45 collected $0.69 from pot
pendle45: doesn't show hand
*** SUMMARY ***
Total pot $0.72 | Rake $0.03
Board [6c Jc Ah]
Seat 1: Zubasa89 (big blind) folded on the Flop
Seat 5: pendle45 (button) (small blind) collected ($0.69)
"""

NO_FLOP_HAND = (
    FLOP_HAND.replace("*** FLOP *** [6c Jc Ah]\n", "")
    .replace(
        "Zubasa89: checks\npendle45: bets $0.55\nZubasa89: folds\n"
        "Uncalled bet ($0.55) returned to pendle45\n",
        "pendle45: bets $0.55\nZubasa89: folds\nUncalled bet ($0.55) returned to pendle45\n",
    )
    .replace("Board [6c Jc Ah]\n", "")
    .replace("folded on the Flop", "folded before Flop")
)


def _rake_findings(text: str, hook: object) -> list[dict[str, object]]:
    hand = parse_hand(text)
    findings = audit(hand, replay(hand), rake_expectation=hook)  # type: ignore[arg-type]
    return [
        {"rule": f.rule, "expected": f.expected_amount, "reported": f.reported_amount}
        for f in findings
        if f.code == "rake_off_schedule"
    ]


def test_hook_returns_the_schedules_rake_for_the_replayed_pot() -> None:
    hand = parse_hand(FLOP_HAND)
    documented = builtin_schedule("documented")
    # $0.72 pot: no full dollar, so R-RAKE-3 takes nothing.
    assert ScheduleHook(documented)(hand, replay(hand)) == RakeExpectation(0, "R-RAKE-3")


def test_r_rake_3_off_schedule_is_a_warning_finding() -> None:
    hook = audit_hook("documented")
    assert _rake_findings(FLOP_HAND, hook) == [{"rule": "R-RAKE-3", "expected": 0, "reported": 3}]


def test_schedule_that_matches_makes_no_finding() -> None:
    stars = loads_schedule("[[tier]]\npercent_bp = 450\n", "stars.toml")
    assert _rake_findings(FLOP_HAND, ScheduleHook(stars)) == []


def test_r_rake_5_no_flop_no_drop_finding_cites_r_rake_5() -> None:
    nfnd = loads_schedule("no_flop_no_drop = true\n[[tier]]\npercent_bp = 450\n", "x.toml")
    assert _rake_findings(NO_FLOP_HAND, ScheduleHook(nfnd)) == [
        {"rule": "R-RAKE-5", "expected": 0, "reported": 3}
    ]


def test_no_schedule_and_none_make_no_rake_claim() -> None:
    assert audit_hook(None) is None and audit_hook("none") is None
    none = builtin_schedule("none")
    assert _rake_findings(FLOP_HAND, ScheduleHook(none)) == []


def test_infer_is_not_a_schedule_for_the_audit() -> None:
    with pytest.raises(RakeScheduleError, match="only `omahahh rake` infers"):
        audit_hook("infer")


def test_house_rules_rake_choices_apply_to_the_documented_schedule() -> None:
    rules = HouseRules(rake_part_dollar="proportional", rake_min_pot=50, no_flop_no_drop=True)
    plo = apply_house_rules(builtin_schedule("documented"), rules).tiers[0].rule
    assert (plo.increment, plo.min_pot, plo.no_flop_no_drop) == (1, 50, True)
    # 5 % of the exact $0.72 pot is 3 cents: what the room took.
    hook = audit_hook("documented", rules)
    assert _rake_findings(FLOP_HAND, hook) == []
    room = loads_schedule("[[tier]]\npercent_bp = 450\n", "room.toml")
    assert apply_house_rules(room, rules) is room


def test_hook_pickles_and_runs_in_worker_processes(tmp_path: Path) -> None:
    hook = audit_hook("documented")
    assert pickle.loads(pickle.dumps(hook)) is not None
    options = IngestOptions(workers=2, rake_expectation=hook)
    ingest([SAMPLES / "pokerstars"], tmp_path / "ds", options)
    findings = pl.read_parquet(tmp_path / "ds" / "findings" / "*.parquet")
    rake = findings.filter(pl.col("code") == "rake_off_schedule")
    assert rake.height > 0
    assert set(rake["severity"]) == {"warning"}
    assert set(rake["rule"]) <= {"R-RAKE-2", "R-RAKE-3", "R-RAKE-5"}
