"""What each player did in each hand, from ``actions``: the flags behind the betting statistics.

Every action is reduced to a small *state*: its street and kind, how many
raises and voluntary actions came before it pre-flop, how many bets before it
on its street, whether its player made the last pre-flop raise, and whether
the flop (turn) continuation bet has been made. Each flag of :data:`FLAGS`
is a plain predicate of that state (read them below: they are the
definitions of docs/STATS.md). The predicates are evaluated once per
possible state into a lookup table, so the whole ``actions`` table is
classified with one gather, then grouped by (hand, seat). No Python code
runs per hand or per action.

Vocabulary: a *decision* is any action but a post; a *raise* is a bet or a
raise (pre-flop the big blind is the first bet, so the first raise is the
2-bet or open, the next the 3-bet); *voluntary* is a call, bet or raise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

import polars as pl

from omahahh.model import POST_KINDS, ActionKind
from omahahh.stats.frames import HAND, count_before, starts

STREET_CODE = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
# Action kinds as small integers; posts, then every other kind (a disconnect
# protection is no decision of the player), after the decisions.
FOLD, CHECK, CALL, BET, RAISE = range(5)
KIND_CODE = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": RAISE}
KIND_CODE |= {k.value: RAISE + 1 + i for i, k in enumerate(sorted(POST_KINDS))}
KIND_CODE |= {
    k.value: len(KIND_CODE) + i
    for i, k in enumerate(sorted(k for k in ActionKind if k.value not in KIND_CODE))
}
SEATS = 1024  # _k = _h * SEATS + seat: one integer per (hand, seat)
FIELD = 12  # bits per packed count (a player makes far fewer than 4,096 actions in a hand)


@dataclass(frozen=True, slots=True)
class State:
    """What the flags of one action depend on (counts capped where no flag looks further)."""

    street: int  # 0 pre-flop .. 3 river
    kind: int  # KIND_CODE
    raises_before: int  # pre-flop bets/raises before this action (the BB not counted), max 3
    voluntary_before: int  # pre-flop calls/bets/raises before, max 2
    bets_before: int  # bets/raises before on this street, max 2
    is_aggressor: bool  # this player made the last pre-flop raise
    after_flop_cbet: bool  # the flop continuation bet was made before this action
    after_turn_cbet: bool  # the turn continuation bet was made before this action

    @property
    def preflop(self) -> bool:
        return self.street == 0

    @property
    def decision(self) -> bool:
        return self.kind <= RAISE

    @property
    def aggressive(self) -> bool:
        return self.kind in (BET, RAISE)

    @property
    def voluntary(self) -> bool:
        return self.kind in (CALL, BET, RAISE)

    @property
    def fold(self) -> bool:
        return self.kind == FOLD


def _facing_flop_cbet(s: State) -> bool:
    return (
        s.street == 1
        and s.decision
        and s.bets_before == 1
        and s.after_flop_cbet
        and (not s.is_aggressor)
    )


def _facing_turn_cbet(s: State) -> bool:
    return (
        s.street == 2
        and s.decision
        and s.bets_before == 1
        and s.after_turn_cbet
        and (not s.is_aggressor)
    )


# "At least once in the hand" flags: each a predicate of one action's state.
FLAG_RULES: dict[str, Callable[[State], bool]] = {
    "pf_decision": lambda s: s.preflop and s.decision,
    "vpip": lambda s: s.preflop and s.voluntary,
    "pfr": lambda s: s.preflop and s.aggressive,
    "three_bet_opp": lambda s: s.preflop and s.decision and s.raises_before == 1,
    "three_bet": lambda s: s.preflop and s.aggressive and s.raises_before == 1,
    "four_bet_opp": lambda s: s.preflop and s.decision and s.raises_before == 2,
    "four_bet": lambda s: s.preflop and s.aggressive and s.raises_before == 2,
    "opened": lambda s: s.preflop and s.aggressive and s.raises_before == 0,
    "faced_three_bet": lambda s: s.preflop and s.decision and s.raises_before == 2,
    "folded_to_three_bet": lambda s: s.preflop and s.fold and s.raises_before == 2,
    "first_in": lambda s: s.preflop and s.decision and s.voluntary_before == 0,
    "first_in_raise": lambda s: s.preflop and s.aggressive and s.voluntary_before == 0,
    "faced_open": lambda s: (
        s.preflop and s.decision and s.raises_before == 1 and s.voluntary_before == 1
    ),
    "folded_to_open": lambda s: (
        s.preflop and s.fold and s.raises_before == 1 and s.voluntary_before == 1
    ),
    "cbet_flop_opp": lambda s: (
        s.street == 1 and s.decision and s.bets_before == 0 and s.is_aggressor
    ),
    "cbet_flop": lambda s: s.street == 1 and s.aggressive and s.bets_before == 0 and s.is_aggressor,
    "fold_cbet_flop_opp": _facing_flop_cbet,
    "fold_cbet_flop": lambda s: _facing_flop_cbet(s) and s.fold,
    "cbet_turn_opp": lambda s: (
        s.street == 2 and s.decision and s.bets_before == 0 and s.is_aggressor and s.after_flop_cbet
    ),
    "cbet_turn": lambda s: (
        s.street == 2
        and s.aggressive
        and s.bets_before == 0
        and s.is_aggressor
        and s.after_flop_cbet
    ),
    "fold_cbet_turn_opp": _facing_turn_cbet,
    "fold_cbet_turn": lambda s: _facing_turn_cbet(s) and s.fold,
    "folded": lambda s: s.fold,
    "folded_preflop": lambda s: s.preflop and s.fold,
}
# Counted flags (summed over the hand): post-flop actions for the aggression factor.
COUNT_RULES: dict[str, Callable[[State], bool]] = {
    "post_aggressive": lambda s: not s.preflop and s.aggressive,
    "post_calls": lambda s: not s.preflop and s.kind == CALL,
    "post_folds": lambda s: not s.preflop and s.fold,
}
FLAGS = tuple(FLAG_RULES)
COUNTS = ("put_in", *COUNT_RULES, "check_raise_opp", "check_raise")

# The state space, in mixed radix: the code of a state is its index in _STATES.
_RADIX = (
    ("street", 4),
    ("kind", len(KIND_CODE)),
    ("raises_before", 4),
    ("voluntary_before", 3),
    ("bets_before", 3),
    ("is_aggressor", 2),
    ("after_flop_cbet", 2),
    ("after_turn_cbet", 2),
)


def _state_tables() -> tuple[list[int], list[int]]:
    """Flag bits and packed counts of every state, indexed by state code."""
    bits, counts = [], []
    for values in product(*(range(size) for _, size in _RADIX)):
        s = State(
            street=values[0],
            kind=values[1],
            raises_before=values[2],
            voluntary_before=values[3],
            bets_before=values[4],
            is_aggressor=bool(values[5]),
            after_flop_cbet=bool(values[6]),
            after_turn_cbet=bool(values[7]),
        )
        bits.append(sum(1 << i for i, rule in enumerate(FLAG_RULES.values()) if rule(s)))
        counts.append(
            sum(1 << (FIELD * i) for i, rule in enumerate(COUNT_RULES.values()) if rule(s))
        )
    return bits, counts


_BITS, _COUNTS = _state_tables()


def _state_code(columns: dict[str, pl.Expr]) -> pl.Expr:
    code: pl.Expr = pl.lit(0, pl.Int64)
    for name, size in _RADIX:
        code = code * size + columns[name].cast(pl.Int64)
    return code


def _codes(column: str, codes: dict[str, int]) -> pl.Expr:
    """A string column as its small integer codes (through an Enum: no per-row hashing)."""
    names = sorted(codes, key=codes.__getitem__)
    return pl.col(column).cast(pl.Enum(names)).to_physical().cast(pl.Int8)


def _check_raises(rows: pl.DataFrame) -> pl.Series:
    """Per action, packed counts: check-raise opportunity and check-raise.

    A player's second decision on a post-flop street, after checking, always
    faces a bet (the street would have ended otherwise): the opportunity,
    taken when it is a raise. Computed on the post-flop decisions sorted by
    (hand, seat, street, seq) and put back in place.
    """
    post = (
        rows.select(
            pl.int_range(pl.len(), dtype=pl.Int64).alias("_i"), "_k", "_street", "seq", "_kind"
        )
        .filter(pl.col("_street") > 0)
        .sort("_k", "_street", "seq")
    )
    key = [pl.col("_k"), pl.col("_street")]
    second = pl.all_horizontal([(k == k.shift(1)) for k in key]).fill_null(False)
    third = pl.all_horizontal([(k == k.shift(2)) for k in key]).fill_null(False)
    opp = second & ~third & (pl.col("_kind").shift(1) == CHECK).fill_null(False)
    base = len(COUNT_RULES) * FIELD
    packed = opp.cast(pl.Int64) * (1 << base) + (opp & (pl.col("_kind") == RAISE)).cast(
        pl.Int64
    ) * (1 << (base + FIELD))
    placed = post.select("_i", packed.alias("_xr"))
    out = pl.zeros(rows.height, pl.Int64, eager=True)
    return out.scatter(placed["_i"], placed["_xr"])


def action_facts(actions: pl.DataFrame) -> pl.LazyFrame:
    """One row per ``_k`` (hand and seat): ``_bits``, ``_counts``, ``put_in``.

    ``_bits`` and ``_counts`` hold the flags and counts packed; read them with
    :func:`unpack_facts` (joining three columns is cheaper than thirty).

    ``actions`` has ``_h`` (see :func:`omahahh.stats.frames.with_hand_ids`),
    ``seq``, ``street``, ``seat``, ``kind``, ``amount``, each hand's rows
    together and in ``seq`` order. Rows without a seat (a name on no seat
    line) are left out.
    """
    kind, street = pl.col("_kind"), pl.col("_street")
    rows = actions.filter(pl.col("seat").is_not_null()).select(
        HAND,
        "seq",
        "seat",
        "amount",
        (pl.col(HAND).cast(pl.Int64) * SEATS + pl.col("seat")).alias("_k"),
        _codes("street", STREET_CODE).alias("_street"),
        _codes("kind", KIND_CODE).alias("_kind"),
    )
    new_hand, new_street = starts(HAND), starts(HAND, "_street")
    pf = street == 0
    aggr = (kind == BET) | (kind == RAISE)
    vol = aggr | (kind == CALL)
    rows = rows.with_columns(
        count_before(pf & aggr, new_hand).clip(upper_bound=3).alias("_rb"),
        count_before(pf & vol, new_hand).clip(upper_bound=2).alias("_vb"),
        count_before(aggr, new_street).clip(upper_bound=2).alias("_sb"),
        # The last pre-flop raiser so far, carried to the later streets (-1: none yet).
        pl.when(pf & aggr)
        .then(pl.col("seat"))
        .when(new_hand)
        .then(pl.lit(-1))
        .otherwise(None)
        .forward_fill()
        .alias("_pfa"),
    )
    is_pfa = ~pf & (pl.col("seat") == pl.col("_pfa")).fill_null(False)
    rows = rows.with_columns(is_pfa.alias("_is_pfa"))
    sb, is_pfa = pl.col("_sb"), pl.col("_is_pfa")
    cbet_flop = (street == 1) & aggr & (sb == 0) & is_pfa
    rows = rows.with_columns((count_before(cbet_flop, new_hand) > 0).alias("_after_cbf"))
    cbet_turn = (street == 2) & aggr & (sb == 0) & is_pfa & pl.col("_after_cbf")
    rows = rows.with_columns((count_before(cbet_turn, new_hand) > 0).alias("_after_cbt"))
    code = _state_code(
        {
            "street": street,
            "kind": kind,
            "raises_before": pl.col("_rb"),
            "voluntary_before": pl.col("_vb"),
            "bets_before": sb,
            "is_aggressor": is_pfa,
            "after_flop_cbet": pl.col("_after_cbf"),
            "after_turn_cbet": pl.col("_after_cbt"),
        }
    )
    bits = pl.Series("_b", _BITS, dtype=pl.Int32)
    counts = pl.Series("_c", _COUNTS, dtype=pl.Int64)
    narrow = rows.select(
        "_k",
        "amount",
        pl.lit(bits).gather(code).alias("_bits"),
        (pl.lit(counts).gather(code) + _check_raises(rows)).alias("_counts"),
    )
    # Three integer columns grouped: several times faster than thirty flag columns.
    return (
        narrow.lazy()
        .group_by("_k")
        .agg(
            pl.col("_bits").bitwise_or(),
            pl.col("_counts").sum(),
            pl.col("amount").sum().alias("put_in"),
        )
    )


def unpack_facts() -> list[pl.Expr]:
    """The columns of :data:`FLAGS` and :data:`COUNTS` from a row of :func:`action_facts`.

    A player with no action (``_bits`` null, e.g. all-in by posting) has every
    flag False and every count 0.
    """
    bits = pl.col("_bits").fill_null(0)
    packed = pl.col("_counts").fill_null(0)
    counted = [*COUNT_RULES, "check_raise_opp", "check_raise"]
    return [
        pl.col("put_in").fill_null(0),
        *[((bits & (1 << i)) != 0).alias(n) for i, n in enumerate(FLAGS)],
        *[
            ((packed // (1 << (FIELD * i))) % (1 << FIELD)).cast(pl.Int32).alias(n)
            for i, n in enumerate(counted)
        ],
    ]
