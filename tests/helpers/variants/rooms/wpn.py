"""ACR / Winning Poker Network's rewrites (docs/SITES.md, "ACR / Winning Poker Network"),
for both its formats.

The 2019+ format: the game spelt ``4Card Omaha`` or with ``Reshuffle``, hands dealt five
or six cards, a guaranteed tournament, the table's name quoted, a play-money table,
noise lines (connection, time-outs, sitting out), a seat sitting out or waiting for the
button or the big blind, the muck lines' other words, the cap's spellings, run it twice
with ordinals, an ante, amounts scaled (no thousands mark: none is printed).

The format before 2019: the start with its figures padded or not, the seats in the game
line, a play-money table, noise lines, a seat with no card line (or sitting out, waiting
for the big blind), the ante's, straddle's and cap's other words.

Left out: ``All-in or Fold Limit`` (read as no limit: the structure would change), and in
the old format an ante, amounts scaled and ``(5Card Omaha)`` (its figures are bare, like
its ids, dates and seats, and its summary prints every player's ``Bets``/``Wins``).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.fingerprint import Fingerprint
from tests.helpers.variants.holecards import CardShape, cards_rewrites
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
    substitute,
)
from tests.helpers.variants.rooms.stars_syntax import scale_rewrites
from tests.helpers.variants.seating import SeatShape, seat_rewrite
from tests.helpers.variants.seeds import Seed

MONEY = MoneyStyle(r"\$", keeps_cents=True)
"""The 2019+ amounts: ``$1117.38``, cents always printed, no thousands mark seen."""

HEADER = r"\A\ufeff?(?:Game )?Hand #\d+ - "
GAME = r"(?<= - )(?:4Card )?Omaha(?= H/L\(| H/L Reshuffle\(|\(| Reshuffle\()"
HOLE_CARDS = r"^\*\*\* HOLE CARDS \*\*\*"
SUMMARY = r"^\*\*\* SUMMARY \*\*\*"
SEAT_LINE = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[^()]+)\)"
POSTS = r" posts |^\*\*\* HOLE CARDS"

OLD_HEADER = r"\AGame started at: "
OLD_SEAT_LINE = r"^Seat (?P<seat>\d+): .+ \((?P<stack>[\d.]+)\)\.$"
OLD_GAME_LINE = re.compile(r"^(?P<head>Game ID: \d+ \S+ .+ \([^()]+\))(?P<max> \d+-max)?$", re.M)
OLD_STAMP = re.compile(
    r"^(?P<lead>Game (?:started|ended) at: )(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) "
    r"(?P<h>\d{1,2}):(?P<mi>\d{1,2}):(?P<s>\d{1,2})",
    re.M,
)


def new_format(seed: Seed) -> bool:
    return re.match(HEADER, seed.text) is not None


def old_format(seed: Seed) -> bool:
    return re.match(OLD_HEADER, seed.text) is not None


def new_only(one: Rewrite) -> Rewrite:
    """``one`` for hands of the 2019+ format."""
    return replace(one, edit=only_when(new_format, one.edit))


def spelled_out(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Omaha(Pot Limit)`` made ``4Card Omaha(Pot Limit)``, or back."""
    first, newline, rest = text.partition("\n")
    m = re.search(GAME, first)
    if m is None or not re.match(HEADER, first):
        return None
    word = "Omaha" if m[0].startswith("4Card") else "4Card Omaha"
    return first[: m.start()] + word + first[m.end() :] + newline + rest


def play_money(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A real-money cash table made a play-money one: no symbol, ``(Play Money)``."""
    if not new_format(seed) or seed.hand.currency != "USD" or not is_cash(seed):
        return None
    if any("$" in name for name in seed.players):
        return None
    lines = lines_of(text.replace("$", ""))
    m = re.match(r"^(?P<head>.+? (?:\d+-max )?)(?P<button>Seat #\d+ is the button)$", lines[1])
    if m is None:
        return None
    lines[1] = f"{m['head']}(Play Money) {m['button']}"
    return "\n".join(lines)


def old_play_money(text: str, seed: Seed, rng: random.Random) -> str | None:
    """An old-format cash table named ``PM …``: play money."""
    if not old_format(seed) or seed.hand.currency != "USD" or not is_cash(seed):
        return None
    new, n = re.subn(r"^(Game ID: \d+ \S+ )(?!PM )", r"\1PM ", text, count=1, flags=re.M)
    return new if n else None


def in_play_money(parts: Fingerprint, seed: Seed) -> Fingerprint:
    return {**parts, "currency": ("PLAY", parts["currency"][1])}


def waiting_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's seat and its ``waits for big blind`` or ``sits out`` among the posts."""
    if not new_format(seed) or not seed.free_seats:
        return None
    return _seat_and_line(
        text,
        seed,
        rng,
        SEAT_LINE,
        "Seat {seat}: {name} ({stack})",
        rng.choice(("{name} waits for big blind", "{name} sits out")),
        HOLE_CARDS,
    )


def old_waiting_seat(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A newcomer's seat and its ``Player X wait BB`` or ``sitting out`` among the posts."""
    if not old_format(seed) or not seed.free_seats:
        return None
    return _seat_and_line(
        text,
        seed,
        rng,
        OLD_SEAT_LINE,
        "Seat {seat}: {name} ({stack}).",
        rng.choice(("Player {name} wait BB", "Player {name} sitting out")),
        r"^Player .+ received",
    )


def _seat_and_line(
    text: str,
    seed: Seed,
    rng: random.Random,
    seat_line: str,
    template: str,
    news: str,
    deal: str,
) -> str | None:
    lines = lines_of(text)
    deal_at = first_index(lines, deal)
    if deal_at is None:
        return None
    seats = [(i, re.match(seat_line, lines[i])) for i in range(deal_at)]
    found = [(i, m) for i, m in seats if m]
    if not found:
        return None
    name = newcomer(seed, rng)
    seat = rng.choice(seed.free_seats)
    later = [i for i, m in found if int(m["seat"]) > seat]
    at = later[0] if later else found[-1][0] + 1
    lines.insert(at, template.format(seat=seat, name=name, stack=found[0][1]["stack"]))
    last_seat = found[-1][0] + 1
    end = first_index(lines, deal, last_seat + 1)
    if end is None:
        return None
    where = rng.randint(last_seat + 1, end)
    lines.insert(where, news.format(name=name))
    return "\n".join(lines)


def ordinals(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``*** TURN 1 ***`` made ``*** FIRST TURN ***``, or back."""
    words = {"1": "FIRST", "2": "SECOND"}
    numbers = {v: k for k, v in words.items()}
    new, n = re.subn(
        r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN) ([12]) \*\*\*",
        lambda m: f"*** {words[m[2]]} {m[1]} ***",
        text,
        flags=re.M,
    )
    if n:
        return new
    new, n = re.subn(
        r"^\*\*\* (FIRST|SECOND) (FLOP|TURN|RIVER|SHOW DOWN) \*\*\*",
        lambda m: f"*** {m[2]} {numbers[m[1]]} ***",
        text,
        flags=re.M,
    )
    return new if n else None


def muck_words(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A line that moves nothing at the showdown in its other words."""
    new, n = re.subn(
        r"^(?P<head>.+) (?:mucks(?: hand| cards)?|does not show)$",
        lambda m: f"{m['head']} {rng.choice(('mucks', 'mucks hand', 'mucks cards'))}",
        text,
        flags=re.M,
    )
    return new if n and new != text else None


def cap_words(verbs: tuple[str, ...], prefix: str) -> Edit:
    """A capping raise's verb in another of its spellings (``caps``, ``cap``, ``raises``)."""
    pattern = re.compile(rf"^(?P<head>{prefix}.+) (?P<verb>caps|cap) (?P<tail>[$\d(].*)$", re.M)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def one(m: re.Match[str]) -> str:
            verb = rng.choice([v for v in verbs if v != m["verb"]])
            return f"{m['head']} {verb} {m['tail']}"

        new, n = pattern.subn(one, text)
        return new if n else None

    return edit


def old_stamps(text: str, seed: Seed, rng: random.Random) -> str | None:
    """``Game started at: 2017/5/2 18:4:7`` with its figures padded, or not."""

    def one(m: re.Match[str]) -> str:
        y, mo, d, h, mi, s = (int(m[k]) for k in ("y", "mo", "d", "h", "mi", "s"))
        padded = f"{y}/{mo:02d}/{d:02d} {h:02d}:{mi:02d}:{s:02d}"
        if m.group(0)[len(m["lead"]) :] == padded:
            return f"{m['lead']}{y}/{mo}/{d} {h}:{mi}:{s}"
        return m["lead"] + padded

    new, n = OLD_STAMP.subn(one, text)
    return new if n and new != text else None


def old_max_seats(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The game line's ``N-max``: nine seats (ten where a seat above nine is taken), so
    every free seat another rewrite may take is at the table."""
    m = OLD_GAME_LINE.search(text)
    if m is None or m["max"]:
        return None
    size = 9 if max(s.seat for s in seed.hand.seats) <= 9 else 10
    return text[: m.end("head")] + f" {size}-max" + text[m.end() :]


def swap_words(one: str, other: str) -> Edit:
    """``Player X one (…)`` made ``Player X other (…)``, or back (every such line)."""
    pattern = re.compile(rf"^(Player .+?) (?:{re.escape(other)}|{re.escape(one)}) (\()", re.M)

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def flip(m: re.Match[str]) -> str:
            was = m.group(0)[len(m[1]) + 1 : -2]
            return f"{m[1]} {other if was == one else one} ("

        new, n = pattern.subn(flip, text)
        return new if n else None

    return edit


TABLE: list[Rewrite] = [
    rewrite(
        "the game spelt out, or not",
        "game",
        "`Omaha`, `4Card Omaha` (the same game spelt out)",
        spelled_out,
    ),
    rewrite(
        "a reshuffle game",
        "reshuffle",
        "`… Reshuffle`: the base game",
        substitute(r"\A(\ufeff?(?:Game )?Hand #\d+ - .*?Omaha(?: H/L)?)\(", r"\1 Reshuffle("),
    ),
    *cards_rewrites(
        CardShape(
            dealt=r"^Dealt to .+? \[(?P<cards>[^\]]*)\]$",
            join=" ",
            games={5: (GAME, "5Card Omaha"), 6: (GAME, "6Card Omaha")},
        ),
        ("`5Card Omaha`", "`6Card Omaha`"),
    ),
    rewrite(
        "a guaranteed tournament",
        "tournament",
        "`… - $1,000 GTD Tournament #T - …`",
        only_when(
            is_tournament,
            substitute(r"\A(Game Hand #\d+ - )Tournament #", r"\1$2,500 GTD Tournament #"),
        ),
    ),
    rewrite(
        "the table's name quoted",
        "table",
        "`NAME N-max Seat #B is the button`, `Table '7' 6-max Seat #2 …`",
        only_when(
            new_format,
            substitute(
                r"^(?!Table ')([^\n']+?) (\d+-max (?:\(Play Money\) )?Seat #\d+ is the button)$",
                r"Table '\1' \2",
            ),
        ),
    ),
    rewrite(
        "a play-money table",
        "currency",
        "`NAME N-max (Play Money) Seat #B …`; no symbol: play money",
        play_money,
        expect=in_play_money,
    ),
    rewrite(
        "connection and time-outs",
        "noise",
        "`X is disconnected` / `is connected` / `has timed out`: nothing",
        noise_line(
            ("{name} is disconnected", "{name} is connected", "{name} has timed out"),
            HOLE_CARDS,
            SUMMARY,
        ),
    ),
    rewrite(
        "sitting-out news of a player who acts",
        "noise",
        "`X waits for big blind` / `sits out` / `is sitting out`: not dealt in (unless the "
        "player acts)",
        noise_line(("{name} sits out", "{name} is sitting out"), r" posts the big blind ", SUMMARY),
    ),
    new_only(
        seat_rewrite(
            SeatShape(SEAT_LINE, POSTS, "Seat {seat}: {name} ({stack}) is sitting out"),
            "`Seat N: NAME ($X) is sitting out`",
        )
    ),
    new_only(
        seat_rewrite(
            SeatShape(
                SEAT_LINE, POSTS, "Seat {seat}: {name} will be allowed to play after the button"
            ),
            "`Seat N: NAME will be allowed to play after the button`",
            "a seat allowed to play after the button",
        )
    ),
    rewrite(
        "a seat waiting for the big blind",
        "seat",
        "`X waits for big blind` / `sits out`: not dealt in",
        waiting_seat,
        changes=("seats",),
    ),
    rewrite(
        "the muck line's other words",
        "muck",
        "`does not show` / `mucks` / `mucks hand` / `mucks cards`: nothing",
        only_when(new_format, muck_words),
    ),
    rewrite(
        "the cap's other words",
        "cap",
        "`X caps $A to $B` / `cap …`: as `raises`",
        only_when(new_format, cap_words(("caps", "cap", "raises"), "")),
    ),
    rewrite(
        "run it twice with ordinals, or numbers",
        "runs",
        "`*** FLOP 1 ***` … `*** SHOW DOWN 2 ***`; `*** FIRST FLOP ***` … `*** SECOND RIVER ***`",
        ordinals,
    ),
    *(
        ante_rewrite(
            AnteShape(
                money=MONEY,
                post=f"{{name}} posts {words} {{amount}}",
                model=r" posts the big blind ",
                stack=r"^Seat \d+: {name} \(",
                after=r"^Seat \d+: ",
                award=r"^{name} collected ",
                totals=(r"^Total pot ", r"^Main pot "),
                summary=(r"^Seat \d+: {name} .*(?:won|collected) ",),
            ),
            "`X posts ante $X` / `X posts the ante $X`",
            f"an ante, posts {words}",
        )
        for words in ("ante", "the ante")
    ),
    *scale_rewrites(MONEY, "amounts: `$1117.38`, no thousands mark", False),
    rewrite(
        "the old start padded, or not",
        "time",
        "`Game started at: Y/M/D h:m:s` (`2016/1/01 1:01:1`)",
        old_stamps,
    ),
    rewrite(
        "the old game line's seats",
        "table",
        "`Game ID: N SB/BB TABLE (GAME)[ N-max]`",
        old_max_seats,
    ),
    rewrite(
        "an old play-money table",
        "currency",
        "table `PM …`: play money",
        old_play_money,
        expect=in_play_money,
    ),
    rewrite(
        "old time-outs and a nameless sitter",
        "noise",
        "`Player X is timed out.`; `Player  sitting out` (no name): nothing",
        noise_line(
            ("Player {name} is timed out.", "Player  sitting out"),
            r"^Player .+ received",
            r"^------ Summary ------$",
        ),
    ),
    seat_rewrite(
        SeatShape(OLD_SEAT_LINE, r"^Player ", "Seat {seat}: {name} ({stack})."),
        "a seat with no card line was not dealt in (a note says so)",
        "an old seat with no card line",
    ),
    rewrite(
        "an old seat waiting for the big blind",
        "seat",
        "`Player X wait BB` / `sitting out`: not dealt in",
        old_waiting_seat,
        changes=("seats",),
    ),
    rewrite(
        "the old ante's other words",
        "ante words",
        "`Player X ante (X)` / `posts ante (X)`",
        swap_words("ante", "posts ante"),
    ),
    rewrite(
        "the old straddle's other words",
        "straddle",
        "`Player X straddle (X)` / `straddles (X)`",
        swap_words("straddle", "straddles"),
    ),
    rewrite(
        "the old cap's other words",
        "old cap",
        "`Player X calls|bets|raises|caps|cap (X)`",
        cap_words(("caps", "cap"), "Player "),
    ),
]
