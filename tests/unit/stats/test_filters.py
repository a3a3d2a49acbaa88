"""Filters, aliases and groupings of the statistics, on the crafted sessions."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import polars as pl
import pytest

from omahahh.dataset.pipeline import process_text
from omahahh.stats.aliases import AliasError, parse_aliases
from omahahh.stats.filters import StatsFilter, StatsInputError, glob_regex, parse_when
from omahahh.stats.players import check_keys, player_stats, tables_of
from tests.helpers.stats_hands import HILO, SESSION, STEAL_AND_THREE_BET

# Hand 1 again, in euros (another hand number): money of two currencies.
EURO = (
    STEAL_AND_THREE_BET.replace("$", "€")
    .replace("USD", "EUR")
    .replace("300000000001", "300000000099")
)


@pytest.fixture(scope="module")
def tables() -> dict[str, pl.LazyFrame]:
    return tables_of(process_text("\n\n\n".join((SESSION, HILO, EURO))).frames)


def rows(frame: pl.DataFrame, *keys: str) -> dict[tuple[Any, ...], dict[str, Any]]:
    return {tuple(r[k] for k in keys): r for r in frame.iter_rows(named=True)}


def test_money_of_two_currencies_is_never_added(tables: dict[str, pl.LazyFrame]) -> None:
    by = rows(player_stats(tables), "player", "currency")
    assert by[("A", "USD")]["net_won"] == 205
    assert by[("A", "EUR")]["net_won"] == 45  # hand 1 in euros: won €0.75 for €0.30
    assert by[("A", "EUR")]["hands"] == 1


def test_player_globs(tables: dict[str, pl.LazyFrame]) -> None:
    usd = StatsFilter(currencies=("USD",))
    for pattern, expected in (("[AB]", {"A", "B"}), ("?", set("ABCDEFGHI")), ("G*", {"G"})):
        f = StatsFilter(players=(pattern,), currencies=("USD",))
        assert set(player_stats(tables, f)["player"]) == expected, pattern
    assert player_stats(tables, StatsFilter(players=("Z*",))).height == 0
    assert player_stats(tables, usd).height == 9


def test_a_player_filter_does_not_change_the_player_figures(
    tables: dict[str, pl.LazyFrame],
) -> None:
    # Fold to steal needs the stealer's row, c-bets the aggressor's: all still counted.
    full = rows(player_stats(tables), "player", "currency")
    for name in ("C", "D", "F"):
        alone = player_stats(tables, StatsFilter(players=(name,)))
        assert rows(alone, "player", "currency")[(name, "USD")] == full[(name, "USD")]


def test_position_filter(tables: dict[str, pl.LazyFrame]) -> None:
    # A was on the button in hand 1 and in the heads-up hand 4.
    f = StatsFilter(players=("A",), positions=("btn",), currencies=("USD",))
    a = player_stats(tables, f).row(0, named=True)
    assert (a["hands"], a["net_won"]) == (2, 45 - 1000)


def test_hand_filters(tables: dict[str, pl.LazyFrame]) -> None:
    def players(f: StatsFilter) -> set[str]:
        return set(player_stats(tables, f)["player"])

    assert players(StatsFilter(variants=("plo8",))) == {"G", "H", "I"}
    assert players(StatsFilter(structures=("no_limit",))) == {"A", "D"}
    assert players(StatsFilter(stakes=("0.05/0.10",), sites=("pokerstars",))) == set("ABCDEFGHI")
    assert players(StatsFilter(stakes=("$1/$2",))) == set()
    assert players(StatsFilter(game_types=("tournament",))) == set()
    assert players(StatsFilter(sites=("winamax",))) == set()


def test_time_filters_are_utc_since_inclusive_until_exclusive(
    tables: dict[str, pl.LazyFrame],
) -> None:
    # SESSION hands start 14:00..14:03 ET = 19:00..19:03 UTC; HILO 19:10, 19:11.
    f = StatsFilter(since=parse_when("2021-03-10T19:02"), until=parse_when("2021-03-10T19:10"))
    by = rows(player_stats(tables, f), "player", "currency")
    assert by[("A", "USD")]["hands"] == 2  # hands 3 and 4
    assert ("G", "USD") not in by
    whole_day = StatsFilter(
        since=parse_when("2021-03-10"), until=parse_when("2021-03-10", end=True)
    )
    assert player_stats(tables, whole_day)["hands"].sum() == player_stats(tables)["hands"].sum()


def test_min_hands(tables: dict[str, pl.LazyFrame]) -> None:
    kept = player_stats(tables, StatsFilter(min_hands=4))
    assert set(kept["player"]) == {"A", "D"}


def test_aliases_make_one_person_across_names(tables: dict[str, pl.LazyFrame]) -> None:
    aliases = parse_aliases('[aliases]\n"Ann" = ["G", "pokerstars:A"]\n"Bob" = ["winamax:B"]\n')
    by = rows(player_stats(tables, aliases=aliases), "player", "currency")
    assert by[("Ann", "USD")]["hands"] == 4 + 2
    assert by[("Ann", "USD")]["net_won"] == 205 - 5
    assert ("B", "USD") in by and ("Bob", "USD") not in by  # B plays on PokerStars
    # A glob on the person, or on a name it stands for, keeps the person's rows.
    for pattern in ("Ann", "G"):
        f = StatsFilter(players=(pattern,), currencies=("USD",))
        assert player_stats(tables, f, aliases=aliases)["player"].to_list() == ["Ann"]


def test_alias_file_errors() -> None:
    with pytest.raises(AliasError, match="given to both"):
        parse_aliases('"Ann" = ["A"]\n"Bob" = ["A"]\n')
    with pytest.raises(AliasError, match="not TOML"):
        parse_aliases("Ann = [A")
    with pytest.raises(AliasError, match="list of names"):
        parse_aliases('"Ann" = 3\n')


def test_by_position(tables: dict[str, pl.LazyFrame]) -> None:
    frame = player_stats(tables, StatsFilter(players=("A",), currencies=("USD",)), ["position"])
    assert dict(frame.select("position", "hands").iter_rows()) == {"BTN": 2, "CO": 1, "HJ": 1}


def test_by_category_counts_a_hand_under_each_of_its_labels(
    tables: dict[str, pl.LazyFrame],
) -> None:
    # A's cards are known in hands 3 (Kd Kh 7c 6c) and 4 (As Ks Qd 7h), not in 1 and 2.
    frame = player_stats(tables, StatsFilter(players=("A",), currencies=("USD",)), ["category"])
    assert dict(frame.select("category", "hands").iter_rows()) == {
        "unknown": 2,
        "single_suited": 2,
        "disconnected": 2,
        "one_pair": 1,
        "no_pair": 1,
        "ace_suited": 1,
    }
    won = dict(frame.select("category", "net_won").iter_rows())
    assert (won["one_pair"], won["ace_suited"]) == (1160, -1000)


def test_by_suits_is_a_partition(tables: dict[str, pl.LazyFrame]) -> None:
    frame = player_stats(tables, StatsFilter(players=("A",), currencies=("USD",)), ["suits"])
    assert frame["hands"].sum() == 4


def test_bad_keys_and_values_are_named() -> None:
    with pytest.raises(StatsInputError, match="--by colour"):
        check_keys(["colour"])
    with pytest.raises(StatsInputError, match="not a date"):
        parse_when("yesterday")
    assert parse_when("2021-03-10T14:00:00+01:00") == datetime(2021, 3, 10, 13, tzinfo=UTC)


def test_glob_regex_escapes_everything_else() -> None:
    assert glob_regex("a.b*") == r"^a\.b.*$"
    assert glob_regex("[!x]y") == "^[^x]y$"
