"""What a new user tripped on (issue 18): each point pinned by a test that failed before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.pipeline import process_file
from omahahh.dataset.store import scan
from tests.conftest import SAMPLES
from tests.replay_helpers import stars

runner = CliRunner()
REAL = SAMPLES / "pokerstars" / "real"

HAND = stars(
    """
    Jos\u00e9: posts small blind $1
    Bob: posts big blind $2
    *** HOLE CARDS ***
    Jos\u00e9: folds
    Uncalled bet ($1) returned to Bob
    Bob collected $2 from pot
    """,
    seats="""
    Seat 1: Jos\u00e9 ($100 in chips)
    Seat 2: Bob ($100 in chips)
    """,
    summary="Total pot $2 | Rake $0\nSeat 2: Bob (big blind) collected ($2)",
)


# -- 10: decoding and duplicate seats ------------------------------------------------------
def test_a_line_read_as_cp1252_is_an_info_finding_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(HAND.encode("cp1252"))  # "José" as one byte 0xE9: not UTF-8
    fragment = process_file(path)
    players = fragment.frames["players"]["player"].to_list()
    assert "Jos\u00e9" in players
    found = fragment.frames["findings"].filter(pl.col("code") == "decoding_repaired")
    assert found["message"].to_list()[0].startswith("line 3: not valid UTF-8")
    assert found["severity"].to_list() == ["info"] * found.height


def test_duplicate_seat_failure_cites_the_repeated_seat_line(tmp_path: Path) -> None:
    text = HAND.replace("Seat 2: Bob ($100 in chips)", "Seat 1: Bob ($100 in chips)")
    path = tmp_path / "h.txt"
    path.write_text(text, encoding="utf-8")
    (row,) = process_file(path).frames["failures"].to_dicts()
    assert row["reason_code"] == "duplicate_seat"
    assert row["reason"].startswith(f"{path}:4: two players in seat 1")
    assert row["excerpt"] == "Seat 1: Bob ($100 in chips)"
