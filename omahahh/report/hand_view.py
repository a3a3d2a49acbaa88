"""One audited hand as display-ready parts: what ``omahahh show`` prints and the report opens.

:func:`hand_view` turns an :class:`~omahahh.audit.hand.AuditedHand` into
plain records of formatted strings (money in the hand's currency): the seats,
each street with its board and actions (pot before the action, amount to call,
legal raise range, stack), the findings attached to the action they concern,
pots and awards derived beside reported. The text of ``show``
(:mod:`omahahh.report.show`) and the HTML of the report
(:mod:`omahahh.report.page_hand`) are two renderings of the same view.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from omahahh.audit.awards import AwardRow
from omahahh.audit.findings import Finding
from omahahh.audit.hand import AuditedHand
from omahahh.cards import cards_str
from omahahh.model import POST_KINDS, Action, ActionKind, HandRecord
from omahahh.money import format_minor
from omahahh.replay.engine import Decision, ReplayResult

CARDS_ON_BOARD = {"flop": 3, "turn": 4, "river": 5}


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    player: str
    stack: str
    cards: str | None  # "As Kd 7h 2c" when the text shows them
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class ActionView:
    """One printed action; the replay's figures are None when the replay failed."""

    seq: int
    player: str
    what: str  # "raise to $4.00 (all-in)"
    post: bool
    pot: str | None
    to_call: str | None  # None for posts
    raise_to: str | None  # "$4.00-$6.00"; None when no raise was allowed (or a post)
    stack: str | None
    findings: tuple[Finding, ...]


@dataclass(frozen=True, slots=True)
class StreetView:
    street: str  # "preflop", "flop", ...
    boards: tuple[str, ...]  # the cards out on this street, one entry per run
    actions: tuple[ActionView, ...]

    @property
    def title(self) -> str:
        return self.street.upper()


@dataclass(frozen=True, slots=True)
class PotView:
    name: str  # "main pot", "side pot 1 board 2"
    seats: str  # eligible seats, "1,3,4"
    gross: str
    rake: str
    amount: str
    reported: str  # "-" when the text prints no figure for it


@dataclass(frozen=True, slots=True)
class AwardView:
    board: int  # 1-based
    pot: str
    half: str
    player: str
    derived: str
    reported: str


@dataclass(frozen=True, slots=True)
class HandView:
    key: str
    variant: str
    stakes: str
    when: str
    table: str
    button: int | None
    cancelled: bool
    seats: tuple[SeatView, ...]
    streets: tuple[StreetView, ...]
    replayed: bool  # False: the replay failed; ``other_findings`` say why
    pots: tuple[PotView, ...]
    total: tuple[str, str]  # derived, reported
    rake: tuple[str, str]  # derived, reported
    uncalled: tuple[str, ...]  # "$2.00 returned to B (flop)"
    awards: tuple[AwardView, ...]
    other_findings: tuple[Finding, ...]  # findings not about one action

    @property
    def findings_at_actions(self) -> bool:
        return any(a.findings for s in self.streets for a in s.actions)


class Money:
    """Minor units as text in one hand's currency (``-`` for None)."""

    def __init__(self, hand: HandRecord):
        self.hand = hand

    def __call__(self, amount: int | None) -> str:
        if amount is None:
            return "-"
        return format_minor(amount, self.hand.unit, self.hand.currency)


def hand_view(audited: AuditedHand) -> HandView:
    """The display-ready parts of ``audited`` (see the module doc)."""
    hand, result = audited.hand, audited.result
    money = Money(hand)
    by_action: dict[int, list[Finding]] = defaultdict(list)
    other: list[Finding] = []
    for f in audited.findings:
        (by_action[f.action_seq] if f.action_seq is not None else other).append(f)
    streets: list[StreetView] = []
    current: list[ActionView] = []
    for seq, action in enumerate(hand.actions):
        if not streets or streets[-1].street != action.street.value:
            current = []
            streets.append(StreetView(action.street.value, _boards(hand, action.street.value), ()))
        d = result.decisions[seq] if result else None
        current.append(_action(seq, action, d, money, tuple(by_action.get(seq, ()))))
        streets[-1] = StreetView(streets[-1].street, streets[-1].boards, tuple(current))
    dealt = dict(hand.dealt)
    seats = tuple(
        SeatView(
            s.seat,
            s.player,
            money(s.stack_start),
            cards_str(dealt[s.player]) if dealt.get(s.player) else None,
            s.sitting_out,
        )
        for s in hand.seats
    )
    return HandView(
        key=hand.hand_key,
        variant=hand.variant,
        stakes=hand.stakes,
        when=hand.started_at.isoformat() if hand.started_at else hand.started_at_text,
        table=hand.table_name,
        button=hand.button_seat,
        cancelled=hand.cancelled,
        seats=seats,
        streets=tuple(streets),
        replayed=result is not None,
        pots=_pots(hand, result, money) if result else (),
        total=(money(result.total_pot) if result else "-", money(hand.total_pot_reported)),
        rake=(money(result.rake) if result else "-", money(hand.rake_reported)),
        uncalled=tuple(
            f"{money(u.amount)} returned to {u.player} ({u.street.value})"
            for u in (result.uncalled if result else ())
        ),
        awards=tuple(_award(r, money) for r in audited.awards),
        other_findings=tuple(other),
    )


def _boards(hand: HandRecord, street: str) -> tuple[str, ...]:
    n = CARDS_ON_BOARD.get(street)
    if n is None:
        return ()
    return tuple(cards_str(b[:n]) for b in hand.boards if len(b) >= n)


def _action(
    seq: int, action: Action, d: Decision | None, money: Money, findings: tuple[Finding, ...]
) -> ActionView:
    what = action.kind.value.replace("_", " ")
    if action.kind is ActionKind.RAISE and action.to_amount is not None:
        what += f" to {money(action.to_amount)}"
    elif action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
        what += f" {money(action.amount)}"
    if action.all_in:
        what += " (all-in)"
    post = action.kind in POST_KINDS
    raise_to = None
    if d is not None and not post and d.min_raise_to is not None:
        raise_to = (
            money(d.min_raise_to)
            if d.min_raise_to == d.max_raise_to
            else f"{money(d.min_raise_to)}-{money(d.max_raise_to)}"
        )
    return ActionView(
        seq=seq,
        player=action.player,
        what=what,
        post=post,
        pot=money(d.pot_before) if d else None,
        to_call=money(d.to_call) if d and not post else None,
        raise_to=raise_to,
        stack=money(d.stack_before) if d else None,
        findings=findings,
    )


def _pots(hand: HandRecord, result: ReplayResult, money: Money) -> tuple[PotView, ...]:
    printed = [hand.main_pot_reported, *hand.side_pots_reported]
    runs = len({p.run for p in result.pots})
    out = []
    for p in result.pots:
        name = "main pot" if p.index == 0 else f"side pot {p.index}"
        if runs > 1:
            name += f" board {p.run + 1}"
        reported = (
            money(printed[p.index])
            if runs <= 1 and hand.main_pot_reported is not None and p.index < len(printed)
            else "-"
        )
        seats = ",".join(str(s) for s in p.eligible)
        out.append(PotView(name, seats, money(p.gross), money(p.rake), money(p.amount), reported))
    return tuple(out)


def _award(r: AwardRow, money: Money) -> AwardView:
    name = "main pot" if r.pot_index == 0 else f"side pot {r.pot_index}"
    return AwardView(
        r.run + 1, name, r.half, r.player, money(r.amount_derived), money(r.amount_reported)
    )


def finding_text(f: Finding) -> str:
    """``error wrong_split R-SPLIT-1: B is paid ...``"""
    return f"{f.severity.value} {f.code.value} {f.rule}: {f.message}"
