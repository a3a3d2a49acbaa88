"""docs/SCHEMA.md is generated from omahahh/dataset/tables.py and must stay equal to it."""

from __future__ import annotations

from omahahh.dataset.tables import TABLES, schema_markdown
from tests.helpers.paths import REPO


def test_schema_doc_equals_code() -> None:
    doc = (REPO / "docs" / "SCHEMA.md").read_text(encoding="utf-8")
    assert doc == schema_markdown(), "regenerate: python -m omahahh.dataset.tables > docs/SCHEMA.md"


def test_issue_columns_exist_by_name() -> None:
    # Columns analysts and other tools rely on by name.
    required = {
        "hands": "hand_key site hand_id started_at variant structure hole_card_count hi_lo game_type "
        "fast_fold tournament_id currency unit stakes small_blind big_blind small_bet big_bet ante "
        "table_name max_seats button_seat board cancelled total_pot_reported rake_reported "
        "source_path source_line",
        "players": "hand_key seat player stack_start sitting_out hole_cards showed uncalled_reported "
        "collected_reported cashout_reported cashout_fee_reported",
        "actions": "hand_key seq street player kind amount to_amount all_in",
        "failures": "source_path source_line reason_code reason excerpt",
    }
    for table, names in required.items():
        have = {c.name for c in TABLES[table]}
        assert set(names.split()) <= have, (table, set(names.split()) - have)
