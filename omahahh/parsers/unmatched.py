"""Whether a room's award figure holds the unmatched bet, decided per hand from its figures.

Rooms that print no returned bet (iPoker XML, Betfair, Everest) pay the unmatched part
of the top bet back somehow: inside the winner's award figure, or apart, unprinted. The
parser codes of other projects disagree, or say nothing, so each hand decides from
what its own figures leave as rake under either reading (:func:`win_holds_return`);
where both readings (or neither) fit, the hand is refused rather than guessed.
"""

from __future__ import annotations

from collections.abc import Mapping

from omahahh.action_table import ActionTable
from omahahh.hand_tables import CollectionTable
from omahahh.model import ActionKind

_DEAD = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})

RAKE_CEILING_BP = 1000
"""The most rake a hand's figures may imply, in basis points of the pot, when telling
whether an award holds a returned bet: 10 % of the pot, where no cap is known (the
rooms' published caps are 5 % and less)."""


def win_holds_return(
    put_in: int, won: int, unmatched: int, winner_won: int, printed_rake: int | None
) -> bool | None:
    """Does the award figure include the unmatched bet returned to its player? Decided by
    what the figures leave as rake either way: it must be 0 or more, at most
    :data:`RAKE_CEILING_BP` of the pot, and equal the printed rake where there is one.
    None when both readings (or neither) fit: the hand cannot be read without a guess.

    ``put_in``: Σ chips put in (the unmatched bet included); ``won``: Σ awards;
    ``winner_won``: the award of the player the bet goes back to.

    SEK 1,800 pot, 10 raked, an unmatched 594 (Σ bet 2,394; Σ win 1,790): read as
    included, the rake would be 604, more than 10 % of the pot; excluded, it is 10.

    >>> win_holds_return(239400, 179000, 59400, 179000, None)
    False
    >>> win_holds_return(18000, 18000, 2000, 18000, None)  # €160 pot, €20 back, no rake
    True
    >>> win_holds_return(10300, 9800, 300, 9800, None) is None  # rake 5 or 2: both fit
    True
    """
    pot = put_in - unmatched
    ceiling = -(-pot * RAKE_CEILING_BP // 10_000)

    def fits(rake: int) -> bool:
        if printed_rake is not None:
            return rake == printed_rake
        return 0 <= rake <= ceiling

    included = winner_won >= unmatched and fits(put_in - won)
    excluded = fits(put_in - unmatched - won)
    if included == excluded:
        return None
    return included


def unmatched_bet(put_in: Mapping[str, int]) -> tuple[str | None, int]:
    """Who put in most and by how much more than anyone else: the part no one matched.

    >>> unmatched_bet({"Ann": 700, "Bob": 300, "Cy": 500})
    ('Ann', 200)
    """
    ranked = sorted(put_in.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return None, 0
    second = ranked[1][1] if len(ranked) > 1 else 0
    return ranked[0][0], ranked[0][1] - second


def live_put_in(actions: ActionTable) -> dict[str, int]:
    """Each player's chips put in over the hand, antes and dead blinds left out (no one
    matches them: they are never an unmatched bet)."""
    out: dict[str, int] = {}
    for player, kind, amount in zip(actions.players, actions.kinds, actions.amounts, strict=True):
        if kind not in _DEAD:
            out[player] = out.get(player, 0) + amount
    return out


def awards_hold_unmatched(
    actions: ActionTable, awards: CollectionTable, printed_rake: int | None
) -> tuple[str | None, int, bool | None]:
    """(the player an unmatched bet goes back to, its size, whether the awards hold it):
    False where there is nothing to decide (no unmatched bet, nothing awarded), None
    where the figures do not decide (:func:`win_holds_return`)."""
    back_to, back = unmatched_bet(live_put_in(actions))
    won = sum(awards.amounts)
    if not back or back_to is None or not won:
        return back_to, back, False
    winner_won = sum(a for p, a in zip(awards.players, awards.amounts, strict=True) if p == back_to)
    holds = win_holds_return(sum(actions.amounts), won, back, winner_won, printed_rake)
    return back_to, back, holds


def take_out(awards: CollectionTable, player: str, amount: int) -> None:
    """``amount`` out of ``player``'s last award (the pot an unmatched bet sits in)."""
    last = max(i for i, p in enumerate(awards.players) if p == player)
    awards.set_amount(last, awards.amounts[last] - amount)
