"""What the Stars-like readers remember between lines and hands changes
nothing they read: a name found by one set lookup, an amount or a SUMMARY seat tail
read once and looked up after, and an unreadable one is still an error, on its line,
every time."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from omahahh.model import HandRecord
from omahahh.parsers import builder, pokerstars
from omahahh.parsers.common import leading_name, match_name, names_longest_first, names_without
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from tests.helpers.crafted import CraftedRoom
from tests.helpers.hands import STARS_BASE as BASE
from tests.helpers.parsing import parse_failure, parse_hand

WORDS = ["Bob", "Bob 2", "Bob: x", "B", "Al:", "Al", ": ", " ", "2", "o"]


def test_leading_name_is_the_longest_first_search() -> None:
    """FORMATS §9.1: ``Bob 2: folds`` names Bob 2 even with Bob seated; names holding the
    separator fall back to the search, and both always agree."""
    rng = random.Random(11)
    for _ in range(20_000):
        names = ["".join(rng.choices(WORDS, k=rng.randint(1, 3))) for _ in range(rng.randint(1, 6))]
        ordered = names_longest_first(names)
        plain = names_without(ordered, ": ")
        line = rng.choice(names) + "".join(rng.choices(WORDS, k=rng.randint(0, 3)))
        assert leading_name(line, ordered, plain, ": ") == match_name(line, ordered, ": ")
    assert leading_name("Bob 2: folds", ("Bob 2", "Bob"), frozenset({"Bob", "Bob 2"}), ": ") == (
        "Bob 2"
    )


def test_a_name_holding_the_separator_is_still_read() -> None:
    text = BASE.replace("Bob 2", "Bob: 2")
    hand = parse_hand(text)
    assert any(a.player == "Bob: 2" and a.kind == "raise" for a in hand.actions)


def test_amounts_read_from_memory_equal_amounts_read_fresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = parse_hand(BASE)
    again = parse_hand(BASE)  # every amount and seat tail now comes from memory
    monkeypatch.setattr(pokerstars, "_MINOR_BY_UNIT", {})
    monkeypatch.setattr(builder, "_SEAT_TAILS", {})
    monkeypatch.setattr(pokerstars, "MINOR_KEPT", 0)
    monkeypatch.setattr(builder, "_SEAT_TAILS_KEPT", 0)
    fresh = parse_hand(BASE)
    assert first == again == fresh
    assert not pokerstars._MINOR_BY_UNIT[100] and not builder._SEAT_TAILS  # capped


def test_a_room_reading_with_the_builders_money_remembers_amounts_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GGPoker reads amounts with :meth:`HandBuilder.money`: from memory or fresh, the
    same hand; an unreadable amount fails every time, never kept."""
    text = CraftedRoom("ggpoker").text("double_space_header.txt")
    first, again = parse_hand(text), parse_hand(text)
    assert builder._MINOR_BY_UNIT[100]
    monkeypatch.setattr(builder, "_MINOR_BY_UNIT", {})
    monkeypatch.setattr(builder, "MINOR_KEPT", 0)
    fresh = parse_hand(text)
    assert first == again == fresh and not builder._MINOR_BY_UNIT[100]
    monkeypatch.undo()
    amount = re.search(r"calls (\$[\d.]+)", text)
    assert amount is not None
    bad = text.replace(f"calls {amount[1]}", f"calls {amount[1]}x", 1)
    for _ in range(2):
        assert parse_failure(bad).reason_code == "bad_amount"


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("Alice: calls $1.50", "Alice: calls $1.5x", "bad_amount", 14),
        (
            "Seat 1: Alice (button) collected ($14.20)",
            "Seat 1: Alice (button) showed [As Zz Qd 7h] and won ($14.20)",
            "bad_cards",
            25,
        ),
    ],
)
def test_an_unreadable_value_fails_its_hand_every_time(
    old: str, new: str, code: str, line: int
) -> None:
    parse_hand(BASE)  # fill the memory with this hand's good values
    bad = BASE.replace(old, new)
    for _ in range(2):
        failure = parse_failure(bad)
        assert (failure.reason_code, failure.source_line) == (code, line)


def test_memory_is_per_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    """``$25`` at a cash table is 2,500 cents; ``2500`` in a tournament 2,500 chips: a
    tournament hand read after cash hands equals one read with empty memories."""
    header = BASE.splitlines()[0]
    chips_header = (
        "PokerStars Hand #85723676180: Tournament #2012090009, $200+$50+$15 USD Omaha Pot Limit"
        " - Level I (10/20) - 2012/09/05 12:59:52 EET [2012/09/05 5:59:52 ET]"
    )

    def cents(m: re.Match[str]) -> str:
        return str(int(m[1]) * 100 + int((m[2] or "0").ljust(2, "0")))

    chips = re.sub(r"\$(\d+)(?:\.(\d\d?))?", cents, BASE.replace(header, chips_header))
    cash, tourney = parse_hand(BASE), parse_hand(chips)
    assert (cash.unit, tourney.unit) == (100, 1)
    assert pokerstars._MINOR_BY_UNIT[1]["2500"] == pokerstars._MINOR_BY_UNIT[100]["$25"] == 2500
    monkeypatch.setattr(pokerstars, "_MINOR_BY_UNIT", {})
    monkeypatch.setattr(builder, "_SEAT_TAILS", {})
    assert parse_hand(chips) == tourney


@pytest.mark.corpus
def test_the_stars_loop_reads_every_corpus_hand_as_the_shared_reader_does(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PokerStars reads a hand's lines in a loop of its own (``pokerstars._read_sections``);
    every PokerStars and StarsClone corpus hand, and every failure, comes out
    as the shared ``read_sections`` with ``_body_line`` reads it."""
    paths = expand_paths([corpus / "PokerStars", corpus / "StarsClone"])
    blocks = [b for path in paths for b in iter_blocks(path)]

    def shared(hand: pokerstars.StarsHand, lines: tuple[str, ...], start: int, _: object) -> None:
        builder.read_sections(
            hand,
            lines,
            start,
            pokerstars._street_line,
            pokerstars._body_line,
            pokerstars._summary_line,
        )

    own = list(parse_blocks(blocks))
    monkeypatch.setattr(pokerstars, "_read_sections", shared)
    assert list(parse_blocks(blocks)) == own
    assert sum(isinstance(r, HandRecord) for r in own) >= 70
