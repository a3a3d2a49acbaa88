"""The betting walk of a replay: seats, stacks, posts and actions, street by street.

This is the one place with mutable state: a table that takes the printed
actions in order and records, before each one, what the rules allowed
(:class:`Decision`). It judges nothing; :mod:`omahahh.audit.hand` compares each
action with its decision. Rules come from :mod:`omahahh.rules.betting` and
:mod:`omahahh.rules.pots`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from omahahh.house_rules import HouseRules
from omahahh.model import Action, ActionKind, HandRecord, Street, Structure
from omahahh.rules import betting
from omahahh.rules.pots import uncalled_bet
from omahahh.rules.seating import clockwise_from_button, dealt_in

_LIVE_POSTS = frozenset(
    {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE}
)
_DEAD_POSTS = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})
_AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})


class Decision(NamedTuple):
    """What the rules allowed just before one printed action (posts included).

    ``expected_seat`` is whose turn it was (R-ACT-1..3), None for posts or
    when nobody was still to act; ``late`` marks a player passed over by an
    earlier out-of-turn action, acting now. ``min_raise_to``/``max_raise_to``
    are street totals, None when no bet or raise was allowed (and for posts).
    A named tuple: one is made per action of every hand, so it must be cheap.
    """

    seq: int
    seat: int
    street: Street
    expected_seat: int | None
    late: bool
    in_hand: bool
    stack_before: int
    pot_before: int
    current_bet: int
    street_in: int
    to_call: int
    may_check: bool
    reopened: bool
    capped: bool
    min_raise_to: int | None
    max_raise_to: int | None
    all_in_to: int
    full_raise: bool = False  # for bets and raises: a full bet or raise (R-AI-2)?


class UncalledDerived(NamedTuple):
    """A bet part no one matched, returned to its bettor (R-POT-2)."""

    seat: int
    player: str
    amount: int
    street: Street


@dataclass(slots=True)
class PlayerState:
    seat: int
    name: str
    stack_start: int
    stack: int
    invested: int = 0  # chips in the pot this hand (dead money included), after returns
    dead: int = 0  # antes and dead blinds: they go to the main pot, not toward any level
    street_in: int = 0  # live bets this street
    folded: bool = False
    all_in: bool = False
    acted: bool = False
    acted_at_reopen: int = 0
    dealt_in: bool = True


@dataclass(slots=True)
class _Round:
    street: Street
    current_bet: int = 0
    largest_increment: int = 0
    reopen_count: int = 0
    pending_short: int = 0
    bets: int = 0
    pointer: int | None = None
    skipped: set[int] = field(default_factory=set)
    live_sb_posted: bool = False


@dataclass(slots=True)
class BettingOutcome:
    players: dict[int, PlayerState]
    decisions: Sequence[Decision]  # a list, or the batch's rows (replay/decision_rows.py)
    uncalled: list[UncalledDerived]
    missing: list[tuple[Street, int]]  # (street, seat) still to act when the round ended
    last_street: Street
    marked: tuple[int, ...] | None = None
    """The actions (``seq``) the audit's batch masks marked for a closer look
    (:mod:`omahahh.audit.betting_masks`); None: look at every action."""


def promotion_in_pot(hand: HandRecord, rules: HouseRules) -> int:
    """Promotional money in the pot before the blinds that the pot-limit size counts
    (R-BET-5, ``rules.promotions_count_in_pot_limit``: the room's habit).

    GGPoker counts its Cash Drop (a raise to 0.41 was exactly 0.06 to call plus a
    0.35 pot of 0.09 + 0.06 + the 0.20 drop; tests/unit/audit/test_precision.py), so a
    replay that left it out would call a legal pot-size raise too big.
    """
    if not rules.promotions_count_in_pot_limit or hand.cancelled:
        return 0
    return hand.cash_drop_reported or 0


class BettingWalk:
    """Walks the printed actions of one hand; see :func:`walk_betting`."""

    def __init__(self, hand: HandRecord, rules: HouseRules):
        self.hand = hand
        self.active_side_pot = rules.pot_limit_pot == "active_side_pot"
        self.structure = hand.game.structure
        self.fixed = self.structure is Structure.FIXED_LIMIT
        self.pot_limit = self.structure is Structure.POT_LIMIT
        self.big_blind = hand.big_blind or hand.small_bet or 1
        self.small_blind = hand.small_blind or 0
        self.players: dict[int, PlayerState] = {}
        self.by_name: dict[str, PlayerState] = {}
        self._seat_players(hand)
        self.order = sorted(self.players)
        self.seated = [self.players[s] for s in self.order]
        self._after: dict[int | None, list[PlayerState]] = {}
        # Every chip in the middle: all pots and the bets on the table, plus the
        # promotional money a room counts in the pot-limit size (GG Cash Drop).
        self.pot = promotion_in_pot(hand, rules)
        self.decisions: list[Decision] = []
        self.uncalled: list[UncalledDerived] = []
        self.missing: list[tuple[Street, int]] = []
        self.limit = 0
        self.round = self._new_round(Street.PREFLOP)

    # -- set-up -------------------------------------------------------------
    def _seat_players(self, hand: HandRecord) -> None:
        for s, is_dealt_in in zip(hand.seats, dealt_in(hand), strict=True):
            p = PlayerState(s.seat, s.player, s.stack_start, s.stack_start)
            p.dealt_in = is_dealt_in
            p.folded = not p.dealt_in
            self.players[s.seat] = p
            self.by_name.setdefault(s.player, p)
        # A name seen only in actions gets a seat number of its own, past every real
        # seat, and a stack of what it put in (the audit reports it).
        extra = max(self.players, default=0) + 100
        for a in hand.actions:
            if a.player not in self.by_name:
                spent = sum(b.amount for b in hand.actions if b.player == a.player)
                p = PlayerState(extra, a.player, spent, spent)
                self.players[extra] = p
                self.by_name[a.player] = p
                extra += 1

    def _new_round(self, street: Street) -> _Round:
        r = _Round(street, largest_increment=self.big_blind, pointer=self.hand.button_seat)
        for p in self.seated:
            p.street_in = 0
            p.acted = False
            p.acted_at_reopen = 0
        if self.fixed:
            h = self.hand
            small = h.small_bet or self.big_blind
            self.limit = betting.fixed_limit_bet_size(street, small, h.big_bet or 2 * small)
        return r

    # -- whose turn (R-ACT-1..3) ------------------------------------------------
    def _clockwise_after(self, seat: int | None) -> list[PlayerState]:
        """Players clockwise from the seat after ``seat`` (cached: seats never move)."""
        found = self._after.get(seat)
        if found is None:
            by_seat = {p.seat: p for p in self.seated}
            found = [by_seat[s] for s in clockwise_from_button(by_seat, seat)]
            self._after[seat] = found
        return found

    def _owes(self, p: PlayerState) -> bool:
        return (
            not p.folded and not p.all_in and (not p.acted or p.street_in < self.round.current_bet)
        )

    def _expected(self) -> int | None:
        """The seat whose turn it is, or None when the round is complete (R-ACT-3)."""
        return self._turn()[0]

    def _turn(self) -> tuple[int | None, int]:
        """:meth:`_expected`, and how many players can still bet (not folded, not all-in):
        one pass over the seats serves both (each is needed at every action)."""
        bet = self.round.current_bet
        live = able = 0
        owed = False
        last = None
        for p in self.seated:
            if p.folded:
                continue
            live += 1
            if p.all_in:
                continue
            able += 1
            last = p
            if not p.acted or p.street_in < bet:
                owed = True
        if live <= 1 or not owed or last is None:
            return None, able
        if able == 1 and (last.street_in >= bet or last.street_in >= self._against_all_ins(last)):
            return None, able  # everyone else is all-in and this player has matched
        for p in self._clockwise_after(self.round.pointer):
            if self._owes(p):
                return p.seat, able
        return None, able

    # -- the walk -------------------------------------------------------------
    def run(self) -> BettingOutcome:
        for index, action in enumerate(self.hand.actions):
            if action.street is not self.round.street:
                self.end_round()
                self.round = self._new_round(action.street)
            p = self.by_name[action.player]
            if action.kind in _LIVE_POSTS or action.kind in _DEAD_POSTS:
                self._post(index, action, p)
            elif action.kind is ActionKind.PROTECTED_ALL_IN:
                self._protect(index, p)
            else:
                self._act(index, action, p)
        self.end_round()
        return BettingOutcome(
            self.players, self.decisions, self.uncalled, self.missing, self.round.street
        )

    def _decision(
        self, index: int, p: PlayerState, expected: int | None, late: bool, full: bool, able: int
    ) -> Decision:
        """``able``: players not folded and not all-in (:meth:`_turn`), ``p`` among them."""
        r = self.round
        others = able - (not p.folded and not p.all_in)  # others who can still bet
        bet = r.current_bet
        if others <= 0 and p.street_in < bet:
            bet = self._against_all_ins(p)
        call = betting.to_call(bet, p.street_in, p.stack)
        capped = self.fixed and betting.fixed_limit_capped(r.bets)
        reopened = betting.may_raise(p.acted, p.acted_at_reopen, r.reopen_count)
        all_in_to = p.street_in + p.stack
        low = high = None
        may_raise = p.stack > call and not capped and reopened and not p.folded
        # Raising needs someone left to call it (R-AI-5: all-in players take no part).
        if may_raise and others > 0:
            if self.fixed:
                low = high = min(bet + self.limit, all_in_to)
            else:
                low = betting.min_raise_to(bet, r.largest_increment, self.big_blind)
                high = bet + self._pot_after_call(p, call) if self.pot_limit else all_in_to
                high = min(max(high, low), all_in_to)
                low = min(low, all_in_to)
        return Decision(
            index,
            p.seat,
            r.street,
            expected,
            late,
            not p.folded and not p.all_in,
            p.stack,
            self.pot,
            bet,
            p.street_in,
            call,
            betting.may_check(bet, p.street_in),
            reopened,
            capped,
            low,
            high,
            all_in_to,
            full,
        )

    def _against_all_ins(self, p: PlayerState) -> int:
        """The bet ``p`` must match when nobody else can still bet: only what the others
        put in (:func:`omahahh.rules.betting.bet_to_match`)."""
        top = 0
        for q in self.seated:
            if q is not p and q.street_in > top:
                top = q.street_in
        return betting.bet_to_match(self.round.current_bet, top, False)

    def _pot_after_call(self, p: PlayerState, call: int) -> int:
        """The pot a pot-limit raise is measured on, after the raiser's call (R-BET-5)."""
        if not self.active_side_pot:
            return betting.pot_after_call(self.pot, call)
        level = p.invested + call
        contributions = [q.invested + (call if q is p else 0) for q in self.seated]
        all_in = [q.invested for q in self.seated if q.all_in and not q.folded]
        return betting.active_side_pot(contributions, all_in, level)

    def _put_in(self, p: PlayerState, amount: int, live: bool) -> None:
        p.stack -= amount
        p.invested += amount
        self.pot += amount
        if live:
            p.street_in += amount
        if p.stack <= 0:
            p.stack = 0
            p.all_in = True

    def _post(self, index: int, action: Action, p: PlayerState) -> None:
        r = self.round
        live = action.kind in _LIVE_POSTS
        if action.kind is ActionKind.POST_SMALL_BLIND:
            # A second small blind is a missed blind coming back: dead money (R-BL-7).
            live = not r.live_sb_posted
            r.live_sb_posted = True
        self.decisions.append(
            Decision(
                index, p.seat, r.street, None, False, not p.folded and not p.all_in, p.stack,
                self.pot, r.current_bet, p.street_in, 0, False, False, False, None, None,
                p.street_in + p.stack,
            )
        )  # fmt: skip
        self._put_in(p, action.amount, live)
        if not live:
            p.dead += action.amount
            return
        # A blind all in for less stands for the whole blind (R-BET-3, R-AI-1); every big
        # blind does, a new player's too (R-BL-5, R-BL-8). A straddle is a raise the player
        # chose: all in for less, it counts as posted (R-AI-2), like any short all-in.
        if action.kind is ActionKind.POST_BIG_BLIND:
            full_blind = self.big_blind
        elif action.kind is ActionKind.POST_SMALL_BLIND:
            full_blind = self.small_blind
        else:
            full_blind = 0
        bet = betting.bet_after_blind(r.current_bet, p.street_in, full_blind, p.all_in)
        if bet > r.current_bet:
            raised_by = bet - r.current_bet
            r.current_bet = bet
            if action.kind is ActionKind.POST_STRADDLE:
                r.largest_increment = max(r.largest_increment, raised_by)
                r.reopen_count += 1
                r.bets += 1
                r.pointer = p.seat
        if action.kind is ActionKind.POST_BIG_BLIND and not r.bets:
            r.bets = 1  # pre-flop the big blind counts as the first bet (R-BET-8)
            r.pointer = p.seat  # action starts left of the big blind (R-ACT-1)
        elif action.kind is ActionKind.POST_SMALL_BLIND and not r.bets:
            # Until a big blind is posted, action would start left of the small blind:
            # with none posted it does (888poker:409714750, the seat after the small
            # blind posts nothing and acts first).
            r.pointer = p.seat

    def _protect(self, index: int, p: PlayerState) -> None:
        """R-TO-2: a disconnected player stays in for the pots built so far, all-in
        from here on, without putting in more."""
        r = self.round
        self.decisions.append(
            Decision(
                index, p.seat, r.street, None, False, not p.folded and not p.all_in, p.stack,
                self.pot, r.current_bet, p.street_in, 0, False, False, False, None, None,
                p.street_in + p.stack,
            )
        )  # fmt: skip
        if not p.folded:
            p.all_in = True

    def _act(self, index: int, action: Action, p: PlayerState) -> None:
        r = self.round
        expected, able = self._turn()
        late = False
        if expected is not None and expected != p.seat:
            if p.seat in r.skipped:
                late = True
            else:
                for q in self._clockwise_after(r.pointer):
                    if q is p:
                        break
                    if self._owes(q):
                        r.skipped.add(q.seat)
        r.skipped.discard(p.seat)
        kind = action.kind
        aggressive = kind in _AGGRESSIVE
        increment = p.street_in + action.amount - r.current_bet
        required = self._required()
        full = aggressive and increment > 0 and betting.is_full_raise(increment, required)
        self.decisions.append(self._decision(index, p, expected, late, full, able))
        if kind is ActionKind.FOLD:
            p.folded = True
        elif kind is ActionKind.CALL:
            self._put_in(p, action.amount, True)
            r.pending_short = 0  # a call ends a run of short all-ins (R-AI-4)
        elif aggressive:
            self._raise(action, p, increment, required, full)
        p.acted = True
        p.acted_at_reopen = r.reopen_count
        if not late:
            r.pointer = p.seat

    def _required(self) -> int:
        """The increment a full bet or raise needs (R-BET-4, R-BET-7)."""
        if self.fixed:
            return self.limit
        if self.round.current_bet <= 0:
            return self.big_blind
        return self.round.largest_increment

    def _raise(
        self, action: Action, p: PlayerState, increment: int, required: int, full: bool
    ) -> None:
        r = self.round
        self._put_in(p, action.amount, True)
        if full:
            r.reopen_count += 1
            r.bets += 1
            r.pending_short = 0
            if not self.fixed:
                r.largest_increment = max(r.largest_increment, increment)
        elif increment > 0:
            reopens, r.pending_short = betting.accumulate_short_raises(
                r.pending_short, increment, required
            )
            if reopens or r.current_bet <= 0:
                # A bet opens the round even when short; accumulated short raises reopen it.
                r.reopen_count += 1
                r.bets += 1
        if p.street_in > r.current_bet:
            r.current_bet = p.street_in

    def end_round(self) -> None:
        """Close the round: who was still to act, and the bet no one matched (R-POT-2)."""
        r = self.round
        if self._expected() is not None:
            for q in self._clockwise_after(r.pointer):
                if self._owes(q):
                    self.missing.append((r.street, q.seat))
        bets = {p.seat: p.street_in for p in self.seated if p.street_in > 0}
        found = uncalled_bet(bets)
        if found is not None:
            seat, amount = found
            p = self.players[seat]
            p.invested -= amount
            p.street_in -= amount
            p.stack += amount
            self.pot -= amount
            if p.stack > 0:
                p.all_in = False
            self.uncalled.append(UncalledDerived(seat, p.name, amount, r.street))


def walk_betting(hand: HandRecord, rules: HouseRules) -> BettingOutcome:
    """Replay the betting of ``hand``: decisions, stacks, uncalled bets."""
    return BettingWalk(hand, rules).run()
