"""The bar, per corpus folder of the four rooms (888poker, ACR/WPN,
Bovada/Ignition, PartyPoker): every block a parsed hand, a duplicate or a failure
naming file, line and reason; parsed + duplicates >= 95 % of INDEX.tsv's Omaha hands
(files broken on purpose left out); no audit error or warning on the other hands;
zero-sum on every complete cash hand; PHH export round trips; and the audit
reports a broken room identity. The numbers come from tests/helpers/room_coverage.py
(``python -m tests.helpers.room_coverage`` prints them); the line shapes are tested in
tests/rooms/test_888poker.py, test_wpn.py, test_bovada.py, test_partypoker.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.model import HandRecord
from omahahh.parsers.registry import parse_blocks, split_blocks
from tests.helpers.paths import SAMPLES
from tests.helpers.room_coverage import (
    FOLDERS,
    Coverage,
    coverage,
    findings_above_info,
    intact_keys,
    round_trip_differences,
    zero_sum_left,
)


@dataclass(frozen=True)
class Expected:
    """What each folder gives today (INDEX.tsv counts, corpus README's broken files)."""

    indexed: int
    parsed: int
    kept: int
    duplicates: int
    conflicts: int
    failures: dict[str, int]
    complete_cash: int


EXPECTED = {
    # 240 INDEX hands, 2 in DealingCardsMissing2 and WrongSummaryHeroName (broken on
    # purpose); 6 hands are in both HHSmithy's and ggratte's copies. SpecialCards.txt and
    # DealingCardsMissing2.txt each end on a '#Game No' line with no hand after it
    # (truncated); one tournament hand.
    "Pacific-888": Expected(238, 238, 232, 6, 0, {"truncated": 2}, 233),
    # Fixtures reuse the ids 55280000 (three texts) and 54760000 (two).
    "WPN-ACR": Expected(8, 8, 5, 0, 3, {}, 5),
    # The odd last byte of the UTF-16 file; 122 tournament hands.
    "WPN-old": Expected(145, 145, 144, 1, 0, {"unknown_format": 1}, 22),
    # The 51 hands of the corrupted.lines file parse too (its lobby lines move nothing).
    "Bovada": Expected(24, 24, 24, 0, 0, {}, 73),
    # 5MultipleHands.txt gives four different hands the id 1458965856, twice over
    # (HHSmithy's and ggratte's copy); ggratte's starts with a lone 'Game #N starts.'
    # (the next game's start, between hands: no block, no failure).
    "PartyPoker": Expected(10, 10, 2, 5, 3, {}, 2),
    "PartyPoker-old": Expected(18, 18, 18, 0, 0, {}, 18),
}


@pytest.fixture(scope="module")
def covered(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Coverage]:
    tmp = tmp_path_factory.mktemp("rooms")
    return {f: coverage(f, tmp / f, corpus) for f in FOLDERS}


def test_expected_counts_name_every_folder_of_the_issue() -> None:
    assert set(EXPECTED) == set(FOLDERS)


@pytest.mark.corpus
@pytest.mark.parametrize("folder", FOLDERS)
def test_parsed_and_duplicates_reach_95_percent_of_the_index(
    covered: dict[str, Coverage], folder: str
) -> None:
    cov, want = covered[folder], EXPECTED[folder]
    assert cov.share >= 0.95, cov.row()
    assert (cov.indexed, cov.parsed_blocks) == (want.indexed, want.parsed), cov.row()
    # A parsed hand of an intact file is kept, a duplicate or a conflict, nothing else.
    assert cov.kept + cov.duplicates + cov.conflicts == cov.parsed_blocks
    assert (cov.kept, cov.duplicates, cov.conflicts) == (
        want.kept,
        want.duplicates,
        want.conflicts,
    )


@pytest.mark.corpus
@pytest.mark.parametrize("folder", FOLDERS)
def test_every_failure_is_the_known_broken_text_naming_file_and_line(
    covered: dict[str, Coverage], folder: str
) -> None:
    cov = covered[folder]
    assert dict(cov.reasons) == EXPECTED[folder].failures, cov.failures
    # coverage() checked that each reason starts with "file:line:"; conflicts name the id.
    conflicts = [r for code, r in cov.failures if code == "duplicate_conflict"]
    assert len(conflicts) == cov.conflicts
    assert all("already taken from a different text" in r for r in conflicts)


# Hands whose text contradicts itself although their file is not named broken: fpdb's
# no.flop file (wpn:727152195) was anonymised with its names permuted between the
# betting and the SUMMARY (Player0 posts the small blind and raises, the SUMMARY says
# Player0 bet nothing and Player3, who folded first, won): the audit rightly flags it.
SELF_CONTRADICTING = {"WPN-old": {"wpn:727152195"}}


@pytest.mark.corpus
@pytest.mark.parametrize("folder", FOLDERS)
def test_audit_finds_no_error_or_warning_on_intact_hands(
    covered: dict[str, Coverage], folder: str
) -> None:
    out = covered[folder].out
    keys = intact_keys(out)
    assert len(keys) == covered[folder].kept
    flagged = SELF_CONTRADICTING.get(folder, set())
    assert flagged <= set(keys)
    bad = findings_above_info(out, [k for k in keys if k not in flagged])
    assert bad.height == 0, bad.rows()[:5]
    assert set(findings_above_info(out, sorted(flagged))["hand_key"]) == flagged


@pytest.mark.corpus
@pytest.mark.parametrize("folder", FOLDERS)
def test_zero_sum_on_every_complete_cash_hand(covered: dict[str, Coverage], folder: str) -> None:
    """Σ (won − invested) + rake + fees = 0: what went in came out, to players or the room."""
    left = zero_sum_left(covered[folder].out)
    assert left.height == EXPECTED[folder].complete_cash
    flagged = SELF_CONTRADICTING.get(folder, set())
    assert left.filter(left["left"] != 0, ~left["hand_key"].is_in(flagged)).rows() == []


# Known differences after PHH export and import: the decoding note of a cp1252 line is
# about the source text, not the hand; partypoker:14835000000 deals HERO other cards
# than it shows (tests/rooms/test_partypoker.py), and PHH has one set of cards per player.
ROUND_TRIP_KNOWN = {
    "Pacific-888": {"findings": {"888poker:526119469"}},
    "PartyPoker-old": {
        t: {"partypoker:14835000000"} for t in ("players", "pots", "awards", "findings")
    },
}


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS)
def test_phh_export_round_trips(folder: str, tmp_path: Path) -> None:
    assert round_trip_differences([folder], tmp_path) == ROUND_TRIP_KNOWN.get(folder, {})


# One line of a sample hand changed so the room's identity no longer holds.
BROKEN_IDENTITY = [
    (  # WPN 2019+: Total pot is net of rake and JP fee
        "wpn/real/PLO-all-in-uncalled-jp-fee__ggratte__GeneralHands_GeneralHand.txt",
        "Total pot $79.50",
        "Total pot $78.50",
        "total_pot_mismatch",
    ),
    (  # WPN before 2019: Pot: is net of rake
        "wpn/real/PLO-old-all-in-showdown__HHSmithy__HandActionTests_AllInHandWithShowdown.txt",
        "Pot: 319. Rake 1",
        "Pot: 318. Rake 1",
        "total_pot_mismatch",
    ),
    (  # Bovada: Total Pot includes the rake
        "bovada/crafted/PLO-8-2014-posts-chip-hi-lo-no-rake-line.txt",
        "Total Pot($10.32)",
        "Total Pot($10.42)",
        "total_pot_mismatch",
    ),
    (  # 888poker: rake = put in − uncalled − collected, at most 5 %
        "888poker/real/PLO-showdown-six-players__HHSmithy__PlayerTests_OmahaShowdown.txt",
        "collected [ $39.90 ]",
        "collected [ $29.90 ]",
        "collected_mismatch",
    ),
    (  # PartyPoker 2026: Main Pot = put in − uncalled − rake
        "partypoker/crafted/PLO-2026-format-all-in-rake-line.txt",
        "Main Pot: $77.50 Rake: $3.00",
        "Main Pot: $76.50 Rake: $3.00",
        "side_pot_mismatch",
    ),
    (  # PartyPoker classic: the award includes the returned bet, rake at most 5 %
        "partypoker/real/PLO-buy-in-header-time-bank__HHSmithy__GameTypeTests_PotLimitOmaha.txt",
        "wins $45 USD",
        "wins $35 USD",
        "collected_mismatch",
    ),
]


def _errors(text: str, name: str) -> list[str]:
    lines = text.replace("\r\n", "\n").split("\n")
    results = list(parse_blocks(split_blocks(name, lines)))
    assert all(isinstance(r, HandRecord) for r in results), name
    return [
        f.code.value
        for r in results
        if isinstance(r, HandRecord)
        for f in audit_hand(r).findings
        if f.severity.value == "error"
    ]


@pytest.mark.parametrize(("sample", "line", "edited", "code"), BROKEN_IDENTITY)
def test_a_broken_room_identity_is_an_error_finding(
    sample: str, line: str, edited: str, code: str
) -> None:
    text = (SAMPLES / sample).read_bytes().decode("utf-8-sig")
    assert text.count(line) == 1
    assert _errors(text, sample) == []
    assert code in _errors(text.replace(line, edited), sample)
