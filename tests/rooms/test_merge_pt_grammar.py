"""PokerTracker's export of Merge hands (``MERGE_GAME #``): its whole grammar, one crafted
hand per line shape (tests/data/crafted/merge_pt).

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
from omahahh.rooms.conventions import conventions
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("merge_pt")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hand(name: str, text: str | None = None) -> HandRecord:
    (only,) = parse_text(text_of(name) if text is None else text, str(DATA / name))
    assert isinstance(only, HandRecord), getattr(only, "reason", only)
    return only


def clean(h: HandRecord, rake: int = 0) -> None:
    """No error or warning; the hand balances: Σ put in − ``rake`` = Σ awards (the export
    pays unmatched bets back inside them and prints no rake)."""
    audited = audit_hand(h)
    bad = [f for f in audited.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    assert sum(a.amount for a in h.actions) - rake == sum(c.amount for c in h.collections)


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in h.actions]


def test_cash_hand_raise_and_bet_and_the_returned_bet_inside_the_award() -> None:
    h = hand("mpt_01_cash_bet_raise.txt")
    assert (h.site, h.hand_id, h.game_type) == (Site.MERGE_PT, "5600000100001", GameType.CASH)
    assert (h.currency, h.small_blind, h.big_blind, h.stakes) == ("USD", 50, 100, "$0.50/$1.00")
    assert (h.table_name, h.max_seats, h.button_seat) == ("Siberia III", 6, 1)
    assert h.started_at == datetime(2012, 6, 5, 19, 39, 26, tzinfo=UTC)  # read as UTC
    raise_ = h.actions[2]  # "Zero: Raise $3.50": to 3.50
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 350, 350)
    assert ("Zero", ActionKind.BET, 500, False) in moves(h)  # "Zero: Bet $5.00"
    # "wins $12.15": the $7.50 pot less $0.35 rake, and the $5 bet no one called.
    assert [(c.player, c.amount) for c in h.collections] == [("Zero", 1215)]
    assert conventions(Site.MERGE_PT).collected_includes_uncalled
    clean(h, rake=35)


def test_tournament_table_variant_stacks_after_the_posts_antes_and_allin() -> None:
    h = hand("mpt_02_tournament_antes_allin.txt")
    assert (h.game_type, h.currency) == (GameType.TOURNAMENT, "CHIPS")
    # "Table $5 Free PLO Hero Arena, 49271005, 2 (Tournament: … Buy-In: $5+$0.50)"
    assert (h.tournament_id, h.table_name, h.buy_in) == ("49271005", "2", "$5+$0.50")
    # "Ace ($95.00 in chips)" after his 5 ante: 100 at the start of the hand.
    assert [s.stack_start for s in h.seats] == [100, 100, 100]
    assert h.ante == 5
    assert moves(h)[5:] == [
        ("Ace", ActionKind.RAISE, 95, True),  # "Ace: Allin $95.00": chips added
        ("Bee", ActionKind.FOLD, 0, False),
        ("Cee", ActionKind.CALL, 55, True),  # "Cee: Allin $55.00" over his 40
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Ace", 225)]
    clean(h)


def test_a_tournament_stack_gets_back_the_posts_written_without_post() -> None:
    """``Ante $5.00``, ``SB $20.00``, ``BB $40.00`` (no ``Post``): the stacks printed after
    them get them back, as after ``Post Ante``."""
    text = text_of("mpt_02_tournament_antes_allin.txt")
    for words in ("Ante", "SB", "BB"):
        text = text.replace(f": Post {words} ", f": {words} ")
    h = hand("mpt_02_tournament_antes_allin.txt", text)
    assert [s.stack_start for s in h.seats] == [100, 100, 100]
    assert moves(h) == moves(hand("mpt_02_tournament_antes_allin.txt"))
    clean(h)


def test_pipes_button_line_both_blinds_not_full_mark_and_hi_lo_collects() -> None:
    h = hand("mpt_03_pipes_button_line_both_blinds_hilo.txt")
    # "Merge Game #N | Omaha Hi/Lo Pot Limit ($1/$2 USD) | date"
    assert (h.variant, h.currency, h.game.game_label) == ("PLO-8", "USD", "Omaha Hi/Lo Pot Limit")
    assert h.button_seat == 1  # "The button is in seat #1"
    assert [s.stack_start for s in h.seats] == [20000] * 4  # "($200.00)": no "in chips"
    assert moves(h)[2:4] == [  # "Three: Post DB $3.00": both blinds, the small one dead
        ("Three", ActionKind.POST_DEAD, 100, False),
        ("Three", ActionKind.POST_BIG_BLIND, 200, False),
    ]
    assert ("One", ActionKind.CALL, 100, False) in moves(h)  # "One: Call (NF) $1.00"
    assert [(s.player, s.mucked) for s in h.shows] == [
        ("Zero", False),
        ("One", False),
        ("Two", True),  # "Two: mucked [..]"
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Zero", 430), ("One", 430)]
    clean(h, rake=40)


def test_a_second_small_blind_is_dead_in_cash_and_a_blind_and_a_half_is_both() -> None:
    h = hand("mpt_04_dead_small_blind_and_a_blind_and_a_half.txt")
    assert h.game.structure is Structure.NO_LIMIT
    assert moves(h)[:5] == [
        ("One", ActionKind.POST_SMALL_BLIND, 25, False),
        ("Two", ActionKind.POST_BIG_BLIND, 50, False),
        ("Three", ActionKind.POST_DEAD, 25, False),  # "Three: Post SB $0.25"
        ("Four", ActionKind.POST_DEAD, 25, False),  # "Four: Post BB $0.75"
        ("Four", ActionKind.POST_BIG_BLIND, 50, False),
    ]
    raise_ = h.actions[7]  # "Zero: Raise to $2.00"
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 200, 200)
    assert [(c.player, c.amount) for c in h.collections] == [("Zero", 1120)]  # "collects"
    clean(h, rake=55)


def test_a_header_without_limit_word_deals_pot_limit() -> None:
    h = hand("mpt_05_no_limit_word.txt")  # "Omaha Hi ($0.25/$0.50)"
    assert (h.variant, h.table_name, h.max_seats) == ("PLO", "Glacier", None)
    # The big blind's unmatched 0.25 comes back inside "wins $0.75".
    assert [(c.player, c.amount) for c in h.collections] == [("Two", 75)]
    clean(h)


def test_a_cancelled_hand() -> None:
    h = hand("mpt_06_hand_cancelled.txt")
    assert h.cancelled and h.collections == ()
    assert audit_hand(h).findings == ()


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # An export whose returned bets are printed in a way no known file shows.
        (
            "Merge Game #5600000100003 |",
            "Merge Game #5600000100003 Version:1.0 Uncalled:Y |",
            "ambiguous_amount",
        ),
        ("($1/$2 USD)", "($1/$2 - $20 Cap - USD)", "unsupported_game"),
        ("Omaha Hi/Lo Pot Limit", "Holdem No Limit", "unsupported_game"),
    ],
)
def test_headers_refused(old: str, new: str, code: str) -> None:
    text = text_of("mpt_03_pipes_button_line_both_blinds_hilo.txt").replace(old, new)
    f = failure(text)
    assert (f.reason_code, f.source_line) == (code, 1)


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Zero: Raise $3.50 and has reached the [$4.00] cap", "unsupported_game"),
        ("Zero: Dance", "unknown_line"),
    ],
)
def test_lines_refused_name_their_line(line: str, code: str) -> None:
    text = text_of("mpt_01_cash_bet_raise.txt").replace("Zero: Raise $3.50", line)
    f = failure(text)
    assert (f.reason_code, f.source_line) == (code, 10)


def test_a_tournament_header_without_its_table_line() -> None:
    text = text_of("mpt_02_tournament_antes_allin.txt").split("\n")
    text[1] = "Table $5 Free PLO Hero Arena"
    f = failure("\n".join(text))
    assert (f.reason_code, f.source_line) == ("bad_table_line", 2)
