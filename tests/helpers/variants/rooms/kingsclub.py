"""Kings Club's rewrites (docs/SITES.md, "Kings Club").

The header's spaces after the colon, the table line's optional parts (``ID``, ``N-max``,
``#``, a leading space), seat lines led by a space, a currency symbol on every amount,
the straddle's words, the ``*** HOLE CARDS ***`` line left out, a raise in its three
shapes (``raises to Y``, ``raises X to Y``, ``raises X``), an action made for a
disconnected player, a seat sitting out, the award's four shapes, the rake on two lines,
tournament news, hands dealt five or six cards, an ante, amounts scaled with thousands
marks.

Left out: the play-money table mark (its amounts are whole chips, not cents: every
figure would have to be read again), ``STP added`` (the room's money changes the
awards), board 2's ``-`` cards (no repository hand runs twice from a shared street).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from omahahh.cards import card_str
from omahahh.model import POST_KINDS, Action, ActionKind, GameType
from tests.helpers.variants.actions import faced, factor_of, paired
from tests.helpers.variants.ante import AnteShape, ante_edit, ante_expectation
from tests.helpers.variants.fingerprint import Fingerprint, scaled
from tests.helpers.variants.holecards import cards_expectation, extra_cards, takes_more_cards
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    first_index,
    is_cash,
    is_tournament,
    lines_of,
    newcomer,
    noise_line,
    only_when,
    rewrite,
)
from tests.helpers.variants.rooms.stars_syntax import splits_a_pot
from tests.helpers.variants.seeds import Seed

SYMBOL = r"[$€£₹¥]"
MONEY = MoneyStyle(
    rf"(?:(?<=\()|(?<=[a-z] )|(?<=[+/-])|(?<=- )|(?<=: ))(?<!pot ){SYMBOL}?",
    suffix=r"(?!:| is the button)",
)
"""Kings Club's amounts: ``1,375``, ``85.50``, ``($1,000)``; a figure after ``(``, a
word, a sign, the header's ``- `` or ``/``, or ``STP added: `` (never a seat's or a
pot's number)."""
TABLE_LINE = re.compile(
    r"^(?P<lead>\s?)Table (?P<id>ID )?'(?P<name>.+?)' (?P<max>\d+-max )?(?P<play>\(Play Money\) )?"
    r"Seat (?P<hash>#?)(?P<seat>\d+) is the button$",
    re.M,
)
SEAT_LINE = re.compile(r"^\s?Seat (?P<seat>\d+): .+ \((?P<stack>[^()]+)\)$")
HOLE_CARDS = r"^\*\*\* HOLE CARDS \*\*\*$"
SUMMARY = r"^\*\*\* SUMMARY \*\*\*$"
ALL_IN = r"(?P<tail>(?:, and is all in)?(?: \(disconnect\))?)$"


def colon_spaces(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``#41000003:  Pot Limit Omaha`` with one space after the colon, or two."""
    m = re.match(r"#\d+:(?P<gap>\s+)", text)
    if m is None:
        return None
    gap = " " if len(m["gap"]) > 1 else "  "
    return text[: m.start("gap")] + gap + text[m.end("gap") :]


def table_parts(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The table line with one of its optional parts put in or left out: ``ID``,
    ``N-max`` (nine, or ten for a seat above nine), the ``#`` and a leading space."""
    m = TABLE_LINE.search(text)
    if m is None:
        return None
    parts = {k: m[k] or "" for k in ("lead", "id", "max", "hash")}
    top = max(s.seat for s in seed.hand.seats)
    toggled = rng.choice(list(parts))
    on = {"lead": " ", "id": "ID ", "max": f"{9 if top <= 9 else 10}-max ", "hash": "#"}
    parts[toggled] = "" if parts[toggled] else on[toggled]
    line = (
        f"{parts['lead']}Table {parts['id']}'{m['name']}' {parts['max']}{m['play'] or ''}"
        f"Seat {parts['hash']}{m['seat']} is the button"
    )
    return text[: m.start()] + line + text[m.end() :]


def seats_led_by_a_space(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every seat line (the summary's too) led by a space, or none."""
    if re.search(r"^ Seat \d+: ", text, re.M):
        return re.sub(r"^ (Seat \d+: )", r"\1", text, flags=re.M)
    new, n = re.subn(r"^(Seat \d+: )", r" \1", text, flags=re.M)
    return new if n else None


def cash_money(seed: Seed) -> bool:
    """A cash hand (real money, or none stated) whose players' names hold no amount."""
    h = seed.hand
    if h.game_type is not GameType.CASH or h.currency == "PLAY":
        return False
    return not any(MONEY.amounts(f" {name}") for name in seed.players)


CURRENCIES = {"$": "USD", "€": "EUR"}


def symbol_for(seed: Seed) -> str:
    """The symbol a variant prints: the euro's for a hand in dollars, else the dollar's."""
    return "€" if seed.hand.currency == "USD" else "$"


def with_symbol(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Every amount printed with a currency symbol (another one where it has one)."""
    if not cash_money(seed):
        return None
    symbol = symbol_for(seed)
    lines = lines_of(text)
    for i, line in enumerate(lines):
        if i in (0, 1) or line.startswith(("***", "Dealt to ")) or TABLE_LINE.match(line):
            continue
        lines[i] = MONEY.pattern.sub(lambda m: symbol + m["num"], line)
    new = "\n".join(lines)
    return new if new != text else None


def in_symbol_currency(parts: Fingerprint, seed: Seed) -> Fingerprint:
    return {**parts, "currency": (CURRENCIES[symbol_for(seed)], parts["currency"][1])}


def straddle_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``NAME: posts straddle X`` made ``NAME: straddles X``, or back."""
    new, n = re.subn(
        r"^(?P<name>.+?): (?P<words>posts straddle|straddles) ",
        lambda m: (
            f"{m['name']}: "
            + ("straddles " if m["words"] == "posts straddle" else "posts straddle ")
        ),
        text,
        flags=re.M,
    )
    return new if n else None


def without_hole_cards_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    new, n = re.subn(HOLE_CARDS + "\n", "", text, count=1, flags=re.M)
    return new if n else None


def scale_of(seed: Seed) -> int:
    """Minor units per printed unit: a tournament prints its chips ÷ 100."""
    return 100 if seed.hand.game_type is GameType.TOURNAMENT else seed.hand.unit


def printed(value: Decimal, like: str) -> str:
    """``value`` with the symbol and cents of ``like`` (a printed amount), thousands
    grouped."""
    m = re.match(rf"(?P<symbol>{SYMBOL}?)(?P<num>[\d,.]+)$", like)
    assert m is not None, like
    return m["symbol"] + MONEY.figure(value, grouped=value >= 1000, cents="." in m["num"])


def value_of(token: str) -> Decimal:
    return MONEY.value(token.lstrip("$€£₹¥"))


BETTING = re.compile(r"^(?P<name>.+?) (?:folds|checks|calls|bets|raises)\b")


def action_lines(lines: list[str], seed: Seed) -> list[tuple[int, Action]]:
    """Each betting line of ``lines`` with the seed's action it prints."""
    return paired(lines, seed, BETTING, lambda a: a.kind not in POST_KINDS)


def raise_shapes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each raise line in another of its shapes: ``raises to Y``, ``raises X to Y`` (X
    over the bet faced) or ``raises A`` (the chips it adds), the figures from the record."""
    lines = lines_of(text)
    before = faced(seed)
    changed = False
    for i, a in action_lines(lines, seed):
        if a.kind is not ActionKind.RAISE or a.to_amount is None:
            continue
        m = re.match(
            rf"^(?P<head>.+? raises )(?:{SYMBOL}?[\d,.]+ )?(?:to )?(?P<to>{SYMBOL}?[\d,.]+)"
            + ALL_IN,
            lines[i],
        )
        if m is None:
            continue
        factor = factor_of(value_of(m["to"]), a.to_amount, scale_of(seed))
        to, by, added = (
            printed(Decimal(x) / scale_of(seed) * factor, m["to"])
            for x in (a.to_amount, a.to_amount - before[id(a)], a.amount)
        )
        shapes = [f"to {to}", f"{by} to {to}", added]
        now = lines[i][len(m["head"]) : len(lines[i]) - len(m["tail"])]
        lines[i] = m["head"] + rng.choice([s for s in shapes if s != now]) + m["tail"]
        changed = True
    return "\n".join(lines) if changed else None


def disconnected(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An action of a player who is not all in made ``… (disconnect)``."""
    lines = lines_of(text)
    found = [i for i, a in action_lines(lines, seed) if not a.all_in]
    found = [i for i in found if not lines[i].endswith(")")]
    if not found:
        return None
    i = rng.choice(found)
    lines[i] += " (disconnect)"
    return "\n".join(lines)


def sitting_out_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's seat and ``NAME sits out`` before the blinds."""
    if not seed.free_seats:
        return None
    lines = lines_of(text)
    stop = first_index(lines, SUMMARY) or len(lines)
    seats = [(i, m) for i in range(stop) if (m := SEAT_LINE.match(lines[i]))]
    if not seats:
        return None
    name, seat = newcomer(seed, rng), rng.choice(seed.free_seats)
    lead = " " if lines[seats[0][0]].startswith(" ") else ""
    later = [i for i, m in seats if int(m["seat"]) > seat]
    at = later[0] if later else seats[-1][0] + 1
    lines.insert(at, f"{lead}Seat {seat}: {name} ({seats[0][1]['stack']})")
    lines.insert(seats[-1][0] + 2, f"{name} sits out")
    return "\n".join(lines)


AWARD = re.compile(
    rf"^(?P<name>.+?) wins (?:pot |side pot (?P<side>\d+) )?\((?P<amount>{SYMBOL}?[\d,.]+)\)"
    r"(?: from (?P<pot>pot|side pot (?P<from>\d+)))?$",
    re.M,
)


def award_shapes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each award line in another of its shapes naming the same pot."""

    def one(m: re.Match[str]) -> str:
        side = m["side"] or m["from"]
        name, amount = m["name"], m["amount"]
        if side:
            shapes = [f"wins side pot {side} ({amount})", f"wins ({amount}) from side pot {side}"]
        else:
            shapes = [f"wins pot ({amount})", f"wins ({amount}) from pot"]
        now = m.group(0)[len(name) + 1 :]
        return f"{name} " + rng.choice([s for s in shapes if s != now])

    new, n = AWARD.subn(one, text)
    return new if n else None


def rake_on_two_lines(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Rake 5`` printed as ``Rake 3`` and ``Rake 2``: the lines add up."""
    m = re.search(rf"^Rake (?P<amount>{SYMBOL}?[\d,.]+)$", text, re.M)
    if m is None or len(re.findall(r"^Rake ", text, re.M)) > 1:
        return None
    cents = int(value_of(m["amount"]) * 100)
    if cents < 2:
        return None
    part = rng.randint(1, cents - 1)
    first, second = (printed(Decimal(x) / 100, m["amount"]) for x in (part, cents - part))
    return text[: m.start()] + f"Rake {first}\nRake {second}" + text[m.end() :]


def more_cards(holes: int) -> Edit:
    """The game named for ``holes`` cards (5-card Hi/Lo: ``Big O``), the hero's dealt line
    with cards no one holds, the others' ``[X X X X]`` with as many ``X``."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        hi_lo = seed.hand.game.hi_lo
        if not takes_more_cards(seed) or (hi_lo and holes == 6):
            return None
        game = "Big O" if hi_lo else f"Omaha {holes} Card"
        new, n = re.subn(r"\A(#\d+:\s+[A-Za-z ]+? )Omaha(?: Hi-Lo)?(?= - )", rf"\g<1>{game}", text)
        if not n:
            return None
        extra = " ".join(card_str(c) for c in extra_cards(seed, holes - 4))
        new = re.sub(r"^(Dealt to .+?: \[[^\]X]+)\]$", rf"\1 {extra}]", new, flags=re.M)
        hidden = " ".join("X" * holes)
        return re.sub(r"^(Dealt to .+?: )\[X X X X\]$", rf"\1[{hidden}]", new, flags=re.M)

    return edit


def cash_ante(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ante for every player dealt in, at a cash table (a tournament's printed chips
    are a hundredth of the chips: its figures would not be the ante's)."""
    if not is_cash(seed) or seed.hand.currency == "PLAY":
        return None
    return ante_edit(ANTE)(text, seed, rng)


ANTE = AnteShape(
    money=MONEY,
    post="{name}: posts ante {amount}",
    model=r": posts the big blind ",
    stack=r"^\s?Seat \d+: {name} \(",
    after=r"^\s?Seat \d+: .+ \([^()]+\)$",
    award=r"^{name} wins (?:pot |side pot \d+ )?\(",
)


def scale(factor: int) -> Edit:
    """Every amount ``factor`` times larger, thousands marked; the date and the header's
    game (``Omaha 6 Card``) left alone."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not cash_money(seed) or splits_a_pot(seed):
            return None
        lines = lines_of(text)
        game, dash, stakes = lines[0].rpartition(" - ")
        kept = (game, lines[1])
        lines[0], lines[1] = dash + stakes, ""
        new = lines_of(MONEY.scale_all("\n".join(lines), factor, grouped=True))
        new[0], new[1] = kept[0] + new[0], kept[1]
        return "\n".join(new)

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "one or two spaces after the colon",
        "header",
        "`#ID: <Limit> <Game> - SB/BB` (one or more spaces after the colon)",
        colon_spaces,
    ),
    rewrite(
        "the table line's optional parts",
        "table",
        "`Table ID 'T' 6-max (Play Money) Seat #N is the button` (each part optional, a "
        "space may lead)",
        table_parts,
    ),
    rewrite(
        "seat lines led by a space",
        "seats",
        "`Seat N: NAME (X)`, a space may lead",
        seats_led_by_a_space,
    ),
    rewrite(
        "amounts with a currency symbol",
        "currency",
        "`Seat N: NAME (X)`, X may carry `$ € £ ₹ ¥`: a symbol gives the currency",
        with_symbol,
        expect=in_symbol_currency,
    ),
    rewrite(
        "the straddle's other words",
        "straddle",
        "`NAME: straddles X` / `posts straddle X`",
        straddle_words,
    ),
    rewrite(
        "the hole cards line left out",
        "hole cards",
        "`*** HOLE CARDS ***` (may be missing)",
        without_hole_cards_line,
    ),
    rewrite(
        "a raise in another shape",
        "raise",
        "`NAME raises to Y` / `raises X to Y` (to the street total Y); `raises X` (adding X)",
        raise_shapes,
    ),
    rewrite(
        "an action for a disconnected player",
        "disconnect",
        "an action ending ` (disconnect)`",
        disconnected,
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`NAME sits out`: the seat is dealt no cards",
        sitting_out_seat,
        changes=("seats",),
    ),
    rewrite(
        "the award in another shape",
        "award",
        "`wins pot (X)`, `wins (X) from pot`, `wins (X) from side pot N`, `wins side pot N (X)`",
        award_shapes,
    ),
    rewrite(
        "the rake on two lines",
        "rake",
        "`Rake X` (one or several lines: they add up)",
        rake_on_two_lines,
    ),
    rewrite(
        "tournament news",
        "noise",
        "`finished the tournament in Nth place …`, `wins the X bounty for eliminating N`: nothing",
        only_when(
            is_tournament,
            noise_line(
                (
                    "{newcomer} finished the tournament in 7th place",
                    "{name} wins the 5.00 bounty for eliminating {newcomer}",
                    "{name} wins 2.50 for eliminating {newcomer} and their own bounty "
                    "increases by 2.50",
                ),
                SUMMARY,
                r"\Z",
            ),
        ),
    ),
    *(
        rewrite(
            f"dealt as {holes}-card Omaha",
            "game",
            row,
            more_cards(holes),
            expect=cards_expectation(holes),
        )
        for holes, row in ((5, "`Omaha 5 Card`, `Big O` (5-card Hi/Lo)"), (6, "`Omaha 6 Card`"))
    ),
    rewrite(
        "an ante for every player dealt in",
        "ante",
        "`NAME: posts ante X` (dead)",
        cash_ante,
        changes=("stakes",),
        expect=ante_expectation,
    ),
    *(
        rewrite(
            f"amounts x{factor}, thousands marks",
            "amounts",
            "amounts: `,` thousands (`10,000`, `1,375`)",
            scale(factor),
            expect=scaled(factor),
        )
        for factor in (10, 100, 1000)
    ),
]
