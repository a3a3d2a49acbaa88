"""IGT JSON's rewrites (docs/SITES.md, "Boss Media XML and IGT JSON").

A seed is the ``history`` array with one hand (:mod:`tests.helpers.variants.document`),
edited as data and written back in its layout. The document on one line or indented;
keys in another order; numbers, card numbers and booleans as JSON scalars or as
strings; the stakes as ``stake`` or as ``small`` and ``large``; the header's date with a
digit lost (the first action's date then read); the limit's other names; an empty seat;
amounts scaled; the byte-order mark.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Any

from tests.helpers.variants.document import bom_edit, json_edit, json_layout_edit, shuffle_keys
from tests.helpers.variants.rewrite import Edit, Rewrite, rewrite, scale_rewrites
from tests.helpers.variants.rooms.boss import all_in_forms
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, numbered, suit_rewrites

MONEY_KEYS = frozenset(
    {
        "amount",
        "value",
        "bankRoll",
        "pot",
        "rake",
        "mainpot",
        "win",
        "bet",
        "loss",
        "small",
        "large",
    }
)
"""Keys holding amounts (a board's ``value`` names the street: not a figure)."""


def walk(obj: Any) -> list[dict[str, Any]]:
    """Every object in ``obj``, ``obj`` first."""
    out: list[dict[str, Any]] = []
    if isinstance(obj, dict):
        out.append(obj)
        for v in obj.values():
            out += walk(v)
    elif isinstance(obj, list):
        for v in obj:
            out += walk(v)
    return out


NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
FIGURE_KEYS = MONEY_KEYS | {"link", "seat", "date", "endTime"}
"""Keys whose values are figures (a player's name never is one, whatever it looks like)."""


def as_scalars(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """Figures (card numbers, seats, dates, amounts) as JSON numbers, ``"true"`` and
    ``"false"`` as booleans: the reader takes each value's text."""
    done = False
    for obj in walk(hand):
        for key, value in obj.items():
            if not isinstance(value, str):
                continue
            if key in FIGURE_KEYS and NUMBER_RE.fullmatch(value) and not re.match(r"0\d", value):
                obj[key] = float(value) if "." in value else int(value)
                done = True
            elif value in ("true", "false"):
                obj[key] = value == "true"
                done = True
    return done


def as_strings(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """Numbers and booleans as strings (``"35"``, ``"false"``)."""
    done = False
    for obj in walk(hand):
        for key, value in obj.items():
            if isinstance(value, bool):
                obj[key] = "true" if value else "false"
                done = True
            elif isinstance(value, (int, float)):
                obj[key] = str(value)
                done = True
    return done


def stake_split(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """``"stake": "0.25/0.5"`` as ``"small": "0.25", "large": "0.5"``."""
    stake = hand.get("stake")
    if not isinstance(stake, str) or "/" not in stake or "small" in hand:
        return False
    small, _, large = stake.partition("/")
    del hand["stake"]
    hand["small"], hand["large"] = small, large
    return True


def stake_joined(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """``small`` and ``large`` as one ``"stake": "0.25/0.50"``."""
    if "stake" in hand or "small" not in hand or "large" not in hand:
        return False
    hand["stake"] = f"{hand.pop('small')}/{hand.pop('large')}"
    return True


def date_digit_lost(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """The header's ``date`` a digit short (IGT2019Hand.txt): the first action's date is
    read, where it is the header's."""
    date = str(hand.get("date", ""))
    actions = hand.get("action") or []
    first = next((str(a["date"]) for a in actions if a.get("date")), "")
    if len(date) != 13 or first != date:
        return False
    hand["date"] = date[:-1]
    return True


LIMIT_NAMES = {
    "Pot Limit": ("PL", "POT LIMIT", "pot limit"),
    "No Limit": ("NL", "NO LIMIT"),
    "Fixed Limit": ("FL", "Limit"),
}


def limit_name(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """``limit`` as Boss Media names it (``PL``), or in other letters."""
    names = LIMIT_NAMES.get(str(hand.get("limit", "")))
    if not names:
        return False
    hand["limit"] = rng.choice(names)
    return True


def empty_seat(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """A ``STATE_EMPTY`` player at a free seat (skipped)."""
    players = hand.get("player")
    if not isinstance(players, list) or not players:
        return False
    taken = {str(p.get("seat")) for p in players}
    free = [n for n in range(1, 11) if str(n) not in taken]
    if not free:
        return False
    seat = rng.choice(free)
    model = players[0]
    new = {k: v for k, v in model.items() if k in ("name", "seat", "state", "dealer", "amount")}
    new.update(name="UNKNOWN", seat=str(seat), state="STATE_EMPTY", dealer="N", amount="0.00")
    players.append(new)
    return True


def all_in_written_otherwise(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """An all-in as ``ACTION_ALLIN``, or as the call (the street total), bet or raise it is."""
    actions = hand.get("action")
    players = hand.get("player")
    if not isinstance(actions, list) or not isinstance(players, list):
        return False
    if any(
        a.get("kind") in ("HAND_AB", "HAND_DSB") or a.get("type") == "HAND_ANTE" for a in actions
    ):
        return False
    stacks = {
        str(p.get("name")): Decimal(str(p.get("amount")))
        for p in players
        if NUMBER_RE.fullmatch(str(p.get("amount", ""))) and Decimal(str(p.get("amount"))) > 0
    }
    records = [{k.upper(): v for k, v in a.items()} for a in actions]
    changes = all_in_forms(records, stacks, True, rng)
    for i, (kind, value) in changes.items():
        actions[i]["type"] = kind
        old = actions[i].get("value")
        actions[i]["value"] = f"{value:.2f}" if isinstance(old, str) else float(value)
    return bool(changes)


def adjustment_value(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    """An ``ACTION_ADJUSTEMENT``'s ``value`` another figure: its ``bankRoll`` says what
    comes back."""
    done = False
    for a in hand.get("action") or []:
        if a.get("type") == "ACTION_ADJUSTEMENT" and "bankRoll" in a:
            old = a.get("value")
            a["value"] = rng.choice(("0.00", "0.50", "1.00", "3.25"))
            done = done or a["value"] != old
    return done


def keys_shuffled(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
    new = shuffle_keys(hand, rng)
    if list(new) == list(hand):
        return False
    hand.clear()
    hand.update(new)
    return True


def times(value: Any, factor: int) -> Any:
    text = str(value)
    if not NUMBER_RE.fullmatch(text):
        return value
    new = Decimal(text) * factor
    out = f"{new:.2f}" if "." in text else str(int(new))
    if isinstance(value, str):
        return out
    return float(out) if "." in out else int(out)


def scale(factor: int) -> Edit:
    """Every amount ``factor`` times larger (the stakes too)."""

    def change(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
        if splits_a_pot(seed):
            return False
        for obj in walk(hand):
            board = obj.get("type") == "HAND_BOARD"
            for key in list(obj):
                if key in MONEY_KEYS and not (board and key == "value"):
                    obj[key] = times(obj[key], factor)
        if isinstance(hand.get("stake"), str):
            hand["stake"] = "/".join(str(times(p, factor)) for p in hand["stake"].split("/"))
        return True

    return json_edit(change)


LINK_SUITS = "cdhs"
"""IGT's card numbers: 0-12 the clubs two to ace, then diamonds, hearts, spades
(docs/SITES.md); ``b`` a card not seen."""


def suits_edit(exchange: Exchange) -> Edit:
    """Every card number of the hand for the card of the exchanged suit."""

    def change(hand: dict[str, Any], seed: Seed, rng: random.Random) -> bool:
        done = False
        for obj in walk(hand):
            link = obj.get("link")
            if "link" in obj and str(link).isdigit():
                new = numbered(int(str(link)), LINK_SUITS, exchange)
                obj["link"] = new if isinstance(link, int) else str(new)
                done = True
        return done

    return json_edit(change)


TABLE: list[Rewrite] = [
    rewrite(
        "another layout",
        "layout",
        '`{"history":[hand, …]}`: JSON, whitespace between tokens',
        json_layout_edit,
    ),
    rewrite(
        "keys in another order",
        "key order",
        "JSON: an object's keys in any order",
        json_edit(keys_shuffled),
    ),
    rewrite(
        "figures as JSON numbers",
        "scalars",
        "card `link` numbers, seats, dates and amounts: each value's text read",
        json_edit(as_scalars),
    ),
    rewrite(
        "figures as strings",
        "scalars",
        "card `link` numbers, seats, dates and amounts: each value's text read",
        json_edit(as_strings),
    ),
    rewrite(
        "stake as small and large",
        "stakes",
        "stakes `stake` (`0.25/0.5`), or `small` and `large`",
        json_edit(stake_split),
    ),
    rewrite(
        "small and large as stake",
        "stakes",
        "stakes `stake` (`0.25/0.5`), or `small` and `large`",
        json_edit(stake_joined),
    ),
    rewrite(
        "the header's date a digit short",
        "date",
        "`date` (Unix milliseconds): a header's date with a digit lost, the first action's",
        json_edit(date_digit_lost),
    ),
    rewrite(
        "the limit named otherwise",
        "limit",
        "IGT `limit` `Pot Limit` …, Boss Media `PL|NL|FL`",
        json_edit(limit_name),
    ),
    rewrite(
        "an all-in written otherwise",
        "all-in",
        "`ACTION_ALLIN` (the street total): a bet, call or raise by what it puts in",
        json_edit(all_in_written_otherwise),
    ),
    rewrite(
        "the adjustment's value",
        "adjustment",
        "IGT `ACTION_ADJUSTEMENT` with `bankRoll`: a returned bet, of what the `bankRoll` "
        "gives back (not its `value`)",
        json_edit(adjustment_value),
    ),
    rewrite(
        "an empty seat",
        "seat",
        "`player` `state` `STATE_EMPTY`: skipped",
        json_edit(empty_seat),
    ),
    *suit_rewrites(
        suits_edit,
        "cards: IGT `link` 0-12 the clubs two to ace, then diamonds, hearts, spades",
    ),
    *scale_rewrites("amounts `.` decimal", scale),
    rewrite("a byte-order mark", "bom", "UTF-8 with or without BOM", bom_edit),
]
