"""PartyPoker's grammar, line shape by line shape, on crafted hands
(tests/data/crafted/partypoker): classic, 2012's compact lines, tournaments, 2026.

Each test reads a hand made from one shape (docs/SITES.md, PartyPoker's grammar table),
checks what the record says (amounts in minor units, players, kinds, cards, pots, rake,
awards) and that the audit finds no error or warning; a refused shape checks its reason
code and line.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Structure
from omahahh.parsers.partypoker_header import parse_header
from omahahh.parsers.registry import parse_blocks, split_blocks
from omahahh.parsers.sources import text_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "partypoker"


def crafted(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def parse_all(text: str) -> list[HandRecord | ParseFailure]:
    return list(parse_blocks(split_blocks("<crafted>", text_lines(text))))


def clean(h: HandRecord) -> HandRecord:
    bad = [
        (f.code, f.message) for f in audit_hand(h).findings if f.severity in ("error", "warning")
    ]
    assert bad == []
    return h


def read(text: str) -> HandRecord:
    """The one hand of ``text``, which must parse and audit without error or warning."""
    (result,) = parse_all(text)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return clean(result)


def refused(text: str) -> ParseFailure:
    (result,) = parse_all(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result


def awards(h: HandRecord) -> list[tuple[str, int, int, str | None]]:
    return [(c.player, c.amount, c.pot_index, c.half) for c in h.collections]


def kinds(h: HandRecord, player: str) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in h.actions if a.player == player]


# -- framing: the lines between hands ---------------------------------------------------
def test_game_starts_lines_are_between_hands_not_failures() -> None:
    """``Game #N starts.`` opens the file, closes each hand and ends the file: two hands,
    no failure row, and no hand's text holds the line."""
    found = parse_all(crafted("game_starts_lead_in.txt"))
    assert [type(r) for r in found] == [HandRecord, HandRecord]
    first, second = (clean(h) for h in found if isinstance(h, HandRecord))
    assert (first.hand_key, second.hand_key) == (
        "partypoker:13550803036",
        "partypoker:13550803121",
    )
    assert awards(first) == [("lunaemma", 760, 0, None)]
    assert awards(second) == [("lunaemma", 400, 0, None)]  # $2 of it the returned raise
    assert (first.source_line, second.source_line) == (4, 31)  # the '*****' lines


def test_a_game_no_line_naming_another_game_is_noted_not_refused() -> None:
    h = read(crafted("game_no_differs.txt"))
    assert h.hand_key == "partypoker:11443748272"
    assert any("#Game No : 4687559040" in n for n in h.notes)
    assert awards(h) == [("lunaemma", 400, 0, None)]


def test_a_failed_hand_is_keyed_by_the_history_number() -> None:
    f = refused(crafted("game_no_differs.txt").replace("PL Omaha", "NL Texas Hold'em"))
    assert f.reason_code == "unsupported_game" and f.hand_key == "partypoker:11443748272"


def test_nul_padding_is_no_text() -> None:
    h = read(crafted("nul_padding.txt"))
    assert h.hand_key == "partypoker:11443748273" and awards(h) == [("lunaemma", 400, 0, None)]


# -- header: classic cash lines ---------------------------------------------------------
def test_2012_compact_header_seats_and_actions() -> None:
    h = read(crafted("compact_2012.txt"))
    assert (h.variant, h.stakes, h.small_blind, h.big_blind) == ("PLO", "$1,000 USD", 500, 1000)
    assert h.started_at == datetime(2012, 2, 18, 6, 10, 59, tzinfo=UTC)
    assert [(s.seat, s.player, s.stack_start) for s in h.seats] == [
        (1, "Player0", 66425),
        (3, "Player3", 100000),
        (5, "Hero", 101250),
    ]
    assert kinds(h, "Player3")[:2] == [(ActionKind.POST_SMALL_BLIND, 500), (ActionKind.RAISE, 2500)]
    assert kinds(h, "Hero")[:2] == [(ActionKind.POST_BIG_BLIND, 1000), (ActionKind.CALL, 2000)]
    assert awards(h) == [("Player3", 5700, 0, None)]


def fixed_limit_variant(text: str) -> str:
    text = text.replace("$100 USD PL Omaha", "$1/$2 USD Omaha")
    return text.replace("raises [$2.50 USD]", "raises [$1.50 USD]").replace("$4 USD", "$3 USD")


def test_no_limit_word_is_fixed_limit() -> None:
    h = read(fixed_limit_variant(crafted("game_no_differs.txt")))
    assert (h.game.structure, h.small_bet, h.big_bet) == (Structure.FIXED_LIMIT, 100, 200)
    assert (h.small_blind, h.big_blind) == (50, 100)
    assert awards(h) == [("lunaemma", 300, 0, None)]


@pytest.mark.parametrize("token", ["fastforward", "SPOTPOKER"])
def test_fast_forward_pools(token: str) -> None:
    h = read(crafted("game_no_differs.txt").replace("USD PL", f"USD {token} PL"))
    assert h.fast_fold and h.variant == "PLO"


def test_spaces_inside_the_money_kind() -> None:
    h = read(crafted("game_no_differs.txt").replace("(Real Money)", "( Real Money )"))
    assert (h.table_name, h.currency) == ("Los Angeles", "USD")


# -- header: zones ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("stamp", "utc"),
    [
        ("21:40:41 MSKS 2009", datetime(2009, 7, 30, 17, 40, 41, tzinfo=UTC)),
        ("21:40:41 EEST 2009", datetime(2009, 7, 30, 18, 40, 41, tzinfo=UTC)),
        ("21:40:41 EDT 2009", datetime(2009, 7, 31, 1, 40, 41, tzinfo=UTC)),
        ("21:40:41 2009", datetime(2009, 7, 31, 1, 40, 41, tzinfo=UTC)),  # no zone: ET
    ],
)
def test_zones_as_printed_and_none_is_eastern(stamp: str, utc: datetime) -> None:
    h = read(crafted("zone_msks.txt").replace("21:40:41 MSKS 2009", stamp))
    assert h.started_at == utc
    assert awards(h) == [("lunaemma", 400, 0, None)]


@pytest.mark.parametrize(
    ("zone", "why"), [("IST", "ambiguous"), ("CST", "ambiguous"), ("XYZ", "unknown")]
)
def test_ambiguous_and_unknown_zones_are_refused(zone: str, why: str) -> None:
    f = refused(crafted("zone_msks.txt").replace("MSKS", zone))
    assert f.reason_code == "bad_header" and why in f.reason and f.source_line == 2


# -- header: tournaments --------------------------------------------------------------------
def test_tournament_blinds_antes_line_and_posted_antes() -> None:
    h = read(crafted("tournament_blinds_antes.txt"))
    assert (h.game_type, h.currency, h.unit) == (GameType.TOURNAMENT, "CHIPS", 1)
    assert (h.tournament_id, h.tournament_level, h.buy_in) == ("138340262", "3", "$1.10 USD")
    assert (h.small_blind, h.big_blind, h.ante) == (75, 150, 25)
    assert [a.amount for a in h.actions if a.kind is ActionKind.POST_ANTE] == [25, 25, 25]
    assert kinds(h, "Bravo") == [
        (ActionKind.POST_ANTE, 25),
        (ActionKind.RAISE, 450),
        (ActionKind.RAISE, 1025),  # "is all-In  [1,025]": all in over Alpha's 1,000
    ]
    assert awards(h) == [("Alpha", 3100, 0, None)]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("posts ante [25]", "posts ante of [25]."),
        ("Blinds-Antes(75/150 -25)", "Stakes-Antes(75/150 - 25)"),
        ("$1.10 USD Buy-in", "$1 USD Buy-in + $0.10 USD Entry Fee"),
        ("Trny:138340262 Level:3", "Trny: 138340262 Level: 3"),
    ],
)
def test_tournament_line_spellings(old: str, new: str) -> None:
    h = read(crafted("tournament_blinds_antes.txt").replace(old, new))
    assert (h.tournament_id, h.small_blind, h.big_blind, h.ante) == ("138340262", 75, 150, 25)
    assert awards(h) == [("Alpha", 3100, 0, None)]


def test_tournament_news_before_the_game_line() -> None:
    h = read(crafted("tournament_preamble.txt"))
    assert [s.player for s in h.seats] == ["Alpha", "Charlie"]
    assert awards(h) == [("Charlie", 650, 0, None)]  # 350 + the 300 not called


def test_tournament_level_lines_of_their_own() -> None:
    h = read(crafted("tournament_level_lines.txt"))
    assert (h.variant, h.tournament_id, h.tournament_level, h.buy_in) == (
        "PLO-8",
        "41467101",
        "2",
        "$22 USD",
    )
    assert (h.small_blind, h.big_blind) == (20, 40)
    assert awards(h) == [("Alpha", 160, 0, None)]


def test_tournament_level_lines_in_another_order() -> None:
    lines = crafted("tournament_level_lines.txt").splitlines()
    lines[2:8] = [lines[4], lines[6], lines[3], lines[5], lines[2], lines[7]]
    h = read("\n".join(lines))
    assert (h.tournament_id, h.tournament_level, h.small_blind, h.big_blind) == (
        "41467101",
        "2",
        20,
        40,
    )


def test_tournament_numbers_with_spaces() -> None:
    text = crafted("tournament_level_lines.txt").replace("Blinds(20/40)", "Blinds(1 000/2 000)")
    header = parse_header(tuple(text_lines(text)))
    assert (header.stake_low, header.stake_high, header.stakes) == (1000, 2000, "1 000/2 000")


def test_tournament_result_lines_are_not_pot_money() -> None:
    h = read(crafted("tournament_finish.txt"))
    assert awards(h) == [("Alpha", 2800, 0, None)]
    assert not h.side_payments


def test_a_tournament_hand_with_no_blind_posted_is_refused() -> None:
    text = crafted("tournament_level_lines.txt")
    text = text.replace("Alpha posts small blind [20].\n", "").replace(
        "Bravo posts big blind [40].\n", ""
    )
    f = refused(text)
    assert f.reason_code == "truncated" and "no blind posted" in f.reason


def test_2026_tournament_header() -> None:
    """fpdb's ``re_GameInfo`` composition (inferred: no such hand seen)."""
    text = crafted("summary_spaced.txt").replace(
        "0.10/0.25 Omaha Hi Game Table (PL) - ",
        "10/25 Omaha Hi Game Table (PL) (MTT Tournament #123456) (Buyin $5 + $0.50) - ",
    )
    for old, new in [
        ("($25.00)", "(2500)"),
        ("($20.00)", "(2000)"),
        ("(0.10)", "(10)"),
        ("(0.25)", "(25)"),
        ("(0.15)", "(15)"),
        ("(0.50)", "(50)"),
        ("Main Pot: $1.45 Rake: $0.05", "Main Pot: 150 Rake: 0"),
        (
            "balance $25.70, bet $0.75, collected $1.45, net +$0.70",
            "balance 2575, bet 75, collected 150, net +75",
        ),
        ("balance $19.25, lost $0.75", "balance 1925, lost 75"),
    ]:
        text = text.replace(old, new)
    h = read(text)
    assert (h.game_type, h.tournament_id, h.buy_in, h.currency) == (
        GameType.TOURNAMENT,
        "123456",
        "$5 + $0.50",
        "CHIPS",
    )
    assert (h.small_blind, h.big_blind) == (10, 25)
    assert awards(h) == [("Hero", 150, 0, None)]


# -- body -----------------------------------------------------------------------------------
def test_no_small_blind_line_and_an_emoticon() -> None:
    h = read(crafted("noise_lines.txt"))
    assert [a.kind for a in h.actions if a.kind is ActionKind.POST_SMALL_BLIND] == []
    assert kinds(h, "annajulia222") == [(ActionKind.FOLD, 0)]
    assert awards(h) == [("robertp10", 117, 0, None)]


@pytest.mark.parametrize("line", ["Connection Lost due to some reason", "Table Closed"])
def test_a_history_broken_off_is_truncated(line: str) -> None:
    text = crafted("noise_lines.txt").replace("fistfock123 checks\n", f"{line}\n")
    f = refused(text)
    assert f.reason_code == "truncated" and f.source_line == 17 and f.excerpt == line


def test_a_player_joining_after_the_seat_list_is_refused() -> None:
    f = refused(crafted("unseated_poster.txt"))
    assert f.reason_code == "unknown_player" and "joined the table" in f.reason
    assert f.source_line == 13


def test_a_joining_seat_printed_with_no_chips_is_refused() -> None:
    text = crafted("unseated_poster.txt").replace(
        "Seat 1: Player5 ( $4.35 USD )", "Seat 1: Player5 ( $4.35 USD )\nSeat 3: poom88 ( $0 USD )"
    )
    f = refused(text)
    assert f.reason_code == "bad_seat_line" and f.source_line == 10


# -- summary --------------------------------------------------------------------------------
def test_emailed_summary_with_spaced_cards() -> None:
    h = read(crafted("summary_spaced.txt"))
    assert (h.main_pot_reported, h.rake_reported) == (145, 5)
    assert awards(h) == [("Hero", 145, 0, None)]
    assert [(s.player, s.cards) for s in h.shows] == [
        ("Hero", parse_cards("9c 7h 8h 4d")),
        ("Villain", parse_cards("Ah Ks 5d 5s")),
    ]
