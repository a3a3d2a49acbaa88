"""``sample_histories/``: every file ingests, only the deliberately broken blocks fail,
every hand's own accounting adds up (docs/FORMATS.md §1.12), every variant is present,
the shown-hand descriptions are the evaluator's, and the README lists every file
with its true source."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from omahahh.dataset.pipeline import parse_blocks, process_file
from omahahh.eval.evaluator import describe_hand
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks
from tests.helpers.paths import SAMPLES

# Blocks that must fail, per file (relative to sample_histories/), in block order.
EXPECTED_FAILURES: dict[str, list[str]] = {
    "pokerstars/crafted/MIXED-8-game-home-game-holdem-hand-unsupported.txt": ["unsupported_game"],
    "pokerstars/crafted/PLO-truncated-last-hand-BROKEN-ON-PURPOSE.txt": ["truncated"],
    # The fixture ends on the "#Game No" line of a hand it does not hold.
    "888poker/real/PLO-swedish-ranks-cut-file__ggratte__ExtraHands_SpecialCards.txt": ["truncated"],
}

ALL_VARIANTS = {
    "PLO",
    "PLO-8",
    "NLO",
    "NLO-8",
    "FLO",
    "FLO-8",
    "PLO5",
    "PLO5-8",
    "PLO6",
    "PLO6-8",
    "CPLO",
    "CPLO-8",
}

README = SAMPLES / "README.md"
ROW_RE = re.compile(r"^\| `(?P<file>[a-z0-9]+/[^`]+)` \|(?P<rest>.*)\|$")
STARS = SAMPLES / "pokerstars"  # the room whose accounting the identity tests below state
# Real rows: | file | variant | shows | repository | commit | path | licence |
_TESTS = "HandHistories.Parser.UnitTests/SampleHandHistories/"
# Path prefix in the README -> (corpus folder, path inside the repository).
REAL_ROOTS = {
    "P/": ("PokerStars", _TESTS + "PokerStars/CashGame/"),
    "8/": ("Pacific-888", _TESTS + "Pacific/CashGame/"),
    "Y/": ("PartyPoker-old", _TESTS + "PartyPoker/CashGame/"),
}


def _sample_files() -> list[Path]:
    """The PokerStars samples (structured exports: tests/integration/test_sample_structured.py)."""
    folder = SAMPLES / "pokerstars"
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "README.md")


def _rel(path: Path) -> str:
    return path.relative_to(SAMPLES).as_posix()


@cache
def _results(path: Path) -> tuple[HandRecord | ParseFailure, ...]:
    return tuple(parse_blocks(iter_blocks(path)))


def _hands() -> list[HandRecord]:
    return [r for p in _sample_files() for r in _results(p) if isinstance(r, HandRecord)]


def _stars_hands() -> list[HandRecord]:
    """The PokerStars hands: docs/FORMATS.md §1.12's identity and the evaluator's words are
    theirs (the other rooms' identities: tests/rooms/)."""
    return [h for h in _hands() if h.site is Site.POKERSTARS]


def _hand_ids() -> list[str]:
    return [h.hand_key for h in _hands()]


def _readme_rows() -> dict[str, list[str]]:
    rows = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        m = ROW_RE.match(line)
        if m:
            rows[m["file"]] = [c.strip() for c in m["rest"].split(" | ")]
    return rows


def test_sample_folder_is_not_empty() -> None:
    assert len(_sample_files()) >= 30


@pytest.mark.parametrize("path", _sample_files(), ids=_rel)
def test_every_block_is_a_hand_or_an_expected_failure(path: Path) -> None:
    fragment = process_file(path)
    assert fragment.blocks == fragment.hands + fragment.failures
    failures = fragment.frames["failures"]
    assert failures["reason_code"].to_list() == EXPECTED_FAILURES.get(_rel(path), [])
    for row in failures.iter_rows(named=True):
        assert row["reason"].startswith(f"{path}:{row['source_line']}:")


def test_truncated_hand_fails_on_its_cut_line() -> None:
    path = SAMPLES / "pokerstars/crafted/PLO-truncated-last-hand-BROKEN-ON-PURPOSE.txt"
    (failure,) = [r for r in _results(path) if isinstance(r, ParseFailure)]
    assert failure.excerpt == "*** FLOP *** [Js 3d"
    assert failure.source_line == len(path.read_text(encoding="utf-8-sig").splitlines())


def test_hand_ids_are_unique_across_the_samples() -> None:
    ids = _hand_ids()
    assert len(ids) == len(set(ids))


def test_every_omaha_variant_appears() -> None:
    assert {h.variant for h in _hands()} >= ALL_VARIANTS


@pytest.mark.parametrize("hand", _stars_hands(), ids=lambda h: h.hand_key)
def test_identity_chips_in_minus_uncalled_equals_total_pot(hand: HandRecord) -> None:
    if hand.cancelled:
        assert hand.total_pot_reported is None
        assert all((s.won or 0) == 0 for s in hand.summary_seats)
        return
    put_in = sum(a.amount for a in hand.actions)
    returned = sum(u.amount for u in hand.uncalled)
    assert put_in - returned == hand.total_pot_reported


@pytest.mark.parametrize(
    "hand", [h for h in _stars_hands() if not h.cancelled], ids=lambda h: h.hand_key
)
def test_identity_total_minus_rake_equals_what_is_paid(hand: HandRecord) -> None:
    assert hand.total_pot_reported is not None
    paid = hand.total_pot_reported - (hand.rake_reported or 0)
    won = {s.player: s.won or 0 for s in hand.summary_seats}
    collected: dict[str, int] = defaultdict(int)
    for c in hand.collections:
        collected[c.player] += c.amount
    assert sum(won.values()) == paid
    cashed_out = {c.player for c in hand.cashouts}
    # A player who cashed out gets no collected line; the summary's "won (X)" stands (§1.12).
    assert not cashed_out & set(collected)
    assert sum(collected.values()) + sum(won[p] for p in cashed_out) == paid
    for player, amount in collected.items():
        assert won[player] == amount, player
    if hand.main_pot_reported is not None:
        assert hand.main_pot_reported + sum(hand.side_pots_reported) == paid


@pytest.mark.parametrize(
    "hand",
    [h for h in _stars_hands() if h.main_pot_reported is not None and not h.cashouts],
    ids=lambda h: h.hand_key,
)
def test_collected_lines_add_up_to_each_printed_pot(hand: HandRecord) -> None:
    by_pot: dict[int, int] = defaultdict(int)
    for c in hand.collections:
        by_pot[c.pot_index] += c.amount
    printed = [hand.main_pot_reported, *hand.side_pots_reported]
    assert [by_pot[i] for i in range(len(printed))] == printed


@pytest.mark.parametrize("hand", [h for h in _stars_hands() if h.shows], ids=lambda h: h.hand_key)
def test_shown_hand_descriptions_are_the_evaluators(hand: HandRecord) -> None:
    """R-HAND-1, R-LO-3..6: "(HI: two pair, Kings and Jacks; LO: 7,4,3,2,A)" is what the cards make."""
    run_of_line = _show_down_runs(hand)
    described = [
        s for s in hand.shows if s.description and len(s.cards) == hand.game.hole_card_count
    ]
    for show in described:
        board = hand.boards[run_of_line[show.line]]
        assert show.description == describe_hand(show.cards, board, hand.game.hi_lo), show


def _show_down_runs(hand: HandRecord) -> dict[int, int]:
    """Board index for each line of the hand: 1 from ``*** SECOND SHOW DOWN ***`` on."""
    block = next(b for b in iter_blocks(hand.source_path) if b.line == hand.source_line)
    run, runs = 0, {}
    for offset, line in enumerate(block.lines):
        if line.startswith("*** SECOND SHOW DOWN ***"):
            run = 1
        runs[offset] = run
    return runs


def test_readme_lists_every_file_and_only_existing_files() -> None:
    listed = set(_readme_rows())
    present = {_rel(p) for p in SAMPLES.rglob("*") if p.is_file() and p.name != "README.md"}
    assert listed == present  # every room's samples, not only the PokerStars ones


def test_readme_names_the_expected_failures() -> None:
    for rel, cells in _readme_rows().items():
        if "/crafted/" in rel:
            fails = cells[-1]
            expected = EXPECTED_FAILURES.get(rel, [])
            if expected:
                assert all(f"`{code}`" in fails for code in expected), rel
            else:
                assert fails == "—", rel
            assert cells[-2] == "crafted by the omahahh authors", rel
        else:  # a real file that fails somewhere says so in "What it shows"
            expected = EXPECTED_FAILURES.get(rel, [])
            assert all(f"`{code}`" in cells[1] for code in expected), rel


def test_readme_variant_column_matches_the_hands() -> None:
    for rel, cells in _readme_rows().items():
        variants = {h.variant for h in _results(SAMPLES / rel) if isinstance(h, HandRecord)}
        assert variants == {cells[0]}, rel


@pytest.mark.corpus
def test_real_files_are_byte_identical_to_their_named_mit_source(corpus: Path) -> None:
    real = {
        rel: cells for rel, cells in _readme_rows().items() if rel.startswith("pokerstars/real/")
    }
    assert real
    for rel, cells in real.items():
        _variant, _shows, repository, _commit, source, licence = cells
        assert licence == "MIT", rel
        assert repository in ("HHSmithy/PokerHandHistoryParser", "ggratte/PokerHandHistoryParser")
        source = source.strip("`")
        folder, root = REAL_ROOTS[source[:2]]
        original = corpus / folder / repository.replace("/", "__") / root / source[2:]
        assert (SAMPLES / rel).read_bytes() == original.read_bytes(), rel
