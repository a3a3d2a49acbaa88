"""Ongame's grammar, line shape by line shape, on crafted hands (tests/data/crafted/ongame).

Each test reads a hand made from one shape (docs/SITES.md, Ongame's grammar table),
checks what the record says (amounts in minor units, players, kinds, cards, pots,
rake, awards) and that the audit finds no error or warning; a refused shape checks
its reason code and line.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure
from omahahh.parsers.registry import parse_blocks, split_blocks
from omahahh.parsers.sources import text_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "ongame"


def crafted(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def parse(text: str) -> HandRecord | ParseFailure:
    (result,) = parse_blocks(split_blocks("<crafted>", text_lines(text.strip("\n"))))
    return result


def read(text: str) -> HandRecord:
    """The one hand of ``text``, which must parse and audit without error or warning."""
    result = parse(text)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    bad = [
        (f.code, f.message)
        for f in audit_hand(result).findings
        if f.severity in ("error", "warning")
    ]
    assert bad == []
    return result


def refused(text: str) -> ParseFailure:
    result = parse(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result


def awards(h: HandRecord) -> list[tuple[str, int, int, str | None]]:
    return [(c.player, c.amount, c.pot_index, c.half) for c in h.collections]


def kinds(h: HandRecord, player: str) -> list[tuple[ActionKind, int, bool]]:
    return [(a.kind, a.amount, a.all_in) for a in h.actions if a.player == player]


# -- header: tournaments ------------------------------------------------------------------
def test_tournament_header_names_the_tournament_and_its_buy_in() -> None:
    h = read(crafted("tournament.txt"))
    assert h.hand_key == "ongame:T5-556424428-1"
    assert (h.game_type, h.tournament_id, h.buy_in) == (GameType.TOURNAMENT, "R-10093-864", "€5")
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("CHIPS", 1, 25, 50)
    assert h.started_at == datetime(2010, 3, 13, 20, 5, tzinfo=UTC)  # 21:05 CET
    assert kinds(h, "Alpha") == [(ActionKind.RAISE, 150, False), (ActionKind.BET, 200, False)]
    assert awards(h) == [("Alpha", 325, 0, None)]
    assert (h.main_pot_reported, h.rake_reported) == (325, None)


@pytest.mark.parametrize(
    ("first", "tid", "buy_in"),
    [
        (
            "***** History for hand T5-556424428-1 (TOURNAMENT: R-10093-864) *****",
            "R-10093-864",
            None,
        ),
        (
            '***** History for hand T5-556424428-1 (TOURNAMENT: "Daily", S-77-1, buy-in: $2.20) *****',
            "S-77-1",
            "$2.20",
        ),
        ("***** History for hand T5-556424428-1 *****", None, None),
    ],
)
def test_tournament_header_parts_are_optional(
    first: str, tid: str | None, buy_in: str | None
) -> None:
    text = crafted("tournament.txt").replace(crafted("tournament.txt").splitlines()[0], first)
    h = read(text)
    assert (h.game_type, h.tournament_id, h.buy_in) == (GameType.TOURNAMENT, tid, buy_in)
    assert awards(h) == [("Alpha", 325, 0, None)]


def test_table_line_ante_and_posted_antes_and_an_all_in_big_blind() -> None:
    h = read(crafted("tournament_ante_allin.txt"))
    assert h.ante == 5
    antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert antes == [("Alpha", 5), ("Bravo", 5), ("Charlie", 5)]
    assert kinds(h, "Charlie") == [
        (ActionKind.POST_ANTE, 5, False),
        (ActionKind.POST_BIG_BLIND, 50, True),
    ]
    assert awards(h) == [("Charlie", 140, 0, None)]
    assert [(s.player, s.cards) for s in h.shows] == [
        ("Alpha", parse_cards("Qs Jh 8c 3c")),
        ("Charlie", parse_cards("Ad Ac 6s 5h")),
    ]


def test_bare_ante_and_the_older_all_in_suffix() -> None:
    """fpdb's ``posts ante 5`` (no parentheses) and ``and is all-in`` (its first reader)."""
    text = crafted("tournament_ante_allin.txt").replace("posts ante (5)", "posts ante 5")
    text = text.replace("(50) [all in]", "(50) and is all-in")
    h = read(text)
    assert [a.amount for a in h.actions if a.kind is ActionKind.POST_ANTE] == [5, 5, 5]
    assert kinds(h, "Charlie")[-1] == (ActionKind.POST_BIG_BLIND, 50, True)


# -- header: time zones ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("zone", "hour"),
    [
        ("EEST", 18),
        ("EET", 19),
        ("WEST", 20),
        ("MSD", 17),
        ("MEST", 19),
        ("CEST", 19),
        ("GMT", 21),
        ("PDT", 4),  # the next day
        ("PST", 5),
        ("GMT+0100", 20),
        ("GMT+03:00", 18),
        ("GMT-0500", 2),
    ],
)
def test_java_zone_names_and_gmt_offsets(zone: str, hour: int) -> None:
    """Java's ``Date.toString()`` prints the zone's short name (a summer name in summer)
    or, for a custom zone, its offset."""
    h = read(crafted("zone_eest.txt").replace(" EEST ", f" {zone} "))
    day = 8 if hour < 12 else 7
    assert h.started_at == datetime(2014, 7, day, hour, 0, tzinfo=UTC)
    assert h.started_at_text == f"Mon Jul 07 21:00:00 {zone} 2014"
    assert awards(h) == [("Tiresias.", 760, 0, None)]
    assert (h.main_pot_reported, h.rake_reported) == (800, 40)


@pytest.mark.parametrize(
    ("zone", "why"), [("IST", "ambiguous"), ("CST", "ambiguous"), ("XYZT", "unknown")]
)
def test_ambiguous_and_unknown_zones_are_refused(zone: str, why: str) -> None:
    f = refused(crafted("zone_eest.txt").replace(" EEST ", f" {zone} "))
    assert f.reason_code == "bad_header" and why in f.reason
    assert f.source_line == 2 and f.excerpt.startswith("Start hand:")


# -- header: stakes and money -----------------------------------------------------------------
def test_stakes_without_a_symbol_take_the_seats_currency() -> None:
    h = read(crafted("offset_no_symbol.txt"))
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("USD", 100, 25, 50)
    assert h.started_at == datetime(2010, 8, 18, 18, 29, 10, tzinfo=UTC)  # GMT+0100
    assert awards(h) == [("phantomaas", 95, 0, None)]
    assert (h.main_pot_reported, h.rake_reported) == (100, 5)


def test_real_money_printed_with_no_currency_anywhere_is_refused() -> None:
    text = crafted("offset_no_symbol.txt").replace("$", "")
    f = refused(text)
    assert f.reason_code == "bad_header" and "no currency" in f.reason
    assert f.source_line == 3


@pytest.mark.parametrize(
    ("word", "currency", "unit"),
    [("Play money", "PLAY", 100), ("Chips", "CHIPS", 100), ("TC", "CHIPS", 100)],
)
def test_play_money_and_chips_with_cents(word: str, currency: str, unit: int) -> None:
    text = crafted("zone_eest.txt").replace("Real money", word).replace("$", "")
    h = read(text)
    assert (h.currency, h.unit, h.game_type) == (currency, unit, GameType.CASH)
    assert awards(h) == [("Tiresias.", 760, 0, None)]


def test_an_unknown_money_word_is_refused() -> None:
    f = refused(crafted("zone_eest.txt").replace("Real money", "Fun money"))
    assert f.reason_code == "bad_header" and f.source_line == 3


def test_thousands_separators() -> None:
    text = crafted("zone_eest.txt").replace("($27.94)", "($1,027.94)")
    text = text.replace("($31.54)", "($1,031.54)")
    h = read(text)
    assert [(s.player, s.stack_start) for s in h.seats] == [
        ("Tiresias.", 102794),
        ("souha7374", 2708),
    ]


def test_not_omaha_is_refused() -> None:
    f = refused(crafted("zone_eest.txt").replace("OMAHA_HI", "TEXAS_HOLDEM"))
    assert f.reason_code == "unsupported_game" and f.hand_key == "ongame:R5-361878619-400"


# -- posts --------------------------------------------------------------------------------------
def test_all_in_big_blind_and_a_side_pot() -> None:
    h = read(crafted("bb_allin_side_pot.txt"))
    assert kinds(h, "Cid") == [(ActionKind.POST_BIG_BLIND, 50, True)]
    assert awards(h) == [("Cid", 145, 0, None), ("Bob", 195, 1, None)]
    assert (h.main_pot_reported, h.side_pots_reported, h.rake_reported) == (150, (200,), 10)


def test_a_short_all_in_blind_does_not_size_the_blinds() -> None:
    h = read(crafted("sb_short_allin.txt"))
    assert kinds(h, "Bob") == [(ActionKind.POST_SMALL_BLIND, 10, True)]
    assert (h.small_blind, h.big_blind) == (25, 50)
    assert awards(h) == [("Cid", 20, 0, None)]


def test_dead_blind() -> None:
    h = read(crafted("dead_blind.txt"))
    assert kinds(h, "Dee") == [
        (ActionKind.POST_BIG_BLIND, 50, False),
        (ActionKind.POST_DEAD, 25, False),
        (ActionKind.CHECK, 0, False),
        (ActionKind.FOLD, 0, False),
    ]
    assert awards(h) == [("Ann", 170, 0, None)]
    assert (h.main_pot_reported, h.rake_reported) == (175, 5)


def test_small_and_big_blind_at_once() -> None:
    """``posts small & big blind ( $0.75)`` (fpdb): the big blind live, the rest dead."""
    text = crafted("dead_blind.txt").replace(
        "Dee posts big blind ($0.50)\nDee posts dead blind ($0.25)",
        "Dee posts small & big blind ( $0.75)",
    )
    h = read(text)
    assert kinds(h, "Dee")[:2] == [
        (ActionKind.POST_DEAD, 25, False),
        (ActionKind.POST_BIG_BLIND, 50, False),
    ]
    assert awards(h) == [("Ann", 170, 0, None)]


# -- dealing, sitting out ----------------------------------------------------------------------
def test_sits_out_speed_table_and_hero_cards() -> None:
    h = read(crafted("sits_out_speed.txt"))
    assert h.table_name == "[SPEED] Austin" and h.max_seats == 6
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Ann", False),
        ("Bob", True),
        ("Cid", False),
    ]
    assert h.dealt == (("Ann", parse_cards("Ac Ad Kc Kd")),)
    assert awards(h) == [("Ann", 100, 0, None)]


def test_new_hand_for_is_hero_cards_too() -> None:
    h = read(crafted("sits_out_speed.txt").replace("Dealing to Ann:", "New hand for Ann:"))
    assert h.dealt == (("Ann", parse_cards("Ac Ad Kc Kd")),)


# -- summary ------------------------------------------------------------------------------------
def test_hi_lo_halves_tagged_high_and_low() -> None:
    h = read(crafted("hilo_tagged.txt"))
    assert h.variant == "PLO-8"
    assert awards(h) == [("Ann", 475, 0, "high"), ("Bob", 475, 0, "low")]
    assert (h.main_pot_reported, h.rake_reported) == (1000, 50)


def test_a_winner_list_not_read_to_its_end_is_refused() -> None:
    text = crafted("hilo_tagged.txt").replace("($4.75 Low)", "($4.75 Lo)")
    f = refused(text)
    assert f.reason_code == "unknown_line" and f.source_line == 27


def test_a_hand_without_its_pot_line_is_truncated() -> None:
    text = "\n".join(crafted("dead_blind.txt").splitlines()[:22])
    f = refused(text)
    assert f.reason_code == "truncated"
