"""PokerTracker's export of Microgaming hands (``** Hand # N starting``): its whole grammar,
one crafted hand per line shape (tests/data/crafted/microgaming_pt).

Each test reads a crafted hand and checks what was read (players, kinds, amounts,
cards, rake, awards), that the hand balances and that the audit finds no error or
warning; the refusal tests check the reason code and the line named.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, Site
from omahahh.rooms.conventions import conventions
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("microgaming_pt")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hand(name: str, text: str | None = None) -> HandRecord:
    (only,) = parse_text(text_of(name) if text is None else text, str(DATA / name))
    assert isinstance(only, HandRecord), getattr(only, "reason", only)
    return only


def clean(h: HandRecord, silent: int = 0) -> None:
    """No error or warning; the hand balances: Σ put in − ``silent`` − rake = Σ awards
    (``silent``: an unmatched bet returned on no line; one everyone folded to is inside
    the award)."""
    audited = audit_hand(h)
    bad = [f for f in audited.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    put_in = sum(a.amount for a in h.actions) - silent - (h.rake_reported or 0)
    assert put_in == sum(c.amount for c in h.collections)


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in h.actions]


def test_min_table_dealer_mark_after_a_space_and_the_folded_to_bet_inside_the_award() -> None:
    h = hand("mgpt_01_min_table_dealer_space.txt")
    assert (h.site, h.hand_id, h.game_type) == (Site.MICROGAMING_PT, "5029054001", GameType.CASH)
    # "** Deal PLO 251 (Deep) - €5 Min [Omaha] (0.05|0.10 PL - Cash Game) Real Money"
    assert (h.table_name, h.currency, h.small_blind, h.big_blind) == (
        "Deal PLO 251 (Deep)",
        "EUR",
        5,
        10,
    )
    assert h.button_seat == 1  # "€5.00 [Dealer]"
    assert h.started_at == datetime(2013, 9, 7, 3, 0, tzinfo=UTC)  # read as UTC
    raise_ = h.actions[2]  # "raised to €0.35": 35 put in
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 35, 35)
    # "wins €1.22": the €0.75 pot less €0.03 rake, and the €0.50 bet Player1 folded to.
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 122)]
    assert conventions(Site.MICROGAMING_PT).collected_includes_uncontested_bet
    clean(h)


def test_verbs_without_dash_version_header_seat_prefix_and_cash_kinds() -> None:
    h = hand("mgpt_02_verbs_without_dash.txt")
    # "Version:2", "[Omaha Hi]", "(… - €Cash Game seats:6)": a cash table of 6 in euros.
    assert (h.game_type, h.currency, h.variant, h.max_seats) == (GameType.CASH, "EUR", "PLO", 6)
    assert h.table_name == "Deal PLO 251 (Deep)"
    assert [s.player for s in h.seats] == ["Player0", "Hero", "Player1"]  # "- Player0 …"
    assert moves(h) == [
        ("Hero", ActionKind.POST_SMALL_BLIND, 5, False),  # "posted the small blind €0.05"
        ("Player1", ActionKind.POST_BIG_BLIND, 10, False),
        ("Player0", ActionKind.RAISE, 35, False),  # "raised €0.35"
        ("Hero", ActionKind.FOLD, 0, False),
        ("Player1", ActionKind.CALL, 25, False),  # "called €0.25"
        ("Player1", ActionKind.CHECK, 0, False),
        ("Player0", ActionKind.BET, 50, False),  # "bet €0.50"
        ("Player1", ActionKind.FOLD, 0, False),
    ]
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [("Player0", 122, 0)]
    clean(h)


def test_posted_to_play_and_the_all_in_blind_before_the_deal() -> None:
    h = hand("mgpt_03_posted_to_play_and_allin_blind.txt")
    assert moves(h)[:3] == [
        ("Hero", ActionKind.POST_SMALL_BLIND, 25, False),
        ("Player1", ActionKind.POST_BIG_BLIND, 40, True),  # "went all-in - €0.40"
        ("Player2", ActionKind.POST_BIG_BLIND, 50, False),  # "posted to play - €0.50"
    ]
    assert (h.small_blind, h.big_blind) == (25, 50)  # neither post sizes the blind
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [
        ("Hero", 114, 0),
        ("Hero", 20, 1),  # "from the side pot 1"
    ]
    assert h.rake_reported == 6
    clean(h)


def test_tournament_antes_cards_with_of_and_no_rake_line() -> None:
    h = hand("mgpt_04_tournament_antes_no_rake.txt")
    # "** Big Omaha Turbo (12345678):Table 3 [Omaha] (10|20 PL - MTT) Real Money"
    assert (h.game_type, h.currency, h.tournament_id, h.table_name) == (
        GameType.TOURNAMENT,
        "CHIPS",
        "12345678",
        "3",
    )
    assert h.ante == 5  # "posted the ante - 5", "posted ante - 5"
    assert [a.kind for a in h.actions][:3] == [ActionKind.POST_ANTE] * 3
    assert h.dealt == (("Alpha", parse_cards("Ah Kh Td Tc")),)  # "10d, 10c"
    assert h.boards == (parse_cards("2c 7d Qs"),)  # "Q of s"
    assert h.rake_reported is None
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 245)]
    clean(h)


def test_game_id_header_blaze_quick_fold_and_mucked_cards() -> None:
    h = hand("mgpt_05_blaze_quick_fold_game_id.txt")
    assert (h.hand_id, h.fast_fold, h.max_seats) == ("5200000000001", True, 6)
    assert moves(h)[2] == ("Player0", ActionKind.FOLD, 0, False)  # "Quick Folded"
    assert [(s.player, s.mucked) for s in h.shows] == [("Player1", False), ("Hero", True)]
    assert [(c.player, c.amount) for c in h.collections] == [("Player1", 19)]
    clean(h)


def test_play_money_and_a_bet_on_the_first_street_is_a_raise() -> None:
    h = hand("mgpt_06_play_money_bet_first_street.txt")
    assert (h.currency, h.unit, h.variant) == ("PLAY", 1, "PLO-8")
    raise_ = h.actions[2]  # "Alpha bet - 30" facing the big blind: a raise adding 30
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 30, 30)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 45)]
    clean(h)


def test_a_hand_with_one_player_or_a_cancel_line_is_cancelled() -> None:
    h = hand("mgpt_07_one_player_cancelled.txt")
    assert h.cancelled and any("one player" in n for n in h.notes)
    assert audit_hand(h).findings == ()
    text = text_of("mgpt_01_min_table_dealer_space.txt").split("** Dealing cards")[0]
    h = hand("mgpt_01_min_table_dealer_space.txt", text + "Hand cancelled\n")
    assert h.cancelled and h.collections == ()
    assert audit_hand(h).findings == ()


def test_the_excess_over_an_all_in_call_comes_back_on_no_line() -> None:
    text = text_of("mgpt_01_min_table_dealer_space.txt").replace(
        "Player1 sitting in seat 3 with €5.00", "Player1 sitting in seat 3 with €0.55"
    )
    text = text.replace(
        "Player1 folded\nPlayer0 mucks:\nPlayer0 wins €1.22 from the main pot\n\nRake: €0.03",
        "Player1 went all-in - €0.20\nPlayer0 shows: Ks, Kd, Qs, Qd\n"
        "Player1 shows: 2c, 3c, 4d, 5d\n** Dealing the turn: 3d\n** Dealing the river: 7s\n"
        "Player0 wins €1.10 from the main pot\n\nRake: €0.05",
    )
    h = hand("mgpt_01_min_table_dealer_space.txt", text)
    assert moves(h)[-1] == ("Player1", ActionKind.CALL, 20, True)  # all-in for less
    clean(h, silent=30)


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("[Omaha]", "[Hold'em]", "unsupported_game", 2),
        ("- €5 Min [Omaha]", "[Omaha]", "bad_header", 2),  # a cash table with no currency
        ("Hero folded", "Hero danced", "unknown_line", 12),
    ],
)
def test_refused(old: str, new: str, code: str, line: int) -> None:
    f = failure(text_of("mgpt_01_min_table_dealer_space.txt").replace(old, new))
    assert (f.reason_code, f.source_line) == (code, line)
