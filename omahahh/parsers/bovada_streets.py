"""Bovada's hands without street markers: where each betting round ends.

The 2012 cash export (fpdb's ``PLO-USD-5-10-201204.new.format`` file) and a
2012 tournament print no ``*** FLOP ***`` lines: the actions of every street
follow each other, and only the SUMMARY's ``Board`` says how many cards came.
A betting round is over when every player still able to bet has acted since
the last bet or raise and matched it (R-ACT-3); the next betting line then
belongs to the next street. :class:`RoundTracker` keeps just enough state to
say so; :func:`check_streets` then holds the result against what the text
states elsewhere (the board's length, each ``Folded on the FLOP``), so a hand
whose streets cannot be told is a failure row, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from omahahh.errors import HandParseError
from omahahh.model import STREETS, Action, ActionKind, Street

_CARDS_FOR = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})


class RoundTracker:
    """Who can still act, who has acted and what each has in on the current round."""

    def __init__(self, stacks: Mapping[str, int]):
        self.stack = dict(stacks)
        self.folded: set[str] = set()
        self.acted: set[str] = set()
        self.live: dict[str, int] = {}
        self.dealt: set[str] = set()

    def deal(self, player: str) -> None:
        self.dealt.add(player)

    def put_in(self, player: str, amount: int, *, live: bool) -> None:
        self.stack[player] = self.stack.get(player, 0) - amount
        if live:
            self.live[player] = self.live.get(player, 0) + amount

    def record(self, p: str, kind: ActionKind, amount: int) -> None:
        """An action of the current round (posts count as chips only, not as acting): its
        player, kind and chips, as the hand's action table holds them."""
        self.stack[p] = self.stack.get(p, 0) - amount  # put_in, inlined: once per action
        if kind is not ActionKind.POST_DEAD:
            self.live[p] = self.live.get(p, 0) + amount
        if kind is ActionKind.FOLD:
            self.folded.add(p)
            self.acted.add(p)
        elif kind in _AGGRESSIVE:
            self.acted = {p}
        elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
            self.acted.add(p)

    def complete(self) -> bool:
        """Is the round over: everyone who can still bet has acted and matched?"""
        live, stack, acted = self.live, self.stack, self.acted
        top = max(live.values(), default=0)
        in_hand = able = 0
        last = ""
        owed = False  # someone able to bet has not acted since the last raise, or not matched
        for p in self.dealt:  # one pass: called before most betting lines
            if p in self.folded:
                continue
            in_hand += 1
            if stack.get(p, 0) > 0:
                able += 1
                last = p
                if p not in acted or live.get(p, 0) < top:
                    owed = True
        if in_hand <= 1:
            return True
        if not able or (able == 1 and live.get(last, 0) >= top):
            return True  # no one left to answer a bet (as the replay reads R-ACT-3)
        return not owed

    def next_round(self) -> None:
        self.acted = set()
        self.live = {}


def next_street(street: Street, offset: int, line: str) -> Street:
    i = STREETS.index(street)
    if i + 1 >= len(STREETS):
        raise HandParseError(
            "streets_not_derivable",
            "a betting line after the river's betting was over (no street markers)",
            offset,
            line,
        )
    return STREETS[i + 1]


def check_streets(
    actions: Iterable[Action],
    board_cards: int,
    folds: Mapping[str, Street],
    offset: int,
) -> None:
    """The derived streets against the board's length and the SUMMARY's fold streets.

    ``folds``: each player's ``Folded on the X`` street as the SUMMARY states it.
    Raises ``streets_not_derivable`` naming the first disagreement.
    """
    last = Street.PREFLOP
    for a in actions:
        if a.kind is ActionKind.FOLD:
            said = folds.get(a.player)
            if said is not None and said is not a.street:
                raise HandParseError(
                    "streets_not_derivable",
                    f"no street markers: {a.player}'s fold falls on the {a.street.value} by "
                    f"the betting, the SUMMARY says {said.value}",
                    a.line,
                )
        last = a.street
    if _CARDS_FOR[last] > board_cards:
        raise HandParseError(
            "streets_not_derivable",
            f"no street markers: the betting reaches the {last.value}, the board has "
            f"{board_cards} cards",
            offset,
        )
