"""ACR / Winning Poker Network: the 2019+ format (../shared/corpus/WPN-ACR)
and the older ``Game started at:`` format (../shared/corpus/WPN-old).

Every block is a parsed hand, a duplicate or a failure with a precise reason; the
room's identity (docs/FORMATS.md §12: the total is net of rake and JP fee, so
put in - uncalled - rake - fee = total = collected) holds on every hand; the
audit finds nothing above info; zero-sum holds per cash hand."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.findings import Severity
from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import fees_taken
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.parsers.context import ParseContext
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block, parse_blocks
from omahahh.rooms.conventions import conventions
from tests.helpers.parsing import parse_failure, parse_hand
from tests.helpers.paths import SAMPLES, corpus_file

FOLDERS = ("WPN-ACR", "WPN-old")


def corpus_hands(corpus: Path, folder: str) -> dict[str, HandRecord]:
    """Every hand of a folder by key (the first copy of a key wins)."""
    out: dict[str, HandRecord] = {}
    for path in expand_paths([corpus / folder]):
        for r in parse_blocks(iter_blocks(path)):
            if isinstance(r, HandRecord):
                out.setdefault(r.hand_key, r)
    return out


ACR_MIT = (
    "WPN-ACR/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/WinningPokerV2/CashGame/"
)


def file_hand(relative: str) -> HandRecord:
    """The one hand of a corpus file from an MIT source (its copy in tests/data)."""
    (hand,) = [
        r for r in parse_blocks(iter_blocks(corpus_file(relative))) if isinstance(r, HandRecord)
    ]
    return hand


@pytest.fixture(scope="module")
def acr(corpus: Path) -> dict[str, HandRecord]:
    return corpus_hands(corpus, "WPN-ACR")


@pytest.fixture(scope="module")
def old(corpus: Path) -> dict[str, HandRecord]:
    return corpus_hands(corpus, "WPN-old")


def _codes(hand: HandRecord) -> list[tuple[str, str]]:
    return [(f.code.value, f.severity.value) for f in audit_hand(hand).findings]


# -- the corpus as a whole ---------------------------------------------------------------
@pytest.mark.corpus
def test_identity_total_net_of_rake_and_fee_holds_on_every_cash_hand(
    acr: dict[str, HandRecord], old: dict[str, HandRecord]
) -> None:
    checked = 0
    for hand in [*acr.values(), *old.values()]:
        if hand.hand_key == "wpn:727152195":  # names permuted by the anonymiser (see below)
            continue
        put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
        rake, fees = fees_taken(hand)
        collected = sum(c.amount for c in hand.collections)
        assert hand.total_pot_reported == put_in - rake - fees == collected, hand.hand_key
        checked += hand.game_type is GameType.CASH
    assert checked == 26  # 5 ACR hands (distinct ids) and 21 old cash hands


# -- the 2019+ format ----------------------------------------------------------------------
def test_only_the_to_amount_of_a_raise_is_trusted() -> None:
    # wpn:61702000 "Player9 raises $350.00 to $350.00" facing the $100 big blind.
    split_pot = file_hand(ACR_MIT + "HandActionTests/SplitPot.txt")
    assert split_pot.hand_key == "wpn:61702000"
    raise_ = next(a for a in split_pot.actions if a.player == "Player9")
    assert (raise_.kind, raise_.amount, raise_.to_amount) == (ActionKind.RAISE, 35000, 35000)
    # wpn:55280000 (GeneralHand.txt): the small blind "raises $2.50 to $3.00" puts in $2.50.
    general = file_hand(ACR_MIT + "GeneralHands/GeneralHand.txt")
    sb = [a for a in general.actions if a.player == "Player 2"]
    assert (sb[1].amount, sb[1].to_amount, sb[1].raise_by) == (250, 300, 250)


def test_per_street_pot_lines_keep_the_last_set() -> None:
    # SplitPot.txt: "Main pot $280.76 | Rake $0.76", "Side pot(1) $836.62 | Rake $2.24".
    hand = file_hand(ACR_MIT + "HandActionTests/SplitPot.txt")
    assert hand.hand_key == "wpn:61702000"
    assert (hand.main_pot_reported, hand.side_pots_reported) == (28076, (83662,))


@pytest.mark.corpus
def test_total_net_of_rake_and_jp_fee(acr: dict[str, HandRecord]) -> None:
    # NLO8 RIT: "Total pot $246.00 | Rake $2.76 | JP Fee $0.24", $249 put in.
    hand = acr["wpn:779379637"]
    assert (hand.total_pot_reported, hand.rake_reported, hand.jackpot_reported) == (
        24600,
        276,
        24,
    )
    assert hand.variant == "NLO-8" and hand.started_at == datetime(
        2021, 4, 16, 19, 14, 14, tzinfo=UTC
    )
    room = conventions(Site.WPN)
    assert not room.total_includes_rake and room.fees_outside_rake == ("jackpot_reported",)


@pytest.mark.corpus
def test_run_it_twice_boards_and_awards(acr: dict[str, HandRecord]) -> None:
    hand = acr["wpn:779379637"]
    assert hand.run_count == 2 and len(hand.boards) == 2
    assert hand.boards[1] == parse_cards("6c 9s Jh 8c 6s")
    assert [(c.player, c.amount, c.run) for c in hand.collections] == [
        ("Hero", 9225, 0),
        ("Player2", 3075, 0),
        ("Player2", 12300, 1),
    ]
    assert hand.main_pot_reported == 24600  # "Main pot 1 $123.00" + "Main pot 2 $123.00"


@pytest.mark.corpus
def test_summary_won_that_differs_is_an_info_finding(acr: dict[str, HandRecord]) -> None:
    # "Seat 3: Hero showed [...] and won $61.50": Hero collected $92.25.
    found = [f for f in audit_hand(acr["wpn:779379637"]).findings]
    differs = [f for f in found if f.code.value == "summary_won_differs"]
    assert {(f.player, f.reported_amount, f.expected_amount) for f in differs} == {
        ("Hero", 6150, 9225),
        ("Player2", 12300, 15375),
    }
    assert all(f.severity is Severity.INFO for f in found)


def test_uncontested_award_is_the_summary_won() -> None:
    # WithSittingOut.txt: no collected line, "did not show and won $1.71"; the seats that
    # "waits for big blind" / "sits out" were not dealt in.
    hand = file_hand(ACR_MIT + "PlayerTests/WithSittingOut.txt")
    assert [(c.player, c.amount) for c in hand.collections] == [("pandabear44", 171)]
    out = {s.player for s in hand.seats if s.sitting_out}
    assert out == {"GreatShannon", "sever4523", "!?"}


def test_a_new_players_post_is_live_up_to_the_big_blind() -> None:
    hand = parse_hand(ACR_POST)
    kinds = [(a.player, a.kind.value, a.amount) for a in hand.actions[:4]]
    assert kinds == [
        ("A", "post_small_blind", 10),
        ("B", "post_big_blind", 25),
        ("C", "post_dead", 10),
        ("C", "post_big_blind", 25),
    ]
    assert _codes(hand) == []


ACR_POST = """Hand #1000001 - Omaha(Pot Limit) - $0.10/$0.25 - 2019/04/22 14:20:31 UTC
Test 6-max Seat #1 is the button
Seat 1: A ($10.00)
Seat 2: B ($10.00)
Seat 3: C ($10.00)
A posts the small blind $0.10
B posts the big blind $0.25
C posts $0.35
*** HOLE CARDS ***
C checks
A folds
B checks
*** FLOP *** [Kc Kh 3c]
B checks
C checks
*** TURN *** [Kc Kh 3c] [5d]
B checks
C bets $0.25
B folds
Uncalled bet ($0.25) returned to C
C does not show
*** SUMMARY ***
Total pot $0.67 | Rake $0.03
Board [Kc Kh 3c 5d]
Seat 1: A (button) (small blind) folded on the Pre-Flop
Seat 2: B (big blind) folded on the Turn
Seat 3: C did not show and won $0.67
"""


def test_tournament_header_of_the_2019_format() -> None:
    # The shape fpdb's WinningToFpdb documents (no corpus hand): chips, level, id.
    hand = parse_hand(ACR_TOURNAMENT)
    assert (hand.game_type, hand.tournament_id, hand.tournament_level) == (
        GameType.TOURNAMENT,
        "11212445",
        "1",
    )
    assert (hand.currency, hand.unit, hand.small_blind, hand.big_blind) == ("CHIPS", 1, 250, 500)
    assert hand.variant == "PLO-8" and _codes(hand) == []


ACR_TOURNAMENT = """Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC
Table '1' 9-max Seat #3 is the button
Seat 1: Alice (15000.00)
Seat 3: Bob (15000.00)
Bob posts the small blind 250.00
Alice posts the big blind 500.00
*** HOLE CARDS ***
Bob raises 1000.00 to 1500.00
Alice folds
Uncalled bet (1000.00) returned to Bob
*** SUMMARY ***
Total pot 1000.00 | Rake 0.00
Seat 1: Alice (big blind) folded on the Pre-Flop
Seat 3: Bob (button) (small blind) did not show and won 1000.00
"""


# -- the old format --------------------------------------------------------------------
@pytest.mark.corpus
def test_old_header_no_zone_no_currency_no_structure(old: dict[str, HandRecord]) -> None:
    # "Game started at: 2016/10/2 21:0:42", "Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)".
    hand = old["wpn:741631166"]
    assert hand.started_at == datetime(2016, 10, 2, 21, 0, 42, tzinfo=UTC)
    assert (hand.currency, hand.unit, hand.stakes) == ("USD", 100, "40/80")
    assert hand.table_name == "(PRR) Xana"
    # Blinds 20/40 under a "40/80" header: the header gives a limit game's bets.
    assert hand.variant == "FLO-8"
    assert (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet) == (
        2000,
        4000,
        4000,
        8000,
    )
    # wpn:262003062 "0.50/1 Alforsite (Omaha)": blinds 0.50/1, the room's default.
    plo = old["wpn:262003062"]
    assert plo.variant == "PLO" and (plo.small_blind, plo.big_blind) == (50, 100)
    assert "no betting structure printed: read as pot limit (room default)" in plo.notes
    assert conventions(Site.WPN).unprinted_structure is Structure.POT_LIMIT


@pytest.mark.corpus
def test_old_time_reads_in_the_source_timezone_when_given(corpus: Path) -> None:
    (path,) = [p for p in expand_paths([corpus / "WPN-old"]) if "disconnected" in str(p)]
    (block,) = iter_blocks(path)
    hand = parse_block(block, ParseContext("America/New_York"))
    assert isinstance(hand, HandRecord)
    assert hand.started_at == datetime(2016, 10, 3, 1, 0, 42, tzinfo=UTC)


@pytest.mark.corpus
def test_a_bet_above_the_pot_shows_no_limit(old: dict[str, HandRecord]) -> None:
    # wpn:820605052 (fpdb "PLO8-...-short"): "Player Player2 allin (402.40)" facing $12.
    hand = old["wpn:820605052"]
    assert hand.game.structure is Structure.NO_LIMIT and hand.variant == "NLO-8"
    assert any("a bet or raise above the pot" in n for n in hand.notes)


@pytest.mark.corpus
def test_tournament_summary_in_the_header(old: dict[str, HandRecord]) -> None:
    # "... *** Summary: GameType: NL, TournamentId: 8192538, TournamentBuyIn: 12.60"
    hand = old["wpn:1092719055"]
    assert (hand.game_type, hand.tournament_id, hand.buy_in) == (
        GameType.TOURNAMENT,
        "8192538",
        "12.60",
    )
    assert (hand.variant, hand.currency, hand.unit) == ("NLO-8", "CHIPS", 1)
    # No summary: a table named like a tournament's ("..., Table 5") is one.
    equity = old["wpn:1092512047"]
    assert equity.game_type is GameType.TOURNAMENT and equity.variant == "PLO-8"


@pytest.mark.corpus
def test_cards_one_per_line_ten_as_10(old: dict[str, HandRecord]) -> None:
    # PLO-6max-...-capped: "Player Hero received card: [8d]" .. "[10c]" .. "[6c]".
    hand = old["wpn:406051551"]
    assert dict(hand.dealt)["Hero"] == parse_cards("8d 4s Tc 6c")
    assert hand.boards == (parse_cards("9s 7c 7h Kh 2h"),)


@pytest.mark.corpus
def test_chips_added_and_the_pot_line(old: dict[str, HandRecord]) -> None:
    hand = old["wpn:741631166"]
    # "Player Player1 raises (80)" after a call of 40: 80 more, the street total is 80.
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to_amount) == ("Player1", 8000, 8000)
    # "Pot: 477. Rake 2.76. JP fee 0.24"; "Bets: 80. Collects: 198.50. Wins: 118.50."
    assert (hand.total_pot_reported, hand.rake_reported, hand.jackpot_reported) == (
        47700,
        276,
        24,
    )
    paid = {c.player: c.amount for c in hand.collections}
    assert paid == {"Player0": 19850, "Player1": 23850, "Player4": 4000}


@pytest.mark.corpus
def test_disconnected_and_all_in_is_disconnect_protection(old: dict[str, HandRecord]) -> None:
    # "Player Player0 is disconnected and ALL IN." then "Player Player0 allin" (R-TO-2):
    # Player0 stays in for the main pot only, with chips behind.
    hand = old["wpn:741631166"]
    protected = [a for a in hand.actions if a.kind is ActionKind.PROTECTED_ALL_IN]
    assert [(a.player, a.amount) for a in protected] == [("Player0", 0)]
    audited = audit_hand(hand)
    assert audited.result is not None
    main, side = sorted(audited.result.pots, key=lambda p: p.index)
    seat0 = hand.seat_of("Player0")
    assert seat0 in main.eligible and seat0 not in side.eligible
    assert all(f.severity is Severity.INFO for f in audited.findings)


@pytest.mark.corpus
def test_beast_tables_take_an_unprinted_fee(old: dict[str, HandRecord]) -> None:
    # wpn:261679750 "Braunite ( Beast )": $48 put in, "Pot: 45.75. Rake 2", $45.75 paid.
    hand = old["wpn:261679750"]
    assert fees_taken(hand) == (200, 25)
    assert _codes(hand) == [("unverifiable_showdown", "info")]
    # The same stakes at "Braunite" (wpn:261409590) print 48 = 47 + 1 and take no fee.
    assert fees_taken(old["wpn:261409590"]) == (100, 0)


@pytest.mark.corpus
def test_odd_chip_rule_not_known_is_info(old: dict[str, HandRecord]) -> None:
    # wpn:1092723191: 2955 split 1478 low (Alexander51), 1477 high (Granny_Annie);
    # wpn:1092719860 gives the odd chip to the high half: no rule explains both.
    assert _codes(old["wpn:1092723191"]) == [("odd_chip_unchecked", "info")]
    assert not conventions(Site.WPN).odd_chips_by_rule


@pytest.mark.corpus
def test_flop_marker_before_the_deal_opens_no_street(corpus: Path) -> None:
    # fpdb's no.flop file: "*** FLOP ***:" with no card before the card lines, and no
    # flop after: every action is preflop. Its names were permuted by the anonymiser
    # (Player0 posts and raises; the SUMMARY has Player0 bet 0 and Player3 win), so the
    # audit flags the hand: the text contradicts itself.
    (path,) = [p for p in expand_paths([corpus / "WPN-old"]) if "no.flop" in str(p)]
    (hand,) = list(parse_blocks(iter_blocks(path)))
    assert isinstance(hand, HandRecord) and hand.hand_key == "wpn:727152195"
    assert {a.street for a in hand.actions} == {Street.PREFLOP} and hand.boards == ()
    assert ("total_pot_mismatch", "error") in _codes(hand)


def test_an_unknown_line_is_a_failure_row() -> None:
    text = OLD_HAND.replace("Player A folds", "Player A dances")
    failure = parse_failure(text)
    assert failure.reason_code == "unknown_line" and "dances" in failure.reason


OLD_HAND = """Game started at: 2014/3/10 17:7:31
Game ID: 262003062 0.50/1 Alforsite (Omaha)
Seat 1 is the button
Seat 1: A (31.33).
Seat 2: B (112.62).
Player A has small blind (0.50)
Player B has big blind (1)
Player B received a card.
Player A received a card.
Player A folds
Uncalled bet (0.50) returned to B
Player B mucks cards
------ Summary ------
Pot: 1. Rake 0
Player A does not show cards.Bets: 0.50. Collects: 0. Loses: 0.50.
*Player B mucks (does not show cards). Bets: 0.50. Collects: 1. Wins: 0.50.
Game ended at: 2014/3/10 17:7:38
"""


def test_old_hand_without_its_end_line_is_truncated() -> None:
    text = OLD_HAND.replace("Game ended at: 2014/3/10 17:7:38\n", "")
    assert parse_failure(text).reason_code == "truncated"


# -- sample_histories/wpn ------------------------------------------------------------------
SAMPLE_ROOT = {
    "W2/": "HandHistories.Parser.UnitTests/SampleHandHistories/WinningPokerV2/CashGame/",
    "W/": "HandHistories.Parser.UnitTests/SampleHandHistories/WinningPoker/CashGame/",
}


def _sample_rows() -> dict[str, list[str]]:
    rows = {}
    for line in (SAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| `wpn/"):
            file, _, rest = line[3:].partition("` |")
            rows[file] = [c.strip() for c in rest.rstrip("|").split(" | ")]
    return rows


@pytest.mark.corpus
def test_real_wpn_samples_are_byte_identical_to_their_mit_source(corpus: Path) -> None:
    real = {f: cells for f, cells in _sample_rows().items() if f.startswith("wpn/real/")}
    assert len(real) == 9
    for rel, cells in real.items():
        _variant, _shows, repository, _commit, source, licence = cells
        assert licence == "MIT"
        prefix, _, rest = source.strip("`").partition("/")
        folder = "WPN-ACR" if prefix == "W2" else "WPN-old"
        original = corpus / folder / repository.replace("/", "__") / SAMPLE_ROOT[prefix + "/"]
        assert (SAMPLES / rel).read_bytes() == (original / rest).read_bytes(), rel


def test_wpn_samples_keep_the_identity_and_audit_clean() -> None:
    hands = [
        r
        for p in expand_paths([SAMPLES / "wpn"])
        for r in parse_blocks(iter_blocks(p))
        if isinstance(r, HandRecord)
    ]
    assert len(hands) == 11
    assert {h.variant for h in hands} == {"PLO", "PLO-8", "FLO-8"}
    for hand in hands:
        put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
        rake, fees = fees_taken(hand)
        collected = sum(c.amount for c in hand.collections)
        assert hand.total_pot_reported == put_in - rake - fees == collected, hand.hand_key
        assert all(sev == "info" for _, sev in _codes(hand)), hand.hand_key


def test_the_odd_last_byte_of_a_utf16_file_fails_as_undecodable(tmp_path: Path) -> None:
    # fpdb's PLO8-6max-USD-0.10-0.25-201608 file is UTF-16 with one byte too many.
    sample = (
        SAMPLES
        / "wpn/real/PLO-old-all-in-showdown__HHSmithy__HandActionTests_AllInHandWithShowdown.txt"
    )
    text = sample.read_bytes().decode("utf-8-sig")
    path = tmp_path / "odd.txt"
    path.write_bytes((text.rstrip("\n") + "\n\n\n\n").encode("utf-16") + b"\n")
    results = list(parse_blocks(iter_blocks(path)))
    assert isinstance(results[0], HandRecord)
    (fail,) = results[1:]
    assert not isinstance(fail, HandRecord) and fail.reason_code == "unknown_format"
    assert fail.reason.startswith(f"{path}:{fail.source_line}: bytes that are no text")
