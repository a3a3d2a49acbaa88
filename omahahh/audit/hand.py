"""Audit: compare what a hand's text claims with what replay derived; every disagreement a finding.

:func:`audit_hand` is the entry point the pipeline calls for every parsed
hand: it replays (with the reported rake taken out of the pots,
:mod:`omahahh.audit.settle`), audits and never raises (a replay that crashes becomes a
``replay_failed`` finding, and the hand is kept). The codes are in
:mod:`omahahh.audit.findings` and ``docs/FINDINGS.md``.

Rake is only judged with a schedule: pass ``rake_expectation``, an object
whose call returns a :class:`RakeExpectation` (the rake the schedule expects
and the rule it applied) or None. Use a picklable object such as
:class:`omahahh.audit.rake_hook.ScheduleHook` (the pipeline sends it to
worker processes), not a lambda.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from omahahh.action_table import action_table
from omahahh.audit.awards import AwardRow, award_findings, match_awards, summary_won_findings
from omahahh.audit.betting import betting_findings
from omahahh.audit.findings import SEVERITY_RANK, Finding, FindingCode, make
from omahahh.audit.pots import side_pot_findings
from omahahh.audit.reconcile import reconcile
from omahahh.audit.room_rules import room_rules
from omahahh.audit.settle import drop_pot, returns_in_pot, room_take, total_holds_returns
from omahahh.hand_tables import ShowTable, UncalledTable, amounts_by_player, as_table
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import ActionKind, GameType, HandRecord, Street
from omahahh.money import format_minor
from omahahh.replay.betting import BettingOutcome
from omahahh.replay.engine import ReplayResult, replay
from omahahh.replay.showdown import Scores
from omahahh.rooms.conventions import ROOMS, RoomConventions, rake_ceiling

__all__ = [
    "AuditedHand",
    "RakeExpectation",
    "RakeExpectationHook",
    "audit",
    "audit_hand",
]


@dataclass(frozen=True, slots=True)
class RakeExpectation:
    """What a rake schedule expects for one hand: the amount and the rule (R-RAKE-2/3/5)."""

    expected: int
    rule: str


class RakeExpectationHook(Protocol):
    """``hook(hand, replay_result) -> RakeExpectation | None`` (None: the schedule says nothing)."""

    def __call__(self, hand: HandRecord, result: ReplayResult, /) -> RakeExpectation | None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditedHand:
    """A hand with its replay (None if it failed), findings and matched awards."""

    hand: HandRecord
    result: ReplayResult | None
    findings: tuple[Finding, ...]
    awards: tuple[AwardRow, ...]


def audit_hand(
    hand: HandRecord,
    rules: HouseRules = DEFAULT_HOUSE_RULES,
    rake_expectation: RakeExpectationHook | None = None,
    walked: BettingOutcome | None = None,
    scores: Scores | None = None,
) -> AuditedHand:
    """Replay and audit one hand; never raises for a bad hand (the hand is never lost).

    ``walked``, ``scores``: the hand's betting walk and its shown hands evaluated, when
    the caller did a batch at once (:func:`omahahh.replay.engine.replay`).
    """
    rules = room_rules(rules, hand.site)
    try:
        result = replay(
            hand, rules, take=room_take, walked=walked, scores=scores, drop_pot=drop_pot(hand)
        )
        reconciled = reconcile(hand, result, rules)
        result = reconciled.result
        rows = match_awards(hand, result)
        findings = audit(
            hand,
            result,
            rules=rules,
            rake_expectation=rake_expectation,
            awards=rows,
            reconciled=reconciled.findings,
        )
    except Exception as exc:  # a replay bug must not lose the hand: it becomes a finding
        failed = make(
            hand.hand_key,
            FindingCode.REPLAY_FAILED,
            f"replay stopped: {type(exc).__name__}: {exc}",
        )
        return AuditedHand(hand=hand, result=None, findings=(failed,), awards=())
    return AuditedHand(hand=hand, result=result, findings=tuple(findings), awards=tuple(rows))


def audit(
    hand: HandRecord,
    result: ReplayResult,
    *,
    rules: HouseRules = DEFAULT_HOUSE_RULES,
    rake_expectation: RakeExpectationHook | None = None,
    awards: list[AwardRow] | None = None,
    reconciled: Sequence[Finding] = (),
) -> list[Finding]:
    """Every finding for ``hand``, most severe first, then in the order of the hand.

    ``reconciled``: what :func:`omahahh.audit.reconcile.reconcile` found while
    choosing the replay ``result`` (rake, fees, the spread over the pots).
    """
    room = ROOMS.get(hand.site)
    rows = awards if awards is not None else match_awards(hand, result)
    out = betting_findings(hand, result, rules)
    out += reconciled
    out += [
        make(
            hand.hand_key,
            FindingCode.DECODING_REPAIRED,
            f"line {line}: not valid UTF-8; read as cp1252",
            reported=f"line {line}",
        )
        for line in hand.repaired_lines
    ]
    if result.bad_cards:
        out.append(make(hand.hand_key, FindingCode.IMPOSSIBLE_CARDS, result.bad_cards))
    out += _uncalled(hand, result, room)
    out += _total(hand, result, room)
    out += _unprinted_rake(hand, result, room)
    out += side_pot_findings(hand, result)
    out += award_findings(hand, result, rows)
    out += summary_won_findings(hand)
    if room is None or room.shows_in_order:
        out += _show_order(hand, result)
    if rake_expectation is not None:
        out += _rake(hand, result, rake_expectation)
    return sorted(out, key=lambda f: SEVERITY_RANK[f.severity])


def _fmt(hand: HandRecord, amount: int) -> str:
    return format_minor(amount, hand.unit, hand.currency)


def _uncalled(
    hand: HandRecord, result: ReplayResult, room: RoomConventions | None
) -> list[Finding]:
    """R-POT-2: returned bets as printed against the bets no one matched."""
    if result.cancelled:
        return []
    reported = amounts_by_player(as_table(UncalledTable, hand.uncalled))
    if not reported:
        if room is None or not room.prints_uncalled:
            return []  # the room never prints them: derived only
        since = room.prints_uncalled_since
        if since is not None and (hand.started_at is None or hand.started_at.year < since):
            return []  # older files of this room print none
    derived: dict[str, int] = {}
    for back in result.uncalled:
        derived[back.player] = derived.get(back.player, 0) + back.amount
    for player, kept in returns_in_pot(hand, result).items() if not reported else ():
        # the room pays it inside the pot (rooms/conventions.py), printing no line for it
        derived[player] = derived.get(player, 0) - kept
    if reported == derived:  # most hands: no finding, without the sorted walk below
        return []
    out = []
    for player in sorted(set(reported) | set(derived)):
        r, d = reported.get(player, 0), derived.get(player, 0)
        if r != d:
            out.append(
                make(
                    hand.hand_key,
                    FindingCode.UNCALLED_MISMATCH,
                    f"uncalled bet returned to {player}: printed {_fmt(hand, r)}, "
                    f"derived {_fmt(hand, d)}",
                    player=player,
                    seat=result.seat_of(player),
                    expected=_fmt(hand, d),
                    reported=_fmt(hand, r),
                    expected_amount=d,
                    reported_amount=r,
                )
            )
    return out


def _total(hand: HandRecord, result: ReplayResult, room: RoomConventions | None) -> list[Finding]:
    """R-POT-1: the printed total against every chip derived into the pot."""
    if hand.total_pot_reported is None:
        return []
    expected = result.total_pot
    if room is not None and not room.total_includes_rake:
        expected -= result.rake + result.fees
    if room is not None and total_holds_returns(hand):
        expected += sum(u.amount for u in result.uncalled)
    elif room is not None and room.uncalled_blind_in_pot:
        expected += sum(returns_in_pot(hand, result).values())
    if expected == hand.total_pot_reported:
        return []
    return [
        make(
            hand.hand_key,
            FindingCode.TOTAL_POT_MISMATCH,
            f"total pot printed {_fmt(hand, hand.total_pot_reported)}; the chips put in "
            f"(less uncalled bets) come to {_fmt(hand, expected)}",
            expected=_fmt(hand, expected),
            reported=_fmt(hand, hand.total_pot_reported),
            expected_amount=expected,
            reported_amount=hand.total_pot_reported,
        )
    ]


def _unprinted_rake(
    hand: HandRecord, result: ReplayResult, room: RoomConventions | None
) -> list[Finding]:
    """R-RAKE-3: a rake the text does not print, derived from the pots less the awards,
    above the room's cap (:func:`~omahahh.rooms.conventions.rake_ceiling`)."""
    if hand.rake_reported is not None or result.rake <= 0 or hand.game_type is not GameType.CASH:
        return []
    ceiling = rake_ceiling(room, result.total_pot)
    if result.rake <= ceiling:
        return []
    return [
        make(
            hand.hand_key,
            FindingCode.RAKE_ABOVE_CAP,
            f"the text prints no rake; the pot of {_fmt(hand, result.total_pot)} less what it "
            f"pays out leaves {_fmt(hand, result.rake)}, more than the {_fmt(hand, ceiling)} "
            "the room keeps at most",
            expected=f"at most {_fmt(hand, ceiling)}",
            reported=_fmt(hand, result.rake),
            expected_amount=ceiling,
            reported_amount=result.rake,
        )
    ]


_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


def _show_order(hand: HandRecord, result: ReplayResult) -> list[Finding]:
    """R-SD-1: after river betting, the last bettor or raiser shows first."""
    expected = None  # the last river bettor or raiser; most hands have none: done
    actions = action_table(hand.actions)
    streets, kinds = actions.streets, actions.kinds
    if Street.RIVER in streets:  # a C-level scan; most hands end before the river
        for i in range(len(streets) - 1, -1, -1):
            if streets[i] is Street.RIVER and kinds[i] in _AGGRESSIVE:
                expected = actions.players[i]
                break
    if expected is None or not hand.shows:
        return []
    in_hand = sum(1 for p in result.players if p.dealt_in and not p.folded)
    if in_hand < 2:
        return []
    last_line = max(actions.lines)
    shows = as_table(ShowTable, hand.shows)
    first = next(
        (
            player
            for player, line, mucked in zip(shows.players, shows.lines, shows.mucked, strict=True)
            if line > last_line and not mucked
        ),
        None,
    )
    if first is None or first == expected:
        return []
    return [
        make(
            hand.hand_key,
            FindingCode.SHOW_ORDER,
            f"{first} showed first; {expected} made the last river bet or raise",
            street="river",
            player=first,
            seat=result.seat_of(first),
            expected=expected,
            reported=first,
        )
    ]


def _rake(hand: HandRecord, result: ReplayResult, hook: RakeExpectationHook) -> list[Finding]:
    expectation = hook(hand, result)
    if expectation is None or hand.rake_reported is None:
        return []
    if expectation.expected == hand.rake_reported:
        return []
    return [
        make(
            hand.hand_key,
            FindingCode.RAKE_OFF_SCHEDULE,
            f"rake printed {_fmt(hand, hand.rake_reported)}; the schedule expects "
            f"{_fmt(hand, expectation.expected)}",
            rule=expectation.rule,
            expected=_fmt(hand, expectation.expected),
            reported=_fmt(hand, hand.rake_reported),
            expected_amount=expectation.expected,
            reported_amount=hand.rake_reported,
        )
    ]
