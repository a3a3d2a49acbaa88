"""Schedule inference: the rake schedule that best explains the reported rake.

``--schedule infer`` learns, from the cash hands with a flop, one percentage
(basis points), the increment the pot is counted in, the two roundings, and
caps by stakes and players dealt in; then whether hands ended before the
flop are raked (R-RAKE-5) and whether small pots are exempt (R-RAKE-4).

How (all vectorised, no loop per hand):

1. Every candidate (percentage 0 %–15 % in 0.05 % steps × increment ×
   roundings) is scored by how many raked hands it matches exactly
   *uncapped*, on a sample of distinct (pot, rake) pairs. (Unraked hands are
   left to steps 4 and 5: they may be a minimum pot.)
2. The best candidates are scored again on every hand, now with caps: in each
   (currency, structure, stakes, players) group the most common rake among
   hands that paid less than the percentage is that group's cap — if it is
   plausible: a round amount (a multiple of ``cap_step`` = 5, or of a big
   blind of at least that) seen twice, or once where the pot would have paid
   at least 25 % more. Without that test a hand raked at a lower percentage
   would pass for a cap of its own.
   A hand is explained when its rake equals ``min(percentage, cap)``.
3. The most hands explained wins; ties go to the simplest schedule (rounder
   percentage, rounding down, smaller increment).
4. No flop, no drop (R-RAKE-5) when every hand ended before the flop went
   unraked though the percentage would have taken something.
5. A minimum pot (R-RAKE-4) when at least two unraked pots with a flop lie
   below the smallest raked pot: the roundest amount between the two.

Hands it does not explain are listed with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt
import polars as pl

from omahahh.errors import OmahahhError
from omahahh.rake.expr import expected_exprs
from omahahh.rake.schedule import Schedule, Tier
from omahahh.rules.rake import BASIS_POINTS, PlayerCap, RakeRule, Rounding

I64 = npt.NDArray[np.int64]

PERCENT_GRID = tuple(range(0, 1505, 5))  # basis points
INCREMENTS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
ROUNDINGS = (Rounding.DOWN, Rounding.NEAREST, Rounding.UP)
BIG_BET = ("pot_limit", "no_limit")
STAGE1_SAMPLE = 4000
STAGE2_CANDIDATES = 40


@dataclass(frozen=True, slots=True)
class Candidate:
    percent_bp: int
    increment: int
    rounding: Rounding
    fraction_rounding: Rounding

    def simplicity(self) -> tuple[int, int, int, int]:
        """Smaller is simpler: round percentages, rounding down, small increments."""
        bp = self.percent_bp
        roundness = next(i for i, m in enumerate((100, 50, 25, 10, 5, 1)) if bp % m == 0)
        return (
            roundness,
            ROUNDINGS.index(self.fraction_rounding),
            ROUNDINGS.index(self.rounding),
            self.increment,
        )


@dataclass(slots=True)
class Inference:
    """What inference found: the schedule, and the hands it does not explain."""

    schedule: Schedule
    hands_used: int
    hands_explained: int
    unexplained: pl.DataFrame  # hand_key, ..., rake_reported, rake_expected, reason
    excluded: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _round_div(num: I64, den: int, rounding: Rounding) -> I64:
    if rounding is Rounding.DOWN:
        return num // den
    if rounding is Rounding.UP:
        return -((-num) // den)
    return (2 * num + den) // (2 * den)


def _candidates() -> Iterator[tuple[int, Rounding, Rounding]]:
    for inc in INCREMENTS:
        for rounding in ROUNDINGS if inc > 1 else (Rounding.DOWN,):
            for fraction in ROUNDINGS:
                yield inc, rounding, fraction


def _stage1(pot: I64, rake: I64, weight: I64) -> list[Candidate]:
    """Candidates ranked by exact uncapped matches (then simplicity)."""
    bps = np.array(PERCENT_GRID, dtype=np.int64)[:, None]
    scored: list[tuple[int, Candidate]] = []
    for inc, rounding, fraction in _candidates():
        counted = _round_div(pot, inc, rounding) * inc
        rakes = _round_div(counted[None, :] * bps, BASIS_POINTS, fraction)
        hits = ((rakes == rake[None, :]) * weight[None, :]).sum(axis=1)
        for bp, h in zip(PERCENT_GRID, hits.tolist(), strict=True):
            scored.append((h, Candidate(bp, inc, rounding, fraction)))
    scored.sort(key=lambda s: (-s[0], s[1].simplicity()))
    return [c for _, c in scored[:STAGE2_CANDIDATES]]


def _uncapped(c: Candidate, pot: I64) -> I64:
    counted = _round_div(pot, c.increment, c.rounding) * c.increment
    return _round_div(counted * c.percent_bp, BASIS_POINTS, c.fraction_rounding)


GROUP = ["currency", "big_bet", "stakes_amount", "players_dealt"]


def _fit_caps(frame: pl.DataFrame, cap_step: int) -> pl.DataFrame:
    """Per group: the cap (or null), from rows with columns pot, rake, n, u."""
    below = frame.filter(pl.col("rake") < pl.col("u"))
    modes = (
        below.group_by([*GROUP, "rake"])
        .agg(pl.col("n").sum().alias("seen"), pl.col("u").max().alias("u_max"))
        .sort(["seen", "rake"], descending=True)
        .group_by(GROUP, maintain_order=True)
        .first()
    )
    bb = pl.col("stakes_amount")
    round_amount = (pl.col("rake") % cap_step == 0) | (
        (bb >= cap_step) & (pl.col("rake") % bb == 0)
    )
    plausible = round_amount & ((pl.col("seen") >= 2) | (pl.col("u_max") * 4 >= pl.col("rake") * 5))
    return modes.filter(plausible).select(*GROUP, pl.col("rake").alias("cap"))


def _explained(frame: pl.DataFrame, caps: pl.DataFrame) -> pl.DataFrame:
    joined = frame.join(caps, on=GROUP, how="left")
    expected = pl.min_horizontal("u", "cap")  # null cap = no cap
    return joined.with_columns(expected.alias("expected"))


def _learning_rows(inputs: pl.DataFrame) -> pl.DataFrame:
    return (
        inputs.filter(
            (pl.col("game_type") == "cash")
            & ~pl.col("cancelled").fill_null(False)
            & pl.col("rake_reported").is_not_null()
            & pl.col("pot").is_not_null()
            & (pl.col("pot") > 0)
        )
        .with_columns(pl.col("structure").is_in(BIG_BET).alias("big_bet"))
        .rename({"rake_reported": "rake"})
    )


def _choose(rows: pl.DataFrame, cap_step: int, seed: int) -> tuple[Candidate, pl.DataFrame]:
    # Raked hands decide the percentage; unraked ones may be a minimum pot (R-RAKE-4).
    flop = rows.filter(pl.col("flop_dealt"))
    if flop.filter(pl.col("rake") > 0).height:
        flop = flop.filter(pl.col("rake") > 0)
    grouped = flop.group_by([*GROUP, "pot", "rake"]).agg(pl.len().cast(pl.Int64).alias("n"))
    pairs = grouped.group_by("pot", "rake").agg(pl.col("n").sum())
    if pairs.height > STAGE1_SAMPLE:
        pairs = pairs.sample(STAGE1_SAMPLE, seed=seed)
    shortlist = _stage1(
        pairs["pot"].to_numpy().astype(np.int64),
        pairs["rake"].to_numpy().astype(np.int64),
        pairs["n"].to_numpy().astype(np.int64),
    )
    pot = grouped["pot"].to_numpy().astype(np.int64)
    best: tuple[int, tuple[int, int, int, int], Candidate, pl.DataFrame] | None = None
    for cand in shortlist:
        frame = grouped.with_columns(pl.Series("u", _uncapped(cand, pot)))
        caps = _fit_caps(frame, cap_step)
        fit = _explained(frame, caps)
        score = int(fit.filter(pl.col("expected") == pl.col("rake"))["n"].sum())
        key = (-score, cand.simplicity())
        if best is None or key < (best[0], best[1]):
            best = (-score, cand.simplicity(), cand, caps)
    assert best is not None
    return best[2], best[3]


def _ranges(caps: dict[int, int], lower: dict[int, int]) -> tuple[PlayerCap, ...]:
    """Caps by player count merged into ranges; a gap joins two equal caps it fits."""
    out: list[PlayerCap] = []
    for p in sorted(caps):
        cap = caps[p]
        if out and out[-1].cap == cap:
            gap = range(out[-1].max_players + 1, p)
            if all(q not in caps and lower.get(q, 0) <= cap for q in gap):
                out[-1] = PlayerCap(out[-1].min_players, p, cap)
                continue
        out.append(PlayerCap(p, p, cap))
    return tuple(out)


def _stakes_between(
    seen: pl.DataFrame, currency: str, big_bet: bool, lo: int | None, hi: int
) -> bool:
    """Were hands seen at stakes strictly between ``lo`` and ``hi`` (same currency, kind)?"""
    mask = (
        (pl.col("currency") == currency)
        & (pl.col("big_bet") == big_bet)
        & (pl.col("stakes_amount") > (lo or 0))
        & (pl.col("stakes_amount") < hi)
    )
    return seen.filter(mask).height > 0


def _label(t: Tier) -> str:
    kind = "pot/no limit" if t.structures == BIG_BET else "fixed limit"
    lo, hi = t.min_big_blind, t.max_big_blind
    stakes = f"big blind {lo}" if lo == hi else f"big blinds {lo} to {hi}"
    return f"{t.currencies[0]} {kind}, {stakes}"


def _build(
    cand: Candidate, caps: pl.DataFrame, rows: pl.DataFrame, nfnd: bool, min_pot: int
) -> Schedule:
    base = RakeRule(
        rule_id="R-RAKE-3",
        percent_bp=cand.percent_bp,
        increment=cand.increment,
        rounding=cand.rounding,
        fraction_rounding=cand.fraction_rounding,
        min_pot=min_pot,
        no_flop_no_drop=nfnd,
    )
    lower = rows.group_by(GROUP).agg(pl.col("rake").max().alias("lb"))
    seen = rows.select("currency", "big_bet", "stakes_amount").unique()
    tiers: list[Tier] = []
    keys = caps.select("currency", "big_bet", "stakes_amount").unique().sort(pl.all())
    for currency, big_bet, stakes in keys.iter_rows():
        sel = (
            (pl.col("currency") == currency)
            & (pl.col("big_bet") == big_bet)
            & (pl.col("stakes_amount") == stakes)
        )
        by_players = dict(caps.filter(sel).select("players_dealt", "cap").iter_rows())
        lb = dict(lower.filter(sel).select("players_dealt", "lb").iter_rows())
        tier = Tier(
            structures=BIG_BET if big_bet else ("fixed_limit",),
            currencies=(currency,),
            min_big_blind=stakes,
            max_big_blind=stakes,
            rule=replace(base, caps=_ranges(by_players, lb)),
        )
        prev = tiers[-1] if tiers else None
        if (
            prev is not None
            and (prev.currencies, prev.structures, prev.rule)
            == (tier.currencies, tier.structures, tier.rule)
            and not _stakes_between(seen, currency, big_bet, prev.max_big_blind, stakes)
        ):  # neighbouring stakes with the same caps share one tier
            tier = replace(tiers.pop(), max_big_blind=stakes)
        tiers.append(tier)
    tiers = [replace(t, label=_label(t)) for t in tiers]
    tiers.append(Tier(label="every other cash game (no cap seen)", rule=base))
    # Tournament fees are in the buy-in: nothing is taken from the pot.
    tiers.append(
        Tier(
            label="tournaments",
            game_types=("tournament",),
            rule=RakeRule(rule_id="R-RAKE-1", percent_bp=0),
        )
    )
    return Schedule(
        name="inferred",
        description=(
            f"inferred from {rows.height} cash hands: {cand.percent_bp / 100:.2f} % of the pot"
            + (
                f" counted in steps of {cand.increment} (a part step: {cand.rounding.value})"
                if cand.increment > 1
                else ""
            )
            + f", fractions {cand.fraction_rounding.value}; caps by stakes and players"
        ),
        tiers=tuple(tiers),
        source="<inferred>",
    )


class RakeInferenceError(OmahahhError):
    """Nothing to learn from (no cash hand with a flop and a reported rake)."""


def _evaluate(schedule: Schedule, rows: pl.DataFrame) -> pl.DataFrame:
    expected, rule = expected_exprs(schedule)
    return rows.with_columns(expected, rule)


def _round_in(lo: int, hi: int) -> int:
    """The roundest whole number in ``(lo, hi]`` (most trailing zeros)."""
    for m in (1_000_000, 100_000, 10_000, 1_000, 500, 100, 50, 10, 5, 1):
        v = (lo // m + 1) * m
        if v <= hi:
            return v
    return hi  # pragma: no cover - m = 1 always fits


def _min_pot(evaluated: pl.DataFrame) -> int:
    """R-RAKE-4: a minimum pot, when unraked small pots explain at least two more hands."""
    raked = evaluated.filter(pl.col("rake") > 0)
    if raked.is_empty():
        return 0
    smallest_raked = int(raked["pot"].min())  # type: ignore[arg-type]
    zero = evaluated.filter(
        (pl.col("rake") == 0)
        & (pl.col("rake_expected") > 0)
        & (pl.col("pot") < smallest_raked)
        & pl.col("flop_dealt")
    )
    if zero.height < 2:
        return 0
    return _round_in(int(zero["pot"].max()), smallest_raked)  # type: ignore[arg-type]


def _pct(amount: pl.Expr) -> pl.Expr:
    """``amount`` of the pot as a percentage with two decimals, e.g. ``4.26%``."""
    bp = amount * BASIS_POINTS // pl.col("pot")
    return pl.format("{}.{}%", bp // 100, (bp % 100).cast(pl.String).str.zfill(2))


def _reasons(evaluated: pl.DataFrame, nfnd: bool) -> pl.DataFrame:
    r, e = pl.col("rake"), pl.col("rake_expected")
    reason = (
        pl.when(e.is_null())
        .then(pl.lit("no tier of the inferred schedule covers it"))
        .when((r == 0) & ~pl.col("flop_dealt") & pl.lit(not nfnd))
        .then(pl.lit("ended before the flop and not raked, while other such hands were"))
        .when(r == 0)
        .then(pl.format("not raked; the schedule takes {} from this pot", e))
        .when(r > e)
        .then(pl.format("more than the schedule: {} is {} of the pot; expected {}", r, _pct(r), e))
        .otherwise(
            pl.format(
                "less than the schedule: {} is {} of the pot; expected {} (no cap explains it)",
                r,
                _pct(r),
                e,
            )
        )
    )
    return (
        evaluated.filter(e.is_null() | (r != e))
        .with_columns(reason.alias("reason"))
        .select(
            "hand_key",
            "currency",
            "stakes",
            "structure",
            "players_dealt",
            "flop_dealt",
            "pot",
            pl.col("rake").alias("rake_reported"),
            "rake_expected",
            "reason",
        )
        .sort("hand_key")
    )


def infer_schedule(inputs: pl.DataFrame, *, cap_step: int = 5, seed: int = 0) -> Inference:
    """The schedule that explains the most hands of ``inputs`` (rows of ``hand_inputs``)."""
    excluded = {
        "tournament": inputs.filter(pl.col("game_type") != "cash").height,
        "cancelled": inputs.filter(
            (pl.col("game_type") == "cash") & pl.col("cancelled").fill_null(False)
        ).height,
        "no rake reported": inputs.filter(
            (pl.col("game_type") == "cash")
            & ~pl.col("cancelled").fill_null(False)
            & pl.col("rake_reported").is_null()
        ).height,
    }
    rows = _learning_rows(inputs)
    if rows.filter(pl.col("flop_dealt")).is_empty():
        raise RakeInferenceError(
            "cannot infer a schedule: no cash hand with a flop and a reported rake"
        )
    cand, caps = _choose(rows, cap_step, seed)
    no_flop = rows.filter(~pl.col("flop_dealt"))
    u = _uncapped(cand, no_flop["pot"].to_numpy().astype(np.int64))
    nfnd = bool(no_flop.height and (no_flop["rake"] == 0).all() and (u > 0).any())
    schedule = _build(cand, caps, rows, nfnd, 0)
    evaluated = _evaluate(schedule, rows)
    min_pot = _min_pot(evaluated)
    if min_pot:
        schedule = _build(cand, caps, rows, nfnd, min_pot)
        evaluated = _evaluate(schedule, rows)
    unexplained = _reasons(evaluated, nfnd)
    notes = [
        f"no flop, no drop (R-RAKE-5): {'yes' if nfnd else 'no'} "
        f"({no_flop.height} cash hands ended before the flop)",
        f"minimum pot (R-RAKE-4): {min_pot or 'none'}",
    ]
    return Inference(
        schedule=schedule,
        hands_used=rows.height,
        hands_explained=rows.height - unexplained.height,
        unexplained=unexplained,
        excluded={k: v for k, v in excluded.items() if v},
        notes=notes,
    )


def inference_toml(result: Inference, *, limit: int = 100) -> str:
    """The inferred schedule as TOML, the unexplained hands listed as comments at the end."""
    from omahahh.rake.toml import dump_schedule

    header = [
        "Rake schedule inferred by omahahh (`omahahh rake --schedule infer`).",
        f"Cash hands used: {result.hands_used}; explained: {result.hands_explained}; "
        f"not explained: {result.unexplained.height}.",
        *result.notes,
        *(f"not used: {n} {what} hands" for what, n in result.excluded.items()),
        "Amounts in minor units (cents); percent_bp in basis points (450 = 4.5 %).",
    ]
    footer = [f"Hands not explained ({result.unexplained.height}):"]
    for row in result.unexplained.head(limit).iter_rows(named=True):
        footer.append(
            f"  {row['hand_key']} {row['stakes']} players={row['players_dealt']} "
            f"pot={row['pot']} rake={row['rake_reported']}: {row['reason']}"
        )
    if result.unexplained.height > limit:
        footer.append(f"  ... and {result.unexplained.height - limit} more")
    return dump_schedule(result.schedule, header=header, footer=footer)
