"""Full Tilt's whole grammar, one crafted hand per line shape
(tests/data/crafted/fulltilt/README.md).

Each test reads a crafted hand, checks what was read, that the hand balances against
its printed total, and that the audit finds no error or warning; the refusal tests
check the reason code and the line named.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.registry import parse_block
from omahahh.parsers.sources import Block
from tests.helpers.crafted import CraftedRoom

ROOM = CraftedRoom("fulltilt")
DATA = ROOM.folder
text_of = ROOM.text
failure = ROOM.failure


def hands(name: str, text: str | None = None) -> list[HandRecord]:
    results = parse_text(text_of(name) if text is None else text, str(DATA / name))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert failures == []
    return [r for r in results if isinstance(r, HandRecord)]


def hand(name: str, text: str | None = None) -> HandRecord:
    (only,) = hands(name, text)
    return only


def clean(h: HandRecord) -> None:
    """No error or warning; Σ put in − returned = Total pot; Total pot − rake = Σ awards."""
    bad = [f for f in audit_hand(h).findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    assert bad == []
    if not h.cancelled:
        put = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
        assert put == h.total_pot_reported
        assert put - (h.rake_reported or 0) == sum(c.amount for c in h.collections)


def moves(h: HandRecord) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in h.actions]


def stacks(h: HandRecord) -> list[tuple[str, int]]:
    return [(s.player, s.stack_start) for s in h.seats]


def test_capped_game_with_its_cap_in_the_header() -> None:
    h = hand("ftp_01_cap_header_capped.txt")
    assert (h.site, h.variant, h.game.game_label) == (
        Site.FULLTILT,
        "PLO",
        "$400 Pot Limit Omaha Hi",
    )
    # "$400": no one puts in more than $400, so a stack is played as at most that.
    assert stacks(h) == [("Alice", 40000), ("Bob", 40000), ("Carol", 25000)]
    assert "Alice's stack 60000 played as 40000 (the cap)" in h.notes
    assert moves(h)[-2:] == [
        ("Bob", ActionKind.RAISE, 29200, True),  # "raises to $292, and is capped"
        ("Alice", ActionKind.CALL, 9200, True),  # "calls $92, and is capped"
    ]
    assert [(c.player, c.amount) for c in h.collections] == [("Alice", 79700)]
    clean(h)  # the short capped raise is no illegal size


def test_capped_game_whose_cap_only_the_capped_lines_tell() -> None:
    h = hand("ftp_04_new_order_CAP.txt")  # "CAP PL Omaha Hi - $0.25/$0.50"
    assert (h.variant, h.small_blind, h.big_blind) == ("PLO", 25, 50)
    assert stacks(h) == [("Alice", 1500), ("Bob", 1500)]  # both capped at $15
    assert "capped game: cap 1500, each stack played as at most the cap" in h.notes
    clean(h)


def test_total_line_with_main_and_side_pot() -> None:
    h = hand("ftp_02_main_side_summary.txt")
    assert (h.total_pot_reported, h.rake_reported) == (22000, 275)
    assert (h.main_pot_reported, h.side_pots_reported) == (5925, (15800,))
    assert [(c.player, c.amount, c.pot_index) for c in h.collections] == [
        ("Carol", 15800, 1),  # "wins the side pot"
        ("Bob", 5925, 0),  # "wins the main pot"
    ]
    clean(h)


@pytest.mark.parametrize("side", ["Side pot 1", "Side pot-1", "Side pot #1"])
def test_total_line_with_numbered_side_pots(side: str) -> None:
    text = text_of("ftp_03_two_side_pots.txt")
    h = hand("ftp_03_two_side_pots.txt", text.replace("Side pot 1", side))
    assert (h.main_pot_reported, h.side_pots_reported) == (7904, (8892, 7904))
    assert [(c.player, c.pot_index) for c in h.collections] == [
        ("Carol", 2),  # "wins side pot #2"
        ("Dan", 1),
        ("Bob", 0),
    ]
    clean(h)


def test_tournament_ante_in_the_stakes_and_a_returned_ante() -> None:
    h = hand("ftp_05_tourney_ante_returned.txt")
    assert (h.game_type, h.currency, h.tournament_id) == (GameType.TOURNAMENT, "CHIPS", "123456789")
    assert (h.small_blind, h.big_blind, h.ante) == (15, 30, 5)  # "15/30 Ante 5"
    # "Ante of 5 returned to Carol": her ante never played; she sits out.
    assert [a.player for a in h.actions if a.kind is ActionKind.POST_ANTE] == ["Alice", "Bob"]
    assert [s.player for s in h.seats if s.sitting_out] == ["Carol"]
    assert [(u.player, u.amount) for u in h.uncalled] == [("Alice", 70)]
    clean(h)


def test_table_news_and_hi_lo_notices_carry_nothing() -> None:
    h = hand("ftp_06_noise_lines_hilo.txt")
    assert h.variant == "PLO-8" and len(h.actions) == 11
    assert [(c.player, c.amount, c.half) for c in h.collections] == [("Carol", 475, None)]
    clean(h)


@pytest.mark.parametrize(
    "chat",
    [
        "Bob: always the same, he folds",
        "Bob: i checks",
        "Bob: Carol: calls $5",
        "Zed (Observer): nice, Carol checks",
    ],
)
def test_chat_that_ends_like_an_action_carries_nothing(chat: str) -> None:
    """``NAME: text`` is chat whatever its words: not a fold by ``Bob: always …``."""
    text = text_of("ftp_06_noise_lines_hilo.txt").replace(
        "Bob checks\n", f"Bob checks\n{chat}\n", 1
    )
    h = hand("ftp_06_noise_lines_hilo.txt", text)
    assert len(h.actions) == 11
    clean(h)


def test_partial_hand_is_refused_as_truncated() -> None:
    text = text_of("ftp_07_partial_and_cancelled.txt").split("\n\n\n")[0]
    f = failure(text)
    assert f.reason_code == "truncated" and "(partial)" in f.reason
    assert f.excerpt.endswith("2011/03/01 (partial)")


def test_cancelled_hand_stops_without_a_summary() -> None:
    lines = text_of("ftp_07_partial_and_cancelled.txt").split("\n\n\n")[1].splitlines()
    result = parse_block(Block(path="crafted.txt", line=1, lines=tuple(lines)))
    assert isinstance(result, HandRecord), result
    assert result.cancelled and list(result.collections) == []
    assert audit_hand(result).findings == ()  # nobody left to act, nothing won


def test_short_lived_2006_time_stamp() -> None:
    h = hand("ftp_08_short_date_format.txt")
    # "20:47 ET - Saturday, December 23, 2006": EST, five hours behind UTC.
    assert h.started_at == datetime(2006, 12, 24, 1, 47, tzinfo=UTC)
    clean(h)


HEADERS = {
    # id: (variant, currency, tournament id, table, seats, fast fold, small bet, big bet)
    "31300000001": ("PLO", "USD", None, "Rymer", 6, False, None, None),
    "31300000002": ("PLO", "EUR", None, "Mach 10", 6, True, None, None),
    "28014530001": ("PLO", "USD", None, "Atable", 6, False, None, None),
    "28100000010": ("PLO", "CHIPS", "123456790", "3", None, False, None, None),
    "28100000011": ("PLO-8", "CHIPS", "123456791", "2", None, False, None, None),
    "28100000012": ("PLO", "CHIPS", "123456792", "4", None, True, None, None),
    "33700000012": ("NLO-8", "USD", None, "Bayside", 2, False, None, None),
    "33700000013": ("PLO5", "USD", None, "Bayside", 6, False, None, None),
    "33700000014": ("PLO6", "USD", None, "Bayside", 6, False, None, None),
    "1088791322": ("FLO", "USD", None, "Vero", 6, False, 100, 200),
    "1088791323": ("FLO-8", "USD", None, "Vero", 6, False, 200, 400),
}


def test_every_header_form() -> None:
    read = hands("ftp_09_header_variants.txt")
    assert {
        h.hand_id: (
            h.variant,
            h.currency,
            h.tournament_id,
            h.table_name,
            h.max_seats,
            h.fast_fold,
            h.small_bet,
            h.big_bet,
        )
        for h in read
    } == HEADERS
    by_id = {h.hand_id: h for h in read}
    # "17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]": the ET stamp, EST that day.
    assert by_id["31300000001"].started_at == datetime(2012, 11, 6, 16, 9, 49, tzinfo=UTC)
    assert "capped game: no cap printed and nobody capped" in by_id["31300000001"].notes
    assert stacks(by_id["31300000002"]) == [("Alice", 20000), ("Bob", 15000)]  # "€200 Cap"
    assert by_id["1088791322"].game.structure is Structure.FIXED_LIMIT
    assert (by_id["1088791322"].small_blind, by_id["1088791322"].big_blind) == (50, 100)
    for h in read:
        clean(h)


def test_new_player_posts_both_blinds_and_a_summary_sit_out() -> None:
    h = hand("ftp_10_posts_sitout_hilo_showdown.txt")
    assert moves(h)[:5] == [
        ("Alice", ActionKind.POST_SMALL_BLIND, 50, False),
        ("Bob", ActionKind.POST_BIG_BLIND, 100, False),
        ("Carol", ActionKind.POST_BIG_BLIND, 100, False),  # "Carol posts $1"
        ("Eve", ActionKind.POST_DEAD, 50, False),  # "posts small & big blinds [$ 1.50]"
        ("Eve", ActionKind.POST_BIG_BLIND, 100, False),
    ]
    # "Seat 5: Dan (button) is sitting out": only the summary says so.
    assert [s.player for s in h.seats if s.sitting_out] == ["Dan"]
    assert [(c.player, c.amount, c.half) for c in h.collections] == [
        ("Bob", 210, "high"),  # "wins the high pot"
        ("Alice", 105, "low"),  # "ties for the low pot"
        ("Carol", 105, "low"),
    ]
    assert len(h.shows) == 4
    clean(h)


def test_courchevel_flopet_comes_before_the_betting() -> None:
    h = hand("ftp_11_courchevel.txt")
    assert (h.variant, h.game.hole_card_count) == ("CPLO", 5)
    assert h.boards == (parse_cards("9h 9s Kd 7h 7d"),)
    assert h.dealt == (("Carol", parse_cards("8s Ac 9c 7c 5h")),)
    clean(h)


def test_run_it_twice_boards_and_pots() -> None:
    h = hand("ftp_12_run_it_twice.txt")
    assert h.boards == (parse_cards("7c 4h 7d 5c Th"), parse_cards("Kc 7h 3h Qh 6c"))
    assert [(c.player, c.amount, c.run, c.pot_index) for c in h.collections] == [
        ("Alice", 4925, 0, 0),  # "ties for pot 1": board 1, not a side pot
        ("Bob", 4925, 0, 0),
        ("Alice", 9850, 1, 0),  # "wins pot 2"
    ]
    clean(h)


BASE = "ftp_08_short_date_format.txt"


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("Pot Limit Omaha -", "Irish -", "unsupported_game", "Full Tilt Poker Game"),
        ("Pot Limit Omaha -", "No Limit Hold'em -", "unsupported_game", "Full Tilt Poker Game"),
        ("Pot Limit Omaha -", "Pot Limit Omaha Lo -", "bad_header", "Full Tilt Poker Game"),
        ("$1/$2 -", "$1K/$2K -", "bad_header", "Full Tilt Poker Game"),
        ("20:47 ET", "20:47 XYZ", "bad_header", "Full Tilt Poker Game"),
        ("Bob checks", "Bob waves to the rail", "unknown_line", "Bob waves"),
        ("Carol bets $10", "Carol bets $1K", "unknown_line", "Carol bets $1K"),
        ("Carol mucks", "Zulu mucks", "unknown_player", "Zulu mucks"),
        ("*** SUMMARY ***", "", "truncated", "Seat 3: Carol (button) collected"),
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
