"""IGT JSON (parsers/igt.py; docs/SITES.md): the corpus hands that show how each figure is meant,
and crafted ones."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site, Street
from omahahh.parsers.registry import iter_blocks, parse_block
from tests.helpers.paths import corpus_file

IGT = corpus_file(
    "IGT-JSON/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests"
    "/SampleHandHistories/IGT/CashGame"
)


def hands(path: Path) -> list[HandRecord | ParseFailure]:
    return [parse_block(b) for b in iter_blocks(path)]


def the_hand(path: Path) -> HandRecord:
    (hand,) = hands(path)
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    return hand


def errors(hand: HandRecord) -> list[str]:
    return [f.code.value for f in audit_hand(hand).findings if f.severity.value != "info"]


def test_igt_calls_are_street_totals_and_bankrolls_agree() -> None:
    # GeneralHand.txt: PLAYER4 raises to 2.00 on the flop, calls 6.00 (bankRoll -4.00).
    hand = the_hand(IGT / "GeneralHands/GeneralHand.txt")
    assert hand.site is Site.IGT and hand.hand_id == "54500000.hand.202"
    flop = [(a.player, a.kind, a.amount) for a in hand.actions if a.street is Street.FLOP]
    assert ("PLAYER4", ActionKind.CALL, 400) in flop
    assert not any("behind" in n for n in hand.notes)
    assert hand.total_pot_reported == 3941 and hand.rake_reported == 109
    assert sorted((c.player, c.amount, c.half) for c in hand.collections) == [
        ("HERO", 1971, "high"), ("PLAYER4", 1970, "low"),
    ]  # fmt: skip
    assert errors(hand) == []


def test_igt_adjustment_returns_what_its_bankroll_says() -> None:
    # IGT2019Hand.txt: Player3 raises 2.50, all fold; the adjustment's value says 0.50 but
    # its bankRoll goes 134.08 -> 136.08: 2.00 back. Its header date lost a digit.
    hand = the_hand(IGT / "ExtraHands/IGT2019Hand.txt")
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player3", 200)]
    assert hand.started_at == datetime.fromtimestamp(1549298496.511, UTC)
    assert errors(hand) == []


def test_igt_stream_reads_several_hands_and_fails_a_broken_one_only() -> None:
    good = (IGT / "GeneralHands/GeneralHand.txt").read_text("utf-8-sig")
    body = good[good.index("[") + 1 : good.rindex("]")]
    other = body.replace("54500000.hand.202", "54500000.hand.203")
    broken = body.replace('"player":"HERO"', '"player":HERO', 1).replace(".202", ".204")
    text = '{"history":[\n' + body + ",\n" + broken + ",\n" + other + "\n]}"
    results = parse_text(text, "export.json")
    assert [type(r).__name__ for r in results] == ["HandRecord", "ParseFailure", "HandRecord"]
    failure = results[1]
    assert isinstance(failure, ParseFailure) and failure.reason_code == "bad_json"
    assert failure.source_line == 3 and "hand starting at line 3" in failure.reason
    assert isinstance(results[2], HandRecord) and results[2].hand_id == "54500000.hand.203"


def test_igt_seat_of_zero_takes_its_stack_from_the_bankroll() -> None:
    hand = the_hand(IGT / "HandActionTests/AllInHandWithShowdown.txt")
    putting_in = {a.player for a in hand.actions if a.amount}
    assert all(s.stack_start > 0 for s in hand.seats if s.player in putting_in)
    assert any("stack" in n and "bankRoll" in n for n in hand.notes)
    assert errors(hand) == []
