"""The report's hand view and ``omahahh show`` are one view of the hand: every street with
its cards (streets without action too), the showdown, pots and awards. Checked as text
and, in Debian's Chromium, by opening the hand of an all-in pre-flop finding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from omahahh.audit.hand import audit_hand
from omahahh.cli.app import app
from omahahh.report.hand_view import hand_view
from omahahh.report.page_hand import hand_html
from omahahh.report.show import render
from tests.helpers.browser import Opened
from tests.helpers.hands import ALL_IN_PREFLOP, write
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import CORPUS

runner = CliRunner()

KEY = "pokerstars:100000000009"
BOARD = ["2c", "7d", "9h", "Kd", "Ks"]


def test_the_view_has_every_street_with_its_cards_and_the_showdown() -> None:
    view = hand_view(audit_hand(parse_hand(ALL_IN_PREFLOP)))
    assert [s.street for s in view.streets] == ["preflop", "flop", "turn", "river"]
    assert [s.boards for s in view.streets][1:] == [
        ("2c 7d 9h",),
        ("2c 7d 9h Kd",),
        ("2c 7d 9h Kd Ks",),
    ]
    assert [s.actions for s in view.streets][1:] == [(), (), ()]
    assert [(s.player, s.what, s.cards) for s in view.showdown] == [
        ("B", "shows", "Ac Qd 3s 4h"),
        ("A", "shows", "As Qc 3d 4c"),
    ]
    # omahahh's own evaluation, never the room's words
    assert [s.hand for s in view.showdown] == ["a pair of Kings"] * 2
    assert view.pots and view.awards


def test_show_and_the_report_render_the_same_view() -> None:
    audited = audit_hand(parse_hand(ALL_IN_PREFLOP))
    text = render(audited)
    html = hand_html(hand_view(audited))
    assert "RIVER  [2c 7d 9h Kd Ks]" in text and "SHOWDOWN" in text
    assert html.count('class="cards board"') == 3
    assert 'aria-label="Showdown"' in html
    for part in ("A", "B", "$99.00", "$101.00", "wrong_split"):
        assert part in text and part in html


# -- in Chromium ----------------------------------------------------------------------------

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hand-view")
    src = write(root / "in", "allin.txt", ALL_IN_PREFLOP)
    out = root / "report.html"
    result = runner.invoke(app, ["report", str(src), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_opening_an_all_in_preflop_finding_shows_five_board_cards_and_the_showdown(
    browser: Any, page_file: Path
) -> None:
    opened = Opened(browser, page_file)
    page = opened.page
    try:
        assert not opened.errors
        row = page.locator("#findings-table > tbody > tr[data-code='wrong_split']")
        row.locator("button.open-hand").click()
        hand = page.locator("#findings-table tr.hand-row")
        assert hand.locator("h3").inner_text() == f"Hand {KEY}"
        streets = [t.split()[0] for t in hand.locator("table.actions tr.street").all_inner_texts()]
        assert streets == ["PREFLOP", "FLOP", "TURN", "RIVER"]
        river = hand.locator("table.actions tr.street").nth(3).locator(".board .card")
        assert [c.get_attribute("title") for c in river.all()] == BOARD
        showdown = hand.locator("section.showdown")
        assert showdown.is_visible()
        shown = showdown.locator("table.shows tbody tr").all_inner_texts()
        assert len(shown) == 2 and all("a pair of Kings" in r for r in shown)
        assert hand.locator("table.pots").is_visible()
        assert hand.locator("table.awards .mismatch").count() == 2
    finally:
        page.close()


# -- the findings table fits the page --------------------------------------------------------

ROOMS = ("GGPoker", "PokerStars", "Pacific-888", "MergeXML")


@pytest.fixture(scope="module")
def corpus_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("findings") / "report.html"
    rooms = [str(CORPUS / room) for room in ROOMS]
    result = runner.invoke(app, ["report", *rooms, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.corpus
def test_the_findings_table_fits_the_page_with_every_message_whole(
    browser: Any, corpus_page: Path
) -> None:
    page = Opened(browser, corpus_page).page
    try:
        sizes = page.evaluate(
            """() => {
              const table = document.querySelector('#findings-table');
              const box = table.closest('.scroll');
              const cut = [...table.querySelectorAll('td.msg')]
                .filter(td => td.scrollWidth > td.clientWidth + 1).length;
              return [table.getBoundingClientRect().width, box.clientWidth, box.scrollWidth, cut,
                      table.querySelectorAll('td.msg').length];
            }"""
        )
        width, box, scrolled, cut, messages = sizes
        assert messages > 10
        assert scrolled <= box and width <= box <= 1240, sizes
        assert cut == 0, sizes
    finally:
        page.close()
