"""The rake figures: computed once and shown alike in the report's tables and chart and by
``omahahh rake``; stakes grouped by their amounts in one place; a currency one row."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.rake.builtin import resolve_schedule
from omahahh.rake.grouping import one_unit_per_currency, stakes_filter, with_stakes
from omahahh.rake.report import totals
from omahahh.report.page import render_page
from omahahh.report.page_data import report_data
from tests.helpers.hands import write
from tests.helpers.replay import stars
from tests.helpers.report_input import known_dataset

runner = CliRunner()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_dataset(tmp_path_factory.mktemp("rake-figures"))


def test_the_chart_ends_at_the_tables_figures(dataset: Path) -> None:
    rake = report_data(dataset, resolve_schedule("documented")).rake
    assert rake.chart.height
    for (currency,), rows in rake.chart.group_by(["currency"]):
        total = rake.by_currency.filter(pl.col("currency") == currency).row(0, named=True)
        last = rows.sort("period").row(-1, named=True)
        assert last["reported"] == total["rake_reported_compared"]
        assert last["expected"] == total["rake_expected"]
        by_period = rake.by_period.filter(pl.col("currency") == currency)
        assert by_period["rake_expected"].sum() == total["rake_expected"]


def test_the_page_shows_the_same_numbers_in_chart_and_table(dataset: Path) -> None:
    data = report_data(dataset, resolve_schedule("documented"))
    html = render_page(data)
    rake = html[html.index('id="rake"') :]
    caption = re.search(
        r'data-currency="USD".*?<span class="reported">([^<]+)</span>.*?'
        r'<span class="expected">([^<]+)</span>.*?<span class="gap">([^<]+)</span>',
        rake,
        re.S,
    )
    assert caption, "no USD rake chart"
    table = rake[: rake.index("</table>")]
    usd_row = next(r for r in table.split("<tr") if ">USD<" in r)
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", usd_row)]
    reported, expected, gap = caption.groups()
    heads = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", table)]
    assert cells[heads.index("Reported, covered")] == reported
    assert cells[heads.index("Expected")] == expected
    assert cells[heads.index("Difference")] == gap
    covered = cells[heads.index("Covered")]
    usd = data.rake.by_currency.filter(pl.col("currency") == "USD").row(0, named=True)
    assert covered != "-" and int(covered.replace(",", "")) == usd["hands_compared"] > 0


def test_the_report_and_the_command_line_agree(dataset: Path) -> None:
    rake = report_data(dataset, resolve_schedule("documented")).rake
    result = runner.invoke(app, ["rake", str(dataset), "--format", "json"])
    import json

    cli = {row["currency"]: row for row in json.loads(result.output)["totals"]}
    for row in rake.by_currency.iter_rows(named=True):
        for column in ("hands", "hands_compared", "rake_reported", "rake_expected", "rake_diff"):
            assert cli[row["currency"]][column] == row[column], column


STAKES = ("$0.5/$1 USD", "$0.50/$1 USD", "$0.50/$1.00 USD")


def _hand(stakes: str, hand_id: int) -> str:
    return stars(
        """
        A: posts small blind $0.50
        B: posts big blind $1
        *** HOLE CARDS ***
        A: folds
        Uncalled bet ($0.50) returned to B
        B collected $1 from pot
        """,
        seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)",
        game=f"Omaha Pot Limit ({stakes})",
        summary="Total pot $1 | Rake $0\nSeat 2: B (big blind) collected ($1)",
        hand_id=hand_id,
    )


@pytest.fixture(scope="module")
def three_ways(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stakes")
    hands = [_hand(s, 100000000100 + i) for i, s in enumerate(STAKES)]
    src = write(root / "in", "h.txt", *hands)
    ds = root / "ds"
    assert runner.invoke(app, ["ingest", str(src), "--out", str(ds)]).exit_code == 0
    return ds


def test_stakes_printed_three_ways_are_one_group_everywhere(three_ways: Path) -> None:
    rake = runner.invoke(app, ["rake", str(three_ways), "--by", "stakes", "--format", "csv"])
    assert rake.exit_code == 0, rake.output
    assert pl.read_csv(rake.stdout.encode())["stakes"].to_list() == ["$0.50/$1"]
    stats = runner.invoke(app, ["stats", str(three_ways), "--by", "stakes", "--format", "csv"])
    frame = pl.read_csv(stats.stdout.encode())
    assert set(frame["stakes"]) == {"$0.50/$1"} and frame["hands"].to_list() == [3, 3]
    data = report_data(three_ways, resolve_schedule("documented"))
    assert data.rake.by_stakes["stakes"].to_list() == ["$0.50/$1"]
    for typed in ("0.5/1", "$0.50/$1.00"):
        kept = runner.invoke(app, ["stats", str(three_ways), "--stakes", typed, "--format", "csv"])
        assert pl.read_csv(kept.stdout.encode())["hands"].to_list() == [3, 3], typed


def test_play_money_in_chips_and_in_cents_is_one_currency() -> None:
    frame = pl.LazyFrame(
        {
            "currency": ["PLAY", "PLAY", "USD"],
            "unit": [1, 100, 100],
            "rake_reported": [5, 500, 20],
            "rake_expected": [None, None, 20],
        }
    )
    table = totals(one_unit_per_currency(frame, ["rake_reported", "rake_expected"]), []).collect()
    assert table.select("currency", "unit", "rake_reported").rows() == [
        ("PLAY", 100, 1000),
        ("USD", 100, 20),
    ]


def test_the_stakes_label_and_filter_read_amounts() -> None:
    frame = pl.LazyFrame(
        {
            "stakes": ["$0.5/$1", "0.50/1.00", "€2.50/€5"],
            "currency": ["USD", "USD", "EUR"],
            "unit": [100, 100, 100],
            "structure": ["pot_limit"] * 3,
            "small_blind": [50, 50, 250],
            "big_blind": [100, 100, 500],
            "small_bet": [None, None, None],
            "big_bet": [None, None, None],
        },
        schema_overrides={"small_bet": pl.Int64, "big_bet": pl.Int64},
    )
    assert with_stakes(frame).collect()["stakes"].to_list() == ["$0.50/$1", "$0.50/$1", "€2.50/€5"]
    kept = frame.filter(stakes_filter(["2.5/5"])).collect()
    assert kept["currency"].to_list() == ["EUR"]
