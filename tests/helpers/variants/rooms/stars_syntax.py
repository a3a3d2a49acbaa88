"""Rewrites every room printing PokerStars' lines shares (docs/SITES.md, "Stars-syntax
rooms: what they share", and the PokerStars table): noise lines, a seat sitting out,
amounts scaled until thousands marks appear, another currency, an ante, 5- and 6-card
deals, the header's title and table-line alternatives.

Each room's table (``pokerstars.py``, ``lookalikes.py``) takes the ones its grammar
allows and adds its own (its time stamps, tournament headers).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from omahahh.model import GameType
from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.holecards import CardShape, cards_rewrites
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    lines_of,
    noise_line,
    rewrite,
    substitute,
)
from tests.helpers.variants.rewrite import scale_rewrites as amounts_scaled
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£¥₹]")
"""Stars' amounts: a symbol, ``.`` decimals, ``,`` thousands (``$1,234.50``)."""

SYMBOL_OF = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "INR": "₹"}

HOLE_CARDS = r"^\*\*\* (?:HOLE CARDS|PRE-FLOP|DEALING HANDS) \*\*\*"
SUMMARY = r"^\*\*\* SUMMARY \*\*\*"
SEAT_LINE = r"^Seat (?P<seat>\d+): .+ \((?P<stack>\S+(?: \S+)?) in chips"


def splits_a_pot(seed: Seed) -> bool:
    """Does any pot (or half) go to more than one player, the hand run twice, or a rake
    spread over several pots? Such hands' odd chips (and the rake's) depend on the
    amounts, so they are not scaled."""
    h = seed.hand
    if h.run_count != 1 or h.game.hi_lo or h.side_pots_reported or h.cashouts:
        return True
    pots = [c.pot_index for c in h.collections]
    if len(set(pots)) > 1 and (h.rake_reported or h.side_pots_reported):
        return True
    return len(pots) != len(set(pots))


def money_hand(seed: Seed, money: MoneyStyle) -> bool:
    """A cash hand whose header (its first ten lines) prints its amounts with the
    room's marks, and whose players' names hold none."""
    h = seed.hand
    if h.game_type is not GameType.CASH or h.currency in ("PLAY", "CHIPS", "XXX"):
        return False
    if not money.amounts("\n".join(lines_of(seed.text)[:10])):
        return False
    return not any(money.amounts(name) for name in seed.players)


def scale_edit(money: MoneyStyle, factor: int, grouping: bool = True) -> Edit:
    """Every amount ``factor`` times larger, with thousands marks or without (without
    always where the room prints none: ``grouping`` False)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not money_hand(seed, money) or splits_a_pot(seed):
            return None
        return money.scale_all(text, factor, grouped=grouping and rng.random() < 0.7)

    return edit


def scale_rewrites(money: MoneyStyle, row: str, grouping: bool = True) -> list[Rewrite]:
    """Amounts 10, 100 and 1000 times larger (kind ``amounts``)."""
    marks = "thousands marks" if grouping else "no thousands mark"
    return amounts_scaled(
        row,
        lambda factor: scale_edit(money, factor, grouping),
        factors=(10, 100, 1000),
        suffix=f", {marks}",
    )


def other_currency(seed: Seed, codes: tuple[str, ...]) -> str | None:
    """The first of ``codes`` that is not the seed's currency."""
    return next((c for c in codes if c != seed.hand.currency), None)


def currency_rewrite(
    money: MoneyStyle,
    row: str,
    codes: tuple[str, ...],
    *,
    iso_everywhere: bool = False,
    symbols: dict[str, str] = SYMBOL_OF,
) -> Rewrite:
    """Every amount's symbol another currency's of ``codes`` and the header's ISO code
    with it (every amount's, where the room prints one after each: ``iso_everywhere``)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        code = other_currency(seed, codes)
        old = symbols.get(seed.hand.currency)
        if code is None or old is None or old not in text or not money_hand(seed, money):
            return None
        symbol = symbols[code]
        new = re.sub(re.escape(old) + r"(?= ?\d)", symbol, text)
        if iso_everywhere:
            return re.sub(rf"\b{seed.hand.currency}\b", code, new)
        first, newline, rest = new.partition("\n")
        first = re.sub(rf"\b{seed.hand.currency}\b", code, first)
        return first + newline + rest

    def expect(parts: Fingerprint, seed: Seed) -> Fingerprint:
        return {**parts, "currency": (other_currency(seed, codes), parts["currency"][1])}

    return rewrite("amounts in another currency", "currency", row, edit, expect=expect)


def stars_noise(row: str) -> Rewrite:
    """Chat, connection and table news between the deal and the summary."""
    return rewrite(
        "chat and table news",
        "noise",
        row,
        noise_line(
            (
                '{name} said, "{chat}"',
                "{name} is disconnected",
                "{name} is connected",
                "{name} has timed out",
                "{name} has timed out while disconnected",
                "{name} has returned",
                "{name} leaves the table",
                "{newcomer} joins the table at seat #{seat}",
                "{newcomer} will be allowed to play after the button",
                "{name} is sitting out",
                "{name}: sits out",
                "{name} is away",
            ),
            HOLE_CARDS,
            SUMMARY,
        ),
    )


STARS_SEAT = SeatShape(
    seat_line=SEAT_LINE,
    stop=HOLE_CARDS,
    line="Seat {seat}: {name} ({stack} in chips) is sitting out",
)

STARS_ANTE = AnteShape(
    money=MONEY,
    post="{name}: posts the ante {amount}",
    model=r": posts big blind ",
    stack=r"^Seat \d+: {name} \(",
    after=r"^Seat \d+: .* in chips",
    award=r"^{name} collected ",
    totals=(r"^Total pot ",),
    summary=(r"^Seat \d+: {name} .*(?:collected|won) \(",),
)

STARS_CARDS = CardShape(
    dealt=r"^Dealt to .+? \[(?P<cards>[^\]]*)\]$",
    join=" ",
    games={
        5: (r"(?<=: )(\s*)Omaha(?= )", r"\g<1>5 Card Omaha"),
        6: (r"(?<=: )(\s*)Omaha(?= )", r"\g<1>6 Card Omaha"),
    },
)


def title_edit(old: str, new: str) -> Edit:
    """The header's title (``Hand #``) another the room prints (``Game #``)."""
    return substitute(rf"\A(\S+(?: Poker)?) {old} #", rf"\g<1> {new} #")


@dataclass(frozen=True, slots=True)
class StarsRoom:
    """What a Stars-syntax room's shared rewrites need to know of it."""

    currencies: tuple[str, ...] = ("USD", "EUR", "GBP")
    titles: tuple[tuple[str, str], ...] = (("Hand", "Game"),)
    more_cards: bool = True
    """4-card hands may be dealt as 5- and 6-card Omaha (the room deals them)."""
    cards_after: bool = False
    """``Omaha 5 Cards`` may stand for ``5 Card Omaha``."""


def shared_rewrites(room: StarsRoom) -> list[Rewrite]:
    """The rewrites every Stars-syntax room's grammar allows, as ``room`` says."""
    out = [
        stars_noise("chat, connection and table news: nothing"),
        seat_rewrite(STARS_SEAT, "Seat N: NAME (X in chips) is sitting out"),
        *scale_rewrites(MONEY, "amounts: `.` decimal, `,` thousands"),
        currency_rewrite(MONEY, "stakes `$ € £ ¥ ₹`, ISO suffix", room.currencies),
        ante_rewrite(STARS_ANTE, "NAME: posts the ante X"),
        rewrite(
            "table line with (Real Money)",
            "table",
            "Table 'NAME' N-max (Real Money) Seat #B is the button",
            substitute(
                r"^(Table (?:ID )?'[^']*'(?:\(\d+\))? \d+-[Mm]ax) (Seat #)", r"\1 (Real Money) \2"
            ),
        ),
    ]
    for old, new in room.titles:
        out.append(
            rewrite(
                f"header title {new}",
                "title",
                f"`<Room> {new} #N:`",
                title_edit(old, new),
            )
        )
    if room.more_cards:
        out += cards_rewrites(STARS_CARDS, ("`5 Card Omaha`", "`6 Card Omaha`"))
    if room.cards_after:
        out.append(
            rewrite(
                "game words with the cards after",
                "game",
                "`Omaha 5 Cards`, `Omaha 6 Cards` (`5 Card Omaha`, `6 Card Omaha`)",
                substitute(r"\A([^\n]*?)([56]) Card Omaha", r"\1Omaha \2 Cards"),
            )
        )
    return out
