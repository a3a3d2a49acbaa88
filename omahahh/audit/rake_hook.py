"""The rake schedule as the audit's hook: the rake a schedule expects for a replayed hand.

``--schedule NAME|FILE`` of ``ingest``/``audit`` becomes a :class:`ScheduleHook`,
which :func:`omahahh.audit.hand.audit_hand` calls with the hand and its replay.
It is plain frozen data, so it pickles to worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass

from omahahh.audit.hand import RakeExpectation
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord
from omahahh.rake.builtin import resolve_schedule
from omahahh.rake.schedule import INFER, RakeScheduleError, Schedule, apply_house_rules
from omahahh.replay.engine import ReplayResult


@dataclass(frozen=True, slots=True)
class ScheduleHook:
    """The audit's ``rake_expectation`` hook: the schedule's rake for replay's total pot."""

    schedule: Schedule

    def __call__(self, hand: HandRecord, result: ReplayResult, /) -> RakeExpectation | None:
        expected = self.schedule.expect_record(hand, result.total_pot)
        if expected is None:
            return None
        return RakeExpectation(expected=expected.amount, rule=expected.rule_id)


def audit_hook(spec: str | None, rules: HouseRules | None = None) -> ScheduleHook | None:
    """``--schedule NAME|FILE`` of ``ingest``/``audit`` as the audit's rake hook.

    None (no option) and ``none`` make no rake claim.
    """
    if spec is None or spec == "none":
        return None
    if spec == INFER:
        raise RakeScheduleError(
            "--schedule infer: only `omahahh rake` infers a schedule; save its output "
            "(`omahahh rake ... --schedule infer --out room.toml`) and pass --schedule room.toml"
        )
    schedule = resolve_schedule(spec)
    if rules is not None:
        schedule = apply_house_rules(schedule, rules)
    return ScheduleHook(schedule)
