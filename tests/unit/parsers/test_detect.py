"""Site detection per hand block: mixed files and folders just work; text no parser
knows becomes an ``unknown_format`` failure row naming file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from omahahh.dataset.ingest import ingest
from omahahh.dataset.pipeline import parse_text
from omahahh.dataset.store import scan
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.parsers import detect
from tests.helpers.hands import GG_EV_CASHOUT as EV_CASHOUT
from tests.helpers.hands import STARS_BASE as STARS
from tests.helpers.hands import WINAMAX_CRAFTED as WINAMAX
from tests.helpers.paths import PHH_FIXTURES

FIXTURES = PHH_FIXTURES
JUNK = "This is not a hand history.\nJust a note someone left in the folder."


@pytest.mark.parametrize(
    ("first_line", "site"),
    [
        (STARS.splitlines()[0], Site.POKERSTARS),
        (EV_CASHOUT.splitlines()[0], Site.GGPOKER),
        (WINAMAX.splitlines()[0], Site.WINAMAX),
        (
            "Poker Hand #TM2697462: Tournament #25942319, X Omaha Pot Limit - Level1 (10/20)",
            Site.GGPOKER,
        ),
        ("***** 888poker Hand History for Game 385494443 *****", Site.POKER888),
        ("***** Cassava Hand History for Game 184089742 *****", Site.POKER888),
    ],
)
def test_header_line_names_the_room(first_line: str, site: Site) -> None:
    parser = detect(first_line)
    assert parser is not None and parser.site is site


@pytest.mark.parametrize(
    ("first_line", "site"),
    [
        # Stars-syntax look-alikes of docs/FORMATS.md §8 are their own rooms, never PokerStars.
        (
            "Run It Once Poker Hand #36197946:  Omaha Pot Limit (€0.25/€0.50) - 2019/08/14 17:55 UTC",
            Site.RUNITONCE,
        ),
        (
            "PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD) - 2019/05/26",
            Site.POKERMASTER,
        ),
        (
            "PPPoker Hand #934479950000496:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/21",
            Site.PPPOKER,
        ),
    ],
)
def test_stars_lookalikes_are_their_own_rooms(first_line: str, site: Site) -> None:
    parser = detect(first_line)
    assert parser is not None and parser.site is site


@pytest.mark.parametrize(
    "first_line",
    ["Hand #12 - junk", "Some Other Client Hand #12: Omaha", ""],
)
def test_other_clients_are_not_detected(first_line: str) -> None:
    assert detect(first_line) is None


def test_one_file_mixing_three_rooms_and_junk() -> None:
    text = "\n\n\n".join([WINAMAX, JUNK, STARS, EV_CASHOUT])
    results = parse_text(text, "mixed.txt")
    kinds = [r.site.value if isinstance(r, HandRecord) else r.reason_code for r in results]
    assert kinds == ["winamax", "unknown_format", "pokerstars", "ggpoker"]
    junk = results[1]
    assert isinstance(junk, ParseFailure)
    first_junk_line = text.split("\n").index(JUNK.split("\n")[0]) + 1
    assert junk.source_line == first_junk_line
    assert junk.reason.startswith(f"mixed.txt:{first_junk_line}:")


def test_hands_of_different_rooms_back_to_back_split_on_the_header() -> None:
    # No blank line between the hands: the header line alone starts a new block.
    text = STARS.strip("\n") + "\n" + EV_CASHOUT.strip("\n") + "\n" + WINAMAX
    results = parse_text(text, "glued.txt")
    assert [r.site for r in results if isinstance(r, HandRecord)] == [
        Site.POKERSTARS,
        Site.GGPOKER,
        Site.WINAMAX,
    ]


def test_mixed_folder_with_phh_files_ingests_every_room(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "stars.txt").write_text(STARS, encoding="utf-8")
    (folder / "gg.txt").write_text(EV_CASHOUT, encoding="utf-8")
    (folder / "wina.txt").write_text(WINAMAX, encoding="cp1252")  # Winamax files may be cp1252
    (folder / "notes.txt").write_text(JUNK, encoding="utf-8")
    shutil.copy(FIXTURES / "pokerkit_fo8_two_hands.phhs", folder / "pk.phhs")
    counts = ingest([folder], tmp_path / "ds")
    # notes.txt holds no hand header: passed over (counted), not a failure row
    assert (counts.parsed, counts.failures, counts.skipped) == (5, 0, 1)
    hands = scan(tmp_path / "ds", "hands").collect()
    by_site = dict(hands.group_by("site").len().iter_rows())
    assert by_site == {"pokerstars": 1, "ggpoker": 1, "winamax": 1, "phh": 2}
    assert scan(tmp_path / "ds", "failures").collect().height == 0
