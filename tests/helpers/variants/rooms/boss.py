"""Boss Media XML's rewrites (docs/SITES.md, "Boss Media XML and IGT JSON").

A seed is one ``<HISTORY>`` (:mod:`tests.helpers.variants.document`). Omaha as
``GAME_OMATU`` (2009); the hand under ``<ROOT>``; an empty, a reserved and a
sitting-out seat; no ``DEALER`` (2009: the button told by the small blind); calls as the
street total (2009, 2012); the boards' running pots, the showdown's zero rake, the
results' hand words and the header's figures nobody reads left out; players' names
with HTML entity names or character references; amounts scaled; the attributes' order,
the layout, the declaration and the byte-order mark.
"""

from __future__ import annotations

import html.entities
import random
import re
from decimal import Decimal

from omahahh.model import GameType
from tests.helpers.variants.document import (
    attributes,
    bom_edit,
    declaration_edit,
    edit_tags,
    layout_edit,
    put_after,
    put_before,
    shuffle_attributes,
    start_tag_re,
    write_tag,
)
from tests.helpers.variants.rewrite import Edit, Rewrite, newcomer, rewrite, scale_rewrites
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, numbered, suit_rewrites

MONEY_ATTRS = ("AMOUNT", "VALUE", "WIN", "POT", "RAKE", "MAINPOT", "BET", "LOSS", "BANKROLL")
"""Attributes holding amounts (``VALUE`` of a board names the street: not a figure)."""


def figure_times(text: str, factor: int) -> str | None:
    """``"2.50"`` ``factor`` times, as the room prints figures (two decimals)."""
    if not re.fullmatch(r"\d+(?:\.\d+)?", text):
        return None
    return f"{Decimal(text) * factor:.2f}" if "." in text else str(int(text) * factor)


def scale_edit(factor: int) -> Edit:
    """Every amount ``factor`` times larger, the stakes with them."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if splits_a_pot(seed):
            return None

        def each(attrs: dict[str, str]) -> bool:
            done = False
            for name in MONEY_ATTRS:
                new = figure_times(attrs.get(name, ""), factor)
                if new is not None:
                    attrs[name] = new
                    done = True
            if "STAKES" in attrs:
                low, _, high = attrs["STAKES"].partition("/")
                parts = [figure_times(low, factor), figure_times(high, factor)]
                if None not in parts:
                    attrs["STAKES"] = "/".join(p for p in parts if p)
                    done = True
            return done

        return edit_tags(text, "HISTORY|PLAYER|ACTION|SHOWDOWN|RESULT", each)

    return edit


def omatu(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``GAME_OMATU``: Omaha as the 2009 files name it."""
    new, n = re.subn(r'(<HISTORY\b[^>]*\bGAME=")GAME_OMA(")', r"\1GAME_OMATU\2", text, count=1)
    return new if n else None


def under_root(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The hand under ``<ROOT>`` (a file of many), or a declaration and ``<ROOT>``."""
    if "<ROOT" in text:
        return None
    body = text.lstrip("\ufeff")
    bom = text[: len(text) - len(body)]
    head = '<?xml version="1.0" encoding="UTF-8"?>\n' if rng.random() < 0.5 else ""
    if body.rstrip().endswith("</ROOT>"):  # a fixture cut from a longer file
        return bom + head + "<ROOT>\n" + body
    return bom + head + "<ROOT>\n" + body.rstrip("\n") + "\n</ROOT>\n"


def players(text: str) -> list[re.Match[str]]:
    return list(start_tag_re("PLAYER").finditer(text))


def new_seat(text: str, seed: Seed, rng: random.Random, state: str) -> str | None:
    """A ``<PLAYER>`` of ``state`` at a free seat, in seat order."""
    found = players(text)
    taken = {int(attributes(m).get("SEAT", "0")) for m in found}
    free = [n for n in range(1, 11) if n not in taken]
    if not found or not free:
        return None
    seat = rng.choice(free)
    if state == "STATE_EMPTY":
        name, amount = "UNKNOWN", "0.00"
    else:
        name, amount = newcomer(seed, rng), attributes(found[0]).get("AMOUNT", "0.00")
    attrs = {"NAME": name, "SEAT": str(seat), "AMOUNT": amount, "STATE": state, "DEALER": "N"}
    element = write_tag("PLAYER", attrs, ">") + "</PLAYER>"
    later = [m for m in found if int(attributes(m).get("SEAT", "0")) > seat]
    if later:
        return put_before(text, later[0].start(), element)
    end = text.find("</PLAYER>", found[-1].end())
    return put_after(text, end + len("</PLAYER>"), element) if end >= 0 else None


def seat_edit(state: str) -> Edit:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        return new_seat(text, seed, rng, state)

    return edit


def derived_button(seed: Seed) -> int | None:
    """The button the reader tells from the small blind where no ``DEALER`` is named:
    the seat before the small blind's among those dealt in (heads-up: the small blind's)."""
    h = seed.hand
    small = next((a.player for a in h.actions if a.kind.value == "post_small_blind"), None)
    dealt = sorted(s.seat for s in h.seats if not s.sitting_out)
    seat = next((s.seat for s in h.seats if s.player == small), None)
    if seat is None or seat not in dealt or len(dealt) < 2:
        return None
    return seat if len(dealt) == 2 else dealt[dealt.index(seat) - 1]


def no_dealer(text: str, seed: Seed, rng: random.Random) -> str | None:
    """No ``DEALER`` on the players (2009), where the small blind tells the same button."""
    if seed.hand.button_seat is None or derived_button(seed) != seed.hand.button_seat:
        return None

    def each(attrs: dict[str, str]) -> bool:
        return attrs.pop("DEALER", None) is not None

    return edit_tags(text, "PLAYER", each)


def calls_as_totals(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Calls by a player with chips in on the street written as the street total they
    make (files of 2009 and 2012), where the call matches the bet in full."""
    if re.search(r'KIND="HAND_(?:AB|DSB|ANTE)"|TYPE="HAND_ANTE"', text):
        return None
    live: dict[str, Decimal] = {}
    out = []
    at = 0
    for m in start_tag_re("ACTION").finditer(text):
        attrs = attributes(m)
        kind, player = attrs.get("TYPE", ""), attrs.get("PLAYER", "")
        value = Decimal(attrs["VALUE"]) if re.fullmatch(r"[\d.]+", attrs.get("VALUE", "")) else None
        facing = max(live.values(), default=Decimal(0))
        if kind == "HAND_BOARD":
            live = {}
        elif kind in ("HAND_BLINDS", "ACTION_BET") and value is not None:
            live[player] = live.get(player, Decimal(0)) + value
        elif kind in ("ACTION_RAISE", "ACTION_ALLIN") and value is not None:
            live[player] = value
        elif kind == "ACTION_CALL" and value is not None:
            before = live.get(player, Decimal(0))
            if before and value == facing and before + value != facing:
                live[player] = facing  # already the street total
            elif before and before + value == facing:
                attrs["VALUE"] = f"{facing:.2f}"
                out += [text[at : m.start()], write_tag("ACTION", attrs, m["end"])]
                at = m.end()
                live[player] = facing
            else:
                live[player] = before + value
    if not out:
        return None
    return "".join(out) + text[at:]


Record = dict[str, object]


def all_in_forms(
    actions: list[Record], stacks: dict[str, Decimal], calls_total: bool, rng: random.Random
) -> dict[int, tuple[str, Decimal]]:
    """Which actions (by index) to write otherwise, and how (type, value): an action that
    puts a player's last chip in as ``ACTION_ALLIN`` (the street total) or as the call,
    bet or raise it is (a call's value the chips added, or the street total where
    ``calls_total``). ``actions``: Boss Media's attributes (``TYPE``, ``PLAYER``,
    ``VALUE``, ``KIND``), IGT's keys in its case; None where a blind is dead or an ante
    is posted (not followed here)."""
    spent: dict[str, Decimal] = {}
    live: dict[str, Decimal] = {}
    out: dict[int, tuple[str, Decimal]] = {}
    for i, a in enumerate(actions):
        kind, player = str(a.get("TYPE", "")), str(a.get("PLAYER", ""))
        text = str(a.get("VALUE", ""))
        value = Decimal(text) if re.fullmatch(r"\d+(?:\.\d+)?", text) else None
        if kind == "HAND_BOARD":
            live = {}
            continue
        if value is None or player not in stacks:
            continue
        facing = max(live.values(), default=Decimal(0))
        before = live.get(player, Decimal(0))
        if kind == "HAND_BLINDS" or kind == "ACTION_BET":
            added = value
        elif kind in ("ACTION_RAISE", "ACTION_ALLIN"):
            added = value - before
        elif kind == "ACTION_CALL":
            as_total = calls_total or (before and before + value != facing and value == facing)
            added = value - before if as_total else value
        else:
            continue
        total = before + added
        live[player] = total
        spent[player] = spent.get(player, Decimal(0)) + added
        if kind == "HAND_BLINDS" or added <= 0 or spent[player] < stacks[player]:
            continue
        if total <= facing:
            plain = ("ACTION_CALL", total if calls_total else added)
        elif facing == 0:
            plain = ("ACTION_BET", added)
        else:
            plain = ("ACTION_RAISE", total)
        forms = dict([plain, ("ACTION_ALLIN", total)])
        others = [k for k in forms if k != kind]
        if others:
            new = rng.choice(others)
            out[i] = (new, forms[new])
    return out


def all_in_written_otherwise(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An all-in as ``ACTION_ALLIN``, or as the call, bet or raise it is."""
    if re.search(r'KIND="HAND_(?:AB|DSB)"|TYPE="HAND_ANTE"', text):
        return None
    stacks = {
        attributes(m)["NAME"]: Decimal(attributes(m).get("AMOUNT", "0") or 0)
        for m in players(text)
        if "NAME" in attributes(m)
    }
    found = list(start_tag_re("ACTION").finditer(text))
    records: list[Record] = [dict(attributes(m)) for m in found]
    changes = all_in_forms(records, stacks, False, rng)
    if not changes:
        return None
    out = []
    at = 0
    for i, m in enumerate(found):
        if i in changes:
            attrs = attributes(m)
            attrs["TYPE"], value = changes[i][0], changes[i][1]
            attrs["VALUE"] = f"{value:.2f}"
            out += [text[at : m.start()], write_tag("ACTION", attrs, m["end"])]
            at = m.end()
    return "".join(out) + text[at:]


def attributes_left_out(tag: str, names: tuple[str, ...], when: str = "") -> Edit:
    """The attributes ``names`` of the ``tag`` elements left out (nothing reads them;
    ``when``: only where the attribute ``TYPE`` or ``VALUE`` matches it)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def each(attrs: dict[str, str]) -> bool:
            if when and not re.fullmatch(when, attrs.get("TYPE", "")):
                return False
            return bool([attrs.pop(n) for n in names if n in attrs])

        return edit_tags(text, tag, each)

    return edit


def zero_rake_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The showdown's ``RAKE="0.00"`` left out (no rake: 0)."""

    def each(attrs: dict[str, str]) -> bool:
        return attrs.get("RAKE") in ("0.00", "0") and attrs.pop("RAKE") is not None

    return edit_tags(text, "SHOWDOWN", each)


def header_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The header's ``SESSION``, ``GAMETYPE`` and figures (``BET POT WIN LOSS
    ENDTIME``) left out, and a cash hand's empty ``TABLETOURNEYID``."""
    names = ["SESSION", "GAMETYPE", "BET", "POT", "WIN", "LOSS", "ENDTIME"]
    if seed.hand.game_type is GameType.CASH:
        names.append("TABLETOURNEYID")
    return attributes_left_out("HISTORY", tuple(names))(text, seed, rng)


def names_as_entities(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Players' names' letters outside ASCII written as HTML entity names (``&Ouml;``)
    or character references (``&#214;``)."""
    letters = {c for name in seed.players for c in name if ord(c) > 127}
    if not letters:
        return None
    named = rng.random() < 0.5
    refs = {}
    for c in letters:
        name = html.entities.codepoint2name.get(ord(c))
        refs[c] = f"&{name};" if named and name else f"&#{ord(c)};"

    def written(m: re.Match[str]) -> str:
        return "".join(refs.get(c, c) for c in m[0])

    new = re.sub(r'(?:NAME|PLAYER)="[^"]*"', written, text)
    return None if new == text else new


LINK_SUITS = "dchs"
"""Boss Media's card numbers: 0-12 the diamonds ace to king, 13-25 clubs, 26-38 hearts,
39-51 spades (docs/SITES.md); ``b`` a card not seen."""


def suits_edit(exchange: Exchange) -> Edit:
    """Every card number of the hand for the card of the exchanged suit."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        new, n = re.subn(
            r'(<CARD\s+LINK=")(\d+)(")',
            lambda m: f"{m[1]}{numbered(int(m[2]), LINK_SUITS, exchange)}{m[3]}",
            text,
        )
        return new if n else None

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "Omaha as GAME_OMATU",
        "game",
        '`<HISTORY … GAME="GAME_OMA|GAME_OMATU|GAME_OMAHL" …>`',
        omatu,
    ),
    rewrite(
        "under ROOT",
        "document",
        "one `<HISTORY>` per hand, alone in a file or many under `<ROOT>`",
        under_root,
    ),
    rewrite(
        "an empty seat",
        "seat",
        "`<PLAYER … STATE>`: `STATE_EMPTY` (`UNKNOWN`) skipped",
        seat_edit("STATE_EMPTY"),
    ),
    rewrite(
        "a reserved seat",
        "seat",
        "`<PLAYER … STATE>`: an unused `STATE_RESERVED` skipped",
        seat_edit("STATE_RESERVED"),
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`<PLAYER … STATE>`: `STATE_SITOUT`, sitting out",
        seat_edit("STATE_SITOUT"),
        changes=("seats",),
    ),
    rewrite(
        "no dealer",
        "button",
        '`DEALER="Y"` (none in 2009 files: the seat before the small blind\'s)',
        no_dealer,
    ),
    rewrite(
        "calls as street totals",
        "calls",
        "`ACTION_CALL`: the chips added; files of 2009 and 2012 print the street total",
        calls_as_totals,
    ),
    rewrite(
        "an all-in written otherwise",
        "all-in",
        "`ACTION_ALLIN` (the street total): a bet, call or raise by what it puts in",
        all_in_written_otherwise,
    ),
    rewrite(
        "boards without their running pot",
        "noise",
        "`HAND_BOARD VALUE POT RAKE MAINPOT LEFTPOT RIGHTPOT` (the running pot not compared)",
        attributes_left_out(
            "ACTION", ("POT", "RAKE", "MAINPOT", "LEFTPOT", "RIGHTPOT"), "HAND_BOARD"
        ),
    ),
    rewrite(
        "results without their hand words",
        "noise",
        "`<RESULT PLAYER WIN [WINTYPE] [HAND HANDEXT] [FOLDED]>`",
        attributes_left_out("RESULT", ("HAND", "HANDEXT", "WINCARDS")),
    ),
    rewrite(
        "no rake printed where there is none",
        "noise",
        "`<SHOWDOWN POT RAKE>`",
        zero_rake_left_out,
    ),
    rewrite(
        "header figures left out",
        "noise",
        "`<HISTORY ID SESSION TABLE GAME GAMEKIND TABLECURRENCY LIMIT STAKES DATE>`",
        header_left_out,
    ),
    rewrite(
        "names with entities",
        "names",
        "HTML entity names (`&pound;`, `&Ouml;`, Boss Media player names) read as their characters",
        names_as_entities,
    ),
    *suit_rewrites(
        suits_edit,
        "`HAND_DEAL` with `<CARD LINK>`; cards: Boss Media `LINK` 0-12 the "
        "diamonds ace to king, 13-25 clubs, 26-38 hearts, 39-51 spades",
    ),
    *scale_rewrites("amounts `.` decimal", scale_edit),
    rewrite(
        "attributes in another order",
        "attribute order",
        "XML: attributes in any order",
        shuffle_attributes("HISTORY|PLAYER|ACTION|SHOWDOWN|RESULT"),
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
