"""``omahahh show`` in words: omahahh's own evaluation of every shown hand whatever the
room prints, the cash-out lines, and stakes with their currency in every room."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.audit.hand import audit_hand
from omahahh.cli.app import app
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.report.hand_view import evaluation
from omahahh.report.show import render
from tests.helpers.hands import ALL_IN_PREFLOP
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import CORPUS, SAMPLES

runner = CliRunner()
CASH_OUT = SAMPLES / "pokerstars" / "crafted" / "PLO6-cash-out-pot-not-awarded.txt"
BOSS_USD = (
    CORPUS
    / "BossXML"
    / "HHSmithy__PokerHandHistoryParser"
    / "HandHistories.Parser.UnitTests"
    / "SampleHandHistories"
    / "BossMedia"
    / "CashGame"
    / "HandActionTests"
    / "3BetHand.txt"
)


def _showdown(text: str) -> list[str]:
    lines = text.split("\nSHOWDOWN\n", 1)[1].split("\n\n", 1)[0]
    return lines.splitlines()


def test_show_prints_its_own_evaluation_not_the_rooms_words() -> None:
    wrong = ALL_IN_PREFLOP.replace("(a pair of Kings)", "(Pair of Kings, a full house)")
    text = render(audit_hand(parse_hand(wrong)))
    rows = _showdown(text)
    assert all(r.endswith("(a pair of Kings)") for r in rows), rows
    assert "full house" not in text


@pytest.mark.skipif(not (CORPUS / "GGPoker").is_dir(), reason="needs ../shared/corpus")
def test_every_ggpoker_shown_hand_is_described_by_omahahh() -> None:
    checked = 0
    for f in expand_paths([CORPUS / "GGPoker"]):
        for hand in parse_blocks(iter_blocks(f)):
            if not isinstance(hand, HandRecord) or not hand.shows:
                continue
            text = render(audit_hand(hand))
            rows = _showdown(text)
            for show in hand.shows:
                ours = evaluation(hand, show.cards)
                row = next(r for r in rows if r.split()[0] == show.player.split()[0])
                if ours is not None:
                    assert f"({ours})" in text, (hand.hand_key, row)
                    checked += 1
                if show.description and show.description != ours:
                    assert f"({show.description})" not in text, (hand.hand_key, row)
    assert checked > 10


def test_show_prints_the_cash_out_line() -> None:
    result = runner.invoke(app, ["show", "pokerstars:999000001101", str(CASH_OUT)])
    assert result.exit_code == 0, result.output
    assert "Cash-outs:\n  bigstack_bob cashed out for $9.41 (fee $0.10)" in result.output


@pytest.mark.skipif(not BOSS_USD.is_file(), reason="needs ../shared/corpus")
def test_show_header_names_the_currency_in_every_room() -> None:
    result = runner.invoke(app, ["show", "boss:2085694142", str(BOSS_USD)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].split("  ")[2] == "$100/$200"


def test_show_header_stakes_are_grouped_by_amount(tmp_path: Path) -> None:
    text = ALL_IN_PREFLOP.replace("($1/$2 USD)", "($1.00/$2 USD)")
    first = render(audit_hand(parse_hand(text))).splitlines()[0]
    assert first.split("  ")[2] == "$1/$2"
