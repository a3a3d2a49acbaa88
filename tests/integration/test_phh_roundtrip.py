"""PHH round trip: parse -> dataset -> export PHH -> import gives the same tables
(source columns aside); PokerKit's hands replay to PokerKit's final stacks."""

from __future__ import annotations

import dataclasses
import tomllib
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.dataset.tables import TABLES
from omahahh.export.phh import export_dataset, phh_document, phh_text, players_in_order
from omahahh.model import HandRecord
from omahahh.parsers import phh
from omahahh.replay.engine import replay
from tests.helpers.corpus_faults import ARCHIVE_FOLDERS
from tests.helpers.hands import STARS_BASE as STARS_PLO
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import PHH_FIXTURES
from tests.helpers.tables import comparable_table

FIXTURES = PHH_FIXTURES
SOURCE_COLUMNS = {"source_path", "source_line", "text_hash"}
ARCHIVE_ROOMS = tuple(sorted(ARCHIVE_FOLDERS))
ROOMS = ("PokerStars", "StarsClone", "GGPoker", "Winamax", *ARCHIVE_ROOMS)


@pytest.fixture(scope="module")
def datasets(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The corpus rooms parsed, then exported as PHH and the PHH ingested again."""
    tmp = tmp_path_factory.mktemp("phh_roundtrip")
    first = tmp / "parsed"
    ingest([corpus / room for room in ROOMS], first)
    counts = export_dataset(first, tmp / "phh", per_file=25)
    assert counts.hands > 150
    second = tmp / "imported"
    again = ingest([tmp / "phh"], second)
    assert again.failures == 0 and again.parsed == counts.hands
    return first, second


@pytest.mark.corpus
@pytest.mark.parametrize("table", [t for t in TABLES if t != "failures"])
def test_round_trip_gives_the_same_tables(datasets: tuple[Path, Path], table: str) -> None:
    first, second = datasets
    keys = scan(second, "hands").select("hand_key").collect()["hand_key"].to_list()
    before, after = comparable_table(first, table, keys), comparable_table(second, table, keys)
    assert before.height == after.height
    assert before.equals(after), before.join(after, how="anti", on=before.columns).head(5)


@pytest.mark.corpus
def test_round_trip_covers_po_and_fo8_hands(datasets: tuple[Path, Path]) -> None:
    _, second = datasets
    variants = dict(scan(second, "hands").group_by("variant").len().collect().iter_rows())
    assert variants.get("PLO", 0) >= 20 and variants.get("FLO-8", 0) >= 10


@pytest.mark.corpus
def test_only_hands_without_two_players_dealt_in_are_skipped(datasets: tuple[Path, Path]) -> None:
    first, second = datasets
    hands = scan(first, "hands").select("hand_key", "players_dealt").collect()
    kept = set(scan(second, "hands").select("hand_key").collect()["hand_key"].to_list())
    skipped = hands.filter(~pl.col("hand_key").is_in(kept))
    assert skipped.height > 0
    assert (skipped["players_dealt"] < 2).all()


def test_standard_variant_codes_for_po_and_fo8() -> None:
    h = parse_hand(STARS_PLO)
    assert phh_document(h)["variant"] == "PO"
    fo8 = phh.parse_file(FIXTURES / "pokerkit_fo8_split.phh")
    (hand,) = list(fo8)
    assert isinstance(hand, HandRecord)
    assert phh_document(hand)["variant"] == "FO/8"


def test_a_plain_plo_hand_needs_no_action_override() -> None:
    """Worked example: the crafted Stars hand (button seat 1; Bob 2 SB, Bob BB)."""
    doc = phh_document(parse_hand(STARS_PLO))
    assert doc["players"] == ["Bob 2", "Bob", "Alice"]  # p1 = left of the button
    assert doc["blinds_or_straddles"] == [Decimal("0.1"), Decimal("0.25"), 0]
    assert doc["starting_stacks"] == [Decimal("30.5"), 10, 25]
    assert doc["actions"] == [
        "d dh p1 ????????",
        "d dh p2 ????????",
        "d dh p3 AsKsQd7h",
        "p3 cbr 0.75",
        "p1 cbr 2.25",
        "p2 f",
        "p3 cc",
        "d db 2c7c9d",
        "p1 cbr 4.75",
        "p3 cbr 19",
        "p1 f",
    ]
    for field in ("actions", "seats", "dealt", "boards", "shows"):
        assert f"_omahahh_{field}" not in doc
    # What the standard cannot say rides in user-defined fields.
    assert doc["_omahahh_site"] == "pokerstars"
    # Records in them are written as TOML inline tables (read back here as the file would be).
    written = tomllib.loads(phh_text(parse_hand(STARS_PLO)))
    assert written["_omahahh_uncalled"] == [{"player": "Alice", "amount": 1425, "street": "flop"}]


def test_exported_text_is_toml_and_reads_back_as_the_same_record() -> None:
    h = parse_hand(STARS_PLO)
    text = phh_text(h)
    tomllib.loads(text)  # valid TOML
    (back,) = phh.parse_text(text, "x.phh")
    assert isinstance(back, HandRecord)
    assert back.hand_key == h.hand_key
    assert back.actions == tuple(dataclasses.replace(a, line=0) for a in h.actions)


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in FIXTURES.glob("pokerkit_*.phh*")),
)
def test_pokerkit_hands_replay_to_pokerkits_final_stacks(name: str) -> None:
    hands = list(phh.parse_file(FIXTURES / name))
    assert hands
    for h in hands:
        assert isinstance(h, HandRecord), getattr(h, "reason", h)
        result = replay(h)
        final = {}
        for p in result.players:
            assert p.won is not None, (h.hand_key, p.player)
            final[p.player] = p.stack_start - p.invested + p.won
        claimed = {s.player: s.stack_end_reported for s in h.seats}
        assert final == claimed, h.hand_key


def test_export_of_a_pokerkit_hand_keeps_its_standard_part() -> None:
    (h,) = list(phh.parse_file(FIXTURES / "pokerkit_plo_side_pot.phh"))
    assert isinstance(h, HandRecord)
    source = tomllib.loads(
        (FIXTURES / "pokerkit_plo_side_pot.phh").read_text(), parse_float=Decimal
    )
    doc = phh_document(h)
    for key in ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "players"):
        assert doc[key] == source[key], key
    assert players_in_order(h) == source["players"]
    # Only the shows' order differs (PokerKit's showdown order vs the players'): same set.
    assert sorted(doc["actions"]) == sorted(source["actions"])
