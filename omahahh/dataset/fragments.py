"""Records to table fragments: the pure step from parsed hands to polars frames.

A :class:`Fragment` is the tables of a batch of hands (one file or chunk).
Each row is a tuple in its table's column order: the rows written for every hand as
plain tuples, each value beside a ``# column`` comment (held to the schema by
tests/unit/dataset/test_fragment_row_order.py, and ``actions``/``players`` by the orders checked at
import), the rarer ones by :data:`ROW`, named tuples whose fields are the columns of
:mod:`omahahh.dataset.tables`, every one defaulting to null. The rows are transposed
into columns and turned into frames once, with the table's schema.
"""

from __future__ import annotations

import functools
import io
from collections import namedtuple
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import polars as pl
import pyarrow as pa

from omahahh.action_table import action_table
from omahahh.audit.reconcile import paid_by_player
from omahahh.cards import card_texts
from omahahh.dataset.tables import TABLES, schema
from omahahh.hand_tables import (
    CollectionTable,
    SeatTable,
    ShowTable,
    SummarySeatTable,
    UncalledTable,
    amounts_by_player,
    as_table,
)
from omahahh.model import (
    POST_KINDS,
    ActionKind,
    CashOut,
    GameType,
    HandRecord,
    ParseFailure,
    SidePayment,
    Site,
    Street,
    Structure,
)
from omahahh.replay.decision_rows import table_values
from omahahh.rules.seating import dealt_in as seats_dealt_in

if TYPE_CHECKING:
    from omahahh.audit.hand import AuditedHand
    from omahahh.replay.allin import AllinRow
    from omahahh.replay.engine import PlayerResult

# Tables whose rows belong to one row of ``hands``.
CHILD_TABLES = ("players", "actions", "collections", "pots", "awards", "findings", "allin")


@dataclass(slots=True)
class Fragment:
    """Tables of one batch of hands plus the count of blocks read."""

    frames: dict[str, pl.DataFrame]
    blocks: int
    files: int = 0
    # For each child table, the ordinal (row in ``hands``) of each row's hand.
    owners: dict[str, list[int]] = field(default_factory=dict)
    failures_seen: int = 0
    """Failure rows dropped by de-duplication: the same failure recorded before."""

    def __reduce__(self) -> tuple[Callable[..., Fragment], tuple[object, ...]]:
        # A worker's fragment travels to the driver as LZ4-compressed Arrow IPC streams:
        # several times fewer bytes than its frames pickled, written and read as fast; with
        # 2 workers, the driver's reading and the pipe compete with them for the cores
        # (docs/PERFORMANCE.md, "Measurements behind the code").
        frames = {table: _ipc_bytes(frame) for table, frame in self.frames.items()}
        return _fragment_from_ipc, (frames, self.blocks, self.files, self.owners)

    @property
    def hands(self) -> int:
        return self.frames["hands"].height

    @property
    def failures(self) -> int:
        return self.frames["failures"].height

    @property
    def unknown_formats(self) -> int:
        """Failure rows of blocks no format reads (``unknown_format``)."""
        failures = self.frames["failures"]
        if failures.height == 0:
            return 0
        return int((failures["reason_code"] == "unknown_format").sum())


def _ipc_bytes(frame: pl.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.write_ipc_stream(buffer, compression="lz4")
    return buffer.getvalue()


def keys_only(hands: pl.DataFrame, failures: pl.DataFrame, blocks: int, files: int) -> Fragment:
    """What a run whose workers write their own parts yields for a file or batch: the kept
    hands' keys and the failure rows, child tables empty (progress and ``--strict`` read
    no more)."""
    frames = {t: _empty_frame(t) for t in CHILD_TABLES}
    frames.update(hands=hands, failures=failures)
    return Fragment(frames=frames, blocks=blocks, files=files)


@functools.cache
def _empty_frame(table: str) -> pl.DataFrame:
    return pl.DataFrame(schema=schema(table))


def _fragment_from_ipc(
    frames: dict[str, bytes], blocks: int, files: int, owners: dict[str, list[int]]
) -> Fragment:
    """The other end of :meth:`Fragment.__reduce__`."""
    read = {table: pl.read_ipc_stream(io.BytesIO(data)) for table, data in frames.items()}
    return Fragment(frames=read, blocks=blocks, files=files, owners=owners)


@dataclass(slots=True)
class FragmentBuilder:
    """Accumulates columns for each table; :meth:`build` makes the frames."""

    rows: dict[str, list[tuple[object, ...]]] = field(default_factory=dict)
    action_columns: dict[str, list[Any]] = field(default_factory=dict)
    """The ``actions`` table, column by column (its ``rows`` stay empty)."""
    owners: dict[str, list[int]] = field(default_factory=dict)
    blocks: int = 0
    _ordinal: int = -1

    def __post_init__(self) -> None:
        self.rows = {t: [] for t in TABLES}
        self.action_columns = {name: [] for name in ACTION_COLUMNS}
        self.owners = {t: [] for t in CHILD_TABLES}

    def _row(self, table: str, **values: object) -> None:
        """One row; a column not named is null, a name that is no column is an error."""
        try:
            row = ROW[table](**values)
        except TypeError:
            unknown = sorted(values.keys() - COLUMNS[table])
            raise KeyError(
                f"{table}: no column {', '.join(unknown)} (see dataset/tables.py)"
            ) from None
        self.rows[table].append(row)
        if table in CHILD_TABLES:
            self.owners[table].append(self._ordinal)

    def _child_row(self, table: str, row: tuple[object, ...]) -> None:
        """One row of a child table, a tuple in the table's column order, owned by the hand
        just added. Tuples, not keyword calls of :data:`ROW`, on the paths every hand takes:
        a keyword call binds each name by a search of the others, ten times the cost for
        the ``hands`` row's 48 columns. tests/unit/dataset/test_fragment_row_order.py
        holds each such tuple's column comments to the schema."""
        self.rows[table].append(row)
        self.owners[table].append(self._ordinal)

    def add(self, item: HandRecord | ParseFailure, audited: AuditedHand | None = None) -> None:
        self.blocks += 1
        if isinstance(item, ParseFailure):
            self.add_failure(item)
        else:
            self.add_hand(item, audited)

    def add_failure(self, f: ParseFailure) -> None:
        self._row(
            "failures",
            source_path=f.source_path,
            source_line=f.source_line,
            reason_code=f.reason_code,
            reason=f.reason,
            excerpt=f.excerpt,
            hand_key=f.hand_key,
            text_hash=f.text_hash,
        )

    def add_hand(self, h: HandRecord, audited: AuditedHand | None = None) -> None:
        """Rows for one hand; with ``audited`` also the replay's columns and tables."""
        key = h.hand_key
        self._ordinal += 1
        result = audited.result if audited is not None else None
        seats = as_table(SeatTable, h.seats)
        seat_of = dict(zip(seats.players, seats.seat_numbers))  # noqa: B905 - equal columns
        dealt_in = seats_dealt_in(h)
        game = h.game
        # A plain tuple in the schema's column order, each value's column named beside it.
        self.rows["hands"].append(
            (
                key,  # hand_key
                _VALUE[h.site],  # site
                h.hand_id,  # hand_id
                h.started_at,  # started_at
                h.started_at_text,  # started_at_local
                game.variant,  # variant
                game.game_label,  # game_label
                game.mixed_game,  # mixed_game
                _VALUE[game.structure],  # structure
                game.hole_card_count,  # hole_card_count
                game.hi_lo,  # hi_lo
                _VALUE[h.game_type],  # game_type
                h.fast_fold,  # fast_fold
                h.home_game,  # home_game
                h.tournament_id,  # tournament_id
                h.tournament_level,  # tournament_level
                h.buy_in,  # buy_in
                h.currency,  # currency
                h.unit,  # unit
                h.stakes,  # stakes
                h.small_blind,  # small_blind
                h.big_blind,  # big_blind
                h.small_bet,  # small_bet
                h.big_bet,  # big_bet
                h.ante,  # ante
                h.table_name,  # table_name
                h.max_seats,  # max_seats
                h.button_seat,  # button_seat
                sum(dealt_in),  # players_dealt
                [card_texts(b) for b in h.boards],  # board
                h.run_count,  # run_count
                h.cancelled,  # cancelled
                [s.value for s in h.betting_capped],  # betting_capped_streets
                h.total_pot_reported,  # total_pot_reported
                h.main_pot_reported,  # main_pot_reported
                list(h.side_pots_reported),  # side_pots_reported
                h.rake_reported,  # rake_reported
                h.jackpot_reported,  # jackpot_reported
                h.other_fees_reported,  # other_fees_reported
                h.cash_drop_reported,  # cash_drop_reported
                result.total_pot if result else None,  # total_pot_derived
                result.rake if result else None,  # rake_derived
                result.fees if result else None,  # fees_derived
                sum(u.amount for u in result.uncalled) if result else None,  # uncalled_derived
                list(h.notes),  # parser_notes
                h.text_hash,  # text_hash
                h.source_path,  # source_path
                h.source_line,  # source_line
            )
        )
        self._players(h, dealt_in, audited)
        base = h.source_line
        decisions = result.decisions if result else ()
        # The largest table, column by column: each list of the hand's ActionTable (as
        # the reader appended it) extends the table's, with no Python work per action;
        # what derives from several columns is done once per fragment, in build().
        actions = action_table(h.actions)
        players = actions.players
        n = len(players)
        into = self.action_columns
        self.owners["actions"] += [self._ordinal] * n
        into["hand_key"] += [key] * n
        into["seq"] += range(n)
        into["street"] += actions.streets  # StrEnum members: stored as their strings
        into["player"] += players
        into["seat"] += map(seat_of.get, players)
        into["kind"] += actions.kinds
        into["amount"] += actions.amounts
        into["to_amount"] += actions.to_amounts
        into["raise_by"] += actions.raise_bys
        into["all_in"] += actions.all_ins
        into["source_line"] += map(base.__add__, actions.lines)
        # The four numbers per action from the replay, cut from the walk's batch; a post
        # (nobody's decision) keeps only the pot before it.
        undecided = n - len(decisions)
        start = len(into["pot_before"])
        posts = [start + i for i, kind in enumerate(actions.kinds) if kind in POST_KINDS]
        for name, values in zip(_REPLAY_COLUMNS, table_values(decisions), strict=True):
            column = into[name]
            if undecided >= 0:
                column += values
                column += [None] * undecided
            else:
                column += values[:n]
            if name != "pot_before":
                for at in posts:
                    column[at] = None
        lines = as_table(CollectionTable, h.collections)
        for seq, player in enumerate(lines.players):
            self._child_row(
                "collections",
                (
                    key,  # hand_key
                    seq,  # seq
                    lines.runs[seq],  # run
                    lines.pot_indexes[seq],  # pot_index
                    lines.pot_labels[seq],  # pot_label
                    lines.halves[seq],  # half_reported
                    seat_of.get(player),  # seat
                    player,  # player
                    lines.amounts[seq],  # amount
                    base + lines.lines[seq],  # source_line
                ),
            )

    def _derived(self, h: HandRecord, audited: AuditedHand) -> None:
        """The replay's own tables: pots, awards, findings."""
        key = h.hand_key
        result = audited.result
        if result is not None:
            printed = [h.main_pot_reported, *h.side_pots_reported]
            single_run = len({p.run for p in result.pots}) <= 1
            for p in result.pots:
                reported = None
                if h.main_pot_reported is not None and single_run and p.index < len(printed):
                    reported = printed[p.index]
                self._child_row(
                    "pots",
                    (
                        key,  # hand_key
                        p.run,  # run
                        p.index,  # pot_index
                        list(p.eligible),  # eligible_seats
                        p.gross,  # gross_derived
                        p.rake,  # rake_derived
                        p.amount,  # amount_derived
                        reported,  # amount_reported
                        p.verifiable,  # verifiable
                    ),
                )
        for r in audited.awards:
            self._child_row(
                "awards",
                (
                    key,  # hand_key
                    r.run,  # run
                    r.pot_index,  # pot_index
                    r.half,  # half
                    r.seat,  # seat
                    r.player,  # player
                    r.amount_derived,  # amount_derived
                    r.amount_reported,  # amount_reported
                ),
            )
        for f in audited.findings:
            self._row("findings", **f.as_row())

    def _players(
        self, h: HandRecord, dealt_in: list[bool], audited: AuditedHand | None = None
    ) -> None:
        key = h.hand_key
        derived: dict[int, PlayerResult] = {}
        if audited is not None and audited.result is not None:
            derived = {p.seat: p for p in audited.result.players}
        dealt = dict(h.dealt)
        shown: dict[str, tuple[int, ...]] = {}
        desc: dict[str, str] = {}
        showed: set[str] = set()
        mucked: set[str] = set()
        shows = as_table(ShowTable, h.shows)
        for i, player in enumerate(shows.players):
            cards = shows.cards[i]
            if len(cards) >= len(shown.get(player, ())):
                shown[player] = cards
            if shows.mucked[i]:
                mucked.add(player)
            else:
                showed.add(player)
                if text := shows.descriptions[i]:
                    desc[player] = text
        sm = as_table(SummarySeatTable, h.summary_seats)
        summary_row = dict(zip(sm.seat_numbers, range(len(sm.seat_numbers))))  # noqa: B905 - same length
        uncalled = amounts_by_player(as_table(UncalledTable, h.uncalled))
        collected = amounts_by_player(as_table(CollectionTable, h.collections))
        cashout = {c.player: c for c in h.cashouts}
        outside, cashed = side_money(h.side_payments) if h.side_payments else ({}, {})
        paid = (
            paid_by_player(h, audited.result)
            if audited is not None and audited.result is not None
            else None
        )
        append = self.rows["players"].append
        seats = as_table(SeatTable, h.seats)
        self.owners["players"] += [self._ordinal] * len(seats)
        button = h.button_seat
        for name, number, stack, sits_out, bounty, is_dealt in zip(
            seats.players,
            seats.seat_numbers,
            seats.stack_starts,
            seats.sitting_out,
            seats.bounties,
            dealt_in,
            strict=True,
        ):
            own = dealt.get(name)
            cards = own or shown.get(name) or ()
            row = summary_row.get(number)
            if row is None:
                was_shown, was_mucked, summary_won = name in showed, name in mucked, None
            else:
                sm_showed, sm_mucked = sm.showed[row], sm.mucked[row]
                if len(sm_showed) > len(cards):
                    cards = sm_showed
                was_shown = name in showed or bool(sm_showed and not sm_mucked)
                was_mucked, summary_won = name in mucked or sm_mucked, sm.won[row]
            co = cashout.get(name)
            mine = derived.get(number)
            cash_out, fee, won, share = _money_paid(
                name, co, _won(name, paid, mine), outside, cashed
            )
            # A plain tuple in PLAYER_COLUMNS order (a row per seat of every hand).
            append(
                (
                    key,
                    number,
                    name,
                    stack,
                    sits_out,
                    is_dealt,
                    number == button,
                    card_texts(cards),
                    bool(own),
                    was_shown,
                    desc.get(name),
                    was_mucked,
                    bounty,
                    uncalled.get(name, 0),
                    collected.get(name, 0),
                    summary_won,
                    cash_out,
                    fee,
                    mine.invested if mine is not None else None,
                    won,
                    share,
                    mine.won if mine is not None else None,
                )
            )
        if audited is not None:
            self._derived(h, audited)

    def add_allin(self, rows: Iterable[AllinRow]) -> None:
        """All-in EV rows of the hand just added (:mod:`omahahh.replay.allin`)."""
        for r in rows:
            self._child_row(
                "allin",
                (
                    r.hand_key,  # hand_key
                    r.seat,  # seat
                    r.player,  # player
                    r.street,  # street
                    r.live_players,  # live_players
                    r.equity,  # equity
                    r.ev_won,  # ev_won
                    r.actual_won,  # actual_won
                    r.invested,  # invested
                    r.exact,  # exact
                    r.equity_std_error,  # equity_std_error
                ),
            )

    def build(self) -> Fragment:
        frames = {t: _frame(t, rows) for t, rows in self.rows.items() if t != "actions"}
        frames["actions"] = _columns_frame("actions", self.action_columns)
        return Fragment(frames=frames, blocks=self.blocks, owners=self.owners)


COLUMNS = {table: frozenset(schema(table)) for table in TABLES}
_ORDER = {table: tuple(schema(table)) for table in TABLES}
"""Each table's column names in schema order (``schema()`` builds a polars Schema per call)."""


def _row_type(table: str) -> Callable[..., tuple[object, ...]]:
    """A named tuple of ``table``'s columns, in schema order, each defaulting to null."""
    names = list(schema(table))
    make: Any = namedtuple  # the fields come from the schema, not literals mypy could check
    row: Callable[..., tuple[object, ...]] = make(
        f"{table}_row", names, defaults=[None] * len(names)
    )
    return row


# Keyword calls bind the columns in C, with no dict kept per row nor looked up per column.
ROW = {table: _row_type(table) for table in TABLES}

# The order FragmentBuilder writes the tuples of its two largest tables in, positionally;
# checked against the schema at import, so a column added to tables.py fails loudly here.
ACTION_COLUMNS = (
    "hand_key", "seq", "street", "player", "seat", "kind", "amount", "to_amount", "raise_by",
    "all_in", "source_line", "pot_before", "to_call", "min_raise_to", "max_raise_to",
)  # fmt: skip
PLAYER_COLUMNS = (
    "hand_key", "seat", "player", "stack_start", "sitting_out", "dealt_in", "is_button",
    "hole_cards", "dealt_known", "showed", "show_description", "mucked", "bounty_reported",
    "uncalled_reported", "collected_reported", "summary_won_reported", "cashout_reported",
    "cashout_fee_reported", "invested", "won", "cashout_pot_share", "won_derived",
)  # fmt: skip
for _table, _order in (("actions", ACTION_COLUMNS), ("players", PLAYER_COLUMNS)):
    if tuple(schema(_table)) != _order:
        raise RuntimeError(f"fragments.py writes {_table} in an order the schema no longer has")

# Stored strings of the enums on the hot path (a dict lookup, not the enum's property).
_VALUE: dict[object, str] = {
    m: m.value for e in (Street, ActionKind, Site, Structure, GameType) for m in e
}


SIDE_PAYMENT_SIGN = {"ev_cashout": 1, "cashout_risk": -1, "insurance_premium": -1}
"""Which way each kind of :class:`~omahahh.model.SidePayment` moves money: +1 paid to the
player by the room, -1 paid by the player to the room."""


def side_money(payments: Sequence[SidePayment]) -> tuple[dict[str, int], dict[str, int]]:
    """Per player, the money the text says moved between player and room outside the pot
    (+ received), and the kinds that make it an EV cash-out (``ev_cashout`` paid,
    ``cashout_risk`` paid back: their amounts, signed as above).

    >>> side_money([SidePayment(player="Hero", kind="cashout_risk", amount=48)])
    ({'Hero': -48}, {'Hero': -48})
    """
    outside: dict[str, int] = {}
    cashed: dict[str, int] = {}
    for p in payments:
        sign = SIDE_PAYMENT_SIGN.get(p.kind)
        if sign is None:
            raise ValueError(f"unknown side payment kind {p.kind!r}")
        outside[p.player] = outside.get(p.player, 0) + sign * p.amount
        if p.kind in ("ev_cashout", "cashout_risk"):
            cashed[p.player] = cashed.get(p.player, 0) + sign * p.amount
    return outside, cashed


_Paid = tuple[int | None, int | None, int | None, int | None]


def _money_paid(
    name: str,
    co: CashOut | None,
    pot_share: int | None,
    outside: dict[str, int],
    cashed: dict[str, int],
) -> _Paid:
    """``cashout_reported``, ``cashout_fee_reported``, ``won``, ``cashout_pot_share`` of a
    player whose share of the pots is ``pot_share``: a PokerStars cash-out pays its
    amount instead of the share; money outside the pot (GGPoker's EV cash-out, cash-out
    risk, insurance premium) is added to the share; the share stays beside either."""
    if co is not None:
        return co.amount, co.fee, co.amount, pot_share
    if name in outside:
        won = pot_share + outside[name] if pot_share is not None else None
        return _cash_out(name, cashed, won), None, won, pot_share
    return None, None, pot_share, None


def _cash_out(name: str, cashed: dict[str, int], won: int | None) -> int | None:
    """The EV cash-out a player got: ``Receives Cashout (X)``, or the pot share less
    ``Pays Cashout Risk (Y)`` (what ``won`` then holds); None for other side payments."""
    if name not in cashed:
        return None
    if won is not None:
        return won
    return cashed[name] if cashed[name] > 0 else None  # no replay: only X is known


def _won(name: str, paid: dict[str, int] | None, derived: PlayerResult | None) -> int | None:
    """``players.won``: what the room paid (its text), derived only where it prints none."""
    if paid is not None:
        return paid.get(name, 0)
    return derived.won if derived is not None else None


def _frame(table: str, rows: list[tuple[object, ...]]) -> pl.DataFrame:
    """Rows (tuples in schema order) to a frame of the table's schema."""
    names = _ORDER[table]
    transposed = zip(*rows, strict=True) if rows else ((),) * len(names)
    return _columns_frame(table, dict(zip(names, map(list, transposed), strict=True)))


_REPLAY_COLUMNS = ("pot_before", "to_call", "min_raise_to", "max_raise_to")


def _columns_frame(table: str, values_of: dict[str, list[Any]]) -> pl.DataFrame:
    """Columns (lists, by name, in schema order) to a frame of the table's schema.

    Nested list columns and time stamps go through pyarrow, whose conversion from
    Python objects is several times faster than polars' for them; other scalars through
    polars.
    """
    data: dict[str, pl.Series] = {}
    columns = schema(table)
    if tuple(values_of) != _ORDER[table]:
        raise KeyError(f"{table}: columns {list(values_of)} are not the schema's")
    for name, dtype in columns.items():
        values = values_of[name]
        if isinstance(dtype, (pl.List, pl.Datetime)):
            arrow_type = pl.Series(name, [], dtype=dtype).to_arrow().type
            series = cast(pl.Series, pl.from_arrow(pa.array(values, type=arrow_type)))
            data[name] = series.alias(name)
        else:
            # strict: a value of the wrong type fails here instead of becoming null.
            data[name] = pl.Series(name, values, dtype=dtype, strict=True)
    return pl.DataFrame(data)
