"""Run It Once's grammar, line shape by line shape, on crafted hands (tests/data/crafted/runitonce)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.audit.settle import drop_pot
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, HandRecord, ParseFailure, Site
from omahahh.parsers.registry import iter_blocks, parse_block

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "runitonce"


def read(name: str) -> HandRecord | ParseFailure:
    (block,) = list(iter_blocks(DATA / name))
    return parse_block(block)


def hand(name: str) -> HandRecord:
    result = read(name)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def problems(h: HandRecord) -> list[str]:
    """The audit's errors and warnings: none on a clean crafted hand."""
    found = audit_hand(h).findings
    return [f"{f.code.value}: {f.message}" for f in found if f.severity.value != "info"]


def test_header_table_seats_and_posts() -> None:
    h = hand("ante_straddle_sitting_out.txt")
    assert h.site is Site.RUNITONCE and h.hand_key == "runitonce:90000010"
    # The UTC stamp counts; the bracketed CET one is the server's.
    assert h.started_at == datetime(2019, 4, 19, 18, 0, tzinfo=UTC)
    assert (h.table_name, h.max_seats, h.button_seat) == ("34010755", 6, 1)
    assert [(s.player, s.sitting_out) for s in h.seats][-1] == ("Dan D", True)
    posts = [(a.player, a.kind, a.amount) for a in h.actions[:6]]
    assert posts == [
        ("Alice A", ActionKind.POST_ANTE, 5),
        ("Bob B", ActionKind.POST_ANTE, 5),
        ("Carl C", ActionKind.POST_ANTE, 5),
        ("Bob B", ActionKind.POST_SMALL_BLIND, 10),
        ("Carl C", ActionKind.POST_BIG_BLIND, 20),
        ("Alice A", ActionKind.POST_STRADDLE, 40),
    ]
    assert len(h.dealt) == 3  # every player's hand is printed
    assert (h.total_pot_reported, h.rake_reported) == (105, 0)
    assert [(u.player, u.amount) for u in h.uncalled] == [("Alice A", 50)]
    assert [(c.player, c.amount) for c in h.collections] == [("Alice A", 105)]
    assert problems(h) == []


def test_splash_the_pot_in_a_side_pot() -> None:
    """``STP added: €5.00``; Main and Side pot printed without it, side pot 1 pays it."""
    h = hand("stp_side_pot.txt")
    assert h.cash_drop_reported == 500
    assert (h.total_pot_reported, h.main_pot_reported, h.side_pots_reported) == (
        8858,
        6260,
        (2098,),
    )
    assert h.rake_reported == 200
    assert [(c.pot_index, c.amount) for c in h.collections] == [(1, 2598), (0, 6060)]
    # Σ put in − returned + STP = total; total − rake = Σ collected.
    put_in = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
    assert put_in + 500 == 8858 and 8858 - 200 == 2598 + 6060
    assert drop_pot(h) == 1  # the side pot's awards hold the €5.00
    audited = audit_hand(h)
    assert audited.result is not None
    gross = {p.index: p.gross for p in audited.result.pots}
    assert gross == {0: 6260, 1: 2098 + 500}
    # Before the drop was placed by the hand's figures: side_pot_mismatch,
    # collected_mismatch and collected_exceeds_pot.
    assert problems(h) == []


def test_splash_the_pot_in_a_one_pot_hand() -> None:
    h = hand("stp_one_pot.txt")
    assert (h.cash_drop_reported, h.total_pot_reported, h.rake_reported) == (100, 230, 5)
    assert h.main_pot_reported is None and drop_pot(h) == 0
    assert [(c.player, c.amount) for c in h.collections] == [("Alice A", 225)]
    assert problems(h) == []


def test_an_exceptional_splash_is_refused() -> None:
    """Splash money dealt out with no post, no bet and no award: no hand to replay."""
    failure = read("exceptional_splash.txt")
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "unsupported_game"
    assert "exceptional splash" in failure.reason
    assert failure.source_line == 7  # the STP added line


def test_showdown_shows_twice_and_summary_won() -> None:
    h = hand("stp_side_pot.txt")
    # "*** SHOWDOWN ***", "Hero shows [...] for Two Pairs [...]" printed twice: one show.
    assert [(s.player, s.cards) for s in h.shows] == [("Hero", parse_cards("Ks Ah Ts 5d"))]
    # "won €86.58" without parentheses.
    assert [(s.player, s.won) for s in h.summary_seats if s.won] == [("Hero", 8658)]


def test_a_show_printed_again_after_another_line_is_still_one_show() -> None:
    """The copy need not follow at once: a table-news line may come between the two."""
    (block,) = list(iter_blocks(DATA / "stp_side_pot.txt"))
    lines = list(block.lines)
    first = lines.index("Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]")
    lines.insert(first + 1, "Karl J leaves the table")
    h = parse_block(replace(block, lines=tuple(lines)))
    assert isinstance(h, HandRecord)
    assert [(s.player, s.cards) for s in h.shows] == [("Hero", parse_cards("Ks Ah Ts 5d"))]
    assert problems(h) == []


def test_raise_over_own_bet_is_read_by_the_total() -> None:
    h = hand("stp_side_pot.txt")
    (raise_,) = [a for a in h.actions if a.player == "Shaun J" and a.kind is ActionKind.RAISE]
    assert (raise_.amount, raise_.to_amount) == (3025, 3732)  # "raises €1.36 to €30.25"
    assert any("chips added" in n for n in h.notes)
