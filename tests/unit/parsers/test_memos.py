"""What the Stars-like readers remember between lines and hands changes
nothing they read: a name found by one set lookup, an amount or a SUMMARY seat tail
read once and looked up after, and an unreadable one is still an error, on its line,
every time."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from omahahh.dataset.pipeline import parse_text
from omahahh.model import HandRecord
from omahahh.money import fast_minor, to_minor
from omahahh.parsers import builder, pokerstars
from omahahh.parsers.bovada import bovada_minor
from omahahh.parsers.builder import MinorReader
from omahahh.parsers.common import leading_name, match_name, names_longest_first, names_without
from omahahh.parsers.localised import localised_minor
from omahahh.parsers.partypoker import party_minor
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
    builder.forget_amounts()
    monkeypatch.setattr(builder, "_SEAT_TAILS", {})
    monkeypatch.setattr(builder, "MINOR_KEPT", 0)
    monkeypatch.setattr(builder, "_SEAT_TAILS_KEPT", 0)
    fresh = parse_hand(BASE)
    assert first == again == fresh
    assert not builder.remembered_amounts(fast_minor, 100) and not builder._SEAT_TAILS  # capped


ROOMS_READING_THROUGH_THE_BUILDER = [
    ("ggpoker", "double_space_header.txt", to_minor),
    ("wpn", "acr_lines_cash.txt", fast_minor),
    ("bovada", "bovada_verbs.txt", bovada_minor),
    ("partypoker", "noise_lines.txt", party_minor),
    ("poker888", "cash_hero_folds_after_flop.txt", localised_minor),
]


@pytest.mark.parametrize(("room", "name", "read_minor"), ROOMS_READING_THROUGH_THE_BUILDER)
def test_a_room_remembers_amounts_by_its_own_reading(
    room: str, name: str, read_minor: MinorReader, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each room reads amounts its own way (:meth:`HandBuilder.money` with the room's
    reader), remembered apart from the others': from memory or fresh, the same hands; an
    unreadable amount fails every time, never kept."""
    text = CraftedRoom(room).text(name)
    builder.forget_amounts()
    first, again = parse_text(text, name), parse_text(text, name)
    assert any(isinstance(r, HandRecord) for r in first)
    unit = next(r.unit for r in first if isinstance(r, HandRecord))
    assert builder.remembered_amounts(read_minor, unit)
    builder.forget_amounts()
    monkeypatch.setattr(builder, "MINOR_KEPT", 0)
    fresh = parse_text(text, name)
    assert first == again == fresh and not builder.remembered_amounts(read_minor, unit)


def test_an_amount_read_one_way_is_not_remembered_for_another() -> None:
    """``1.234`` is a thousand and more to 888poker's localised reading, a dollar and
    change to PokerStars': each reader has its own memory."""
    builder.forget_amounts()
    builder.remembered_amounts(localised_minor, 100)["1.234"] = localised_minor("1.234", 100)
    assert builder.remembered_amounts(fast_minor, 100) == {}


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
    assert builder.remembered_amounts(fast_minor, 1)["2500"] == 2500
    assert builder.remembered_amounts(fast_minor, 100)["$25"] == 2500
    builder.forget_amounts()
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
