"""PartyPoker's rewrites (docs/SITES.md, "PartyPoker"), for its classic text.

The header's time in another zone or none (ET), the ``#Game No`` lead-in and the
``Game #N starts.`` line before the hand, ``( Real Money )``, the tournament level and
blinds on lines of their own (or back in the header), the hole cards with commas or
without, noise lines (joins, time bank, chat, emoticons), a seat sitting out, amounts
scaled with thousands marks, and another currency.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from tests.helpers.variants.clock import local_time, pick_zone
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import (
    Rewrite,
    first_index,
    last_index,
    lines_of,
    newcomer,
    noise_line,
    only_when,
    rewrite,
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import SYMBOL_OF, money_hand, scale_rewrites
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"[$€£]")
HEADER = r"^\*{5} Hand History [Ff]or Game (\w+) \*{5}$"
CLASSIC_TIME = re.compile(
    r"(?P<lead> - |-)(?P<dow>[A-Z][a-z]+),(?P<gap> ?)[A-Z][a-z]+ \d{1,2}, \d{1,2}:\d{2}:\d{2} "
    r"(?:[A-Z]{2,5} )?\d{4}$"
)
ZONES = (
    "America/New_York",
    "Europe/Paris",
    "Europe/London",
    "Europe/Helsinki",
    "Europe/Moscow",
)
DEAL = r"^\*\* Dealing down cards \*\*"
END = r" wins | does not show cards\.$|^\*\* Summary \*\*|^Creating (?:Main|Side) Pot"


def classic(seed: Seed) -> bool:
    """A classic hand (numeric id): the 2026 text prints its actions' amounts bare."""
    return seed.hand.hand_id.isdigit()


def header_index(lines: list[str]) -> int | None:
    return first_index(lines, HEADER)


def classic_time(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The game line's time in another zone, or with none (read as ET)."""
    lines = lines_of(text)
    at = header_index(lines)
    if at is None or at + 1 >= len(lines):
        return None
    m = CLASSIC_TIME.search(lines[at + 1])
    if m is None:
        return None
    if rng.random() < 0.25:
        local, name = local_time(seed, "America/New_York"), ""
    else:
        picked = pick_zone(seed, ZONES, rng)
        local, name = picked if picked else (None, "")
    if local is None:
        return None
    zone = f"{name} " if name else ""
    stamp = f"{local:%A},{m['gap']}{local:%B %d, %H:%M:%S} {zone}{local:%Y}"
    lines[at + 1] = lines[at + 1][: m.start("dow")] + stamp
    return "\n".join(lines)


def with_lead_in(text: str, seed: Seed, rng: random.Random) -> str | None:
    if text.startswith("#Game No"):
        return None
    m = re.search(HEADER, text, re.M)
    return f"#Game No : {m[1]}\n{text}" if m and m[1].isdigit() else None


def game_starts_before(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Game #N starts.`` (the next game's start, printed between hands) first."""
    m = re.search(HEADER, text, re.M)
    return f"Game #{m[1]} starts.\n\n{text}" if m and m[1].isdigit() else None


def level_lines(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``… Buy-in Trny: T Level: L  Blinds(a/b) - …`` made three lines, or back."""
    lines = lines_of(text)
    at = header_index(lines)
    if at is None or at + 1 >= len(lines):
        return None
    game = lines[at + 1]
    inline = re.match(
        r"^(?P<head>.+? Buy-in) Trny: ?(?P<tid>\d+) Level: ?(?P<level>\d+)\s+"
        r"(?P<blinds>(?:Blinds|Stakes)(?:-Antes)?\([^)]*\))(?P<tail> - .+)$",
        game,
    )
    if inline is not None:
        new = [
            inline["head"] + inline["tail"],
            f"Trny: {inline['tid']} Level: {inline['level']}",
            inline["blinds"],
        ]
        return "\n".join([*lines[: at + 1], *new, *lines[at + 2 :]])
    alone = re.match(r"^(?P<head>.+? Buy-in)(?P<tail> - .+)$", game)
    if alone is None or at + 3 >= len(lines):
        return None
    level = re.match(r"^Trny: ?(\d+)\s+Level: ?(\d+)$", lines[at + 2])
    blinds = re.match(r"^(?:Blinds|Stakes)(?:-Antes)?\([^)]*\)$", lines[at + 3])
    if level is None or blinds is None:
        return None
    joined = f"{alone['head']} Trny: {level[1]} Level: {level[2]}  {blinds[0]}{alone['tail']}"
    return "\n".join([*lines[: at + 1], joined, *lines[at + 4 :]])


def cards_spelled_otherwise(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Dealt to NAME [  Ah 4d 5d Qc ]`` with commas (``[ Ah, 4d, 5d, Qc ]``), or back."""

    def one(m: re.Match[str]) -> str:
        cards = m["cards"].replace(",", " ").split()
        inside = (
            " " + ", ".join(cards) + " " if "," not in m["cards"] else "  " + " ".join(cards) + " "
        )
        return f"{m['head']}[{inside}]"

    new, n = re.subn(r"^(?P<head>Dealt to .+? )\[(?P<cards>[^\]]*)\]$", one, text, flags=re.M)
    return new if n else None


def sitting_out_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A seat line for a newcomer and ``NAME is sitting out`` among the posts."""
    lines = lines_of(text)
    last_seat = last_index(lines, r"^[Ss]eat ?\d+: .+ \( .* \)$")
    if last_seat is None or not seed.free_seats:
        return None
    m = re.match(r"^(?P<word>[Ss]eat ?)\d+: .+ \( (?P<stack>.*) \)$", lines[last_seat])
    assert m is not None
    name = newcomer(seed, rng)
    seat = f"{m['word']}{rng.choice(seed.free_seats)}: {name} ( {m['stack']} )"
    lines.insert(last_seat + 1, seat)
    posts = [f"{name} is sitting out"]
    at = rng.randint(last_seat + 2, first_index(lines, DEAL) or last_seat + 2)
    return "\n".join([*lines[:at], *posts, *lines[at:]])


def currency_rewrite(codes: tuple[str, ...]) -> Rewrite:
    """Every amount's symbol and ISO code another currency's."""

    def other(seed: Seed) -> str | None:
        return next((c for c in codes if c != seed.hand.currency), None)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        code, old = other(seed), SYMBOL_OF.get(seed.hand.currency)
        if code is None or old is None or not money_hand(seed, MONEY):
            return None
        new = re.sub(re.escape(old) + r"(?= ?\d)", SYMBOL_OF[code], text)
        return re.sub(rf"(?<=\d) {seed.hand.currency}\b", f" {code}", new)

    def expect(parts: Fingerprint, seed: Seed) -> Fingerprint:
        return {**parts, "currency": (other(seed), parts["currency"][1])}

    return rewrite(
        "amounts in another currency",
        "currency",
        "amounts: `$`, `€`, `£` and an optional `USD`/`EUR`",
        edit,
        expect=expect,
    )


TABLE: list[Rewrite] = [
    rewrite(
        "the time in another zone, or none",
        "time",
        "zones `EST`, `EDT`, `CET`, `CEST`, `BST`, `MSK`, …; none printed: ET",
        classic_time,
    ),
    rewrite(
        "the #Game No lead-in",
        "lead-in",
        "`#Game No : 13550803036` (a lead-in, kept out of the hand's text)",
        with_lead_in,
    ),
    rewrite(
        "Game #N starts. before the hand",
        "lead-in",
        "`Game #13550803036 starts.` (between hands: no hand's text holds it)",
        game_starts_before,
    ),
    rewrite(
        "( Real Money ) with spaces",
        "table",
        "`Table Houston (Real Money)` / `( Real Money )`",
        substitute(r"^(Table .+) \(Real Money\)$", r"\1 ( Real Money )"),
    ),
    rewrite(
        "level and blinds on lines of their own, or in the game line",
        "tournament",
        "`PL Omaha Hi-Lo $22 USD Buy-in - …` then `Trny: 41467101 Level: 2` and `Blinds(20/40)`",
        level_lines,
    ),
    rewrite(
        "hole cards with commas or without",
        "cards",
        "`Dealt to NAME [  Ah 4d 5d Qc ]` / `[ 9c, 7h, 8h, 4d ]`",
        cards_spelled_otherwise,
    ),
    rewrite(
        "joins, time bank, connection, chat and emoticons",
        "noise",
        "joins, leaves, `is sitting out`, time bank lines, `is disconnected.`, chat "
        "`NAME: text`, emoticons `NAME - text`: nothing",
        noise_line(
            (
                "{newcomer} has joined the table.",
                "{name} will be using his time bank for this hand.",
                "{name} is disconnected.",
                "{name} is connected.",
                "{name}: {chat}",
                "{name} - nice hand",
                "Your time bank will be activated in 6 secs. If you do not want it to be used, "
                "please act now.",
            ),
            DEAL,
            END,
        ),
    ),
    rewrite(
        "a seat sitting out",
        "seat",
        "`Seat 6: NAME ( $4 USD )` and `NAME is sitting out`",
        sitting_out_seat,
        changes=("seats",),
    ),
    *(
        replace(one, edit=only_when(classic, one.edit))
        for one in scale_rewrites(MONEY, "amounts: `.` decimals, `,` thousands")
    ),
    currency_rewrite(("USD", "EUR", "GBP")),
]
