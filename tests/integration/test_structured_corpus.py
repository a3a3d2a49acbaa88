"""The structured-export folders of ../shared/corpus (iPoker, Boss Media, IGT,
Microgaming, Merge): every hand parsed, a duplicate, or a failure naming its element;
each room's accounting identity holds for every hand; net won + rake is zero for every
complete cash hand; the audit finds nothing but info outside the hands known to be
edited; a PHH export reads back to the same tables."""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import polars as pl
import pytest

from omahahh.audit.hand import audit_hand
from omahahh.audit.reconcile import paid_by_player
from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.dataset.tables import TABLES
from omahahh.export.phh import export_dataset
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block
from omahahh.rooms.conventions import conventions
from omahahh.stats.facts import player_hands
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import dataset_tables
from tests.helpers.corpus_faults import STRUCTURED_EDITED as EDITED
from tests.helpers.paths import CORPUS
from tests.helpers.replay import BROKEN_MARKS
from tests.helpers.tables import comparable_table

pytestmark = pytest.mark.corpus  # the corpus's structured-export folders, every file

FOLDERS = ("iPokerXML", "BossXML", "IGT-JSON", "MicrogamingXML", "MergeXML")

# Copies of a hand under the same id whose text the fixture authors edited (renamed a
# player, moved board cards, changed a stack): the first copy is kept, the others are
# ``duplicate_conflict`` rows.
CONFLICTS = {"BossXML": 4, "IGT-JSON": 2, "MicrogamingXML": 1}
# Failures and the element each names.
FAILURES = {"BossXML": [("unknown_player", "<ACTION> of line 7 names 'Player1'")]}


def index_hands() -> dict[str, int]:
    """INDEX.tsv's Omaha hands per folder, files broken on purpose left out."""
    out: dict[str, int] = defaultdict(int)
    with (CORPUS / "INDEX.tsv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if row["site"] in FOLDERS and not any(m in row["path"] for m in BROKEN_MARKS):
                out[row["site"]] += int(row["omaha_hands"])
    return out


@pytest.fixture(scope="module")
def datasets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("structured")
    return {folder: _ingest(folder, tmp) for folder in FOLDERS}


def _ingest(folder: str, tmp: Path) -> Path:
    out = tmp / folder
    counts = ingest([CORPUS / folder], out)
    assert counts.blocks == counts.parsed + counts.duplicates + counts.failures
    return out


def test_parsed_and_duplicates_cover_the_index(datasets: dict[str, Path]) -> None:
    wanted = index_hands()
    for folder, root in datasets.items():
        failures = scan(root, "failures").collect()
        conflicts = failures.filter(pl.col("reason_code") == "duplicate_conflict").height
        assert conflicts == CONFLICTS.get(folder, 0), folder
        others = failures.filter(pl.col("reason_code") != "duplicate_conflict")
        named = [(r["reason_code"], r["reason"]) for r in others.iter_rows(named=True)]
        expected = FAILURES.get(folder, [])
        assert [code for code, _ in named] == [code for code, _ in expected], folder
        for (_, reason), (_, element) in zip(named, expected, strict=True):
            assert element in reason
        parsed = scan(root, "hands").select(pl.len()).collect().item()
        blocks = sum(len(list(iter_blocks(p))) for p in expand_paths([CORPUS / folder]))
        duplicates = blocks - parsed - failures.height
        assert (parsed + duplicates + conflicts) / wanted[folder] >= 0.95, folder


def test_every_failure_names_file_line_and_element(datasets: dict[str, Path]) -> None:
    for root in datasets.values():
        for row in scan(root, "failures").collect().iter_rows(named=True):
            assert row["reason"].startswith(f"{row['source_path']}:{row['source_line']}: ")
            assert row["hand_key"]


def test_audit_finds_only_info_outside_the_edited_hands(datasets: dict[str, Path]) -> None:
    for root in datasets.values():
        found = (
            scan(root, "findings")
            .filter(pl.col("severity") != "info")
            .group_by("hand_key")
            .agg(pl.col("code").unique())
            .collect()
        )
        flagged = {key: set(codes) for key, codes in found.iter_rows()}
        assert flagged == {k: v for k, v in EDITED.items() if k in flagged}
        assert set(flagged) == {k for k in EDITED if k.split(":")[0] in _sites(root)}


def _sites(root: Path) -> set[str]:
    return set(scan(root, "hands").select("site").unique().collect()["site"])


def test_each_rooms_identity_holds_for_every_hand() -> None:
    """Chips put in − returns = rake + fees + what the pots paid; and the printed total,
    where the room prints one, is the pot its conventions say (rooms/conventions.py)."""
    checked = 0
    for path in expand_paths([CORPUS / f for f in FOLDERS]):
        for block in iter_blocks(path):
            hand = parse_block(block)
            if not isinstance(hand, HandRecord) or hand.hand_key in EDITED or hand.cancelled:
                continue
            audited = audit_hand(hand)
            assert audited.result is not None
            room = conventions(hand.site)
            put_in = sum(a.amount for a in hand.actions)
            returned = sum(u.amount for u in audited.result.uncalled)
            paid = sum((paid_by_player(hand, audited.result) or {}).values())
            # A room that prints no rake (iPoker): the audit's derived one, held to its cap.
            rake = hand.rake_reported if hand.rake_reported is not None else audited.result.rake
            assert "rake_above_cap" not in [f.code.value for f in audited.findings], hand.hand_key
            assert put_in - returned == paid + rake, hand.hand_key
            if hand.total_pot_reported is not None:
                total = put_in - returned - (0 if room.total_includes_rake else rake)
                assert total == hand.total_pot_reported, hand.hand_key
            checked += 1
    assert checked >= 120


def test_net_won_plus_rake_is_zero_for_every_complete_cash_hand(
    datasets: dict[str, Path],
) -> None:
    hands_seen = 0
    for root in datasets.values():
        rows = player_hands(dataset_tables(str(root)), StatsFilter(game_types=("cash",)))
        per_hand = (
            rows.collect()
            .group_by("hand_key")
            .agg(pl.col("net_won").sum())
            .join(scan(root, "hands").select("hand_key", "rake_reported").collect(), on="hand_key")
            .filter(~pl.col("hand_key").is_in(list(EDITED)))
        )
        assert per_hand.filter(pl.col("net_won") + pl.col("rake_reported") != 0).height == 0
        hands_seen += per_hand.height
    assert hands_seen >= 115


def test_phh_export_reads_back_to_the_same_tables(
    datasets: dict[str, Path], tmp_path: Path
) -> None:
    for folder, root in datasets.items():
        counts = export_dataset(root, tmp_path / folder / "phh", per_file=10)
        again = ingest([tmp_path / folder / "phh"], tmp_path / folder / "back")
        assert again.failures == 0 and again.parsed == counts.hands > 0
        keys = scan(tmp_path / folder / "back", "hands").select("hand_key").collect()
        for table in (t for t in TABLES if t != "failures"):
            before = comparable_table(root, table, keys["hand_key"].to_list())
            after = comparable_table(tmp_path / folder / "back", table, keys["hand_key"].to_list())
            assert before.equals(after), (folder, table)
