"""PKR's whole grammar, one crafted hand per line shape (tests/data/crafted/pkr/README.md).

Each test reads a crafted hand, checks what was read (players, kinds, amounts, cards,
rake, awards), that the hand balances, and that the audit finds no error or warning;
the refusal tests check the reason code and the line named.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.rooms.conventions import conventions
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("pkr")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hands(name: str, text: str | None = None) -> list[HandRecord]:
    results = parse_text(text_of(name) if text is None else text, str(DATA / name))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert failures == []
    return [r for r in results if isinstance(r, HandRecord)]


def hand(name: str) -> HandRecord:
    (only,) = hands(name)
    return only


def clean(h: HandRecord, returned: int = 0) -> None:
    """No error or warning; the hand balances: Σ put in − returned = pot, pot − rake = Σ
    awards; ``returned``: the unmatched bet PKR gives back without a line."""
    audited = audit_hand(h)
    bad = [f for f in audited.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    assert audited.result is not None
    assert sum(u.amount for u in audited.result.uncalled) == returned
    pot = sum(a.amount for a in h.actions) - returned
    assert pot - (h.rake_reported or 0) == sum(c.amount for c in h.collections)


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in h.actions]


def test_all_in_suffix_and_one_rake_line_per_pot() -> None:
    h = hand("pkr_01_allin_two_pots.txt")
    assert (h.site, h.variant, h.currency, h.hand_id) == (Site.PKR, "PLO", "USD", "1900000001")
    assert (h.small_blind, h.big_blind) == (100, 200)  # "Blinds are now $1/$2"
    assert ("Bravo", ActionKind.CALL, 1800, True) in moves(h)  # "calls $20 (all-in)"
    assert h.rake_reported == 250  # "$1 from pot 1" + "$1.50 from pot 2"
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [
        ("Bravo", 5900, 0),
        ("Alpha", 7850, 0),  # "wins $78.50": the side pot, named by no line
    ]
    assert conventions(Site.PKR).names_pots is False  # so awards compare per player
    clean(h)


def test_a_tied_side_pot_and_awards_with_a_hand_name() -> None:
    h = hand("pkr_02_tie_side_pot.txt")
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [
        ("Bravo", 5900, 0),  # "wins $59 with: Four of a Kind, Twos"
        ("Alpha", 3925, 1),  # "ties side pot #1, and wins $39.25 with: …"
        ("Charlie", 3925, 1),
    ]
    clean(h)


def test_tournament_table_chips_bounties_and_antes() -> None:
    h = hand("pkr_03_tournament.txt")
    assert (h.game_type, h.currency, h.tournament_id, h.table_name) == (
        GameType.TOURNAMENT,
        "CHIPS",  # "Money Type: TOURNAMENT CHIPS"
        "778899",  # "Table #5551234 - Tournament #778899 Table #3"
        "3",
    )
    assert [(s.player, s.stack_start, s.bounty) for s in h.seats] == [
        ("Alpha", 2000, 500),  # "(bounty value $5, bounty won $0) - 2000"
        ("Bravo", 380, 500),
        ("Charlie", 3000, 500),
    ]
    assert h.ante == 10 and moves(h)[:3] == [
        ("Alpha", ActionKind.POST_ANTE, 10, False),  # "posts ante of 10"
        ("Bravo", ActionKind.POST_ANTE, 10, False),
        ("Charlie", ActionKind.POST_ANTE, 10, False),
    ]
    assert ("Bravo", ActionKind.RAISE, 370, True) in moves(h)  # "raises to 370 (all-in)"
    assert h.rake_reported is None  # a tournament prints no rake line
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 820)]
    clean(h)


def test_seat_status_live_and_dead_posts_and_table_news() -> None:
    h = hand("pkr_04_status_dead_post_noise.txt")
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Alpha", False),
        ("Bravo", False),
        ("Charlie", False),
        ("Echo", True),  # "Seat 4: Echo - $40 Sitting Out", and no line in the hand
        ("Delta", False),
    ]
    assert "seat 4: 'Sitting Out' after the stack" in h.notes
    assert moves(h)[2:4] == [
        ("Bravo", ActionKind.POST_BIG_BLIND, 100, False),  # "Bravo posts $1": live
        ("Bravo", ActionKind.POST_DEAD, 50, False),  # "Bravo posts $0.50 dead"
    ]
    assert ("Bravo", ActionKind.FOLD, 0, False) in moves(h)  # "folds and shows [..]"
    assert [(s.player, s.cards) for s in h.shows] == [("Bravo", parse_cards("7s 7d 2h 2c"))]
    assert (h.big_blind, h.rake_reported) == (100, 50)
    assert [(c.player, c.amount) for c in h.collections] == [("Charlie", 950)]
    clean(h, returned=700)  # Charlie's unmatched $7, returned without a line


def test_hi_lo_euro_full_month_and_title_case_money_type() -> None:
    h = hand("pkr_05_hilo_euro_fullmonth.txt")
    assert (h.variant, h.currency) == ("PLO-8", "EUR")  # "Money Type: Real money"
    assert h.started_at == datetime(2011, 9, 5, 9, 5, 30, tzinfo=UTC)  # "05 September 2011"
    assert h.seats[0].stack_start == 125000  # "€1,250"
    assert [(c.player, c.half, c.amount) for c in h.collections] == [
        ("Alpha", "high", 285),  # "ties, and wins €2.85 with high hand: …"
        ("Charlie", "high", 285),
        ("Alpha", "low", 285),  # "ties €2.85 with low hand: 8432A"
        ("Bravo", "low", 285),
    ]
    clean(h)


def test_fixed_limit_header_gives_the_blinds() -> None:
    h = hand("pkr_06_fixed_limit_blinds.txt")
    assert h.game.structure is Structure.FIXED_LIMIT
    # "Blinds are now $1 / $2": blinds $1/$2, so the bets are $2 and $4.
    assert (h.small_blind, h.big_blind, h.small_bet, h.big_bet) == (100, 200, 200, 400)
    clean(h, returned=200)  # Charlie's flop bet of $2, folded to


def test_play_money_dead_small_blind_card_spellings_and_chips_added() -> None:
    h = hand("pkr_07_play_money_chips_added.txt")
    assert (h.currency, h.variant, h.unit) == ("PLAY", "NLO", 1)
    assert h.seats[0].stack_start == 1000  # "1,000"
    # "Alpha posts 0" puts in nothing; "Alpha posts 5 dead" is a dead small blind.
    assert ("Alpha", ActionKind.POST_DEAD, 5, False) in moves(h)
    assert not any(a.player == "Alpha" and a.kind is ActionKind.POST_BIG_BLIND for a in h.actions)
    assert h.dealt == (("Alpha", parse_cards("As Kd Qh Jc")),)  # "[As Kd Qh Jc]"
    assert h.boards == (parse_cards("2c 7d 9h Ks 3d"),)  # "[2c 7d 9h]", "[Ks]", "[3 d]"
    assert "Bravo" not in {a.player for a in h.actions if a.street.value == "flop"}
    assert h.rake_reported is None and [(c.player, c.amount) for c in h.collections] == [
        ("Charlie", 150)
    ]
    clean(h, returned=100)


def test_lines_among_the_header_and_between_tournament_hands() -> None:
    first, second = hands("pkr_08_tournament_lines_between_hands.txt")
    assert first.currency == "CHIPS"  # "Money Type: Tournament chips"
    assert "header line not read: 'Level 2'" in first.notes
    assert "1 line(s) after 'End of Hand' not read: 'Level 3: blinds 75 / 150'" in first.notes
    assert (second.hand_id, second.big_blind) == ("1900100003", 150)
    clean(first, returned=50)
    clean(second, returned=75)


BASE = "pkr_01_allin_two_pots.txt"


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("Game Type: OMAHA", "Game Type: HOLD'EM", "unsupported_game", "Game Type: HOLD'EM"),
        ("Money Type: REAL MONEY", "Money Type: FUN", "bad_header", "Money Type: FUN"),
        ("Limit Type: POT LIMIT", "Limit Type: SPREAD", "bad_header", "Limit Type: SPREAD"),
        ("Blinds are now $1/$2", "Blinds are now $1-$2", "bad_header", "Blinds are now $1-$2"),
        ("03 Sep 2011 20:15:00", "2011-09-03 20:15", "bad_header", "Start time of hand: 2011"),
        ("Alpha bets $40", "Alpha bets $4K", "unknown_line", "Alpha bets $4K"),
        ("Alpha bets $40", "Alpha stands up and bets", "unknown_line", "Alpha stands up"),
        ("Bravo wins $59", "Zulu wins $59", "unknown_player", "Zulu wins $59"),
        ("End of Hand #1900000001", "", "truncated", "Seat 4: Charlie - $90"),
        (
            "End of Hand #1900000001",
            "End of Hand #1900000001\nAlpha bets $1",
            "unknown_line",
            "Alpha bets $1",
        ),
    ],
)
def test_refused_shapes_name_their_reason_and_line(
    old: str, new: str, code: str, line: str
) -> None:
    text = text_of(BASE)
    assert old in text
    f = failure(text.replace(old, new))
    assert f.reason_code == code
    assert f.excerpt.startswith(line)
