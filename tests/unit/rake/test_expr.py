"""The polars twin of the rake rules gives exactly what the pure functions give."""

from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from omahahh.rake.builtin import builtin_schedule
from omahahh.rake.expr import expected_exprs
from omahahh.rake.schedule import Schedule, Tier
from omahahh.rules.rake import PlayerCap, RakeRule, Rounding, Step, StepTable

roundings = st.sampled_from(list(Rounding))


@st.composite
def rules(draw: st.DrawFn) -> RakeRule:
    if draw(st.booleans()):
        tables = []
        lo = 1
        for _ in range(draw(st.integers(1, 3))):
            hi = lo + draw(st.integers(0, 4))
            pots = sorted(set(draw(st.lists(st.integers(1, 10_000), min_size=1, max_size=5))))
            rakes = [draw(st.integers(0, 500)) for _ in pots]
            steps = tuple(Step(p, r) for p, r in zip(pots, rakes, strict=True))
            tables.append(StepTable(lo, hi, steps))
            lo = hi + 1 + draw(st.integers(0, 2))
        return RakeRule(
            rule_id="R-RAKE-2",
            step_tables=tuple(tables),
            min_pot=draw(st.sampled_from([0, 0, 500])),
            no_flop_no_drop=draw(st.booleans()),
        )
    caps = []
    lo = 1
    for _ in range(draw(st.integers(0, 3))):
        hi = lo + draw(st.integers(0, 3))
        caps.append(PlayerCap(lo, hi, draw(st.integers(0, 400))))
        lo = hi + 1 + draw(st.integers(0, 2))
    return RakeRule(
        percent_bp=draw(st.integers(0, 1500)),
        increment=draw(st.sampled_from([1, 5, 20, 25, 100, 250])),
        rounding=draw(roundings),
        fraction_rounding=draw(roundings),
        caps=tuple(caps),
        min_pot=draw(st.sampled_from([0, 0, 1000])),
        no_flop_no_drop=draw(st.booleans()),
    )


@st.composite
def schedules(draw: st.DrawFn) -> Schedule:
    tiers = []
    for _ in range(draw(st.integers(0, 3))):
        lo = draw(st.sampled_from([0, 10, 100]))
        tiers.append(
            Tier(
                structures=draw(st.sampled_from([(), ("pot_limit",), ("fixed_limit",)])),
                game_types=draw(st.sampled_from([("cash",), ("tournament",), ()])),
                currencies=draw(st.sampled_from([(), ("USD",)])),
                min_big_blind=lo,
                max_big_blind=draw(st.sampled_from([None, lo + 50])),
                rule=draw(rules()),
            )
        )
    return Schedule(name="t", tiers=tuple(tiers))


hands = st.fixed_dictionaries(
    {
        "site": st.just("pokerstars"),
        "structure": st.sampled_from(["pot_limit", "no_limit", "fixed_limit"]),
        "game_type": st.sampled_from(["cash", "tournament"]),
        "currency": st.sampled_from(["USD", "EUR"]),
        "stakes_amount": st.one_of(st.none(), st.integers(1, 400)),
        "pot": st.one_of(st.none(), st.integers(0, 200_000)),
        "players_dealt": st.integers(1, 10),
        "flop_dealt": st.booleans(),
        "cancelled": st.booleans(),
    }
)


def _scalar(schedule: Schedule, h: dict[str, object]) -> tuple[int | None, str | None]:
    got = schedule.expect(
        site=str(h["site"]),
        structure=str(h["structure"]),
        game_type=str(h["game_type"]),
        currency=str(h["currency"]),
        stakes=h["stakes_amount"],  # type: ignore[arg-type]
        pot=h["pot"],  # type: ignore[arg-type]
        players=h["players_dealt"],  # type: ignore[arg-type]
        flop_dealt=bool(h["flop_dealt"]),
        cancelled=bool(h["cancelled"]),
    )
    return (None, None) if got is None else (got.amount, got.rule_id)


def _batch(
    schedule: Schedule, rows: list[dict[str, object]]
) -> list[tuple[int | None, str | None]]:
    frame = pl.DataFrame(
        rows,
        schema={
            "site": pl.String,
            "structure": pl.String,
            "game_type": pl.String,
            "currency": pl.String,
            "stakes_amount": pl.Int64,
            "pot": pl.Int64,
            "players_dealt": pl.Int32,
            "flop_dealt": pl.Boolean,
            "cancelled": pl.Boolean,
        },
    )
    out = frame.select(expected_exprs(schedule))
    return list(out.iter_rows())


@settings(max_examples=150, deadline=None)
@given(schedules(), st.lists(hands, min_size=1, max_size=30))
def test_batch_expressions_equal_the_rules_on_random_hands(
    schedule: Schedule, rows: list[dict[str, object]]
) -> None:
    assert _batch(schedule, rows) == [_scalar(schedule, h) for h in rows]


@settings(max_examples=60, deadline=None)
@given(st.lists(hands, min_size=1, max_size=40))
def test_documented_schedule_batch_equals_rules(rows: list[dict[str, object]]) -> None:
    schedule = builtin_schedule("documented")
    assert _batch(schedule, rows) == [_scalar(schedule, h) for h in rows]
