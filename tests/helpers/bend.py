"""Hands bent at random: the oddities rooms and damaged files produce, for the tests that
hold a fast path to its reference on more than the hands rooms write."""

from __future__ import annotations

import random
from dataclasses import replace

from omahahh.model import ActionKind, HandRecord, Street, Structure


def bend(hand: HandRecord, rng: random.Random) -> HandRecord:
    """One random oddity, or several: what rooms and damaged files produce."""
    actions = list(hand.actions)
    seats = list(hand.seats)
    for _ in range(rng.randint(1, 3)):
        trick = rng.randrange(10)
        if trick == 0 and len(actions) > 1:  # an action lost
            del actions[rng.randrange(len(actions))]
        elif trick == 1 and len(actions) > 1:  # two actions swapped
            i = rng.randrange(len(actions) - 1)
            actions[i], actions[i + 1] = (
                replace(actions[i + 1], street=actions[i].street),
                (replace(actions[i], street=actions[i + 1].street)),
            )
        elif trick == 2 and actions:  # another amount, even more than the stack
            i = rng.randrange(len(actions))
            actions[i] = replace(actions[i], amount=rng.choice([0, 1, 7, 50, 10**6]))
        elif trick == 3 and actions:  # another kind
            i = rng.randrange(len(actions))
            actions[i] = replace(actions[i], kind=rng.choice(list(ActionKind)))
        elif trick == 4 and actions:  # a player no seat line names
            i = rng.randrange(len(actions))
            actions.insert(i, replace(actions[i], player=f"stranger{rng.randrange(2)}"))
        elif trick == 5:  # no button printed
            hand = replace(hand, button_seat=None)
        elif trick == 6 and seats:  # a seat sitting out, out of hand, or broke
            i = rng.randrange(len(seats))
            seats[i] = replace(
                seats[i],
                sitting_out=rng.random() < 0.5,
                out_of_hand=rng.random() < 0.5,
                stack_start=rng.choice([seats[i].stack_start, 0, 1]),
            )
        elif trick == 7:  # another structure, with or without limits printed
            game = replace(hand.game, structure=rng.choice(list(Structure)))
            small = rng.choice([None, hand.big_blind])
            hand = replace(hand, game=game, small_bet=small, big_bet=rng.choice([None, small]))
        elif trick == 8:  # no blinds known
            hand = replace(hand, big_blind=rng.choice([None, 0]), small_bet=None)
        elif trick == 9 and actions:  # a street that starts late or comes back
            i = rng.randrange(len(actions))
            actions[i] = replace(actions[i], street=rng.choice(list(Street)))
    return replace(hand, actions=tuple(actions), seats=tuple(seats))


_BLINDS = (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE)


def shorten_a_blind(hand: HandRecord, rng: random.Random) -> HandRecord:
    """A blind (or straddle) posted all in for less, as a short stack posts it: the
    poster's stack cut to a part of the post, or to the whole of it (a blind for exactly
    the blind), the rest of the text as it was."""
    posts = [i for i, a in enumerate(hand.actions) if a.kind in _BLINDS and a.amount > 0]
    if not posts:
        return hand
    actions = list(hand.actions)
    seats = list(hand.seats)
    for i in rng.sample(posts, rng.randint(1, min(2, len(posts)))):
        post = actions[i]
        short = rng.choice([1, max(1, post.amount // 3), max(1, post.amount - 1), post.amount])
        actions[i] = replace(post, amount=short, all_in=True)
        spent = sum(a.amount for a in actions[:i] if a.player == post.player)
        for k, seat in enumerate(seats):
            if seat.player == post.player:
                seats[k] = replace(seat, stack_start=spent + short)
    return replace(hand, actions=tuple(actions), seats=tuple(seats))
