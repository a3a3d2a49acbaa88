"""`omahahh fairness` on real inputs: which cards the parsers mark as dealt, the sample
read back from a dataset, and the command on sample_histories and on datasets of
simulated fair and biased deals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.fairness.extract import fair_sample
from omahahh.fairness.family import Correction
from omahahh.fairness.report import COLUMNS, FairnessReport, fairness_report, render_table
from omahahh.fairness.sample import SampleCounts
from omahahh.fairness.simulate import Dealer, Known, as_sample, session
from omahahh.fairness.synthetic import session_tables, write_dataset
from omahahh.stats.players import dataset_tables
from tests.helpers.paths import PHH_FIXTURES, SAMPLES, corpus_file

FIXTURES = PHH_FIXTURES
GG_PLO = corpus_file(
    "GGPoker/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/GGPoker/CashGame/GameTypeTests/PotLimitOmaha.txt"
)
runner = CliRunner()


def _players(paths: list[Path], tmp: Path) -> pl.DataFrame:
    ingest(paths, tmp / "ds")
    return scan(tmp / "ds", "players").collect()


# ---- players.dealt_known --------------------------------------------------------------


def test_dealt_known_is_the_dealt_to_line_not_a_show_ggpoker(tmp_path: Path) -> None:
    players = _players([GG_PLO], tmp_path)
    by_name = {r["player"]: r for r in players.iter_rows(named=True)}
    assert by_name["Hero"]["dealt_known"] is True
    # The two opponents showed at showdown: cards known, but not from the deal.
    for name in ("c1d29c12", "7d288c5d"):
        assert by_name[name]["showed"] is True
        assert len(by_name[name]["hole_cards"]) == 4
        assert by_name[name]["dealt_known"] is False


def test_dealt_known_for_every_seat_of_a_phh_hand_dealt_face_up(tmp_path: Path) -> None:
    players = _players([FIXTURES / "pokerkit_plo_heads_up.phh"], tmp_path)
    assert players["dealt_known"].to_list() == [True, True]


def test_dealt_known_pokerstars_one_hero_a_hand(tmp_path: Path) -> None:
    players = _players([SAMPLES / "pokerstars"], tmp_path)
    known = players.filter(pl.col("dealt_known"))
    assert known.height > 0
    assert known.group_by("hand_key").len()["len"].max() == 1
    assert (known["hole_cards"].list.len() >= 4).all()
    shown = players.filter(pl.col("showed") & ~pl.col("dealt_known"))
    assert shown.height > 0
    assert (shown["hole_cards"].list.len() > 0).all()


# ---- the sample read back -------------------------------------------------------------


def _sorted_seats(s: object) -> tuple[np.ndarray, ...]:
    order = np.lexsort((s.seat, s.seat_hand))  # type: ignore[attr-defined]
    return tuple(getattr(s, f)[order] for f in ("seat_hand", "seat", "position", "holes"))


@pytest.mark.parametrize("known", list(Known))
def test_a_dataset_of_simulated_hands_reads_back_as_the_simulated_sample(
    tmp_path: Path, known: Known
) -> None:
    played = session(1500, 11)
    write_dataset(session_tables(played, known), tmp_path / "ds")
    got = fair_sample(dataset_tables(str(tmp_path / "ds")))
    want = as_sample(played, known)
    for name in ("hole_count", "all_known", "known", "board"):
        assert np.array_equal(getattr(got, name), getattr(want, name)), name
    assert np.array_equal(np.diff(got.table) == 0, np.diff(want.table) == 0)
    for a, b in zip(_sorted_seats(got), _sorted_seats(want), strict=True):
        assert np.array_equal(a, b)
    assert got.allin.player == want.allin.player
    assert np.array_equal(got.allin.share, want.allin.share)
    assert np.allclose(got.allin.equity, want.allin.equity)
    if known is Known.HERO:
        # The seat after the hero shows on every river: counted, never used.
        assert got.counts.shown_only == int((played.streets == 5).sum())
        assert got.counts.hero_only == 1500
    else:
        assert got.counts.all_known == 1500


# ---- the command ----------------------------------------------------------------------


def _run(*args: str) -> tuple[int, str]:
    """Exit code and standard output (standard error too when the command failed)."""
    result = runner.invoke(app, ["fairness", *args])
    return result.exit_code, result.stdout if result.exit_code == 0 else result.output


def test_command_on_sample_histories_says_not_enough_and_what_was_left_out() -> None:
    code, out = _run(str(SAMPLES))
    assert code == 0, out
    for test in ("card_frequency", "seat_uniformity", "starting_hands_4", "flop_texture"):
        assert test in out
    assert "not enough" in out
    assert "REJECTED" not in out
    assert "known only from a show are not used" in out


def test_json_rows_carry_every_column_and_the_sample(tmp_path: Path) -> None:
    out = tmp_path / "fair.json"
    code, text = _run(str(SAMPLES), "--format", "json", "--out", str(out))
    assert code == 0, text
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["correction"] == "holm" and doc["alpha"] == 0.01
    sample = doc["sample"]
    assert sample["hands_read"] == sample["all_known"] + sample["hero_only"] + sample["board_only"]
    assert sample["shown_only"] > 0
    for row in doc["tests"]:
        assert list(row) == list(COLUMNS)
        if row["p"] is None:
            assert row["rejected"] is None and row["verdict"].startswith("not enough")
            assert row["n"] < row["min_n"]


def test_csv_has_one_row_per_test(tmp_path: Path) -> None:
    code, text = _run(str(SAMPLES), "--format", "csv")
    assert code == 0, text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == COLUMNS
    assert len({r["test"] for r in rows}) == len(rows) >= 10


@pytest.fixture(scope="module")
def fair_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fair") / "ds"
    write_dataset(session_tables(session(3000, 2), Known.ALL), root)
    return root


def test_a_fair_dataset_is_tested_and_not_rejected(fair_dataset: Path) -> None:
    code, text = _run(str(fair_dataset), "--format", "json")
    assert code == 0, text
    doc = json.loads(text)
    deal = [r for r in doc["tests"] if r["family"] == "deal"]
    assert all(r["p"] is not None for r in deal), [r["note"] for r in deal if r["p"] is None]
    assert doc["rejected"] is False
    assert all(r["p_corrected"] >= r["p"] for r in deal)


def test_a_dealer_favouring_a_seat_is_rejected(tmp_path: Path) -> None:
    write_dataset(
        session_tables(session(1500, 4, dealer=Dealer.SEAT_ACE), Known.ALL), tmp_path / "ds"
    )
    code, text = _run(str(tmp_path / "ds"))
    assert code == 0, text
    assert "REJECTED" in text
    line = next(x for x in text.splitlines() if x.startswith("seat_uniformity"))
    assert line.rstrip().endswith("REJECTED")


def test_player_option_tests_that_players_hands_only(fair_dataset: Path) -> None:
    code, text = _run(str(fair_dataset), "--player", "t0s1", "--format", "json")
    assert code == 0, text
    doc = json.loads(text)
    assert doc["sample"]["player"] == "t0s1"
    # Table 0 holds 3000 / 20 hands; only that seat's cards are sampled.
    cards = next(r for r in doc["tests"] if r["test"] == "card_frequency")
    seat = next(r for r in doc["tests"] if r["test"] == "seat_uniformity")
    assert doc["sample"]["all_known"] == 150
    assert seat["p"] is None and seat["n"] == 150 * 4
    assert cards["n"] == 150 * 4 + int(
        (session(3000, 2).streets[:150]).sum()  # every board card of those hands
    )


def test_position_filter_is_a_usage_error(fair_dataset: Path) -> None:
    code, text = _run(str(fair_dataset), "--position", "BTN")
    assert code == 2
    assert "--position" in text


def test_missing_input_is_one_line_and_exit_1(tmp_path: Path) -> None:
    code, text = _run(str(tmp_path / "nothing"))
    assert code == 1
    assert len(text.strip().splitlines()) == 1


def test_report_rows_are_plain_data_for_other_pages(fair_dataset: Path) -> None:
    report = fairness_report(dataset_tables(str(fair_dataset)))
    assert json.loads(json.dumps(report.rows)) == report.rows
    assert [r["test"] for r in report.rows][:3] == [
        "card_frequency",
        "suit_frequency",
        "rank_frequency",
    ]


def test_fairness_is_listed_in_help() -> None:
    result = runner.invoke(app, ["--help"])
    assert "fairness" in result.output


def test_text_table_lists_rejected_players_and_counts_the_rest() -> None:
    def row(test: str, family: str, rejected: bool) -> dict[str, object]:
        return {
            "test": test,
            "family": family,
            "title": test,
            "unit": "all-ins",
            "n": 40,
            "min_n": 30,
            "statistic": 3.5 if rejected else 0.1,
            "df": None,
            "p": 0.0005 if rejected else 0.9,
            "p_corrected": 0.005 if rejected else 1.0,
            "rejected": rejected,
            "verdict": "REJECTED" if rejected else "ok",
            "note": "",
        }

    rows = [row("allin_favourites", "deal", False)]
    rows += [row(f"allin_luck:p{i}", "allin_players", i == 7) for i in range(50)]
    text = render_table(FairnessReport(rows, SampleCounts(), Correction.HOLM, 0.01))
    assert "allin_luck:p7" in text
    assert "allin_luck:p8" not in text
    assert "50 players' all-in luck tested, 1 rejected; 1 listed" in text
