"""888poker (Pacific, Cassava), docs/FORMATS.md §3: each line shape read as the text claims, the
room's habits as data (rooms/conventions.py), its corpus folder taken whole."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import room_take
from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.context import ParseContext
from omahahh.parsers.poker888 import FORMAT
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.rooms.conventions import conventions
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import CORPUS, corpus_file

FOLDER = "Pacific-888"
HHSMITHY = "Pacific-888/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
GGRATTE = "Pacific-888/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
SAMPLES = "SampleHandHistories/Pacific/CashGame/"
FPDB = "Pacific-888/jejellyroll-fr__fpdb-3/regression-test-files/"
DRIVEHUD = "Pacific-888/topdeveloper1001__DriveHud/DriveHud.Tests/IntegrationTests/Parsers/Pacific/"
LUBBOCK = (
    DRIVEHUD
    + "TestData/Cash/PotLimitOmahaHiLo/Lubbock-1-2-USD-PotLimitOmahaHiLo-Pacific-9-6-2016.txt"
)


def hands(relative: str) -> list[HandRecord]:
    return [
        r for r in parse_blocks(iter_blocks(corpus_file(relative))) if isinstance(r, HandRecord)
    ]


def hand(relative: str, hand_id: str | None = None) -> HandRecord:
    found = [h for h in hands(relative) if hand_id is None or h.hand_id == hand_id]
    assert len(found) == 1, relative
    return found[0]


def codes(h: HandRecord, *severities: str) -> list[str]:
    return [f.code for f in audit_hand(h).findings if f.severity in severities]


def crafted(body: str, *, game: str = "$1/$2 Blinds Pot Limit Omaha", seats: str = "") -> str:
    """An 888 hand from the line shapes of docs/FORMATS.md §3 (crafted by the omahahh authors)."""
    seat_lines = seats or "Seat 1: Alice ( $200 )\nSeat 2: Bob ( $200 )\nSeat 3: Carol ( $200 )"
    n = seat_lines.count("\n") + 1
    return (
        "#Game No : 900000001\n***** 888poker Hand History for Game 900000001 *****\n"
        f"{game} - *** 14 03 2021 18:30:00\nTable Crafted 6 Max (Real Money)\n"
        f"Seat 3 is the button\nTotal number of players : {n}\n{seat_lines}\n{body.strip()}\n"
    )


# -- the corpus folder ------------------------------------------------------------------
@pytest.mark.corpus
def test_every_block_of_the_folder_is_a_hand_a_duplicate_or_a_failure_with_a_reason() -> None:
    for path in expand_paths([CORPUS / FOLDER]):
        for r in parse_blocks(iter_blocks(path)):
            if isinstance(r, ParseFailure):
                # A lone "#Game No : N" with its hand cut off (SpecialCards.txt; the
                # DealingCardsMissing2 file broken on purpose).
                assert r.reason_code == "truncated" and "#Game No" in r.excerpt, r.reason


# -- header ------------------------------------------------------------------------------
def test_header_game_no_lead_in_and_888poker_line() -> None:
    h = hand(HHSMITHY + SAMPLES + "HandActionTests/OmahaHiLo.txt")
    assert h.hand_key == "888poker:441695827" and h.site is Site.POKER888
    assert (h.variant, h.game.structure, h.game.hi_lo) == ("PLO-8", Structure.POT_LIMIT, True)
    assert (h.small_blind, h.big_blind, h.currency, h.unit) == (50, 100, "USD", 100)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Fortaleza", 9, 6)
    assert h.source_line == 2  # the hand starts at its "*****" line; "#Game No" led in


def test_a_copy_without_the_game_no_line_is_the_same_hand() -> None:
    """ggratte's copies drop HHSmithy's ``#Game No`` line: same text hash, a duplicate."""
    with_line = hand(HHSMITHY + SAMPLES + "PlayerTests/OmahaShowdown.txt")
    without = hand(GGRATTE + SAMPLES + "PlayerTests/OmahaShowdown.txt")
    assert with_line.text_hash == without.text_hash


def test_no_time_zone_printed_reads_utc_and_the_option_overrides() -> None:
    text = corpus_file(HHSMITHY + SAMPLES + "GameTypeTests/PotLimitOmaha.txt").read_text("utf-8")
    (h,) = parse_text(text)
    assert isinstance(h, HandRecord) and conventions(Site.POKER888).time_zone == "UTC"
    assert h.started_at == datetime(2014, 1, 6, 21, 5, 48, tzinfo=UTC)
    assert h.started_at_text == "06 01 2014 21:05:48"
    block = next(iter_blocks(corpus_file(HHSMITHY + SAMPLES + "GameTypeTests/PotLimitOmaha.txt")))
    eastern = FORMAT.parse(block, ParseContext(source_timezone="America/New_York"))
    assert eastern.started_at == datetime(2014, 1, 7, 2, 5, 48, tzinfo=UTC)


@pytest.mark.corpus
def test_cassava_no_limit_and_fixed_limit_practice_play() -> None:
    nlo = hand(HHSMITHY + SAMPLES + "GameTypeTests/NoLimitOmaha.txt")
    assert nlo.variant == "NLO" and nlo.hand_key == "888poker:184089742"
    flo = hand(FPDB + "cash/PacificPoker/Flop/888-FLOHL-PM-30-60.txt")
    assert flo.variant == "FLO-8" and flo.currency == "PLAY" and flo.unit == 100
    # "15/30 Blinds Fix Limit": the header gives the blinds; the bets are 30 and 60.
    assert (flo.small_blind, flo.big_blind, flo.small_bet, flo.big_bet) == (1500, 3000, 3000, 6000)
    assert flo.seats[0].stack_start == 145913  # "1,459.13" practice chips


@pytest.mark.corpus
def test_tournament_chips_carry_a_dollar_sign() -> None:
    h = hand(FPDB + "tour/PacificPoker/Flop/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt")
    assert h.game_type is GameType.TOURNAMENT and (h.currency, h.unit) == ("CHIPS", 1)
    assert (h.tournament_id, h.buy_in, h.table_name) == ("50321242", "$10 + $1", "#1")
    assert h.seats[0].stack_start == 3465  # "( $3,465 )"


# -- amounts and cards in the client's language -------------------------------------------
@pytest.mark.corpus
def test_dutch_thousands_dot_and_decimal_comma_and_ranks() -> None:
    h = hand(FPDB + "cash/PacificPoker/Flop/888-PLO-USD-10.00-20.00-201405.dutch.txt")
    assert [s.stack_start for s in h.seats] == [324300, 402600, 369200, 55272, 80000]
    assert h.dealt == (("Hero", parse_cards("Kc 8h Td 6h")),)  # "Hc": Heer = King
    assert h.boards == (parse_cards("7c Kh Ts Qs 6s"),)  # "Vs": Vrouw = Queen
    assert h.shows[0].cards == parse_cards("4h 9d Jh 3s")  # "Bh": Boer = Jack


@pytest.mark.corpus
def test_swedish_no_break_spaces_and_ranks() -> None:
    first, second = hands(FPDB + "cash/PacificPoker/Flop/PLO-6max-USD-25-50-201604.Swedish.txt")
    assert [s.stack_start for s in first.seats] == [500000, 649700]  # "5 000 $" (U+00A0)
    assert first.dealt[0][1] == parse_cards("Tc Jh 9h 9c")  # "Knh": Knekt = Jack
    assert first.shows[1].cards == parse_cards("Ac Jd 4c Kh")  # "Ec": Ess = Ace
    assert second.dealt[0][1] == parse_cards("Qd Ah 4d 8h")  # "Dd": Dam = Queen


def test_a_no_break_space_encoded_twice_groups_thousands() -> None:
    h = hand(HHSMITHY + SAMPLES + "Limits/Limit5.txt")  # "3Â 023,50 $"
    assert [s.stack_start for s in h.seats] == [302350, 1555250, 492500, 716700]


# -- betting ------------------------------------------------------------------------------
def test_bracketed_amounts_are_chips_added_and_all_in_is_read_from_the_stack() -> None:
    h = hand(GGRATTE + SAMPLES + "HandActionTests/DealingCardsMissing2.txt", "374000000")
    flop = [(a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions[7:]]
    assert flop == [
        ("Player1", ActionKind.BET, 27500, 27500, False),
        ("Player2", ActionKind.RAISE, 127500, 127500, False),  # raises [$1,275]: to 1,275
        ("Player1", ActionKind.RAISE, 152400, 179900, True),  # every chip left: all-in
        ("Player2", ActionKind.CALL, 52400, None, False),
    ]


@pytest.mark.corpus
def test_a_raise_from_the_small_blind_adds_to_the_blind() -> None:
    h = hand(FPDB + "cash/PacificPoker/Flop/PLO-6max-USD-25-50-201503.observed.hand.txt")
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (12500, 15000)  # SB 25 "raises [125 $]"
    assert codes(h, "error", "warning") == []


def test_uncalled_bet_is_derived_not_claimed() -> None:
    h = hand(HHSMITHY + SAMPLES + "GameTypeTests/NoLimitOmaha.txt")
    assert h.uncalled == () and not conventions(Site.POKER888).prints_uncalled
    result = audit_hand(h).result
    assert result is not None
    assert [(u.player, u.amount) for u in result.uncalled] == [("azartists", 204100)]
    assert codes(h, "error", "warning", "info") == []


def test_a_second_small_blind_is_dead_and_a_dead_blind_splits() -> None:
    h = parse_hand(
        crafted(
            """
            Alice posts small blind [$1]
            Bob posts big blind [$2]
            Carol posts small blind [$1]
            Dan posts dead blind [$1 + $2]
            ** Dealing down cards **
            Carol calls [$2]
            Dan checks
            Alice calls [$1]
            Bob checks
            ** Summary **
            Bob collected [ $8.60 ]
            """.replace("            ", ""),
            seats="Seat 1: Alice ( $200 )\nSeat 2: Bob ( $200 )\nSeat 3: Carol ( $200 )\n"
            "Seat 4: Dan ( $200 )",
        )
    )
    posts = [(a.player, a.kind, a.amount) for a in h.actions[:5]]
    assert posts == [
        ("Alice", ActionKind.POST_SMALL_BLIND, 100),
        ("Bob", ActionKind.POST_BIG_BLIND, 200),
        ("Carol", ActionKind.POST_DEAD, 100),
        ("Dan", ActionKind.POST_DEAD, 100),
        ("Dan", ActionKind.POST_BIG_BLIND, 200),
    ]
    assert h.variant == "PLO" and h.small_blind == 100 and h.big_blind == 200


def test_five_hole_cards_make_a_five_card_game() -> None:
    h = parse_hand(
        crafted(
            """
            Alice posts small blind [$1]
            Bob posts big blind [$2]
            ** Dealing down cards **
            Dealt to Carol [ As, Kd, 7h, 2c, 9s ]
            Carol folds
            Alice folds
            ** Summary **
            Bob collected [ $3 ]
            """.replace("            ", "")
        )
    )
    assert h.variant == "PLO5" and h.game.hole_card_count == 5


@pytest.mark.corpus
def test_a_fold_above_the_deal_means_not_dealt_in() -> None:
    h = hand(FPDB + "cash/PacificPoker/Flop/888-FLOHL-PM-30-60.txt")
    borr = next(s for s in h.seats if s.player == "Borr_09")
    assert borr.out_of_hand and all(a.player != "Borr_09" for a in h.actions)
    assert any("Borr_09 folds before the deal" in n for n in h.notes)
    assert codes(h, "error", "warning") == []


def test_action_starts_left_of_a_lone_small_blind() -> None:
    h = hand(HHSMITHY + SAMPLES + "Limits/Limit5.txt")  # no big blind posted
    assert codes(h, "error", "warning") == []


# -- showdown, awards, rake ----------------------------------------------------------------
def test_hi_lo_lines_describe_the_shown_hand_and_a_scoop_prints_two_lines() -> None:
    h = hand(HHSMITHY + SAMPLES + "HandActionTests/OmahaHiLo.txt")
    assert h.shows[0].description == "Hi: 5c, 5d, Th, Kd, As; Lo: 2h, 5d, 6d, 8h, As"
    assert h.shows[1].mucked and h.shows[1].player == "vallemos50"
    assert [(c.player, c.amount) for c in h.collections] == [("hank1967", 95), ("hank1967", 95)]
    assert codes(h, "error", "warning") == []


@pytest.mark.corpus
def test_rake_is_the_pot_less_what_was_collected() -> None:
    h = hand(LUBBOCK, "553786992")  # $33 pot, "angelicafer collected [ $32 ]"
    assert h.rake_reported is None and conventions(Site.POKER888).derives_unprinted_rake
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (3300, 100)
    assert room_take(h, [3300]).rake == 100


@pytest.mark.corpus
def test_main_and_side_pot_raked_without_a_rake_line() -> None:
    h = hand(DRIVEHUD + "SingleHands/WrongSummaryHeroName.txt")
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (735, 36)
    assert [a.all_in for a in h.actions if a.player == "leoAKK"][-1]


@pytest.mark.corpus
def test_a_blind_everyone_folds_to_comes_back_inside_collected() -> None:
    h = hand(LUBBOCK, "553795851")  # SB folds; BB $2 "collected [ $3 ]"
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (200, 0)
    assert codes(h, "error", "warning") == []


@pytest.mark.corpus
def test_a_raise_folded_to_comes_back_silently() -> None:
    h = hand(LUBBOCK, "553787274")  # SB raises to $5, BB folds: "collected [ $4 ]"
    assert codes(h, "error", "warning") == []
    result = audit_hand(h).result
    assert result is not None and [u.amount for u in result.uncalled] == [300]


@pytest.mark.corpus
@pytest.mark.parametrize("hand_id", ["553794851", "553791428", "553795631", "553796031"])
def test_uncontested_hi_lo_halves_printed_short_of_the_returned_bet(hand_id: str) -> None:
    h = hand(LUBBOCK, hand_id)
    assert len(h.collections) == 2 and conventions(Site.POKER888).halves_less_uncalled
    assert codes(h, "error", "warning") == []
    result = audit_hand(h).result
    assert result is not None
    assert result.rake == (50 if hand_id == "553794851" else 100)  # 5 %, capped at $1


@pytest.mark.corpus
def test_the_halves_habit_proven_by_the_next_hands_stack() -> None:
    """553794851 prints $1 + $1, but GdRackBaby's next stack ($595.29 = $590.79 - $5
    put in + $9.50) shows the room paid the pot less rake, $9.50."""
    this, after = hand(LUBBOCK, "553794851"), hand(LUBBOCK, "553794880")
    start = next(s.stack_start for s in this.seats if s.player == "GdRackBaby")
    end = next(s.stack_start for s in after.seats if s.player == "GdRackBaby")
    assert end - start == 950 - 500


def test_a_rake_above_the_ceiling_is_an_unpaid_award() -> None:
    """Collected lines that leave more than 5 % of the pot unpaid are not rake."""
    text = crafted(
        """
        Alice posts small blind [$1]
        Bob posts big blind [$2]
        ** Dealing down cards **
        Carol raises [$6]
        Alice folds
        Bob calls [$4]
        ** Dealing flop ** [ 2c, 7d, Th ]
        Bob checks
        Carol bets [$10]
        Bob folds
        ** Summary **
        Carol collected [ $10 ]
        """.replace("        ", "")
    )
    h = parse_hand(text)
    assert "collected_mismatch" in codes(h, "error")


@pytest.mark.corpus
def test_a_tournament_pot_with_no_collected_line_is_not_checked() -> None:
    h = hand(FPDB + "tour/PacificPoker/Flop/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt")
    assert h.collections == () and conventions(Site.POKER888).omits_uncontested_award
    assert codes(h, "error", "warning", "info") == ["award_not_printed"]


def test_a_cash_hand_with_no_award_derives_no_rake() -> None:
    h = parse_hand(
        crafted(
            """
            Alice posts small blind [$1]
            Bob posts big blind [$2]
            ** Dealing down cards **
            Carol raises [$6]
            Alice folds
            Bob folds
            ** Summary **
            Carol did not show his hand
            """.replace("            ", "")
        )
    )
    result = audit_hand(h).result
    assert result is not None and result.rake == 0


# -- failures -----------------------------------------------------------------------------
def unparsed(text: str) -> Iterator[ParseFailure]:
    for r in parse_text(text):
        assert isinstance(r, ParseFailure)
        yield r


def test_unknown_lines_and_games_fail_with_reasons() -> None:
    holdem = crafted("** Summary **").replace("Pot Limit Omaha", "No Limit Holdem")
    (f,) = unparsed(holdem)
    assert f.reason_code == "unsupported_game" and f.hand_key == "888poker:900000001"
    junk = crafted("Alice posts small blind [$1]\nAlice dances\n** Summary **")
    (f,) = unparsed(junk)
    assert f.reason_code == "unknown_line" and "Alice dances" in f.reason
    (f,) = unparsed(crafted("Alice posts small blind [$1]"))
    assert f.reason_code == "truncated"
    (f,) = unparsed(crafted("Dealt to Carol [ As, Xx, 7h, 2c ]\n** Summary **"))
    assert f.reason_code == "bad_cards"


def test_an_impossible_date_is_a_bad_header() -> None:
    (f,) = unparsed(crafted("** Summary **").replace("14 03 2021", "14 13 2021"))
    assert f.reason_code == "bad_header" and "impossible time" in f.reason
