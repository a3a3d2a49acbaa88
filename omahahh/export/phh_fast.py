"""PHH text straight from a dataset batch's rows: the export's fast path.

:func:`render_rows` gives, hand for hand, the text that
``render_hand(record_from_rows(...))`` gives (:mod:`omahahh.export.phh_record`), without
building the record nor reading the standard part back through the importer. The
standard part is written from the rows; then, for each record field, what the
importer would make of that standard part is worked out from the same rows, and the
field is written as an ``_omahahh_`` override exactly when it differs. The bets are
walked by the importer's own :class:`omahahh.parsers.phh_standard.Walk`, called with
what each action string means instead of the string, so both sides share one
definition of ``cc`` and ``cbr``.

Two kinds of hand take the record path instead (the same text, more slowly): a game
the standard's variant code cannot name back, and a card string the importer would
refuse (a card twice), where the record path says why the hand is skipped.
``tests/test_phh_fast.py`` holds the two paths equal on every hand of the corpus.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import lru_cache
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from omahahh.cards import _TOKEN_INDEX, cards_str, parse_cards
from omahahh.errors import HandParseError
from omahahh.export.phh_record import _EXPORTED_FIELDS, Rendered, _text, _units, render_hand
from omahahh.export.phh_rows import _CHILD_COLUMNS, _CHILD_ORDER, record_from_rows
from omahahh.model import (
    POST_KINDS,
    Action,
    ActionKind,
    CashOut,
    Collection,
    GameInfo,
    GameType,
    Seat,
    Show,
    Site,
    Street,
    Structure,
    SummarySeat,
    UncalledReturn,
)
from omahahh.money import CHIPS
from omahahh.parsers.phh import NONE_KEY, PREFIX, unit_for, unit_of_places
from omahahh.parsers.phh_codec import (
    InlineTable,
    TomlValue,
    toml_lines,
    toml_string,
    toml_value,
    written,
    written_fields,
)
from omahahh.parsers.phh_standard import Walk, _stakes, game_of, variant_of
from omahahh.rules.seating import clockwise_from_button

_HAND_COLUMNS = (
    "hand_key", "site", "hand_id", "started_at", "started_at_local", "variant", "structure",
    "hole_card_count", "hi_lo", "game_label", "mixed_game", "game_type", "fast_fold",
    "home_game", "tournament_id", "tournament_level", "buy_in", "currency", "unit", "stakes",
    "small_blind", "big_blind", "small_bet", "big_bet", "ante", "table_name", "max_seats",
    "button_seat", "board", "cancelled", "betting_capped_streets", "total_pot_reported",
    "main_pot_reported", "side_pots_reported", "rake_reported", "jackpot_reported",
    "other_fees_reported", "cash_drop_reported", "run_count", "source_path", "source_line",
    "text_hash", "parser_notes",
)  # fmt: skip
_PLAYER_COLUMNS = _CHILD_COLUMNS["players"]
_ACTION_COLUMNS = _CHILD_COLUMNS["actions"]
_COLLECTION_COLUMNS = _CHILD_COLUMNS["collections"]

# Positions in the rows (tuples in the column orders above).
(_P_SEAT, _P_PLAYER, _P_DEALT_IN, _P_SITTING_OUT, _P_STACK, _P_BOUNTY, _P_CARDS, _P_KNOWN,
 _P_SHOWED, _P_MUCKED, _P_DESCRIPTION, _P_SUMMARY_WON, _P_UNCALLED, _P_CASHOUT,
 _P_CASHOUT_FEE) = range(15)  # fmt: skip
_A_STREET, _A_PLAYER, _A_KIND, _A_AMOUNT, _A_TO, _A_BY, _A_ALL_IN, _A_LINE = range(8)

_STREET = {s.value: s for s in Street}
_KIND = {k.value: k for k in ActionKind}
_SITE = {s.value: s for s in Site}
_PHH = Site.PHH.value
_ZERO = timedelta(0)
_UTC_MICROS = pa.timestamp("us", tz="UTC")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_PLAIN = frozenset({str, int, bool, list})  # what written() gives back as it is
_CASH = GameType.CASH.value
_POSTS = frozenset(k.value for k in POST_KINDS)
_ANTE = ActionKind.POST_ANTE.value
_LIVE_POSTS = frozenset(
    k.value
    for k in (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_STRADDLE)
)
_FOLD = ActionKind.FOLD.value
_CHECK_OR_CALL = frozenset({ActionKind.CHECK.value, ActionKind.CALL.value})
# The board's slices, in the order a PHH file deals them: (street, first, last).
_DEALS = ((1, 0, 3), (2, 3, 4), (3, 4, 5))
_CARD_TEXT = [cards_str((c,)) for c in range(52)]
_LABELS = [f"p{i + 1}" for i in range(100)]  # a player's label by position
_STREET_ORDER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}

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
if _FIELDS != _EXPORTED_FIELDS:
    raise RuntimeError("phh_fast.py does not write the fields the record path compares")


class _SlowPath(Exception):
    """This hand is rendered from its record (see the module's docstring)."""


_Games = dict[tuple[Any, ...], tuple[GameInfo, str, TomlValue | None]]
"""A game's record, its PHH code and its override (None when the importer reads the code
back as the same game), by the ``hands`` columns it is rebuilt from."""


def render_rows(
    hands: pa.Table, players: pa.Table, actions: pa.Table, collections: pa.Table
) -> list[Rendered]:
    """Each hand of these tables (in ``hands`` order) rendered as the record path renders it."""
    keys = hands.column("hand_key")
    # Each hand's place among the keys as _grouped finds it: the children of a key that
    # appears twice go to both hands, as records_from_tables gives them.
    ordinal = pc.index_in(keys, value_set=keys).to_pylist()
    player_rows = _grouped(players, "players", _PLAYER_COLUMNS, keys)
    action_rows = _grouped(actions, "actions", _ACTION_COLUMNS, keys)
    collection_rows = _grouped(collections, "collections", _COLLECTION_COLUMNS, keys)
    games: _Games = {}
    out: list[Rendered] = []
    # Tens of thousands of short-lived tuples and no reference cycles: the collector's
    # passes over them cost a tenth of the time and free nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        _render_all(hands, ordinal, player_rows, action_rows, collection_rows, games, out)
    finally:
        if collecting:
            gc.enable()
    return out


def _render_all(
    hands: pa.Table,
    ordinal: list[int],
    player_rows: list[list[tuple[Any, ...]]],
    action_rows: list[list[tuple[Any, ...]]],
    collection_rows: list[list[tuple[Any, ...]]],
    games: _Games,
    out: list[Rendered],
) -> None:
    hand_rows = zip(*(_column(hands, c) for c in _HAND_COLUMNS), strict=True)
    for i, h in zip(ordinal, hand_rows, strict=True):
        p, a, c = player_rows[i], action_rows[i], collection_rows[i]
        try:
            out.append(_render(h, p, a, c, games))
        except _SlowPath:
            record = record_from_rows(
                dict(zip(_HAND_COLUMNS, h, strict=True)),
                [dict(zip(_PLAYER_COLUMNS, r, strict=True)) for r in p],
                [dict(zip(_ACTION_COLUMNS, r, strict=True)) for r in a],
                [dict(zip(_COLLECTION_COLUMNS, r, strict=True)) for r in c],
            )
            out.append(render_hand(record))


def _grouped(
    table: pa.Table, name: str, columns: tuple[str, ...], keys: pa.ChunkedArray
) -> list[list[tuple[Any, ...]]]:
    """For each hand of ``keys`` (by position), its rows of ``table`` in the table's order
    (``seq`` or ``seat``), as tuples of ``columns``; a row of no listed hand is left out.

    The rows are put in hand order by the Arrow kernels, then cut by counts: no Python
    work per row beyond making its tuple.
    """
    position = pc.index_in(table.column("hand_key"), value_set=keys)
    table = table.append_column("_hand", position).filter(pc.is_valid(position))
    table = table.sort_by([("_hand", "ascending"), (_CHILD_ORDER[name], "ascending")])
    counts = np.bincount(
        table.column("_hand").to_numpy().astype(np.int64, copy=False), minlength=len(keys)
    )
    rows = list(zip(*(_column(table, c) for c in columns), strict=True))
    out: list[list[tuple[Any, ...]]] = []
    at = 0
    for count in counts.tolist():
        out.append(rows[at : at + count])
        at += count
    return out


def _column(table: pa.Table, name: str) -> list[Any]:
    """A column's values (nulls where a dataset written before the column lacks it)."""
    if name in table.column_names:
        column = table.column(name)
        if column.type == _UTC_MICROS:
            # pyarrow makes an aware datetime several times slower than this does
            return [
                None if us is None else _EPOCH + timedelta(microseconds=us)
                for us in column.cast(pa.int64()).to_pylist()
            ]
        values: list[Any] = column.to_pylist()
        return values
    default = True if name == "dealt_known" else None
    return [default] * table.num_rows


def _cards(values: Sequence[str] | None) -> tuple[int, ...]:
    """``parse_cards(" ".join(values))``, as the record path reads a row's cards; tokens as
    the tables store them are looked up one by one (anything else goes the long way)."""
    if not values:
        return ()
    try:
        cards = tuple([_TOKEN_INDEX[t] for t in values])
    except KeyError:
        return parse_cards(" ".join(values))
    return cards if len(set(cards)) == len(cards) else parse_cards(" ".join(values))


def _game(h: tuple[Any, ...], games: _Games) -> tuple[GameInfo, str, TomlValue | None]:
    """The row's game, its PHH code, and its override (None: none needed)."""
    key = h[5:11]
    found = games.get(key)
    if found is None:
        variant, structure, hole, hi_lo, label, mixed = key
        game = GameInfo(
            variant=variant,
            structure=Structure(structure),
            hole_card_count=hole,
            hi_lo=hi_lo,
            courchevel=variant.startswith("C"),
            game_label=label,
            mixed_game=mixed,
        )
        code = variant_of(game)
        back = game_of(code)
        if back is None:
            raise _SlowPath  # the importer refuses the code: the record path says so
        found = games[key] = (game, code, None if back == game else written(game, "game"))
    return found


def _render(
    h: tuple[Any, ...],
    players: list[tuple[Any, ...]],
    actions: list[tuple[Any, ...]],
    collections: list[tuple[Any, ...]],
    games: _Games,
) -> Rendered:
    (key, site, hand_id, started_at, started_at_local, _variant, _structure, hole, _hi_lo,
     _label, _mixed, game_type, fast_fold, home_game, tournament_id, tournament_level,
     buy_in, currency, unit, stakes, small_blind, big_blind, small_bet, big_bet, ante,
     table_name, max_seats, button_seat, board_rows, cancelled, capped, total_pot, main_pot,
     side_pots, rake, jackpot, other_fees, cash_drop, run_count, _path, _line, _hash,
     notes) = h  # fmt: skip
    game, code, game_written = _game(h, games)

    # The record's seats, as record_from_rows rebuilds them.
    acted = {a[_A_PLAYER] for a in actions}
    player_at: dict[int, str] = {}
    stacks: dict[str, int] = {}
    seat_of: dict[str, int] = {}
    seats: list[tuple[int, str, int, bool, bool, int | None]] = []
    for p in players:
        name = p[_P_PLAYER]
        sitting_out = p[_P_SITTING_OUT]
        out_of_hand = not p[_P_DEALT_IN] and not sitting_out and name not in acted
        if (not sitting_out and not out_of_hand) or name in acted:
            player_at[p[_P_SEAT]] = name
        seats.append((p[_P_SEAT], name, p[_P_STACK], sitting_out, out_of_hand, p[_P_BOUNTY]))
        stacks[name] = p[_P_STACK]
        seat_of[name] = p[_P_SEAT]
    names = [player_at[s] for s in clockwise_from_button(player_at, button_seat)]
    n = len(names)
    index = {name: i for i, name in enumerate(names)}

    antes = [0] * n
    live_posts = [0] * n
    for a in actions:
        i = index.get(a[_A_PLAYER])
        if i is None:
            continue
        kind = a[_A_KIND]
        if kind == _ANTE:
            antes[i] += a[_A_AMOUNT]
        elif kind in _LIVE_POSTS:
            live_posts[i] += a[_A_AMOUNT]
    blinds = [live_posts[1], live_posts[0]] if n == 2 else live_posts
    # The standard part, line by line as toml_lines writes it.
    out = [
        f"variant = {toml_string(code)}",
        f"antes = [{_amounts(antes, unit)}]",
        f"blinds_or_straddles = [{_amounts(blinds, unit)}]",
    ]
    fixed = game.structure is Structure.FIXED_LIMIT
    starting = [stacks[name] for name in names]
    # Every amount of the standard part, to tell whether unit_for would read them as whole.
    amounts = [*antes, *blinds, *starting]
    bet_sizes: dict[str, int]
    if fixed:
        low = small_bet or big_blind or unit
        high = big_bet or 2 * low
        bet_sizes = {"small_bet": low, "big_bet": high}
        amounts += (low, high)
    else:
        bet_sizes = {"min_bet": big_blind or max(blinds, default=0) or unit}
        amounts += bet_sizes.values()
    out += [f"{name} = {_amounts((x,), unit)}" for name, x in bet_sizes.items()]
    out.append(f"starting_stacks = [{_amounts(starting, unit)}]")

    # The record's cards, shows and the rest of its per-seat claims.
    dealt: list[tuple[str, tuple[int, ...]]] = []
    shows: list[tuple[str, tuple[int, ...], str | None, bool]] = []
    for p in players:
        cards = _cards(p[_P_CARDS])
        if not cards:
            if p[_P_SHOWED]:
                shows.append((p[_P_PLAYER], cards, p[_P_DESCRIPTION], False))
            continue
        name = p[_P_PLAYER]
        from_deal = p[_P_KNOWN] or not (p[_P_SHOWED] or p[_P_MUCKED])
        if from_deal:
            dealt.append((name, cards))
        if p[_P_SHOWED]:
            shows.append((name, cards, p[_P_DESCRIPTION], False))
        elif not from_deal:
            shows.append((name, cards, None, True))
    dealt_of = dict(dealt)  # as the record path reads them: a name's last cards

    # The standard's actions, and the importer's walk through the same moves.
    walk = Walk(names, starting)
    walk.post(antes, blinds)
    lines: list[str] = []
    unknown = "??" * hole
    read_dealt: list[tuple[str, tuple[int, ...]]] = []
    for i, name in enumerate(names):
        hole_cards = dealt_of.get(name)
        if hole_cards:
            lines.append(f"d dh p{i + 1} {_card_text(hole_cards)}")
            read_dealt.append((name, hole_cards))
        else:
            lines.append(f"d dh p{i + 1} {unknown}")
    boards = tuple(_cards(b) for b in board_rows or [])
    board = boards[0] if boards else ()
    dealt_to = 0
    labels = _LABELS if n <= len(_LABELS) else [f"p{i + 1}" for i in range(n)]
    for a in actions:
        actor = index.get(a[_A_PLAYER])
        kind = a[_A_KIND]
        if actor is None or kind in _POSTS:
            continue
        street = _STREET_ORDER[a[_A_STREET]]
        if street > dealt_to:
            dealt_to = _deal(board, dealt_to, street, lines, walk)
        if kind == _FOLD:
            lines.append(labels[actor] + " f")
            walk.fold(actor)
        elif kind in _CHECK_OR_CALL:
            lines.append(labels[actor] + " cc")
            walk.check_or_call(actor)
        elif (to := a[_A_TO]) is not None:
            lines.append(f"{labels[actor]} cbr {to if unit == 1 else _text(to, unit)}")
            amounts.append(to)
            walk.bet_or_raise(actor, to)
    _deal(board, dealt_to, 3, lines, walk)
    shown: set[int] = set()
    read_shows: list[tuple[str, tuple[int, ...], str | None, bool]] = []
    for name, cards, description, mucked in shows:
        shower = index.get(name)
        if shower is None or shower in shown or mucked or not cards:
            continue
        shown.add(shower)
        comment = f" # {description}" if description else ""
        lines.append(f"p{shower + 1} sm {_card_text(cards)}{comment}")
        read_shows.append(
            (name, cards, (description.strip() or None) if description else None, False)
        )
    if lines:
        out.append("actions = [")
        # Quoting is needed only where a show carries a comment: the rest is cards,
        # labels and digits.
        out += [f"  {toml_string(v)}," if "#" in v else f'  "{v}",' for v in lines]
        out.append("]")
    else:
        out.append("actions = []")
    out.append(f"players = [{', '.join(map(toml_string, names))}]")
    seat_numbers = [seat_of[name] for name in names]
    out.append(f"seats = [{', '.join(map(toml_value, seat_numbers))}]")
    if max_seats is not None:
        out.append(f"seat_count = {toml_value(max_seats)}")
    if table_name:
        out.append(f"table = {toml_string(table_name)}")
    out.append(f"hand = {toml_string(hand_id)}")
    if currency != CHIPS:
        out.append(f"currency = {toml_string(currency)}")
    stamp = ""
    read_back = True  # does the importer read the same instant back?
    if started_at is not None:
        t = started_at
        clock = f"{t.hour:02d}:{t.minute:02d}:{t.second:02d}"
        out += (f"year = {t.year}", f"month = {t.month}", f"day = {t.day}", f"time = {clock}")
        out.append('time_zone = "UTC"')
        stamp = f"{t.year:04d}/{t.month:02d}/{t.day:02d} {t.hour:02d}:{t.minute:02d}:{t.second:02d}"
        # It reads these fields as UTC, to the second (to_utc(stamp, "UTC")).
        read_back = t.microsecond == 0 and t.tzinfo is not None and t.utcoffset() == _ZERO

    if n < 2:
        exc = HandParseError("not_representable", "fewer than two players dealt in")
        return key, None, f"the PHH standard cannot hold it: {exc}"
    extra: dict[str, TomlValue] = {}  # what follows the standard part

    def standard_amounts() -> dict[str, TomlValue]:
        """What unit_for reads of the standard part."""
        doc: dict[str, TomlValue] = {k: _units(v, unit) for k, v in bet_sizes.items()}
        doc["antes"] = _in_units(antes, unit)
        doc["blinds_or_straddles"] = _in_units(blinds, unit)
        doc["starting_stacks"] = _in_units(starting, unit)
        doc["actions"] = lines
        return doc

    if unit != _unit_read(amounts, unit, currency, standard_amounts):
        extra[PREFIX + "unit"] = unit

    # Each field: the record's value against what the importer reads from the above.
    nulls: list[str] = []

    def differs(name: str, want: object) -> None:
        if want is None:
            nulls.append(name)
        elif type(want) in _PLAIN:
            extra[PREFIX + name] = want  # written() gives it back as it is
        else:
            extra[PREFIX + name] = written(want, name)

    if site != _PHH:
        extra[PREFIX + "site"] = site  # written(Site(site)): the enum's value
    if not read_back:
        differs("started_at", started_at)
    if (started_at_local or "") != stamp:
        differs("started_at_text", started_at_local or "")
    if game_written is not None:
        extra[PREFIX + "game"] = game_written
    if game_type != _CASH:
        extra[PREFIX + "game_type"] = game_type  # written(GameType(game_type))
    if fast_fold is not False:
        differs("fast_fold", fast_fold)
    for name, value in (
        ("home_game", home_game),
        ("tournament_id", tournament_id),
        ("tournament_level", tournament_level),
        ("buy_in", buy_in),
    ):
        if value is not None:
            differs(name, value)
    read_small = blinds[0] if blinds[0] > 0 else None
    read_big = blinds[1] if blinds[1] > 0 else None
    read_low, read_high = (low, high) if fixed else (read_small, read_big)
    if stakes != _stakes(read_low, read_high, unit, currency):
        differs("stakes", stakes)
    if small_blind != read_small:
        differs("small_blind", small_blind)
    if big_blind != read_big:
        differs("big_blind", big_blind)
    if small_bet != (low if fixed else None):
        differs("small_bet", small_bet)
    if big_bet != (high if fixed else None):
        differs("big_bet", big_bet)
    if ante != next((x for x in antes if x > 0), None):
        differs("ante", ante)
    if table_name != (table_name or ""):
        differs("table_name", table_name)
    if button_seat != seat_numbers[-1]:
        differs("button_seat", button_seat)
    # The importer lists seats in seat order, each with defaults past its stack.
    read_seats = sorted(((seat_of[x], x, stacks[x], False, False, None) for x in names), key=_first)
    if seats != read_seats:
        differs("seats", tuple(_seat(*s) for s in seats))
    if [a[:_A_LINE] for a in actions] != walk.moves:
        differs("actions", [_inline(_ACTION_KEYS, a) for a in actions])
    if dealt != read_dealt:
        differs("dealt", tuple(dealt))
    if boards != ((tuple(walk.board),) if walk.board else ()):
        differs("boards", boards)
    _reported(players, actions, differs)
    if collections:
        differs("collections", [_collection(*c) for c in collections])
    if read_shows != shows:
        differs("shows", tuple(_show(*s) for s in shows))
    _cashouts_and_summary(players, differs)
    if cancelled is not False:
        differs("cancelled", cancelled)
    if capped:
        differs("betting_capped", tuple(_STREET[s] for s in capped))
    for name, value in (
        ("total_pot_reported", total_pot),
        ("main_pot_reported", main_pot),
    ):
        if value is not None:
            differs(name, value)
    if side_pots:
        differs("side_pots_reported", tuple(side_pots))
    for name, value in (
        ("rake_reported", rake),
        ("jackpot_reported", jackpot),
        ("other_fees_reported", other_fees),
        ("cash_drop_reported", cash_drop),
    ):
        if value is not None:
            differs(name, value)
    if run_count != 1:
        differs("run_count", run_count)
    if tuple(notes or ()) != tuple(walk.notes):
        differs("notes", tuple(notes or ()))
    if nulls:
        extra[NONE_KEY] = nulls
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
    return key, "\n".join(out) + "\n", ""


def _first(row: tuple[Any, ...]) -> Any:
    return row[0]


def _card_text(cards: tuple[int, ...]) -> str:
    """Cards as the standard writes them; a card twice is the record path's to refuse."""
    if len(set(cards)) != len(cards):
        raise _SlowPath
    # Every card here was read by _cards, so it is one of the 52: text by table.
    return "".join([_CARD_TEXT[c] for c in cards])


def _deal(board: tuple[int, ...], dealt_to: int, street: int, lines: list[str], walk: Walk) -> int:
    """Deal the board's slices up to ``street`` (1 flop .. 3 river) as lines and into the
    importer's walk; returns the last street dealt."""
    for to, lo, hi in _DEALS:
        if dealt_to < to <= street and len(board) >= hi:
            cards = board[lo:hi]
            text = f"d db {_card_text(cards)}"
            lines.append(text)
            walk.deal_board(cards, text)
            dealt_to = to
    return dealt_to


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
    returned = [p for p in players if p[_P_UNCALLED]]
    if not returned:
        return
    last_street: dict[str, str] = {}
    for a in actions:
        last_street[a[_A_PLAYER]] = a[_A_STREET]
    differs(
        "uncalled",
        [
            _inline(
                _UNCALLED_KEYS,
                (p[_P_PLAYER], p[_P_UNCALLED], last_street.get(p[_P_PLAYER], "preflop")),
            )
            for p in returned
        ],
    )


def _cashouts_and_summary(players: list[tuple[Any, ...]], differs: Differs) -> None:
    cashouts = tuple(
        CashOut(player=p[_P_PLAYER], amount=p[_P_CASHOUT], fee=p[_P_CASHOUT_FEE] or 0)
        for p in players
        if p[_P_CASHOUT] is not None
    )
    if cashouts:
        differs("cashouts", cashouts)
    summary = [
        _summary_seat(p[_P_SEAT], p[_P_PLAYER], p[_P_SUMMARY_WON], p[_P_MUCKED])
        for p in players
        if p[_P_SUMMARY_WON] is not None or p[_P_MUCKED]
    ]
    if summary:
        differs("summary_seats", summary)


def _summary_seat(seat: Any, player: Any, won: Any, mucked: Any) -> InlineTable:
    """A summary seat rebuilt from a row (no cards, street or cash-out: the row has none)."""
    if type(seat) is int and type(player) is str and type(mucked) is bool:
        won_text = "" if won is None else f"won = {won}, " if type(won) is int else None
        if won_text is not None:
            return InlineTable(
                f"{{seat = {seat}, player = {toml_string(player)}, {won_text}"
                f'showed = "", mucked = {"true" if mucked else "false"}, cashed_out = false}}'
            )
    return _inline(_SUMMARY_KEYS, (seat, player, won, "", mucked, None, False))


def _collection(
    player: Any, amount: Any, pot_index: Any, run: Any, half: Any, label: Any, _line: Any
) -> InlineTable:
    if (
        type(player) is str
        and type(amount) is int
        and type(pot_index) is int
        and type(run) is int
        and type(label) is str
        and half is None
    ):
        return InlineTable(
            f"{{player = {toml_string(player)}, amount = {amount}, pot_index = {pot_index}, "
            f"run = {run}, pot_label = {toml_string(label)}}}"
        )
    return _inline(_COLLECTION_KEYS, (player, amount, pot_index, run, half, label))


def _inline(keys: tuple[str, ...], values: Sequence[Any]) -> InlineTable:
    """A record written as :func:`omahahh.parsers.phh_codec.written` writes it, from its
    field values (enums as their values, a card tuple as its text): null members left out."""
    parts = []
    for key, value in zip(keys, values, strict=False):  # values may run on (a row's line)
        if value is None:
            continue
        kind = type(value)
        if kind is str:
            parts.append(f"{key} = {toml_string(value)}")
        elif kind is bool:
            parts.append(f"{key} = true" if value else f"{key} = false")
        elif kind is int:
            parts.append(f"{key} = {value}")
        else:
            parts.append(f"{key} = {toml_value(value)}")
    return InlineTable("{" + ", ".join(parts) + "}")


# The records' fields as ``written`` writes them, in order; checked at import so that a
# field added to one of these records fails here rather than going missing from files.
_ACTION_KEYS = ("street", "player", "kind", "amount", "to_amount", "raise_by", "all_in")
_COLLECTION_KEYS = ("player", "amount", "pot_index", "run", "half", "pot_label")
_UNCALLED_KEYS = ("player", "amount", "street")
_SUMMARY_KEYS = ("seat", "player", "won", "showed", "mucked", "folded_street", "cashed_out")
for _cls, _keys in (
    (Action, _ACTION_KEYS),
    (Collection, _COLLECTION_KEYS),
    (UncalledReturn, _UNCALLED_KEYS),
    (SummarySeat, _SUMMARY_KEYS),
):
    if written_fields(_cls) != _keys:
        raise RuntimeError(f"phh_fast.py writes {_cls.__name__} with other fields than the model")


def _unit_read(
    amounts: list[int], unit: int, currency: str, doc: Callable[[], dict[str, TomlValue]]
) -> int:
    """``unit_for(doc(), currency)``: the unit the importer will take the amounts in, from
    the amounts in minor units where ``unit`` is a power of ten (an amount's decimal places
    are then the unit's zeros less the amount's trailing zeros); ``doc`` makes the standard
    part's amounts for unit_for itself where it is not."""
    if unit == 1 or all(x % unit == 0 for x in amounts):
        return 1
    zeros = len(str(unit)) - 1
    if unit != 10**zeros:
        return unit_for(doc(), currency)
    places = 0
    for x in amounts:
        if x % unit:
            trailing = 0
            while x % 10 == 0:
                x //= 10
                trailing += 1
            places = max(places, zeros - trailing)
    return unit_of_places(places, currency)


def _in_units(amounts: list[int], unit: int) -> list[int | Decimal]:
    """``[_units(x, unit) for x in amounts]``, without a call per whole amount."""
    if unit == 1:
        return list(amounts)
    return [x // unit if x % unit == 0 else _units(x, unit) for x in amounts]


def _amounts(amounts: Sequence[int], unit: int) -> str:
    """The TOML text of ``[_units(x, unit) for x in amounts]``, less its brackets."""
    if unit == 1:
        return ", ".join(map(str, amounts))
    return ", ".join([str(x // unit) if x % unit == 0 else _fraction(x, unit) for x in amounts])


@lru_cache(maxsize=1 << 16)
def _fraction(amount: int, unit: int) -> str:
    """``toml_value(_units(amount, unit))`` for an amount that is not whole: the same few
    (blinds, bet sizes) come back hand after hand."""
    return toml_value(_units(amount, unit))
