"""PartyPoker, docs/FORMATS.md §6 and §12: the classic and the 2026 line shapes read as the
text claims, the room's habits as data (rooms/conventions.py), its corpus folders whole."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_blocks
from omahahh.rooms.conventions import conventions
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import CORPUS, corpus_file

HHSMITHY = (
    "PartyPoker-old/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
    "SampleHandHistories/PartyPoker/CashGame/"
)
GGRATTE = (
    "PartyPoker-old/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
    "SampleHandHistories/PartyPoker/CashGame/"
)
FPDB = "PartyPoker-old/jejellyroll-fr__fpdb-3/regression-test-files/cash/PartyPoker/Flop/"
CASH_OUT = FPDB + "PLO-6max-USD-0.10-0.25-202602.cash.out.txt"
MULTI = FPDB + "PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt"
FIVE = (
    "PartyPoker/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
    "SampleHandHistories/PartyPoker/CashGame/MultipleHandsTests/5MultipleHands.txt"
)


def results(relative: str) -> list[HandRecord | ParseFailure]:
    return list(parse_blocks(iter_blocks(corpus_file(relative))))


def hand(relative: str, index: int = 0) -> HandRecord:
    found = [r for r in results(relative) if isinstance(r, HandRecord)]
    return found[index]


def codes(h: HandRecord, *severities: str) -> list[str]:
    return [f.code for f in audit_hand(h).findings if f.severity in severities]


def classic(
    body: str, *, line2: str = "$100 USD PL Omaha - Monday, January 06, 09:52:55 EST 2014"
) -> str:
    """A classic Party hand from the line shapes of docs/FORMATS.md §6 (crafted by the omahahh
    authors)."""
    lines = [line.strip() for line in body.strip().splitlines()]
    return "\n".join(
        [
            "***** Hand History for Game 99990001 *****",
            line2,
            "Table Crafted (Real Money)",
            "Seat 1 is the button",
            "Total number of players : 3/6",
            "Seat 1: Alice ( $100 USD )",
            "Seat 2: Bob ( $100 USD )",
            "Seat 3: Carol ( $100 USD )",
            *lines,
        ]
    )


# -- the corpus folders -----------------------------------------------------------------
def test_one_id_for_four_hands_leaves_three_conflicts() -> None:
    """5MultipleHands.txt (two copies) gives four different hands the id 1458965856 (the
    fixture's edit: same table, same second): the first is kept, the other three are
    ``duplicate_conflict`` failures naming file and line (the folder's counts:
    tests/integration/test_room_corpus.py)."""
    fives = [r for r in results(FIVE) if isinstance(r, HandRecord)]
    assert [h.hand_id for h in fives] == ["1458965856", "1458965857"] + ["1458965856"] * 3
    assert len({h.text_hash for h in fives}) == 5


def test_every_conflicting_hand_audits_clean_too() -> None:
    fives = [r for r in results(FIVE) if isinstance(r, HandRecord)]
    assert all(codes(h, "error", "warning") == [] for h in fives)


def test_a_hand_showing_other_cards_than_dealt_is_noted() -> None:
    """partypoker:14835000000 deals HERO [9s Qc Ks Tc] but shows [7s Qd Ks Th]: the one
    hand whose PHH round trip differs (tests/integration/test_room_corpus.py)."""
    h = hand(GGRATTE + "PlayerTests/WithAnonomous.txt")
    assert h.hand_key == "partypoker:14835000000"
    assert any("HERO shows other cards than were dealt" in n for n in h.notes)


def test_classic_header_gives_the_buy_in_and_the_posts_give_the_blinds() -> None:
    h = hand(HHSMITHY + "GameTypeTests/PotLimitOmaha.txt")
    assert h.hand_key == "partypoker:13551973065" and h.site is Site.PARTYPOKER
    assert (h.stakes, h.small_blind, h.big_blind) == ("$1,000 USD", 500, 1000)
    assert (h.variant, h.game.structure, h.currency) == ("PLO", Structure.POT_LIMIT, "USD")
    assert h.started_at == datetime(2014, 1, 6, 21, 33, 56, tzinfo=UTC)  # 16:33:56 EST
    kasmar = next(s for s in h.seats if s.player == "KASMAR33")
    assert kasmar.stack_start == 0 and kasmar.sitting_out  # no line in the hand


@pytest.mark.parametrize(
    ("relative", "utc"),
    [
        (
            HHSMITHY + "HandActionTests/SittingOut.txt",
            datetime(2013, 11, 13, 10, 24, 19, tzinfo=UTC),
        ),
        (HHSMITHY + "Limits/Limit5.txt", datetime(2012, 4, 3, 7, 24, 32, tzinfo=UTC)),
        pytest.param(
            CASH_OUT, datetime(2026, 2, 9, 17, 55, 26, tzinfo=UTC), marks=pytest.mark.corpus
        ),  # fpdb's (AGPL): only in the corpus
    ],
)
def test_printed_zones_to_utc(relative: str, utc: datetime) -> None:
    assert hand(relative).started_at == utc  # CET, EDT, EST as printed
    # A time printed without a zone is ET (fpdb): tests/rooms/test_partypoker_grammar.py.
    assert conventions(Site.PARTYPOKER).time_zone == "America/New_York"


def test_seat_lines_with_and_without_currency_and_out_of_order() -> None:
    h = hand(GGRATTE + "PlayerTests/WithSittingOut.txt")  # "Seat 3: zani ( $1352.91 )"
    assert [s.seat for s in h.seats][:3] == [3, 5, 2]
    assert h.seats[0].stack_start == 135291
    mirrion = next(s for s in h.seats if s.player == "Mirrion")
    assert mirrion.sitting_out and codes(h, "error", "warning") == []
    assert hand(HHSMITHY + "Limits/Limit5.txt").table_name == "Table  135446 (No DP)"


# -- classic betting and awards --------------------------------------------------------------
def test_classic_raise_is_chips_added() -> None:
    h = hand(HHSMITHY + "HandActionTests/OmahaHiLo.txt")
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    assert raises == [
        ("robertp10", 350, 350),
        ("fistfock123", 1000, 1100),  # BB $1 "raises [$10 USD]": to $11
        ("robertp10", 2750, 3100),
    ]


def test_classic_all_in_is_a_call_bet_or_raise_by_what_it_puts_in() -> None:
    h = [r for r in results(FIVE) if isinstance(r, HandRecord)][4]
    flop = [(a.player, a.kind, a.amount, a.all_in) for a in h.actions if a.street.value == "flop"]
    assert flop[-3:] == [
        ("Player1", ActionKind.RAISE, 392, True),  # over Player7's raise to 2.68
        ("Player8", ActionKind.CALL, 69, True),
        ("Player7", ActionKind.CALL, 114, True),
    ]


def test_classic_returned_bet_comes_back_as_a_side_pot_award() -> None:
    h = [r for r in results(FIVE) if isinstance(r, HandRecord)][4]
    assert h.uncalled == () and conventions(Site.PARTYPOKER).collected_includes_uncalled
    side = [(c.player, c.amount, c.pot_index) for c in h.collections if c.pot_index == 2]
    assert side == [("Player1", 10, 2)]  # "wins $0.10 USD from the side pot 2"
    result = audit_hand(h).result
    assert result is not None and [(u.player, u.amount) for u in result.uncalled] == [
        ("Player1", 10)
    ]
    assert result.rake == 48  # no rake line: $9.70 in the pots, $9.22 paid out


def test_classic_hi_lo_tags_the_low_half_and_keeps_the_low_hand() -> None:
    h = hand(HHSMITHY + "HandActionTests/OmahaHiLo.txt")
    assert [(c.player, c.amount, c.half) for c in h.collections] == [
        ("robertp10", 100, None),
        ("robertp10", 2875, None),
        ("fistfock123", 2875, "low"),
    ]
    assert h.shows[1].description == "high card Ace; low 7,5,4,2,A"
    assert codes(h, "error", "warning") == []


def test_a_hand_shown_face_down_is_mucked_with_its_cards() -> None:
    h = hand(HHSMITHY + "PlayerTests/OmahaShowdown.txt")
    muck = h.shows[1]
    assert (muck.player, muck.mucked) == ("pexiM", True)
    assert muck.cards == parse_cards("3h As Qc 5s")


@pytest.mark.corpus
def test_one_unseated_actor_is_the_silent_blind_poster() -> None:
    h = hand(GGRATTE + "PlayerTests/WithAnonomous.txt")
    assert {a.player for a in h.actions} == {"Player1", "HERO"}
    assert [c.player for c in h.collections] == ["Player1"]
    assert any("WolfgangCutler" in n and "Player1" in n for n in h.notes)
    other = hand(FPDB + "PLO-2max-USD-0.50-1.00-201601.unknown.preamble.txt")
    assert any("zejnikogoj" in n and "Player2" in n for n in other.notes)
    assert other.dealt == (("Jack0340", parse_cards("Js Jd Kc 2s")),)  # space-separated


def test_two_unseated_actors_fail_as_unknown_player() -> None:
    text = classic(
        """
        Alice posts small blind [$0.50 USD].
        Bob posts big blind [$1 USD].
        ** Dealing down cards **
        Mallory raises [$3 USD]
        Trudy folds
        Bob folds
        Mallory wins $2.50 USD
        """
    )
    (f,) = parse_text(text)
    assert isinstance(f, ParseFailure) and f.reason_code == "unknown_player"


def test_chat_time_bank_joins_and_game_starts_lines_move_nothing() -> None:
    h = parse_hand(
        classic(
            """
            Alice posts small blind [$0.50 USD].
            Bob posts big blind [$1 USD].
            ** Dealing down cards **
            Carol: u r getting boring with ur min raises
            Carol will be using his time bank for this hand.
            Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.
            Dave has joined the table.
            Carol folds
            Alice folds
            Bob does not show cards.
            Bob wins $1.50 USD
            Game #99990002 starts.
            """
        )
    )
    assert [(a.player, a.kind) for a in h.actions][2:] == [
        ("Carol", ActionKind.FOLD),
        ("Alice", ActionKind.FOLD),
    ]
    assert codes(h, "error", "warning") == []


def test_limit_and_tournament_headers_and_a_dead_blind() -> None:
    limit = parse_hand(
        classic(
            """
            Alice posts small blind [$10 USD].
            Bob posts big blind [$20 USD].
            Carol posts big blind + dead [$30 USD].
            ** Dealing down cards **
            Carol checks
            Alice calls [$10 USD]
            Bob checks
            Bob wins $70 USD from the main pot with a pair.
            """,
            line2="$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012",
        )
    )
    assert (limit.variant, limit.small_bet, limit.big_bet) == ("FLO-8", 2000, 4000)
    assert (limit.small_blind, limit.big_blind) == (1000, 2000)
    dead = [(a.kind, a.amount) for a in limit.actions if a.player == "Carol"][:2]
    assert dead == [(ActionKind.POST_DEAD, 1000), (ActionKind.POST_BIG_BLIND, 2000)]
    tour = parse_hand(
        classic(
            """
            Alice posts small blind [20].
            Bob posts big blind [40].
            ** Dealing down cards **
            Carol folds
            Alice folds
            Bob wins 60 chips
            """,
            line2="PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - "
            "Thursday, October 31, 16:04:15 EDT 2013",
        ).replace("( $100 USD )", "( 2,910 )")
    )
    assert tour.game_type is GameType.TOURNAMENT and (tour.currency, tour.unit) == ("CHIPS", 1)
    assert (tour.tournament_id, tour.tournament_level, tour.buy_in) == ("105411156", "2", "$22 USD")
    assert tour.seats[0].stack_start == 2910


# -- 2026 ---------------------------------------------------------------------------------
@pytest.mark.corpus
def test_2026_alphanumeric_id_raise_to_and_all_in_line() -> None:
    h = hand(CASH_OUT)
    assert h.hand_key == "partypoker:1770659766668adeb0h5qfm"
    assert (h.stakes, h.small_blind, h.big_blind, h.max_seats) == ("0.10/0.25", 10, 25, 6)
    acts = [(a.player, a.kind.value, a.amount, a.to_amount, a.all_in) for a in h.actions[2:]]
    assert acts == [
        ("Hero", "raise", 85, 85, False),
        ("Player4", "fold", 0, None, False),
        ("Player1", "fold", 0, None, False),
        ("Player2", "raise", 240, 265, False),  # "raises 2.40 to 2.65": added, then total
        ("Hero", "call", 180, None, False),  # "calls (1.80)"
        ("Player2", "bet", 513, 513, False),
        ("Hero", "raise", 2052, 2052, False),
        ("Player2", "call", 1242, None, True),  # "Player2 is all-In." marks the call
    ]


@pytest.mark.corpus
def test_2026_summary_main_pot_rake_and_awards_with_the_returned_bet() -> None:
    h = hand(CASH_OUT)
    assert (h.main_pot_reported, h.rake_reported) == (3850, 200)
    # "collected $41.47" = the $38.50 main pot + Hero's unmatched $2.97.
    assert [(c.player, c.amount) for c in h.collections] == [("Hero", 4147)]
    assert [(p.player, p.kind, p.amount) for p in h.side_payments] == [
        ("Player2", "ev_cashout", 2301)
    ]
    assert next(s for s in h.summary_seats if s.player == "Player2").cashed_out
    assert next(s for s in h.seats if s.player == "Hero").stack_end_reported == 4416
    result = audit_hand(h).result
    assert result is not None and [u.amount for u in result.uncalled] == [297]
    assert codes(h, "error", "warning") == []


@pytest.mark.corpus
def test_2026_file_of_four_hands() -> None:
    found = results(MULTI)
    assert [r.hand_id for r in found if isinstance(r, HandRecord)] == [
        "1784559729098bywbird3xlj",
        "17845596990673djb7na2i87",
        "17845596867267gpyxw6jp9t",
        "1784559652796h1yodv7zdsi",
    ]
    walk = found[3]
    assert isinstance(walk, HandRecord) and (walk.main_pot_reported, walk.rake_reported) == (20, 0)


@pytest.mark.corpus
def test_a_wrong_main_pot_is_a_side_pot_finding() -> None:
    text = (CORPUS / CASH_OUT).read_text("utf-8").replace("Main Pot: $38.50", "Main Pot: $39.50")
    (h,) = parse_text(text)
    assert isinstance(h, HandRecord) and "side_pot_mismatch" in codes(h, "error")


# -- failures -----------------------------------------------------------------------------
def test_a_lone_game_starts_line_is_no_block_and_no_failure() -> None:
    """``Game #N starts.`` is written as the next game starts: between hands, in none."""
    assert parse_text("Game #1458965857 starts.") == []


def test_unknown_lines_fail_with_reasons() -> None:
    (f,) = parse_text(
        classic("Alice posts small blind [$0.50 USD].\nAlice juggles\nAlice wins $1 USD")
    )
    assert isinstance(f, ParseFailure) and f.reason_code == "unknown_line"
    (f,) = parse_text(classic("Alice posts small blind [$0.50 USD]."))
    assert isinstance(f, ParseFailure) and f.reason_code == "truncated"
    holdem = classic("Bob wins $1 USD").replace("PL Omaha", "NL Texas Hold'em")
    (f,) = parse_text(holdem)
    assert isinstance(f, ParseFailure) and f.reason_code == "unsupported_game"
    assert f.hand_key == "partypoker:99990001"


def test_an_impossible_date_is_a_bad_header() -> None:
    (f,) = parse_text(classic("Bob wins $1 USD").replace("January 06", "January 36"))
    assert isinstance(f, ParseFailure) and f.reason_code == "bad_header"
