"""Cake / Horizon's rewrites (docs/SITES.md, "Cake / Horizon").

The header with a byte-order mark written as text, more spaces around its first dash,
the table part's size in its shapes, the date in its four shapes, the Hi/Lo game's
names, the fixed-limit word printed or not, a tournament's prize kind; seat lines
without ``in chips`` (or with the currency's code), a table shown in euros (each seat
and post with its conversion), a seat sitting out or with no line, the raise with or
without ``to``, the award with or without its colon, chat and leave lines, tournament
places, an ante, amounts scaled with their thousands grouped by commas or spaces.

Left out: a play-money table (its amounts are read in whole chips, not cents), the
underscores of a muck line's name (no repository hand has a name with a space).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from omahahh.model import Structure
from tests.helpers.variants.ante import AnteShape, ante_edit, ante_expectation, ante_of
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    insert_between,
    is_cash,
    is_tournament,
    lines_of,
    newcomer,
    noise_line,
    only_when,
    rewrite,
    scale_rewrites,
)
from tests.helpers.variants.rooms.stars_syntax import money_hand, splits_a_pot
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]")
"""Cash amounts: ``$1,002``, ``$0.02``."""
CHIPS = MoneyStyle("", thousands=" ")
"""A tournament's chips: ``1 640``."""
BOM_AS_TEXT = "ï»¿"
HEADER = re.compile(r"\A(?P<bom>(?:ï»¿)?)Hand#(?P<id>[0-9A-Z]+)(?P<dash> +- +)")
DATE = re.compile(
    r"(?<= -- )(?P<y>\d{4})(?P<ds>[/.-])(?P<m>\d\d)(?P=ds)(?P<d>\d\d)(?: - | +)"
    r"(?P<h>\d{1,2})(?P<ts>[:/-])(?P<mi>\d\d)(?P=ts)(?P<s>\d\d)$",
    re.M,
)
DATE_SHAPES = ("{y}/{m}/{d} - {h}:{mi}:{s}", "{y}-{m}-{d} - {h}-{mi}-{s}",
               "{y}.{m}.{d} - {h}/{mi}/{s}", "{y}/{m}/{d} {h}:{mi}:{s}")  # fmt: skip
SEAT_IN_CHIPS = re.compile(r"^(?P<head>Seat \d+: .+ \()(?P<amount>[^()]+) in chips\)$", re.M)
SEAT_LINE = re.compile(r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]+?)(?: in chips)?\)")
POSTS = re.compile(
    r"^(?P<head>.+?: posts (?:small blind|big blind|ante of) )(?P<amount>\S+)$", re.M
)
HI_LO_NAMES = ("OmahaHiLo", "Omaha Hi/Lo", "Omaha H/L")
MARKS = (",", " ", "\u00a0", "\u202f")
"""Thousands marks: commas, spaces, no-break and narrow no-break spaces."""


def figure_value(text: str) -> Decimal:
    """An amount as printed, whatever its marks: ``$1 002.50`` -> 1002.50."""
    return Decimal(re.sub(r"[$€£ ,\u00a0\u202f]", "", text))


def bom(text: str, seed: Seed, rng: random.Random) -> str | None:
    """DriveHUD's files: the byte-order mark written as cp1252 text before ``Hand#``."""
    return None if text.startswith(BOM_AS_TEXT) else BOM_AS_TEXT + text


def dash_spaces(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Hand#ID - …`` with more spaces around the dash, or one."""
    m = HEADER.match(text)
    if m is None:
        return None
    dash = " - " if m["dash"] != " - " else rng.choice(("  - ", " -  ", "  -  "))
    return text[: m.start("dash")] + dash + text[m.end("dash") :]


def table_size(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``(9-Max)`` made ``(9--Max)`` or ``(Turbo, 9-Max)``, or back."""
    first, newline, rest = text.partition("\n")
    m = re.search(r"\((?P<turbo>Turbo,? )?(?P<n>\d+)(?P<dashes>-+)Max\)", first)
    if m is None:
        return None
    shapes = [f"({m['n']}-Max)", f"({m['n']}--Max)", f"(Turbo, {m['n']}-Max)"]
    new = rng.choice([s for s in shapes if s != m.group(0)])
    return first[: m.start()] + new + first[m.end() :] + newline + rest


def date_shape(text: str, seed: Seed, rng: random.Random) -> str | None:
    first, newline, rest = text.partition("\n")
    m = DATE.search(first)
    if m is None:
        return None
    parts = {k: m[k] for k in ("y", "m", "d", "h", "mi", "s")}
    shapes = [s.format(**parts) for s in DATE_SHAPES]
    new = rng.choice([s for s in shapes if s != m.group(0)])
    return first[: m.start()] + new + first[m.end() :] + newline + rest


def hi_lo_name(text: str, seed: Seed, rng: random.Random) -> str | None:
    first, newline, rest = text.partition("\n")
    m = re.search(r"(?<= )(?:OmahaHiLo|Omaha Hi/Lo|Omaha H/L)(?= -- )", first)
    if m is None:
        return None
    name = rng.choice([n for n in HI_LO_NAMES if n != m.group(0)])
    return first[: m.start()] + name + first[m.end() :] + newline + rest


def limit_word(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fixed-limit game with its ``FL`` printed, or with no limit word."""
    if seed.hand.game.structure is not Structure.FIXED_LIMIT:
        return None
    first, newline, rest = text.partition("\n")
    m = re.search(r"(?<= -- )(?P<stakes>\S+) (?P<fl>FL )?(?P<game>Omaha[^\n]*?)(?= -- )", first)
    if m is None:
        return None
    new = f"{m['stakes']} {'' if m['fl'] else 'FL '}{m['game']}"
    return first[: m.start()] + new + first[m.end() :] + newline + rest


def seat_shapes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Seat lines without ``in chips``: ``($5.23)``, or with the code of the hand's
    currency ``(USD 5.23)`` at a cash table."""
    with_code = is_cash(seed) and seed.hand.currency == "USD" and rng.random() < 0.5

    def one(m: re.Match[str]) -> str:
        if with_code:
            return f"{m['head']}USD {m['amount'].lstrip('$')})"
        return f"{m['head']}{m['amount']})"

    new, n = SEAT_IN_CHIPS.subn(one, text)
    return new if n else None


def in_euros(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A dollar table shown in euros: the header's stakes converted, each seat and post
    with its conversion after it (the dollars are what moved)."""
    h = seed.hand
    if not is_cash(seed) or h.currency != "USD" or h.game.structure is Structure.FIXED_LIMIT:
        return None
    if not (re.search(r": posts small blind ", text) and re.search(r": posts big blind ", text)):
        return None

    def euros(amount: str) -> str:
        value = (figure_value(amount) * Decimal("0.8")).quantize(Decimal("0.01"))
        return f"€{value}"

    seats, n = SEAT_IN_CHIPS.subn(lambda m: f"{m.group(0)}  (EUR {euros(m['amount'])})", text)
    if not n:
        return None
    posts = POSTS.sub(lambda m: f"{m.group(0)} (EUR {euros(m['amount'])})", seats)
    first, newline, rest = posts.partition("\n")
    stakes = re.search(r"(?<= -- )(?P<stakes>[$€£][^ ]+)(?= )", first)
    if stakes is None:
        return None
    converted = "/".join(euros(part) for part in stakes["stakes"].split("/"))
    return first[: stakes.start()] + converted + first[stakes.end() :] + newline + rest


def sitting_out_seat(with_line: bool) -> Edit:
    """A newcomer's seat, with ``NAME sits out`` after the seats or with no line at all
    (every seated player is listed: a seat with no line was not dealt in)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not seed.free_seats:
            return None
        lines = lines_of(text)
        seats = [(i, m) for i, line in enumerate(lines) if (m := SEAT_LINE.match(line))]
        if not seats:
            return None
        name, seat = newcomer(seed, rng), rng.choice(seed.free_seats)
        stack = re.search(r"\((?P<stack>[^()]+)\)", lines[seats[0][0]])
        assert stack is not None
        later = [i for i, m in seats if int(m["seat"]) > seat]
        at = later[0] if later else seats[-1][0] + 1
        lines.insert(at, f"Seat {seat}: {name} ({stack['stack']})")
        if with_line:
            lines.insert(seats[-1][0] + 2, f"{name} sits out")
        return "\n".join(lines)

    return edit


def raise_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``NAME: raises to $X`` made ``NAME: raises $X``, or back."""
    if re.search(r"^.+?: raises to ", text, re.M):
        new, n = re.subn(r"^(.+?): raises to ", r"\1: raises ", text, flags=re.M)
    else:
        new, n = re.subn(r"^(.+?): raises (?!to )", r"\1: raises to ", text, flags=re.M)
    return new if n else None


def wins_colon(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each award line with a colon after the name, or without."""
    names = "|".join(re.escape(p) for p in sorted(seed.players, key=len, reverse=True))
    pattern = re.compile(rf"^(?P<name>{names})(?P<colon>:?) wins ", re.M)
    new, n = pattern.subn(lambda m: f"{m['name']}{'' if m['colon'] else ':'} wins ", text)
    return new if n else None


def prize_kind(text: str, seed: Seed, rng: random.Random) -> str | None:
    first, newline, rest = text.partition("\n")
    m = re.search(r" -- (?P<kind>CASH|TICKET|TICKETCASH|FREEROLL) -- ", first)
    if m is None:
        return None
    kind = rng.choice([k for k in ("CASH", "TICKET", "TICKETCASH") if k != m["kind"]])
    return first[: m.start("kind")] + kind + first[m.end("kind") :] + newline + rest


SPACED = re.compile(r"(?<=[$€£])\d{1,3}(?:[ \u00a0\u202f]\d{3})+")


def with_commas(edit: Edit) -> Edit:
    """``edit`` on the text with its amounts' thousands grouped by commas (another
    rewrite may have grouped them by spaces), then grouped as they were."""

    def wrapped(text: str, seed: Seed, rng: random.Random) -> str | None:
        marks = {c for m in SPACED.finditer(text) for c in m.group(0) if not c.isdigit()}
        plain = SPACED.sub(lambda m: re.sub(r"\D", ",", m.group(0)), text)
        new = edit(plain, seed, rng)
        if new is None or not marks:
            return new
        (mark,) = marks
        first, newline, rest = new.partition("\n")
        return first + newline + MONEY.rewrite_all(rest, lambda m: m["num"].replace(",", mark))

    return wrapped


def ante(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ante for every player dealt in; a tournament's header prints it first in its
    stakes (``10/50/100``)."""
    a = ante_of(seed)
    if a is None:
        return None
    if is_cash(seed):
        if seed.hand.currency != "USD":
            return None
        return with_commas(ante_edit(CASH_ANTE))(text, seed, rng)
    first = text.partition("\n")[0]
    m = re.search(r"(?<= -- )0(?=/\d+/\d+ )", first)
    new = ante_edit(TOURNAMENT_ANTE)(text, seed, rng)
    if m is None or new is None:
        return None
    first = first[: m.start()] + str(a) + first[m.end() :]
    return first + "\n" + new.partition("\n")[2]


def ante_shape(money: MoneyStyle) -> AnteShape:
    return AnteShape(
        money=money,
        post="{name}: posts ante of {amount}",
        model=r": posts big blind ",
        stack=r"^Seat \d+: {name} \(",
        after=r"^Seat \d+: ",
        award=r"^{name}:? wins (?:high pot )?",
    )


CASH_ANTE = ante_shape(MONEY)
TOURNAMENT_ANTE = ante_shape(CHIPS)


def scale(factor: int) -> Edit:
    """Every amount ``factor`` times larger, their thousands grouped by commas, spaces,
    no-break or narrow no-break spaces (the header's stakes by commas)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        if not money_hand(seed, MONEY) or splits_a_pot(seed):
            return None
        new = MONEY.scale_all(text, factor, grouped=True)
        mark = rng.choice(MARKS)
        first, newline, rest = new.partition("\n")
        rest = MONEY.rewrite_all(rest, lambda m: m["num"].replace(",", mark))
        return first + newline + rest

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "a byte-order mark written as text",
        "bom",
        "DriveHUD's files begin with a byte-order mark written as text (`ï»¿Hand#…`)",
        bom,
    ),
    rewrite(
        "more spaces around the first dash",
        "dash",
        "`Hand#ID - …` (one or more spaces around the first `-`)",
        dash_spaces,
    ),
    rewrite(
        "the table's size in another shape",
        "table",
        "table part `… (9-Max) …`, `(Turbo, 6-Max)`, `(6--Max)`",
        table_size,
    ),
    rewrite(
        "the date in another shape",
        "time",
        "date `2018/10/30 - 21:36:02`, `2018-10-30 - 21-36-02`, `2018.10.30 - 21/36/02`, "
        "`2018/10/30 21:36:02`",
        date_shape,
    ),
    rewrite(
        "the Hi/Lo game's other names",
        "game",
        "game `Omaha`, `OmahaHiLo`, `Omaha Hi/Lo`, `Omaha H/L`",
        hi_lo_name,
    ),
    rewrite(
        "the fixed limit's word, or none",
        "limit",
        "`FL`; a game with **no limit word**: fixed limit",
        limit_word,
    ),
    rewrite(
        "another prize kind",
        "prize",
        "tournament: `… -- CASH/TICKET/TICKETCASH/FREEROLL -- …`",
        only_when(is_tournament, prize_kind),
    ),
    rewrite(
        "seat lines without in chips",
        "seats",
        "`Seat N: NAME ($5.23)`, `(EUR 5.23)` (no `in chips`)",
        seat_shapes,
    ),
    rewrite(
        "a table shown in euros",
        "euros",
        "`Seat N: NAME ($X in chips)` [`  (EUR €Y)`]; posts [` (EUR €Y)`]: the dollars are read",
        in_euros,
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`NAME sits out`: the seat is dealt no cards",
        sitting_out_seat(True),
        changes=("seats",),
    ),
    rewrite(
        "a seat with no line",
        "seat",
        "every seated player is listed: a seat with no line was not dealt in",
        sitting_out_seat(False),
        changes=("seats",),
    ),
    rewrite(
        "the raise with or without to",
        "raise",
        "`NAME: raises to $X`, `NAME: raises $X`",
        raise_words,
    ),
    rewrite(
        "the award with or without its colon",
        "wins",
        "`NAME wins $X [with …]`, `wins high pot $X …`, `wins low pot $X …`, and each with `NAME:`",
        wins_colon,
    ),
    rewrite(
        "chat and a player leaving",
        "noise",
        "`NAME  chats: …`, `Player left the table`: nothing",
        noise_line(
            ("{name}  chats: {chat}", "Player left the table"), r": posts big blind ", r"\Z"
        ),
    ),
    rewrite(
        "a tournament place",
        "noise",
        "`NAME finished N out of M players`: nothing",
        only_when(
            is_tournament,
            lambda text, seed, rng: insert_between(
                text,
                f"{newcomer(seed, rng)} finished {len(seed.players) + 1} out of 9 players",
                r"^Dealt to |: posts big blind ",
                r"\Z",
                rng,
            ),
        ),
    ),
    rewrite(
        "an ante for every player dealt in",
        "ante",
        "`NAME: posts ante of $X`; stakes `ANTE/SB/BB`",
        ante,
        changes=("stakes",),
        expect=ante_expectation,
    ),
    *scale_rewrites(
        "amounts grouped by commas or spaces (`1 640`, no-break and narrow no-break spaces)",
        scale,
        factors=(10, 100, 1000),
        suffix=", thousands grouped",
    ),
]
