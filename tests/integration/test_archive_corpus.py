"""Every archive folder of ../shared/corpus: each block a parsed hand, a duplicate
or a failure with a precise reason; ≥ 95 % of INDEX.tsv's Omaha hands parsed (files broken
on purpose aside); each hand's money adds up (zero-sum); the audit finds no error and no
warning in hands not broken on purpose, save the text faults listed here with the reason."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import returns_in_collected
from omahahh.model import GameType, HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.replay.engine import replay
from omahahh.rooms.conventions import conventions
from tests.helpers.corpus_faults import ARCHIVE_FOLDERS as FOLDERS
from tests.helpers.corpus_faults import ARCHIVE_TEXT_FAULTS as TEXT_FAULTS
from tests.helpers.paths import CORPUS
from tests.helpers.replay import BROKEN_MARKS

pytestmark = pytest.mark.corpus  # the corpus's archive folders, every file

TOURNAMENT_ONLY = {"PokerTracker-Merge"}  # no cash hand to check for zero sum


def broken(path: Path | str) -> bool:
    return any(mark in str(path) for mark in BROKEN_MARKS)


def index_rows(folder: str) -> list[dict[str, str]]:
    rows = []
    with open(CORPUS / "INDEX.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            path = CORPUS / folder / row["repo"].replace("/", "__") / row["path"]
            if path.is_file():
                rows.append(row | {"file": str(path)})
    return rows


def folder_hands(folder: str) -> list[tuple[Path, HandRecord]]:
    """Parsed hands of a folder, the first copy of each hand key only."""
    seen: set[str] = set()
    out = []
    for path in expand_paths([CORPUS / folder]):
        for r in parse_blocks(iter_blocks(path)):
            if isinstance(r, HandRecord) and r.hand_key not in seen:
                seen.add(r.hand_key)
                out.append((path, r))
    return out


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_block_is_a_hand_or_a_failure_with_a_reason(folder: str) -> None:
    allowed = FOLDERS[folder] | {"unsupported_game"}
    for path in expand_paths([CORPUS / folder]):
        blocks = list(iter_blocks(path))
        results = list(parse_blocks(blocks))
        assert len(results) == len(blocks)
        for r in results:
            if not isinstance(r, HandRecord):
                assert r.reason.startswith(f"{path}:"), r.reason
                assert broken(path) or r.reason_code in allowed, r.reason


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_at_least_95_percent_of_index_omaha_hands_are_parsed(folder: str) -> None:
    rows = [r for r in index_rows(folder) if not broken(r["file"])]
    expected = sum(int(r["omaha_hands"]) for r in rows)
    files = {r["file"] for r in rows}
    found = 0
    for path in expand_paths([CORPUS / folder]):
        if str(path) in files:
            found += sum(isinstance(r, HandRecord) for r in parse_blocks(iter_blocks(path)))
    assert expected > 0 and found >= 0.95 * expected, (found, expected)


def net_by_player(hand: HandRecord) -> dict[str, int]:
    """Money each player took out of the hand less what he put in, as the text says
    (returns the room does not print come from the replay)."""
    net: dict[str, int] = defaultdict(int)
    for a in hand.actions:
        net[a.player] -= a.amount
    for c in hand.collections:
        net[c.player] += c.amount
    room = conventions(hand.site)
    result = replay(hand)
    returns = hand.uncalled if hand.uncalled or room.prints_uncalled else result.uncalled
    inside = returns_in_collected(hand, [(u.player, u.amount) for u in returns])
    for u in returns:
        net[u.player] += u.amount
    for player, amount in inside.items():  # already in the collected lines
        net[player] -= amount
    if not room.prints_lone_side_pots:  # paid back without a line (Kings Club)
        claimed = {c.pot_index for c in hand.collections}
        for p in result.pots:
            if p.index > 0 and not p.contested and p.index not in claimed:
                net[result.name_of(p.eligible[0])] += p.gross
    return net


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_cash_hand_is_zero_sum_with_the_rake(folder: str) -> None:
    checked = 0
    for path, hand in folder_hands(folder):
        if broken(path) or hand.game_type is not GameType.CASH or hand.cancelled:
            continue
        if hand.hand_key in TEXT_FAULTS:
            continue
        net = sum(net_by_player(hand).values()) - (hand.cash_drop_reported or 0)
        if not conventions(hand.site).prints_rake:
            # The room kept -net: a rake, so never negative nor more than a tenth of the pot.
            pot = sum(a.amount for a in hand.actions)
            assert 0 <= -net <= pot // 10, (hand.hand_key, -net)
        else:
            taken = (hand.rake_reported or 0) + (hand.jackpot_reported or 0)
            taken += hand.other_fees_reported or 0
            assert net + taken == 0, hand.hand_key
        checked += 1
    if folder in TOURNAMENT_ONLY:
        assert checked == 0
    else:
        assert checked > 0


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_printed_total_pot_is_the_chips_put_in(folder: str) -> None:
    for path, hand in folder_hands(folder):
        if broken(path) or hand.total_pot_reported is None or hand.hand_key in TEXT_FAULTS:
            continue
        room = conventions(hand.site)
        put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
        put_in += hand.cash_drop_reported or 0
        if not room.total_includes_rake:
            put_in -= hand.rake_reported or 0
        assert put_in == hand.total_pot_reported, hand.hand_key


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_audit_finds_no_error_or_warning_in_hands_not_broken_on_purpose(folder: str) -> None:
    for path, hand in folder_hands(folder):
        if broken(path):
            continue
        codes = {f.code.value for f in audit_hand(hand).findings if f.severity != "info"}
        assert codes == TEXT_FAULTS.get(hand.hand_key, set()), (hand.hand_key, codes)
