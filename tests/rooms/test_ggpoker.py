"""The GGPoker parser: every line type of docs/FORMATS.md §2, read as the text claims."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest

from omahahh.cards import parse_cards
from omahahh.dataset.ingest import ingest
from omahahh.dataset.pipeline import parse_blocks
from omahahh.dataset.store import scan
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.parsers import parse_block
from omahahh.parsers.context import ParseContext
from omahahh.parsers.ggpoker_header import parse_header
from omahahh.parsers.registry import expand_paths, iter_blocks, split_blocks
from omahahh.rooms.conventions import conventions
from tests.helpers.hands import GG_EV_CASHOUT as EV_CASHOUT
from tests.helpers.identity import KNOWN_REASONS, broken_on_purpose, identity_gap
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import corpus_file

GG = Path("GGPoker/jejellyroll-fr__fpdb-3/regression-test-files/cash/GGPoker/Flop")

# A Rush & Cash PLO-6 hand with a Cash Drop, all-in insurance and every fee of the
# total line (crafted by the omahahh authors from the line shapes of docs/FORMATS.md §2).
CRAFTED = """\
Poker Hand #RC1000001: PLO-6 ($0.5/$1) - 2024/03/10 14:00:00
Table 'RushAndCash50' 6-max Seat #1 is the button
Seat 1: Hero ($100 in chips)
Seat 2: 1a2b3c4d ($1,250.5 in chips)
Seat 3: 5e6f7a8b ($80 in chips)
Cash Drop to Pot : total $0.2
1a2b3c4d: posts small blind $0.5
5e6f7a8b: posts big blind $1
*** HOLE CARDS ***
Dealt to Hero [Ah Kh Qd Jd Tc 9c]
Dealt to 1a2b3c4d
Dealt to 5e6f7a8b
Hero: raises $2.5 to $3.5
1a2b3c4d: folds
5e6f7a8b: raises $7 to $10.5
Hero: calls $7
*** FLOP *** [2c 7d 9h]
5e6f7a8b: bets $22
Hero: calls $22
*** TURN *** [2c 7d 9h] [8h]
5e6f7a8b: bets $47.5 and is all-in
Hero: calls $47.5
Hero: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))
Hero: pay premium of all-in insurance ($4)
5e6f7a8b: shows [2d 2s 7c 7s 3h 4h] (Three Sevens)
Hero: shows [Ah Kh Qd Jd Tc 9c] (Straight)
*** RIVER *** [2c 7d 9h 8h] [Ts]
*** SHOWDOWN ***
Hero collected $156 from pot
*** SUMMARY ***
Total pot $160.7 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0.5 | Tax $0.2
Board [2c 7d 9h 8h Ts]
Seat 1: Hero (button) showed [Ah Kh Qd Jd Tc 9c] and won ($156) with Straight, AII Premium ($4)
Seat 2: 1a2b3c4d (small blind) folded before Flop
Seat 3: 5e6f7a8b (big blind) showed [2d 2s 7c 7s 3h 4h] and lost with Three Sevens
"""


def _file_hands(corpus: Path, name: str) -> list[HandRecord]:
    hands = []
    for block in iter_blocks(corpus / GG / name):
        result = parse_block(block)
        assert isinstance(result, HandRecord), getattr(result, "reason", result)
        hands.append(result)
    return hands


def identity_holds(hand: HandRecord) -> bool:
    """FORMATS §2 / rooms.py: Total = C - U + D; Total - Rake - fees = Σ collected."""
    room = conventions(hand.site)
    put_in = sum(a.amount for a in hand.actions)
    uncalled = sum(u.amount for u in hand.uncalled)
    total = put_in - uncalled + (hand.cash_drop_reported or 0)
    fees = sum(getattr(hand, name) or 0 for name in room.fees_outside_rake)
    collected = sum(c.amount for c in hand.collections)
    return (
        total == hand.total_pot_reported
        and (hand.total_pot_reported or 0) - (hand.rake_reported or 0) - fees == collected
    )


def test_crafted_rush_and_cash_header_game_and_comma_stacks() -> None:
    h = parse_hand(CRAFTED)
    assert h.hand_key == "ggpoker:RC1000001"
    assert h.fast_fold  # RC = Rush & Cash
    assert (h.game.variant, h.game.hole_card_count, h.game.structure) == (
        "PLO6",
        6,
        Structure.POT_LIMIT,
    )
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("USD", 100, 50, 100)
    assert [s.stack_start for s in h.seats] == [10000, 125050, 8000]


def test_cash_drop_and_fees_are_not_rake() -> None:
    h = parse_hand(CRAFTED)
    assert h.cash_drop_reported == 20
    assert (h.total_pot_reported, h.rake_reported) == (16070, 300)
    assert h.jackpot_reported == 100
    assert h.other_fees_reported == 70  # Bingo 0 + Fortune 0.5 + Tax 0.2
    assert identity_holds(h)


def test_all_in_insurance_premium_is_a_side_payment_not_pot_money() -> None:
    h = parse_hand(CRAFTED)
    assert [(p.player, p.kind, p.amount) for p in h.side_payments] == [
        ("Hero", "insurance_premium", 400)
    ]
    hero = next(s for s in h.summary_seats if s.player == "Hero")
    assert hero.won == 15600  # "AII Premium ($4)" is not a win


def test_shows_before_the_river_keep_their_cards_and_description() -> None:
    h = parse_hand(CRAFTED)
    assert [(s.player, s.description) for s in h.shows] == [
        ("5e6f7a8b", "Three Sevens"),
        ("Hero", "Straight"),
    ]
    assert h.shows[0].cards == parse_cards("2d 2s 7c 7s 3h 4h")
    assert h.boards == (parse_cards("2c 7d 9h 8h Ts"),)


def test_dealt_to_lines_with_and_without_cards() -> None:
    h = parse_hand(CRAFTED)
    assert h.dealt == (("Hero", parse_cards("Ah Kh Qd Jd Tc 9c")),)
    assert not any(s.sitting_out for s in h.seats)  # every seat had a Dealt line


def test_ev_cashout_lines_are_side_payments() -> None:
    h = parse_hand(EV_CASHOUT)
    assert [(p.player, p.kind, p.amount) for p in h.side_payments] == [
        ("88989dfa", "ev_cashout", 998),
        ("oiesfcv1", "cashout_risk", 2268),
    ]
    won = {s.player: s.won for s in h.summary_seats}
    assert won == {"88989dfa": None, "oiesfcv1": 9750}
    assert identity_holds(h)


def test_time_has_no_zone_default_is_the_rooms_and_option_overrides() -> None:
    h = parse_hand(EV_CASHOUT)  # 2023/05/01 20:00:00, ET (EDT = UTC-4) by default
    assert conventions(h.site).time_zone == "America/New_York"
    assert h.started_at == datetime(2023, 5, 2, 0, 0, tzinfo=UTC)
    assert h.started_at_text == "2023/05/01 20:00:00"
    block = next(iter(split_blocks("<t>", EV_CASHOUT.splitlines())))
    malta = parse_block(block, ParseContext(source_timezone="Europe/Malta"))
    assert isinstance(malta, HandRecord)
    assert malta.started_at == datetime(2023, 5, 1, 18, 0, tzinfo=UTC)


def test_tournament_header_nl_postflop_is_read_as_no_limit_with_a_note() -> None:
    line = (
        "Poker Hand #TM2697462: Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop)"
        " - Level18(1,250/2,500) - 2021/04/15 11:12:42"
    )
    h = parse_header(line, ParseContext())
    assert h.game_type is GameType.TOURNAMENT
    assert (h.tournament_id, h.tournament_level, h.tournament_name) == (
        "25942319",
        "18",
        "Omaholic Bounty $8.40",
    )
    assert (h.stake_low, h.stake_high, h.currency, h.unit) == (1250, 2500, "CHIPS", 1)
    assert h.game.structure is Structure.NO_LIMIT
    assert h.notes and "NL postflop" in h.notes[0]


def test_tournament_name_holding_plo_does_not_hide_the_game() -> None:
    line = (
        "Poker Hand #TM106348078: Tournament #5948181, High Rollers PLO Main Event $1K "
        "Omaha Pot Limit - Level4 (90/180) - 2020/06/23 19:21:09"
    )
    h = parse_header(line, ParseContext())
    assert h.game.game_label == "Omaha Pot Limit"
    assert h.tournament_name == "High Rollers PLO Main Event $1K"


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("PLO", "PLO"),
        ("PLO-5", "PLO5"),
        ("PLO-6", "PLO6"),
        ("Omaha Pot Limit", "PLO"),
        ("Omaha No Limit", "NLO"),
        ("Omaha Hi/Lo Pot Limit", "PLO-8"),
        ("PLO Hi/Lo", "PLO-8"),
    ],
)
def test_game_strings_of_formats_section_2(game: str, variant: str) -> None:
    h = parse_header(f"Poker Hand #OM1: {game} ($0.1/$0.25) - 2021/04/13 10:03:48", ParseContext())
    assert h.game.variant == variant


def test_holdem_is_an_unsupported_game_failure() -> None:
    f = parse_failure(
        CRAFTED.replace("PLO-6 ($0.5/$1)", "Hold'em No Limit ($0.5/$1)").replace("#RC", "#HD")
    )
    assert f.reason_code == "unsupported_game"
    assert "Hold'em" in f.reason


def test_unknown_fee_in_total_line_fails_rather_than_guess() -> None:
    f = parse_failure(CRAFTED.replace("| Tax $0.2", "| Lottery $0.2"))
    assert f.reason_code == "unknown_line"
    assert "Lottery" in f.reason


def test_truncated_hand_is_a_failure_naming_the_line() -> None:
    text = CRAFTED.split("*** SUMMARY ***")[0]
    f = parse_failure(text)
    assert f.reason_code == "truncated"
    assert f.source_line == len(text.strip("\n").split("\n"))


def test_unknown_line_is_a_failure_not_a_dropped_action() -> None:
    f = parse_failure(CRAFTED.replace("1a2b3c4d: folds", "1a2b3c4d: juggles"))
    assert f.reason_code == "unknown_line"
    assert f.hand_key == "ggpoker:RC1000001"


@pytest.mark.corpus
def test_missed_blind_is_dead_money_before_a_live_big_blind(corpus: Path) -> None:
    (h,) = _file_hands(corpus, "PLO-6max-USD-5-10-202101.missed.txt")
    posts = [(a.player, a.kind, a.amount) for a in h.actions if a.kind.value.startswith("post")]
    assert ("d379b979", ActionKind.POST_DEAD, 500) in posts
    assert ("d379b979", ActionKind.POST_BIG_BLIND, 1000) in posts
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount, raise_.raise_by) == (3000, 4000, 3000)
    assert identity_holds(h)


@pytest.mark.corpus
def test_each_straddle_line_is_the_new_street_total(corpus: Path) -> None:
    (h,) = _file_hands(corpus, "PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt")
    straddles = [a for a in h.actions if a.kind is ActionKind.POST_STRADDLE]
    assert [(a.amount, a.to_amount, a.all_in) for a in straddles] == [
        (50, 50, False),
        (1485, 1535, True),
    ]
    assert identity_holds(h)  # 0.1 + 0.25 + 15.35 - 15.1 = 0.6


@pytest.mark.corpus
def test_run_it_three_times_full_boards_and_per_run_collections(corpus: Path) -> None:
    (h,) = _file_hands(corpus, "PLO-6max-USD-2-5-202106.run.it.thrice.txt")
    assert h.run_count == 3
    flop = parse_cards("Js 5s Jd")
    assert h.boards == (
        flop + parse_cards("7s 2s"),
        flop + parse_cards("4d Qs"),  # SUMMARY says only "SECOND Board [4d Qs]"
        flop + parse_cards("4s Ts"),
    )
    assert [(c.run, c.amount) for c in h.collections] == [(0, 10510), (1, 10510), (2, 10510)]
    assert (h.jackpot_reported, h.other_fees_reported) == (500, 0)
    assert identity_holds(h)


@pytest.mark.corpus
def test_run_twice_from_preflop_boards_and_uncalled(corpus: Path) -> None:
    (h,) = _file_hands(corpus, "PLO-6max-USD-2-5-202101.RIT.txt")
    assert h.run_count == 2
    assert h.boards[1] == parse_cards("Td Qc 2c Kc Ah")
    assert [(u.player, u.amount, u.street) for u in h.uncalled] == [("Hero", 1600, Street.PREFLOP)]
    assert identity_holds(h)


@pytest.mark.corpus
def test_all_in_or_fold_file_preflop_header_and_no_flop_line(corpus: Path) -> None:
    path = corpus / "GGPoker/jejellyroll-fr__fpdb-3/tests/fixtures/hands/ggpoker/aof_omaha.txt"
    (block,) = list(iter_blocks(path))
    h = parse_block(block)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.hand_id == "AF443780601"
    assert h.boards == (parse_cards("Jh 8h Ts Th Js"),)
    assert h.rake_reported is None  # "Total pot $2.1": no Rake field at all
    assert identity_holds(h)


@pytest.mark.corpus
def test_2020_cash_file_thirteen_hands_no_rake_field(corpus: Path) -> None:
    hands = _file_hands(corpus, "PLO-6max-USD-0.5-1.00-202006.txt")
    assert len(hands) == 13
    assert all(h.rake_reported is None and h.jackpot_reported is None for h in hands)
    assert all(identity_holds(h) for h in hands)


def test_2023_export_dealt_lines_with_trailing_space_and_river_shows() -> None:
    path = corpus_file(
        "GGPoker/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/"
        "SampleHandHistories/GGPoker/CashGame/GameTypeTests/PotLimitOmaha.txt"
    )
    assert "Dealt to 7d288c5d \n" in path.read_text(encoding="utf-8-sig")
    (block,) = list(iter_blocks(path))
    h = parse_block(block)
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    assert h.dealt == (("Hero", parse_cards("6h 6c 6s 9d")),)
    assert [s.player for s in h.shows] == ["c1d29c12", "7d288c5d"]  # before *** SHOWDOWN ***
    assert (h.jackpot_reported, h.other_fees_reported) == (0, 0)
    assert identity_holds(h)


# -- the corpus folder (../shared/corpus/GGPoker) ----------------------------------------
# Every file ingests: each hand parsed, a duplicate or a failure with a reason; the room's
# accounting identity, read from rooms/conventions.py as data, holds for every parsed
# hand; the audit finds no error in hands not broken on purpose.


@pytest.fixture(scope="module")
def corpus_dataset(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gg") / "ds"
    counts = ingest([corpus / "GGPoker"], out)
    assert counts.blocks == counts.parsed + counts.duplicates + counts.failures
    return out


@pytest.mark.corpus
def test_every_corpus_block_is_parsed_duplicate_or_failure_with_a_reason(corpus: Path) -> None:
    seen = 0
    for path in expand_paths([corpus / "GGPoker"]):
        blocks = list(iter_blocks(path))
        results = list(parse_blocks(blocks))
        assert len(results) == len(blocks), path
        seen += len(results)
        for r in results:
            if not isinstance(r, HandRecord):
                assert r.reason_code in KNOWN_REASONS, (path, r.reason)
                assert r.reason.startswith(f"{path}:")
    assert seen == 90  # INDEX.tsv: 90 GGPoker Omaha hands


@pytest.mark.corpus
def test_corpus_counts(corpus_dataset: Path) -> None:
    hands = scan(corpus_dataset, "hands").collect()
    failures = scan(corpus_dataset, "failures").collect()
    by_site = dict(hands.group_by("site").len().iter_rows())
    assert by_site == {"ggpoker": 90}
    assert failures["reason_code"].to_list() == []


@pytest.mark.corpus
def test_identity_as_data_holds_for_every_parsed_corpus_hand(corpus: Path) -> None:
    checked = 0
    for path in expand_paths([corpus / "GGPoker"]):
        for result in parse_blocks(iter_blocks(path)):
            if not isinstance(result, HandRecord):
                continue
            gap = identity_gap(result, conventions(result.site))
            if broken_on_purpose(str(path)):
                continue
            assert gap == (0, 0), (result.hand_key, gap)
            checked += 1
    assert checked == 90


def test_identity_facts_are_data_in_rooms() -> None:
    gg = conventions(Site.GGPOKER)
    assert gg.total_includes_rake and set(gg.fees_outside_rake) == {
        "jackpot_reported",
        "other_fees_reported",
    }
    assert not gg.names_pots and gg.time_zone == "America/New_York"


@pytest.mark.corpus
def test_audit_finds_no_error_in_corpus_hands_not_broken_on_purpose(corpus_dataset: Path) -> None:
    hands = scan(corpus_dataset, "hands").select("hand_key", "source_path").collect()
    intact = [k for k, p in hands.iter_rows() if not broken_on_purpose(p)]
    errors = (
        scan(corpus_dataset, "findings")
        .filter(pl.col("severity") == "error", pl.col("hand_key").is_in(intact))
        .select("hand_key", "code", "message")
        .collect()
    )
    assert errors.height == 0, errors.rows()[:10]
