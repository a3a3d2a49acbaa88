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
``tests/unit/export/test_phh_fast.py`` holds the two paths equal on every hand of the corpus.

The rows come from :mod:`omahahh.export.batch_rows`; the overrides are chosen by
:mod:`omahahh.export.phh_overrides`; record values are written as TOML by
:mod:`omahahh.export.phh_inline`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from omahahh.cards import card_texts
from omahahh.collector import collector_paused
from omahahh.errors import HandParseError
from omahahh.export.batch_rows import (
    A_AMOUNT,
    A_KIND,
    A_PLAYER,
    A_STREET,
    A_TO,
    ACTION_COLUMNS,
    COLLECTION_COLUMNS,
    HAND_COLUMNS,
    P_BOUNTY,
    P_CARDS,
    P_DEALT_IN,
    P_DESCRIPTION,
    P_KNOWN,
    P_MUCKED,
    P_PLAYER,
    P_SEAT,
    P_SHOWED,
    P_SITTING_OUT,
    P_STACK,
    PLAYER_COLUMNS,
    column,
    grouped,
    row_cards,
)
from omahahh.export.phh_inline import (
    amounts_text,
    in_units,
    unit_read,
)
from omahahh.export.phh_overrides import (
    Overrides,
    Read,
    SeatRow,
    Shown,
    override_lines,
)
from omahahh.export.phh_overrides import overrides as overrides_of
from omahahh.export.phh_record import Rendered, amount_text, amount_units, render_hand
from omahahh.export.phh_rows import record_from_rows
from omahahh.model import (
    POST_KINDS,
    ActionKind,
    GameInfo,
    Structure,
)
from omahahh.money import CHIPS
from omahahh.parsers.phh import PREFIX
from omahahh.parsers.phh_codec import (
    TomlValue,
    toml_string,
    toml_value,
    written,
)
from omahahh.parsers.phh_standard import Walk, game_of, stakes_text, variant_of
from omahahh.rules.seating import clockwise_from_button

_ZERO = timedelta(0)
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
_LABELS = [f"p{i + 1}" for i in range(100)]  # a player's label by position
_STREET_ORDER = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}


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
    games: _Games = {}
    out: list[Rendered] = []
    with collector_paused():  # tens of thousands of short-lived tuples, no cycles
        player_rows = grouped(players, "players", PLAYER_COLUMNS, keys)
        action_rows = grouped(actions, "actions", ACTION_COLUMNS, keys)
        collection_rows = grouped(collections, "collections", COLLECTION_COLUMNS, keys)
        _render_all(hands, ordinal, player_rows, action_rows, collection_rows, games, out)
        # Freed now by reference counting, not walked by the collector once it is back.
        del player_rows, action_rows, collection_rows
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
    (key, _site, hand_id, started_at, _started_at_local, _variant, _structure, hole,
     _hi_lo, _label, _mixed, _game_type, _fast_fold, _home_game, _tournament_id,
     _tournament_level, _buy_in, currency, unit, _stakes_text, _small_blind, big_blind,
     small_bet, big_bet, _ante, table_name, max_seats, button_seat, board_rows, _cancelled,
     _capped, _total_pot, _main_pot, _side_pots, _rake, _jackpot, _other_fees, _cash_drop,
     _run_count, _path, _line, _hash, _notes) = h  # fmt: skip
    game, code, game_written = _game(h, games)

    seats, player_at, stacks, seat_of = _seating(players, actions)
    names = [player_at[s] for s in clockwise_from_button(player_at, button_seat)]
    n = len(names)
    index = {name: i for i, name in enumerate(names)}

    antes, blinds = _posts(actions, index, n)
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

    dealt, shows = _cards_and_shows(players)
    dealt_of = dict(dealt)  # as the record path reads them: a name's last cards

    # The standard's actions, and the importer's walk through the same moves.
    boards = tuple(row_cards(b) for b in board_rows or [])
    walk = Walk(names, starting)
    walk.post(antes, blinds)
    lines, bets, read_dealt, read_shows = _standard_actions(
        names, index, dealt_of, shows, boards[0] if boards else (), actions, unit, hole, walk
    )
    amounts += bets
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
    stamp, read_back = _time_lines(started_at, out)

    if n < 2:
        exc = HandParseError("not_representable", "fewer than two players dealt in")
        return key, None, f"the PHH standard cannot hold it: {exc}"
    overrides = Overrides()  # what follows the standard part

    def standard_amounts() -> dict[str, TomlValue]:
        """What unit_for reads of the standard part."""
        doc: dict[str, TomlValue] = {k: amount_units(v, unit) for k, v in bet_sizes.items()}
        doc["antes"] = in_units(antes, unit)
        doc["blinds_or_straddles"] = in_units(blinds, unit)
        doc["starting_stacks"] = in_units(starting, unit)
        doc["actions"] = lines
        return doc

    if unit != unit_read(amounts, unit, currency, standard_amounts):
        overrides.extra[PREFIX + "unit"] = unit
    read_small = blinds[0] if blinds[0] > 0 else None
    read_big = blinds[1] if blinds[1] > 0 else None

    read = Read(
        stamp=stamp,
        started_back=read_back,
        stakes=stakes_text(low, high, unit, currency)
        if fixed
        else stakes_text(read_small, read_big, unit, currency),
        small_blind=read_small,
        big_blind=read_big,
        small_bet=low if fixed else None,
        big_bet=high if fixed else None,
        ante=next((x for x in antes if x > 0), None),
        button_seat=seat_numbers[-1],
        # The importer lists seats in seat order, each with defaults past its stack.
        seats=sorted(((seat_of[x], x, stacks[x], False, False, None) for x in names), key=_first),
        dealt=read_dealt,
        shows=read_shows,
    )
    overrides_of(h, game_written, read, walk, seats, dealt, shows, boards, players, actions,
               collections, overrides)  # fmt: skip
    out += override_lines(overrides.finish())
    return key, "\n".join(out) + "\n", ""


def _time_lines(started_at: datetime | None, out: list[str]) -> tuple[str, bool]:
    """The date and time lines (in UTC) onto ``out``; the stamp the importer reads from
    them, and whether it reads ``started_at`` back (to the second, as UTC)."""
    if started_at is None:
        return "", True
    t = started_at
    clock = f"{t.hour:02d}:{t.minute:02d}:{t.second:02d}"
    out += (f"year = {t.year}", f"month = {t.month}", f"day = {t.day}", f"time = {clock}")
    out.append('time_zone = "UTC"')
    stamp = f"{t.year:04d}/{t.month:02d}/{t.day:02d} {clock}"
    # to_utc(stamp, "UTC"): the same instant only for a UTC time of whole seconds.
    return stamp, t.microsecond == 0 and t.tzinfo is not None and t.utcoffset() == _ZERO


def _seating(
    players: list[tuple[Any, ...]], actions: list[tuple[Any, ...]]
) -> tuple[list[SeatRow], dict[int, str], dict[str, int], dict[str, int]]:
    """The record's seats as record_from_rows rebuilds them (out of hand: not dealt in,
    not sitting out, no action), and who was dealt in by seat, stacks and seats by name
    (a later seat of the same name wins, as in the record path's dicts)."""
    acted = {a[A_PLAYER] for a in actions}
    player_at: dict[int, str] = {}
    stacks: dict[str, int] = {}
    seat_of: dict[str, int] = {}
    seats: list[SeatRow] = []
    for p in players:
        name = p[P_PLAYER]
        sitting_out = p[P_SITTING_OUT]
        out_of_hand = not p[P_DEALT_IN] and not sitting_out and name not in acted
        if (not sitting_out and not out_of_hand) or name in acted:
            player_at[p[P_SEAT]] = name
        seats.append((p[P_SEAT], name, p[P_STACK], sitting_out, out_of_hand, p[P_BOUNTY]))
        stacks[name] = p[P_STACK]
        seat_of[name] = p[P_SEAT]
    return seats, player_at, stacks, seat_of


def _posts(
    actions: list[tuple[Any, ...]], index: dict[str, int], n: int
) -> tuple[list[int], list[int]]:
    """The standard's ``antes`` and ``blinds_or_straddles`` by position: what each player
    dealt in posted (heads-up the button, p2, posts the small blind, listed first)."""
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
    return antes, [live_posts[1], live_posts[0]] if n == 2 else live_posts


def _cards_and_shows(
    players: list[tuple[Any, ...]],
) -> tuple[list[tuple[str, tuple[int, ...]]], list[Shown]]:
    """The record's dealt cards and shows, as record_from_rows rebuilds them from the seats:
    cards known only from a show stay a show."""
    dealt: list[tuple[str, tuple[int, ...]]] = []
    shows: list[Shown] = []
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
    return dealt, shows


def _standard_actions(
    names: list[str],
    index: dict[str, int],
    dealt_of: dict[str, tuple[int, ...]],
    shows: list[Shown],
    board: tuple[int, ...],
    actions: list[tuple[Any, ...]],
    unit: int,
    hole: int,
    walk: Walk,
) -> tuple[list[str], list[int], list[tuple[str, tuple[int, ...]]], list[Shown]]:
    """The standard's action strings for a hand (as phh_record writes them: hole cards,
    then each street's board before its first action, the bets, then the shows), each
    also played into ``walk``, the importer's; the ``cbr`` amounts; what the importer
    reads back of the dealt cards and the shows."""
    lines: list[str] = []
    bets: list[int] = []
    unknown = "??" * hole
    read_dealt: list[tuple[str, tuple[int, ...]]] = []
    for i, name in enumerate(names):
        hole_cards = dealt_of.get(name)
        if hole_cards:
            lines.append(f"d dh p{i + 1} {_card_text(hole_cards)}")
            read_dealt.append((name, hole_cards))
        else:
            lines.append(f"d dh p{i + 1} {unknown}")
    dealt_to = 0
    labels = _LABELS if len(names) <= len(_LABELS) else [f"p{i + 1}" for i in range(len(names))]
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
            lines.append(f"{labels[actor]} cbr {to if unit == 1 else amount_text(to, unit)}")
            bets.append(to)
            walk.bet_or_raise(actor, to)
    _deal(board, dealt_to, 3, lines, walk)
    shown: set[int] = set()
    read_shows: list[Shown] = []
    for name, cards, description, mucked in shows:
        shower = index.get(name)
        if shower is None or shower in shown or mucked or not cards:
            continue
        shown.add(shower)
        comment = f" # {description}" if description else ""
        lines.append(f"p{shower + 1} sm {_card_text(cards)}{comment}")
        # The importer reads the comment after the first "#", stripped.
        read_shows.append(
            (name, cards, (description.strip() or None) if description else None, False)
        )
    return lines, bets, read_dealt, read_shows


def _first(row: tuple[Any, ...]) -> Any:
    return row[0]


def _card_text(cards: tuple[int, ...]) -> str:
    """Cards as the standard writes them; a card twice is the record path's to refuse."""
    if len(set(cards)) != len(cards):
        raise _SlowPath
    # Every card here was read by _cards, so it is one of the 52: text by table.
    return "".join(card_texts(cards))


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
