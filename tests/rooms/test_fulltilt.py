"""Full Tilt (docs/FORMATS.md §7): raises to, ET, tagged halves, run it twice, Courchevel, 5-cent splits."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.audit.room_rules import room_rules
from omahahh.cards import parse_cards
from omahahh.house_rules import DEFAULT_HOUSE_RULES
from omahahh.model import ActionKind, GameType, HandRecord, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from omahahh.replay.showdown import split_chip
from tests.helpers.parsing import parse_failure
from tests.helpers.paths import CORPUS, corpus_file

HH = corpus_file("FullTilt/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests")
HH = HH / "SampleHandHistories/FullTilt/CashGame"
FPDB = CORPUS / "FullTilt/jejellyroll-fr__fpdb-3/regression-test-files"
FLOP = FPDB / "cash/FTP/Flop"


def only_hand(path: object) -> HandRecord:
    hands = [parse_block(b) for b in iter_blocks(str(path))]
    (hand,) = [h for h in hands if isinstance(h, HandRecord)]
    return hand


def hand_in(path: object, hand_id: str) -> HandRecord:
    for block in iter_blocks(str(path)):
        result = parse_block(block)
        if isinstance(result, HandRecord) and result.hand_id == hand_id:
            return result
    raise AssertionError(hand_id)


# The HHSmithy files are in tests/data; fpdb's (AGPL) only in the corpus.
FPDB_ONLY = pytest.mark.corpus


@pytest.mark.parametrize(
    ("path", "variant"),
    [
        (HH / "GameTypeTests/FixedLimitOmahaHiLo.txt", "FLO-8"),  # FL Omaha H/L
        (HH / "GameTypeTests/NoLimitOmahaHiLo.txt", "NLO-8"),  # NL Omaha H/L
        (HH / "GameTypeTests/PotLimitOmahaHiLo.txt", "PLO-8"),  # PL Omaha H/L
        (HH / "GameTypeTests/PotLimitOmaha.txt", "PLO"),  # PL Omaha Hi
        pytest.param(
            FLOP / "LO8-6max-USD-200-400.200610.Observed.Hand.with.chat.txt",
            "FLO-8",
            marks=FPDB_ONLY,
        ),  # Limit Omaha Hi/Lo
        pytest.param(
            FLOP / "PLO-6max-USD-200-400.200612.Observed.Hand.with.chat.txt",
            "PLO",
            marks=FPDB_ONLY,
        ),  # Pot Limit Omaha
        pytest.param(FLOP / "PL-Courchevel-6max-play-25-50-201305.txt", "CPLO", marks=FPDB_ONLY),
    ],
)
def test_every_game_string_including_hi_lo(path: object, variant: str) -> None:
    h = only_hand(path)
    assert h.site is Site.FULLTILT and h.variant == variant


def test_raises_are_to_and_all_in_is_marked() -> None:
    h = only_hand(HH / "HandActionTests/OmahaHiLo.txt")
    moves = [(a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions[2:]]
    assert moves[:3] == [
        ("Bauko", ActionKind.RAISE, 25, 30, False),  # "raises to $0.30" over the $0.05 blind
        ("great johnny", ActionKind.RAISE, 80, 90, False),
        ("Bauko", ActionKind.CALL, 60, None, False),
    ]
    assert ("great johnny", ActionKind.CALL, 226, None, True) in moves  # ", and is all in"
    assert [(c.player, c.half, c.amount) for c in h.collections] == [
        ("Bauko", "high", 472),
        ("great johnny", "low", 471),
    ]
    assert (h.total_pot_reported, h.rake_reported, h.button_seat) == (992, 49, 5)


@pytest.mark.corpus
def test_time_is_the_et_stamp() -> None:
    h = only_hand(FLOP / "PLO-6max-USD-2.00-4.00-201211.no.win.line.txt")
    # "17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]"
    assert h.started_at == datetime(2012, 11, 6, 16, 9, 49, tzinfo=UTC)


@pytest.mark.corpus
def test_run_it_twice_boards_and_pots_per_board() -> None:
    h = only_hand(FLOP / "PLO-6max-USD-25-50.201012.Run.it.Twice.Archive.Shallow.txt")
    assert h.boards == (parse_cards("6c Qh 3c 3d Th"), parse_cards("6c Qh 3c 9h 6h"))
    assert [(c.run, c.pot_index, c.amount) for c in h.collections] == [
        (0, 0, 185900),
        (1, 0, 185900),
    ]


@pytest.mark.corpus
def test_courchevel_first_flop_card_comes_before_the_betting() -> None:
    h = only_hand(FLOP / "PL-Courchevel-6max-play-25-50-201305.txt")
    assert h.game.courchevel and h.game.hole_card_count == 5
    assert h.boards == (parse_cards("9h 9s Kd 7h 7d"),)
    assert h.currency == "PLAY"  # "Table Play Chip 2409", stakes without a symbol


@pytest.mark.corpus
def test_tournament_from_the_table_part() -> None:
    h = only_hand(FPDB / "tour/FTP/Flop/LO8-HORSE-2max-SnG-USD-200-200604.txt")
    assert h.game_type is GameType.TOURNAMENT and h.tournament_id == "3795352"
    assert h.game.structure is Structure.FIXED_LIMIT and h.currency == "CHIPS"


@pytest.mark.corpus
def test_sitting_out_is_read_from_the_summary() -> None:
    h = hand_in(FPDB / "cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt", "29705175401")
    assert [s.player for s in h.seats if s.sitting_out] == ["KiIIuminati"]


@pytest.mark.corpus
def test_award_without_a_wins_line_comes_from_the_summary() -> None:
    h = hand_in(FPDB / "cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt", "29705302683")
    assert [(c.player, c.amount, c.pot_label) for c in h.collections] == [
        ("KiIIuminati", 380, "summary")
    ]


def test_pots_split_in_the_room_s_smallest_chip() -> None:
    fl = only_hand(HH / "GameTypeTests/FixedLimitOmahaHiLo.txt")
    assert (
        split_chip(fl, room_rules(DEFAULT_HOUSE_RULES, fl.site)) == 5
    )  # every amount a whole 5 cents
    # $7.75 after rake: $3.90 high, $3.85 low (in 5-cent chips), no odd-chip finding.
    assert [c.amount for c in fl.collections] == [390, 385]
    assert [f for f in audit_hand(fl).findings if f.severity != "info"] == []
    big = only_hand(HH / "Limits/Limit5.txt")
    assert split_chip(big, room_rules(DEFAULT_HOUSE_RULES, big.site)) == 50
    assert [c.amount for c in big.collections] == [1600000, 1599950]


def test_other_games_of_a_mixed_file_are_not_omaha() -> None:
    failure = parse_failure(
        "Full Tilt Poker Game #29705443805: Table Jackrabbit (6 max) - $2.50/$5 - Limit 2-7 "
        "Triple Draw - 20:30:22 CET - 2011/04/07 [14:30:22 ET - 2011/04/07]\nSeat 1: A ($1)"
    )
    assert failure.reason_code == "unsupported_game"
