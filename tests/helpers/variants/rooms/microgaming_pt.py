"""Microgaming's hands as PokerTracker exports them: rewrites (docs/SITES.md,
"PokerTracker exports: Microgaming and Merge", "Microgaming").

The first line's three shapes, the table line's currency in the kind (the buy-in part
then optional), its ``seats:N``, the game's names (``Omaha Hi``, a ``Multi Table``
prefix), a Blaze table and its ``Quick Folded``; seat lines led by a dash, ``[Dealer]``
after a space; the dash before amounts, ``raised`` with or without ``to``, the ante's
``the``, the cards' spellings (``10``, ``Q of s``, ``card``), awards naming the main pot
or none, every line break doubled; an ante, amounts scaled and in another currency.

Left out: ``Play Money`` (its amounts are read in whole chips, not cents).
"""

from __future__ import annotations

import random
import re

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint, fast_fold
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    is_cash,
    rewrite,
    scale_rewrites,
)
from tests.helpers.variants.rooms.stars_syntax import money_hand, other_currency, splits_a_pot
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]", keeps_cents=True)
"""Cash amounts: ``€49.50``, ``€0.25``."""
ANY = MoneyStyle(r"[$€£]?")
"""Any amount, with its symbol or without (chips, play money)."""
FIRST = re.compile(r"\A\*\* (?:Hand # (?P<id>\d+)(?: Version:\d+)?|Game ID (?P<gid>\d+)) starting")
TABLE_LINE = re.compile(
    r"^(?P<head>\*\* (?:.+? \(\d+\):Table)? ?)(?P<table>.+?)(?P<buyin> - (?P<cur>[$€£]?)[\d,.]+ "
    r"(?:Max|Min))? \[(?P<game>[^\]]+)\] \((?P<stakes>[\d,.]+\|[\d,.]+) (?P<limit>\w+) - "
    r"(?P<kind>MTT|SNG|STT|[$€£]? ?Cash Game)(?P<seats> seats:\d+)?(?P<rest>[^)]*)\)"
    r"(?P<money> (?:Real|Play) Money)$",
    re.M,
)
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
VERBS = (
    r"(?:posted the small blind|posted the big blind|posted to play|posted (?:the )?ante|"
    r"called|bet|raised(?: to)?|went all-in|wins|Rake:)"
)


def first_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``** Hand # N starting``, ``** Hand # N Version:2 starting``, ``** Game ID N
    starting``: another of the three."""
    m = FIRST.match(text)
    if m is None:
        return None
    number = m["id"] or m["gid"]
    shapes = [f"** Hand # {number} starting", f"** Hand # {number} Version:2 starting",
              f"** Game ID {number} starting"]  # fmt: skip
    return rng.choice([s for s in shapes if s != m.group(0)]) + text[m.end() :]


def currency_in_kind(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A cash table's currency named by its kind (``€Cash Game``, ``€ Cash Game``), the
    buy-in part then kept or left out; or named by the buy-in part alone."""
    m = TABLE_LINE.search(text)
    if m is None or not m["kind"].endswith("Cash Game") or not is_cash(seed):
        return None
    symbol = SYMBOLS.get(seed.hand.currency)
    if symbol is None:
        return None
    kinds = [f"{symbol}Cash Game", f"{symbol} Cash Game"]
    if m["buyin"]:
        kinds.append("Cash Game")
    kind = rng.choice([k for k in kinds if k != m["kind"]])
    buyin = m["buyin"] or ""
    if kind != "Cash Game" and rng.random() < 0.5:
        buyin = ""
    new = (
        f"{m['head']}{m['table']}{buyin} [{m['game']}] ({m['stakes']} {m['limit']} - "
        f"{kind}{m['seats'] or ''}{m['rest']}){m['money']}"
    )
    return text[: m.start()] + new + text[m.end() :]


def table_seats(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The kind with ``seats:N`` after it (nine, ten for a seat above nine), or without."""
    m = TABLE_LINE.search(text)
    if m is None:
        return None
    if m["seats"]:
        return text[: m.start("seats")] + text[m.end("seats") :]
    top = max(s.seat for s in seed.hand.seats)
    return text[: m.end("kind")] + f" seats:{9 if top <= 9 else 10}" + text[m.end("kind") :]


def game_name(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``[Omaha]`` made ``[Omaha Hi]`` or back, either with a ``Multi Table`` or ``Single
    Table`` before it or not."""
    m = TABLE_LINE.search(text)
    if m is None:
        return None
    game = re.sub(r"^(?:Multi|Single) Table ", "", m["game"])
    if game == "Omaha":
        game = "Omaha Hi"
    elif game == "Omaha Hi":
        game = "Omaha"
    prefix = rng.choice(("", "Multi Table ", "Single Table "))
    new = prefix + game
    if new == m["game"]:
        return None
    return text[: m.start("game")] + new + text[m.end("game") :]


def blaze(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A cash table named ``Blaze …`` (fast fold); its folds ``Quick Folded``, or not."""
    m = TABLE_LINE.search(text)
    if m is None or "Blaze" in m["table"] or not is_cash(seed):
        return None
    new = text[: m.start("table")] + "Blaze " + text[m.start("table") :]
    if rng.random() < 0.5:
        new = re.sub(r"^(.+) folded$", r"\1 Quick Folded", new, flags=re.M)
    return new


def quick_folds(text: str, seed: Seed, rng: random.Random) -> str | None:
    """At a Blaze table, ``folded`` made ``Quick Folded``, or back."""
    if not seed.hand.fast_fold:
        return None
    if re.search(r"^.+ Quick Folded$", text, re.M):
        return re.sub(r"^(.+) Quick Folded$", r"\1 folded", text, flags=re.M)
    new, n = re.subn(r"^(.+) folded$", r"\1 Quick Folded", text, flags=re.M)
    return new if n else None


def seat_dash(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every seat line led by ``- ``, or none."""
    if re.search(r"^- .+ sitting in seat \d+ with ", text, re.M):
        return re.sub(r"^- (.+ sitting in seat \d+ with )", r"\1", text, flags=re.M)
    new, n = re.subn(r"^(.+ sitting in seat \d+ with )", r"- \1", text, flags=re.M)
    return new if n else None


def dealer_space(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``€5.00[Dealer]`` made ``€5.00 [Dealer]``, or back."""
    if " [Dealer]" in text:
        return text.replace(" [Dealer]", "[Dealer]")
    return text.replace("[Dealer]", " [Dealer]") if "[Dealer]" in text else None


def amount_dashes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The `` - `` before every amount of a post or an action, or none."""
    with_dash = re.compile(rf"^(?P<head>.+ {VERBS}) - (?=[$€£]?\d)", re.M)
    if with_dash.search(text):
        return with_dash.sub(r"\g<head> ", text)
    new, n = re.subn(
        r"^(?P<head>.+ (?:posted the small blind|posted the big blind|posted to play|"
        r"posted (?:the )?ante|called|bet|went all-in)) (?=[$€£]?\d)",
        r"\g<head> - ",
        text,
        flags=re.M,
    )
    return new if n else None


def raised_to(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``raised to €X`` made ``raised €X``, or back (both the chips put in)."""
    if re.search(r"^.+ raised to ", text, re.M):
        return re.sub(r"^(.+) raised to ", r"\1 raised ", text, flags=re.M)
    new, n = re.subn(r"^(.+) raised (?!to )", r"\1 raised to ", text, flags=re.M)
    return new if n else None


def ante_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``posted the ante`` made ``posted ante``, or back."""
    new, n = re.subn(
        r"^(.+) posted (the )?ante ",
        lambda m: f"{m[1]} posted {'' if m[2] else 'the '}ante ",
        text,
        flags=re.M,
    )
    return new if n else None


CARD_LINE = re.compile(
    r"^(?P<head>\*\* Dealing (?:cards? to .+?|the flop|the turn|the river): |.+ (?:shows|mucks): )"
    r"(?P<cards>.+)$",
    re.M,
)


def card_spellings(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Tens as ``10`` (or ``T``), a card as ``Q of s`` now and then, ``card`` for
    ``cards`` in the deal line."""

    def one(m: re.Match[str]) -> str:
        cards = []
        for card in m["cards"].split(", "):
            plain = card.replace(" of ", "").replace("10", "T")
            rank, suit = plain[:-1], plain[-1]
            rank = "10" if rank == "T" and rng.random() < 0.8 else rank
            cards.append(f"{rank} of {suit}" if rng.random() < 0.3 else rank + suit)
        return m["head"] + ", ".join(cards)

    new = CARD_LINE.sub(one, text)
    if rng.random() < 0.5:
        new = re.sub(r"^\*\* Dealing cards to ", "** Dealing card to ", new, flags=re.M)
    return new if new != text else None


def main_pot_named(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``wins €X from the main pot`` made ``wins €X``, or back."""
    if re.search(r"^.+ wins \S+ from the main pot$", text, re.M):
        return re.sub(r"^(.+ wins \S+) from the main pot$", r"\1", text, flags=re.M)
    if seed.hand.side_pots_reported or len({c.pot_index for c in seed.hand.collections}) > 1:
        return None
    new, n = re.subn(r"^(.+ wins [$€£]?[\d,.]+)$", r"\1 from the main pot", text, flags=re.M)
    return new if n else None


def doubled_breaks(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every line break doubled (three blank lines inside a hand at most)."""
    if "\n\n\n" in text:
        return None
    return text.replace("\n", "\n\n")


def stakes_too(money: MoneyStyle, factor: int) -> Edit:
    """Every amount ``factor`` times larger, the table line's stakes (printed without
    their symbol) too."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not money_hand(seed, money) or splits_a_pot(seed):
            return None
        new = money.scale_all(text, factor, grouped=rng.random() < 0.7)
        m = TABLE_LINE.search(new)
        if m is None:
            return None
        stakes = "|".join(
            ANY.figure(ANY.value(x) * factor, cents="." in x) for x in m["stakes"].split("|")
        )
        return new[: m.start("stakes")] + stakes + new[m.end("stakes") :]

    return edit


def another_currency(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every symbol (amounts, the buy-in part, the kind) another currency's."""
    code = other_currency(seed, ("EUR", "USD", "GBP"))
    old = SYMBOLS.get(seed.hand.currency)
    if code is None or old is None or not money_hand(seed, MONEY):
        return None
    return text.replace(old, SYMBOLS[code])


def in_other_currency(parts: Fingerprint, seed: Seed) -> Fingerprint:
    code = other_currency(seed, ("EUR", "USD", "GBP"))
    return {**parts, "currency": (code, parts["currency"][1])}


TABLE: list[Rewrite] = [
    rewrite(
        "another first line",
        "first line",
        "`** Hand # ID starting - …`, `** Hand # ID Version:N starting - …`, "
        "`** Game ID ID starting - …`",
        first_line,
    ),
    rewrite(
        "the currency in the kind",
        "kind",
        "kind `Cash Game`, `€Cash Game`, `€ Cash Game`; table name `NAME - €50 Max` / "
        "`- €5 Min`, or no buy-in part",
        currency_in_kind,
    ),
    rewrite("the table's seats", "seats", "`(SB|BB LIMIT - KIND[ seats:N]…)`", table_seats),
    rewrite(
        "the game's other names",
        "game",
        "GAME `Omaha`, `Omaha Hi`, `Omaha Hi/Lo` (after an optional `Multi Table`/`Single Table`)",
        game_name,
    ),
    rewrite(
        "a Blaze table",
        "pool",
        "`Blaze` in the table name: a fast-fold table; `NAME Quick Folded`",
        blaze,
        expect=fast_fold,
    ),
    rewrite(
        "quick folds",
        "folds",
        "`NAME folded`, `NAME Quick Folded`",
        quick_folds,
    ),
    rewrite(
        "seat lines led by a dash",
        "seat dash",
        "`[- ]NAME sitting in seat N with €X[ ][Dealer]`",
        seat_dash,
    ),
    rewrite(
        "a space before the dealer mark",
        "dealer",
        "`… with €X[ ][Dealer]`",
        dealer_space,
    ),
    rewrite(
        "the dash before amounts",
        "dashes",
        "`NAME called [- ]€X`, `NAME posted the small blind [- ]€X`, … (the ` - ` optional)",
        amount_dashes,
    ),
    rewrite("raised with or without to", "raise", "`NAME raised [to ][- ]€X`", raised_to),
    rewrite("the ante's other words", "ante words", "`NAME posted [the ]ante [- ]X`", ante_words),
    rewrite(
        "the cards' other spellings",
        "cards",
        "`** Dealing card[s] to NAME: …` (`10` for ten, `Q of s` too)",
        card_spellings,
    ),
    rewrite(
        "the main pot named, or not",
        "award",
        "`NAME wins €X[ from the main pot| from the side pot[ N]]`",
        main_pot_named,
    ),
    rewrite(
        "every line break doubled",
        "breaks",
        "the export may double every line break (three blank lines inside a hand)",
        doubled_breaks,
    ),
    ante_rewrite(
        AnteShape(
            money=ANY,
            post="{name} posted the ante - {amount}",
            model=r" posted the big blind ",
            stack=r"^(?:- )?{name} sitting in seat \d+ with ",
            after=r" sitting in seat \d+ with ",
            award=r"^{name} wins ",
        ),
        "`NAME posted [the ]ante [- ]X`",
    ),
    *scale_rewrites(
        "amounts `€49.50`, `1,500`; stakes `(0.25|0.50 PL - …)`",
        lambda factor: stakes_too(MONEY, factor),
        factors=(10, 100, 1000),
    ),
    rewrite(
        "amounts in another currency",
        "currency",
        "the symbol of the kind, or of the buy-in part, is the currency",
        another_currency,
        expect=in_other_currency,
    ),
]
