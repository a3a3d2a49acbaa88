"""Audit of the printed main and side pots against the derived ones (R-POT-1)."""

from __future__ import annotations

from collections import defaultdict

from omahahh.audit.findings import Finding, FindingCode, make
from omahahh.audit.settle import drop_pot
from omahahh.model import HandRecord
from omahahh.money import format_minor
from omahahh.replay.engine import ReplayResult
from omahahh.rooms.conventions import ROOMS


def _fmt(hand: HandRecord, amount: int) -> str:
    return format_minor(amount, hand.unit, hand.currency)


def derived_pot_amounts(result: ReplayResult, after_rake: bool = True) -> list[int]:
    """Each pot summed over the boards, main pot first (net of rake unless asked)."""
    amounts: dict[int, int] = defaultdict(int)
    for p in result.pots:
        amounts[p.index] += p.amount if after_rake else p.gross
    return [amounts[i] for i in sorted(amounts)]


def side_pot_findings(hand: HandRecord, result: ReplayResult) -> list[Finding]:
    """R-POT-1: printed ``Main pot``/``Side pot`` amounts against the derived pots."""
    room = ROOMS.get(hand.site)
    if hand.main_pot_reported is None or result.cancelled:
        return []
    reported = [hand.main_pot_reported, *hand.side_pots_reported]
    derived = derived_pot_amounts(result, room.pots_after_rake if room else True)
    if room is not None and room.cash_drop_pot == "awarded" and hand.cash_drop_reported:
        # The room prints its promotional money apart from the pots it joins.
        at = drop_pot(hand)
        if at < len(derived):
            derived[at] -= hand.cash_drop_reported
    out = []
    for i in range(max(len(reported), len(derived))):
        r = reported[i] if i < len(reported) else None
        d = derived[i] if i < len(derived) else None
        if r == d:
            continue
        name = "main pot" if i == 0 else f"side pot {i}"
        out.append(
            make(
                hand.hand_key,
                FindingCode.SIDE_POT_MISMATCH,
                f"{name} printed {_fmt(hand, r) if r is not None else 'nothing'}; derived "
                f"{_fmt(hand, d) if d is not None else 'no such pot'}",
                expected=_fmt(hand, d) if d is not None else None,
                reported=_fmt(hand, r) if r is not None else None,
                expected_amount=d,
                reported_amount=r,
                pot_index=i,
            )
        )
    return out
