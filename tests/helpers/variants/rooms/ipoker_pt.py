"""iPoker's hands in PokerTracker's text (``GAME #``): rewrites (docs/SITES.md, "iPoker
text export (PokerTracker, ``GAME #``)").

The header's separators (``GAME #ID: …``, `` | `` between the fields), its game's and
limit's other words (no limit word: pot limit), the cash stakes in brackets with their
ISO code, a cap above every stack, the time with no zone (ET); the table's size on the
table line, a Blaze table, ``Quick Folded``; the button on the seat line or a line of
its own; the posts' other words, the verbs' two spellings with or without the colon,
a raise in its three shapes (``Raise X`` and ``Raise (NF) X`` to X, ``Raise to X``
adding X), an all-in as ``Allin`` or as its call, bet or raise ``and is all-in``;
``Shows`` / ``shows``, ``wins`` / ``collects``; an ante, amounts scaled and in another
currency.
"""

from __future__ import annotations

import random
import re

from omahahh.model import Structure
from tests.helpers.variants.actions import BETTING, all_in_shapes, faced, paired, printed_like
from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.clock import local_time
from tests.helpers.variants.fingerprint import fast_fold
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    first_index,
    is_cash,
    lines_of,
    rewrite,
)
from tests.helpers.variants.rooms.pokertracker import button_line, summary_words
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]", keeps_cents=True)
"""Amounts: ``€7.25``, ``$1,000.00``; a tournament's chips too are printed with ``€``."""
HEADER = re.compile(
    r"\AGAME #(?P<id>[\d-]+)(?P<version> Version:[\d.]+(?: Uncalled:Y)?)?(?P<sep>:\s*|\s+\|\s+|\s+)"
    r"(?P<game>Omaha Hi/Lo|Omaha Hi|Omaha)(?P<gap1>\s\s?)"
    r"(?:(?P<limit>PL|NL|FL|No Limit|Pot Limit|LIMIT|Limit)(?P<gap2>\s\s?))?"
    r"(?P<tour>Tournament)?"
    r"(?P<stakes>\(?[$€£]?[\d.,]+/[$€£]?[\d.,]+(?: - [$€£]?[\d.,]+ Cap -)?\s?"
    r"(?:USD|EUR|GBP|CAD|FPP)?\)?)?"
    r"(?P<end>\s+\|\s+|\s+)(?P<stamp>\d{4}-\d\d-\d\d[- ]+\d{1,2}:\d\d:\d\d)(?P<zone>/[A-Z]+)?$",
    re.M,
)
LIMIT_WORDS = {
    Structure.POT_LIMIT: ("PL", "Pot Limit", ""),
    Structure.NO_LIMIT: ("NL", "No Limit"),
    Structure.FIXED_LIMIT: ("FL", "Limit", "LIMIT"),
}
SYMBOL_CODE = {"$": "USD", "€": "EUR", "£": "GBP"}
BETTING_LINE = re.compile(
    r"^(?P<name>.+?)(?P<sep>:? )(?P<verb>Allin|Call|calls|Bet|bets|Raise|raises)"
    r"(?P<nf> \(NF\))?(?P<to> to)? (?P<amount>[$€£]?[\d,.]+)(?P<allin>\s+and is all-in)?$"
)


def header_parts(m: re.Match[str], **new: str) -> str:
    """The header line from ``m``'s parts, some replaced."""
    part = {k: (m[k] or "") for k in HEADER.groupindex}
    part.update(new)
    limit = part["limit"] + part["gap2"] if part["limit"] else ""
    return (
        f"GAME #{part['id']}{part['version']}{part['sep']}{part['game']}{part['gap1']}{limit}"
        f"{part['tour']}{part['stakes']}{part['end']}{part['stamp']}{part['zone']}"
    )


def separators(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The header's fields apart by spaces, by `` | ``, or after ``GAME #ID:`` (an export
    printing no version)."""
    m = HEADER.match(text)
    if m is None:
        return None
    shapes = [(" ", " "), (" | ", " | ")] + ([] if m["version"] else [(": ", " ")])
    sep, end = rng.choice(shapes)
    if (sep, end) == (m["sep"], m["end"]):
        return None
    return header_parts(m, sep=sep, end=end) + text[m.end() :]


def game_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Omaha`` / ``Omaha Hi``; the limit in its other words (none: pot limit)."""
    m = HEADER.match(text)
    if m is None:
        return None
    if m["game"] != "Omaha Hi/Lo" and rng.random() < 0.4:
        game = "Omaha Hi" if m["game"] == "Omaha" else "Omaha"
        return header_parts(m, game=game) + text[m.end() :]
    words = [w for w in LIMIT_WORDS[seed.hand.game.structure] if w != (m["limit"] or "")]
    if not words:
        return None
    limit = rng.choice(words)
    return header_parts(m, limit=limit, gap2=m["gap2"] or " ") + text[m.end() :]


def bracketed_stakes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The cash stakes in brackets with the currency's ISO code, or bare."""
    m = HEADER.match(text)
    if m is None or not m["stakes"]:
        return None
    stakes = m["stakes"]
    if stakes.startswith("("):
        bare = re.sub(r"\s?(?:USD|EUR|GBP|CAD)?\)$", "", stakes[1:])
        return header_parts(m, stakes=bare) + text[m.end() :]
    symbol = re.search(r"[$€£]", stakes)
    code = SYMBOL_CODE.get(symbol[0]) if symbol else None
    if code is None:
        return None
    return header_parts(m, stakes=f"({stakes} {code})") + text[m.end() :]


def capped(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A cap above every stack in the stakes (``- €500 Cap -``): noted, nothing capped."""
    m = HEADER.match(text)
    if m is None or not m["stakes"] or "Cap" in m["stakes"]:
        return None
    symbol = re.search(r"[$€£]", m["stakes"])
    top = max(s.stack_start for s in seed.hand.seats) // seed.hand.unit
    cap = f" - {symbol[0] if symbol else ''}{(top // 100 + 1) * 100} Cap -"
    stakes = re.sub(r"(?<=\d)(?=\s?(?:USD|EUR|GBP|CAD)?\)?$)", cap, m["stakes"], count=1)
    return header_parts(m, stakes=stakes) + text[m.end() :]


def no_zone(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``2023-05-01 18:00:00/GMT`` printed with no zone, in ET (as it is then read)."""
    m = HEADER.match(text)
    et = local_time(seed, "America/New_York")
    if m is None or m["zone"] != "/GMT" or et is None:
        return None
    return header_parts(m, stamp=f"{et:%Y-%m-%d %H:%M:%S}", zone="") + text[m.end() :]


def table_size(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Table Size N`` and ``Table NAME, ID`` made ``Table NAME, Seats N``."""
    lines = lines_of(text)
    at = first_index(lines, r"^Table Size \d+$")
    if at is None or at + 1 >= len(lines):
        return None
    size = lines[at].rpartition(" ")[2]
    m = re.match(r"^Table (?P<name>[^,(]+?)(?:, \d+)?$", lines[at + 1])
    if m is None:
        return None
    lines[at : at + 2] = [f"Table {m['name']}, Seats {size}"]
    return "\n".join(lines)


def blaze(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A cash table named ``Blaze …`` (fast fold)."""
    if not is_cash(seed):
        return None
    new, n = re.subn(
        r"^Table (?!Blaze|Size \d|Info: )(?=[^,\n]+(?:, \d+|, Seats \d+)?$)",
        "Table Blaze ",
        text,
        count=1,
        flags=re.M,
    )
    return new if n else None


def quick_folded(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fold printed ``NAME Quick Folded`` (a fast-fold table's)."""
    folds = [m for m in re.finditer(r"^(?P<name>.+?):? (?:Fold|folds)$", text, re.M)]
    if not folds:
        return None
    m = rng.choice(folds)
    return text[: m.start()] + f"{m['name']} Quick Folded" + text[m.end() :]


POSTS = {
    "small": (
        "{n}: Post SB {x}",
        "{n} posts the small blind of {x}",
        "{n} posted the small blind - {x}",
    ),
    "big": ("{n}: Post BB {x}", "{n} posts the big blind of {x}", "{n} posted the big blind - {x}"),
    "ante": ("{n}: Post Ante {x}", "{n} posts the ante of {x}", "{n} posted the ante - {x}"),
}
POST_LINE = re.compile(
    r"^(?P<n>.+?)(?::? (?:Post (?P<p>SB|BB|Ante)|posts? (?:the )?(?P<w>small blind|big blind|ante)"
    r"(?: of)?|posted (?:the )?(?P<d>small blind|big blind|ante) -)) (?P<x>[$€£]?[\d.,]+)$",
    re.M,
)
KIND = {"SB": "small", "BB": "big", "Ante": "ante", "small blind": "small", "big blind": "big",
        "ante": "ante"}  # fmt: skip


def post_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each post of a blind or an ante in another of its words."""

    def one(m: re.Match[str]) -> str:
        kind = KIND[m["p"] or m["w"] or m["d"]]
        shapes = [s.format(n=m["n"], x=m["x"]) for s in POSTS[kind]]
        return rng.choice([s for s in shapes if s != m.group(0)])

    new = POST_LINE.sub(one, text)
    return new if new != text else None


SPELLED = {"Fold": "folds", "Check": "checks", "Call": "calls", "Bet": "bets", "Raise": "raises"}
SPELLED |= {v: k for k, v in SPELLED.items()}


def verb_spellings(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each action's verb in its other spelling, the colon after the name kept or not."""
    names = "|".join(re.escape(p) for p in sorted(seed.players, key=len, reverse=True))
    pattern = re.compile(
        rf"^(?P<name>{names})(?P<colon>:?) (?P<verb>Fold|folds|Check|checks|Call|calls|Bet|bets"
        r"|Raise|raises)(?= |$)",
        re.M,
    )

    def one(m: re.Match[str]) -> str:
        colon = ":" if rng.random() < 0.7 else ""
        return f"{m['name']}{colon} {SPELLED[m['verb']]}"

    new = pattern.sub(one, text)
    return new if new != text else None


def raise_shapes(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Each raise in another of its shapes: ``Raise X`` or ``Raise (NF) X`` (to X),
    ``Raise to A`` (adding A), the figures from the record."""
    lines = lines_of(text)
    before = faced(seed)
    changed = False
    for i, a in paired(lines, seed, BETTING_LINE, lambda a: a.kind in BETTING):
        m = BETTING_LINE.match(lines[i])
        assert m is not None
        if m["verb"] not in ("Raise", "raises") or a.to_amount is None or a.all_in:
            continue
        if a.to_amount <= before[id(a)]:
            continue
        shown = a.amount if m["to"] else a.to_amount
        to = printed_like(MONEY, m["amount"], shown, a.to_amount, seed.hand.unit)
        added = printed_like(MONEY, m["amount"], shown, a.amount, seed.hand.unit)
        head = f"{m['name']}{m['sep']}{m['verb']}"
        shapes = [f"{head} {to}", f"{head} (NF) {to}", f"{head} to {added}"]
        lines[i] = rng.choice([s for s in shapes if s != lines[i]])
        changed = True
    return "\n".join(lines) if changed else None


TABLE: list[Rewrite] = [
    rewrite(
        "the header's separators",
        "header",
        "`GAME #ID[ Version:V[ Uncalled:Y]] GAME [LIMIT ]STAKES DATE[/GMT]`; `GAME #ID: …`, "
        "` | `-separated fields",
        separators,
    ),
    rewrite(
        "the game's or the limit's other words",
        "game",
        "`Omaha`, `Omaha Hi`, `Omaha Hi/Lo`; LIMIT `PL`, `Pot Limit`, `NL`, `No Limit`, `FL`, "
        "`Limit`, `LIMIT` (none named: pot limit)",
        game_words,
    ),
    rewrite(
        "the stakes in brackets with their ISO code",
        "stakes",
        "stakes in brackets, an ISO code",
        bracketed_stakes,
    ),
    rewrite(
        "a cap above every stack",
        "cap",
        "`- $X Cap -`: a cap is noted (not modelled)",
        capped,
    ),
    rewrite(
        "the time with no zone",
        "time",
        "`DATE[/GMT]`: `…/GMT` is UTC; a time printed with no zone is ET",
        no_zone,
    ),
    rewrite(
        "the table's size on the table line",
        "table",
        "`Table Size N`; `Table NAME, ID` / `Table NAME, Seats N`",
        table_size,
    ),
    rewrite(
        "a Blaze table",
        "pool",
        "a `Blaze` table: fast fold",
        blaze,
        expect=fast_fold,
    ),
    rewrite(
        "a quick fold",
        "quick fold",
        "`NAME Quick Folded`: a fold; fast fold",
        quick_folded,
        expect=fast_fold,
    ),
    rewrite(
        "the button on its own line, or on the seat",
        "button",
        "`Seat N: NAME (€X in chips)[  DEALER]`; `The button is in seat #N`",
        button_line("  DEALER"),
    ),
    rewrite(
        "the posts' other words",
        "posts",
        "`NAME: Post SB X`, `Post BB X`, `Post Ante X`, `posts the small blind of X`, "
        "`posted the big blind - X`",
        post_words,
    ),
    rewrite(
        "the verbs' other spellings",
        "verbs",
        "`NAME: Fold`, `Check`, `Call X`, `Bet X` (also `folds`, `checks`, `calls`, `bets`)",
        verb_spellings,
    ),
    rewrite(
        "a raise in another shape",
        "raise",
        "`NAME: Raise X`, `Raise (NF) X`: a raise to X; `Raise to X`: the chips added",
        raise_shapes,
    ),
    rewrite(
        "an all-in as Allin or as its action",
        "all-in",
        "`Allin X` (the chips added), `[ and is all-in]`",
        all_in_shapes(BETTING_LINE, MONEY, "Raise"),
    ),
    rewrite(
        "the summary's other words",
        "summary",
        "`NAME: Shows [..] DESC`; `NAME: wins X`, `collects X`",
        summary_words,
    ),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name}: Post Ante {amount}",
            model=r":? (?:Post BB|posts? the big blind(?: of)?|posted the big blind -) ",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: |^The button is in seat #",
            award=r"^{name}:? (?:wins|collects) ",
            totals=(r"^Total pot ",),
        ),
        "`NAME: Post Ante X`",
    ),
    *scale_rewrites(MONEY, "amounts `€7.25`, `$1,000.00`"),
    currency_rewrite(MONEY, "stakes `$`, `€`, `£`", ("EUR", "USD", "GBP")),
]
