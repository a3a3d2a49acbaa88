"""The house-rules profile: every [choice] of docs/RULES.md is a setting with the stated default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omahahh.house_rules import (
    DEFAULT_HOUSE_RULES,
    RULE_OF_SETTING,
    HouseRules,
    HouseRulesError,
    load_house_rules,
    load_house_rules_text,
    to_toml,
)
from tests.helpers.paths import REPO

RULES_MD = REPO / "omahahh" / "data" / "RULES.md"  # the rules as packaged


def _choice_rules() -> set[str]:
    """Rule ids whose text carries a [choice] mark in the packaged RULES.md."""
    text = RULES_MD.read_text(encoding="utf-8")
    found: set[str] = set()
    current = None
    for line in text.splitlines():
        m = re.match(r"- (R-[A-Z]+-\d+)", line)
        if m:
            current = m.group(1)
        if "[choice" in line and current:
            found.add(current)
    return found


def test_every_choice_of_rules_md_is_a_setting() -> None:
    choices = _choice_rules()
    assert choices == {
        "R-CARD-2",
        "R-BTN-2",
        "R-BL-3",
        "R-ODD-2",
        "R-RAKE-3",
        "R-RAKE-4",
        "R-RAKE-5",
    }
    assert choices <= set(RULE_OF_SETTING.values())


def test_defaults_are_the_ones_rules_md_states() -> None:
    d = DEFAULT_HOUSE_RULES
    assert d.hi_lo_odd_chip == "high"  # R-ODD-2
    assert d.hole_card_counts == (4, 5, 6)  # R-CARD-2
    assert d.limit_small_blind_rounding == "whole_unit"  # R-BL-3
    assert (d.rake_part_dollar, d.rake_min_pot, d.no_flop_no_drop) == ("floor", 0, False)


def test_example_file_is_the_default_profile(tmp_path: Path) -> None:
    example = REPO / "docs" / "house_rules.example.toml"
    assert example.read_text(encoding="utf-8") == to_toml(DEFAULT_HOUSE_RULES)
    assert load_house_rules(example) == DEFAULT_HOUSE_RULES


def test_house_rules_doc_lists_every_setting() -> None:
    doc = (REPO / "docs" / "HOUSE_RULES.md").read_text(encoding="utf-8")
    for setting, rule in RULE_OF_SETTING.items():
        assert f"| `{setting}` | {rule} |" in doc, setting


def test_a_file_overrides_only_what_it_names(tmp_path: Path) -> None:
    p = tmp_path / "room.toml"
    p.write_text('[showdown]\nhi_lo_odd_chip = "low"\n', encoding="utf-8")
    rules = load_house_rules(p)
    assert rules.hi_lo_odd_chip == "low" and rules.name == "room.toml"
    assert rules.pot_limit_pot == DEFAULT_HOUSE_RULES.pot_limit_pot


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[showdown]\nhi_lo_odd_chips = "low"', "unknown setting 'hi_lo_odd_chips' in [showdown]"),
        ('[shodown]\nhi_lo_odd_chip = "low"', "unknown section [shodown]"),
        ('[showdown]\nhi_lo_odd_chip = "middle"', "hi_lo_odd_chip = 'middle': expected one of"),
        ("[rake]\nrake_min_pot = -1", "rake_min_pot must be a whole number"),
        ("[rake]\nno_flop_no_drop = 1", "no_flop_no_drop must be true or false"),
        ("[table]\nhole_card_counts = []", "hole_card_counts must be a list"),
        ("[showdown", "not valid TOML"),
    ],
)
def test_bad_profiles_are_refused_with_the_key_named(text: str, message: str) -> None:
    with pytest.raises(HouseRulesError, match=re.escape(message)):
        load_house_rules_text(text, "room.toml")


def test_missing_file_is_a_library_error(tmp_path: Path) -> None:
    with pytest.raises(HouseRulesError, match="cannot read house rules"):
        load_house_rules(tmp_path / "nope.toml")


def test_profile_round_trips_through_toml() -> None:
    rules = HouseRules(name="x", hi_lo_odd_chip="low", rake_min_pot=1000, hole_card_counts=(4,))
    assert load_house_rules_text(to_toml(rules)) == rules
