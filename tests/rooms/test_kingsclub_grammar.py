"""Kings Club's whole grammar, one crafted hand per line shape (tests/data/crafted/kingsclub).

Each test reads a crafted hand and checks what was read (players, kinds, amounts,
cards, rake, awards), that the hand balances and that the audit finds no error or
warning; the refusal tests check the reason code and the line named.
"""

from __future__ import annotations

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("kingsclub")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hand(name: str, text: str | None = None) -> HandRecord:
    (only,) = parse_text(text_of(name) if text is None else text, str(DATA / name))
    assert isinstance(only, HandRecord), getattr(only, "reason", only)
    return only


def clean(h: HandRecord, returned: int = 0) -> None:
    """No error or warning; the hand balances: Σ put in − returned (+ the room's money)
    = pot, pot − rake = Σ awards. ``returned``: unmatched bets given back on no line."""
    audited = audit_hand(h)
    bad = [f for f in audited.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    assert audited.result is not None
    assert sum(u.amount for u in audited.result.uncalled) == returned
    pot = sum(a.amount for a in h.actions) - returned + (h.cash_drop_reported or 0)
    assert pot - (h.rake_reported or 0) == sum(c.amount for c in h.collections)


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in h.actions]


def test_all_in_or_fold_table_one_round_from_the_blinds_with_the_flop_face_up() -> None:
    h = hand("kc_01_aof_flop_first.txt")
    assert (h.site, h.hand_id, h.currency) == (Site.KINGSCLUB, "41000001", "XXX")
    # "Table ID 'PLO AOF 10bb' 3-max Seat #1 is the button"
    assert (h.table_name, h.max_seats, h.button_seat) == ("PLO AOF 10bb", 3, 1)
    # The header says pot limit; all-in is the only size: read as no-limit betting.
    assert h.game.structure is Structure.NO_LIMIT
    assert h.game.game_label == "Pot Limit Omaha (all-in or fold)"
    assert any("all-in-or-fold" in n for n in h.notes)
    assert {a.street for a in h.actions} == {Street.PREFLOP}  # one round, blinds live
    assert moves(h) == [
        ("Bob", ActionKind.POST_SMALL_BLIND, 100, False),
        ("Carol", ActionKind.POST_BIG_BLIND, 200, False),
        ("Alice", ActionKind.RAISE, 2000, True),  # "raises to 20, and is all in"
        ("Bob", ActionKind.FOLD, 0, False),
        ("Carol", ActionKind.CALL, 1800, True),  # "calls 20" counts her big blind
    ]
    assert h.boards == (parse_cards("2h 7h Tc 5s 9h"),)
    assert h.rake_reported == 200
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 3900)]
    clean(h)


def test_all_in_or_fold_folded_to_the_big_blind() -> None:
    h = hand("kc_02_aof_folded_to_the_big_blind.txt")
    assert h.game.structure is Structure.NO_LIMIT  # "No Limit Omaha" at an AOF table
    assert [a.street for a in h.actions] == [Street.PREFLOP] * 4
    assert h.boards == (parse_cards("2h 7h Tc"),)
    # The small blind's 1 against the big blind's 2: 1 comes back on no line.
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 200)]
    clean(h, returned=100)


def test_header_spaces_table_max_raise_by_to_and_a_bet_later() -> None:
    h = hand("kc_03_table_max_and_raise_by_to.txt")  # "#41000003:  Pot Limit Omaha"
    assert (h.hand_id, h.variant, h.table_name) == ("41000003", "PLO", "Denver PLO")
    assert (h.max_seats, h.button_seat) == (6, 2)  # "6-max Seat #2 is the button"
    raise_ = h.actions[2]
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 3500, 3500)
    assert ("Alice", ActionKind.CALL, 2500, False) in moves(h)  # "calls 35" from her 10
    bet = h.actions[6]
    assert (bet.street, bet.kind, bet.amount) == (Street.FLOP, ActionKind.BET, 5000)
    assert [(c.player, c.amount) for c in h.collections] == [("Bob", 7200)]
    clean(h, returned=5000)  # the flop bet comes back on no line


def test_side_pot_named_before_its_amount_and_rake_lines_added_up() -> None:
    h = hand("kc_04_side_pot_and_two_rake_lines.txt")
    assert h.rake_reported == 1000  # "Rake 5" twice
    assert [(c.player, c.pot_index, c.amount) for c in h.collections] == [
        ("Bob", 1, 39500),  # "Bob wins side pot 1 (395)"
        ("Bob", 0, 29500),  # "Bob wins pot (295)"
    ]
    assert ("Bob", ActionKind.BET, 20000, True) in moves(h)  # "bets 200, and is all in"
    clean(h)


def test_straddle_and_a_joining_players_blind() -> None:
    h = hand("kc_05_straddle_and_posts_blind.txt")
    assert moves(h)[:5] == [
        ("Bob", ActionKind.POST_SMALL_BLIND, 500, False),
        ("Carol", ActionKind.POST_BIG_BLIND, 1000, False),
        ("Dave", ActionKind.POST_STRADDLE, 2000, False),  # "posts straddle 20"
        ("Eve", ActionKind.POST_BIG_BLIND, 1000, False),  # "posts blind 10": live
        ("Eve", ActionKind.CALL, 1000, False),  # "calls 20" counts it
    ]
    assert (h.small_blind, h.big_blind) == (500, 1000)  # Eve's post sizes nothing
    assert [(c.player, c.amount) for c in h.collections] == [("Dave", 5300)]
    clean(h, returned=3000)


def test_tournament_table_chips_are_the_printed_figures_times_100() -> None:
    h = hand("kc_06_tournament_table.txt")
    assert (h.game_type, h.currency, h.unit) == (GameType.TOURNAMENT, "CHIPS", 1)
    assert (h.tournament_id, h.table_name) == ("1234567", "3")  # "T1234567 [3]"
    assert [s.stack_start for s in h.seats] == [1500, 1500, 1500]  # "(15.00)"
    assert (h.small_blind, h.big_blind) == (25, 50)
    assert moves(h)[2] == ("Alice", ActionKind.RAISE, 150, False)  # "raises to 1.50"
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 125)]
    clean(h, returned=100)


def test_sits_out_and_an_action_for_a_disconnected_player() -> None:
    h = hand("kc_07_sits_out_and_disconnect.txt")
    assert [s.player for s in h.seats if s.sitting_out] == ["Bob"]  # "Bob sits out"
    assert moves(h)[-1] == ("Carol", ActionKind.FOLD, 0, False)  # "folds (disconnect)"
    clean(h, returned=2000)


def test_currency_symbols_raise_adding_chips_and_an_uncalled_line() -> None:
    h = hand("kc_08_symbols_raise_added_uncalled.txt")
    assert (h.currency, h.variant) == ("USD", "PLO6")  # "($200)"; "Omaha 6 Card"
    assert [s.stack_start for s in h.seats] == [20000] * 3  # " Seat 1: Alice ($200)"
    assert h.table_name == "Six Card Club"  # " Table 'Six Card Club' ..."
    raise_ = h.actions[2]  # "Bob raises $6": 6 put in
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 600, 600)
    assert [(u.player, u.amount) for u in h.uncalled] == [("Bob", 1000)]
    assert h.dealt == (("Alice", parse_cards("As Ks Qs Js 9d 8d")),)
    clean(h, returned=1000)


def test_play_money_and_money_the_room_splashes_into_the_pot() -> None:
    h = hand("kc_09_play_money_and_splash.txt")
    assert (h.currency, h.unit, h.variant) == ("PLAY", 1, "PLO-8")
    assert h.cash_drop_reported == 50  # "STP added: 50"
    assert h.rake_reported is None
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 110)]
    clean(h)


def test_run_twice_from_the_flop_and_shows_per_run() -> None:
    h = hand("kc_10_run_twice_from_the_flop.txt")
    assert h.run_count == 2
    assert h.boards == (parse_cards("2c 7d 3h 9s 6c"), parse_cards("Ks 8s 4d 5h 2d"))
    # "Run 1: Alice shows [...]" and the same cards again for run 2: one show each.
    assert [(s.player, s.cards) for s in h.shows] == [
        ("Alice", parse_cards("As Ad Kc Qc")),
        ("Bob", parse_cards("Kh Kd Jh Th")),
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 9800), ("Bob", 9800)]
    clean(h)


def test_tournament_news_lines_carry_no_chips() -> None:
    h = hand("kc_11_tournament_news.txt")
    assert (h.tournament_id, h.table_name) == ("7654321", "1")
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 2000)]
    clean(h)


def test_a_cancelled_hand() -> None:
    h = hand("kc_12_hand_cancelled.txt")
    assert h.cancelled and h.collections == ()
    assert audit_hand(h).findings == ()


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Alice raises to 40 and has reached the [40] cap", "unsupported_game"),
        ("Alice cashed out the hand", "ambiguous_amount"),
        ("Alice mumbles", "unknown_line"),
    ],
)
def test_lines_refused_name_their_line(line: str, code: str) -> None:
    text = text_of("kc_03_table_max_and_raise_by_to.txt")
    at = "Rake 3" if "cashed" in line else "Carol folds"
    lines = text.replace(at, f"{line}\n{at}")
    f = failure(lines)
    assert f.reason_code == code
    assert f.source_line == lines.split("\n").index(line) + 1


@pytest.mark.parametrize(
    ("game", "code"),
    [
        ("Pot Limit 2-7 Drawmaha", "unsupported_game"),
        ("No Limit Holdem", "unsupported_game"),
        ("Pot Limit Omaha Courchevel", "bad_header"),
    ],
)
def test_games_refused(game: str, code: str) -> None:
    text = text_of("kc_03_table_max_and_raise_by_to.txt")
    f = failure(text.replace("Pot Limit Omaha", game, 1))
    assert (f.reason_code, f.source_line) == (code, 1)


def test_a_date_line_that_is_no_date() -> None:
    text = text_of("kc_03_table_max_and_raise_by_to.txt").replace("2021-03-02", "2021/03/02")
    f = failure(text)
    assert (f.reason_code, f.source_line) == ("bad_header", 2)
