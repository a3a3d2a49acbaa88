"""Everest Poker XML's rewrites (docs/SITES.md, "Everest Poker XML").

A seed is the ``<SESSION>`` and one ``<HAND>`` after it
(:mod:`tests.helpers.variants.document`). The hand's ``blinds`` with cents or without,
``stakes`` left out; another currency; amounts (hundredths) scaled; a ``<BLIND>``'s
``penalty`` of 0 and a ``<WIN>``'s ``pot`` of 0 left out; the ``allin`` mark left out
where the chips say it, or put on; a fold by a player in the hand written ``<SIT_OUT>``;
``<CHAT>``, ``<PRIZE>`` and ``<PLACE>`` among the actions; a ``<WIN>`` holding the
unmatched bet where the figures decide; a seat with no line in the hand; the fixed-limit
game's two names; an earlier session; the declaration, layout, attribute order and
byte-order mark.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from omahahh.model import GameType, Structure
from tests.helpers.variants.document import (
    attributes,
    bom_edit,
    declaration_edit,
    edit_tags,
    layout_edit,
    map_text,
    put_after,
    put_before,
    shuffle_attributes,
    start_tag_re,
    tags,
)
from tests.helpers.variants.rewrite import CHATS, Edit, Rewrite, newcomer, rewrite, scale_rewrites
from tests.helpers.variants.rooms.ipoker import reading, unmatched
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, letters, suit_rewrites

SYMBOLS = ("$", "€", "£")
CURRENCY_OF = {"$": "USD", "€": "EUR", "£": "GBP"}
AMOUNT_ATTRS = ("balance", "amount", "penalty")
ACTIONS = "BLIND|ANTE|BET|FOLD|SIT_OUT|HOLE|COMMUNITY|SHOW|MUCK|WIN"


def session(text: str) -> dict[str, str]:
    """The attributes of the session the hand is read with (the last before it)."""
    hand = start_tag_re("HAND").search(text)
    found = [m for m in tags(text, "SESSION") if hand is None or m.start() < hand.start()]
    return attributes(found[-1]) if found else {}


def blinds_text(low: Decimal, high: Decimal, symbol: str, cents: bool) -> str:
    """``$0.50/$1``, ``0,50 €/1 €``, ``50/100``: how the room writes a hand's blinds."""

    def one(value: Decimal) -> str:
        whole = value == value.to_integral_value()
        digits = f"{value:.0f}" if whole and not cents else f"{value:.2f}"
        if symbol == "€":
            return digits.replace(".", ",") + " €"
        return symbol + digits

    return f"{one(low)}/{one(high)}"


def stakes_of(seed: Seed, factor: int = 1) -> tuple[Decimal, Decimal] | None:
    """The seed's blinds (as ``blinds`` names them) in whole units, ``factor`` times."""
    m = re.search(r'\bblinds="([^"]*)"', seed.text)
    if m is None:
        return None
    low, _, high = m[1].partition("/")

    def value(part: str) -> Decimal:
        digits = re.sub(r"[^\d,.]", "", part).replace(",", ".")
        return Decimal(digits) * factor

    return value(low), value(high)


def set_blinds(text: str, seed: Seed, factor: int, symbol: str, cents: bool) -> str | None:
    stakes = stakes_of(seed, factor)
    if stakes is None:
        return None
    play = not symbol
    new = blinds_text(*stakes, "" if play else symbol, cents and not play)

    def each(attrs: dict[str, str]) -> bool:
        done = False
        for name in ("blinds", "stakes"):
            if name in attrs and attrs[name] != new:
                attrs[name] = new
                done = True
        return done

    return edit_tags(text, "HAND", each)


def blinds_cents(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The hand's ``blinds`` with cents (``$0.50/$1.00``) or without (``$0.50/$1``)."""
    symbol = session(text).get("money", "")
    if seed.hand.game_type is not GameType.CASH or not symbol:
        return None
    return set_blinds(text, seed, 1, symbol, rng.random() < 0.5)


def stakes_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``<HAND … blinds>`` alone, without the ``stakes`` fpdb's files repeat it in."""

    def each(attrs: dict[str, str]) -> bool:
        return "blinds" in attrs and attrs.pop("stakes", None) is not None

    return edit_tags(text, "HAND", each)


def other_currency(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The session's ``money`` another currency's symbol, and the blinds with it."""
    old = session(text).get("money", "")
    if seed.hand.game_type is not GameType.CASH or not old:
        return None
    symbol = rng.choice([s for s in SYMBOLS if s != old])

    def each(attrs: dict[str, str]) -> bool:
        attrs["money"] = symbol
        return True

    new = edit_tags(text, "SESSION", each)
    return set_blinds(new, seed, 1, symbol, False) if new else None


def scale_edit(factor: int) -> Edit:
    """Every amount ``factor`` times larger (hundredths: ``factor`` more of them), the
    blinds with them."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if splits_a_pot(seed):
            return None

        def each(attrs: dict[str, str]) -> bool:
            done = False
            for name in AMOUNT_ATTRS:
                if attrs.get(name, "").isdigit():
                    attrs[name] = str(int(attrs[name]) * factor)
                    done = True
            return done

        new = edit_tags(text, "SEAT|" + ACTIONS, each)
        if new is None:
            return None
        symbol = session(text).get("money", "") if seed.hand.game_type is GameType.CASH else ""
        return set_blinds(new, seed, factor, symbol, False) or new

    return edit


def zero_left_out(tag: str, name: str) -> Edit:
    """``name="0"`` left out of the ``tag`` elements (the reader's default)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def each(attrs: dict[str, str]) -> bool:
            return attrs.get(name) == "0" and attrs.pop(name) is not None

        return edit_tags(text, tag, each)

    return edit


def last_chip_bets(text: str) -> list[int]:
    """The ``<BET>`` start tags (their offsets) that put a player's last chip in."""
    left: dict[str, int] = {}
    out = []
    for m in start_tag_re("SEAT|BLIND|ANTE|BET").finditer(text):
        attrs = attributes(m)
        seat = attrs.get("position", "")
        if m["tag"] == "SEAT":
            left[seat] = int(attrs.get("balance", "0") or 0)
            continue
        put = int(attrs.get("amount", "0") or 0) + int(attrs.get("penalty", "0") or 0)
        if seat not in left:
            continue
        left[seat] -= put
        if m["tag"] == "BET" and put and left[seat] == 0:
            out.append(m.start())
    return out


def all_in_mark(put_on: bool) -> Edit:
    """``allin="1"`` left out of the bets that put a last chip in (the chips say it), or
    put on those that do not carry it."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        spots = set(last_chip_bets(text))
        if not spots:
            return None
        out = []
        at = 0
        for m in start_tag_re("BET").finditer(text):
            if m.start() not in spots:
                continue
            attrs = attributes(m)
            if put_on == ("allin" in attrs):
                continue
            if put_on:
                attrs["allin"] = "1"
            else:
                del attrs["allin"]
            out += [text[at : m.start()], _tag("BET", attrs, m["end"])]
            at = m.end()
        if not out:
            return None
        return "".join(out) + text[at:]

    return edit


def _tag(name: str, attrs: dict[str, str], end: str) -> str:
    return f"<{name}" + "".join(f' {k}="{v}"' for k, v in attrs.items()) + end


def fold_as_sit_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fold written ``<SIT_OUT>``, by a player who had put chips in or acted before."""
    seen: set[str] = set()
    folds = []
    for m in start_tag_re("BLIND|ANTE|BET|FOLD").finditer(text):
        seat = attributes(m).get("position", "")
        if m["tag"] == "FOLD" and seat in seen:
            folds.append(m)
        seen.add(seat)
    if not folds:
        return None
    m = rng.choice(folds)
    return text[: m.start()] + m[0].replace("<FOLD", "<SIT_OUT", 1) + text[m.end() :]


def noise(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A ``<CHAT>`` among the actions, or, in a tournament, a ``<PRIZE>`` or ``<PLACE>``."""
    spots = [m for m in start_tag_re(ACTIONS).finditer(text)]
    if not spots:
        return None
    at = rng.choice(spots)
    seat = rng.choice([s.seat for s in seed.hand.seats])
    element = f'<CHAT position="{seat}">{rng.choice(CHATS).replace("<", "")}</CHAT>'
    if seed.hand.game_type is GameType.TOURNAMENT and rng.random() < 0.5:
        element = rng.choice(
            (f'<PLACE position="{seat}" place="4"/>', f'<PRIZE position="{seat}" amount="0"/>')
        )
    return put_before(text, at.start(), element.replace("&", "and"))


def wins(text: str) -> list[re.Match[str]]:
    return list(start_tag_re("WIN").finditer(text))


def seat_of(seed: Seed, player: str) -> str:
    return str(next(s.seat for s in seed.hand.seats if s.player == player))


def win_holding_return(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The unmatched bet inside its owner's last ``<WIN>``, where the figures then say so
    (the rake either reading leaves: at most 10 % of the pot, none in a tournament)."""
    back_to, back = unmatched(seed)
    if not back or back_to is None or not seed.hand.collections:
        return None
    seat = seat_of(seed, back_to)
    mine = [m for m in wins(text) if attributes(m).get("position") == seat]
    awarded = sum(c.amount for c in seed.hand.collections if c.player == back_to)
    printed = sum(int(attributes(m).get("amount", "0")) for m in mine) * seed.hand.unit // 100
    if not mine or printed != awarded:
        return None
    put_in = sum(a.amount for a in seed.hand.actions)
    won = sum(c.amount for c in seed.hand.collections) + back
    rake = 0 if seed.hand.game_type is GameType.TOURNAMENT else None
    if reading(put_in, won, back, awarded + back, rake) is not True:
        return None
    last = mine[-1]
    attrs = attributes(last)
    attrs["amount"] = str(int(attrs["amount"]) + back * 100 // seed.hand.unit)
    return text[: last.start()] + _tag("WIN", attrs, last["end"]) + text[last.end() :]


def seat_with_no_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's ``<SEAT>`` at a free seat: no line in the hand, so sitting out."""
    seats = list(start_tag_re("SEAT").finditer(text))
    taken = {int(attributes(m)["position"]) for m in seats}
    free = [n for n in range(1, 11) if n not in taken]
    if not seats or not free:
        return None
    seat = rng.choice(free)
    balance = attributes(seats[0]).get("balance", "0")
    element = f'<SEAT position="{seat}" name="{newcomer(seed, rng)}" balance="{balance}"/>'
    later = [m for m in seats if int(attributes(m)["position"]) > seat]
    if later:
        return put_before(text, later[0].start(), element)
    return put_after(text, seats[-1].end(), element)


def limit_word(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``gametype="fixed-limit"`` written ``limit``, or the other way."""
    if seed.hand.game.structure is not Structure.FIXED_LIMIT:
        return None

    def each(attrs: dict[str, str]) -> bool:
        now = attrs.get("gametype")
        if now not in ("fixed-limit", "limit"):
            return False
        attrs["gametype"] = "limit" if now == "fixed-limit" else "fixed-limit"
        return True

    return edit_tags(text, "SESSION", each)


def suits_edit(exchange: Exchange) -> Edit:
    """Every card of the hand (``As``, ``10d``) with its suit exchanged."""
    swap = letters(r"\b(?P<rank>10|[2-9TJQKA])(?P<suit>[cdhs])\b", exchange)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        return map_text(text, "HOLE|COMMUNITY|SHOW|MUCK", swap)

    return edit


EARLIER_SESSION = (
    '<SESSION time="1291150000" tableName="Another Table 3" id="77000001" type="tournament" '
    'money="" screenName="SomeoneElse" game="hold-em" gametype="no-limit"/>'
)
"""A session of another table and game with no hand: nothing of it may reach the hand
of the session after it."""


def earlier_session(text: str, seed: Seed, rng: random.Random) -> str | None:
    first = start_tag_re("SESSION").search(text)
    return put_before(text, first.start(), EARLIER_SESSION) if first else None


TABLE: list[Rewrite] = [
    rewrite(
        "blinds with or without cents",
        "blinds",
        '`<HAND time id index blinds="$0.50/$1">` (`0,50 €/1 €`, `50/100`)',
        blinds_cents,
    ),
    rewrite(
        "stakes left out",
        "stakes",
        '`<HAND time id index blinds="$0.50/$1">`',
        stakes_left_out,
    ),
    rewrite(
        "another currency",
        "currency",
        '`<SESSION … money="$|€|" …>`',
        other_currency,
        changes=("currency",),
    ),
    *scale_rewrites("every amount an integer in hundredths", scale_edit),
    rewrite(
        "penalty 0 left out",
        "noise",
        "`<BLIND position amount penalty/>`",
        zero_left_out("BLIND", "penalty"),
    ),
    rewrite(
        "pot 0 left out",
        "noise",
        "`<WIN position amount pot/>` (0 the main pot)",
        zero_left_out("WIN", "pot"),
    ),
    rewrite(
        "allin mark left out",
        "all-in mark",
        '`<BET position amount [allin="1"]/>`: a last chip put in is all-in',
        all_in_mark(put_on=False),
    ),
    rewrite(
        "allin mark put on",
        "all-in mark",
        '`<BET position amount [allin="1"]/>`',
        all_in_mark(put_on=True),
    ),
    rewrite(
        "a fold as a sit-out",
        "sit out",
        "`<SIT_OUT position/>`: a sit-out by a player already in the hand is a fold",
        fold_as_sit_out,
    ),
    rewrite(
        "chat, prize, place",
        "noise",
        "`<CHAT>`, `<PRIZE>`, `<PLACE>`: nothing",
        noise,
    ),
    rewrite(
        "a win holding the unmatched bet",
        "returned bet",
        "whether a `WIN` holds the unmatched bet: decided by the hand's figures",
        win_holding_return,
    ),
    rewrite(
        "a seat with no line in the hand",
        "seat",
        "`<SEAT position name balance/>` (a seat with no line in the hand sat out)",
        seat_with_no_line,
        changes=("seats",),
    ),
    rewrite(
        "fixed limit named otherwise",
        "structure",
        '`gametype="…|fixed-limit|limit"`',
        limit_word,
    ),
    *suit_rewrites(
        suits_edit,
        "`<HOLE position>Ah</HOLE>` (`10` for a ten), `<COMMUNITY>4c, 8d, 3h</COMMUNITY>`, "
        "`<SHOW>`, `<MUCK>`",
    ),
    rewrite(
        "an earlier session without a hand",
        "document",
        "the session is the context of every hand that follows",
        earlier_session,
    ),
    rewrite(
        "attributes in another order",
        "attribute order",
        "XML: attributes in any order",
        shuffle_attributes("SESSION|HAND|SEAT|" + ACTIONS),
    ),
    rewrite(
        "another declaration",
        "declaration",
        "`<?xml …?>` (blanked out)",
        declaration_edit,
    ),
    rewrite("another layout", "layout", "XML: whitespace between elements", layout_edit),
    rewrite("a byte-order mark", "bom", "UTF-8 with or without BOM", bom_edit),
]
