"""The one-hand archive rooms of the corpus: PKR, Absolute, Seals With Clubs (and the
PokerTracker exports): every line read as the room means it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.cards import parse_cards
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site, Structure
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import CORPUS

FPDB = "jejellyroll-fr__fpdb-3/regression-test-files"
PKR = CORPUS / "PKR" / FPDB / "cash/PKR/Flop/PLO8-USD-2.00-4.00-201108.ties.low.txt"
ABSOLUTE = CORPUS / "Absolute" / FPDB / "cash/Absolute/Flop/PLO8-2max-USD-30-60-200912.txt"
SWC = (
    CORPUS / "SealsWithClubs" / FPDB / "cash/SealsWithClubs/Flop/PLO-9max-mBTC-1.00-1.00-201304.txt"
)
PT = CORPUS / "PokerTracker" / FPDB / "cash/PokerTracker/Flop"
MERGE = CORPUS / "PokerTracker-Merge" / FPDB / "tour/PokerTracker/Flop"
MERGE = MERGE / "PLO-USD-5-201202.Merge.all.in.blind.txt"


def only_hand(path: Path) -> HandRecord:
    (block,) = list(iter_blocks(str(path)))
    result = parse_block(block)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_pkr_is_one_block_despite_its_hand_lines() -> None:
    # "Starting Hand #", "Last Hand #" and "End of Hand #" do not start blocks.
    h = only_hand(PKR)
    assert h.site is Site.PKR and h.hand_id == "1830508295" and h.variant == "PLO-8"
    assert h.button_seat == 6  # "Moving Button to seat 6", after "Button is at seat 5"
    assert h.started_at == datetime(2011, 8, 26, 11, 24, 50, tzinfo=UTC)


def test_pkr_calls_are_street_totals_and_halves_are_tagged() -> None:
    h = only_hand(PKR)
    (call,) = [a for a in h.actions if a.kind is ActionKind.CALL and a.street.value == "preflop"]
    assert (call.player, call.amount) == ("Player0", 800)  # "calls $12" from his $4 blind
    assert [(c.player, c.half, c.amount) for c in h.collections] == [
        ("Hero", "high", 3475),
        ("Player0", "high", 3475),
        ("Hero", "low", 3475),
        ("Player0", "low", 3475),
    ]
    assert h.rake_reported == 100
    assert h.dealt == (("Hero", parse_cards("9d 5d 7h 3s")),)


def test_pkr_failure_is_keyed_by_its_hand_not_its_table() -> None:
    text = PKR.read_text(encoding="utf-8").replace("OMAHA HI/LO", "HOLDEM")
    (failure,) = parse_text(text)
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unsupported_game"
    assert failure.hand_key == "pkr:1830508295"


def test_absolute_hi_lo_normal_is_fixed_limit_in_et() -> None:
    h = only_hand(ABSOLUTE)
    assert h.site is Site.ABSOLUTE and h.variant == "FLO-8"
    assert h.game.structure is Structure.FIXED_LIMIT and (h.small_blind, h.big_blind) == (
        1500,
        3000,
    )
    assert h.started_at == datetime(2009, 12, 31, 23, 23, 36, tzinfo=UTC)  # 18:23 EST
    assert [(u.player, u.amount) for u in h.uncalled] == [("Player0", 3000)]
    assert (h.total_pot_reported, h.rake_reported) == (12000, 75)
    (raise_,) = [a for a in h.actions if a.kind is ActionKind.RAISE]
    assert (raise_.amount, raise_.to_amount) == (4500, 6000)  # "Raises $45 to $60"


def test_seals_with_clubs_no_currency_and_refund() -> None:
    h = only_hand(SWC)
    assert h.site is Site.SEALSWITHCLUBS and h.hand_id == "5297786-137" and h.variant == "PLO"
    assert (h.currency, h.small_blind, h.big_blind) == ("XXX", 100, 100)
    assert [s.player for s in h.seats if s.sitting_out] == ["Player2"]
    assert h.button_seat == 5  # "Player4 has the dealer button"
    assert [(u.player, u.amount) for u in h.uncalled] == [("Hero", 600)]
    assert [(c.player, c.amount) for c in h.collections] == [("Hero", 1000)]


def test_microgaming_export_with_doubled_line_breaks_is_one_hand() -> None:
    h = only_hand(PT / "PLO-EUR-0.25-0.50-201601.all.in.call.txt")  # 3 blank lines inside
    assert h.site is Site.MICROGAMING_PT and h.hand_id == "5870377181" and h.variant == "PLO"
    assert (h.currency, h.small_blind, h.big_blind, h.button_seat) == ("EUR", 25, 50, 4)
    # "Player0 raised to €16.75" over his own €1.75: €16.75 more (then "called - €12.50"
    # from €6 matches his €18.50).
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Player0", 175, 175), ("Player2", 600, 600), ("Player0", 1675, 1850)]
    assert [(c.player, c.amount) for c in h.collections] == [("Player0", 9677)]
    assert h.rake_reported == 150 and h.table_name == "Jerold"


def test_microgaming_cards_and_time() -> None:
    h = only_hand(PT / "PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt")
    assert h.dealt == (("Hero", parse_cards("Qh 9c 2h Ah")),)
    assert h.started_at == datetime(2013, 9, 7, 2, 30, 38, tzinfo=UTC)
    assert h.table_name == "Position PLO HU 47"


def test_merge_tournament_hand() -> None:
    h = only_hand(MERGE)
    assert h.site is Site.MERGE_PT and h.hand_id == "4927169400080" and h.variant == "PLO"
    assert (h.tournament_id, h.buy_in, h.currency) == ("49271005", "$5+$0.50", "CHIPS")
    assert [(c.player, c.amount) for c in h.collections] == [
        ("JustJay4Reals", 270),
        ("JustJay4Reals", 65),
    ]
