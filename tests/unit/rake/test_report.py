"""Batch reconciliation: per-hand expected rake and totals that never mix currencies."""

from __future__ import annotations

import polars as pl
import pytest

from omahahh.rake.attribution import Attribution
from omahahh.rake.builtin import builtin_schedule
from omahahh.rake.report import GROUP_KEYS, RakeReport, RakeReportError, reconcile
from tests.helpers.rake import SynthHand, tables

DOCUMENTED = builtin_schedule("documented")

HANDS = [
    # $7.80 pot, 3 players: 35 cents under R-RAKE-3; reported 40 (+5).
    SynthHand("a", {"p1": 390, "p2": 290, "p3": 100}, 40, uncalled={"p1": 120}),
    # $70 pot, 3 players: capped at $1.00; reported exactly that.
    SynthHand("b", {"p1": 3500, "p2": 3500, "p4": 0}, 100, day=2, table="T2"),
    # A euro hand: never added to the dollars.
    SynthHand("c", {"p1": 1000, "p2": 1000}, 90, currency="EUR", stakes="€0.50/€1"),
    # Fixed limit $1.50/$3: stakes the documented table does not cover.
    SynthHand("d", {"p1": 3000, "p2": 3000}, 100, structure="fixed_limit", big_blind=150),
    # A tournament: rake 0 expected and reported.
    SynthHand("e", {"p1": 400, "p5": 400}, 0, currency="CHIPS", game_type="tournament"),
]


def _report(
    hands: list[SynthHand], by: tuple[str, ...] = (), derived: bool = False, **kw: object
) -> RakeReport:
    t = tables(hands, derived=derived, pot_shift=kw.pop("pot_shift", 0))  # type: ignore[arg-type]
    return reconcile(t["hands"], t["players"], t["actions"], DOCUMENTED, by=by, **kw)  # type: ignore[arg-type]


def _by_key(report: RakeReport) -> dict[str, dict[str, object]]:
    return {r["hand_key"]: r for r in report.hands.iter_rows(named=True)}


@pytest.mark.parametrize("derived", [False, True])
def test_per_hand_reported_expected_and_diff(derived: bool) -> None:
    rows = _by_key(_report(HANDS, derived=derived))
    assert rows["a"]["total_pot_derived"] == 780  # 900 put in less 120 returned
    assert (rows["a"]["rake_expected"], rows["a"]["rake_diff"]) == (35, 5)
    assert (rows["b"]["rake_expected"], rows["b"]["rake_diff"]) == (100, 0)
    assert rows["b"]["players_dealt"] == 3
    assert rows["d"]["rake_expected"] is None and rows["d"]["rake_diff"] is None
    assert (rows["e"]["rake_expected"], rows["e"]["rake_rule"]) == (0, "R-RAKE-1")


def test_replay_pot_column_is_used_when_the_dataset_has_it() -> None:
    # Replay's figure (here deliberately 220 more) decides, not the actions' sum.
    rows = _by_key(_report(HANDS[:1], derived=True, pot_shift=220))
    assert rows["a"]["total_pot_derived"] == 1000
    assert rows["a"]["rake_expected"] == 50


def test_fallback_pot_is_actions_less_uncalled_returns() -> None:
    rows = _by_key(_report(HANDS[:1], derived=False))
    assert rows["a"]["total_pot_derived"] == 780


def test_totals_are_per_currency_never_summed_across() -> None:
    totals = _report(HANDS).totals
    assert sorted(totals["currency"].to_list()) == ["CHIPS", "EUR", "USD"]
    usd = totals.filter(pl.col("currency") == "USD").row(0, named=True)
    assert usd["hands"] == 3 and usd["hands_raked"] == 3
    assert usd["rake_reported"] == 240
    assert usd["rake_expected"] == 135 and usd["rake_diff"] == 5
    assert usd["hands_not_covered"] == 1 and usd["rake_reported_not_covered"] == 100
    assert usd["rake_reported"] == usd["rake_reported_compared"] + usd["rake_reported_not_covered"]
    assert usd["hands_off_schedule"] == 1


@pytest.mark.parametrize("key", [k for k in GROUP_KEYS if k != "player"])
def test_every_grouping_key_partitions_the_hands(key: str) -> None:
    totals = _report(HANDS, by=(key,)).totals
    assert key in totals.columns
    assert totals["hands"].sum() == len(HANDS)


def test_group_by_day_and_table() -> None:
    totals = _report(HANDS, by=("day", "table")).totals
    usd_day2 = totals.filter((pl.col("currency") == "USD") & (pl.col("table") == "T2"))
    assert usd_day2["hands"].to_list() == [1]


@pytest.mark.parametrize("method", list(Attribution))
def test_player_totals_add_up_to_the_hand_totals(method: Attribution) -> None:
    report = _report(HANDS, by=("player",), attribution=method)
    per_currency = report.totals.group_by("currency").agg(pl.col("rake_reported").sum())
    hands = _report(HANDS).totals.select("currency", "rake_reported")
    assert per_currency.sort("currency").equals(hands.sort("currency"))


def test_weighted_attribution_follows_money_put_in() -> None:
    report = _report(HANDS[:1], by=("player",))
    shares = dict(report.totals.select("player", "rake_reported").iter_rows())
    # 40 cents over 390/290/100 of 780: 20, 14.87, 5.13 -> 20, 15, 5.
    assert shares == {"p1": 20, "p2": 15, "p3": 5}


def test_largest_discrepancies_first() -> None:
    hands = [
        SynthHand("small", {"p1": 780, "p2": 0}, 36),
        SynthHand("big", {"p1": 780, "p2": 0}, 10),
        SynthHand("fine", {"p1": 780, "p2": 0}, 35),
    ]
    largest = _report(hands, top=5).largest
    assert largest["hand_key"].to_list() == ["big", "small"]


def test_unknown_grouping_key_is_an_error() -> None:
    with pytest.raises(RakeReportError, match="--by colour"):
        _report(HANDS, by=("colour",))


def test_cancelled_hand_expects_nothing() -> None:
    rows = _by_key(_report([SynthHand("x", {"p1": 50, "p2": 100}, None, cancelled=True)]))
    assert rows["x"]["rake_expected"] == 0 and rows["x"]["rake_rule"] == "R-TO-3"
    assert rows["x"]["rake_diff"] is None


def test_hands_replay_could_not_take_fall_back_to_the_actions() -> None:
    t = tables(HANDS[:2], derived=True, pot_shift=220)
    hands = t["hands"].with_columns(
        pl.when(pl.col("hand_key") == "a")
        .then(None)
        .otherwise(pl.col("total_pot_derived"))
        .alias("total_pot_derived")
    )
    report = reconcile(hands, t["players"], t["actions"], DOCUMENTED)
    rows = _by_key(report)
    assert rows["a"]["total_pot_derived"] == 780  # computed: replay has no figure
    assert rows["b"]["total_pot_derived"] == 7000 + 220  # replay's figure


@pytest.mark.parametrize("derived", [False, True])
def test_per_hand_rows_keep_the_datasets_order(derived: bool) -> None:
    """The per-hand rows come in the hands' order every time (joins leave it open)."""
    many = [
        SynthHand(f"h{i:03d}", {"p1": 100 + i, "p2": 100 + i}, 5, day=1 + i % 3) for i in range(300)
    ][::-1]
    for _ in range(5):
        report = _report(many, derived=derived)
        assert report.hands["hand_key"].to_list() == [h.key for h in many]
