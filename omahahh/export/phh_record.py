"""One record as a PHH document: the standard part, then ``_omahahh_`` overrides.

Each hand is written as the standard describes it (``variant``, ``antes``,
``blinds_or_straddles``, ``min_bet`` or ``small_bet``/``big_bet``,
``starting_stacks``, ``actions``, ``players``, ``seats``, ``table``, ``hand``,
``currency``, date and time in UTC), so PokerKit can replay the ``PO`` and
``FO/8`` hands. Then the standard part is read back exactly as the importer
would read it, and every record field that comes back different is written as
a user-defined field ``_omahahh_<field>`` (``_omahahh_none`` lists null
fields). So importing an exported file gives back the same record, tables
and all, while the standard part stays plain PHH. docs/SITES.md lists what
is written for games the standard lacks.

This is the record path: :mod:`omahahh.export.phh_fast` writes the same text from a
dataset's rows, and is held to this module by ``tests/unit/export/test_phh_fast.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from decimal import Decimal
from operator import attrgetter
from typing import Any

from omahahh.cards import cards_str
from omahahh.errors import HandParseError
from omahahh.model import POST_KINDS, ActionKind, HandRecord, Street, Structure
from omahahh.money import CHIPS
from omahahh.parsers.context import DEFAULT_CONTEXT
from omahahh.parsers.phh import NONE_KEY, PREFIX, SOURCE_FIELDS, unit_for
from omahahh.parsers.phh_codec import TomlValue, toml_lines, written
from omahahh.parsers.phh_standard import standard_record, variant_of
from omahahh.record_table import RecordTable
from omahahh.rules.seating import clockwise_from_button, dealt_in

_BOARD_SLICES = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}
_STREET_ORDER = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
_LIVE_POSTS = {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE}


def players_in_order(hand: HandRecord) -> list[str]:
    """Players dealt in, clockwise from the first seat left of the button; button last."""
    player_at = {s.seat: s.player for s, d in zip(hand.seats, dealt_in(hand), strict=True) if d}
    return [player_at[s] for s in clockwise_from_button(player_at, hand.button_seat)]


def amount_units(amount: int, unit: int) -> int | Decimal:
    if amount % unit == 0:
        return amount // unit
    return Decimal(amount) / Decimal(unit)


def amount_text(amount: int, unit: int) -> str:
    value = amount_units(amount, unit)
    return str(value) if isinstance(value, int) else format(value, "f")


def standard_part(hand: HandRecord) -> dict[str, TomlValue]:
    """The standard fields for ``hand`` (values as TOML would read them back)."""
    names = players_in_order(hand)
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    unit = hand.unit
    antes = [0] * n
    live_posts = [0] * n
    for a in hand.actions:
        i = index.get(a.player)
        if i is None:
            continue
        if a.kind is ActionKind.POST_ANTE:
            antes[i] += a.amount
        elif a.kind in _LIVE_POSTS:
            live_posts[i] += a.amount
    # Blinds are listed by position; heads-up the button (p2) posts the small blind.
    blinds = [live_posts[1], live_posts[0]] if n == 2 else live_posts
    doc: dict[str, TomlValue] = {"variant": variant_of(hand.game)}
    doc["antes"] = [amount_units(x, unit) for x in antes]
    doc["blinds_or_straddles"] = [amount_units(x, unit) for x in blinds]
    if hand.game.structure is Structure.FIXED_LIMIT:
        small = hand.small_bet or hand.big_blind or unit
        doc["small_bet"] = amount_units(small, unit)
        doc["big_bet"] = amount_units(hand.big_bet or 2 * small, unit)
    else:
        doc["min_bet"] = amount_units(hand.big_blind or max(blinds, default=0) or unit, unit)
    stacks = {s.player: s.stack_start for s in hand.seats}
    doc["starting_stacks"] = [amount_units(stacks[name], unit) for name in names]
    doc["actions"] = _actions(hand, names, index)
    doc["players"] = list(names)
    seat_of = {s.player: s.seat for s in hand.seats}
    doc["seats"] = [seat_of[name] for name in names]
    if hand.max_seats is not None:
        doc["seat_count"] = hand.max_seats
    if hand.table_name:
        doc["table"] = hand.table_name
    doc["hand"] = hand.hand_id
    if hand.currency != CHIPS:
        doc["currency"] = hand.currency
    if hand.started_at is not None:
        t = hand.started_at
        doc["year"], doc["month"], doc["day"] = t.year, t.month, t.day
        doc["time"] = t.time().replace(microsecond=0)
        doc["time_zone"] = "UTC"
    return doc


def _actions(hand: HandRecord, names: list[str], index: dict[str, int]) -> list[str]:
    out: list[str] = []
    dealt = dict(hand.dealt)
    unknown = "??" * hand.game.hole_card_count
    for i, name in enumerate(names):
        cards = dealt.get(name)
        out.append(f"d dh p{i + 1} {cards_str(cards, '') if cards else unknown}")
    board = hand.boards[0] if hand.boards else ()
    dealt_to = Street.PREFLOP

    def deal_up_to(street: Street) -> None:
        nonlocal dealt_to
        for s in (Street.FLOP, Street.TURN, Street.RIVER):
            if _STREET_ORDER[dealt_to] < _STREET_ORDER[s] <= _STREET_ORDER[street]:
                lo, hi = _BOARD_SLICES[s]
                if len(board) >= hi:
                    out.append(f"d db {cards_str(board[lo:hi], '')}")
                    dealt_to = s

    for a in hand.actions:
        actor = index.get(a.player)
        if actor is None or a.kind in POST_KINDS:
            continue  # posts follow from antes and blinds_or_straddles
        deal_up_to(a.street)
        label = f"p{actor + 1}"
        if a.kind is ActionKind.FOLD:
            out.append(f"{label} f")
        elif a.kind in (ActionKind.CHECK, ActionKind.CALL):
            out.append(f"{label} cc")
        elif a.to_amount is not None:
            out.append(f"{label} cbr {amount_text(a.to_amount, hand.unit)}")
    deal_up_to(Street.RIVER)
    shown: set[int] = set()
    for show in hand.shows:
        shower = index.get(show.player)
        if shower is None or shower in shown or show.mucked or not show.cards:
            continue  # one show per player (a room may print a hand twice)
        shown.add(shower)
        comment = f" # {show.description}" if show.description else ""
        out.append(f"p{shower + 1} sm {cards_str(show.cards, '')}{comment}")
    return out


_COMPARED: dict[type, tuple[Callable[[Any], tuple[Any, ...]], tuple[str, ...]] | None] = {}


def _compared_fields(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], tuple[str, ...]] | None:
    """A record class's fields less ``line``, and a getter of their values as one tuple
    (None for a class that is no dataclass)."""
    if cls not in _COMPARED:
        names: tuple[str, ...] = ()
        if dataclasses.is_dataclass(cls):
            names = tuple(f.name for f in dataclasses.fields(cls) if f.name != "line")
        if not names:
            _COMPARED[cls] = None
        else:
            getter = attrgetter(*names)
            if len(names) == 1:  # attrgetter of one name gives the value, not a 1-tuple
                _COMPARED[cls] = (lambda value: (getter(value),), names)
            else:
                _COMPARED[cls] = (getter, names)
    return _COMPARED[cls]


def same_but_lines(a: Any, b: Any) -> bool:
    """Are ``a`` and ``b`` equal once every 0-based ``line`` offset is ignored?

    Offsets are not exported. Plain ``==`` first (most fields), then records by
    their other fields (one C-level getter), member by member only where those
    differ (a nested record's offset), and tuples member by member: no copy is
    made (a copy of every record with its lines zeroed was 60 % of the export's
    time).
    """
    if a == b:
        return True
    if isinstance(a, RecordTable):  # a reader's table: compared as the records it holds
        a = tuple(a)
    if isinstance(b, RecordTable):
        b = tuple(b)
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(same_but_lines, a, b))
    compared = _compared_fields(type(a))
    if compared is None:
        return False
    getter, names = compared
    if getter(a) == getter(b):
        return True
    return all(same_but_lines(getattr(a, n), getattr(b, n)) for n in names)


EXPORTED_FIELDS = tuple(
    f.name
    for f in dataclasses.fields(HandRecord)
    if f.name not in SOURCE_FIELDS and f.name != "unit"
)


def phh_document(hand: HandRecord) -> dict[str, TomlValue]:
    """The PHH fields for ``hand``: standard ones, then ``_omahahh_`` overrides.

    Raises :class:`HandParseError` (``not_representable``) for a hand with fewer
    than two players dealt in, which the standard cannot hold.
    """
    doc = standard_part(hand)
    if len(doc["starting_stacks"]) < 2:
        raise HandParseError("not_representable", "fewer than two players dealt in")
    if hand.unit != unit_for(doc, hand.currency):
        doc[PREFIX + "unit"] = hand.unit
    derived = standard_record(
        doc,
        unit=hand.unit,
        currency=hand.currency,
        hand_id=hand.hand_id,
        context=DEFAULT_CONTEXT,
        source_path="",
        source_line=1,
        text_hash="",
        line_of=lambda _text: 0,
    )
    nulls: list[str] = []
    for name in EXPORTED_FIELDS:
        want = getattr(hand, name)
        if same_but_lines(want, getattr(derived, name)):
            continue
        if want is None:
            nulls.append(name)
        else:
            doc[PREFIX + name] = written(want, name)  # line offsets left out
    if nulls:
        doc[NONE_KEY] = nulls
    return doc


def phh_text(hand: HandRecord) -> str:
    """One ``.phh`` file's text for ``hand``."""
    return "\n".join(toml_lines(phh_document(hand))) + "\n"


Rendered = tuple[str, str | None, str]
"""(hand key, the hand's PHH text or None when skipped, why it was skipped)."""


def render_hand(hand: HandRecord) -> Rendered:
    """One hand's PHH text, or why the standard cannot hold it."""
    try:
        doc = phh_document(hand)
    except HandParseError as exc:
        return hand.hand_key, None, f"the PHH standard cannot hold it: {exc}"
    return hand.hand_key, "\n".join(toml_lines(doc)) + "\n", ""
