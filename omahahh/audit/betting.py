"""Audit of the betting: each printed action against what the rules allowed at that moment.

The replay (:mod:`omahahh.replay.betting`) recorded a :class:`Decision` before
every action; here each action is compared with it. One fault gives one
finding: an action out of turn is not also reported as the actions it
displaced, and a wrong size is not also a wrong stack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from omahahh.action_table import action_table
from omahahh.audit.findings import Finding, FindingCode, make
from omahahh.house_rules import HouseRules
from omahahh.model import POST_KINDS, Action, ActionKind, HandRecord, Structure
from omahahh.money import MoneyText
from omahahh.replay.engine import Decision, ReplayResult
from omahahh.rooms.conventions import ROOMS


def betting_findings(hand: HandRecord, result: ReplayResult, rules: HouseRules) -> list[Finding]:
    """Findings for posts and actions, then for rounds left unfinished.

    Only the actions ``result.marked`` names are looked at when the batch masks
    (:mod:`omahahh.audit.betting_masks`) marked them; every action otherwise.
    """
    money = MoneyText(hand.unit, hand.currency)
    out: list[Finding] = []
    if len(hand.actions) != len(result.decisions):
        raise ValueError("a decision for every action: the replay and the hand disagree")
    if result.marked is None:  # every action: the records, built once
        marked: Sequence[int] = range(len(hand.actions))
        record: Callable[[int], Action] = hand.actions.__getitem__
    else:  # the few the masks marked: those records only
        marked, record = result.marked, action_table(hand.actions).record
    for seq in marked:
        action, d = record(seq), result.decisions[seq]
        if action.amount > d.stack_before:
            out.append(
                make(
                    hand.hand_key,
                    FindingCode.STACK_EXCEEDED,
                    f"{action.player} puts in {money(action.amount)} with only "
                    f"{money(d.stack_before)} left",
                    street=action.street.value,
                    seat=d.seat,
                    player=action.player,
                    expected=f"at most {money(d.stack_before)}",
                    reported=money(action.amount),
                    expected_amount=d.stack_before,
                    reported_amount=action.amount,
                    action_seq=seq,
                )
            )
            continue
        if action.kind in POST_KINDS or action.kind is ActionKind.PROTECTED_ALL_IN:
            continue  # posts and disconnect protection are nobody's decision
        found = _turn(hand, result, action, d, seq) or _size(hand, action, d, seq, money)
        if found is not None:
            out.append(found)
            continue
        all_in = _all_in(hand, action, d, seq, money)
        if all_in is not None:
            out.append(all_in)
    out += _blinds(hand, rules, money)
    # A cancelled hand was stopped by the room (R-TO-3): nobody was left to act.
    for street, seat in () if result.cancelled else result.missing:
        name = result.name_of(seat)
        out.append(
            make(
                hand.hand_key,
                FindingCode.MISSING_ACTION,
                f"the {street.value} betting ends while {name} was still to act",
                street=street.value,
                seat=seat,
                player=name,
            )
        )
    return out


def _turn(
    hand: HandRecord, result: ReplayResult, action: Action, d: Decision, seq: int
) -> Finding | None:
    """R-ACT-1..3 and R-BET-1: is it this player's turn at all?"""
    why = None
    rule = "R-ACT-3"
    expected = None
    if action.kind is ActionKind.CHECK and not d.in_hand and d.stack_before == 0:
        room = ROOMS.get(hand.site)
        if room is not None and room.checks_for_all_in_players:
            return None  # the room's own line for an all-in player: no money, no turn
    if not d.in_hand:
        why = f"{action.player} acts after folding or going all-in"
        rule = "R-BET-1"
    elif d.expected_seat is None:
        if action.kind is ActionKind.CHECK and d.to_call <= 0:
            # Every opponent is all-in (or the round closed): a check moves no money.
            return make(
                hand.hand_key,
                FindingCode.NEEDLESS_CHECK,
                f"{action.player} checks after the {action.street.value} betting was complete",
                street=action.street.value,
                seat=d.seat,
                player=action.player,
                reported="check",
                action_seq=seq,
            )
        why = f"{action.player} acts after the {action.street.value} betting was complete"
    elif d.expected_seat != d.seat and not d.late:
        expected = result.name_of(d.expected_seat)
        why = f"{action.player} acts before {expected}, whose turn it was"
        rule = "R-ACT-1" if action.street.value == "preflop" else "R-ACT-2"
    if why is None:
        return None
    return make(
        hand.hand_key,
        FindingCode.ACTION_OUT_OF_TURN,
        why,
        rule=rule,
        street=action.street.value,
        seat=d.seat,
        player=action.player,
        expected=expected,
        reported=action.player,
        action_seq=seq,
    )


def _size(
    hand: HandRecord, action: Action, d: Decision, seq: int, money: MoneyText
) -> Finding | None:
    """Checks, calls, bets and raises against the decision's amounts (R-BET-*, R-AI-3)."""
    who = action.player
    kind = action.kind
    if kind is ActionKind.CHECK:
        if d.to_call <= 0:
            return None
        return _at_action(
            hand,
            action,
            d,
            seq,
            FindingCode.CHECK_FACING_BET,
            f"{who} checks facing {money(d.to_call)} to call",
            expected="fold, call or raise",
            reported="check",
            expected_amount=d.to_call,
            reported_amount=0,
        )
    if kind is ActionKind.CALL:
        if action.amount == d.to_call:
            return None
        return _at_action(
            hand,
            action,
            d,
            seq,
            FindingCode.WRONG_CALL_AMOUNT,
            f"{who} calls {money(action.amount)}; the amount to call was {money(d.to_call)}",
            expected=money(d.to_call),
            reported=money(action.amount),
            expected_amount=d.to_call,
            reported_amount=action.amount,
        )
    if kind not in (ActionKind.BET, ActionKind.RAISE):
        return None
    to = d.street_in + action.amount
    code = FindingCode.ILLEGAL_RAISE_SIZE if d.current_bet > 0 else FindingCode.ILLEGAL_BET_SIZE
    verb = "raises to" if d.current_bet > 0 else "bets"
    if d.min_raise_to is None or d.max_raise_to is None:
        if d.capped:
            code, rule, why = FindingCode.RAISE_OVER_CAP, "R-BET-8", "the betting was capped"
        elif not d.reopened:
            code, why = FindingCode.ILLEGAL_REOPEN, "the betting was not reopened to them"
            rule = "R-AI-3" if d.current_bet > 0 else "R-BET-9"
        else:
            # Consequence, not form: the unmatched part comes back, no money moves.
            code, rule = FindingCode.RAISE_NOBODY_CAN_CALL, "R-AI-5"
            why = "no other player could still call"
        return _at_action(
            hand,
            action,
            d,
            seq,
            code,
            f"{who} {verb} {money(to)} but {why}",
            rule=rule,
            expected="call or fold",
            reported=f"{verb} {money(to)}",
            reported_amount=to,
        )
    if to > d.current_bet and _allowed(d, to):
        return None
    lo, hi = d.min_raise_to, d.max_raise_to
    expected = money(lo) if lo == hi else f"{money(lo)} to {money(hi)}"
    return _at_action(
        hand,
        action,
        d,
        seq,
        code,
        f"{who} {verb} {money(to)}; allowed: {expected}",
        rule=_size_rule(hand.game.structure, to > hi),
        expected=expected,
        reported=money(to),
        expected_amount=hi if to > hi else lo,
        reported_amount=to,
    )


def _at_action(
    hand: HandRecord,
    action: Action,
    d: Decision,
    seq: int,
    code: FindingCode,
    why: str,
    **fields: Any,
) -> Finding:
    """A finding about one action, placed at its street, seat, player and position."""
    return make(
        hand.hand_key,
        code,
        why,
        street=action.street.value,
        seat=d.seat,
        player=action.player,
        action_seq=seq,
        **fields,
    )


def _allowed(d: Decision, to: int) -> bool:
    assert d.min_raise_to is not None and d.max_raise_to is not None
    if to == d.all_in_to and to <= d.max_raise_to:
        return True  # all-in for less than a full raise is allowed (R-BET-4, R-AI-1)
    return d.min_raise_to <= to <= d.max_raise_to


def _size_rule(structure: Structure, too_big: bool) -> str:
    if structure is Structure.FIXED_LIMIT:
        return "R-BET-7"
    if not too_big:
        return "R-BET-4"
    return "R-BET-5" if structure is Structure.POT_LIMIT else "R-BET-6"


def _all_in(
    hand: HandRecord, action: Action, d: Decision, seq: int, money: MoneyText
) -> Finding | None:
    """The text's ``and is all-in`` against the chips left behind (R-BET-10)."""
    if action.kind not in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
        return None
    room = ROOMS.get(hand.site)
    if not action.all_in and room is not None and not room.marks_all_in:
        return None  # the room never prints the marker: its absence claims nothing
    left = d.stack_before - action.amount
    if action.all_in == (left == 0):
        return None
    said = "says all-in" if action.all_in else "does not say all-in"
    return make(
        hand.hand_key,
        FindingCode.ALL_IN_MISMATCH,
        f"{action.player}'s {action.kind.value} {said} with {money(left)} left behind",
        street=action.street.value,
        seat=d.seat,
        player=action.player,
        expected=money(left) + " behind",
        reported="all-in" if action.all_in else "not all-in",
        expected_amount=left,
        action_seq=seq,
    )


def expected_small_blind(big_blind: int, unit: int, rounding: str) -> int:
    """Fixed-limit small blind: half the big blind rounded down (R-BL-3 [choice]).

    ``whole_unit`` rounds to a whole currency unit ($5/$10: BB $5 -> SB $2) and
    falls back to the smallest unit below it ($0.02/$0.04: BB 2c -> SB 1c).

    >>> expected_small_blind(500, 100, "whole_unit"), expected_small_blind(2, 100, "whole_unit")
    (200, 1)
    >>> expected_small_blind(500, 100, "smallest_unit")
    250
    """
    half = big_blind // 2
    if rounding == "whole_unit" and half >= unit:
        return half // unit * unit
    return half


def _blinds(hand: HandRecord, rules: HouseRules, money: MoneyText) -> list[Finding]:
    out: list[Finding] = []
    if hand.game.hole_card_count not in rules.hole_card_counts:
        out.append(
            make(
                hand.hand_key,
                FindingCode.UNSUPPORTED_VARIANT,
                f"{hand.game.hole_card_count}-card Omaha is not allowed by the "
                f"house rules ({rules.name})",
                expected=", ".join(str(n) for n in rules.hole_card_counts),
                reported=str(hand.game.hole_card_count),
            )
        )
    if hand.game.structure is not Structure.FIXED_LIMIT or not hand.small_bet:
        return out
    actions = action_table(hand.actions)  # the columns: one record built, not one per action
    if ActionKind.POST_SMALL_BLIND not in actions.kinds:
        return out
    sb = actions.record(actions.kinds.index(ActionKind.POST_SMALL_BLIND))
    want = expected_small_blind(hand.small_bet, hand.unit, rules.limit_small_blind_rounding)
    if sb.amount != want and not sb.all_in:
        out.append(
            make(
                hand.hand_key,
                FindingCode.BLIND_SIZE_UNEXPECTED,
                f"small blind {money(sb.amount)}; half the big blind rounded down is {money(want)}",
                street="preflop",
                player=sb.player,
                seat=hand.seat_of(sb.player),
                expected=money(want),
                reported=money(sb.amount),
                expected_amount=want,
                reported_amount=sb.amount,
            )
        )
    return out
