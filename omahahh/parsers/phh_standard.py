"""The standard part of a PHH hand (PokerKit's ``HandHistory`` fields) as a record.

The standard describes a hand by positions, not seats: ``p1`` is the first
player left of the button and the last player is the button; heads-up, ``p1``
is the big blind and ``p2`` the button, who posts the small blind (PokerKit
reverses the blinds). Antes and blinds are posted automatically from the
``antes`` and ``blinds_or_straddles`` lists. Actions:

- ``d dh p1 AcAdAhAs`` hole cards (``??`` unknown), ``d db 7h8h9h`` board cards;
- ``p1 f`` fold, ``p1 cc`` check or call, ``p1 cbr 300`` bet or raise TO 300
  (the player's street total);
- ``p1 sm AsKs...`` shows (``p1 sm`` mucks); ``# ...`` is commentary (kept as
  the show's description).

Like the text parsers, this records what the file says. The chips a ``cc`` or
``cbr`` puts in are worked out from the amounts already in (what the line
means), not checked: replay does that.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime, time
from decimal import Decimal
from typing import Any

from omahahh.action_table import ActionTable
from omahahh.cards import parse_cards
from omahahh.errors import CardError, HandParseError
from omahahh.hand_tables import SeatTable, ShowTable
from omahahh.model import (
    Action,
    ActionKind,
    GameInfo,
    GameType,
    HandRecord,
    Site,
    Street,
    Structure,
    variant_code,
)
from omahahh.money import format_minor
from omahahh.parsers.common import to_utc
from omahahh.parsers.context import ParseContext, TimeZoneError, check_zone
from omahahh.rooms.conventions import conventions

# omahahh's extension of the standard's codes: limit letter, O (Omaha) or C
# (Courchevel), the hole-card count when not the usual one, "/8" for Hi/Lo.
VARIANT_RE = re.compile(r"^(?P<limit>[FPN])(?P<game>[OC])(?P<cards>[4-7])?(?P<hilo>/8)?$")
_LIMIT = {"F": Structure.FIXED_LIMIT, "P": Structure.POT_LIMIT, "N": Structure.NO_LIMIT}
_LETTER = {v: k for k, v in _LIMIT.items()}
_STREET_BY_BOARD = {0: Street.PREFLOP, 3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}


def variant_of(game: GameInfo) -> str:
    """The PHH ``variant`` code of a game: ``PO`` and ``FO/8`` are the standard's."""
    usual = 5 if game.courchevel else 4
    return (
        _LETTER[game.structure]
        + ("C" if game.courchevel else "O")
        + ("" if game.hole_card_count == usual else str(game.hole_card_count))
        + ("/8" if game.hi_lo else "")
    )


def game_of(code: str) -> GameInfo | None:
    """``game_of("FO/8").variant == "FLO-8"``; None for a code that is not Omaha."""
    m = VARIANT_RE.match(code)
    if m is None:
        return None
    structure = _LIMIT[m["limit"]]
    courchevel = m["game"] == "C"
    hole = int(m["cards"]) if m["cards"] else (5 if courchevel else 4)
    hi_lo = m["hilo"] is not None
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo, courchevel),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        courchevel=courchevel,
        game_label=code,
    )


class _Reader:
    """Reads one hand's standard fields; ``line_of`` locates text for error rows."""

    def __init__(self, doc: Mapping[str, Any], unit: int, line_of: Callable[[str], int]):
        self.doc = doc
        self.unit = unit
        self.line_of = line_of

    def fail(self, code: str, message: str, text: str = "") -> HandParseError:
        return HandParseError(code, message, self.line_of(text) if text else 0, text)

    def money(self, value: Any, what: str) -> int:
        # Whole amounts (nearly all) skip Decimal: the same integer, a tenth of the time.
        if type(value) is int:
            return value * self.unit
        if type(value) is str and value.isascii() and value.isdigit():
            return int(value) * self.unit
        if isinstance(value, bool) or not isinstance(value, int | Decimal | float | str):
            raise self.fail("bad_amount", f"{what}: not an amount: {value!r}", what)
        amount = Decimal(str(value).replace(",", "")) * self.unit
        if amount != amount.to_integral_value():
            raise self.fail(
                "bad_amount", f"{what}: {value} is not a whole number of minor units", what
            )
        return int(amount)

    def per_player(self, key: str, count: int) -> list[int]:
        """``antes`` / ``blinds_or_straddles`` for each player (a list, one value, or a table)."""
        raw = self.doc.get(key, [])
        if isinstance(raw, list):
            values = [self.money(v, key) for v in raw][:count]
            return values + [0] * (count - len(values))
        if isinstance(raw, dict):
            out = [0] * count
            for k, v in raw.items():
                if not str(k).isdigit() or not 0 <= int(k) < count:
                    raise self.fail("bad_phh", f"{key}: bad player index {k!r}", key)
                out[int(k)] = self.money(v, key)
            return out
        return [self.money(raw, key)] * count


def standard_record(
    doc: Mapping[str, Any],
    *,
    unit: int,
    currency: str,
    hand_id: str,
    context: ParseContext,
    source_path: str,
    source_line: int,
    text_hash: str,
    line_of: Callable[[str], int],
) -> HandRecord:
    """The record the standard fields of ``doc`` describe (no ``_omahahh_`` fields read)."""
    r = _Reader(doc, unit, line_of)
    code = doc.get("variant")
    if not isinstance(code, str):
        raise r.fail("bad_phh", "no 'variant' field", "variant")
    game = game_of(code)
    if game is None:
        raise r.fail("unsupported_game", f"not an Omaha variant: {code!r}", "variant")
    stacks_raw = doc.get("starting_stacks")
    if not isinstance(stacks_raw, list) or len(stacks_raw) < 2:
        raise r.fail("bad_phh", "'starting_stacks' must list two players or more", "starting")
    n = len(stacks_raw)
    stacks = [r.money(v, "starting_stacks") for v in stacks_raw]
    names = [str(x) for x in doc.get("players", [])] or [f"p{i + 1}" for i in range(n)]
    seat_numbers = [int(x) for x in doc.get("seats", [])] or list(range(1, n + 1))
    if len(names) != n or len(seat_numbers) != n:
        raise r.fail("bad_phh", "'players' / 'seats' do not match 'starting_stacks'", "players")
    antes = r.per_player("antes", n)
    blinds = r.per_player("blinds_or_straddles", n)
    fixed = game.structure is Structure.FIXED_LIMIT
    small_bet = r.money(doc["small_bet"], "small_bet") if fixed and "small_bet" in doc else None
    big_bet = r.money(doc["big_bet"], "big_bet") if fixed and "big_bet" in doc else None
    small_blind, big_blind = _blind_sizes(blinds)
    walk = Walk(names, stacks)
    walk.post(antes, blinds)
    actions_raw = doc.get("actions", [])
    if not isinstance(actions_raw, list):
        raise r.fail("bad_phh", "'actions' must be an array of strings", "actions")
    for text in actions_raw:
        walk.step(str(text), r)
    started_at, started_text = _time(doc, context)
    # Seats in seat order, as rooms list them (the standard lists players by position).
    order = sorted(range(n), key=lambda i: seat_numbers[i])
    seats = SeatTable()
    for i in order:
        seats.add(seat_numbers[i], names[i], stacks[i])
    finishing = doc.get("finishing_stacks")
    if isinstance(finishing, list) and len(finishing) == n:
        for row, i in enumerate(order):
            seats.set_stack_end_reported(row, r.money(finishing[i], "finishing_stacks"))
    low, high = (small_bet, big_bet) if fixed else (small_blind, big_blind)
    level = doc.get("level")
    return HandRecord(
        site=Site.PHH,
        hand_id=hand_id,
        started_at=started_at,
        started_at_text=started_text,
        game=game,
        game_type=GameType.CASH,
        tournament_level=str(level) if level is not None else None,
        currency=currency,
        unit=unit,
        stakes=stakes_text(low, high, unit, currency),
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=small_bet,
        big_bet=big_bet,
        ante=next((a for a in antes if a > 0), None),
        table_name=str(doc.get("table", "")),
        max_seats=int(doc["seat_count"]) if "seat_count" in doc else None,
        button_seat=seat_numbers[-1],
        seats=seats,
        actions=ActionTable.of(walk.actions()),
        dealt=tuple(walk.dealt),
        boards=(tuple(walk.board),) if walk.board else (),
        shows=walk.shows,
        source_path=source_path,
        source_line=source_line,
        text_hash=text_hash,
        notes=tuple(walk.notes),
    )


def _blind_sizes(blinds: list[int]) -> tuple[int | None, int | None]:
    small = blinds[0] if blinds and blinds[0] > 0 else None
    big = blinds[1] if len(blinds) > 1 and blinds[1] > 0 else None
    return small, big


def stakes_text(low: int | None, high: int | None, unit: int, currency: str) -> str:
    if low is None or high is None:
        return ""
    return f"{format_minor(low, unit, currency)}/{format_minor(high, unit, currency)}"


def _time(doc: Mapping[str, Any], context: ParseContext) -> tuple[datetime | None, str]:
    """``year``/``month``/``day``/``time``/``time_zone``; no zone = context or UTC."""
    try:
        year, month, day = int(doc["year"]), int(doc["month"]), int(doc["day"])
    except (KeyError, TypeError, ValueError):
        return None, ""
    clock = doc.get("time")
    if not isinstance(clock, time):
        clock = time(0, 0, 0)
    stamp = (
        f"{year:04d}/{month:02d}/{day:02d} {clock.hour:02d}:{clock.minute:02d}:{clock.second:02d}"
    )
    zone = doc.get("time_zone")
    try:
        zone_name = check_zone(zone) if isinstance(zone, str) else None
    except TimeZoneError:
        zone_name = None
    zone_name = zone_name or context.zone_for(conventions(Site.PHH).time_zone)
    return to_utc(stamp, zone_name), stamp


Move = tuple[Street, str, ActionKind, int, int | None, int | None, bool]


class Walk:
    """Turns the standard's action strings into :class:`Action` records, in order.

    :meth:`step` reads one string; the methods it calls (:meth:`fold`,
    :meth:`check_or_call`, :meth:`bet_or_raise`, :meth:`deal_board`, :meth:`show`)
    are what the string means, so the PHH export works out what the importer will
    make of its own actions by calling them directly (:mod:`omahahh.export.phh_fast`).
    """

    def __init__(self, names: list[str], stacks: list[int]):
        self.names = names
        self.left = list(stacks)  # chips behind
        self.live = [0] * len(names)  # chips in on this street
        self.high = 0  # the most any player has in on this street: max(self.live)
        # (street, player, kind, amount, to_amount, raise_by, all_in) of each action, as
        # :class:`Action` has them: the export compares these with a dataset's rows.
        self.moves: list[Move] = []
        self.dealt: list[tuple[str, tuple[int, ...]]] = []
        self.shows = ShowTable()
        self.board: list[int] = []
        self.notes: list[str] = []
        self.street = Street.PREFLOP

    def _put(
        self,
        i: int,
        kind: ActionKind,
        amount: int,
        to_amount: int | None = None,
        raise_by: int | None = None,
    ) -> None:
        self.left[i] -= amount
        if kind is not ActionKind.POST_ANTE:
            self.live[i] += amount
            if amount < 0:  # a cbr below what is in already (a damaged file)
                self.high = max(self.live)
            elif self.live[i] > self.high:
                self.high = self.live[i]
        all_in = self.left[i] <= 0 and amount > 0
        self.moves.append((self.street, self.names[i], kind, amount, to_amount, raise_by, all_in))

    def actions(self) -> tuple[Action, ...]:
        """The moves as :class:`Action` records."""
        return tuple(
            Action(
                street=street,
                player=player,
                kind=kind,
                amount=amount,
                to_amount=to_amount,
                raise_by=raise_by,
                all_in=all_in,
            )
            for street, player, kind, amount, to_amount, raise_by, all_in in self.moves
        )

    def post(self, antes: list[int], blinds: list[int]) -> None:
        """Antes, then blinds and straddles in the order a room prints them."""
        n = len(self.names)
        for i, ante in enumerate(antes):
            if ante > 0:
                self._put(i, ActionKind.POST_ANTE, min(ante, self.left[i]))
        order = [1, 0] if n == 2 else list(range(n))  # heads-up: p2 posts the small blind
        for position, i in enumerate(order):
            size = blinds[position] if n == 2 else blinds[i]
            if size <= 0:
                continue
            kind = (
                ActionKind.POST_SMALL_BLIND
                if position == 0
                else ActionKind.POST_BIG_BLIND
                if position == 1
                else ActionKind.POST_STRADDLE
            )
            amount = min(size, self.left[i])
            if kind is ActionKind.POST_STRADDLE:  # a straddle states the street total
                self._put(i, kind, amount, to_amount=self.live[i] + amount)
            else:
                self._put(i, kind, amount)

    def _player(self, label: str, r: _Reader, text: str) -> int:
        if not label.startswith("p") or not label[1:].isdigit():
            raise r.fail("bad_phh", f"not a player: {label!r} in {text!r}", text)
        i = int(label[1:]) - 1
        if not 0 <= i < len(self.names):
            raise r.fail("bad_phh", f"no player {label} in {text!r}", text)
        return i

    def _cards(self, text: str, r: _Reader, whole: str) -> tuple[int, ...] | None:
        """Cards of a deal/show; None when any is unknown (``??``)."""
        if "?" in text:
            return None
        try:
            return parse_cards(text)
        except CardError as exc:
            raise r.fail("bad_cards", f"{exc} in {whole!r}", whole) from None

    def step(self, whole: str, r: _Reader) -> None:
        text, _, comment = whole.partition("#")
        words = text.split()
        comment = comment.strip()
        if not words:
            return
        if words[0] == "d" and len(words) == 4 and words[1] == "dh":
            i = self._player(words[2], r, whole)
            cards = self._cards(words[3], r, whole)
            if cards is not None:
                self.dealt.append((self.names[i], cards))
            return
        if words[0] == "d" and len(words) == 3 and words[1] == "db":
            self._board(words[2], r, whole)
            return
        i = self._player(words[0], r, whole)
        verb = words[1] if len(words) > 1 else ""
        if verb == "f" and len(words) == 2:
            self.fold(i)
        elif verb == "cc" and len(words) == 2:
            self.check_or_call(i)
        elif verb == "cbr" and len(words) == 3:
            self.bet_or_raise(i, r.money(words[2], whole))
        elif verb == "sm":
            self._show(i, words[2:], comment or None, r, whole)
        elif verb in ("sd", "pb"):
            raise r.fail("unsupported_game", f"not an Omaha action: {whole!r}", whole)
        else:
            raise r.fail("bad_phh", f"unknown action: {whole!r}", whole)

    def fold(self, i: int) -> None:
        """``p1 f``."""
        self._put(i, ActionKind.FOLD, 0)

    def check_or_call(self, i: int) -> None:
        """``p1 cc``: a check with nothing to call, else a call of what is owed (or all)."""
        to_call = self.high - self.live[i]
        if to_call <= 0:
            self._put(i, ActionKind.CHECK, 0)
        else:
            self._put(i, ActionKind.CALL, min(to_call, self.left[i]))

    def bet_or_raise(self, i: int, to: int) -> None:
        """``p1 cbr 300``: a bet or a raise to ``to`` (the street total)."""
        current = self.high
        if current == 0:
            self._put(i, ActionKind.BET, to - self.live[i], to_amount=to)
        else:
            self._put(i, ActionKind.RAISE, to - self.live[i], to_amount=to, raise_by=to - current)

    def _board(self, text: str, r: _Reader, whole: str) -> None:
        if "?" in text:
            self.notes.append(f"board cards not known: {whole!r}")
            return
        self.deal_board(self._cards(text, r, whole) or (), whole)

    def deal_board(self, cards: tuple[int, ...], whole: str) -> None:
        """``d db 7h8h9h``: board cards; the street moves on with them."""
        if len(self.board) + len(cards) > 5:
            self.notes.append(f"more than five board cards (several runouts): {whole!r}")
            return
        self.board.extend(cards)
        street = _STREET_BY_BOARD.get(len(self.board), self.street)
        if street != self.street:
            self.street = street
            self.live = [0] * len(self.names)
            self.high = 0

    def _show(
        self, i: int, rest: list[str], description: str | None, r: _Reader, whole: str
    ) -> None:
        if not rest:
            return  # "p1 sm": mucked unseen, nothing to record
        if rest == ["-"]:
            known = dict(self.dealt).get(self.names[i])
            if known is not None:
                self.shows.add(self.names[i], known, description)
            return
        cards = self._cards(rest[0], r, whole)
        if cards is not None:
            self.show(i, cards, description)

    def show(self, i: int, cards: tuple[int, ...], description: str | None) -> None:
        """``p1 sm AsKs... # description``."""
        self.shows.add(self.names[i], cards, description)
