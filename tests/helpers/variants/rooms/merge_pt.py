"""Merge's hands as PokerTracker exports them: rewrites (docs/SITES.md, "PokerTracker
exports: Microgaming and Merge", "Merge").

The header's title and separators (``MERGE_GAME #ID:`` / ``Merge Game #ID |``), the
game's and the limit's other words (no limit word: pot limit), the stakes' ISO code,
the cash table's seats, a tournament table's name before its comma, the button on the
seat line or a line of its own, seat lines without ``in chips``; the posts' other
words, the verbs' two spellings and ``(NF)``, the raise with or without ``to``, an
all-in as ``Allin`` or as its call, bet or raise ``and is all-in``; ``Shows`` / ``shows``,
``wins`` / ``collects``; an ante, amounts scaled and in another currency.
"""

from __future__ import annotations

import random
import re

from omahahh.model import Structure
from tests.helpers.variants.actions import all_in_shapes
from tests.helpers.variants.ante import AnteShape, ante_edit, ante_expectation
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    is_cash,
    is_tournament,
    lines_of,
    only_when,
    rewrite,
)
from tests.helpers.variants.rooms.pokertracker import button_line, summary_words
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]", keeps_cents=True)
"""Amounts: ``$23,120.00``, ``$0.50``; a tournament's chips too are printed with ``$``."""
HEADER = re.compile(
    r"\A(?P<title>MERGE_GAME|Merge Game) #(?P<id>[\d-]+)(?P<sep>: +| \| )"
    r"(?P<game>Omaha(?: Hi/Lo| Hi| HL)?)"
    r"(?P<limit> (?:PL|NL|FL|No Limit|Pot Limit|Limit|LIMIT))?(?P<rest>[^\n]*?)"
    r"(?P<stakes> \(?[$€£]?[\d,.]+/[$€£]?[\d,.]+ ?(?:USD|EUR|GBP|CAD)?\)?)?(?P<end> \| | )"
    r"(?P<stamp>\d\d/\d\d/\d{4}[- ]+\d{1,2}:\d\d:\d\d)$",
    re.M,
)
LIMIT_WORDS = {
    Structure.POT_LIMIT: (" PL", " Pot Limit", ""),
    Structure.NO_LIMIT: (" NL", " No Limit"),
    Structure.FIXED_LIMIT: (" FL", " Limit", " LIMIT"),
}
GAME_WORDS = {"Omaha": "Omaha Hi", "Omaha Hi": "Omaha", "Omaha Hi/Lo": "Omaha HL",
              "Omaha HL": "Omaha Hi/Lo"}  # fmt: skip
SEAT_LINE = re.compile(
    r"^(?P<head>Seat (?P<seat>\d+): .+ \()(?P<amount>[$€£]?[\d,.]+)(?P<chips> in chips)?\)"
    r"(?P<dealer> DEALER)?$",
    re.M,
)
ACTION = r"^(?P<name>.+?): (?P<verb>Fold|folds|Check|checks|Call|calls|Bet|bets|Raise|raises|Allin)"
ALLIN_LINE = re.compile(
    r"^(?P<name>.+?)(?P<sep>: )(?P<verb>Allin|Call|calls|Bet|bets|Raise|raises)(?P<nf> \(NF\))?"
    r"(?P<to> to)? (?P<amount>[$€£]?[\d,.]+)(?P<allin> ?and is all.in)?$"
)


def header_shape(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``MERGE_GAME #ID: … (stakes) date`` made ``Merge Game #ID | … (stakes) | date``
    (the pipe before the date only after the stakes), or back; or the title alone."""
    m = HEADER.match(text)
    if m is None:
        return None
    title = "Merge Game" if m["title"] == "MERGE_GAME" else "MERGE_GAME"
    piped = m["sep"] == " | "
    sep, end = (": ", " ") if piped else (" | ", " | " if m["stakes"] else " ")
    if rng.random() < 0.3:
        sep, end = m["sep"], m["end"]
    first = (
        f"{title} #{m['id']}{sep}{m['game']}{m['limit'] or ''}{m['rest']}{m['stakes'] or ''}"
        f"{end}{m['stamp']}"
    )
    return first + text[m.end() :]


def game_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The game's other name (``Omaha`` / ``Omaha Hi``, ``Omaha Hi/Lo`` / ``Omaha HL``),
    or the limit's (``PL`` / ``Pot Limit`` / none, ``NL`` / ``No Limit``, ``FL`` /
    ``Limit`` / ``LIMIT``)."""
    m = HEADER.match(text)
    if m is None:
        return None
    game, limit = m["game"], m["limit"] or ""
    words = LIMIT_WORDS[seed.hand.game.structure]
    others = [w for w in words if w != limit]
    if rng.random() < 0.5 or not others:
        game = GAME_WORDS[game]
    else:
        limit = rng.choice(others)
    return text[: m.start("game")] + game + limit + text[m.end("limit" if m["limit"] else "game") :]


def iso_code(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The cash stakes with the currency's ISO code after them, or without."""
    m = HEADER.match(text)
    if m is None or not m["stakes"] or not is_cash(seed):
        return None
    stakes = m["stakes"]
    iso = re.search(r" ?(USD|EUR|GBP|CAD)\)?$", stakes)
    if iso:
        new = stakes[: iso.start()] + (")" if stakes.endswith(")") else "")
    else:
        symbol = re.search(r"[$€£]", stakes)
        code = {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol[0] if symbol else "")
        new = stakes[:-1] + f" {code})" if code and stakes.endswith(")") else None
    if new is None:
        return None
    return text[: m.start("stakes")] + new + text[m.end("stakes") :]


def cash_table_seats(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Table NAME, Seats N`` made ``Table NAME``, or given nine seats (ten for a seat
    above nine)."""
    if not is_cash(seed):
        return None
    lines = lines_of(text)
    m = re.match(r"^Table (?P<name>[^,]+?)(?P<seats>, Seats \d+)?$", lines[1])
    if m is None:
        return None
    top = max(s.seat for s in seed.hand.seats)
    seats = "" if m["seats"] else f", Seats {9 if top <= 9 else 10}"
    lines[1] = f"Table {m['name']}{seats}"
    return "\n".join(lines)


def tournament_comma(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Table NAME, TID`` made ``Table NAME , TID``, or back."""
    lines = lines_of(text)
    m = re.match(r"^(?P<head>Table .*?)(?P<gap> ?), (?P<tail>\d+.* \(Tournament: .+)$", lines[1])
    if m is None:
        return None
    lines[1] = f"{m['head']}{'' if m['gap'] else ' '}, {m['tail']}"
    return "\n".join(lines)


def in_chips(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Seat lines with ``in chips``, or without."""
    has = bool(re.search(r"^Seat \d+: .+ in chips\)", text, re.M))

    def one(m: re.Match[str]) -> str:
        chips = "" if has else " in chips"
        return f"{m['head']}{m['amount']}{chips}){m['dealer'] or ''}"

    new = SEAT_LINE.sub(one, text)
    return new if new != text else None


POST_WORDS = {
    "SB": ("Post SB", "SB"),
    "BB": ("Post BB", "BB"),
    "Ante": ("Post Ante", "Ante"),
    "DB": ("Post DB", "Post", "DB"),
}


def post_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each post in another of its words (``Post SB`` / ``SB``, ``Post DB`` / ``Post`` /
    ``DB``, …)."""

    def one(m: re.Match[str]) -> str:
        words = m["words"]
        kind = next(k for k, forms in POST_WORDS.items() if words in forms)
        choice = rng.choice([w for w in POST_WORDS[kind] if w != words])
        return f"{m['name']}: {choice} {m['amount']}"

    new, n = re.subn(
        r"^(?P<name>.+?): (?P<words>Post SB|Post BB|Post Ante|Post DB|Post|SB|BB|Ante|DB) "
        r"(?P<amount>[$€£]?[\d,.]+)$",
        one,
        text,
        flags=re.M,
    )
    return new if n else None


VERB_SPELLINGS = {"Fold": "folds", "Check": "checks", "Call": "calls", "Bet": "bets",
                  "Raise": "raises"}  # fmt: skip
SPELLED = {**VERB_SPELLINGS, **{v: k for k, v in VERB_SPELLINGS.items()}}


def verb_spellings(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each verb in its other spelling (``Fold`` / ``folds``, …), a `` (NF)`` after some."""

    def one(m: re.Match[str]) -> str:
        if m["verb"] == "Allin":
            return m.group(0)
        nf = " (NF)" if rng.random() < 0.2 else ""
        return f"{m['name']}: {SPELLED[m['verb']]}{nf}"

    new = re.sub(ACTION + r"(?: \(NF\))?(?= |$)", one, text, flags=re.M)
    return new if new != text else None


def raise_to(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Raise $X`` made ``Raise to $X``, or back (a raise to X either way)."""
    if re.search(r"^.+?: (?:Raise|raises)(?: \(NF\))? to ", text, re.M):
        new, n = re.subn(r"^(.+?: (?:Raise|raises)(?: \(NF\))?) to ", r"\1 ", text, flags=re.M)
    else:
        new, n = re.subn(
            r"^(.+?: (?:Raise|raises)(?: \(NF\))?) (?!to )", r"\1 to ", text, flags=re.M
        )
    return new if n else None


def cash_ante(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ante for every player dealt in at a cash table (a tournament's seat lines print
    the stacks after the posts)."""
    return ante_edit(ANTE)(text, seed, rng) if is_cash(seed) else None


ANTE = AnteShape(
    money=MONEY,
    post="{name}: Post Ante {amount}",
    model=r": (?:Post )?BB ",
    stack=r"^Seat \d+: {name} \(",
    after=r"^Seat \d+: |^The button is in seat #",
    award=r"^{name}: (?:wins|collects) ",
)


TABLE: list[Rewrite] = [
    rewrite(
        "the header's title and separators",
        "header",
        "`MERGE_GAME #ID: GAME [LIMIT] [Tournament] [($SB/$BB[ ISO])] MM/DD/YYYY HH:MM:SS`, "
        "also `Merge Game #ID` and ` | ` between the parts",
        header_shape,
    ),
    rewrite(
        "the game's or the limit's other words",
        "game",
        "GAME `Omaha`, `Omaha Hi`, `Omaha Hi/Lo` (`Omaha HL`); LIMIT `PL`, `NL`, `FL`, "
        "`Pot Limit`, `No Limit`, `Limit` (none: pot limit)",
        game_words,
    ),
    rewrite("the stakes' ISO code", "iso", "`($SB/$BB[ ISO])`", iso_code),
    rewrite(
        "the cash table's seats",
        "table",
        "`Table NAME[, Seats N]`",
        cash_table_seats,
    ),
    rewrite(
        "the tournament table's name before its comma",
        "table",
        "`Table NAME[ ], TID[, N] (Tournament: … Buy-In: $X+$Y)`",
        only_when(is_tournament, tournament_comma),
    ),
    rewrite(
        "the button on its own line, or on the seat",
        "button",
        "`Seat N: NAME (…)[ DEALER]`; `The button is in seat #N`",
        button_line(" DEALER"),
    ),
    rewrite(
        "seat lines with or without in chips",
        "seats",
        "`Seat N: NAME ([$]X[ in chips])[ DEALER]`",
        in_chips,
    ),
    rewrite(
        "the posts' other words",
        "posts",
        "`NAME: Post SB $X` (`SB $X`), `Post BB` (`BB`), `Post DB $X` / `Post $X`, `Post Ante`",
        post_words,
    ),
    rewrite(
        "the verbs' other spellings",
        "verbs",
        "`NAME: Fold`, `Check`, `Call $X`, `Bet $X` (or `folds`, `checks`, `calls`, "
        "`bets`), a ` (NF)` mark after the verb",
        verb_spellings,
    ),
    rewrite(
        "the raise with or without to",
        "raise",
        "`NAME: Raise $X`, `Raise to $X`: a raise to X",
        raise_to,
    ),
    rewrite(
        "an all-in as Allin or as its action",
        "all-in",
        "`NAME: Allin $X` (X put in); `and is all-in` after the amount",
        all_in_shapes(ALLIN_LINE, MONEY, "Raise to"),
    ),
    rewrite(
        "the summary's other words",
        "summary",
        "`NAME: Shows [..]`, `NAME: wins $X`, `NAME: collects $X`",
        summary_words,
    ),
    rewrite(
        "an ante for every player dealt in",
        "ante",
        "`NAME: Post Ante $X`",
        cash_ante,
        changes=("stakes",),
        expect=ante_expectation,
    ),
    *scale_rewrites(MONEY, "amounts `$23,120.00`, `$0.50`"),
    currency_rewrite(
        MONEY, "stakes `($SB/$BB[ ISO])`: the symbol or the code", ("USD", "EUR", "GBP")
    ),
]
