"""One row per player per hand: everything the statistics add up (see docs/STATS.md).

:func:`player_hands` joins ``hands``, ``players``, ``actions``, the replay's
``awards`` and the ``allin`` table into a frame of flags, counts and money
per (hand, player dealt in). Statistics are sums of its columns over groups
(:mod:`omahahh.stats.players`); the graph is a running sum of some of them.

Money comes from the replay where the dataset has it (``players.invested``,
``players.won``), else from what the text printed (Σ ``actions.amount`` −
``uncalled_reported``; ``collected_reported``). The choice is made per hand,
so a hand's money always adds up. Rake paid is the hand's rake split by
:mod:`omahahh.rake.attribution`'s weighted attribution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import polars as pl

from omahahh.rake.attribution import allocate
from omahahh.rake.grouping import with_stakes
from omahahh.stats.actions import SEATS, action_facts, unpack_facts
from omahahh.stats.aliases import Aliases, apply_aliases
from omahahh.stats.filters import (
    NO_FILTER,
    StatsFilter,
    check_positions,
    hand_predicate,
    names_match,
)
from omahahh.stats.frames import HAND, HandIndex, ends, run_total, starts, with_hand_ids

Tables = Mapping[str, pl.LazyFrame]

HAND_COLUMNS = (
    "hand_key",
    "site",
    "variant",
    "structure",
    "stakes",
    "game_type",
    "currency",
    "unit",
    "started_at",
    "big_blind",
    "small_bet",
    "button_seat",
    "hi_lo",
    "hole_card_count",
)
PLAYER_COLUMNS = (
    "hand_key",
    "seat",
    "player",
    "dealt_in",
    "uncalled_reported",
    "collected_reported",
    "cashout_reported",
    "cashout_fee_reported",
)
# Hand columns every row carries; the other HAND_COLUMNS only when asked for.
ALWAYS = frozenset(
    {"site", "currency", "unit", "started_at", "big_blind", "small_bet", "button_seat", "hi_lo"}
    | {"hole_card_count"}
)
STEAL_POSITIONS = ("CO", "BTN", "SB")
BLINDS = ("SB", "BB")
HALVES = ("high", "low", "whole")


def _names(frame: pl.LazyFrame) -> list[str]:
    return frame.collect_schema().names()


def _with_optional(frame: pl.LazyFrame, columns: Mapping[str, pl.DataType]) -> pl.LazyFrame:
    """``frame`` with each optional column added as nulls when the dataset predates it."""
    present = set(_names(frame))
    missing = [pl.lit(None, dtype).alias(c) for c, dtype in columns.items() if c not in present]
    return frame.with_columns(missing) if missing else frame


def selected_hands(tables: Tables, filters: StatsFilter, aliases: Aliases | None) -> pl.DataFrame:
    """Hands the filters keep, numbered ``_h`` = 0.., with the columns statistics read."""
    hands = _with_optional(tables["hands"], {"rake_derived": pl.Int64()})
    flop = (pl.col("board").list.first().list.len() >= 3).fill_null(False)
    rake = pl.coalesce("rake_derived", "rake_reported", pl.lit(0, pl.Int64))
    hands = with_stakes(hands.filter(hand_predicate(filters))).select(
        *HAND_COLUMNS, flop.alias("flop_dealt"), rake.alias("rake")
    )
    if filters.players:
        # Only hands where a wanted player sat: a player filter need not read the rest.
        seated = apply_aliases(
            tables["players"]
            .select("hand_key", "player")
            .with_columns(pl.col("hand_key").str.split(":").list.first().alias("site")),
            aliases,
        )
        wanted = seated.filter(
            names_match(pl.col("player"), filters.players)
            | names_match(pl.col("name"), filters.players)
        ).select("hand_key")
        hands = hands.join(wanted.unique(), on="hand_key", how="semi")
    return hands.collect().with_row_index(HAND).with_columns(pl.col(HAND).cast(pl.Int64))


def _gather(rows: pl.DataFrame, hands: pl.DataFrame, columns: tuple[str, ...]) -> pl.DataFrame:
    """Hand columns copied onto each row by its ``_h`` (a gather, not a join)."""
    return rows.with_columns(pl.lit(hands[c]).gather(pl.col(HAND)).alias(c) for c in columns)


def _positions(rows: pl.DataFrame) -> pl.Series:
    """Position label of each row, from the clockwise order after the button of those dealt in.

    i = 0 is the first seat after the button (SB), 1 the BB, n−1 the button,
    n−2 the cut-off, n−3 the hijack, 2 under the gun, MP between. Heads-up the
    button (who posts the small blind) is BTN and the other BB. Rows are in
    seat order within each hand (as seat lines are printed) or sorted so.
    """
    first, last = starts(HAND), ends(HAND)
    idx = pl.int_range(pl.len(), dtype=pl.Int64)
    in_seat_order = rows.select((first | (pl.col("seat") > pl.col("seat").shift(1))).all()).item()
    frame = rows.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("_i"), HAND, "seat", "button_seat"
    )
    if not in_seat_order:
        frame = frame.sort(HAND, "seat")
    # In seat order, the seats after the button come first clockwise, then the rest.
    after = (pl.col("seat") > pl.col("button_seat")).fill_null(False)
    at_or_before = run_total((~after).cast(pl.Int64), first, last)
    n = run_total(pl.repeat(1, pl.len(), dtype=pl.Int64), first, last)
    within = idx - pl.when(first).then(idx).forward_fill()
    i = pl.when(after).then(within - at_or_before).otherwise(within + n - at_or_before)
    # Materialised once: the label reads them many times.
    frame = frame.with_columns(n.alias("_n")).with_columns(i.alias("_pos_i"))
    i, n = pl.col("_pos_i"), pl.col("_n")
    label = (
        pl.when(pl.col("button_seat").is_null())
        .then(None)
        .when(n == 2)
        .then(pl.when(i == 1).then(pl.lit("BTN")).otherwise(pl.lit("BB")))
        .when(i == 0)
        .then(pl.lit("SB"))
        .when(i == 1)
        .then(pl.lit("BB"))
        .when(i == n - 1)
        .then(pl.lit("BTN"))
        .when(i == n - 2)
        .then(pl.lit("CO"))
        .when(i == n - 3)
        .then(pl.lit("HJ"))
        .when(i == 2)
        .then(pl.lit("UTG"))
        .otherwise(pl.lit("MP"))
    )
    placed = frame.select("_i", label.alias("position"))
    if in_seat_order:
        return placed["position"]
    out = pl.Series("position", [None] * rows.height, dtype=pl.String)
    return out.scatter(placed["_i"], placed["position"])


def _rake_paid(rows: pl.DataFrame) -> pl.Series:
    """Each row's share of its hand's rake: rake_attribution's weighted attribution.

    Weights are the chips each put in (never below 0); a hand where nobody put
    anything in splits equally. Leftover units go by largest remainder, then
    clockwise from the first seat after the button (``rake_attribution.allocate``).
    """
    order = (
        pl.when(pl.col("button_seat").is_null())
        .then(pl.col("seat"))
        .otherwise((pl.col("seat") - pl.col("button_seat") - 1 + 1000) % 1000)
        .cast(pl.Int64)
        .clip(0, 1023)
    )
    weight = pl.col("invested").clip(lower_bound=0).fill_null(0)
    total = run_total(weight, starts(HAND), ends(HAND))
    frame = rows.select(
        pl.int_range(pl.len(), dtype=pl.Int64).alias("_i"),
        HAND,
        "rake",
        order.alias("order"),
        pl.when(total > 0).then(weight).otherwise(pl.lit(1, pl.Int64)).alias("weight"),
    ).filter(pl.col("rake") > 0)  # only raked hands need splitting
    shares = allocate(frame, "rake")
    out = pl.zeros(rows.height, pl.Int64, eager=True).alias("rake_paid")
    return out.scatter(frame["_i"], shares) if frame.height else out


def player_hands(
    tables: Tables,
    filters: StatsFilter = NO_FILTER,
    aliases: Aliases | None = None,
    *,
    hole_cards: bool = False,
    columns: Sequence[str] = (),
) -> pl.LazyFrame:
    """One row per (hand, player dealt in) of the hands ``filters`` keep (see the module doc).

    The player filters (names, positions) apply to the rows; the hand filters
    to the hands. ``player`` is the person after ``aliases``; ``name`` the name
    as printed. ``hole_cards`` adds ``hole_cards`` (for starting-hand categories);
    ``columns`` names further ``hands`` columns to carry (``variant``, ``stakes``...).
    """
    positions = check_positions(filters.positions)
    hands = selected_hands(tables, filters, aliases)
    players_lf = _with_optional(tables["players"], {"invested": pl.Int64(), "won": pl.Int64()})
    extra = ("hole_cards",) if hole_cards else ()
    players = players_lf.select(*PLAYER_COLUMNS, "invested", "won", *extra).collect()
    actions = (
        tables["actions"].select("hand_key", "seq", "street", "seat", "kind", "amount").collect()
    )
    index = HandIndex(hands)
    players = with_hand_ids(players, index).filter(pl.col("dealt_in").fill_null(False))
    actions = with_hand_ids(actions, index, order="seq")
    rows = players.with_columns((pl.col(HAND) * SEATS + pl.col("seat")).alias("_k"))
    facts = action_facts(actions).collect()
    rows = rows.join(facts, on="_k", how="left", maintain_order="left")
    rows = rows.with_columns(unpack_facts()).drop("_bits", "_counts")
    carried = [c for c in HAND_COLUMNS[1:] if c in ALWAYS or c in columns]
    rows = _gather(rows, hands, (*carried, "flop_dealt", "rake"))
    rows = _money(rows)
    rows = rows.with_columns(_rake_paid(rows))
    rows = rows.with_columns(_positions(rows))
    rows = _showdown(rows)
    rows = _hilo(rows, _awards(tables, index, hands["hi_lo"]))
    rows = _allin_ev(rows, _allin(tables, index))
    rows = _combined_flags(rows)
    out = apply_aliases(rows.lazy(), aliases)
    if filters.players:
        out = out.filter(
            names_match(pl.col("player"), filters.players)
            | names_match(pl.col("name"), filters.players)
        )
    if positions:
        out = out.filter(pl.col("position").is_in(list(positions)))
    return out


NET_BB_PARTS = 1_000_000_000
"""``net_bb_parts``: the fraction of a big blind below ``net_bb_whole``, in billionths."""


def _money(rows: pl.DataFrame) -> pl.DataFrame:
    """``invested``, ``received``, ``net_won``, ``net_bb`` (see the module doc)."""
    first, last = starts(HAND), ends(HAND)
    missing = (pl.col("invested").is_null() | pl.col("won").is_null()).cast(pl.Int32)
    rows = rows.with_columns((run_total(missing, first, last) == 0).alias("_derived"))
    derived = pl.col("_derived")
    from_text = pl.col("put_in") - pl.col("uncalled_reported").fill_null(0)
    invested = pl.when(derived).then(pl.col("invested")).otherwise(from_text)
    won = pl.when(derived).then(pl.col("won")).otherwise(pl.col("collected_reported").fill_null(0))
    cashed = pl.col("cashout_reported")  # already net of its fee: what the player was paid
    received = pl.when(cashed.is_not_null()).then(cashed).otherwise(won)
    rows = rows.with_columns(
        invested.alias("invested"),
        received.alias("received"),
        cashed.is_not_null().alias("cashed_out"),
    ).drop("_derived")
    net = pl.col("received") - pl.col("invested")
    big_blind = pl.coalesce("big_blind", "small_bet")
    has_bb = big_blind > 0  # a tournament export printing no stakes has none: no figure
    # net_bb exactly, for sums that do not depend on the order of their terms (players.py):
    # whole big blinds (floor) and the rest in billionths of one, both integers.
    whole = pl.col("net_won") // big_blind
    rest = pl.col("net_won") - whole * big_blind
    return rows.with_columns(net.alias("net_won")).with_columns(
        pl.when(has_bb).then(pl.col("net_won") / big_blind).alias("net_bb"),
        pl.when(has_bb).then(whole).alias("net_bb_whole"),
        pl.when(has_bb)
        .then((rest * NET_BB_PARTS + big_blind // 2) // big_blind)
        .alias("net_bb_parts"),
    )


def _showdown(rows: pl.DataFrame) -> pl.DataFrame:
    """Flop seen, showdown reached (two or more players never folded), money won."""
    live = ~pl.col("folded")
    in_showdown = run_total(live, starts(HAND), ends(HAND)) >= 2
    flop = pl.col("flop_dealt")
    return rows.with_columns(
        (flop & ~pl.col("folded_preflop")).alias("saw_flop"),
        (live & flop & in_showdown).alias("showdown"),
        (pl.col("received") > 0).alias("won_money"),
    )


_GOT = {h: 1 << i for i, h in enumerate(HALVES)}  # bits 0..2: halves this seat won
_WINNERS = 8  # bits 3.. : winners of each half, 4 bits each (high, low, whole)


def _awards(tables: Tables, index: HandIndex, hi_lo: pl.Series) -> pl.DataFrame | None:
    """(_k, _aw): halves of the main pot (first board) each seat won and winners per half, packed.

    Bits 0-2 say which halves (high, low, whole) the seat won; from bit 3, four
    bits per half count its winners in the hand. Only Hi/Lo hands are read.
    """
    awards = tables.get("awards")
    if awards is None:
        return None
    won = (
        awards.filter(
            (pl.col("run") == 0) & (pl.col("pot_index") == 0) & (pl.col("amount_derived") > 0)
        )
        .select("hand_key", "seat", "half")
        .collect()
    )
    won = with_hand_ids(won, index)
    won = won.filter(pl.lit(hi_lo.fill_null(False)).gather(pl.col(HAND)))
    won = won.with_columns(
        (pl.col(HAND) * SEATS + pl.col("seat")).alias("_k"),
        pl.col("half").replace_strict(_GOT, default=0, return_dtype=pl.Int64).alias("_got"),
    )
    per_hand = won.group_by(HAND).agg(
        pl.sum_horizontal(
            [
                (pl.col("half") == h).sum().cast(pl.Int64).clip(upper_bound=15)
                * (1 << (_WINNERS + 4 * i))
                for i, h in enumerate(HALVES)
            ]
        ).alias("_n")
    )
    per_seat = won.group_by("_k", HAND).agg(pl.col("_got").bitwise_or())
    return per_seat.join(per_hand, on=HAND).select(
        "_k", (pl.col("_got") + pl.col("_n")).alias("_aw")
    )


def _hilo(rows: pl.DataFrame, awards: pl.DataFrame | None) -> pl.DataFrame:
    """Scoop, quartered, low only: shares of the main pot of Hi/Lo hands at showdown."""
    if awards is None or awards.height == 0:
        return rows.with_columns(
            *[pl.lit(False).alias(c) for c in ("hilo_showdown", "scoop", "quartered", "low_only")]
        )
    rows = rows.join(awards, on="_k", how="left", maintain_order="left")
    # Winner counts are on the winners' rows only: spread them over the hand.
    packed = pl.col("_aw")
    counts = (packed // (1 << _WINNERS)).fill_null(0)
    rows = rows.with_columns(
        run_total(counts, starts(HAND), ends(HAND)).alias("_hand_n"),
        run_total((packed.is_not_null()).cast(pl.Int64), starts(HAND), ends(HAND)).alias("_rows"),
    )
    # Every winner row carries the same counts: the hand total divided by its winner rows.
    hand_n = pl.when(pl.col("_rows") > 0).then(pl.col("_hand_n") // pl.col("_rows")).otherwise(0)
    rows = rows.with_columns(hand_n.alias("_hand_n"))
    got = {h: ((packed.fill_null(0) & bit) != 0) for h, bit in _GOT.items()}
    n = {h: (pl.col("_hand_n") // (1 << (4 * i))) % 16 for i, h in enumerate(HALVES)}
    hilo = pl.col("hi_lo").fill_null(False) & pl.col("showdown") & (pl.col("_rows") > 0)
    scoop = (got["whole"] & (n["whole"] == 1)) | (
        got["high"] & got["low"] & (n["high"] == 1) & (n["low"] == 1)
    )
    shared_half = (got["high"] & (n["high"] >= 2)) | (got["low"] & (n["low"] >= 2))
    return rows.with_columns(
        hilo.alias("hilo_showdown"),
        (hilo & scoop).alias("scoop"),
        (hilo & (got["high"] ^ got["low"]) & ~got["whole"] & shared_half).alias("quartered"),
        (hilo & got["low"] & ~got["high"] & ~got["whole"]).alias("low_only"),
    ).drop("_aw", "_hand_n", "_rows")


def _allin(tables: Tables, index: HandIndex) -> pl.DataFrame | None:
    allin = tables.get("allin")
    if allin is None:
        return None
    frame = with_hand_ids(allin.select("hand_key", "seat", "ev_won").collect(), index)
    return frame.select((pl.col(HAND) * SEATS + pl.col("seat")).alias("_k"), "ev_won")


def _allin_ev(rows: pl.DataFrame, allin: pl.DataFrame | None) -> pl.DataFrame:
    """All-in EV: the expected net of all-in hands (``ev_won`` − invested), else the net won."""
    if allin is None:
        rows = rows.with_columns(pl.lit(None, pl.Int64).alias("ev_won"))
    else:
        rows = rows.join(allin, on="_k", how="left", maintain_order="left")
    in_allin = pl.col("ev_won").is_not_null()
    ev_net = pl.col("ev_won") - pl.col("invested")
    return rows.with_columns(
        in_allin.alias("allin"),
        pl.when(in_allin).then(ev_net).otherwise(pl.col("net_won")).alias("net_won_ev"),
    )


def _combined_flags(rows: pl.DataFrame) -> pl.DataFrame:
    """Flags that need the position or another flag: steals, fold to 3-bet, showdown money."""
    pos = pl.col("position")
    steal = pl.col("first_in_raise") & pos.is_in(STEAL_POSITIONS).fill_null(False)
    rows = rows.with_columns(
        (pl.col("first_in") & pos.is_in(STEAL_POSITIONS).fill_null(False)).alias("steal_opp"),
        steal.alias("steal"),
    )
    hand_steal = run_total(pl.col("steal"), starts(HAND), ends(HAND)) > 0
    fold_steal_opp = (
        pos.is_in(BLINDS).fill_null(False) & pl.col("faced_open") & hand_steal & ~pl.col("steal")
    )
    showdown, net = pl.col("showdown"), pl.col("net_won")
    return rows.with_columns(
        fold_steal_opp.alias("fold_steal_opp"),
        (fold_steal_opp & pl.col("folded_to_open")).alias("fold_steal"),
        (pl.col("opened") & pl.col("faced_three_bet")).alias("fold_three_bet_opp"),
        (pl.col("opened") & pl.col("folded_to_three_bet")).alias("fold_three_bet"),
        (showdown & pl.col("won_money")).alias("won_at_showdown"),
        (pl.col("saw_flop") & pl.col("won_money")).alias("won_when_saw_flop"),
        pl.when(showdown).then(net).otherwise(0).alias("net_showdown"),
        pl.when(showdown).then(0).otherwise(net).alias("net_no_showdown"),
        pl.when(pl.col("allin")).then(net).otherwise(0).alias("allin_net"),
        pl.when(pl.col("allin")).then(pl.col("net_won_ev")).otherwise(0).alias("allin_ev_net"),
        (pl.col("post_aggressive") + pl.col("post_calls") + pl.col("post_folds")).alias(
            "post_actions"
        ),
    )
