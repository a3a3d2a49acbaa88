"""Betfair's rewrites (docs/SITES.md, "Betfair").

The game's other name (``Omaha Hi``), amounts spelt ``$ 0.05 USD``, a post or a bet
with a colon after the name, a raise *to* the street total or *adding* the chips, an
award naming the main pot or none, a seat sitting out (``NAME sits out``, or no line at
all: away), amounts scaled and in another currency.

Left out: the play-money table (its amounts would be read in whole chips, not cents).
"""

from __future__ import annotations

import random
import re

from omahahh.model import ActionKind
from tests.helpers.variants.actions import paired, printed_like
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    lines_of,
    newcomer,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£] ?", suffix=r"(?: USD| EUR| GBP)?")
"""Amounts: ``$0.05``, ``$ 0.05 USD``."""
CODES = {"$": "USD", "€": "EUR", "£": "GBP"}
RAISE_LINE = re.compile(r"^(?P<name>.+?) raises (?P<to>to )?\[(?P<amount>[^\]]+)\]$")
SEAT_LINE = re.compile(r"^Seat (?P<seat>\d+): .+? \(\s*(?P<stack>[^()]*?)\s*\)$")


def spelled_with_code(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every amount in brackets and every stack spelt ``$ 0.05 USD``, or back to
    ``$0.05``."""
    spaced = re.compile(r"(?P<symbol>[$€£]) (?P<num>[\d.,]+) (?:USD|EUR|GBP)")
    if spaced.search(text):
        new = spaced.sub(r"\g<symbol>\g<num>", text)
        return new
    lines = lines_of(text)
    for i, line in enumerate(lines):
        if i < 2 or not re.search(r"\[[$€£]|\( [$€£]", line):
            continue
        lines[i] = re.sub(
            r"(?P<symbol>[$€£])(?P<num>\d[\d.,]*)",
            lambda m: f"{m['symbol']} {m['num']} {CODES[m['symbol']]}",
            line,
        )
    new = "\n".join(lines)
    return new if new != text else None


def colons(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``NAME: posts small blind [$X]``, ``NAME: bets [$X]``: a colon after the name, or
    none."""
    names = "|".join(re.escape(p) for p in sorted(seed.players, key=len, reverse=True))
    pattern = re.compile(
        rf"^(?P<name>{names})(?P<colon>:?) (?P<verb>posts small blind|posts big blind|"
        r"posts small & big blinds|bets) \[",
        re.M,
    )
    new = pattern.sub(lambda m: f"{m['name']}{'' if m['colon'] else ':'} {m['verb']} [", text)
    return new if new != text else None


def raise_shapes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each raise ``raises to [X]`` (the street total) made ``raises [A]`` (the chips
    added), or back: the figures from the record."""
    lines = lines_of(text)
    changed = False
    for i, a in paired(lines, seed, RAISE_LINE, lambda a: a.kind is ActionKind.RAISE):
        m = RAISE_LINE.match(lines[i])
        if m is None or a.to_amount is None:
            continue
        shown = a.to_amount if m["to"] else a.amount
        minor = a.amount if m["to"] else a.to_amount
        figure = printed_like(MONEY, m["amount"], shown, minor, seed.hand.unit)
        words = "raises" if m["to"] else "raises to"
        lines[i] = f"{m['name']} {words} [{figure}]"
        changed = True
    return "\n".join(lines) if changed else None


def main_pot_named(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``wins $X from main pot`` made ``wins $X``, or back (one pot only)."""
    if re.search(r" from (?:side pot|main pot)", text) and " from side pot" in text:
        return None
    if re.search(r"^.+ wins \S+(?: [A-Z]{3})? from main pot", text, re.M):
        return re.sub(r"^(.+ wins [^\n]+?) from main pot", r"\1", text, flags=re.M)
    new, n = re.subn(
        r"^(?P<head>.+ wins [$€£] ?[\d.,]+(?: USD| EUR| GBP)?)(?P<tail>(?: with .*)?)$",
        r"\g<head> from main pot\g<tail>",
        text,
        flags=re.M,
    )
    return new if n else None


def seat_sitting_out(with_line: bool) -> Edit:
    """A newcomer's seat: ``NAME sits out`` among the posts, or no line at all and a
    ``( $0 )`` stack (away)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not seed.free_seats:
            return None
        lines = lines_of(text)
        seats = [(i, m) for i, line in enumerate(lines) if (m := SEAT_LINE.match(line))]
        if not seats:
            return None
        name, seat = newcomer(seed, rng), rng.choice(seed.free_seats)
        stack = (
            seats[0][1]["stack"]
            if with_line
            else re.sub(r"[\d.,]+", "0", seats[0][1]["stack"], count=1)
        )
        later = [i for i, m in seats if int(m["seat"]) > seat]
        at = later[0] if later else seats[-1][0] + 1
        lines.insert(at, f"Seat {seat}: {name} ( {stack} )")
        if with_line:
            lines.insert(seats[-1][0] + 2, f"{name} sits out")
        return "\n".join(lines)

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "Omaha Hi",
        "game",
        "`NL|PL $SB/$BB Omaha|Omaha Hi - …`",
        substitute(r"^((?:NL|PL) \S+ )Omaha( - )", r"\1Omaha Hi\2"),
    ),
    rewrite(
        "amounts spelt with their code",
        "spelling",
        "amounts `$0.05`, `$ 0.05 USD`; `Seat N: NAME ( $X )` (`( $ 5.12 USD )`)",
        spelled_with_code,
    ),
    rewrite(
        "a colon after the name",
        "colon",
        "`NAME posts small blind [$X]`, `big blind`, `small & big blinds` (also with `NAME:`); "
        "`bets` (also `NAME: bets`)",
        colons,
    ),
    rewrite(
        "a raise to, or adding",
        "raise",
        "`raises to [$X]` (the street total), `raises [$X]` (the chips added)",
        raise_shapes,
    ),
    rewrite(
        "the main pot named, or not",
        "award",
        "`NAME wins $X[ from main pot|side pot N][ with …]`",
        main_pot_named,
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`NAME sits out`: a player with no line yet sat out",
        seat_sitting_out(True),
        changes=("seats",),
    ),
    rewrite(
        "a seat away",
        "seat",
        "`Seat N: NAME ( $X )`: a seat with no line in the hand (`( $0 )`, away) sat out",
        seat_sitting_out(False),
        changes=("seats",),
    ),
    *scale_rewrites(MONEY, "amounts `$0.05`, `$ 0.05 USD`, `,` thousands"),
    currency_rewrite(
        MONEY, "stakes and amounts in `$`, `€`, `£`", ("USD", "EUR", "GBP"), iso_everywhere=True
    ),
]
