"""PokerStars header (line 1) and table line (line 2), docs/FORMATS.md §1.2-1.3.

```
PokerStars Hand #231645858339:  Omaha Pot Limit ($0.25/$0.50 USD) - 2021/11/18 4:15:02 ET
PokerStars Zoom Hand #…, PokerStars Rush Hand #… (fast fold), PokerStars Home Game Hand #…
PokerStars Hand #…:  Omaha Pot Limit (€0.05/€0.10 EUR) [ADM ID: 8AB1C2D3] - … CET [… ET]
PokerStars Game #19000000101:  Omaha Pot Limit ($0.05/$0.10) - 2008/08/17 - 01:14:43 (ET)
PokerStars Hand #…: Tournament #3000000101, $3+$0.30 USD Omaha Pot Limit - Level II (15/30) - …
```
The ``[ADM ID: …]`` (older ``[AAMS ID: …]``) after the stakes is the Italian client's
licence number; fpdb's ``re_game_info`` (``BLAH2``) reads the same shapes. Game labels:
``[5|6 Card ]Omaha[ Hi/Lo]``, ``Omaha 5 Cards``, ``Omaha 6 Cards``, ``Courchevel[ Hi/Lo]``;
limits ``Pot Limit``, ``No Limit``, ``Limit``, ``Fixed Limit`` and ``Pot Limit Pre-Flop,
No Limit Post-Flop`` (read as no limit, with a note: see :func:`_game_info`). A zone
the text names and omahahh does not know is a ``bad_header`` failure, never a guess,
unless the ``[… ET]`` stamp says the time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Structure, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    DEFAULT_ZONE,
    STRUCTURE_WORDS,
    ZONE_ABBREVIATIONS,
    TableLine,
    hybrid_limit_note,
    read_table_line,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.header import HandHeader

HEADER_RE = re.compile(
    r"^PokerStars (?P<kind>Zoom Hand|Rush Hand|Home Game Hand|Home Game|Hand|Game) #(?P<id>\d+):\s+"
    r"(?:\{(?P<club>[^}]*)\}\s+)?(?P<rest>.*)$"
)
FAST_FOLD_KINDS = frozenset({"Zoom Hand", "Rush Hand"})
"""Header titles of fast-fold pools: Zoom, and Rush before it (fpdb ``re_game_info``)."""
TIME_RE = re.compile(
    # 2008 clients print "2008/08/17 - 01:14:43 (ET)": a dash, the zone in parentheses.
    r"(?P<date>\d{4}[/-]\d{1,2}[/-]\d{1,2})(?: - | )(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)"
    r"(?: (?P<tz>[A-Z]{2,5})| \((?P<ptz>[A-Z]{2,5})\))?"
    r"(?: \[(?P<et>\d{4}[/-]\d{1,2}[/-]\d{1,2} \d{1,2}:\d{2}(?::\d{2})?) ET\]"
    # Run It Once brackets its server time (CET) after the zoned UTC stamp: the first wins.
    r"| \[\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})? [A-Z]{2,5}\])?\s*$"
)
OMAHA_RE = re.compile(
    r"(?P<game>(?:(?P<cards>[56]) Card )?(?P<base>Omaha|Courchevel)"
    r"(?: (?P<cards_after>[56]) Cards)?(?P<hilo> Hi/Lo)?) "
    r"(?P<limit>Pot Limit Pre-Flop, No Limit Post-Flop|Pot Limit|No Limit|Fixed Limit|Limit)"
)
HYBRID_LIMIT = "Pot Limit Pre-Flop, No Limit Post-Flop"
ANY_GAME_RE = re.compile(
    r"(?P<game>[A-Za-z0-9'\- /]+?) (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)\b"
)
TOURNAMENT_RE = re.compile(
    r"^(?P<zoom>(?:Zoom|Rush) )?Tournament #(?P<tid>\d+), (?P<middle>.+?) - (?:Match Round \w+, )?"
    r"Level (?P<level>[\w]+) \((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\) - (?P<time>.+)$"
)
CASH_RE = re.compile(
    r"^(?P<middle>.+?) \((?P<stakes>[^()]*\d[^()]*)\)"
    r"(?: \[(?:ADM|AAMS) ID: (?P<licence>[A-Z0-9]+)\])? - (?P<time>.+)$"
)
BUYIN_RE = re.compile(
    r"^(?P<buyin>(?:[$€£¥₹]?[\d.,]+(?:\+[$€£¥₹]?[\d.,]+){0,2}(?: [A-Z]{3})?|Freeroll|[\d.,]+ SC))"
    r"(?:\s+(?P<rest>.*))?$"
)
TABLE_RE = re.compile(
    r"^Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?P<play>Play Money)\))?"
    r"(?: \(Real Money\))? Seat #(?P<button>\d+) is the button"
)

_STRUCTURE = STRUCTURE_WORDS


@lru_cache(maxsize=256)  # a file repeats its few games: a regex search and a record each
def _game_info(text: str) -> GameInfo | None:
    """The Omaha game in a header's middle part, or None when it is another game."""
    m = OMAHA_RE.search(text)
    if m is None:
        return None
    # Pot limit pre-flop and no limit after is not a structure the replay models: the
    # hand is read as no limit (no legal bet is ever called illegal; the pre-flop cap is
    # not checked), and the header says so in a note (:func:`_notes`).
    limit = m["limit"]
    structure = Structure.NO_LIMIT if limit == HYBRID_LIMIT else _STRUCTURE[limit]
    courchevel = m["base"] == "Courchevel"
    cards = m["cards"] or m["cards_after"]
    hole = int(cards) if cards else (5 if courchevel else 4)
    hi_lo = m["hilo"] is not None
    before = text[: m.start()].rstrip()
    mixed = before[:-1].strip() if before.endswith("(") else None
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo, courchevel),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        courchevel=courchevel,
        game_label=f"{m['game']} {m['limit']}",
        mixed_game=mixed or None,
    )


def _unsupported(text: str) -> HandParseError:
    m = ANY_GAME_RE.search(text)
    label = f"{m['game'].split('(')[-1].strip()} {m['limit']}" if m else text
    return HandParseError("unsupported_game", f"not an Omaha game: {label}", 0, text)


def _notes(game: GameInfo) -> tuple[str, ...]:
    """What the header's reading assumes: the hybrid limit read as no limit."""
    if game.game_label.endswith(HYBRID_LIMIT):
        return (hybrid_limit_note(game.game_label),)
    return ()


def _time(text: str, unzoned: str = DEFAULT_ZONE) -> tuple[datetime | None, str]:
    """The start: the ``[… ET]`` stamp when printed, else the local time in its zone
    (``unzoned`` when none is printed); a zone omahahh does not know is ``bad_header``."""
    m = TIME_RE.search(text)
    if m is None:
        raise HandParseError("bad_header", f"no time stamp in header: {text!r}", 0, text)
    local = f"{m['date']} {m['clock']}"
    if m["et"]:
        return utc_or_fail(m["et"], ZONE_ABBREVIATIONS["ET"], 0, text), local
    tz = m["tz"] or m["ptz"]
    zone_name = ZONE_ABBREVIATIONS.get(tz) if tz else unzoned
    if zone_name is None:
        raise HandParseError("bad_header", f"unknown time zone {tz!r} in header", 0, text)
    return utc_or_fail(local, zone_name, 0, text), local


@lru_cache(maxsize=256)  # a few stakes a file; to_minor goes through Decimal
def _stake(text: str, unit: int) -> int:
    return to_minor(text, unit)


def _cash_currency(stakes: str) -> str:
    tail = stakes.rsplit(" ", 1)
    if len(tail) == 2 and len(tail[1]) == 3 and tail[1].isalpha() and tail[1].isupper():
        return tail[1]
    return symbol_currency(stakes, PLAY)


def parse_header(
    line: str,
    header_re: re.Pattern[str] = HEADER_RE,
    room: str = "PokerStars",
    game_info: Callable[[str], GameInfo | None] = _game_info,
    unzoned: str = DEFAULT_ZONE,
) -> HandHeader:
    """Parse line 1. Raises ``bad_header`` or ``unsupported_game`` parse errors.

    ``header_re`` (groups ``kind``, ``id``, ``club``, ``rest``) and ``room`` serve the
    look-alike clients, whose headers differ from PokerStars' only before the ``#``;
    so do ``game_info`` (their game words: the Omaha game of a header's middle part,
    None for another game) and ``unzoned`` (the zone of a time printed without one).
    A zone abbreviation omahahh does not know is ``bad_header``, never guessed.
    """
    m = header_re.match(line)
    if m is None:
        raise HandParseError("bad_header", f"not a {room} header: {line[:80]!r}", 0, line)
    rest = m["rest"]
    kind = m["kind"]
    t = TOURNAMENT_RE.match(rest)
    try:
        if t is not None:
            middle = t["middle"]
            b = BUYIN_RE.match(middle)
            buy_in = b["buyin"] if b else None
            game_text = (b["rest"] or "") if b else middle
            game = game_info(game_text)
            if game is None:
                raise _unsupported(game_text)
            started_at, local = _time(t["time"], unzoned)
            return HandHeader(
                hand_id=m["id"],
                fast_fold=t["zoom"] is not None or kind in FAST_FOLD_KINDS,
                home_game=m["club"],
                game=game,
                game_type=GameType.TOURNAMENT,
                tournament_id=t["tid"],
                tournament_level=t["level"],
                buy_in=buy_in,
                currency=CHIPS,
                unit=1,
                stakes=f"{t['sb']}/{t['bb']}",
                stake_low=_stake(t["sb"], 1),
                stake_high=_stake(t["bb"], 1),
                started_at=started_at,
                started_at_text=local,
                notes=_notes(game),
            )
        c = CASH_RE.match(rest)
        if c is None:
            raise HandParseError(
                "bad_header", f"unrecognised {room} header: {line[:100]!r}", 0, line
            )
        middle, stakes = c["middle"], c["stakes"]
        if ", " in stakes:  # mixed cash: "8-Game (Hold'em Limit, $0.10/$0.20)"
            inner, _, stakes = stakes.rpartition(", ")
            middle = f"{middle} ({inner})"
        game = game_info(middle)
        if game is None:
            raise _unsupported(middle)
        currency = _cash_currency(stakes)
        unit = unit_of(currency)
        amounts = stakes.split(" ")[0].split("/")
        if len(amounts) != 2:
            raise HandParseError("bad_header", f"unreadable stakes: {stakes!r}", 0, line)
        started_at, local = _time(c["time"], unzoned)
        return HandHeader(
            hand_id=m["id"],
            fast_fold=kind in FAST_FOLD_KINDS,
            home_game=m["club"],
            game=game,
            game_type=GameType.CASH,
            tournament_id=None,
            tournament_level=None,
            buy_in=None,
            currency=currency,
            unit=unit,
            stakes=stakes,
            stake_low=_stake(amounts[0], unit),
            stake_high=_stake(amounts[1], unit),
            started_at=started_at,
            started_at_text=local,
            notes=_notes(game),
        )
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 0, line) from None


def parse_table(line: str, offset: int) -> TableLine:
    """``Table 'Innes III 40-100 bb' 6-max Seat #1 is the button``."""
    return read_table_line(TABLE_RE, line, offset)
