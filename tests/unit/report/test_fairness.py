"""The report's Deal fairness section: the page holds the figures ``omahahh fairness`` computes.

Checked without a browser, on the page's HTML: every test of the deal family
with its statistic, df, p-value, corrected p-value and verdict; "not enough
..." (never a verdict) where the sample is too small; the note that shown cards
are never used; the family's verdict; the hand filters applied; the per-player
all-in rows capped at ``--top``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.fairness.checks import ALLIN_PLAYERS, DEAL
from omahahh.fairness.family import Correction
from omahahh.fairness.report import FairnessReport, Row, fairness_report, format_p
from omahahh.fairness.sample import SampleCounts
from omahahh.fairness.simulate import Dealer, Known, session
from omahahh.fairness.synthetic import session_tables, write_dataset
from omahahh.report.page_fairness import family_verdict, shown_rows
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import dataset_tables
from tests.helpers.report_input import known_dataset

runner = CliRunner()


def _page(dataset: Path, out: Path, *args: str) -> str:
    result = runner.invoke(app, ["report", str(dataset), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def _section(page: str) -> str:
    match = re.search(r'<section id="fairness".*?</section>', page, re.S)
    assert match, "no fairness section"
    return match.group(0)


def _cells(section: str, table_id: str) -> dict[str, list[str]]:
    """Each row of the table, by its test name: the cells' text."""
    body = re.search(rf'<table id="{table_id}"[^>]*>.*?<tbody>(.*?)</tbody>', section, re.S)
    assert body, table_id
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td.*?</td>", row)]
        rows[cells[0]] = cells
    return rows


def _statistic(row: Row) -> str:
    s = row["statistic"]
    return "-" if s is None else f"{float(str(s)):,.2f}"


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def _p(value: object) -> str:
    return "-" if value is None else format_p(value)


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_dataset(tmp_path_factory.mktemp("report-fairness"))


@pytest.fixture(scope="module")
def biased(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("biased") / "ds"
    write_dataset(session_tables(session(1500, 4, dealer=Dealer.SEAT_ACE), Known.ALL), root)
    return root


def test_every_deal_test_shows_the_fairness_commands_figures(biased: Path, tmp_path: Path) -> None:
    section = _section(_page(biased, tmp_path / "r.html"))
    shown = _cells(section, "fairness-table")
    want = [r for r in fairness_report(dataset_tables(str(biased))).rows if r["family"] == DEAL]
    assert list(shown) == [r["test"] for r in want]
    for row in want:
        cells = shown[str(row["test"])]
        # test, title, n, unit, min_n, statistic, df, p, corrected p, verdict, note
        assert cells[2] == f"{row['n']:,}" and cells[4] == f"{row['min_n']:,}"
        assert cells[5] == _statistic(row)
        assert cells[6] == ("-" if row["df"] is None else str(row["df"]))
        assert cells[7] == _p(row["p"]) and cells[8] == _p(row["p_corrected"])
        assert cells[9] == row["verdict"]


def test_a_biased_dealer_is_rejected_on_the_page(biased: Path, tmp_path: Path) -> None:
    section = _section(_page(biased, tmp_path / "r.html"))
    assert re.search(r'class="fair-verdict rejected"[^>]*><strong>Rejected: \d+ of the', section)
    assert _cells(section, "fairness-table")["seat_uniformity"][9] == "REJECTED"
    assert re.search(r'<tr class="rejected" data-test="seat_uniformity">', section)


def test_too_small_a_sample_says_not_enough_never_a_verdict(samples: Path, tmp_path: Path) -> None:
    section = _section(_page(samples, tmp_path / "r.html"))
    rows = _cells(section, "fairness-table")
    small = [c for c in rows.values() if _int(c[2]) < _int(c[4])]
    assert len(small) >= 5, "the sample histories are too few hands for most tests"
    for cells in small:
        assert cells[9].startswith("not enough"), cells
        assert cells[5:9] == ["-", "-", "-", "-"], cells
    assert "REJECTED" not in section


def test_the_section_says_shown_cards_are_never_used_and_how_many_were_left_out(
    samples: Path, tmp_path: Path
) -> None:
    section = html.unescape(_section(_page(samples, tmp_path / "r.html")))
    counts = fairness_report(dataset_tables(str(samples))).counts
    assert counts.shown_only > 0
    assert "shown at showdown never are" in section
    assert f"{counts.shown_only:,} hole hands known only from a show are not used" in section


def test_hand_filters_choose_the_hands_tested_and_player_does_not(
    samples: Path, tmp_path: Path
) -> None:
    page = _page(samples, tmp_path / "r.html", "--variant", "PLO-8", "--player", "Hero")
    rows = _cells(_section(page), "fairness-table")
    tables = dataset_tables(str(samples))
    want = fairness_report(tables, StatsFilter(variants=("PLO-8",))).rows
    everything = fairness_report(tables).rows
    assert {r["test"]: f"{r['n']:,}" for r in want} == {t: c[2] for t, c in rows.items()}
    assert [r["n"] for r in want] != [r["n"] for r in everything]  # the filter did choose


def _row(test: str, family: str, rejected: bool | None) -> Row:
    return {
        "test": test,
        "family": family,
        "p": None if rejected is None else 0.0001 if rejected else 0.5,
        "rejected": rejected,
        "statistic": None,
    }


def test_player_rows_are_capped_at_top_rejected_first() -> None:
    rows = [_row("card_frequency", DEAL, False)]
    rows += [_row(f"allin_luck:p{i}", ALLIN_PLAYERS, i in (7, 30)) for i in range(40)]
    shown = shown_rows(rows, top=5)
    assert [r["test"] for r in shown.deal] == ["card_frequency"]
    assert [r["test"] for r in shown.players][:2] == ["allin_luck:p7", "allin_luck:p30"]
    assert len(shown.players) == 5
    assert (shown.players_total, shown.players_rejected) == (40, 2)


@pytest.mark.parametrize(
    ("rejected", "css", "start"),
    [
        ((None, None), "none", "No verdict: none of the 2 tests has enough data"),
        ((False, None), "ok", "Not rejected: none of the 1 test with enough data rejects"),
        ((True, False), "rejected", "Rejected: 1 of the 2 tests with enough data rejects"),
    ],
)
def test_family_verdict_needs_a_tested_row_and_names_the_correction(
    rejected: tuple[bool | None, bool | None], css: str, start: str
) -> None:
    rows = [_row(f"t{i}", DEAL, r) for i, r in enumerate(rejected)]
    got_css, sentence = family_verdict(FairnessReport(rows, SampleCounts(), Correction.HOLM, 0.01))
    assert got_css == css and sentence.startswith(start)
    if css != "none":
        assert "Holm's correction" in sentence
