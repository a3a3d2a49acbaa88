"""GGPoker header (line 1), docs/FORMATS.md §2.

```
Poker Hand #OM232657303: PLO ($2/$5) - 2021/01/21 02:41:55
Poker Hand #RC58843003: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21
Poker Hand #RC900000103: Omaha Pot Limit  ($0.05/$0.1) - 2019/10/12 01:43:27   (2018-19)
Poker Hand #TM2697462: Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop)
    - Level18(1,250/2,500) - 2021/04/15 11:12:42
```
The hand id keeps its letter prefix (``OM`` cash, ``RC`` Rush & Cash, ``TM``
tournament, ``AF`` all-in-or-fold, ...). Times carry no zone: they are read in
the context's ``source_timezone``, else the room's default (:mod:`omahahh.rooms.conventions`).
"""

from __future__ import annotations

import re
from datetime import datetime

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Site, Structure, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    STRUCTURE_WORDS,
    hybrid_limit_note,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.context import ParseContext
from omahahh.parsers.header import HandHeader
from omahahh.rooms.conventions import conventions

HEADER_RE = re.compile(r"^Poker Hand #(?P<id>[A-Za-z]*\d+): (?P<rest>.+)$")
TIME = r"(?P<time>\d{4}[/-]\d{1,2}[/-]\d{1,2} \d{1,2}:\d{2}(?::\d{2})?)"
TOURNAMENT_RE = re.compile(
    r"^Tournament #(?P<tid>\d+), (?P<middle>.+?) - Level\s*(?P<level>\w+)\s*"
    r"\((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)(?:/(?P<third>[\d,.]+))?\) - " + TIME + r"\s*$"
)
AMOUNT = r"[$€£¥₹]?[\d,.]+"
CASH_RE = re.compile(
    rf"^(?P<middle>.+) \((?P<stakes>{AMOUNT}/{AMOUNT}(?:/{AMOUNT})?)(?: [A-Z]{{3}})?\) - "
    + TIME
    + r"\s*$"
)
# The game is the END of the header's middle part (a tournament name may say "PLO").
GAME_RE = re.compile(
    r"(?P<game>(?:(?P<cards>[56]) Card )?"
    r"(?:PLO(?:-?(?P<plo_cards>[56]))?(?P<plo_hilo> ?Hi/Lo|8)?"
    r"|Omaha(?P<hilo> Hi/Lo| Hi-Lo)?(?: (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit))?"
    r"(?P<nl_post> \(NL postflop\))?))$"
)
ANY_GAME_RE = re.compile(r"(Hold'em|Holdem|NLH|Short Deck|6\+|Stud|Razz|Draw|Badugi)[^()]*")

_STRUCTURE = STRUCTURE_WORDS


def game_info(text: str) -> tuple[GameInfo, tuple[str, ...]] | None:
    """The Omaha game ending ``text`` and notes on any assumption made, or None.

    ``game_info("PLO-5")[0].variant == "PLO5"``; ``"Omaha (NL postflop)"`` is read
    as no limit (pot limit pre-flop is not modelled), with a note saying so.
    """
    m = GAME_RE.search(text)
    if m is None:
        return None
    notes: list[str] = []
    if m["limit"] is not None:
        structure = _STRUCTURE[m["limit"]]
    elif m["nl_post"] is not None:
        structure = Structure.NO_LIMIT
        notes.append(hybrid_limit_note("Omaha (NL postflop)"))
    else:
        structure = Structure.POT_LIMIT
        if not m["game"].startswith(("PLO", "5 Card PLO", "6 Card PLO")):
            notes.append(f"game {m['game']!r} names no limit; read as pot limit")
    cards = m["cards"] or m["plo_cards"]
    hole = int(cards) if cards else 4
    hi_lo = bool(m["hilo"] or m["plo_hilo"])
    game = GameInfo(
        variant=variant_code(structure, hole, hi_lo),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        game_label=m["game"],
    )
    return game, tuple(notes)


def _currency(stakes: str, tournament: bool) -> str:
    return symbol_currency(stakes, CHIPS if tournament else PLAY)


def _time(text: str, context: ParseContext) -> tuple[datetime, str]:
    zone = context.zone_for(conventions(Site.GGPOKER).time_zone)
    return utc_or_fail(text, zone, 0, text), text


def _game_or_fail(middle: str, line: str) -> tuple[GameInfo, tuple[str, ...]]:
    found = game_info(middle)
    if found is not None:
        return found
    other = ANY_GAME_RE.search(middle)
    label = other.group(0).strip() if other else middle
    raise HandParseError("unsupported_game", f"not an Omaha game: {label}", 0, line)


def parse_header(line: str, context: ParseContext) -> HandHeader:
    """Read a GGPoker header; raises :class:`HandParseError` (``bad_header``, ...)."""
    m = HEADER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"unrecognised GGPoker header: {line[:100]!r}", 0, line)
    hand_id, rest = m["id"], m["rest"]
    try:
        t = TOURNAMENT_RE.match(rest)
        if t is not None:
            middle = t["middle"]
            game, notes = _game_or_fail(middle, line)
            name = middle[: len(middle) - len(game.game_label)].strip() or None
            started_at, local = _time(t["time"], context)
            return HandHeader(
                hand_id=hand_id,
                fast_fold=False,
                game=game,
                game_type=GameType.TOURNAMENT,
                tournament_id=t["tid"],
                tournament_level=t["level"],
                tournament_name=name,
                currency=CHIPS,
                unit=1,
                stakes=f"{t['sb']}/{t['bb']}",
                stake_low=to_minor(t["sb"], 1),
                stake_high=to_minor(t["bb"], 1),
                started_at=started_at,
                started_at_text=local,
                notes=notes,
            )
        c = CASH_RE.match(rest)
        if c is None:
            raise HandParseError(
                "bad_header", f"unrecognised GGPoker header: {line[:100]!r}", 0, line
            )
        # 2018-19 headers put two spaces before the stakes (ggratte's GGPoker reader
        # takes the stakes as the 8th word and ends the game two characters before "(").
        game, notes = _game_or_fail(c["middle"].rstrip(), line)
        stakes = c["stakes"]
        currency = _currency(stakes, tournament=False)
        unit = 100 if currency == PLAY else unit_of(currency)
        low, high = stakes.split("/")[:2]
        started_at, local = _time(c["time"], context)
        return HandHeader(
            hand_id=hand_id,
            fast_fold=hand_id.startswith("RC"),
            game=game,
            game_type=GameType.CASH,
            tournament_id=None,
            tournament_level=None,
            tournament_name=None,
            currency=currency,
            unit=unit,
            stakes=stakes,
            stake_low=to_minor(low, unit),
            stake_high=to_minor(high, unit),
            started_at=started_at,
            started_at_text=local,
            notes=notes,
        )
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 0, line) from None
