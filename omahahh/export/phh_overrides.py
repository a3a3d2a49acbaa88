"""Which fields of a record a PHH file must carry as ``_omahahh_`` overrides, from rows.

For each record field, in the model's order, the record's value (as
:func:`omahahh.export.phh_rows.record_from_rows` rebuilds it from the dataset's rows)
against what the importer reads back from the standard part (:class:`Read`, worked out
by :mod:`omahahh.export.phh_fast`): where they differ, the field is written as the record
path (:mod:`omahahh.export.phh_record`) writes it, a null one listed under
``_omahahh_none``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from omahahh.export.batch_rows import (
    A_LINE,
    A_PLAYER,
    A_STREET,
    P_CASHOUT,
    P_CASHOUT_FEE,
    P_MUCKED,
    P_PLAYER,
    P_POT_SHARE,
    P_SEAT,
    P_SUMMARY_WON,
    P_UNCALLED,
    P_WON,
)
from omahahh.export.phh_inline import (
    UNCALLED_KEYS,
    action_text,
    collection_text,
    inline_text,
    summary_seat_text,
)
from omahahh.export.phh_record import EXPORTED_FIELDS
from omahahh.export.phh_rows import money_outside
from omahahh.model import CashOut, GameType, Seat, Show, SidePayment, Site, Street
from omahahh.parsers.phh import NONE_KEY, PREFIX
from omahahh.parsers.phh_codec import InlineTable, TomlValue, toml_lines, toml_string, written
from omahahh.parsers.phh_standard import Walk

_STREET = {s.value: s for s in Street}
_PHH = Site.PHH.value
_CASH = GameType.CASH.value
_PLAIN = frozenset({str, int, bool, list})  # what written() gives back as it is

# Every field the record path compares, in its order: a field added to the model
# must be taught to this module too (the import fails until it is).
_FIELDS = (
    "site", "hand_id", "started_at", "started_at_text", "game", "game_type", "fast_fold",
    "home_game", "tournament_id", "tournament_level", "buy_in", "currency", "stakes",
    "small_blind", "big_blind", "small_bet", "big_bet", "ante", "table_name", "max_seats",
    "button_seat", "seats", "actions", "dealt", "boards", "uncalled", "collections", "shows",
    "cashouts", "side_payments", "summary_seats", "cancelled", "betting_capped",
    "total_pot_reported", "main_pot_reported", "side_pots_reported", "rake_reported",
    "jackpot_reported", "other_fees_reported", "cash_drop_reported", "run_count", "notes",
)  # fmt: skip
if _FIELDS != EXPORTED_FIELDS:
    raise RuntimeError("phh_overrides.py does not compare the fields the record path compares")


SeatRow = tuple[int, str, int, bool, bool, int | None]
"""A seat as the record has it: seat, player, stack, sitting out, out of hand, bounty."""


Shown = tuple[str, tuple[int, ...], str | None, bool]
"""A show's player, cards, description and whether it was mucked."""


class Read(NamedTuple):
    """What the importer reads back from a hand's standard part, field by field (the
    fields it reads as a constant or as written are not here)."""

    stamp: str
    started_back: bool
    stakes: str
    small_blind: int | None
    big_blind: int | None
    small_bet: int | None
    big_bet: int | None
    ante: int | None
    button_seat: int
    seats: list[SeatRow]
    dealt: list[tuple[str, tuple[int, ...]]]
    shows: list[Shown]


class Overrides:
    """The ``_omahahh_`` fields of a hand, as phh_record writes them: each value written
    as the record path would, null fields listed last under ``_omahahh_none``."""

    __slots__ = ("extra", "nulls")

    def __init__(self) -> None:
        self.extra: dict[str, TomlValue] = {}
        self.nulls: list[str] = []

    def differs(self, name: str, want: object) -> None:
        if want is None:
            self.nulls.append(name)
        elif type(want) in _PLAIN:
            self.extra[PREFIX + name] = want  # written() gives it back as it is
        else:
            self.extra[PREFIX + name] = written(want, name)

    def unless_null(self, name: str, value: object) -> None:
        """A field the importer reads as null: an override whenever the record has a value."""
        if value is not None:
            self.differs(name, value)

    def unless_equal(self, name: str, value: object, read: object) -> None:
        """A field the importer reads as ``read``: an override when the record differs."""
        if value != read:
            self.differs(name, value)

    def finish(self) -> dict[str, TomlValue]:
        if self.nulls:
            self.extra[NONE_KEY] = self.nulls
        return self.extra


def overrides(
    h: tuple[Any, ...],
    game_written: TomlValue | None,
    read: Read,
    walk: Walk,
    seats: list[SeatRow],
    dealt: list[tuple[str, tuple[int, ...]]],
    shows: list[Shown],
    boards: tuple[tuple[int, ...], ...],
    players: list[tuple[Any, ...]],
    actions: list[tuple[Any, ...]],
    collections: list[tuple[Any, ...]],
    out: Overrides,
) -> None:
    """Each record field, in the model's order, against what the importer reads (``read``,
    ``walk``): an override where they differ."""
    (_key, site, _hand_id, started_at, started_at_local, _variant, _structure, _hole,
     _hi_lo, _label, _mixed, game_type, fast_fold, home_game, tournament_id,
     tournament_level, buy_in, _currency, _unit, stakes, small_blind, big_blind, small_bet,
     big_bet, ante, table_name, _max_seats, button_seat, _board_rows, cancelled, capped,
     total_pot, main_pot, side_pots, rake, jackpot, other_fees, cash_drop, run_count, _path,
     _line, _hash, notes) = h  # fmt: skip
    differs = out.differs
    if site != _PHH:
        out.extra[PREFIX + "site"] = site  # written(Site(site)): the enum's value
    if not read.started_back:
        differs("started_at", started_at)
    if (started_at_local or "") != read.stamp:
        differs("started_at_text", started_at_local or "")
    if game_written is not None:
        out.extra[PREFIX + "game"] = game_written
    if game_type != _CASH:
        out.extra[PREFIX + "game_type"] = game_type  # written(GameType(game_type))
    if fast_fold is not False:
        differs("fast_fold", fast_fold)
    # The importer reads none of these: any value the record holds is an override.
    given = out.unless_null
    given("home_game", home_game)
    given("tournament_id", tournament_id)
    given("tournament_level", tournament_level)
    given("buy_in", buy_in)
    same = out.unless_equal
    same("stakes", stakes, read.stakes)
    same("small_blind", small_blind, read.small_blind)
    same("big_blind", big_blind, read.big_blind)
    same("small_bet", small_bet, read.small_bet)
    same("big_bet", big_bet, read.big_bet)
    same("ante", ante, read.ante)
    if table_name is None:  # the standard's table is text: the importer reads ""
        differs("table_name", None)
    same("button_seat", button_seat, read.button_seat)
    if seats != read.seats:
        differs("seats", tuple(_seat(*s) for s in seats))
    if [a[:A_LINE] for a in actions] != walk.moves:
        differs("actions", [action_text(*a) for a in actions])
    if dealt != read.dealt:
        differs("dealt", tuple(dealt))
    if boards != ((tuple(walk.board),) if walk.board else ()):
        differs("boards", boards)
    _reported(players, actions, differs)
    if collections:
        differs("collections", [collection_text(*c) for c in collections])
    if read.shows != shows:
        differs("shows", tuple(_show(*s) for s in shows))
    _cashouts_and_summary(players, differs)
    if cancelled is not False:
        differs("cancelled", cancelled)
    if capped:
        differs("betting_capped", tuple(_STREET[s] for s in capped))
    given("total_pot_reported", total_pot)
    given("main_pot_reported", main_pot)
    if side_pots:
        differs("side_pots_reported", tuple(side_pots))
    given("rake_reported", rake)
    given("jackpot_reported", jackpot)
    given("other_fees_reported", other_fees)
    given("cash_drop_reported", cash_drop)
    if run_count != 1:
        differs("run_count", run_count)
    if tuple(notes or ()) != tuple(walk.notes):
        differs("notes", tuple(notes or ()))


def override_lines(extra: dict[str, TomlValue]) -> list[str]:
    """``toml_lines(extra)``, knowing the overrides' usual types."""
    out: list[str] = []
    for name, value in extra.items():
        if type(value) is list and value and all(type(v) is InlineTable for v in value):
            # A list of records (all alike): one per line, as toml_lines writes it.
            out.append(f"{name} = [")
            out += [f"  {v}," for v in value]
            out.append("]")
        elif type(value) is str:
            out.append(f"{name} = {toml_string(value)}")
        elif type(value) is int:
            out.append(f"{name} = {value}")
        else:
            out += toml_lines({name: value})
    return out


def _seat(
    seat: int, player: str, stack: int, sitting_out: bool, out_of_hand: bool, bounty: int | None
) -> Seat:
    return Seat(
        seat=seat,
        player=player,
        stack_start=stack,
        sitting_out=sitting_out,
        out_of_hand=out_of_hand,
        bounty=bounty,
    )


def _show(player: str, cards: tuple[int, ...], description: str | None, mucked: bool) -> Show:
    return Show(player=player, cards=cards, description=description, mucked=mucked)


Differs = Callable[[str, object], None]


def _reported(
    players: list[tuple[Any, ...]], actions: list[tuple[Any, ...]], differs: Differs
) -> None:
    """``uncalled``: each player's returned bet, on the street of its last action."""
    returned = [p for p in players if p[P_UNCALLED]]
    if not returned:
        return
    last_street: dict[str, str] = {}
    for a in actions:
        last_street[a[A_PLAYER]] = a[A_STREET]
    differs(
        "uncalled",
        [
            inline_text(
                UNCALLED_KEYS,
                (p[P_PLAYER], p[P_UNCALLED], last_street.get(p[P_PLAYER], "preflop")),
            )
            for p in returned
        ],
    )


def _cashouts_and_summary(players: list[tuple[Any, ...]], differs: Differs) -> None:
    cashouts: list[CashOut] = []
    side_payments: list[SidePayment] = []
    for p in players:
        if p[P_CASHOUT] is None and p[P_POT_SHARE] is None:
            continue  # most players
        cash_out, outside = money_outside(
            p[P_PLAYER], p[P_CASHOUT], p[P_CASHOUT_FEE], p[P_WON], p[P_POT_SHARE]
        )
        if cash_out is not None:
            cashouts.append(cash_out)
        side_payments += outside
    if cashouts:
        differs("cashouts", tuple(cashouts))
    if side_payments:
        differs("side_payments", tuple(side_payments))
    summary = [
        summary_seat_text(p[P_SEAT], p[P_PLAYER], p[P_SUMMARY_WON], p[P_MUCKED])
        for p in players
        if p[P_SUMMARY_WON] is not None or p[P_MUCKED]
    ]
    if summary:
        differs("summary_seats", summary)
