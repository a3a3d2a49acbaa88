"""iPoker XML's rewrites (docs/SITES.md, "iPoker XML").

A seed is a session holding one game (:mod:`tests.helpers.variants.document`). The
game's start in the other date shapes; the amounts in every form the room prints
(symbol before or after, decimal point or comma, thousands by comma, point or space,
``kr``, ``&euro;``, UTF-8 read as cp1252) and scaled; ``win`` with and without the
unmatched bet where the hand's figures decide, or the ``uncalled_bet_enabled`` flag
saying it; ``rakeamount`` added or left out; the game label's other words (structure,
Hi/Lo, no game word, an ``Ante``, a tournament's without stakes); the session header's
synonyms and optional elements; an empty seat and a seated player not in the hand;
calls, bets and raises with the other codes that say them (raise to, raise by, all-in),
a fold as sitting out, actions printed out of their order; tens as ``T`` or ``10``, the
suits exchanged; the document's declaration, layout and byte-order mark, an earlier
session, a session never closed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal

from omahahh.model import ActionKind, GameType, Structure
from tests.helpers.variants.document import (
    attributes,
    bom_edit,
    declaration_edit,
    drop_element,
    edit_tags,
    layout_edit,
    map_attribute,
    map_text,
    put_after,
    put_before,
    shuffle_attributes,
    start_tag_re,
    tags,
    text_re,
    write_tag,
)
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Edit, Rewrite, newcomer, rewrite, scale_rewrites
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed
from tests.helpers.variants.suits import Exchange, letters, suit_rewrites

GAME = "game"
MONEY_ATTRS = {"player": ("chips", "win", "bet", "rakeamount"), "action": ("sum",)}
SESSION_MONEY = "bets|wins|chipsin|chipsout|smallblind|bigblind"
"""Session-header elements holding amounts (not read: written in the hand's form too)."""
FIGURE_RE = re.compile(r"\d(?:[\d.,\s\u00a0\u202f]*\d)?")
STAKES_RE = re.compile(r"(?P<sb>[^\s/]*\d[^\s/]*)/(?P<bb>[^\s/]*\d[^\s/]*)")
ANTE_RE = re.compile(r" Ante (?P<ante>\S*\d\S*)")


# ---------------------------------------------------------------- where things are


def game_start(text: str) -> int:
    m = start_tag_re(GAME).search(text)
    return m.start() if m else len(text)


def session_range(text: str) -> tuple[int, int] | None:
    """The session header the game is read with: the last ``<general>`` before it."""
    g = game_start(text)
    start = text.rfind("<general>", 0, g)
    end = text.find("</general>", start)
    if start < 0 or end < 0 or end > g:
        return None
    return start, end + len("</general>")


def session_text(text: str, tag: str) -> re.Match[str] | None:
    """The session header's element ``tag`` (text only)."""
    where = session_range(text)
    if where is None:
        return None
    return text_re(tag).search(text, *where)


def session_value(text: str, tag: str) -> str | None:
    m = session_text(text, tag)
    return m["text"].strip() if m else None


def replace_span(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def set_session_text(text: str, tag: str, value: str) -> str | None:
    m = session_text(text, tag)
    if m is None or m["text"] == value:
        return None
    return replace_span(text, m.start("text"), m.end("text"), value)


def rename_session_element(old: str, new: str) -> Edit:
    """The session header's ``<old>`` written ``<new>`` (where it has no ``<new>``)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        m = session_text(text, old)
        if m is None or session_text(text, new) is not None:
            return None
        element = f"<{new}>{m['text']}</{new}>"
        return replace_span(text, m.start(), m.end(), element)

    return edit


# ---------------------------------------------------------------- amounts


def label(text: str) -> re.Match[str] | None:
    return session_text(text, "gametype")


def amount_tokens(text: str) -> list[str]:
    """Every amount the reader reads: the players' and actions' amounts and the label's
    stakes (and ante)."""
    out = []
    for tag, names in MONEY_ATTRS.items():
        for m in tags(text, tag):
            attrs = attributes(m)
            out += [attrs[n] for n in names if n in attrs]
    words = label(text)
    if words is not None:
        stakes = STAKES_RE.search(words["text"])
        if stakes:
            out += [stakes["sb"], stakes["bb"]]
        ante = ANTE_RE.search(words["text"])
        if ante:
            out.append(ante["ante"])
    return out


def bare(token: str) -> str:
    return re.sub(r"[^\d.,]", "", token)


def hand_mark(text: str) -> str | None:
    """The decimal mark the hand's amounts show, if any shows one."""
    figures = [bare(t) for t in amount_tokens(text)]
    if any(re.search(r",\d{1,2}$", f) for f in figures):
        return ","
    if any(re.search(r"\.\d{1,2}$", f) for f in figures):
        return "."
    return None


def value_of(token: str, mark: str | None) -> Decimal:
    figure = bare(token)
    if mark is None:
        return Decimal(re.sub(r"[.,]", "", figure) or "0")
    other = "." if mark == "," else ","
    return Decimal(figure.replace(other, "").replace(mark, ".") or "0")


def thousands_of(text: str, mark: str | None) -> str | None:
    """The thousands mark the amounts show, if any: a separator before three digits that
    is not the decimal mark."""
    for token in amount_tokens(text):
        m = FIGURE_RE.search(token)
        if m is None:
            continue
        for sep in re.findall(r"\d([.,\s\u00a0\u202f])\d{3}(?!\d)", m[0]):
            if sep != mark:
                return str(sep)
    return None


Render = Callable[[Decimal, str, bool], str]
"""``render(value, token, in_label)``: an amount written again (``token`` as it was)."""


def rerender(text: str, render: Render) -> str:
    """Every amount of the hand, and of its session header, written by ``render``."""
    mark = hand_mark(text)

    def change(token: str, in_label: bool = False) -> str:
        if FIGURE_RE.search(token) is None:
            return token
        return render(value_of(token, mark), token, in_label)

    new = text
    for tag, names in MONEY_ATTRS.items():
        new = map_attribute(new, tag, names, change) or new
    where = session_range(new)
    if where is not None:
        head = new[where[0] : where[1]]
        head = text_re(SESSION_MONEY).sub(
            lambda m: m["open"] + change(m["text"]) + m["close"] if m["text"].strip() else m[0],
            head,
        )

        def in_label(m: re.Match[str]) -> str:
            words = STAKES_RE.sub(
                lambda s: change(s["sb"], True) + "/" + change(s["bb"], True), m["text"], count=1
            )
            words = ANTE_RE.sub(lambda a: " Ante " + change(a["ante"], True), words)
            return m["open"] + words + m["close"]

        head = text_re("gametype").sub(in_label, head)
        new = new[: where[0]] + head + new[where[1] :]
    return new


def figure(value: Decimal, decimal: str, thousands: str, cents: bool) -> str:
    """``value``'s digits: two decimals unless whole (and not ``cents``), grouped by
    ``thousands`` (none when empty)."""
    style = MoneyStyle("", decimal, thousands or ",")
    return style.figure(value, grouped=bool(thousands), cents=cents)


SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
ENTITIES = {"EUR": "&euro;", "GBP": "&pound;"}
MOJIBAKE = {"EUR": "â‚¬", "GBP": "Â£"}
"""The euro and pound of UTF-8 text read as cp1252 (fpdb's iPoker ``LS`` lists them)."""


def given_currency(text: str) -> str:
    """The currency the session names (``<tablecurrency>``, else ``<currency>``): what
    a label without a symbol is read in."""
    given = session_value(text, "tablecurrency") or session_value(text, "currency") or ""
    return given if re.fullmatch(r"[A-Z]{3}", given) else "USD"


def is_money(seed: Seed) -> bool:
    return seed.hand.currency not in ("CHIPS", "PLAY")


def form_edit(
    symbols: dict[str, str],
    *,
    after: bool = False,
    decimals: tuple[str, ...] = (".", ","),
    thousands: tuple[str, ...] = (",", ".", " "),
    names_currency: bool = True,
) -> Edit:
    """Every amount in one form: the currency's symbol of ``symbols`` before the figure
    (``after``: after it), one decimal mark and one thousands mark of those given (the
    two different). ``names_currency``: the symbol tells the label's currency; where it
    does not, the session must name it. Money hands only, but for ``symbols`` empty
    (bare figures: chips, play money, or money the session names)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        currency = seed.hand.currency
        if symbols:
            if currency not in symbols:
                return None
            symbol = symbols[currency]
            if not names_currency and given_currency(text) != currency:
                return None
        else:
            symbol = ""
            if is_money(seed) and given_currency(text) != currency:
                return None
        decimal = rng.choice(decimals)
        grouping = rng.choice([t for t in thousands if t != decimal] + [""])
        cents = rng.random() < 0.4

        def render(value: Decimal, token: str, in_label: bool) -> str:
            group = "" if in_label and grouping.isspace() else grouping  # see TABLE
            digits = figure(value, decimal, group, cents and not in_label)
            return digits + symbol if after else symbol + digits

        new = rerender(text, render)
        return None if new == text else new

    return edit


def scale_edit(factor: int) -> Edit:
    """Every amount ``factor`` times larger, in the hand's marks (thousands marked)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if splits_a_pot(seed):
            return None
        mark = hand_mark(text)
        grouping = thousands_of(text, mark) or ("." if mark == "," else ",")
        decimal = mark or ("," if grouping == "." else ".")

        def render(value: Decimal, token: str, in_label: bool) -> str:
            m = FIGURE_RE.search(token)
            assert m is not None
            group = "" if in_label and grouping.isspace() else grouping
            cents = mark is not None and mark in m[0]
            digits = figure(value * factor, decimal, group, cents)
            return token[: m.start()] + digits + token[m.end() :]

        return rerender(text, render)

    return edit


# ---------------------------------------------------------------- the game's start

DATE_SHAPES = (
    "%Y-%m-%d %H:%M:%S",
    "%Y/%m/%d %H:%M:%S",
    "%d.%m.%Y %H:%M:%S",
    "%d/%m/%Y %H:%M:%S",
    "%d-%b-%Y %H:%M:%S",
)
"""``2019-05-26 20:10:33``, ``2019/05/26 …``, ``18.05.2021 18:26:13``, ``18/05/2021 …``,
``04-Aug-2011 04:49:36``."""
READ_SHAPES = (*DATE_SHAPES, *(s.removesuffix(":%S") for s in DATE_SHAPES))


def read_date(text: str) -> datetime | None:
    for shape in READ_SHAPES:
        try:
            return datetime.strptime(text.strip(), shape)
        except ValueError:
            continue
    return None


def date_edit(seconds: bool) -> Edit:
    """The game's start (and the session's) in another of the room's shapes; without
    seconds where ``seconds`` is False."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        shape = rng.choice(DATE_SHAPES)
        if not seconds:
            shape = shape.removesuffix(":%S")

        def change(old: str) -> str | None:
            when = read_date(old)
            return when.strftime(shape) if when else None

        return map_text(text, "startdate", change)

    return edit


def to_the_minute(parts: Fingerprint, seed: Seed) -> Fingerprint:
    (when,) = parts["time"]
    return {**parts, "time": (when.replace(second=0) if when else when,)}


# ---------------------------------------------------------------- `win` and the unmatched bet


def player_attrs(text: str) -> list[dict[str, str]]:
    return [attributes(m) for m in tags(text, "player")]


def unmatched(seed: Seed) -> tuple[str | None, int]:
    """Who the hand's unmatched bet goes back to, and its size (minor units)."""
    live: dict[str, int] = {}
    for a in seed.hand.actions:
        if a.kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            live[a.player] = live.get(a.player, 0) + a.amount
    ranked = sorted(live.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return None, 0
    second = ranked[1][1] if len(ranked) > 1 else 0
    return ranked[0][0], ranked[0][1] - second


def bet_returned_apart(parts: Fingerprint, seed: Seed) -> Fingerprint:
    """An expectation: the unmatched bet (:func:`unmatched`) returned apart, no longer in
    its player's award (Merge's ``uncalled="true"`` winner, Microgaming's
    ``MoneyReturned``)."""
    back_to, back = unmatched(seed)
    awards = []
    for run, pot, half, player, amount in parts["awards"]:
        if player == back_to:
            amount -= back
        if amount:
            awards.append((run, pot, half, player, amount))
    return {**parts, "awards": tuple(sorted(awards)), "returns": ((back_to, back),)}


def reading(put_in: int, won: int, back: int, winner_won: int, rake: int | None) -> bool | None:
    """Whether the figures say ``win`` holds the unmatched ``back`` (docs/SITES.md: the
    rake each reading leaves must be 0 or more, at most 10 % of the pot, and the printed
    ``rakeamount`` where there is one); None where both readings fit, or neither."""
    pot = put_in - back
    ceiling = -(-pot // 10)

    def fits(left: int) -> bool:
        return left == rake if rake is not None else 0 <= left <= ceiling

    holds = winner_won >= back and fits(put_in - won)
    leaves = fits(put_in - back - won)
    return None if holds == leaves else holds


class Figures:
    """The game's ``bet``, ``win`` and ``rakeamount`` figures, in minor units."""

    def __init__(self, text: str, seed: Seed) -> None:
        mark = hand_mark(text)
        unit = seed.hand.unit
        players = [p for p in player_attrs(text) if p.get("name")]
        self.bets = {p["name"]: int(value_of(p.get("bet", "0"), mark) * unit) for p in players}
        self.wins = {p["name"]: int(value_of(p.get("win", "0"), mark) * unit) for p in players}
        rakes = [int(value_of(p["rakeamount"], mark) * unit) for p in players if "rakeamount" in p]
        self.rake = sum(rakes) if rakes else None
        self.flag = (session_value(text, "uncalled_bet_enabled") or "").lower() in (
            "true",
            "1",
            "yes",
        )
        version = (session_value(text, "client_version") or "").split(".")[0]
        self.new_client = version.isdigit() and int(version) >= 20

    def decides(self, back: int, winner: str, rake: int | bool | None = False) -> bool | None:
        printed = self.rake if rake is False else rake
        return reading(
            sum(self.bets.values()),
            sum(self.wins.values()),
            back,
            self.wins.get(winner, 0),
            printed if not isinstance(printed, bool) else None,
        )


def awarded(seed: Seed, player: str) -> int:
    return sum(c.amount for c in seed.hand.collections if c.player == player)


def win_holds(text: str, seed: Seed) -> bool | None:
    """Does the text's ``win`` of the unmatched bet's owner hold it? None: no such bet,
    or the figure is neither."""
    back_to, back = unmatched(seed)
    if not back or back_to is None or not seed.hand.collections:
        return None
    won = Figures(text, seed).wins.get(back_to)
    if won == awarded(seed, back_to) + back:
        return True
    if won == awarded(seed, back_to):
        return False
    return None


def written_like(text: str, token: str, value: Decimal) -> str:
    """``value`` (whole units) written as ``token`` is (its symbol kept), in the hand's
    marks."""
    mark = hand_mark(text)
    m = FIGURE_RE.search(token)
    assert m is not None
    grouping = thousands_of(text, mark) or ""
    cents = (mark is not None and mark in m[0]) or value % 1 != 0
    decimal = mark or ("," if grouping == "." else ".")
    return token[: m.start()] + figure(value, decimal, grouping, cents) + token[m.end() :]


def set_win(text: str, seed: Seed, player: str, delta: int) -> str | None:
    """``player``'s ``win`` ``delta`` minor units larger, in the hand's marks."""
    mark = hand_mark(text)
    unit = seed.hand.unit

    def each(attrs: dict[str, str]) -> bool:
        if attrs.get("name") != player or FIGURE_RE.search(attrs.get("win", "")) is None:
            return False
        value = value_of(attrs["win"], mark) + Decimal(delta) / unit
        attrs["win"] = written_like(text, attrs["win"], value)
        return True

    return edit_tags(text, "player", each)


def win_with_return(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``win`` holding the unmatched bet (older exports), where the figures then say so."""
    back_to, back = unmatched(seed)
    if back_to is None or win_holds(text, seed) is not False:
        return None
    figures = Figures(text, seed)
    if figures.flag:
        return None
    new = set_win(text, seed, back_to, back)
    if new is None or Figures(new, seed).decides(back, back_to) is not True:
        return None
    return new


def win_without_return(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``win`` without the unmatched bet (newer exports), where the figures then say so
    or the client is of version 20 or later."""
    back_to, back = unmatched(seed)
    if back_to is None or win_holds(text, seed) is not True:
        return None
    new = set_win(text, seed, back_to, -back)
    if new is None:
        return None
    figures = Figures(new, seed)
    if figures.decides(back, back_to) is False or (
        figures.new_client and figures.decides(back, back_to) is None
    ):
        return new
    return None


def flag_line(text: str, value: str) -> str | None:
    """``<uncalled_bet_enabled>`` set to ``value`` (put in after the client version, or
    first in the session header, where there is none)."""
    if session_text(text, "uncalled_bet_enabled") is not None:
        return set_session_text(text, "uncalled_bet_enabled", value)
    where = session_range(text)
    if where is None:
        return None
    version = session_text(text, "client_version")
    element = f"<uncalled_bet_enabled>{value}</uncalled_bet_enabled>"
    if version is not None:
        return put_after(text, version.end(), element)
    first = re.compile(r"<\w").search(text, where[0] + len("<general>"))
    return put_before(text, first.start(), element) if first else None


def flag_set(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``<uncalled_bet_enabled>true``: ``win`` never holds the unmatched bet."""
    if win_holds(text, seed) is True:
        return None
    return flag_line(text, rng.choice(("true", "True")))


def flag_dropped(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The flag left out (or ``false``) where the figures, or the client's version, still
    say ``win`` leaves the unmatched bet out."""
    figures = Figures(text, seed)
    if not figures.flag:
        return None
    back_to, back = unmatched(seed)
    if back and back_to is not None and seed.hand.collections:
        decided = figures.decides(back, back_to)
        if decided is not False and not (decided is None and figures.new_client):
            return None
    m = session_text(text, "uncalled_bet_enabled")
    if m is None:
        return None
    return drop_element(text, m) if rng.random() < 0.5 else flag_line(text, "false")


# ---------------------------------------------------------------- rake


def derived_rake(seed: Seed) -> int | None:
    """What the pot less the awards leaves (minor units), where the seed's figures
    agree with its actions (``bet`` is what the actions put in)."""
    h = seed.hand
    if h.game_type is not GameType.CASH or not h.collections:
        return None
    put_in = sum(a.amount for a in h.actions)
    _, back = unmatched(seed)
    rake = put_in - back - sum(c.amount for c in h.collections)
    return rake if rake >= 0 else None


def rake_added(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``rakeamount`` on every player: the rake on the first winner, 0 on the others."""
    rake = derived_rake(seed)
    if rake is None or any("rakeamount" in p for p in player_attrs(text)):
        return None
    figures = Figures(text, seed)
    if sum(figures.bets.values()) != sum(a.amount for a in seed.hand.actions):
        return None  # a blind counted twice in `bet` (see docs/SITES.md)
    mark = hand_mark(text)
    grouping = thousands_of(text, mark) or ""
    decimal = mark or ("," if grouping == "." else ".")
    winner = seed.hand.collections[0].player
    unit = seed.hand.unit

    def each(attrs: dict[str, str]) -> bool:
        if not attrs.get("name") or "win" not in attrs:
            return False
        m = FIGURE_RE.search(attrs["win"])
        assert m is not None
        value = Decimal(rake if attrs["name"] == winner else 0) / unit
        token = attrs["win"]
        attrs["rakeamount"] = (
            token[: m.start()] + figure(value, decimal, grouping, False) + (token[m.end() :])
        )
        return True

    return edit_tags(text, "player", each)


def rake_printed(parts: Fingerprint, seed: Seed) -> Fingerprint:
    *head, _, jackpot, fees, drop = parts["totals"]
    return {**parts, "totals": (*head, derived_rake(seed), jackpot, fees, drop)}


def rake_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """No ``rakeamount``: the rake derived, where the figures still decide ``win``."""
    if not any("rakeamount" in p for p in player_attrs(text)):
        return None
    back_to, back = unmatched(seed)
    if back and back_to is not None and seed.hand.collections:
        figures = Figures(text, seed)
        if not figures.flag and figures.decides(back, back_to, None) is None:
            return None

    def each(attrs: dict[str, str]) -> bool:
        return attrs.pop("rakeamount", None) is not None

    return edit_tags(text, "player", each)


def rake_not_printed(parts: Fingerprint, seed: Seed) -> Fingerprint:
    *head, _, jackpot, fees, drop = parts["totals"]
    return {**parts, "totals": (*head, None, jackpot, fees, drop)}


# ---------------------------------------------------------------- the label

STRUCTURE_WORDS = {
    Structure.NO_LIMIT: ("NL", "No limit", "No Limit", "SL", "LZ", "БЛ"),
    Structure.POT_LIMIT: ("PL", "Pot limit", "Pot Limit", "LP"),
    Structure.FIXED_LIMIT: ("L", "FL", "Limit", "Fixed limit"),
}
STRUCTURE_RE = re.compile(
    r"\b(?:NL|No ?limit|SL|LZ|БЛ|PL|Pot ?limit|LP|FL|L|Fixed ?limit|Limit)\b", re.IGNORECASE
)
HI_LO_RE = re.compile(r"Hi[-/ ]?Lo(?:w)?", re.IGNORECASE)
HI_LO_WORDS = ("Hi-Lo", "HiLo", "HiLow", "Hi/Lo")


def label_edit(change: Callable[[str, Seed, random.Random], str | None]) -> Edit:
    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        m = label(text)
        if m is None:
            return None
        new = change(m["text"], seed, rng)
        if new is None or new == m["text"]:
            return None
        return replace_span(text, m.start("text"), m.end("text"), new)

    return edit


def structure_word(words: str, seed: Seed, rng: random.Random) -> str | None:
    key = seed.hand.game.structure
    m = STRUCTURE_RE.search(words)
    choices = [w for w in STRUCTURE_WORDS.get(key, ()) if m is None or w != m[0]]
    if not choices or m is None:
        return None
    return words[: m.start()] + rng.choice(choices) + words[m.end() :]


def hi_lo_word(words: str, seed: Seed, rng: random.Random) -> str | None:
    m = HI_LO_RE.search(words)
    if not seed.hand.game.hi_lo or m is None:
        return None
    word = rng.choice([w for w in HI_LO_WORDS if w != m[0]])
    return words[: m.start()] + word + words[m.end() :]


def no_game_word(words: str, seed: Seed, rng: random.Random) -> str | None:
    """``PL €2/€4``: the pocket cards say the game (a high game only)."""
    if seed.hand.game.hi_lo:
        return None
    new = re.sub(r"\bOmaha\s+", "", words, count=1)
    return new if STRUCTURE_RE.match(new) else None


def ante_in_label(words: str, seed: Seed, rng: random.Random) -> str | None:
    """`` Ante $0.00`` after the stakes (the ante is read from the posts)."""
    stakes = STAKES_RE.search(words)
    if stakes is None or ANTE_RE.search(words) or seed.hand.ante:
        return None
    m = FIGURE_RE.search(stakes["bb"])
    assert m is not None
    cents = "," if re.search(r",\d{1,2}$", bare(stakes["sb"])) else "."
    zero = "0" if rng.random() < 0.5 else f"0{cents}00"
    token = stakes["bb"][: m.start()] + zero + stakes["bb"][m.end() :]
    return words[: stakes.end()] + f" Ante {token}" + words[stakes.end() :]


def no_stakes(words: str, seed: Seed, rng: random.Random) -> str | None:
    """A tournament's label without its stakes (``Omaha PL``): the posts size the blinds."""
    if (
        seed.hand.game_type is not GameType.TOURNAMENT
        or seed.hand.game.structure is Structure.FIXED_LIMIT
    ):
        return None
    return STAKES_RE.sub("", words).rstrip() or None


# ---------------------------------------------------------------- seats, actions, cards


def seat_numbers(text: str) -> set[int]:
    return {int(p["seat"]) for p in player_attrs(text) if p.get("seat", "").isdigit()}


def free_seat(text: str, seed: Seed, rng: random.Random) -> int | None:
    taken = seat_numbers(text)
    free = [n for n in range(1, (seed.hand.max_seats or 10) + 1) if n not in taken]
    return rng.choice(free) if free else None


def zero_like(text: str) -> str:
    """A zero amount as the hand writes its amounts (the first ``win``'s marks)."""
    for p in player_attrs(text):
        token = p.get("win") or p.get("bet")
        if token:
            m = FIGURE_RE.search(token)
            if m:
                return token[: m.start()] + "0" + token[m.end() :]
    return "0"


def new_player(text: str, seed: Seed, rng: random.Random, name: str, chips: str) -> str | None:
    """A ``<player>`` at a free seat, after the last one, written like the first."""
    seat = free_seat(text, seed, rng)
    players = list(tags(text, "player"))
    if seat is None or not players:
        return None
    zero = zero_like(text)
    model = attributes(players[0])
    attrs = {
        k: {"seat": str(seat), "name": name, "chips": chips, "dealer": "0"}.get(k, zero)
        for k in model
        if k in ("seat", "name", "chips", "dealer", "win", "bet")
    }
    element = "<player " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"
    return put_after(text, players[-1].end(), element)


def no_action(text: str, player: str, code: str) -> str | None:
    """An ``<action type=code player=…>`` moving nothing, at the end of the blinds round."""
    rounds = list(start_tag_re("round").finditer(text))
    first = next((r for r in rounds if 'no="0"' in r[0]), None)
    if first is None:
        return None
    close = text.find("</round>", first.end())
    actions = [
        a
        for a in tags(text[: close if close >= 0 else len(text)], "action")
        if a.start() > first.end()
    ]
    if not actions:
        return None
    last = actions[-1]
    number = re.search(r'\bno="(\d+)"', last[0])
    zero = zero_like(text)
    element = (
        f'<action no="{number[1] if number else 0}" player="{player}" type="{code}" '
        f'sum="{zero}" cards=""/>'
    )
    return put_after(text, last.end(), element)


def empty_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``name=""``: an empty seat, with or without its no-action (``type 9``)."""
    new = new_player(text, seed, rng, "", zero_like(text))
    if new is None or rng.random() < 0.5:
        return new
    return no_action(new, "", rng.choice(("8", "9")))


def seated_not_in(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer seated with chips, no pocket cards, a ``type 8`` no-action: not in
    the hand."""
    first = next((p for p in player_attrs(text) if p.get("name")), None)
    if first is None:
        return None
    name = newcomer(seed, rng)
    new = new_player(text, seed, rng, name, first.get("chips", "0"))
    if new is None or rng.random() < 0.5:
        return new
    return no_action(new, name, "8")


def shuffled_actions(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each round's actions printed in another order (their ``no`` kept)."""
    out = []
    at = 0
    changed = False
    for r in start_tag_re("round").finditer(text):
        close = text.find("</round>", r.end())
        if close < 0:
            continue
        body = text[r.end() : close]
        spots = [m.span() for m in tags(body, "action")]
        if len(spots) < 2:
            continue
        texts = [body[s:e] for s, e in spots]
        order = rng.sample(texts, len(texts))
        if order == texts:
            continue
        changed = True
        pieces = []
        last = 0
        for (s, e), new in zip(spots, order, strict=True):
            pieces += [body[last:s], new]
            last = e
        pieces.append(body[last:])
        out += [text[at : r.end()], "".join(pieces)]
        at = close
    if not changed:
        return None
    out.append(text[at:])
    return "".join(out)


def action_steps(text: str) -> list[tuple[int, re.Match[str]]]:
    """The ``<action>`` tags with their round, in the order the reader takes them (by
    round, then ``no``)."""
    steps = []
    for r in start_tag_re("round").finditer(text):
        close = text.find("</round>", r.end())
        number = attributes(r).get("no", "")
        if close < 0 or not number.isdigit():
            continue
        for m in start_tag_re("action").finditer(text, r.end(), close):
            no = attributes(m).get("no", "")
            steps.append((int(number), int(no) if no.isdigit() else 0, m))
    steps.sort(key=lambda s: (s[0], s[1]))
    return [(r, m) for r, _, m in steps]


def action_forms(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Calls, bets and raises written with another code that says the same: a raise as
    ``23`` (raise to: the street total) or ``6`` (raise by: over the bet to call), and an
    action that puts a player's last chip in as ``7`` (all-in: the chips added) or as the
    call, bet or raise it is."""
    if any(a.kind is ActionKind.POST_DEAD for a in seed.hand.actions):
        return None
    mark = hand_mark(text)
    chips = {p["name"]: value_of(p.get("chips", "0"), mark) for p in player_attrs(text)}
    spent: dict[str, Decimal] = {}
    live: dict[str, Decimal] = {}
    street = -1
    changes: dict[int, tuple[str, Decimal]] = {}
    for round_no, m in action_steps(text):
        a = attributes(m)
        code, player = a.get("type", ""), a.get("player", "")
        if player not in chips or FIGURE_RE.search(a.get("sum", "")) is None:
            continue
        value = value_of(a["sum"], mark)
        if max(round_no, 1) != street:
            street, live = max(round_no, 1), {}
        facing = max(live.values(), default=Decimal(0))
        before = live.get(player, Decimal(0))
        added = {
            "1": value, "2": value, "3": value, "5": value, "7": value,
            "23": value - before, "6": facing + value - before,
        }.get(code)  # fmt: skip
        if code == "15":
            spent[player] = spent.get(player, Decimal(0)) + value
        if added is None or code == "15":
            continue
        total = before + added
        spent[player] = spent.get(player, Decimal(0)) + added
        live[player] = total
        if code in ("1", "2") or added <= 0:
            continue
        if total > facing and (facing > 0 or street == 1):
            forms = {"23": total, "6": total - facing}
        elif facing == 0:
            forms = {"5": added}
        else:
            forms = {"3": added}
        if spent[player] >= chips[player]:
            forms["7"] = added
        others = [c for c in forms if c != code]
        if others and rng.random() < 0.7:
            new = rng.choice(others)
            changes[m.start()] = (new, forms[new])
    if not changes:
        return None

    def each(m: re.Match[str]) -> str:
        if m.start() not in changes:
            return m[0]
        attrs = attributes(m)
        code, value = changes[m.start()]
        attrs["type"] = code
        attrs["sum"] = written_like(text, attrs["sum"], value)
        return write_tag("action", attrs, m["end"])

    return start_tag_re("action").sub(each, text)


def fold_as_sitting_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fold (``type 0``) by a player dealt cards written ``type 9`` (sitting out)."""
    folds = [m for _, m in action_steps(text) if attributes(m).get("type") == "0"]
    if not folds:
        return None
    m = rng.choice(folds)
    attrs = attributes(m)
    attrs["type"] = "9"
    return text[: m.start()] + write_tag("action", attrs, m["end"]) + text[m.end() :]


def tens(to: str) -> Edit:
    """Tens written ``to`` (``T`` or ``10``) after the suit: ``ST`` / ``S10``."""
    old = "10" if to == "T" else "T"

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        return map_text(
            text, "cards", lambda cards: re.sub(rf"\b([SHDC]){old}\b", rf"\g<1>{to}", cards)
        )

    return edit


def suits_edit(exchange: Exchange) -> Edit:
    """Every card of the hand with its suit exchanged (suit first: ``S10``, ``DT``)."""
    swap = letters(r"(?<![A-Za-z])(?P<suit>[SHDC])(?P<rank>10|[2-9TJQKA])\b", exchange, upper=True)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        return map_text(text, "cards", swap)

    return edit


def extra_attributes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``rebuy``, ``addon`` and ``reg_code`` on the players (later clients)."""

    def each(attrs: dict[str, str]) -> bool:
        if "rebuy" in attrs or not attrs.get("name"):
            return False
        attrs.update({"rebuy": "0", "addon": "0"})
        if rng.random() < 0.5:
            attrs["reg_code"] = ""
        return True

    return edit_tags(text, "player", each)


# ---------------------------------------------------------------- the session and the document

OPTIONAL_SESSION = (
    "duration",
    "gamecount",
    "bets",
    "wins",
    "chipsin",
    "chipsout",
    "statuspoints",
    "awardpoints",
    "ipoints",
)


def session_totals_left_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The session's totals and counts (``<bets>``, ``<chipsin>``, ``<duration>``…)
    left out: nothing reads them."""
    new = text
    for tag in OPTIONAL_SESSION:
        m = session_text(new, tag)
        if m is not None:
            new = drop_element(new, m)
    return None if new == text else new


def currency_in(keep: str, drop: str) -> Edit:
    """The currency named by ``<keep>`` alone, where ``<drop>`` said the same."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        m = session_text(text, drop)
        kept = session_value(text, keep)
        if m is None or kept is None or m["text"].strip() != kept or not kept:
            return None
        return drop_element(text, m)

    return edit


def play_money(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A money table played for play money: ``<mode>fun``, every amount the same number
    of chips as it was of cents (``€0.50`` -> ``50``), no currency named."""
    if not is_money(seed) or seed.hand.unit != 100 or session_text(text, "mode") is None:
        return None
    if any(p.get("rakeamount") for p in player_attrs(text)):
        return None  # play money is not raked

    def render(value: Decimal, token: str, in_label: bool) -> str:
        return str(int(value * 100))

    new = set_session_text(rerender(text, render), "mode", "fun")
    for tag in ("tablecurrency", "currency"):
        new = set_session_text(new, tag, "") or new if new else None
    return new


def as_play(parts: Fingerprint, seed: Seed) -> Fingerprint:
    return {**parts, "currency": ("PLAY", 1)}


def unraked(seed: Seed) -> bool:
    return derived_rake(seed) == 0


def id_from_table(text: str, seed: Seed, rng: random.Random) -> str | None:
    """No ``<tournamentcode>``: a named tournament's id from its table name
    (``Sprint, 16727068`` or ``… (#16727068)``)."""
    code = session_text(text, "tournamentcode")
    table = session_value(text, "tablename") or ""
    if code is None or session_text(text, "tournamentname") is None:
        return None
    m = re.search(r"(?:\(#(\d+)\)|,\s*(\d+))\s*$", table)
    if m is None or (m[1] or m[2]) != code["text"].strip():
        return None
    return drop_element(text, code)


def cash_place(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A cash session's ``<place>0</place>`` and ``<buyin>0</buyin>`` (BetOnline's)."""
    if seed.hand.game_type is not GameType.CASH or session_text(text, "place") is not None:
        return None
    if session_text(text, "buyin") is not None or session_text(text, "tournamentname"):
        return None
    nickname = session_text(text, "nickname")
    if nickname is None:
        return None
    return put_after(text, nickname.end(), "<place>0</place><buyin>0</buyin>")


EARLIER_SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="4100000001">
 <general>
  <client_version>17.1.7.1</client_version>
  <uncalled_bet_enabled>true</uncalled_bet_enabled>
  <mode>real</mode>
  <gametype>Holdem NL $1/$2</gametype>
  <tablename>Another Table, 410000001</tablename>
  <tablecurrency>USD</tablecurrency>
  <startdate>2010-01-01 00:00:00</startdate>
  <currency>USD</currency>
  <nickname>SomeoneElse</nickname>
  <tournamentcode>410000001</tournamentcode>
 </general>
</session>
"""
"""A session of another game, table and currency, holding no game: nothing of it may
reach the game of the session after it."""


def earlier_session(text: str, seed: Seed, rng: random.Random) -> str | None:
    body = text.lstrip("\ufeff")
    return text[: len(text) - len(body)] + EARLIER_SESSION + body


def never_closed(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The last ``</session>`` missing (a file cut off after its last game)."""
    at = text.rfind("</session>")
    if at < 0 or text[at + len("</session>") :].strip():
        return None
    return text[:at].rstrip() + "\n"


def in_session(edit: Edit) -> Edit:
    """``edit`` where the game has a session header before it."""

    def edit_when(text: str, seed: Seed, rng: random.Random) -> str | None:
        return edit(text, seed, rng) if session_range(text) else None

    return edit_when


ROW_AMOUNTS = (
    "amounts `€301,49`, `$55,756.00`, `1 480`, `1,000kr`, `0,50€`, `&euro;0.50`, "
    "`â‚¬0.50`: one decimal mark per hand"
)

# Not written: thousands marked by a space in the label's stakes (``PL 1 000/2 000``):
# no export is known to print it, and the label's stakes are read up to a space.
TABLE: list[Rewrite] = [
    rewrite(
        "amounts with the symbol before",
        "amounts",
        ROW_AMOUNTS,
        form_edit(SYMBOLS),
    ),
    rewrite(
        "amounts with the symbol after",
        "amounts",
        ROW_AMOUNTS,
        form_edit(SYMBOLS, after=True, decimals=(",", ".")),
    ),
    rewrite(
        "amounts without a symbol",
        "amounts",
        ROW_AMOUNTS + " (the currency from `<tablecurrency>`/`<currency>`)",
        form_edit({}, thousands=(",", ".", " ", "\u00a0")),
    ),
    rewrite(
        "amounts in kronor",
        "amounts",
        ROW_AMOUNTS,
        form_edit({"SEK": "kr"}, after=True, names_currency=False),
    ),
    rewrite(
        "symbols as HTML entities",
        "amounts",
        ROW_AMOUNTS,
        form_edit(ENTITIES),
    ),
    rewrite(
        "symbols in UTF-8 read as cp1252",
        "amounts",
        ROW_AMOUNTS,
        form_edit(MOJIBAKE, names_currency=False),
    ),
    *scale_rewrites(
        "amounts `€301,49`, `$55,756.00`, `1 480`: one decimal mark per hand",
        scale_edit,
        kind="scale",
    ),
    rewrite(
        "the start in another shape",
        "time",
        "`<startdate>` `2019-05-26 20:10:33`, `2019/05/26 …`, `18.05.2021 18:26:13`, "
        "`04-Aug-2011 04:49:36` (no zone: UTC)",
        date_edit(seconds=True),
    ),
    rewrite(
        "the start without seconds",
        "time",
        "`<startdate>` `18/05/2021 18:26`, `04-Aug-2011 04:49`",
        date_edit(seconds=False),
        expect=to_the_minute,
    ),
    rewrite(
        "win holding the unmatched bet",
        "returned bet",
        "`win` holds the unmatched bet (older files): decided by the hand's figures",
        win_with_return,
    ),
    rewrite(
        "win without the unmatched bet",
        "returned bet",
        "`win` leaves the unmatched bet out (newer files): decided by the hand's figures "
        "or the client's version",
        win_without_return,
    ),
    rewrite(
        "uncalled_bet_enabled set",
        "returned bet",
        "`<uncalled_bet_enabled>true`: `win` leaves the unmatched bet out",
        in_session(flag_set),
    ),
    rewrite(
        "uncalled_bet_enabled left out",
        "returned bet",
        "no `<uncalled_bet_enabled>` flag: each hand decides from its figures",
        flag_dropped,
    ),
    rewrite(
        "rakeamount added",
        "rake",
        "`<player … rakeamount>`: the rake charged to each, their sum the hand's rake",
        rake_added,
        expect=rake_printed,
    ),
    rewrite(
        "rakeamount left out",
        "rake",
        "`<player …>` without `rakeamount`: the rake derived",
        rake_left_out,
        expect=rake_not_printed,
    ),
    rewrite(
        "another structure word",
        "structure",
        "`<gametype>` structure `NL`, `SL`, `LZ`, `БЛ`, `No limit`; `PL`, `LP`, `Pot limit`; "
        "`L`, `FL`, `Limit`",
        label_edit(structure_word),
    ),
    rewrite(
        "another Hi/Lo word",
        "game word",
        "`<gametype>` `Omaha Hi-Lo PL …`, `HiLo`, `HiLow`, `Hi/Lo`",
        label_edit(hi_lo_word),
    ),
    rewrite(
        "no game word",
        "game word",
        "`<gametype>` `PL €2/€4` (no game word: the pocket cards tell)",
        label_edit(no_game_word),
    ),
    rewrite(
        "an ante in the label",
        "label",
        "`<gametype>` `Omaha Pot limit $100.00/$200.00 Ante $0.00`",
        label_edit(ante_in_label),
    ),
    rewrite(
        "a tournament label without stakes",
        "label",
        "`<gametype>` `Omaha PL` (tournament)",
        label_edit(no_stakes),
    ),
    rewrite(
        "play money",
        "mode",
        "`<mode>fun</mode>`: play money",
        play_money,
        expect=as_play,
    ),
    rewrite(
        "the tournament id from the table name",
        "tournament code",
        "the id from `(#16727068)` or a trailing `, 16727068` in the table name when no "
        "code is given",
        id_from_table,
    ),
    rewrite(
        "a cash session's place and buy-in of 0",
        "place",
        "`<place>0</place>` with `<buyin>0</buyin>` is a cash session (BetOnline)",
        cash_place,
    ),
    rewrite(
        "maxplayers for tablesize",
        "table size",
        "`<tablesize>`/`<maxplayers>`",
        rename_session_element("tablesize", "maxplayers"),
    ),
    rewrite(
        "the currency in <currency> alone",
        "currency element",
        "`<tablecurrency>`/`<currency>`",
        currency_in("currency", "tablecurrency"),
    ),
    rewrite(
        "the currency in <tablecurrency> alone",
        "currency element",
        "`<tablecurrency>`/`<currency>`",
        currency_in("tablecurrency", "currency"),
    ),
    rewrite(
        "tourcode for tournamentcode",
        "tournament code",
        "`<tournamentcode>`/`<tourcode>`",
        rename_session_element("tournamentcode", "tourcode"),
    ),
    rewrite(
        "totalbuyin for buyin",
        "buy-in",
        "`<buyin>`/`<totalbuyin>`",
        rename_session_element("buyin", "totalbuyin"),
    ),
    rewrite(
        "session totals left out",
        "session totals",
        "the session header's totals and counts (`<bets>`, `<chipsin>`, `<duration>`…): nothing",
        session_totals_left_out,
    ),
    rewrite(
        "an empty seat",
        "seat",
        '`<player … name="">`, `<action type="8|9" player="">`: an empty seat, skipped',
        empty_seat,
    ),
    rewrite(
        "a seated player not in the hand",
        "seat",
        "a seat without pocket cards (`type 8`: no action) sat out",
        seated_not_in,
        changes=("seats",),
    ),
    rewrite(
        "player attributes added",
        "noise",
        "`<player seat name chips dealer win bet [rakeamount] [rebuy addon merge reg_code]/>`",
        extra_attributes,
    ),
    rewrite(
        "actions out of their order",
        "order",
        "actions read in the order of their `no`, not the order printed",
        shuffled_actions,
    ),
    rewrite(
        "actions with other codes",
        "action codes",
        "`<action type>`: 3 call, 5 bet (the chips added), 6 raise by (over the bet to "
        "call), 7 all-in (the chips added), 23 raise to (the street total)",
        action_forms,
    ),
    rewrite(
        "a fold as sitting out",
        "fold code",
        "`type` 9: sitting out (a fold when the player was dealt cards)",
        fold_as_sitting_out,
    ),
    rewrite(
        "tens as T",
        "tens",
        "cards suit first (`S10`, `DT`)",
        tens("T"),
    ),
    rewrite(
        "tens as 10",
        "tens",
        "cards suit first (`S10`, `DT`)",
        tens("10"),
    ),
    *suit_rewrites(
        suits_edit,
        '`<cards type="Pocket" player>`, `Flop`, `Turn`, `River`; cards suit first (`S10`, `DT`)',
    ),
    rewrite(
        "attributes in another order",
        "attribute order",
        "XML: the attributes of `<player>`, `<action>`, `<cards>` in any order",
        shuffle_attributes("player|action|cards"),
    ),
    rewrite(
        "another declaration",
        "declaration",
        "`<?xml …?>` (blanked out: the stream reads UTF-8, cp1252 bytes repaired)",
        declaration_edit,
    ),
    rewrite("another layout", "layout", "XML: whitespace between elements", layout_edit),
    rewrite("a byte-order mark", "bom", "UTF-8 with or without BOM", bom_edit),
    rewrite(
        "an earlier session without a game",
        "document",
        "many sessions (each with its `<?xml …?>`) in one file: the session header is the "
        "context of the games after it",
        earlier_session,
    ),
    rewrite(
        "the session never closed",
        "document",
        "a document never closed (`</session>` missing)",
        never_closed,
    ),
]
