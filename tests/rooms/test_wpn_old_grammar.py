"""WPN's format before 2019 (``Game started at:``), line shape by line shape, on crafted
hands (tests/data/crafted/wpn_old, named in its README).

Each test reads a hand made from one shape of docs/SITES.md's old-WPN grammar table,
checks what the record says (amounts, players, kinds, cards, pots, rake, awards) and
that the audit finds no error or warning; a refused shape checks its reason code and
line.
"""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import parse_cards
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Street, Structure
from omahahh.money import CHIPS, PLAY
from omahahh.parsers.registry import parse_blocks, split_blocks
from omahahh.parsers.sources import text_lines

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "wpn_old"


def crafted(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def parse_all(text: str) -> list[HandRecord | ParseFailure]:
    return list(parse_blocks(split_blocks("<crafted>", text_lines(text))))


def findings(h: HandRecord) -> list[tuple[str, str]]:
    return [(f.code.value, f.severity.value) for f in audit_hand(h).findings]


def clean(h: HandRecord) -> HandRecord:
    assert [f for f in findings(h) if f[1] in ("error", "warning")] == []
    return h


def parsed(text: str) -> HandRecord:
    (result,) = parse_all(text)
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def read(name: str) -> HandRecord:
    return clean(parsed(crafted(name)))


def refused(text: str) -> ParseFailure:
    (result,) = parse_all(text)
    assert isinstance(result, ParseFailure), "expected a failure"
    return result


def kinds(h: HandRecord, player: str) -> list[tuple[ActionKind, int]]:
    return [(a.kind, a.amount) for a in h.actions if a.player == player]


def awards(h: HandRecord) -> list[tuple[str, int]]:
    return [(c.player, c.amount) for c in h.collections]


def sitting_out(h: HandRecord) -> list[str]:
    return [s.player for s in h.seats if s.sitting_out]


def test_every_crafted_hand_balances() -> None:
    """Σ put in − returned = Pot + Rake + JP fee (``Pot:`` is net of both) = Σ Collects
    plus the rake and fee."""
    names = sorted(p.name for p in DATA.glob("*.txt"))
    assert len(names) >= 11
    for name in names:
        h = read(name)
        put_in = sum(a.amount for a in h.actions) - sum(u.amount for u in h.uncalled)
        taken = (h.rake_reported or 0) + (h.jackpot_reported or 0)
        assert h.total_pot_reported == put_in - taken == sum(a for _, a in awards(h)), name


# -- who was dealt in ----------------------------------------------------------------------
def test_a_seat_with_no_card_line_was_not_dealt_in() -> None:
    """delta is seated, prints no card line and no ``sitting out``: not dealt in, so the
    betting order skips the seat (read as dealt, it gave ``action_out_of_turn``)."""
    h = read("wpn_old_seated_not_dealt.txt")
    assert sitting_out(h) == ["delta"]
    assert "seat 5: no card line, read as not dealt in" in h.notes
    assert ("action_out_of_turn", "error") not in findings(h)
    assert awards(h) == [("charlie", 1450)]
    assert (h.total_pot_reported, h.rake_reported) == (1450, 50)


def test_wait_bb_sitting_out_timed_out_disconnected_and_shows() -> None:
    h = read("wpn_old_lines_cash.txt")
    assert sitting_out(h) == ["eve", "fay"]  # "wait BB", "sitting out"; neither has cards
    assert kinds(h, "bob")[-1] == (ActionKind.PROTECTED_ALL_IN, 0)  # disconnected, ALL IN
    assert h.dealt == (("ann", tuple(parse_cards("Ah 2d Tc Kc"))),)  # "[10c]" is Tc
    shows = [(s.player, s.cards, s.mucked) for s in h.shows]
    assert shows == [
        ("ann", tuple(parse_cards("Ah 2d Tc Kc")), False),
        ("bob", tuple(parse_cards("9h 9c Jd Jh")), False),
        ("dan", tuple(parse_cards("Kd Ks 8c 8d")), True),  # mucks (does not show: [..])
    ]
    assert (h.total_pot_reported, h.rake_reported, h.jackpot_reported) == (15900, 276, 24)
    assert awards(h) == [("ann", 15900)]
    assert h.game.structure is Structure.POT_LIMIT and h.game.hi_lo


# -- posts -----------------------------------------------------------------------------
def test_posts_ante() -> None:
    h = read("wpn_old_posts_ante.txt")  # "Player kite posts ante (10)"
    antes = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST_ANTE]
    assert antes == [("kite", 10), ("lark", 10), ("merlin", 10), ("Hero", 10)]
    assert (h.game_type, h.currency, h.tournament_id) == (GameType.TOURNAMENT, CHIPS, "8300001")
    assert (h.total_pot_reported, h.rake_reported) == (790, None)
    assert awards(h) == [("Hero", 790)]


def test_ante_and_tournament_summary_header() -> None:
    h = read("wpn_old_tournament.txt")
    assert (h.tournament_id, h.buy_in, h.game.variant) == ("8300002", "12.60", "NLO-8")
    assert kinds(h, "kite") == [(ActionKind.POST_ANTE, 25), (ActionKind.RAISE, 4975)]
    assert kinds(h, "merlin")[-1] == (ActionKind.CALL, 2775)
    assert [(u.player, u.amount) for u in h.uncalled] == [("kite", 2000)]
    assert awards(h) == [("kite", 6125)]


def test_dead_bet_then_live_post() -> None:
    h = read("wpn_old_dead_bet_then_post.txt")
    assert kinds(h, "rook")[:3] == [
        (ActionKind.POST_DEAD, 25),
        (ActionKind.POST_BIG_BLIND, 50),
        (ActionKind.RAISE, 125),
    ]


def test_straddles() -> None:
    h = read("wpn_old_straddles.txt")  # "Player dan straddles (4)"
    assert kinds(h, "dan")[0] == (ActionKind.POST_STRADDLE, 400)
    assert awards(h) == [("dan", 1525)]


def test_cap_adds_its_chips() -> None:
    h = read("wpn_old_cap.txt")  # "Player bob cap (7)" from his small blind of 1
    assert h.game.structure is Structure.FIXED_LIMIT  # the big blind is the header's 2
    assert kinds(h, "bob")[:2] == [(ActionKind.POST_SMALL_BLIND, 100), (ActionKind.RAISE, 700)]
    assert awards(h) == [("bob", 3050)]


# -- street markers ----------------------------------------------------------------------
def test_bare_flop_marker_before_the_deal_opens_no_street() -> None:
    h = read("wpn_old_bare_flop_marker.txt")
    assert {a.street for a in h.actions} == {Street.PREFLOP} and h.boards == ()
    assert h.game.structure is Structure.FIXED_LIMIT
    assert awards(h) == [("gannet", 5000)]


def test_bare_flop_marker_after_the_deal_is_refused() -> None:
    lines = crafted("wpn_old_bare_flop_marker.txt").splitlines()
    marker = lines.pop(9)
    lines.insert(26, marker)  # after the last card line
    failure = refused("\n".join(lines))
    assert (failure.reason_code, failure.source_line) == ("street_without_board", 27)


# -- names, headers ----------------------------------------------------------------------
def test_a_nameless_player_sitting_out_is_ignored() -> None:
    h = read("wpn_old_blank_name.txt")  # "Player  sitting out"
    assert any("no name" in n for n in h.notes)
    assert [s.player for s in h.seats] == ["oscar", "papa", "quebec"]
    assert awards(h) == [("oscar", 500)]


def test_a_nameless_player_acting_is_refused_naming_its_line() -> None:
    text = crafted("wpn_old_blank_name.txt").replace("Player  sitting out", "Player  ante (1)")
    failure = refused(text)
    assert (failure.reason_code, failure.source_line) == ("unknown_player", 9)


def test_game_line_with_seat_count() -> None:
    h = read("wpn_old_game_line_max.txt")  # "... Braunite (Omaha) 6-max"
    assert (h.table_name, h.max_seats, h.game.variant) == ("Braunite", 6, "PLO")


def test_play_money_table() -> None:
    h = read("wpn_old_play_money.txt")  # "PM Braunite"
    assert (h.currency, h.game_type, h.total_pot_reported) == (PLAY, GameType.CASH, 200)


def test_unknown_verb_is_refused_naming_its_line() -> None:
    text = crafted("wpn_old_straddles.txt").replace("Player dan checks", "Player dan dances")
    failure = refused(text)
    assert (failure.reason_code, failure.source_line) == ("unknown_line", 30)
