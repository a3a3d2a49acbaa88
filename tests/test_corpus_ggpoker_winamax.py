"""Every GGPoker and Winamax file of ../shared/corpus ingests: each hand parsed, a
duplicate or a failure with a reason; each room's accounting identity, read from
rooms.py as data, holds for every parsed hand; the audit finds no error in hands
not broken on purpose."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.ingest import ingest
from omahahh.dataset.pipeline import parse_blocks
from omahahh.dataset.store import scan
from omahahh.model import HandRecord, Site
from omahahh.parsers.registry import expand_paths, iter_blocks
from omahahh.rooms.conventions import RoomConventions, conventions
from tests.replay_helpers import BROKEN_MARKS  # files broken on purpose (corpus/README.md)

ROOMS = ("GGPoker", "Winamax")
# Failures the corpus holds, and why (each must carry one of these codes).
KNOWN_REASONS = {"ambiguous_post", "truncated", "unsupported_game", "unknown_format"}


def broken_on_purpose(path: str) -> bool:
    return any(mark in path for mark in BROKEN_MARKS)


def identity_gap(hand: HandRecord, room: RoomConventions) -> tuple[int, int]:
    """How far the text is from its room's identity (0, 0 when it holds).

    C = chips put in, U = printed uncalled returns, D = cash drop, K = collected:
    Total = C - U + D, less the rake when the room prints the pot after rake, plus
    nothing else; K = Total - rake - fees, or K = Total when already net of rake.
    """
    put_in = sum(a.amount for a in hand.actions)
    uncalled = sum(u.amount for u in hand.uncalled)
    rake = hand.rake_reported or 0
    fees = sum(getattr(hand, name) or 0 for name in room.fees_outside_rake)
    total = put_in - uncalled + (hand.cash_drop_reported or 0)
    if not room.total_includes_rake:
        total -= rake + fees
    reported = hand.total_pot_reported or 0
    net = reported - (rake + fees if room.total_includes_rake else 0)
    collected = sum(c.amount for c in hand.collections)
    return total - reported, net - collected


@pytest.fixture(scope="module")
def dataset(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gg_wmx") / "ds"
    counts = ingest([corpus / room for room in ROOMS], out)
    assert counts.blocks == counts.parsed + counts.duplicates + counts.failures
    return out


def test_every_block_is_parsed_duplicate_or_failure_with_a_reason(corpus: Path) -> None:
    seen = 0
    for path in expand_paths([corpus / room for room in ROOMS]):
        blocks = list(iter_blocks(path))
        results = list(parse_blocks(blocks))
        assert len(results) == len(blocks), path
        seen += len(results)
        for r in results:
            if not isinstance(r, HandRecord):
                assert r.reason_code in KNOWN_REASONS, (path, r.reason)
                assert r.reason.startswith(f"{path}:")
    assert seen == 108  # INDEX.tsv: 90 GGPoker + 18 Winamax Omaha hands


def test_corpus_counts(dataset: Path) -> None:
    hands = scan(dataset, "hands").collect()
    failures = scan(dataset, "failures").collect()
    by_site = dict(hands.group_by("site").len().iter_rows())
    # Two Winamax hands print a raise before the blinds (fpdb's ante.raise file).
    assert by_site == {"ggpoker": 90, "winamax": 16}
    assert failures["reason_code"].to_list() == ["ambiguous_post", "ambiguous_post"]


def test_each_rooms_identity_as_data_holds_for_every_parsed_hand(corpus: Path) -> None:
    checked = 0
    for path in expand_paths([corpus / room for room in ROOMS]):
        for result in parse_blocks(iter_blocks(path)):
            if not isinstance(result, HandRecord):
                continue
            gap = identity_gap(result, conventions(result.site))
            if broken_on_purpose(str(path)):
                continue
            assert gap == (0, 0), (result.hand_key, gap)
            checked += 1
    assert checked == 105


def test_the_broken_pot_file_breaks_the_identity(corpus: Path) -> None:
    (path,) = [p for p in expand_paths([corpus / "Winamax"]) if "bad.pot" in str(p)]
    (hand,) = [r for r in parse_blocks(iter_blocks(path)) if isinstance(r, HandRecord)]
    assert identity_gap(hand, conventions(hand.site)) != (0, 0)


def test_identity_facts_are_data_in_rooms() -> None:
    gg, wmx = conventions(Site.GGPOKER), conventions(Site.WINAMAX)
    assert gg.total_includes_rake and set(gg.fees_outside_rake) == {
        "jackpot_reported",
        "other_fees_reported",
    }
    assert not wmx.total_includes_rake and wmx.total_includes_uncalled
    assert not wmx.prints_uncalled and wmx.collected_includes_uncalled and wmx.tags_hi_lo
    assert not gg.names_pots and gg.time_zone == "America/New_York"


def test_audit_finds_no_error_in_hands_not_broken_on_purpose(dataset: Path) -> None:
    hands = scan(dataset, "hands").select("hand_key", "source_path").collect()
    intact = [k for k, p in hands.iter_rows() if not broken_on_purpose(p)]
    errors = (
        scan(dataset, "findings")
        .filter(pl.col("severity") == "error", pl.col("hand_key").is_in(intact))
        .select("hand_key", "code", "message")
        .collect()
    )
    assert errors.height == 0, errors.rows()[:10]
