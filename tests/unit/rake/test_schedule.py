"""Rake schedules as data: TOML round trips, validation messages, built-ins, resolution."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from omahahh.rake.builtin import builtin_schedule, resolve_schedule
from omahahh.rake.schedule import (
    BUILTIN_SCHEDULES,
    RakeScheduleError,
    Schedule,
)
from omahahh.rake.toml import dump_schedule, load_schedule, loads_schedule
from omahahh.rules.rake import Expected, PlayerCap, Rounding

GOOD = """
name = "room"
no_flop_no_drop = true
rounding = "up"

[[tier]]
label = "micro"
structures = ["pot_limit"]
currencies = ["EUR"]
max_big_blind = 10
percent_bp = 450
increment = 20
caps = [{ players = [2, 3], cap = 30 }, { players = 4, cap = 50 }]

[[tier]]
percent_bp = 500
fraction_rounding = "nearest"
no_flop_no_drop = false
"""


@pytest.mark.parametrize("name", BUILTIN_SCHEDULES)
def test_builtin_schedules_round_trip_through_toml(name: str) -> None:
    schedule = builtin_schedule(name)
    again = loads_schedule(dump_schedule(schedule), schedule.source)
    assert again == schedule


def test_top_level_settings_are_tier_defaults() -> None:
    s = loads_schedule(GOOD, "room.toml")
    micro, rest = s.tiers
    assert micro.rule.rounding is Rounding.UP and micro.rule.no_flop_no_drop
    assert micro.rule.caps == (PlayerCap(2, 3, 30), PlayerCap(4, 4, 50))
    assert micro.max_big_blind == 10 and micro.currencies == ("EUR",)
    assert rest.rule.rounding is Rounding.UP
    assert rest.rule.fraction_rounding is Rounding.NEAREST and not rest.rule.no_flop_no_drop
    assert rest.game_types == ("cash",) and rest.rule.rule_id == "R-RAKE-3"
    assert loads_schedule(dump_schedule(s), "room.toml") == s


def test_first_matching_tier_wins() -> None:
    s = loads_schedule(GOOD, "room.toml")

    def rake(currency: str, stakes: int) -> Expected | None:
        return s.expect(
            site="pokerstars",
            structure="pot_limit",
            game_type="cash",
            currency=currency,
            stakes=stakes,
            pot=1000,
            players=3,
            flop_dealt=True,
        )

    assert rake("EUR", 10) == Expected(30, "R-RAKE-3")  # 45 capped at 30
    assert rake("EUR", 25) == Expected(50, "R-RAKE-3")  # second tier, no cap
    assert rake("USD", 10) == Expected(50, "R-RAKE-3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[tier]]\nincrement = 5\n", "room.toml: tier[0].percent_bp: a tier needs exactly one"),
        ("[[tier]]\npercent_bp = 500\nincrment = 5\n", "room.toml: tier[0].incrment: unknown key"),
        ("[[tier]]\npercent_bp = 5.5\n", "room.toml: tier[0].percent_bp: expected a whole number"),
        ("[[tier]]\npercent_bp = 20000\n", "room.toml: tier[0].percent_bp: basis points above"),
        ('rounding = "sideways"\n', "room.toml: rounding: expected one of down, up, nearest"),
        ("[[tier]]\npercent_bp = 1\nincrement = 0\n", "room.toml: tier[0].increment: must be at"),
        (
            '[[tier]]\npercent_bp = 1\nstructures = ["stud"]\n',
            "room.toml: tier[0].structures: 'stud' is not one of",
        ),
        (
            "[[tier]]\npercent_bp = 1\ncaps = [{ players = [5, 3], cap = 1 }]\n",
            "room.toml: tier[0].caps[0].players: expected 1 <= N <= M",
        ),
        (
            "[[tier]]\npercent_bp = 1\ncaps = [{ players = [2, 5], cap = 1 },"
            " { players = [4, 6], cap = 2 }]\n",
            "room.toml: tier[0].caps: player ranges [2, 5] and [4, 6] overlap",
        ),
        (
            "[[tier]]\nsteps = [{ players = [2, 3], pot = [10, 5], rake = [1, 2] }]\n",
            "room.toml: tier[0].steps[0].pot: pot thresholds must rise strictly",
        ),
        (
            "[[tier]]\nsteps = [{ players = [2, 3], pot = [10], rake = [1, 2] }]\n",
            "room.toml: tier[0].steps[0].rake: expected 1 amounts",
        ),
        (
            "[[tier]]\nsteps = [{ players = [2, 3], pot = [10], rake = [1] }]\n"
            "caps = [{ players = 2, cap = 1 }]\n",
            "room.toml: tier[0].caps: a step table is its own cap",
        ),
        (
            "[[tier]]\npercent_bp = 1\nmin_big_blind = 10\nmax_big_blind = 5\n",
            "room.toml: tier[0].max_big_blind: below min_big_blind",
        ),
        ("name = [\n", "room.toml: not valid TOML"),
    ],
)
def test_validation_errors_name_the_file_and_the_key(text: str, message: str) -> None:
    with pytest.raises(RakeScheduleError) as err:
        loads_schedule(text, "room.toml")
    assert str(err.value).startswith(message), str(err.value)


def test_resolve_by_name_file_or_error(tmp_path: Path) -> None:
    assert resolve_schedule("documented").name == "documented"
    path = tmp_path / "room.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert resolve_schedule(path) == load_schedule(path)
    with pytest.raises(RakeScheduleError, match="neither a built-in"):
        resolve_schedule(tmp_path / "missing.toml")


def test_schedule_name_defaults_to_the_file_stem(tmp_path: Path) -> None:
    path = tmp_path / "myroom.toml"
    path.write_text("[[tier]]\npercent_bp = 500\n", encoding="utf-8")
    assert load_schedule(path).name == "myroom"


def test_schedules_pickle_for_worker_processes() -> None:
    s = builtin_schedule("documented")
    assert pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(s.expect)) is not None


def test_schedule_is_frozen_data() -> None:
    s = builtin_schedule("documented")
    assert isinstance(replace(s, name="x"), Schedule)
    with pytest.raises(AttributeError):
        s.name = "y"  # type: ignore[misc]
