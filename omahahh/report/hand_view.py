"""One audited hand as display-ready parts: what ``omahahh show`` prints and the report opens.

:func:`hand_view` is the one builder of a hand's replay for display. It turns an
:class:`~omahahh.audit.hand.AuditedHand` into plain records of formatted
strings (money in the hand's currency): the seats; every street from pre-flop
to the river with its board (every runout), including streets without action
(everyone all-in) as long as cards were dealt on them; each action with the
pot before it, the amount to call, the legal raise range and the stack; the
showdown (each hand shown or mucked, with omahahh's own evaluation of it on
each board, never the room's wording); cash-outs; pots, totals, uncalled bets
and awards derived beside reported. Every finding is placed once, where it
belongs: under its action, pot, award, the totals, the showdown, or at the
end. The text of ``show`` (:mod:`omahahh.report.show`) and the HTML of the
report (:mod:`omahahh.report.page_hand`) are two renderings of this view.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from omahahh.audit.awards import WHOLE_RUN, AwardRow
from omahahh.audit.findings import Finding, FindingCode
from omahahh.audit.hand import AuditedHand
from omahahh.cards import cards_str
from omahahh.eval.evaluator import describe_hand
from omahahh.model import POST_KINDS, STREETS, Action, ActionKind, HandRecord
from omahahh.money import MoneyText
from omahahh.rake.grouping import stakes_label
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
    boards: tuple[str, ...]  # the cards out on this street: one entry, or one per runout
    actions: tuple[ActionView, ...]

    @property
    def title(self) -> str:
        return self.street.upper()

    @property
    def board_text(self) -> str:
        """``[3d Kd 9h]``, or ``board 1 [..]  |  board 2 [..]`` when the runouts differ."""
        if len(self.boards) == 1:
            return f"[{self.boards[0]}]"
        return "  |  ".join(f"board {i + 1} [{b}]" for i, b in enumerate(self.boards))


@dataclass(frozen=True, slots=True)
class ShowView:
    """A hand shown or mucked at the showdown (or told only by the summary)."""

    player: str
    what: str  # "shows", "mucks", "showed", "mucked"
    cards: str | None
    hand: str | None  # omahahh's evaluation on the final board(s), when it can be made
    from_summary: bool


@dataclass(frozen=True, slots=True)
class PotView:
    name: str  # "main pot", "side pot 1 board 2"
    seats: str  # eligible seats, "1,3,4"
    gross: str
    rake: str
    amount: str
    reported: str  # "-" when the text prints no figure for it
    findings: tuple[Finding, ...]


@dataclass(frozen=True, slots=True)
class AwardView:
    board: int  # 1-based
    pot: str
    half: str
    player: str
    derived: str
    reported: str
    findings: tuple[Finding, ...]  # of its pot (after the pot's last row) or its board


@dataclass(frozen=True, slots=True)
class HandView:
    key: str
    variant: str
    stakes: str  # by its amounts, in the hand's currency: "$0.50/$1"
    when: str
    table: str
    button: int | None
    cancelled: bool
    seats: tuple[SeatView, ...]
    text_findings: tuple[Finding, ...]  # about the text itself (decoding)
    streets: tuple[StreetView, ...]
    showdown: tuple[ShowView, ...]
    showdown_findings: tuple[Finding, ...]
    cashouts: tuple[str, ...]  # "Hero cashed out for $35.72 (fee $0.36)"
    replayed: bool  # False: the replay failed; ``other_findings`` say why
    pots: tuple[PotView, ...]
    total: tuple[str, str]  # derived, reported
    rake: tuple[str, str]  # derived, reported
    total_findings: tuple[Finding, ...]
    uncalled: tuple[str, ...]  # "$2.00 returned to B (flop)"
    uncalled_findings: tuple[Finding, ...]
    awards: tuple[AwardView, ...]
    other_findings: tuple[Finding, ...]  # findings placed nowhere else
    findings: int  # how many the hand has in all


def hand_view(audited: AuditedHand) -> HandView:
    """The display-ready parts of ``audited`` (see the module doc)."""
    hand, result = audited.hand, audited.result
    money = MoneyText(hand.unit, hand.currency)
    placed = _Placed(audited.findings)
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
    text_findings = placed.take("text")
    streets = _streets(hand, result, money, placed)
    showdown = _showdown(hand)
    showdown_findings = placed.take("showdown")
    pots = _pots(hand, result, money, placed) if result else ()
    total_findings = placed.take("total") if result else ()
    uncalled_findings = placed.take("uncalled") if result else ()
    awards = _awards(audited.awards, money, placed) if result else ()
    return HandView(
        key=hand.hand_key,
        variant=hand.variant,
        stakes=stakes_label(
            hand.currency,
            hand.unit,
            hand.game.structure.value,
            hand.small_blind,
            hand.big_blind,
            hand.small_bet,
            hand.big_bet,
            hand.stakes,
        ),
        when=hand.started_at.isoformat() if hand.started_at else hand.started_at_text,
        table=hand.table_name,
        button=hand.button_seat,
        cancelled=hand.cancelled,
        seats=seats,
        text_findings=text_findings,
        streets=streets,
        showdown=showdown,
        showdown_findings=showdown_findings,
        cashouts=_cashouts(hand, money),
        replayed=result is not None,
        pots=pots,
        total=(money(result.total_pot) if result else "-", money(hand.total_pot_reported)),
        rake=(money(result.rake) if result else "-", money(hand.rake_reported)),
        total_findings=total_findings,
        uncalled=tuple(
            f"{money(u.amount)} returned to {u.player} ({u.street.value})"
            for u in (result.uncalled if result else ())
        ),
        uncalled_findings=uncalled_findings,
        awards=awards,
        other_findings=placed.rest(),
        findings=len(audited.findings),
    )


# -- where each finding is shown --------------------------------------------------------

_TOTAL_CODES = {
    FindingCode.TOTAL_POT_MISMATCH,
    FindingCode.RAKE_MISMATCH,
    FindingCode.RAKE_OFF_SCHEDULE,
    FindingCode.RAKE_ALLOCATION_INFERRED,
    FindingCode.CASH_DROP_MISMATCH,
}
_SHOWDOWN_CODES = {FindingCode.SHOW_ORDER, FindingCode.IMPOSSIBLE_CARDS}
_TEXT_CODES = {FindingCode.DECODING_REPAIRED}
_POT_CODES = {FindingCode.SIDE_POT_MISMATCH}


def _slot(f: Finding) -> object:
    """Where a finding is shown; ``"end"`` when nowhere else."""
    if f.action_seq is not None:
        return ("action", f.action_seq)
    if f.code in _TEXT_CODES:
        return "text"
    if f.code in _SHOWDOWN_CODES:
        return "showdown"
    if f.code in _TOTAL_CODES:
        return "total"
    if f.code is FindingCode.UNCALLED_MISMATCH:
        return "uncalled"
    if f.code in _POT_CODES and f.pot_index is not None:
        return ("pot", f.run or 0, f.pot_index)
    if f.run is not None:
        return ("award", f.run, f.pot_index)
    return "end"


class _Placed:
    """The findings of a hand by the place they are shown: each is taken once."""

    def __init__(self, findings: Sequence[Finding]):
        self.by_slot: dict[object, list[Finding]] = defaultdict(list)
        for f in findings:
            self.by_slot[_slot(f)].append(f)

    def take(self, slot: object) -> tuple[Finding, ...]:
        return tuple(self.by_slot.pop(slot, ()))

    def rest(self) -> tuple[Finding, ...]:
        out = tuple(f for found in self.by_slot.values() for f in found)
        self.by_slot.clear()
        return out


# -- the parts ------------------------------------------------------------------------------


def _boards(hand: HandRecord, street: str) -> tuple[str, ...]:
    """The cards out on ``street``: one entry when every runout shares them, else one a run."""
    n = CARDS_ON_BOARD.get(street)
    if n is None:
        return ()
    cards = [b[:n] for b in hand.boards if len(b) >= n]
    if not cards:
        return ()
    if len(set(cards)) == 1:
        return (cards_str(cards[0]),)
    return tuple(cards_str(c) for c in cards)


def _streets(
    hand: HandRecord, result: ReplayResult | None, money: MoneyText, placed: _Placed
) -> tuple[StreetView, ...]:
    """Every street that was acted on or dealt cards, in order (an all-in before the flop
    still shows flop, turn and river)."""
    by_street: dict[str, list[ActionView]] = defaultdict(list)
    for seq, action in enumerate(hand.actions):
        d = result.decisions[seq] if result else None
        by_street[action.street.value].append(
            _action(seq, action, d, money, placed.take(("action", seq)))
        )
    out = []
    for street in STREETS:
        name = street.value
        boards = _boards(hand, name)
        if by_street.get(name) or boards:
            out.append(StreetView(name, boards, tuple(by_street.get(name, ()))))
    return tuple(out)


def _action(
    seq: int, action: Action, d: Decision | None, money: MoneyText, findings: tuple[Finding, ...]
) -> ActionView:
    what = action.kind.value.replace("_", " ")
    if action.kind is ActionKind.PROTECTED_ALL_IN:
        what = "all-in, disconnected"  # R-TO-2: nothing more put in
    elif action.kind is ActionKind.RAISE and action.to_amount is not None:
        what += f" to {money(action.to_amount)}"
    elif action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
        what += f" {money(action.amount)}"
    if action.all_in and action.kind is not ActionKind.PROTECTED_ALL_IN:
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


def evaluation(hand: HandRecord, cards: tuple[int, ...]) -> str | None:
    """omahahh's own words for ``cards`` on each complete board (R-HAND-1, R-LO-3):
    ``"a flush, Ace high"``, ``"board 1: ...; board 2: ..."``; None when the cards or
    the board are not complete."""
    boards = [b for b in dict.fromkeys(hand.boards) if len(b) == 5]
    if len(cards) != hand.game.hole_card_count or not boards:
        return None
    try:
        words = [describe_hand(cards, board, hand.game.hi_lo) for board in boards]
    except ValueError:  # a card shown twice, or on the board: the audit says so
        return None
    if len(words) == 1:
        return words[0]
    return "; ".join(f"board {i + 1}: {w}" for i, w in enumerate(words))


def _showdown(hand: HandRecord) -> tuple[ShowView, ...]:
    """Every hand shown or mucked: the show lines, then what only the summary tells."""
    rows: list[ShowView] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for show in hand.shows:
        cards = cards_str(show.cards) if show.cards else None
        what = "mucks" if show.mucked else "shows"
        rows.append(ShowView(show.player, what, cards, evaluation(hand, show.cards), False))
        seen.add((show.player, show.cards))
    for s in hand.summary_seats:
        if s.showed and (s.player, s.showed) not in seen:
            what = "mucked" if s.mucked else "showed"
            hand_words = evaluation(hand, s.showed)
            rows.append(ShowView(s.player, what, cards_str(s.showed), hand_words, True))
            seen.add((s.player, s.showed))
        elif s.mucked and not s.showed and not any(p == s.player for p, _ in seen):
            rows.append(ShowView(s.player, "mucked", None, None, True))
    return tuple(rows)


def _cashouts(hand: HandRecord, money: MoneyText) -> tuple[str, ...]:
    """Money paid outside the pot: cash-outs (PokerStars, net of their fee) and GGPoker's
    EV cash-out and insurance payments."""
    out = [
        f"{c.player} cashed out for {money(c.amount)}" + (f" (fee {money(c.fee)})" if c.fee else "")
        for c in hand.cashouts
    ]
    words = {
        "ev_cashout": "receives an EV cash-out of",
        "cashout_risk": "pays a cash-out risk of",
        "insurance_premium": "pays an all-in insurance premium of",
    }
    out += [
        f"{p.player} {words.get(p.kind, p.kind.replace('_', ' '))} {money(p.amount)}"
        for p in hand.side_payments
    ]
    return tuple(out)


def _pot_name(index: int, run: int | None = None, runs: int = 1) -> str:
    name = "main pot" if index == 0 else "pots" if index == WHOLE_RUN else f"side pot {index}"
    return f"{name} board {run + 1}" if run is not None and runs > 1 else name


def _pots(
    hand: HandRecord, result: ReplayResult, money: MoneyText, placed: _Placed
) -> tuple[PotView, ...]:
    printed = [hand.main_pot_reported, *hand.side_pots_reported]
    runs = len({p.run for p in result.pots})
    out = []
    for p in result.pots:
        reported = (
            money(printed[p.index])
            if runs <= 1 and hand.main_pot_reported is not None and p.index < len(printed)
            else "-"
        )
        out.append(
            PotView(
                _pot_name(p.index, p.run, runs),
                ",".join(str(s) for s in p.eligible),
                money(p.gross),
                money(p.rake),
                money(p.amount),
                reported,
                placed.take(("pot", p.run, p.index)),
            )
        )
    return tuple(out)


def _awards(rows: tuple[AwardRow, ...], money: MoneyText, placed: _Placed) -> tuple[AwardView, ...]:
    out = []
    for i, r in enumerate(rows):
        following = rows[i + 1] if i + 1 < len(rows) else None
        findings: tuple[Finding, ...] = ()
        if following is None or (following.run, following.pot_index) != (r.run, r.pot_index):
            findings += placed.take(("award", r.run, r.pot_index))
        if following is None or following.run != r.run:
            findings += placed.take(("award", r.run, None))
        out.append(
            AwardView(
                r.run + 1,
                _pot_name(r.pot_index),
                r.half,
                r.player,
                money(r.amount_derived),
                money(r.amount_reported),
                findings,
            )
        )
    return tuple(out)


def finding_text(f: Finding) -> str:
    """``error wrong_split R-SPLIT-1: B is paid ...``"""
    return f"{f.severity.value} {f.code.value} {f.rule}: {f.message}"
