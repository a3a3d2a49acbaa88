"""Merge XML's rewrites (docs/SITES.md, "Merge XML").

A seed is the ``<description>`` and one ``<game>`` after it
(:mod:`tests.helpers.variants.document`). The hand as a mixed game's (``HO`` with its
``multigametype``) and back; ``data`` split on ``:`` (before 2010-09) or ``|``; the
``starttime`` with its zone or without; ``dealtin`` flags that say nothing; a seat with
no event; events that move nothing, a fold written ``SIT_OUT``, an ``ALL_IN`` without its
amount; the unmatched bet folded into the winner's amount (older files) or returned
apart (``uncalled="true"``); the hand moved across 2010-09-08, its raises then the chips
added or the street total; amounts scaled; the suits exchanged; an earlier description;
the attributes' order, the layout, the declaration and the byte-order mark.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.helpers.variants.document import (
    attributes,
    bom_edit,
    declaration_edit,
    drop_element,
    edit_tags,
    layout_edit,
    put_after,
    put_before,
    shuffle_attributes,
    start_tag_re,
    write_tag,
)
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.rewrite import CHATS, Edit, Rewrite, newcomer, rewrite, scale_rewrites
from tests.helpers.variants.rooms.ipoker import bet_returned_apart, unmatched
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, letters, suit_rewrites

MIXES = ("HORSE", "RASH", "HA", "HO", "SHOE", "HOSE", "HAR")
HI_LO_CODES = ("34", "35", "37")
RAISE_TO_FROM = datetime(2010, 9, 8, 4, 0, tzinfo=UTC)
"""2010-09-08 00:00 ET: ``RAISE`` is the street total from then, the chips added before."""
NOTHING = (
    "CHAT",
    "SHOW",
    "MUCK",
    "PLAYER_OUT",
    "SIT_IN",
    "TIMEOUT",
    "DISCONNECTED",
    "RECONNECTED",
    "LEAVE",
    "SITTING_OUT",
    "RABBIT",
)
"""Events that move nothing and deal no one in."""


def description(text: str) -> re.Match[str] | None:
    """The description the game is read with (the last before it)."""
    game = start_tag_re("game").search(text)
    found = [
        m
        for m in start_tag_re("description").finditer(text)
        if not game or m.start() < game.start()
    ]
    return found[-1] if found else None


def set_tag(text: str, m: re.Match[str], attrs: dict[str, str]) -> str:
    return text[: m.start()] + write_tag(m["tag"], attrs, m["end"]) + text[m.end() :]


def game_tag(text: str) -> re.Match[str] | None:
    return start_tag_re("game").search(text)


def as_mixed_game(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The game's description a mixed game's (``HO``…), the game's ``multigametype``
    naming Omaha (4) or Omaha Hi/Lo (34, 35, 37); a mixed game's back to its name."""
    desc, game = description(text), game_tag(text)
    if desc is None or game is None:
        return None
    d, g = attributes(desc), attributes(game)
    label = d.get("type", "")
    suffix = " Tournament" if label.endswith(" Tournament") else ""
    if label.removesuffix(suffix) in MIXES:
        hi_lo = g.get("multigametype") in HI_LO_CODES
        d["type"] = ("Omaha H/L8" if hi_lo else "Omaha") + suffix
        g.pop("multigametype", None)
    else:
        d["type"] = rng.choice(MIXES) + suffix
        g["multigametype"] = rng.choice(HI_LO_CODES) if seed.hand.game.hi_lo else "4"
    new = set_tag(text, game, g)
    return set_tag(new, description(new) or desc, d)


def data_split(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``data`` split on ``:`` (files before 2010-09) or ``|``, the other way."""
    game = game_tag(text)
    if game is None:
        return None
    g = attributes(game)
    data = g.get("data", "")
    if "|" in data and ":" not in data:
        g["data"] = data.replace("|", ":")
    elif ":" in data and "|" not in data:
        g["data"] = data.replace(":", "|")
    else:
        return None
    return set_tag(text, game, g)


def start_stamp(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``starttime`` as the newest files write it (``2012/06/05 20:00:00 -0400``) or the
    older ``20120605200000`` (nothing reads it: the first event's time is the start)."""
    game = game_tag(text)
    if game is None:
        return None
    g = attributes(game)
    now = g.get("starttime", "")
    m = re.fullmatch(r"(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)", now)
    if m:
        g["starttime"] = f"{m[1]}/{m[2]}/{m[3]} {m[4]}:{m[5]}:{m[6]} -0400"
    else:
        m = re.fullmatch(r"(\d{4})/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)(?: [-+]\d{4})?", now)
        if m is None:
            return None
        g["starttime"] = "".join(m.groups())
    return set_tag(text, game, g)


def events(text: str) -> list[re.Match[str]]:
    return list(start_tag_re("event").finditer(text))


def acting_seats(text: str) -> set[str]:
    return {
        attributes(m).get("player", "")
        for m in events(text)
        if attributes(m).get("type") not in (*NOTHING, "SIT_OUT", "GAME_CANCELLED")
    }


def dealtin_flags(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``dealtin="true"`` on a seat with no event (not dealt in all the same), or the
    flag left out of the seats that play."""
    acting = acting_seats(text)
    flip = rng.random() < 0.5

    def each(attrs: dict[str, str]) -> bool:
        seat = attrs.get("seat", "")
        if seat not in acting and attrs.get("dealtin") == "false" and flip:
            attrs["dealtin"] = "true"
            return True
        if seat in acting and "dealtin" in attrs and not flip:
            del attrs["dealtin"]
            return True
        return False

    return edit_tags(text, "player", each)


def seat_with_no_event(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's ``<player>`` with no event (not dealt in), ``dealtin`` true or false."""
    players = list(start_tag_re("player").finditer(text))
    taken = {int(attributes(m).get("seat", "-1")) for m in players}
    game = game_tag(text)
    top = int(attributes(game).get("seats", "9") or 9) if game else 9
    free = [n for n in range(top) if n not in taken]
    if not players or not free:
        return None
    seat = rng.choice(free)
    balance = attributes(players[0]).get("balance", "0")
    attrs = {
        "seat": str(seat),
        "nickname": newcomer(seed, rng),
        "balance": balance,
        "dealtin": rng.choice(("true", "false")),
    }
    element = write_tag("player", attrs, players[0]["end"])
    later = [m for m in players if int(attributes(m).get("seat", "-1")) > seat]
    if later:
        return put_before(text, later[0].start(), element)
    return put_after(text, players[-1].end(), element)


def noise_event(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An event that moves nothing (a chat, a time-out, a player leaving…) after
    another, with its time."""
    found = events(text)
    if not found:
        return None
    at = rng.choice(found)
    before = attributes(at)
    kind = rng.choice(NOTHING)
    attrs = {
        "sequence": before.get("sequence", "0"),
        "type": kind,
        "timestamp": before.get("timestamp", ""),
        "player": rng.choice([str(s.seat - 1) for s in seed.hand.seats]),
    }
    if not attrs["timestamp"]:
        del attrs["timestamp"]
    if kind == "CHAT":
        attrs["text"] = rng.choice(CHATS).replace("<", "").replace("&", "and").replace('"', "")
    return put_after(text, at.end(), write_tag("event", attrs, "/>"))


def fold_as_sit_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fold written ``SIT_OUT``, by a player who had put chips in or acted before."""
    seen: set[str] = set()
    folds = []
    for m in events(text):
        a = attributes(m)
        seat, kind = a.get("player", ""), a.get("type", "")
        if kind == "FOLD" and seat in seen:
            folds.append(m)
        if kind not in NOTHING:
            seen.add(seat)
    if not folds:
        return None
    m = rng.choice(folds)
    a = attributes(m)
    a["type"] = "SIT_OUT"
    return set_tag(text, m, a)


def all_in_without_amount(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ``ALL_IN`` outside the blinds round without its amount, where it is what the
    player had left."""
    left = {
        attributes(m).get("seat", ""): Decimal(
            re.sub(r"[^\d.]", "", attributes(m).get("balance", "0")) or 0
        )
        for m in start_tag_re("player").finditer(text)
    }
    if seed.hand.game_type.value != "cash":
        return None  # a tournament balance is after the blinds (docs/SITES.md)
    blinds_end = text.find("</round>", text.find('id="BLINDS"'))
    for m in events(text):
        a = attributes(m)
        seat, amount = a.get("player", ""), a.get("amount", "")
        if not re.fullmatch(r"\d+(?:\.\d+)?", amount) or seat not in left:
            continue
        left[seat] -= Decimal(amount)
        if a.get("type") == "ALL_IN" and left[seat] == 0 and m.start() > blinds_end:
            del a["amount"]
            return set_tag(text, m, a)
    return None


def raise_is_total(text: str) -> bool:
    """``RAISE`` is the street total in this text: its first event's time is from
    2010-09-08 ET on."""
    stamps = [attributes(m).get("timestamp", "") for m in events(text)]
    first = next((s for s in stamps if s.isdigit()), None)
    return first is None or datetime.fromtimestamp(int(first) / 1000, UTC) >= RAISE_TO_FROM


def all_in_written_otherwise(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ``ALL_IN`` (the chips added) written as the ``CALL``, ``BET`` or ``RAISE`` it
    is, or one of those that puts a player's last chip in written ``ALL_IN``; a cash
    hand's, outside the blinds round."""
    if seed.hand.game_type.value != "cash" or re.search(r'type="(?:RETURN_BLIND|ANTE)"', text):
        return None
    stacks = {
        attributes(m).get("seat", ""): Decimal(
            re.sub(r"[^\d.]", "", attributes(m).get("balance", "")) or 0
        )
        for m in start_tag_re("player").finditer(text)
    }
    totals = raise_is_total(text)
    spent: dict[str, Decimal] = {}
    live: dict[str, Decimal] = {}
    changes: dict[int, tuple[str, Decimal]] = {}
    for r in start_tag_re("round").finditer(text):
        rid = attributes(r).get("id", "")
        if rid not in ("BLINDS", "PREFLOP"):
            live = {}
        close = text.find("</round>", r.end())
        for m in start_tag_re("event").finditer(text, r.end(), close if close >= 0 else len(text)):
            a = attributes(m)
            kind, seat, amount = a.get("type", ""), a.get("player", ""), a.get("amount", "")
            if not re.fullmatch(r"\d+(?:\.\d+)?", amount) or seat not in stacks:
                continue
            value = Decimal(amount)
            facing = max(live.values(), default=Decimal(0))
            before = live.get(seat, Decimal(0))
            added = value - before if kind == "RAISE" and totals else value
            live[seat] = before + added
            spent[seat] = spent.get(seat, Decimal(0)) + added
            if rid == "BLINDS" or kind not in ("CALL", "BET", "RAISE", "ALL_IN"):
                continue
            if added <= 0 or spent[seat] < stacks[seat]:
                continue
            total = before + added
            if kind != "ALL_IN":
                changes[m.start()] = ("ALL_IN", added)
            elif total <= facing:
                changes[m.start()] = ("CALL", added)
            elif facing == 0 and rid != "PREFLOP":
                changes[m.start()] = ("BET", added)
            else:
                changes[m.start()] = ("RAISE", total if totals else added)
    if not changes:
        return None
    start = rng.choice(sorted(changes))

    def each(m: re.Match[str]) -> str:
        if m.start() != start:
            return m[0]
        a = attributes(m)
        a["type"], value = changes[start]
        a["amount"] = f"{value:.2f}"
        return write_tag("event", a, m["end"])

    return start_tag_re("event").sub(each, text)


def winners(text: str) -> list[re.Match[str]]:
    return list(start_tag_re("winner").finditer(text))


def folded_into_award(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The returned bet (``uncalled="true"``) folded into its player's award, as older
    files print it (the audit takes the derived return out)."""
    found = winners(text)
    back = [m for m in found if attributes(m).get("uncalled") == "true"]
    if len(back) != 1 or len(seed.hand.uncalled) != 1:
        return None
    r = attributes(back[0])
    mine = [m for m in found if attributes(m).get("player") == r.get("player") and m is not back[0]]
    mine = [m for m in mine if attributes(m).get("uncalled") != "true"]
    if len(mine) > 1:
        return None
    if not mine:
        r["uncalled"] = "false"
        r["potnumber"] = "1"
        return set_tag(text, back[0], r)
    a = attributes(mine[0])
    a["amount"] = f"{Decimal(a['amount']) + Decimal(r['amount']):.2f}"
    new = set_tag(text, mine[0], a)
    gone = next(m for m in winners(new) if attributes(m).get("uncalled") == "true")
    return drop_element(new, gone)


def return_in_award(parts: Fingerprint, seed: Seed) -> Fingerprint:
    """The return (as the parts have it so far: scaled, maybe) in its player's award."""
    ((back_to, back),) = parts["returns"]
    awards = list(parts["awards"])
    mine = [i for i, a in enumerate(awards) if a[3] == back_to]
    if mine:
        run, pot, half, player, amount = awards[mine[0]]
        awards[mine[0]] = (run, pot, half, player, amount + back)
    else:
        awards.append((0, 0, "", back_to, back))
    return {**parts, "awards": tuple(sorted(awards)), "returns": ()}


def returned_apart(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The unmatched bet an award holds (older files) given back apart, as
    ``<winner uncalled="true">``."""
    if seed.hand.uncalled or seed.hand.cancelled:
        return None
    back_to, back = unmatched(seed)
    if not back or back_to is None:
        return None
    seat = str(next(s.seat for s in seed.hand.seats if s.player == back_to) - 1)
    mine = [m for m in winners(text) if attributes(m).get("player") == seat]
    if len(mine) != 1:
        return None
    a = attributes(mine[0])
    amount = Decimal(a.get("amount", "0")) * seed.hand.unit
    if amount < back or amount != sum(
        c.amount for c in seed.hand.collections if c.player == back_to
    ):
        return None
    a["amount"] = f"{(amount - back) / seed.hand.unit:.2f}"
    new = set_tag(text, mine[0], a)
    returned = {
        "amount": f"{Decimal(back) / seed.hand.unit:.2f}",
        "uncalled": "true",
        "potnumber": str(int(a.get("potnumber", "1")) + 1),
        "player": seat,
        "pottype": "n",
    }
    m = next(w for w in winners(new) if attributes(w).get("player") == seat)
    return put_after(new, m.end(), write_tag("winner", returned, "/>"))


# -------------------------------------------------------- the hand moved across 2010-09-08

MOVE = timedelta(days=800)


def moved(parts: Fingerprint, seed: Seed) -> Fingerprint:
    (when,) = parts["time"]
    assert when is not None
    shift = -MOVE if when >= RAISE_TO_FROM else MOVE
    return {**parts, "time": (when + shift,)}


def across_the_change(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every time 800 days earlier (or later), across 2010-09-08 ET: the raises written
    as the chips they add (before) or as the street total (from then on)."""
    when = seed.hand.started_at
    if when is None or re.search(r'type="(?:RETURN_BLIND|ANTE|INITIAL_BLIND)"', text):
        return None
    to_totals = when < RAISE_TO_FROM
    shift = MOVE if to_totals else -MOVE
    if (when + shift >= RAISE_TO_FROM) == (when >= RAISE_TO_FROM):
        return None
    live: dict[str, Decimal] = {}
    out = []
    at = 0
    for r in start_tag_re("round").finditer(text):
        if attributes(r).get("id") not in ("BLINDS", "PREFLOP"):
            live = {}  # a street of its own
        close = text.find("</round>", r.end())
        for m in start_tag_re("event").finditer(text, r.end(), close if close >= 0 else len(text)):
            a = attributes(m)
            kind, seat, amount = a.get("type", ""), a.get("player", ""), a.get("amount", "")
            stamp = a.get("timestamp", "")
            changed = False
            if stamp.isdigit():
                a["timestamp"] = str(int(stamp) + int(shift.total_seconds() * 1000))
                changed = True
            if re.fullmatch(r"\d+(?:\.\d+)?", amount):
                value = Decimal(amount)
                before = live.get(seat, Decimal(0))
                if kind == "RAISE":
                    total = before + value if to_totals else value
                    a["amount"] = f"{total if to_totals else value - before:.2f}"
                    live[seat] = total
                elif kind in ("SMALL_BLIND", "BIG_BLIND", "CALL", "BET", "ALL_IN"):
                    live[seat] = before + value
            elif kind == "ALL_IN":
                return None  # what it puts in is the stack's rest: not followed here
            if changed or a.get("amount") != amount:
                out += [text[at : m.start()], write_tag("event", a, m["end"])]
                at = m.end()
    if not out:
        return None
    new = "".join(out) + text[at:]
    game = game_tag(new)
    assert game is not None
    g = attributes(game)
    g["starttime"] = (when + shift).strftime("%Y%m%d%H%M%S")
    data = re.split(r"([|:])", g.get("data", ""))
    if data and re.fullmatch(r"\d{8}", data[0]):
        data[0] = (when + shift).strftime("%Y%m%d")
        g["data"] = "".join(data)
    return set_tag(new, game, g)


def scale_edit(factor: int) -> Edit:
    """Every amount ``factor`` times larger: events, winners, balances, the stakes."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if splits_a_pot(seed):
            return None

        def times(m: re.Match[str]) -> str:
            figure = m[0]
            value = Decimal(figure) * factor
            return f"{value:.2f}" if "." in figure else str(int(value))

        def each(attrs: dict[str, str]) -> bool:
            done = False
            for name in ("amount", "balance"):
                if name in attrs and re.search(r"\d", attrs[name]):
                    attrs[name] = re.sub(r"\d+(?:\.\d+)?", times, attrs[name])
                    done = True
            if "stakes" in attrs:
                attrs["stakes"] = re.sub(r"\d+(?:\.\d+)?", times, attrs["stakes"])
                done = True
            return done

        return edit_tags(text, "event|winner|player|description", each)

    return edit


def suits_edit(exchange: Exchange) -> Edit:
    swap = letters(r"\b(?P<rank>10|[2-9TJQKA])(?P<suit>[cdhs])\b", exchange)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def each(attrs: dict[str, str]) -> bool:
            if not attrs.get("cards"):
                return False
            attrs["cards"] = swap(attrs["cards"])
            return True

        return edit_tags(text, "cards", each)

    return edit


EARLIER_DESCRIPTION = '<description type="Holdem" stakes="No Limit ($1/$2)"/>'
"""Another game's description with no game: the game after the next one is read with
the next one."""


def earlier_description(text: str, seed: Seed, rng: random.Random) -> str | None:
    desc = description(text)
    return put_before(text, desc.start(), EARLIER_DESCRIPTION) if desc else None


TABLE: list[Rewrite] = [
    rewrite(
        "a mixed game's hand",
        "game",
        '`type="HORSE|RASH|HA|HO|SHOE|HOSE|HAR"` with the game\'s `multigametype` (4 Omaha, '
        "34/35/37 Omaha Hi/Lo)",
        as_mixed_game,
    ),
    rewrite(
        "data split otherwise",
        "data",
        "`data` split on `|` or `:` (before 2010-09)",
        data_split,
    ),
    rewrite(
        "starttime written otherwise",
        "starttime",
        "`starttime` (a zone only in the newest files); the first event's time the start",
        start_stamp,
    ),
    rewrite(
        "dealtin flags",
        "dealtin",
        "`<player seat nickname balance dealtin>`: a seat with no event was not dealt in",
        dealtin_flags,
    ),
    rewrite(
        "a seat with no event",
        "seat",
        "`<player seat nickname balance dealtin>`: a seat with no event was not dealt in",
        seat_with_no_event,
        changes=("seats",),
    ),
    rewrite(
        "an event that moves nothing",
        "noise",
        "`CHAT`, `SHOW`, `MUCK`, `PLAYER_OUT`, `SIT_IN`, `TIMEOUT`, `DISCONNECTED`, "
        "`RECONNECTED`, `LEAVE`, `SITTING_OUT`, `RABBIT`: nothing",
        noise_event,
    ),
    rewrite(
        "a fold as SIT_OUT",
        "sit out",
        "`SIT_OUT`: a fold by a player already in the hand",
        fold_as_sit_out,
    ),
    rewrite(
        "an all-in written otherwise",
        "all-in",
        "`CALL`, `BET`, `ALL_IN` X: the chips added; `RAISE` X the street total (2010-09-08 "
        "on): an all-in is a bet, call or raise by what it puts in",
        all_in_written_otherwise,
    ),
    rewrite(
        "ALL_IN without its amount",
        "all-in",
        "`ALL_IN` without an amount: what the player had left",
        all_in_without_amount,
    ),
    rewrite(
        "the returned bet inside the award",
        "returned bet",
        "`<winner amount uncalled potnumber player>`: older files fold the unmatched bet into "
        "the winner's amount",
        folded_into_award,
        expect=return_in_award,
    ),
    rewrite(
        "the unmatched bet returned apart",
        "returned bet",
        '`<winner … uncalled="true">`: a returned bet',
        returned_apart,
        expect=bet_returned_apart,
    ),
    rewrite(
        "the hand moved across 2010-09-08",
        "era",
        "`RAISE` the street total from 2010-09-08 ET, the chips added before",
        across_the_change,
        expect=moved,
    ),
    *scale_rewrites("amounts plain decimals, `$` in balances, none in play money", scale_edit),
    *suit_rewrites(suits_edit, '`<cards type="COMMUNITY|HOLE|SHOWN|MUCKED" cards="4h,Qs,Qd">`'),
    rewrite(
        "an earlier description",
        "document",
        "each hand a `<description>` followed by a `<game>`: the description before it counts",
        earlier_description,
    ),
    rewrite(
        "attributes in another order",
        "attribute order",
        "XML: attributes in any order",
        shuffle_attributes("description|game|players|player|round|event|cards|winner"),
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
