"""Bovada / Ignition / Bodog's rewrites (docs/SITES.md, "Bovada / Ignition / Bodog").

The header's brands, the ``C`` before the number, Zone Poker, the ``[MVS]`` mark, the
Hi/Lo game's two spellings, the fixed-limit word, a tournament's speed for its
structure; the dealer line's shapes; the blinds', posts', calls', bets', raises', folds'
and checks' other words (reasons included), the 2012 raise without its ``to``; lobby
lines with a position or without; a seat with no line (not dealt in); the 2012 summary
seats and the pre-flop fold's words; an ante; amounts scaled with thousands marks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from omahahh.model import Structure
from tests.helpers.variants.ante import AnteShape, ante_edit, ante_expectation, ante_of
from tests.helpers.variants.fingerprint import fast_fold
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Edit,
    Rewrite,
    first_index,
    insert_between,
    is_cash,
    is_tournament,
    lines_of,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"\$")
HEADER = re.compile(
    r"\A(?P<room>Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #(?P<c>C?)\d+"
)
BRANDS = (
    "Bovada",
    "Ignition",
    "Bodog",
    "Bodog.com",
    "Bodog.eu",
    "Bodog UK",
    "Bodog Canada",
    "Bodog88",
)
SEAT_LINE = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]+) in chips\)$"
FIRST_CARDS = r" : Card dealt to a spot \["
SUMMARY = r"^\*\*\* SUMMARY \*\*\*$"
HEAD = r"^(?P<head>[^:\n]+? : )"
"""A body line's position and its colon (``UTG  [ME] : ``)."""

LOBBY = (
    "Table enter user",
    "Table leave user",
    "Seat sit down",
    "Seat sit out",
    "Seat stand",
    "Seat re-join",
    "Re-join",
    "Stand",
    "Sit out",
    "Table deposit $5",
    "Ranking 39",
    "Sitout (wait for bb)",
    "Enter (rejoin)",
    "Leave (timeout)",
)
POSITIONS = ("UTG+4", "UTG+3", "UTG+2", "UTG+1", "UTG", "Big Blind", "Small Blind", "Dealer")


def brand(text: str, seed: Seed, rng: random.Random) -> str | None:
    m = HEADER.match(text)
    if m is None:
        return None
    other = rng.choice([b for b in BRANDS if b != m["room"]])
    return other + text[m.end("room") :]


def c_number(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Hand #C4300000001``: the number with the ``C`` before it, or without."""
    m = HEADER.match(text)
    if m is None:
        return None
    return text[: m.start("c")] + ("" if m["c"] else "C") + text[m.end("c") :]


def zone_poker(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Zone Poker ID#T`` for ``TBL#T``, or the game's ``ZonePoker`` suffix."""
    if not is_cash(seed):
        return None
    if rng.random() < 0.5:
        new, n = re.subn(r"\A([^\n]* Hand #\w+ )TBL#", r"\1Zone Poker ID#", text, count=1)
    else:
        new, n = re.subn(
            r"\A([^\n]* Hand #\w+ (?:TBL|Zone Poker ID)#\S+ OMAHA(?: HiLo)?) ",
            r"\1ZonePoker ",
            text,
            count=1,
        )
    return new if n else None


def hi_lo_spelling(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``OMAHA HiLo`` made ``OMAHA_HL``, or back."""
    first, newline, rest = text.partition("\n")
    if " OMAHA HiLo" in first:
        return first.replace(" OMAHA HiLo", " OMAHA_HL", 1) + newline + rest
    if " OMAHA_HL " in first:
        return first.replace(" OMAHA_HL ", " OMAHA HiLo ", 1) + newline + rest
    return None


def limit_word(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A fixed-limit hand's ``Fixed Limit`` made ``Limit``, or back."""
    if seed.hand.game.structure is not Structure.FIXED_LIMIT:
        return None
    first, newline, rest = text.partition("\n")
    if " Fixed Limit " in first:
        return first.replace(" Fixed Limit ", " Limit ", 1) + newline + rest
    new, n = re.subn(r" Limit (?=-| -|\[)", " Fixed Limit ", first, count=1)
    return new + newline + rest if n else None


def speed_for_structure(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A pot-limit tournament's header with its speed (``Normal``, ``Turbo``) in place of
    the structure (the room's unprinted structure is pot limit), or the structure back."""
    if not is_tournament(seed) or seed.hand.game.structure is not Structure.POT_LIMIT:
        return None
    first, newline, rest = text.partition("\n")
    m = re.search(r"(?<=, )(?P<word>Pot Limit|Normal|Turbo)(?=- ?Level )", first)
    if m is None:
        return None
    word = rng.choice([w for w in ("Pot Limit", "Normal", "Turbo") if w != m["word"]])
    return first[: m.start()] + word + first[m.end() :] + newline + rest


def dealer_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The dealer line in another shape: with or without the position before it, with or
    without ``/Bring in spot``, without the seat where the ``Dealer`` sits on the button."""
    button = seed.hand.button_seat
    dealer = next((s.seat for s in seed.hand.seats if s.player == "Dealer"), None)
    shapes = [
        f"{head}Set dealer{spot} [{button}]"
        for head in ("Dealer : ", "")
        for spot in ("/Bring in spot", "")
    ]
    if dealer == button:
        shapes += ["Dealer : Set dealer", "Set dealer"]
    if dealer is None:
        shapes = [s for s in shapes if not s.startswith("Dealer : ")]
    lines = lines_of(text)
    at = first_index(lines, r"^(?:[^:\n]+ : )?Set dealer")
    if at is None:
        at = first_index(lines, r" : (?:Ante/Small|Small|Big) [Bb]lind")
        if at is None:
            return None
        lines.insert(at, "")
    options = [s for s in shapes if s != lines[at]]
    if not options:
        return None
    lines[at] = rng.choice(options)
    return "\n".join(lines)


def words(pattern: str, spellings: Sequence[str]) -> Edit:
    """Each line whose words after the position ``pattern`` matches (group ``word``) in
    another of ``spellings``."""
    compiled = re.compile(HEAD + pattern, re.M)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def one(m: re.Match[str]) -> str:
            word = rng.choice([s for s in spellings if s != m["word"]])
            return m["head"] + word

        new, n = compiled.subn(one, text)
        return new if n else None

    return edit


def raise_without_to(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Raises $A to $B`` made 2012's ``Raises $B`` (``All-in(raise)`` alike)."""
    new, n = re.subn(
        HEAD + r"(?P<verb>Raises|raises|All-in\(raise(?:-timeout)?\)) \S+ to (?P<to>\S+)$",
        r"\g<head>\g<verb> \g<to>",
        text,
        flags=re.M,
    )
    return new if n else None


def lobby_line(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A lobby line, with a seated player's position before it or none."""
    line = rng.choice(LOBBY)
    if rng.random() < 0.5:
        line = f"{rng.choice(seed.players)} : {line}"
    return insert_between(text, line, FIRST_CARDS, SUMMARY, rng)


def idle_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A seat for a position no one has, with no line in the hand (or only a lobby
    line): not dealt in."""
    taken = {p.removesuffix(" [ME]") for p in seed.players}
    free = [p for p in POSITIONS if p not in taken]
    if not free or not seed.free_seats:
        return None
    position, seat = free[0], rng.choice(seed.free_seats)
    lines = lines_of(text)
    seats = [
        (i, m)
        for i, line in enumerate(lines[: first_index(lines, SUMMARY)])
        if (m := re.match(SEAT_LINE, line))
    ]
    if not seats:
        return None
    later = [i for i, m in seats if int(m["seat"]) > seat]
    at = later[0] if later else seats[-1][0] + 1
    lines.insert(at, f"Seat {seat}: {position} ({seats[0][1]['stack']} in chips)")
    if rng.random() < 0.5:
        news = f"{position} : {rng.choice(('Seat sit out', 'Sitout (wait for bb)', 'Sit out'))}"
        where = first_index(lines, FIRST_CARDS)
        if where is None:
            return None
        lines.insert(where, news)
    return "\n".join(lines)


def summary_seats(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The SUMMARY's ``Seat+N:`` made 2012's ``Seat N:``, or back."""
    head, marker, tail = text.partition("*** SUMMARY ***")
    if not marker:
        return None
    if re.search(r"^Seat\+\d+:", tail, re.M):
        new = re.sub(r"^Seat\+(\d+):", r"Seat \1:", tail, flags=re.M)
    else:
        new = re.sub(r"^Seat (\d+):", r"Seat+\1:", tail, flags=re.M)
    return head + marker + new if new != tail else None


def pre_flop_fold(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Folded before the FLOP`` made ``Folded on the POCKET CARDS``, or back."""
    head, marker, tail = text.partition("*** SUMMARY ***")
    if "Folded before the FLOP" in tail:
        new = tail.replace("Folded before the FLOP", "Folded on the POCKET CARDS")
    else:
        new = tail.replace("Folded on the POCKET CARDS", "Folded before the FLOP")
    return head + marker + new if marker and new != tail else None


ANTE = AnteShape(
    money=MONEY,
    post="{name} : Ante chip {amount}",
    model=r" : (?:Big blind/Bring in|Big Blind|Big blind) ",
    stack=r"^Seat \d+: {name} \(",
    after=SEAT_LINE + r"|Set dealer",
    award=r"^{name} : Hand [Rr]esult ",
    totals=(r"^Total Pot\(",),
    summary=(r"^Seat[+ ]\d+: {name} (?!\()",),
)


def ante(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An ante for every player dealt in, where the winner is not the hero (whose award
    line prints two spaces before ``[ME]`` and whose summary row prints no mark)."""
    if ante_of(seed) is None or seed.hand.collections[0].player.endswith("[ME]"):
        return None
    new = ante_edit(ANTE)(text, seed, rng)
    if new is None:
        return None
    return re.sub(r"^(.+?) \[ME\] : Ante chip ", r"\1  [ME] : Ante chip ", new, flags=re.M)


def some(*edits: Edit) -> Callable[[str, Seed, random.Random], str | None]:
    """The first of ``edits``, in random order, that changes the text."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        for one in rng.sample(list(edits), len(edits)):
            new = one(text, seed, rng)
            if new is not None and new != text:
                return new
        return None

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "another brand",
        "title",
        "`SITE Hand #N …` (SITE `Bovada`, `Ignition`, `Bodog[.com|.eu| UK| Canada|88]`)",
        brand,
    ),
    rewrite("the number's C", "number", "`#C123`", c_number),
    rewrite(
        "Zone Poker",
        "pool",
        "`… Zone Poker ID#T …`, GAME `…ZonePoker` (fast fold)",
        zone_poker,
        expect=fast_fold,
    ),
    rewrite(
        "the MVS mark",
        "mvs",
        "`… [MVS] - …` (the 2021 export)",
        substitute(r"\A([^\n]*?)(?<!\[MVS\]) - (\d{4}-\d{2}-\d{2} )", r"\1 [MVS] - \2"),
    ),
    rewrite("the Hi/Lo game's other name", "game", "`OMAHA HiLo`, `OMAHA_HL`", hi_lo_spelling),
    rewrite(
        "the fixed limit's other word",
        "limit",
        "LIMIT `Fixed Limit` / `Limit` (`Limit` = fixed limit)",
        limit_word,
    ),
    rewrite(
        "a tournament's speed for its structure",
        "tournament",
        "`… TBL#t, Normal- Level …` / `Turbo- Level …` (no structure: pot limit)",
        speed_for_structure,
    ),
    rewrite(
        "the dealer line's other shape",
        "dealer",
        "`Dealer : Set dealer/Bring in spot [N]` / `Set dealer [N]` / `Set dealer` (with or "
        "without a position)",
        dealer_line,
    ),
    rewrite(
        "the blinds' other words",
        "blinds",
        "`Ante/Small Blind $X`, `Small Blind $X`, `Small blind $X`; `Big blind/Bring in $X`, "
        "`Big Blind $X`, `Big blind $X`",
        some(
            words(
                r"(?P<word>Ante/Small Blind|Small Blind|Small blind)(?= \$?\d)",
                ("Ante/Small Blind", "Small Blind", "Small blind"),
            ),
            words(
                r"(?P<word>Big blind/Bring in|Big Blind|Big blind)(?= \$?\d)",
                ("Big blind/Bring in", "Big Blind", "Big blind"),
            ),
        ),
    ),
    rewrite(
        "the post's other words",
        "posts",
        "`Posts chip $X` / `Posts dead chip $X`",
        words(r"(?P<word>Posts chip|Posts dead chip)(?= )", ("Posts chip", "Posts dead chip")),
    ),
    rewrite(
        "folds and checks in other words",
        "folds",
        "`Fold`, `Folds`, `Folds(timeout)`, `Folds (auth)`, `Folds (…)`; `Checks`, `Checks (…)`",
        some(
            words(
                r"(?P<word>Folds?(?:\s*\([^)]*\))?)$",
                ("Fold", "Folds", "Folds(timeout)", "Folds (auth)", "Folds (disconnected)"),
            ),
            words(
                r"(?P<word>Checks(?:\s*\([^)]*\))?)$",
                ("Checks", "Checks (auto)", "Checks(timeout)"),
            ),
        ),
    ),
    rewrite(
        "calls and bets in other words",
        "verbs",
        "`Calls $X` / `Call $X`; `Bets $X` / `bets $X` / `Double bets $X`; `Raises` / `raises`",
        some(
            words(r"(?P<word>Calls|Call)(?= )", ("Calls", "Call")),
            words(r"(?P<word>Bets|bets|Double bets)(?= )", ("Bets", "bets", "Double bets")),
            words(r"(?P<word>Raises|raises)(?= )", ("Raises", "raises")),
            words(
                r"(?P<word>All-in\(raise\)|All-in\(raise-timeout\))(?= )",
                ("All-in(raise)", "All-in(raise-timeout)"),
            ),
        ),
    ),
    rewrite(
        "raises without their to",
        "raise",
        "2012 `Raises $B`, `All-in(raise) $B`: a raise to B",
        raise_without_to,
    ),
    rewrite(
        "the award's other word",
        "result",
        "`Hand result $X` / `Hand Result $X`",
        words(r"(?P<word>Hand result|Hand Result)(?= )", ("Hand result", "Hand Result")),
    ),
    rewrite(
        "lobby lines",
        "noise",
        "lobby: `Table enter user`, `Seat sit out`, `Table deposit $X`, `Ranking N`, "
        "`Sitout (…)`, `Enter (…)`, `Leave (…)`, … (with or without a position): nothing",
        lobby_line,
    ),
    rewrite(
        "a seat with no line",
        "seat",
        "a seat with no card line and no action was not dealt in",
        idle_seat,
        changes=("seats",),
    ),
    rewrite(
        "the summary's seats with or without the plus",
        "summary",
        "`Seat+N: …`; 2012 `Seat N:`",
        summary_seats,
    ),
    rewrite(
        "the pre-flop fold's other words",
        "summary fold",
        "`Seat+N: POS Folded before the FLOP` / `Folded on the … POCKET CARDS`",
        pre_flop_fold,
    ),
    rewrite(
        "an ante for every player dealt in",
        "ante",
        "`Ante chip X`",
        ante,
        changes=("stakes",),
        expect=ante_expectation,
    ),
    *scale_rewrites(MONEY, "amounts: `$5`, `$0.05`, `$3,903`"),
]
