"""The report page in a real browser: Debian's headless Chromium driven by Playwright.

The page of a known input (tests/helpers/report_input.py) is opened from disk and
checked as a reader would use it: no console error, no network request, every
section with the counts the dataset holds (counted here by other code:
``audit_report``, the rake reconciliation, the statistics), sorting and
filtering that change the rows, a finding that opens its hand in place, and no
sideways scrolling at desktop and phone widths. Playwright only drives the
system's ``/usr/bin/chromium`` (``.ci/run`` installs the package); it never
downloads a browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.store import scan
from omahahh.fairness.checks import DEAL
from omahahh.fairness.report import fairness_report
from omahahh.rake.builtin import resolve_schedule
from omahahh.rake.report import reconcile
from omahahh.report.audit_report import audit_report
from omahahh.stats.players import dataset_tables, player_stats
from tests.helpers.browser import Opened
from tests.helpers.report_input import known_dataset

pytest.importorskip("playwright.sync_api")

TOP = 5


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_dataset(tmp_path_factory.mktemp("report"))


@pytest.fixture(scope="module")
def page_file(dataset: Path) -> Path:
    out = dataset.parent / "report.html"
    result = CliRunner().invoke(app, ["report", str(dataset), "--out", str(out), "--top", str(TOP)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def opened(browser: Any, page_file: Path) -> Iterator[Opened]:
    page = Opened(browser, page_file)
    yield page
    page.page.close()


def _number(text: str) -> int:
    return int(text.replace(",", "").replace("$", "").strip() or 0)


def test_page_loads_without_console_errors_or_any_network_request(opened: Opened) -> None:
    opened.page.locator("#findings-table button.open-hand").first.click()
    assert opened.errors == []
    assert opened.requests == [opened.url]  # the file itself, nothing else


def test_overview_counts_are_the_datasets(opened: Opened, dataset: Path) -> None:
    audit = audit_report(dataset)
    severities = audit.findings["severity"].value_counts()
    expect = {s: int(n) for s, n in severities.iter_rows()}
    cards = dict(
        (label.strip(), _number(n))
        for n, label in (t.split("\n", 1) for t in opened.texts(".verdict > div"))
    )
    assert cards == {
        "errors": expect.get("error", 0),
        "warnings": expect.get("warning", 0),
        "infos": expect.get("info", 0),
        "parse failures": audit.failures,
        "hands audited": audit.hands,
    }
    assert cards["errors"] == 2 and cards["parse failures"] == 3  # the crafted hands
    by_code = {
        r.locator("td").nth(1).inner_text(): _number(r.locator("td").nth(4).inner_text())
        for r in opened.page.locator("#verdict-table > tbody > tr").all()
    }
    assert by_code == {row["code"]: row["count"] for row in audit.counts().to_dicts()}
    facts = dict(zip(opened.texts("dl.facts dt"), opened.texts("dl.facts dd"), strict=True))
    assert facts["Duplicates"].startswith("1 ")  # the identical copy of hand ...001
    assert facts["Hands"] == str(audit.hands)


def test_findings_are_capped_with_every_code_and_the_cap_stated(
    opened: Opened, dataset: Path
) -> None:
    total = audit_report(dataset).findings.height
    assert total > TOP
    codes = opened.column("findings-table", 1)
    assert len(codes) == TOP
    assert {"wrong_split", "action_out_of_turn", "unverifiable_showdown"} <= set(codes)
    note = opened.page.locator("#findings p.note").first.inner_text()
    assert f"The {TOP} shown are the first of {total} findings" in note


def test_rake_section_matches_the_reconciliation(opened: Opened, dataset: Path) -> None:
    tables = {name: scan(dataset, name) for name in ("hands", "players", "actions")}
    rec = reconcile(
        tables["hands"], tables["players"], tables["actions"], resolve_schedule("documented")
    )
    usd = rec.totals.filter(pl.col("currency") == "USD").row(0, named=True)
    currency_rows = opened.page.locator("#rake table").first.locator("tbody > tr").all()
    usd_row = next(r for r in currency_rows if r.locator("td").first.inner_text() == "USD")
    cells = usd_row.locator("td").all_inner_texts()
    assert _number(cells[1]) == usd["hands"]
    diff = usd["rake_diff"]
    assert cells[7] == ("-" if diff < 0 else "") + f"${abs(diff) / 100:,.2f}"
    off = rec.hands.filter(pl.col("rake_diff").fill_null(0) != 0).height
    assert len(opened.visible_rows("rake-largest-table")) == min(TOP, off)
    assert opened.page.locator("#rake figure svg").count() >= 1


def test_players_and_failures_sections(opened: Opened, dataset: Path) -> None:
    stats = player_stats(dataset_tables(str(dataset)))
    assert len(opened.visible_rows("players-table")) == min(TOP, stats.height)
    assert opened.page.locator("#players figure svg").count() == 3
    failures = scan(dataset, "failures").collect()["reason_code"].value_counts()
    shown = dict(
        (r.locator("td").nth(0).inner_text(), _number(r.locator("td").nth(1).inner_text()))
        for r in opened.page.locator("#failures table tbody tr").all()
    )
    assert shown == {code: int(n) for code, n in failures.iter_rows()}


def test_fairness_section_lists_every_deal_test_and_sorts_by_p_value(
    opened: Opened, dataset: Path
) -> None:
    want = [r for r in fairness_report(dataset_tables(str(dataset))).rows if r["family"] == DEAL]
    assert opened.column("fairness-table", 0) == [r["test"] for r in want]
    assert opened.column("fairness-table", 9) == [r["verdict"] for r in want]
    verdict = opened.page.locator("#fairness .fair-verdict")
    assert verdict.is_visible() and verdict.inner_text().startswith("Not rejected")
    assert opened.page.locator("nav.toc a[href='#fairness']").count() == 1
    tested = sorted((r for r in want if r["p"] is not None), key=lambda r: float(str(r["p"])))
    assert 0 < len(tested) < len(want)  # some tested, some "not enough"
    opened.page.locator("#fairness-table thead th").nth(7).locator("button").click()
    order = opened.column("fairness-table", 0)
    assert order[: len(tested)] == [r["test"] for r in tested]  # by p, untested last
    assert order != [r["test"] for r in want]


def test_every_rule_link_leads_to_the_rule_quoted_on_the_page(opened: Opened) -> None:
    targets = opened.page.eval_on_selector_all(
        "main a[href^='#rule-']", "links => links.map(a => a.getAttribute('href').slice(1))"
    )
    assert "rule-R-SPLIT-1" in targets and "rule-R-ACT-2" in targets
    for target in set(targets):
        assert opened.page.locator(f"[id='{target}']").count() == 1, target
    quoted = opened.page.locator("[id='rule-R-SPLIT-1'] + dd").inner_text()
    assert quoted.startswith("Equal best hands split the pot")


def test_sorting_by_a_column_reorders_the_rows(opened: Opened) -> None:
    before = opened.column("findings-table", 3)
    button = opened.page.locator("#findings-table thead th").nth(3).locator("button")
    button.click()
    ascending = opened.column("findings-table", 3)
    assert ascending == sorted(before) and ascending != before
    button.focus()
    opened.page.keyboard.press("Enter")  # the keyboard sorts too
    assert opened.column("findings-table", 3) == sorted(before, reverse=True)
    header = opened.page.locator("#findings-table thead th").nth(3)
    assert header.get_attribute("aria-sort") == "descending"


def test_filters_keep_only_the_matching_rows(opened: Opened) -> None:
    opened.page.select_option("#findings select[data-filter='severity']", "error")
    assert opened.column("findings-table", 0) == ["error", "error"]
    assert opened.page.locator("#findings output").inner_text() == f"2 of {TOP} rows shown"
    opened.page.select_option("#findings select[data-filter='severity']", "")
    opened.page.locator("#findings input[type='search']").fill("100000000004")
    assert opened.column("findings-table", 1) == ["action_out_of_turn"]


def test_opening_a_finding_shows_its_hand_with_the_finding_in_place(opened: Opened) -> None:
    row = opened.page.locator("#findings-table > tbody > tr[data-code='wrong_split']")
    row.locator("button.open-hand").click()
    hand = opened.page.locator("#findings-table tr.hand-row")
    assert hand.count() == 1
    assert hand.locator("h3").inner_text() == "Hand pokerstars:100000000002"
    current = hand.locator(".current")
    assert current.count() == 1 and "wrong_split" in current.inner_text()
    assert hand.locator("table.awards .mismatch").count() == 2  # A and B paid wrongly
    assert hand.locator("table.actions tbody tr.street").count() >= 2  # streets shown
    row.locator("button.open-hand").click()
    assert opened.page.locator("#findings-table tr.hand-row").count() == 0


def test_a_rake_discrepancy_opens_its_hand(opened: Opened) -> None:
    first = opened.page.locator("#rake-largest-table > tbody > tr").first
    key = first.locator("td").first.inner_text()
    first.locator("button.open-hand").click()
    assert opened.page.locator("#rake-largest-table tr.hand-row h3").inner_text() == f"Hand {key}"


@pytest.mark.parametrize("width", [1280, 390])
def test_no_sideways_overflow(browser: Any, page_file: Path, width: int) -> None:
    opened = Opened(browser, page_file, width=width, height=844)
    try:
        opened.page.locator("#findings-table button.open-hand").first.click()
        opened.page.locator("#rake-largest-table button.open-hand").first.click()
        sizes = opened.page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert sizes[0] <= sizes[1] == width
    finally:
        opened.page.close()
