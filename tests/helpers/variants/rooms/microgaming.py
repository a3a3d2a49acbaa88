"""Microgaming XML's rewrites (docs/SITES.md, "Microgaming XML").

A seed is one ``<Game>`` (:mod:`tests.helpers.variants.document`). Another
``hhversion``, or none (version 1: calls and raises as street totals), and back; the
game's other names and the multi-table prefix; the currency symbol in base64 or as
itself, and another currency; the optional ``rake``, ``tablesize``, ``badbeat`` left
out; a seat sitting out, flagged or not; disconnections and an unseen muck among the
actions, the actions printed out of ``seq`` order; the unmatched bet a ``Win`` holds
returned apart; amounts scaled; the suits exchanged; the client's text around the
hand, the attributes' order, the layout and the byte-order mark.
"""

from __future__ import annotations

import base64
import random
import re
from decimal import Decimal

from tests.helpers.variants.document import (
    attributes,
    bom_edit,
    edit_tags,
    layout_edit,
    put_after,
    put_before,
    shuffle_attributes,
    start_tag_re,
    write_tag,
)
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.rewrite import Edit, Rewrite, newcomer, rewrite, scale_rewrites
from tests.helpers.variants.rooms.ipoker import bet_returned_apart, unmatched
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, letters, numbered, suit_rewrites

STREETS = ("DealFlop", "DealTurn", "DealRiver")
POSTS = ("SmallBlind", "BigBlind", "PostedToPlay")


def game_attrs(text: str) -> dict[str, str]:
    m = start_tag_re("Game").search(text)
    return attributes(m) if m else {}


def set_game(text: str, change: dict[str, str | None]) -> str | None:
    """The ``<Game>``'s attributes set (None: left out)."""

    def each(attrs: dict[str, str]) -> bool:
        before = dict(attrs)
        for k, v in change.items():
            if v is None:
                attrs.pop(k, None)
            else:
                attrs[k] = v
        return attrs != before

    return edit_tags(text, "Game", each)


def actions(text: str) -> list[re.Match[str]]:
    return list(start_tag_re("Action").finditer(text))


def seq_order(text: str) -> list[re.Match[str]]:
    """The ``<Action>`` tags in the order the reader reads them (by ``seq``)."""
    found = actions(text)
    return sorted(found, key=lambda m: int(attributes(m).get("seq") or 1 << 30))


def figure(value: Decimal) -> str:
    return f"{value:.2f}"


def street_totals(text: str, to_totals: bool) -> str | None:
    """``Call`` and ``Raise`` (and a pre-flop ``Bet``) values as the street totals they
    make (``to_totals``: version 1), or as the chips added from such totals."""
    live: dict[str, Decimal] = {}
    street = "preflop"
    changes: dict[int, str] = {}
    acted = False
    posts = 0
    for m in seq_order(text):
        attrs = attributes(m)
        kind, seat = attrs.get("type", ""), attrs.get("seat", "")
        if kind in STREETS:
            street, live = kind, {}
            continue
        if kind in ("Fold", "Check"):
            acted = True
        if "value" not in attrs or kind not in (*POSTS, "Call", "Bet", "Raise", "AllIn"):
            continue
        value = Decimal(attrs["value"])
        before = live.get(seat, Decimal(0))
        if kind in POSTS or (kind == "AllIn" and not acted and posts < 2):
            posts += kind != "PostedToPlay"
            live[seat] = before + value
            continue
        acted = True
        totals = kind in ("Call", "Raise") or (kind == "Bet" and street == "preflop")
        if not totals:
            live[seat] = before + value
            continue
        if to_totals:
            live[seat] = before + value
            changes[m.start()] = figure(live[seat])
        else:
            live[seat] = value
            changes[m.start()] = figure(value - before)
    if not changes:
        return None
    out = []
    at = 0
    for m in actions(text):
        if m.start() in changes:
            attrs = attributes(m)
            attrs["value"] = changes[m.start()]
            out += [text[at : m.start()], write_tag("Action", attrs, m["end"])]
            at = m.end()
    return "".join(out) + text[at:]


def version_one(text: str, seed: Seed, rng: random.Random) -> str | None:
    """No ``hhversion`` (version 1): calls, raises and pre-flop bets as street totals."""
    attrs = game_attrs(text)
    if attrs.get("hhversion", "1") == "1":
        return None
    new = street_totals(text, to_totals=True)
    if new is None:
        return None
    return set_game(new, {"hhversion": None, "unicodetablename": attrs.get("unicodetablename", "")})


def version_five(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A version 1 game given ``hhversion``: every value the chips added."""
    if "hhversion" in game_attrs(text):
        return None
    new = street_totals(text, to_totals=False) or text
    return set_game(new, {"hhversion": rng.choice(("2", "4", "5"))})


def other_version(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Another version of those that print the chips added (2, 4, 5)."""
    now = game_attrs(text).get("hhversion")
    if now not in ("2", "4", "5"):
        return None
    return set_game(text, {"hhversion": rng.choice([v for v in ("2", "4", "5") if v != now])})


def all_in_written_otherwise(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An action that puts a player's last chip in as ``AllIn`` or as the ``Call``,
    ``Bet`` or ``Raise`` it is (each the chips added: versions 2 to 5)."""
    if game_attrs(text).get("hhversion", "1") == "1":
        return None
    stacks = {
        attributes(m).get("num", ""): Decimal(attributes(m).get("balance") or 0)
        for m in seats(text)
    }
    spent: dict[str, Decimal] = {}
    live: dict[str, Decimal] = {}
    acted = False
    posts = 0
    changes: dict[int, str] = {}
    for m in seq_order(text):
        attrs = attributes(m)
        kind, seat = attrs.get("type", ""), attrs.get("seat", "")
        if kind in STREETS:
            live = {}
            continue
        if kind in ("Fold", "Check"):
            acted = True
        if kind not in (*POSTS, "Call", "Bet", "Raise", "AllIn") or "value" not in attrs:
            continue
        value = Decimal(attrs["value"])
        facing = max(live.values(), default=Decimal(0))
        total = live.get(seat, Decimal(0)) + value
        live[seat] = total
        spent[seat] = spent.get(seat, Decimal(0)) + value
        if kind in POSTS or (kind == "AllIn" and not acted and posts < 2):
            posts += kind != "PostedToPlay"
            continue  # a blind, posted all-in or not
        acted = True
        if seat not in stacks or spent[seat] < stacks[seat] or value <= 0:
            continue
        plain = "Call" if total <= facing else "Bet" if facing == 0 else "Raise"
        changes[m.start()] = plain if kind == "AllIn" else "AllIn"
    if not changes:
        return None
    start = rng.choice(sorted(changes))

    def each(m: re.Match[str]) -> str:
        if m.start() != start:
            return m[0]
        attrs = attributes(m)
        attrs["type"] = changes[start]
        return write_tag("Action", attrs, m["end"])

    return start_tag_re("Action").sub(each, text)


HI_LO_NAMES = ("Omaha H/L", "Omaha Hi/Lo", "Omaha HiLo")


def game_name(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Omaha H/L`` named otherwise, or ``Multi Table `` before the game."""
    now = game_attrs(text).get("gametype", "")
    bare = now.removeprefix("Multi Table ")
    if rng.random() < 0.5 and bare in HI_LO_NAMES:
        new = rng.choice([n for n in HI_LO_NAMES if n != bare])
    else:
        new = bare if now.startswith("Multi Table ") else "Multi Table " + bare
    return set_game(text, {"gametype": new})


def b64(symbol: str) -> str:
    return base64.b64encode(symbol.encode("utf-16-le")).decode("ascii")


SYMBOL_FORMS = {
    "EUR": ("€", " € ", "", b64("€"), b64(" € "), b64(" €")),
    "USD": ("$", " $ ", b64("$"), b64(" $ "), b64(" $")),
    "GBP": ("£", b64("£"), b64(" £ ")),
}
"""Each currency's ``currencysymbol``: base64 of the UTF-16 symbol (``rCA=``, with the
spaces ``IACsIA==`` carries), the symbol itself, and for the network's euro none."""


def symbol_form(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The currency symbol written another way."""
    forms = SYMBOL_FORMS.get(seed.hand.currency)
    now = game_attrs(text).get("currencysymbol")
    if not forms or now is None:
        return None
    return set_game(text, {"currencysymbol": rng.choice([f for f in forms if f != now])})


def other_currency(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Another currency's symbol."""
    if seed.hand.currency not in SYMBOL_FORMS:
        return None
    code = rng.choice([c for c in SYMBOL_FORMS if c != seed.hand.currency])
    return set_game(text, {"currencysymbol": rng.choice(SYMBOL_FORMS[code])})


def left_out(*names: str) -> Edit:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not any(n in game_attrs(text) for n in names):
            return None
        return set_game(text, dict.fromkeys(names))

    return edit


def no_rake_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``rake="0"`` left out: no rake printed (one taken must be printed: the pots less
    the awards are not read as rake)."""
    if game_attrs(text).get("rake") != "0":
        return None
    return set_game(text, {"rake": None})


def rake_not_printed(parts: Fingerprint, seed: Seed) -> Fingerprint:
    *head, _, jackpot, fees, drop = parts["totals"]
    return {**parts, "totals": (*head, None, jackpot, fees, drop)}


def seats(text: str) -> list[re.Match[str]]:
    """The ``<Seat>`` tags of ``<Seats>`` (not a ``Win``'s)."""
    start = text.find("<Seats")
    end = text.find("</Seats>", start)
    return [m for m in start_tag_re("Seat").finditer(text) if start < m.start() < end]


def seat_sitting_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's seat with no action, flagged ``sittingout`` or not (not dealt in
    either way)."""
    found = seats(text)
    taken = {int(attributes(m).get("num", "0")) for m in found}
    free = [n for n in range(1, (seed.hand.max_seats or 10) + 1) if n not in taken]
    if not found or not free:
        return None
    seat = rng.choice(free)
    balance = attributes(found[0]).get("balance", "0.00")
    attrs = {
        "num": str(seat),
        "alias": newcomer(seed, rng),
        "unicodealias": "",
        "balance": balance,
        "endbalance": balance,
    }
    if rng.random() < 0.5:
        attrs["sittingout"] = "true"
    element = write_tag("Seat", attrs, " />" if found[0]["end"].strip() == "/>" else "/>")
    later = [m for m in found if int(attributes(m).get("num", "0")) > seat]
    if later:
        return put_before(text, later[0].start(), element)
    return put_after(text, found[-1].end(), element)


def renumbered(text: str, after: int) -> str:
    """``seq`` of every action from the one numbered ``after`` + 1 on, one more."""

    def each(attrs: dict[str, str]) -> bool:
        seq = attrs.get("seq", "")
        if seq.isdigit() and int(seq) > after:
            attrs["seq"] = str(int(seq) + 1)
            return True
        return False

    return edit_tags(text, "Action", each) or text


def with_action(text: str, make: str, at: re.Match[str]) -> str:
    """The action ``make`` (``{seq}`` for its number) put in after the action ``at``,
    numbered after it, the later ones renumbered."""
    seq = int(attributes(at).get("seq", "0"))
    closed = at["end"].strip() == "/>"
    end = at.end() if closed else text.find("</Action>", at.end()) + len("</Action>")
    new = put_after(text, end, make.format(seq="new"))
    return renumbered(new, seq).replace('seq="new"', f'seq="{seq + 1}"')


def disconnection(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A ``Disconnect`` (and ``Reconnect``) of a seated player among the actions."""
    numbered_actions = [m for m in seq_order(text) if attributes(m).get("seq", "").isdigit()]
    if not numbered_actions:
        return None
    at = rng.choice(numbered_actions)
    seat = rng.choice([s.seat for s in seed.hand.seats])
    kind = rng.choice(("Disconnect", "Reconnect"))
    return with_action(text, f'<Action seq="{{seq}}" type="{kind}" seat="{seat}"/>', at)


def unseen_muck(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A ``MuckCards`` without cards (unseen) by a player dealt in, before the ``Win``."""
    numbered_actions = [m for m in seq_order(text) if attributes(m).get("seq", "").isdigit()]
    players = [s.seat for s in seed.hand.seats if not s.sitting_out]
    if not numbered_actions or not players:
        return None
    last = numbered_actions[-1]
    seat = rng.choice(players)
    return with_action(text, f'<Action seq="{{seq}}" type="MuckCards" seat="{seat}"/>', last)


def shuffled(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The actions printed in another order (each keeps its ``seq``; the ``Win``, which
    has none, comes last all the same)."""
    start = text.find("<Gameplay")
    end = text.rfind("</Gameplay>")
    if start < 0 or end < 0:
        return None
    body = text[start:end]
    spans = []
    for m in start_tag_re("Action").finditer(body):
        if m["end"].strip() == "/>":
            spans.append((m.start(), m.end()))
        else:
            close = body.find("</Action>", m.end())
            spans.append((m.start(), close + len("</Action>")))
    spans = [s for s in spans if 'type="Win"' not in body[s[0] : s[1]]]
    if len(spans) < 2:
        return None
    pieces = [body[s:e] for s, e in spans]
    order = rng.sample(pieces, len(pieces))
    if order == pieces:
        order = pieces[1:] + pieces[:1]
    out = []
    at = 0
    for (s, e), piece in zip(spans, order, strict=True):
        out += [body[at:s], piece]
        at = e
    out.append(body[at:])
    return text[:start] + "".join(out) + text[end:]


def returned_apart(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The unmatched bet a ``Win`` holds given back by a ``MoneyReturned`` before it
    (hhversion 2), the ``Win`` without it."""
    if 'type="MoneyReturned"' in text or seed.hand.cancelled:
        return None
    back_to, back = unmatched(seed)
    if not back or back_to is None:
        return None
    seat = next(str(s.seat) for s in seed.hand.seats if s.player == back_to)
    win = text.find('type="Win"')
    mine = [
        m
        for m in start_tag_re("Seat").finditer(text, win)
        if win >= 0 and attributes(m).get("num") == seat
    ]
    if len(mine) != 1:
        return None
    attrs = attributes(mine[0])
    amount = Decimal(attrs.get("amount", "0")) * seed.hand.unit
    if amount < back or amount != sum(
        c.amount for c in seed.hand.collections if c.player == back_to
    ):
        return None
    attrs["amount"] = figure((amount - back) / seed.hand.unit)
    m = mine[0]
    new = text[: m.start()] + write_tag("Seat", attrs, m["end"]) + text[m.end() :]
    last = [a for a in seq_order(new) if attributes(a).get("seq", "").isdigit()][-1]
    value = figure(Decimal(back) / seed.hand.unit)
    return with_action(
        new, f'<Action seq="{{seq}}" type="MoneyReturned" seat="{seat}" value="{value}"/>', last
    )


def scale_edit(factor: int) -> Edit:
    """Every amount ``factor`` times larger: the stakes, balances, values, the rake."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if splits_a_pot(seed):
            return None

        def times(value: str) -> str | None:
            if not re.fullmatch(r"\d+(?:\.\d+)?", value):
                return None
            return figure(Decimal(value) * factor) if "." in value else str(int(value) * factor)

        def each(attrs: dict[str, str]) -> bool:
            done = False
            for name in ("balance", "endbalance", "value", "amount", "rake"):
                new = times(attrs.get(name, ""))
                if new is not None:
                    attrs[name] = new
                    done = True
            if "stakes" in attrs:
                parts = [times(p) for p in attrs["stakes"].split("|")]
                if None not in parts:
                    attrs["stakes"] = "|".join(p for p in parts if p)
                    done = True
            return done

        return edit_tags(text, "Game|Seat|Action", each)

    return edit


CARD_IDS = "scdh"
"""The ``id`` of a ``<Card>``: 0-12 the spades ace to king, then clubs, diamonds, hearts
(as the corpus's files number them; the reader reads ``value`` and ``suit``)."""


def suits_edit(exchange: Exchange) -> Edit:
    swap = letters(r"(?P<suit>[cdhs])", exchange)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def each(attrs: dict[str, str]) -> bool:
            if "suit" not in attrs:
                return False
            if attrs.get("id", "").isdigit():
                attrs["id"] = str(numbered(int(attrs["id"]), CARD_IDS, exchange))
            attrs["suit"] = swap(attrs["suit"])
            return True

        return edit_tags(text, "Card", each)

    return edit


CLIENT_TEXT = ("----PRIMA.DAT----", "ExtendedTableName: Kalle - €200 Max", "Table: 1")


def client_text(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The client's text before and after the hand (``----PRIMA.DAT----``, …)."""
    body = text.lstrip("\ufeff")
    before = rng.choice(CLIENT_TEXT)
    after = rng.choice(("", "\n" + rng.choice(CLIENT_TEXT)))
    return text[: len(text) - len(body)] + before + "\n" + body.rstrip("\n") + after + "\n"


TABLE: list[Rewrite] = [
    rewrite(
        "version 1: street totals",
        "version",
        "a `<Game id … unicodetablename …>` without `hhversion` (version 1): `Call`, `Raise` "
        "and a pre-flop `Bet` are street totals",
        version_one,
    ),
    rewrite(
        "a version given: chips added",
        "version",
        '`<Game hhversion="2|4|5" …>`: every value the chips added',
        version_five,
    ),
    rewrite(
        "another version",
        "version",
        '`<Game hhversion="2|4|5" …>`',
        other_version,
    ),
    rewrite(
        "an all-in written otherwise",
        "all-in",
        "`Call`, `Bet`, `Raise`, `AllIn`: the chips added; an action that puts a last chip "
        "in is all-in",
        all_in_written_otherwise,
    ),
    rewrite(
        "the game named otherwise",
        "game",
        "`gametype` `Omaha`, `Omaha H/L` (and `Omaha Hi/Lo`, `Omaha HiLo`), a "
        "`Multi Table ` prefix",
        game_name,
    ),
    rewrite(
        "the currency symbol written otherwise",
        "currency",
        '`currencysymbol` base64 of UTF-16 (`rCA=` €, `IACsIA==` " €", `IAAkAA==` " $"), a '
        "literal `$` (spaces around it or not); an empty one: EUR",
        symbol_form,
    ),
    rewrite(
        "another currency",
        "currency",
        "`currencysymbol`",
        other_currency,
        changes=("currency",),
    ),
    rewrite(
        "no rake left out",
        "rake",
        '`<Game … [rake] …>` (`rake="300"`: cents)',
        no_rake_left_out,
        expect=rake_not_printed,
    ),
    rewrite(
        "table size and bad beat left out",
        "noise",
        "`<Game … [rake] [tablesize] [badbeat]>`",
        left_out("tablesize", "badbeat"),
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        '`<Seat num alias balance endbalance [dealer] [sittingout="true"]>`; a seat with no '
        "action is not dealt in, flagged or not",
        seat_sitting_out,
        changes=("seats",),
    ),
    rewrite(
        "a disconnection",
        "noise",
        "`Disconnect`, `Reconnect`: nothing",
        disconnection,
    ),
    rewrite(
        "an unseen muck",
        "noise",
        "`MuckCards` without `<Card>` children: unseen",
        unseen_muck,
    ),
    rewrite(
        "actions out of seq order",
        "order",
        "`<Gameplay>` with `<Action seq type seat [value]>`: read in `seq` order",
        shuffled,
    ),
    rewrite(
        "the unmatched bet returned apart",
        "returned bet",
        "`MoneyReturned`: a returned bet (`Win` amounts include an unmatched bet unless a "
        "`MoneyReturned` gives it back)",
        returned_apart,
        expect=bet_returned_apart,
    ),
    *scale_rewrites('`stakes="SB|BB"`, balances, values (`rake` in cents)', scale_edit),
    *suit_rewrites(suits_edit, "cards as `<Card value suit id>` children"),
    rewrite(
        "the client's text around the hand",
        "document",
        "client text around the `<Game>` (`----PRIMA.DAT----`, `ExtendedTableName: …`)",
        client_text,
    ),
    rewrite(
        "attributes in another order",
        "attribute order",
        "XML: attributes in any order",
        shuffle_attributes("Game|Seat|Action|Card"),
    ),
    rewrite("another layout", "layout", "XML: whitespace between elements", layout_edit),
    rewrite("a byte-order mark", "bom", "UTF-8 with or without BOM", bom_edit),
]
