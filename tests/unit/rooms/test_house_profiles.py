"""Built-in house-rules profiles, one per room whose rule document RULES.md restates:
each setting cites the seed and rule id, in the document's own words."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.house_rules import DEFAULT_HOUSE_RULES, RULE_OF_SETTING
from omahahh.rake.builtin import builtin_schedule, resolve_schedule
from omahahh.rake.schedule import BUILTIN_SCHEDULES
from omahahh.rooms.house_profiles import PROFILES, house_profile, resolve_house_rules
from tests.helpers.paths import CORPUS, REPO

runner = CliRunner()
SEEDS = REPO.parent / "shared" / "seeds"
RULES_MD = (REPO / "omahahh" / "data" / "RULES.md").read_text(encoding="utf-8")
RIT = (
    CORPUS
    / "PokerStars"
    / "ggratte__PokerHandHistoryParser"
    / "HandHistories.Parser.UnitTests"
    / "SampleHandHistories"
    / "PokerStars"
    / "CashGame"
    / "RunItTwiceTests"
    / "RunItTwice1.txt"
)


def _seed(number: str) -> str:
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


def test_the_profiles_are_the_rooms_rules_md_names() -> None:
    for profile in PROFILES.values():
        line = next(x for x in RULES_MD.splitlines() if x.startswith(f"- `{profile.seed}` = "))
        assert profile.document.split(":")[0] in line
        if profile.name != "finnish":  # RULES.md leaves the Finnish room unnamed
            assert profile.room in line, (profile.name, line)


@pytest.mark.parametrize("name", list(PROFILES))
def test_each_setting_differs_from_the_default_and_quotes_its_seed(name: str) -> None:
    profile = house_profile(name)
    assert profile.settings, name
    rules = profile.rules
    for s in profile.settings:
        assert getattr(rules, s.key) != getattr(DEFAULT_HOUSE_RULES, s.key), s.key
        assert s.rule == RULE_OF_SETTING[s.key]
        # The rule cites the profile's seed in RULES.md...
        rule_line = next(x for x in RULES_MD.splitlines() if f"- {s.rule} " in x)
        cited = RULES_MD[RULES_MD.index(rule_line) :].split("\n- ")[0]
        assert s.seed in re.findall(r"\d{3}", cited), (s.rule, cited)
        # ...and the quoted words are the document's own.
        quoted = re.match(r'"([^"]+)"', s.says)
        assert quoted, s.says
        if SEEDS.is_dir():
            assert quoted.group(1).lower() in _seed(s.seed).lower(), quoted.group(1)


def test_only_multipoker_gives_a_schedule_and_it_is_built_in() -> None:
    assert {p.name: p.schedule for p in PROFILES.values()} == {
        "unibet": None,
        "finnish": None,
        "stellapoker": None,
        "multipoker": "multipoker",
    }
    assert "multipoker" in BUILTIN_SCHEDULES
    assert resolve_schedule("multipoker").name == "multipoker"


def test_multipoker_schedule_is_the_documented_one_with_its_ten_dollar_minimum() -> None:
    documented, multipoker = builtin_schedule("documented"), builtin_schedule("multipoker")
    assert len(documented.tiers) == len(multipoker.tiers)
    for d, m in zip(documented.tiers, multipoker.tiers, strict=True):
        expected_min = 1000 if m.rule.rule_id == "R-RAKE-3" else 0
        assert m.rule.min_pot == expected_min
        assert replace(m, rule=replace(m.rule, min_pot=d.rule.min_pot)) == d


def test_rules_name_or_file(tmp_path: Path) -> None:
    rules, room = resolve_house_rules("multipoker")
    assert room is not None and room.name == "multipoker"
    assert rules.name == "multipoker" and rules.pot_limit_pot == "active_side_pot"
    path = tmp_path / "mine.toml"
    path.write_text('[showdown]\nhi_lo_odd_chip = "low"\n')
    rules, room = resolve_house_rules(str(path))
    assert room is None and rules.hi_lo_odd_chip == "low"


@pytest.mark.skipif(not RIT.is_file(), reason="needs ../shared/corpus")
def test_audit_under_multipoker_reads_the_pot_limit_as_its_document_does() -> None:
    default = runner.invoke(app, ["audit", str(RIT)])
    assert default.exit_code == 0 and "illegal_bet_size" not in default.output
    room = runner.invoke(app, ["audit", str(RIT), "--rules", "multipoker"])
    assert room.exit_code == 0
    assert "illegal_bet_size         R-BET-5" in room.output


def test_rules_multipoker_brings_its_schedule() -> None:
    from omahahh.cli.options import ingest_options

    assert ingest_options().rake_expectation is None
    hook = ingest_options(rules="multipoker").rake_expectation
    assert hook is not None
    assert ingest_options(rules="multipoker", schedule="none").rake_expectation is None


def test_rules_list_and_show() -> None:
    listed = runner.invoke(app, ["rules", "list"])
    assert listed.exit_code == 0
    assert [line.split()[0] for line in listed.output.splitlines()] == list(PROFILES)
    assert "schedule multipoker" in listed.output
    shown = runner.invoke(app, ["rules", "show", "multipoker"])
    assert shown.exit_code == 0, shown.output
    assert "R-BET-5" in shown.output and "[004]" in shown.output
    assert 'pot_limit_pot = "active_side_pot"  # R-BET-5' in shown.output


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", "nosuch"],
        ["rules", "show"],
        ["audit", "sample_histories", "--rules", "nosuch"],
        ["rake", "sample_histories", "--schedule", "nosuch"],
        ["ingest", "sample_histories", "--out", "x", "--schedule", "nosuch"],
    ],
)
def test_a_name_that_names_nothing_is_a_usage_error(args: list[str]) -> None:
    args = [str(REPO / a) if a == "sample_histories" else a for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
