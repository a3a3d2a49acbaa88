"""The Winamax parser: every line type of docs/FORMATS.md §4, read as the text claims."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import polars as pl
import pytest

from omahahh.cards import parse_cards
from omahahh.dataset.ingest import ingest
from omahahh.dataset.pipeline import parse_blocks
from omahahh.dataset.store import scan
from omahahh.model import ActionKind, GameType, HandRecord, Site, Structure
from omahahh.parsers import parse_block
from omahahh.parsers.context import ParseContext
from omahahh.parsers.registry import expand_paths, iter_blocks
from omahahh.parsers.winamax_header import parse_header
from omahahh.rooms.conventions import conventions
from tests.helpers.hands import WINAMAX_CRAFTED as CRAFTED
from tests.helpers.identity import KNOWN_REASONS, broken_on_purpose, identity_gap
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import corpus_file

FPDB = Path("Winamax/jejellyroll-fr__fpdb-3/regression-test-files/cash/Winamax/Flop")
GGRATTE = Path("Winamax/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
SAMPLES = GGRATTE / "SampleHandHistories/Winamax"


def _hand(relative: Path) -> HandRecord:
    (block,) = list(iter_blocks(corpus_file(relative)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def identity_holds(hand: HandRecord) -> bool:
    """FORMATS §4 / rooms/conventions.py: Σ put in = Total pot + Rake; Total pot = Σ collected."""
    room = conventions(hand.site)
    assert not room.total_includes_rake and room.total_includes_uncalled
    put_in = sum(a.amount for a in hand.actions)
    collected = sum(c.amount for c in hand.collections)
    total = hand.total_pot_reported or 0
    return put_in == total + (hand.rake_reported or 0) and total == collected


def test_names_with_spaces_and_euro_suffix_amounts() -> None:
    h = parse_hand(CRAFTED)
    assert [s.player for s in h.seats] == ["Le Grand Bleu", "Hero", "Villain 2", "Sleepy"]
    assert (h.currency, h.unit, h.small_blind, h.big_blind) == ("EUR", 100, 100, 200)
    assert (h.game.variant, h.game.hi_lo) == ("PLO-8", True)
    assert h.started_at == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)


def test_out_of_position_small_blind_is_dead_r_bl_7() -> None:
    h = parse_hand(CRAFTED)
    post = next(a for a in h.actions if a.player == "Le Grand Bleu")
    assert (post.kind, post.amount) == (ActionKind.POST_DEAD, 100)
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (600, 600)  # the dead 1€ counts toward nothing


def test_hi_lo_tags_both_spellings_and_side_pot_index() -> None:
    h = parse_hand(CRAFTED)
    got = [(c.player, c.amount, c.pot_index, c.half) for c in h.collections]
    assert got == [
        ("Villain 2", 1000, 1, None),
        ("Villain 2", 5300, 0, "high"),
        ("Hero", 5200, 0, "low"),
    ]


def test_two_summary_lines_of_one_seat_are_merged() -> None:
    h = parse_hand(CRAFTED)
    hero = [s for s in h.summary_seats if s.player == "Hero"]
    assert len(hero) == 1
    assert hero[0].won == 5200
    assert hero[0].showed == parse_cards("Ah 2h 3c Kd")


def test_seat_with_no_line_is_read_as_sitting_out() -> None:
    h = parse_hand(CRAFTED)
    assert [s.player for s in h.seats if s.sitting_out] == ["Sleepy"]
    assert any("seat 4" in n for n in h.notes)


def test_no_uncalled_line_and_the_winamax_identity() -> None:
    h = parse_hand(CRAFTED)
    assert h.uncalled == ()  # Winamax never prints one: the 10€ side pot is the excess
    assert identity_holds(h)


def test_no_rake_summary_is_zero_rake() -> None:
    h = _hand(SAMPLES / "CashGame/GeneralHands/NoRake.txt")
    assert (h.total_pot_reported, h.rake_reported) == (300, 0)


def test_empty_seat_stack_reads_as_sitting_out_with_a_note() -> None:
    h = _hand(SAMPLES / "CashGame/PlayerTests/WithSittingOut.txt")
    seat1 = h.seats[0]
    assert (seat1.player, seat1.stack_start, seat1.sitting_out) == ("Player1", 0, True)
    assert identity_holds(h)


@pytest.mark.corpus
def test_play_money_hi_lo_export_with_spaced_tags() -> None:
    h = _hand(FPDB / "PLO8-2max-play-0.05-0.10-201610.export.txt")
    assert (h.currency, h.unit, h.table_name) == ("PLAY", 100, "Derby")
    assert [(c.half, c.amount) for c in h.collections] == [("high", 47), ("low", 46)]
    won = {s.player: s.won for s in h.summary_seats}
    assert won == {"Hero": 46, "Player0": 47}
    assert identity_holds(h)


@pytest.mark.corpus
def test_post_both_out_of_position_small_part_dead_rest_live() -> None:
    h = _hand(FPDB / "PLO-5max-EUR-1.00-2.00-201611.post.both.txt")
    posts = [(a.kind, a.amount) for a in h.actions if a.player == "Player4"][:2]
    # "posts small blind 3€ out of position" + "posts big blind 0€ out of position"
    assert posts == [(ActionKind.POST_DEAD, 100), (ActionKind.POST_BIG_BLIND, 200)]
    assert identity_holds(h)


@pytest.mark.corpus
def test_table_line_without_colon_and_flop_line_with_colon() -> None:
    h = _hand(FPDB / "PLO-5max-EUR-2-4-202104.no.colon.txt")
    assert h.table_name == "Nagoya"
    assert h.boards == (parse_cards("3h Td 6d Jc"),)


@pytest.mark.corpus
def test_side_pot_one_and_main_pot_lines() -> None:
    h = _hand(FPDB / "5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt")
    assert h.game.variant == "PLO5-8"
    assert [(c.player, c.pot_index, c.amount) for c in h.collections] == [
        ("Hero", 1, 8400),
        ("Player0", 0, 15450),
    ]
    assert identity_holds(h)


def test_sit_and_go_header_and_tournament_id_from_table() -> None:
    h = _hand(SAMPLES / "SitAndGo/GeneralHands/GeneralHand.txt")
    assert h.game_type is GameType.TOURNAMENT
    assert (h.tournament_id, h.tournament_level, h.currency, h.unit) == (
        "144278641",
        "3",
        "CHIPS",
        1,
    )
    assert h.buy_in == '"Sit&Go Freeroll" Ticket only'


@pytest.mark.corpus
def test_raise_among_the_blinds_is_an_ambiguous_post_failure(corpus: Path) -> None:
    path = corpus / FPDB / "PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt"
    results = [parse_block(b) for b in iter_blocks(path)]
    assert [getattr(r, "reason_code", None) for r in results] == ["ambiguous_post"] * 2
    assert results[0].source_line == 9  # type: ignore[union-attr]
    assert results[0].hand_key == "winamax:6417287-1303-1406683540"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("game", "variant", "structure"),
    [
        ("Omaha pot limit", "PLO", Structure.POT_LIMIT),
        ("Omaha5 pot limit", "PLO5", Structure.POT_LIMIT),
        ("Omaha8 pot limit", "PLO-8", Structure.POT_LIMIT),
        ("5 Card Omaha Hi/Lo pot limit", "PLO5-8", Structure.POT_LIMIT),
        ("Omaha no limit", "NLO", Structure.NO_LIMIT),
    ],
)
def test_game_words(game: str, variant: str, structure: Structure) -> None:
    line = f"Winamax Poker - CashGame - HandId: #1-2-3 - {game} (1€/2€) - 2016/11/11 14:28:18 UTC"
    h = parse_header(line, ParseContext())
    assert (h.game.variant, h.game.structure) == (variant, structure)


def test_tournament_stakes_with_ante() -> None:
    line = (
        'Winamax Poker - Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11 - HandId: '
        "#2357799155578961958-128-1653325811 - Omaha pot limit (140/600/1200) - "
        "2022/05/23 17:10:11 UTC"
    )
    h = parse_header(line, ParseContext())
    assert (h.ante, h.stake_low, h.stake_high) == (140, 600, 1200)
    assert h.buy_in == '"TEA TIME" 18€ + 2€'


def test_holdem_is_unsupported() -> None:
    f = parse_failure(CRAFTED.replace("Omaha Hi/Lo pot limit", "Holdem no limit"))
    assert f.reason_code == "unsupported_game"


def test_unknown_line_is_a_failure() -> None:
    f = parse_failure(CRAFTED.replace("Le Grand Bleu folds", "Le Grand Bleu dances"))
    assert f.reason_code == "unknown_line"
    assert f.hand_key == "winamax:1000001-1-1700000000"


# -- the corpus folder (../shared/corpus/Winamax) ----------------------------------------
# Every file ingests: each hand parsed, a duplicate or a failure with a reason; the room's
# accounting identity, read from rooms/conventions.py as data, holds for every parsed
# hand; the audit finds no error in hands not broken on purpose.


@pytest.fixture(scope="module")
def corpus_dataset(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wmx") / "ds"
    counts = ingest([corpus / "Winamax"], out)
    assert counts.blocks == counts.parsed + counts.duplicates + counts.failures
    return out


@pytest.mark.corpus
def test_every_corpus_block_is_parsed_duplicate_or_failure_with_a_reason(corpus: Path) -> None:
    seen = 0
    for path in expand_paths([corpus / "Winamax"]):
        blocks = list(iter_blocks(path))
        results = list(parse_blocks(blocks))
        assert len(results) == len(blocks), path
        seen += len(results)
        for r in results:
            if not isinstance(r, HandRecord):
                assert r.reason_code in KNOWN_REASONS, (path, r.reason)
                assert r.reason.startswith(f"{path}:")
    assert seen == 18  # INDEX.tsv: 18 Winamax Omaha hands


@pytest.mark.corpus
def test_corpus_counts(corpus_dataset: Path) -> None:
    hands = scan(corpus_dataset, "hands").collect()
    failures = scan(corpus_dataset, "failures").collect()
    by_site = dict(hands.group_by("site").len().iter_rows())
    # Two Winamax hands print a raise before the blinds (fpdb's ante.raise file).
    assert by_site == {"winamax": 16}
    assert failures["reason_code"].to_list() == ["ambiguous_post", "ambiguous_post"]


@pytest.mark.corpus
def test_identity_as_data_holds_for_every_parsed_corpus_hand(corpus: Path) -> None:
    checked = 0
    for path in expand_paths([corpus / "Winamax"]):
        for result in parse_blocks(iter_blocks(path)):
            if not isinstance(result, HandRecord):
                continue
            gap = identity_gap(result, conventions(result.site))
            if broken_on_purpose(str(path)):
                continue
            assert gap == (0, 0), (result.hand_key, gap)
            checked += 1
    assert checked == 15


@pytest.mark.corpus
def test_the_broken_pot_file_breaks_the_identity(corpus: Path) -> None:
    (path,) = [p for p in expand_paths([corpus / "Winamax"]) if "bad.pot" in str(p)]
    (hand,) = [r for r in parse_blocks(iter_blocks(path)) if isinstance(r, HandRecord)]
    assert identity_gap(hand, conventions(hand.site)) != (0, 0)


def test_identity_facts_are_data_in_rooms() -> None:
    wmx = conventions(Site.WINAMAX)
    assert not wmx.total_includes_rake and wmx.total_includes_uncalled
    assert not wmx.prints_uncalled and wmx.collected_includes_uncalled and wmx.tags_hi_lo


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
