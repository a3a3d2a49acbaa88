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

The rows come from :mod:`omahahh.export.batch_rows`; record values are written as
TOML by :mod:`omahahh.export.phh_inline`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from omahahh.cards import cards_str
from omahahh.errors import HandParseError
from omahahh.export.batch_rows import (
    A_AMOUNT,
    A_KIND,
    A_LINE,
    A_PLAYER,
    A_STREET,
    A_TO,
    ACTION_COLUMNS,
    COLLECTION_COLUMNS,
    HAND_COLUMNS,
    P_BOUNTY,
    P_CARDS,
    P_CASHOUT,
    P_CASHOUT_FEE,
    P_DEALT_IN,
    P_DESCRIPTION,
    P_KNOWN,
    P_MUCKED,
    P_PLAYER,
    P_SEAT,
    P_SHOWED,
    P_SITTING_OUT,
    P_STACK,
    P_SUMMARY_WON,
    P_UNCALLED,
    PLAYER_COLUMNS,
    column,
    grouped,
    row_cards,
)
from omahahh.export.phh_inline import (
    UNCALLED_KEYS,
    action_text,
    amounts_text,
    collection_text,
    in_units,
    inline_text,
    summary_seat_text,
    unit_read,
)
from omahahh.export.phh_record import _EXPORTED_FIELDS, Rendered, _text, _units, render_hand
from omahahh.export.phh_rows import record_from_rows
from omahahh.model import (
    POST_KINDS,
    ActionKind,
    CashOut,
    GameInfo,
    GameType,
    Seat,
    Show,
    Site,
    Street,
    Structure,
)
from omahahh.money import CHIPS
from omahahh.parsers.phh import NONE_KEY, PREFIX
from omahahh.parsers.phh_codec import (
    InlineTable,
    TomlValue,
    toml_lines,
    toml_string,
    toml_value,
    written,
)
from omahahh.parsers.phh_standard import Walk, _stakes, game_of, variant_of
from omahahh.rules.seating import clockwise_from_button

_STREET = {s.value: s for s in Street}
_KIND = {k.value: k for k in ActionKind}
_SITE = {s.value: s for s in Site}
_PHH = Site.PHH.value
_ZERO = timedelta(0)
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
    player_rows = grouped(players, "players", PLAYER_COLUMNS, keys)
    action_rows = grouped(actions, "actions", ACTION_COLUMNS, keys)
    collection_rows = grouped(collections, "collections", COLLECTION_COLUMNS, keys)
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
    hand_rows = zip(*(column(hands, c) for c in HAND_COLUMNS), strict=True)
    for i, h in zip(ordinal, hand_rows, strict=True):
        p, a, c = player_rows[i], action_rows[i], collection_rows[i]
        try:
            out.append(_render(h, p, a, c, games))
        except _SlowPath:
            record = record_from_rows(
                dict(zip(HAND_COLUMNS, h, strict=True)),
                [dict(zip(PLAYER_COLUMNS, r, strict=True)) for r in p],
                [dict(zip(ACTION_COLUMNS, r, strict=True)) for r in a],
                [dict(zip(COLLECTION_COLUMNS, r, strict=True)) for r in c],
            )
            out.append(render_hand(record))


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
    acted = {a[A_PLAYER] for a in actions}
    player_at: dict[int, str] = {}
    stacks: dict[str, int] = {}
    seat_of: dict[str, int] = {}
    seats: list[tuple[int, str, int, bool, bool, int | None]] = []
    for p in players:
        name = p[P_PLAYER]
        sitting_out = p[P_SITTING_OUT]
        out_of_hand = not p[P_DEALT_IN] and not sitting_out and name not in acted
        if (not sitting_out and not out_of_hand) or name in acted:
            player_at[p[P_SEAT]] = name
        seats.append((p[P_SEAT], name, p[P_STACK], sitting_out, out_of_hand, p[P_BOUNTY]))
        stacks[name] = p[P_STACK]
        seat_of[name] = p[P_SEAT]
    names = [player_at[s] for s in clockwise_from_button(player_at, button_seat)]
    n = len(names)
    index = {name: i for i, name in enumerate(names)}

    antes = [0] * n
    live_posts = [0] * n
    for a in actions:
        i = index.get(a[A_PLAYER])
        if i is None:
            continue
        kind = a[A_KIND]
        if kind == _ANTE:
            antes[i] += a[A_AMOUNT]
        elif kind in _LIVE_POSTS:
            live_posts[i] += a[A_AMOUNT]
    blinds = [live_posts[1], live_posts[0]] if n == 2 else live_posts
    # The standard part, line by line as toml_lines writes it.
    out = [
        f"variant = {toml_string(code)}",
        f"antes = [{amounts_text(antes, unit)}]",
        f"blinds_or_straddles = [{amounts_text(blinds, unit)}]",
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
    out += [f"{name} = {amounts_text((x,), unit)}" for name, x in bet_sizes.items()]
    out.append(f"starting_stacks = [{amounts_text(starting, unit)}]")

    # The record's cards, shows and the rest of its per-seat claims.
    dealt: list[tuple[str, tuple[int, ...]]] = []
    shows: list[tuple[str, tuple[int, ...], str | None, bool]] = []
    for p in players:
        cards = row_cards(p[P_CARDS])
        if not cards:
            if p[P_SHOWED]:
                shows.append((p[P_PLAYER], cards, p[P_DESCRIPTION], False))
            continue
        name = p[P_PLAYER]
        from_deal = p[P_KNOWN] or not (p[P_SHOWED] or p[P_MUCKED])
        if from_deal:
            dealt.append((name, cards))
        if p[P_SHOWED]:
            shows.append((name, cards, p[P_DESCRIPTION], False))
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
    boards = tuple(row_cards(b) for b in board_rows or [])
    board = boards[0] if boards else ()
    dealt_to = 0
    labels = _LABELS if n <= len(_LABELS) else [f"p{i + 1}" for i in range(n)]
    for a in actions:
        actor = index.get(a[A_PLAYER])
        kind = a[A_KIND]
        if actor is None or kind in _POSTS:
            continue
        street = _STREET_ORDER[a[A_STREET]]
        if street > dealt_to:
            dealt_to = _deal(board, dealt_to, street, lines, walk)
        if kind == _FOLD:
            lines.append(labels[actor] + " f")
            walk.fold(actor)
        elif kind in _CHECK_OR_CALL:
            lines.append(labels[actor] + " cc")
            walk.check_or_call(actor)
        elif (to := a[A_TO]) is not None:
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
        doc["antes"] = in_units(antes, unit)
        doc["blinds_or_straddles"] = in_units(blinds, unit)
        doc["starting_stacks"] = in_units(starting, unit)
        doc["actions"] = lines
        return doc

    if unit != unit_read(amounts, unit, currency, standard_amounts):
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
    if [a[:A_LINE] for a in actions] != walk.moves:
        differs("actions", [action_text(*a) for a in actions])
    if dealt != read_dealt:
        differs("dealt", tuple(dealt))
    if boards != ((tuple(walk.board),) if walk.board else ()):
        differs("boards", boards)
    _reported(players, actions, differs)
    if collections:
        differs("collections", [collection_text(*c) for c in collections])
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
    cashouts = tuple(
        CashOut(player=p[P_PLAYER], amount=p[P_CASHOUT], fee=p[P_CASHOUT_FEE] or 0)
        for p in players
        if p[P_CASHOUT] is not None
    )
    if cashouts:
        differs("cashouts", cashouts)
    summary = [
        summary_seat_text(p[P_SEAT], p[P_PLAYER], p[P_SUMMARY_WON], p[P_MUCKED])
        for p in players
        if p[P_SUMMARY_WON] is not None or p[P_MUCKED]
    ]
    if summary:
        differs("summary_seats", summary)
