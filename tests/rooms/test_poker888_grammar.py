"""888poker line shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/poker888/, README there): what is read, and no error or warning."""

from __future__ import annotations

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure
from omahahh.parsers.registry import is_hand_history
from tests.helpers.crafted import CraftedRoom, loud_findings

ROOM = CraftedRoom("poker888")
DATA = ROOM.folder
text = ROOM.text
loud = loud_findings


def hands(source: str) -> list[HandRecord]:
    results = parse_text(source, "crafted.txt")
    assert all(isinstance(r, HandRecord) for r in results), results
    return [r for r in results if isinstance(r, HandRecord)]


def test_tournament_antes_with_and_without_the() -> None:
    found = hands(text("tournament_antes.txt"))
    assert [h.hand_id for h in found] == ["600000101", "600000102"]
    for h in found:
        assert (h.game_type, h.currency, h.ante) == (GameType.TOURNAMENT, "CHIPS", 5)
        antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
        assert antes == [("Alice", 5), ("Bob", 5), ("Carol", 5)]
        raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
        assert (raise_.player, raise_.amount, raise_.to_amount) == ("Alice", 150, 150)
        assert [(c.player, c.amount) for c in h.collections] == [("Alice", 740)]
        audited = audit_hand(h)
        assert audited.result is not None and audited.result.total_pot == 740
        assert audited.result.rake == 0  # a tournament: nothing derived as rake
        assert loud(h) == []


def test_snap_poker_is_fast_fold() -> None:
    source = text("tournament_antes.txt").replace(
        " 888poker Hand History", " 888poker Snap Poker Hand History"
    )
    assert all(h.fast_fold for h in hands(source))
    assert not any(h.fast_fold for h in hands(text("tournament_antes.txt")))


def test_a_header_with_four_stars_is_read_with_or_without_the_lead_in() -> None:
    """F-888 ``re_GameInfo``: the header's stars are four or five."""
    four = (
        text("tournament_antes.txt")
        .replace("***** 888poker", "**** 888")
        .replace(" *****\n", " ****\n")
    )
    assert [h.hand_id for h in hands(four)] == ["600000101", "600000102"]
    alone = "\n".join(line for line in four.splitlines() if not line.startswith("#Game No"))
    assert [h.hand_id for h in hands(alone)] == ["600000101", "600000102"]
    assert all(loud(h) == [] for h in hands(alone))


def test_jackpot_table_is_noted() -> None:
    source = text("tournament_antes.txt").replace(
        "Pot Limit Omaha -", "Pot Limit Omaha Jackpot table -"
    )
    for h in hands(source):
        assert any(note.startswith("'Jackpot table'") for note in h.notes)
        assert h.variant == "PLO"


def test_a_tournament_summary_is_not_a_hand_history() -> None:
    assert not is_hand_history(DATA / "tournament_summary.txt")
    (failed,) = parse_text(text("tournament_summary.txt"), "crafted.txt")
    assert isinstance(failed, ParseFailure) and failed.reason_code == "not_a_hand"
