"""Cake / Horizon's whole grammar, one crafted hand per line shape (tests/data/crafted/cake).

Each test reads a crafted hand and checks what was read (players, kinds, amounts,
cards, awards), that the hand balances and that the audit finds no error or warning;
the refusal tests check the reason code and the line named.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, Site, Structure
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("cake")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hand(name: str, text: str | None = None) -> HandRecord:
    (only,) = parse_text(text_of(name) if text is None else text, str(DATA / name))
    assert isinstance(only, HandRecord), getattr(only, "reason", only)
    return only


def clean(h: HandRecord) -> None:
    """No error or warning; the hand balances: Σ put in − returned − awards is what the
    room kept (Cake prints no rake), never negative."""
    audited = audit_hand(h)
    bad = [f for f in audited.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    pot = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
    assert 0 <= pot - sum(c.amount for c in h.collections) <= pot // 10


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int]]:
    return [(a.player, a.kind, a.amount) for a in h.actions]


@pytest.mark.parametrize(
    "stamp",
    [
        "2018/10/30 - 21:36:02",  # our corpus
        "2018-10-30 - 21-36-02",  # DriveHUD's list of formats
        "2018.10.30 - 21/36/02",
        "2018/10/30 21:36:02",  # fpdb: any run of spaces or dashes before the time
    ],
)
def test_every_date_shape_is_the_same_time_in_et(stamp: str) -> None:
    text = text_of("cake_01_cash_date.txt").replace("2018/10/30 - 21:36:02", stamp)
    h = hand("cake_01_cash_date.txt", text)
    assert h.started_at == datetime(2018, 10, 31, 1, 36, 2, tzinfo=UTC)  # 21:36 EDT
    assert h.started_at_text == stamp
    assert (h.site, h.variant, h.currency) == (Site.CAKE, "PLO", "USD")
    assert [(u.player, u.amount) for u in h.uncalled] == [("Alpha", 20)]
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 28)]
    clean(h)


def test_an_unreadable_date_is_a_bad_header() -> None:
    text = text_of("cake_01_cash_date.txt").replace("2018/10/30 - 21:36:02", "30/10/2018 21:36")
    f = failure(text)
    assert (f.reason_code, f.source_line) == ("bad_header", 1)


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"])
def test_amounts_grouped_by_spaces(space: str) -> None:
    text = text_of("cake_02_tournament_space_thousands.txt")
    for figure in ("1 640", "1 360", "2 720"):
        text = text.replace(figure, figure.replace(" ", space))
    h = hand("cake_02_tournament_space_thousands.txt", text)
    assert (h.game_type, h.currency, h.tournament_id) == (GameType.TOURNAMENT, "CHIPS", "15042503")
    assert [s.stack_start for s in h.seats] == [1640, 1360]  # "(1 640 in chips)"
    assert ("Hero", ActionKind.BET, 460) in moves(h)  # "is all in 460"
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 2720)]
    # "Hero finished 2 out of 2 players": tournament news, no chips.
    clean(h)


def test_no_limit_word_is_fixed_limit_and_the_figures_are_the_bets() -> None:
    h = hand("cake_03_fixed_limit_no_limit_word.txt")  # "$0.10/$0.20 Omaha H/L"
    assert h.game.structure is Structure.FIXED_LIMIT and h.game.hi_lo
    assert (h.small_bet, h.big_bet, h.small_blind, h.big_blind) == (10, 20, 5, 10)
    assert h.game.game_label == "Omaha H/L"
    assert [(c.player, c.half, c.amount) for c in h.collections] == [("Alpha", "high", 43)]
    clean(h)


def test_dead_blind_and_big_blind_without_a_space_after_the_colon() -> None:
    h = hand("cake_04_dead_blind_and_big_blind.txt")
    assert moves(h)[2:4] == [
        ("Delta", ActionKind.POST_DEAD, 2),
        ("Delta", ActionKind.POST_BIG_BLIND, 4),
    ]
    assert (h.small_blind, h.big_blind) == (2, 4)
    assert [(c.player, c.amount) for c in h.collections] == [("Delta", 11)]
    clean(h)


def test_a_dead_blind_alone() -> None:
    text = text_of("cake_04_dead_blind_and_big_blind.txt")
    text = text.replace("$0.02 and big blind $0.04", "$0.02").replace(
        "Delta: checks", "Delta: calls $0.04"
    )
    h = hand("cake_04_dead_blind_and_big_blind.txt", text)
    assert moves(h)[2:4] == [("Delta", ActionKind.POST_DEAD, 2), ("Delta", ActionKind.CALL, 4)]
    clean(h)


def test_seats_without_in_chips() -> None:
    h = hand("cake_05_seats_without_in_chips.txt")
    assert [s.stack_start for s in h.seats] == [200, 250, 100200]  # "($2)", "($1,002)"
    clean(h)


def test_seats_with_a_currency_code() -> None:
    text = text_of("cake_05_seats_without_in_chips.txt").replace("$", "€")
    text = text.replace("(€2)", "(EUR 2)").replace("(€2.50)", "(EUR 2.50)")
    h = hand("cake_05_seats_without_in_chips.txt", text)
    assert h.currency == "EUR" and [s.stack_start for s in h.seats][:2] == [200, 250]
    clean(h)
    mixed = text.replace("(EUR 2)", "(USD 2)")
    f = failure(mixed)
    assert (f.reason_code, f.source_line) == ("bad_amount", 3)


def test_turbo_table_raise_without_to_wins_with_a_colon_and_sits_out() -> None:
    h = hand("cake_06_turbo_raises_wins_colon_sits_out.txt")
    assert (h.table_name, h.max_seats) == ("$ Dallas (Turbo, 6-Max) 21916", 6)
    assert [s.player for s in h.seats if s.sitting_out] == ["Delta"]  # "Delta sits out"
    raise_ = h.actions[2]  # "Alpha: raises $0.35": to 0.35, as fpdb reads it
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 35, 35)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 71)]  # "Alpha: wins"
    assert [(s.player, s.mucked) for s in h.shows] == [("Alpha", False), ("Charlie", True)]
    clean(h)


def test_a_play_money_table() -> None:
    h = hand("cake_07_play_money.txt")
    assert (h.currency, h.unit, h.game_type) == ("PLAY", 1, GameType.CASH)
    assert [s.stack_start for s in h.seats] == [2000] * 3
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 50)]
    clean(h)


@pytest.mark.parametrize(
    ("game", "code"),
    [("PL Hold'em", "unsupported_game"), ("PL Omaha Courchevel", "bad_header")],
)
def test_games_refused(game: str, code: str) -> None:
    f = failure(text_of("cake_01_cash_date.txt").replace("PL Omaha", game, 1))
    assert (f.reason_code, f.source_line) == (code, 1)


def test_an_unknown_line_is_named() -> None:
    text = text_of("cake_01_cash_date.txt").replace("Bravo: folds", "Bravo: dances")
    f = failure(text)
    assert (f.reason_code, f.source_line) == ("unknown_line", 10)


def test_header_with_spaces_around_its_dash_starts_a_hand() -> None:
    text = text_of("cake_01_cash_date.txt").replace("101 - $ Perth", "101  -  $ Perth")
    second = text.replace("5322021915000101", "53220219150001A2")
    results = parse_text(text + second, "crafted.txt")  # no blank line between them
    assert [getattr(r, "hand_id", None) for r in results] == [
        "5322021915000101",
        "53220219150001A2",
    ]
