"""Reading PHH files: PokerKit-written fixtures (tests/data/phh/README.md), the
standard's notation, and what becomes a failure row."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site, Street, Structure
from omahahh.parsers import phh
from omahahh.parsers.context import ParseContext
from omahahh.parsers.sources import Block
from tests.helpers.paths import PHH_FIXTURES

FIXTURES = PHH_FIXTURES

MINIMAL = """\
variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 AhAs2c3d', 'p3 cbr 7', 'p1 f', 'p2 f']
"""


def _hands(name: str) -> list[HandRecord]:
    out = []
    for result in phh.parse_file(FIXTURES / name):
        assert isinstance(result, HandRecord), getattr(result, "reason", result)
        out.append(result)
    return out


def _one(text: str, path: str = "t.phh") -> HandRecord | ParseFailure:
    (result,) = phh.parse_text(text, path)
    return result


def test_pokerkit_plo_fields_become_seats_posts_and_actions() -> None:
    (h,) = _hands("pokerkit_plo_side_pot.phh")
    assert h.site is Site.PHH and h.hand_key == "phh:1001"
    assert (h.game.variant, h.game.structure) == ("PLO", Structure.POT_LIMIT)
    assert (h.currency, h.unit, h.table_name) == ("CHIPS", 1, "Fixture 1")
    assert [(s.seat, s.player, s.stack_start) for s in h.seats] == [
        (2, "Alice", 200),
        (4, "Bob", 150),
        (6, "Carol", 60),
    ]
    assert h.button_seat == 6  # the last player of the standard is the button
    kinds = [(a.player, a.kind, a.amount) for a in h.actions[:5]]
    assert kinds == [
        ("Alice", ActionKind.POST_SMALL_BLIND, 1),
        ("Bob", ActionKind.POST_BIG_BLIND, 2),
        ("Carol", ActionKind.RAISE, 6),
        ("Alice", ActionKind.RAISE, 19),  # cbr 20: to 20, one already in
        ("Bob", ActionKind.RAISE, 58),
    ]
    carol_call = h.actions[5]
    assert (carol_call.kind, carol_call.amount, carol_call.all_in) == (ActionKind.CALL, 54, True)
    assert h.boards == (parse_cards("2c 7h 8h Td 3c"),)


def test_cbr_is_a_raise_to_with_the_room_style_raise_by() -> None:
    (h,) = _hands("pokerkit_plo_side_pot.phh")
    bob = next(a for a in h.actions if a.player == "Bob" and a.kind is ActionKind.RAISE)
    assert (bob.to_amount, bob.raise_by) == (60, 40)  # to 60 facing 20
    flop_bet = next(a for a in h.actions if a.street is Street.FLOP)
    assert (flop_bet.kind, flop_bet.amount, flop_bet.to_amount) == (ActionKind.BET, 50, 50)


def test_shows_and_finishing_stacks_are_claims() -> None:
    (h,) = _hands("pokerkit_plo_side_pot.phh")
    assert [s.player for s in h.shows] == ["Bob", "Carol", "Alice"]
    assert dict(h.dealt)["Alice"] == parse_cards("As Ah Ks Kh")
    assert [s.stack_end_reported for s in h.seats] == [230, 0, 180]


def test_heads_up_p2_is_the_button_and_posts_the_small_blind() -> None:
    (h,) = _hands("pokerkit_plo_heads_up.phh")
    assert [(a.player, a.kind, a.amount) for a in h.actions[:2]] == [
        ("Eve", ActionKind.POST_SMALL_BLIND, 1),  # p2
        ("Dan", ActionKind.POST_BIG_BLIND, 2),  # p1
    ]
    assert h.button_seat == 2
    assert h.actions[2].player == "Eve"  # the button acts first pre-flop, heads-up


def test_decimal_amounts_in_a_currency_are_cents_and_straddle_posts() -> None:
    (h,) = _hands("pokerkit_plo_cents_straddle.phh")
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("EUR", 100, 25, 50)
    assert [(a.kind, a.amount, a.to_amount) for a in h.actions[:3]] == [
        (ActionKind.POST_SMALL_BLIND, 25, None),
        (ActionKind.POST_BIG_BLIND, 50, None),
        (ActionKind.POST_STRADDLE, 100, 100),
    ]
    assert [s.seat for s in h.seats] == [1, 3, 5, 6]


def test_whole_number_amounts_play_with_unit_chips_like_pokerkit() -> None:
    (h,) = _hands("pokerkit_fo8_split.phh")  # currency = 'USD', whole dollars
    assert (h.currency, h.unit) == ("USD", 1)
    assert (h.game.variant, h.small_bet, h.big_bet) == ("FLO-8", 2, 4)
    assert h.small_blind == 1 and h.big_blind == 2


def test_phhs_file_gives_one_hand_per_table_with_its_line() -> None:
    hands = _hands("pokerkit_fo8_two_hands.phhs")
    assert [h.hand_id for h in hands] == ["3001", "3002"]
    lines = (FIXTURES / "pokerkit_fo8_two_hands.phhs").read_text().splitlines()
    assert [h.source_line for h in hands] == [lines.index("[1]") + 1, lines.index("[2]") + 1]
    assert hands[0].text_hash != hands[1].text_hash


def test_a_hand_without_hand_number_is_keyed_by_its_text() -> None:
    h = _one(MINIMAL)
    assert isinstance(h, HandRecord)
    assert h.hand_id == "h" + h.text_hash
    assert [p for p, _ in h.dealt] == ["p3"]  # '????????' deals unknown cards


def test_time_fields_and_zone_default_utc_or_the_option() -> None:
    text = MINIMAL + "year = 2024\nmonth = 1\nday = 2\ntime = 03:04:05\n"
    h = _one(text)
    assert isinstance(h, HandRecord)
    assert h.started_at == datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert h.started_at_text == "2024/01/02 03:04:05"
    (paris,) = [
        phh.parse_block(b, ParseContext(source_timezone="Europe/Paris"))
        for b in phh.hand_blocks("t.phh", text.split("\n"))
    ]
    assert isinstance(paris, HandRecord)
    assert paris.started_at == datetime(2024, 1, 2, 2, 4, 5, tzinfo=UTC)
    zoned = _one(text + "time_zone = 'America/New_York'\n")
    assert isinstance(zoned, HandRecord)
    assert zoned.started_at == datetime(2024, 1, 2, 8, 4, 5, tzinfo=UTC)


def test_other_user_defined_fields_are_ignored_and_omahahh_fields_override() -> None:
    text = MINIMAL + "_their_field = 'x'\n_omahahh_site = 'ggpoker'\n_omahahh_rake_reported = 5\n"
    h = _one(text)
    assert isinstance(h, HandRecord)
    assert (h.site, h.rake_reported) == (Site.GGPOKER, 5)
    nulled = _one(MINIMAL + "_omahahh_none = ['small_blind']\n")
    assert isinstance(nulled, HandRecord) and nulled.small_blind is None


@pytest.mark.parametrize(
    ("change", "code", "line"),
    [
        (("variant = 'PO'", "variant = 'NT'"), "unsupported_game", 1),
        (("min_bet = 2", "min_bet = = 2"), "bad_phh", 4),
        (("'p1 f'", "'p1 xx'"), "bad_phh", 6),
        (("'p1 f'", "'p9 f'"), "bad_phh", 6),
        (("AhAs2c3d", "AhAs2c3z"), "bad_cards", 6),
        (("'p3 cbr 7'", "'p3 cbr 7.5'"), None, None),
        (("_", "_"), None, None),
    ],
)
def test_bad_content_is_a_failure_row_naming_file_and_line(
    change: tuple[str, str], code: str | None, line: int | None
) -> None:
    result = _one(MINIMAL.replace(*change), "bad.phh")
    if code is None:
        assert isinstance(result, HandRecord)
        return
    assert isinstance(result, ParseFailure)
    assert (result.reason_code, result.source_line) == (code, line)
    assert result.reason.startswith(f"bad.phh:{line}:")


def test_decimal_cbr_without_currency_uses_the_finest_place() -> None:
    h = _one(MINIMAL.replace("'p3 cbr 7'", "'p3 cbr 7.5'"))
    assert isinstance(h, HandRecord)
    assert h.unit == 10 and h.actions[2].to_amount == 75


def test_a_bad_hand_of_a_phhs_fails_alone_at_its_line() -> None:
    text = "[1]\n" + MINIMAL + "\n[2]\nvariant = 'PO'\nstarting_stacks = [5]\n"
    results = phh.parse_text(text, "two.phhs")
    assert isinstance(results[0], HandRecord)
    assert isinstance(results[1], ParseFailure) and results[1].reason_code == "bad_phh"
    assert results[1].source_line == text.split("\n").index("starting_stacks = [5]") + 1


def test_hand_blocks_of_a_single_phh_is_the_whole_file() -> None:
    (block,) = phh.hand_blocks("x.phh", MINIMAL.split("\n"))
    assert isinstance(block, Block) and block.line == 1


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("pokerkit_*.phh*")))
def test_pokerkit_hands_audit_without_errors(name: str) -> None:
    from omahahh.audit.hand import audit_hand

    for h in phh.parse_file(FIXTURES / name):
        assert isinstance(h, HandRecord)
        errors = [f for f in audit_hand(h).findings if f.severity.value == "error"]
        assert errors == [], (h.hand_key, errors)
