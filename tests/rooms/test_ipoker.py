"""iPoker XML (parsers/ipoker.py, docs/SITES.md "iPoker XML"): the corpus games and
hands crafted in the room's own shapes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure, Site, Street
from omahahh.money import CHIPS
from omahahh.parsers.context import ParseContext
from omahahh.parsers.ipoker import ACTION_TYPES
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block
from tests.helpers.paths import CORPUS, REPO, corpus_file

IPOKER = CORPUS / "iPokerXML"
FPDB = IPOKER / "jejellyroll-fr__fpdb-3/regression-test-files/cash/iPoker/Flop"
HH = corpus_file(
    "iPokerXML/HHSmithy__PokerHandHistoryParser/HandHistories.Parser.UnitTests/SampleHandHistories/IPoker/CashGame"
)
GG = corpus_file(
    "iPokerXML/ggratte__PokerHandHistoryParser/HandHistories.Parser.UnitTests/SampleHandHistories/IPoker/CashGame"
)


def corpus_hand(path: Path, gamecode: str) -> HandRecord:
    for block in iter_blocks(path):
        hand = parse_block(block)
        if isinstance(hand, HandRecord) and hand.hand_id == gamecode:
            return hand
    raise AssertionError(f"game {gamecode} not in {path}")


def session(games: str, *, gametype: str = "Omaha PL €0,50/€1", general: str = "") -> str:
    """An iPoker export as the client writes it: a session header, then the games."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">\n <general>\n'
        f"  <gametype>{gametype}</gametype>\n  <tablename>Test, 1</tablename>\n"
        f"  <currency>EUR</currency>\n  <nickname>Hero</nickname>\n{general} </general>\n"
        f"{games}</session>\n"
    )


CRAFTED = """ <game gamecode="100">
  <general>
   <startdate>2021-05-18 18:26:13</startdate>
   <players>
    <player seat="1" name="Hero" chips="€1 480,50" dealer="1" win="€17,50" bet="€9"/>
    <player seat="3" name="Villain" chips="€2 000" dealer="0" win="€0" bet="€9"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="€0,50"/>
   <action no="2" player="Villain" type="2" sum="€1"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">HA DA C10 S9</cards>
   <cards type="Pocket" player="Villain">X X X X</cards>
   <action no="3" player="Hero" type="23" sum="€3"/>
   <action no="4" player="Villain" type="3" sum="€2"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">D2 H7 SJ</cards>
   <action no="6" player="Hero" type="5" sum="€6"/>
   <action no="5" player="Villain" type="4" sum="€0"/>
   <action no="7" player="Villain" type="3" sum="€6"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">C3</cards>
   <action no="8" player="Villain" type="4" sum="€0"/>
   <action no="9" player="Hero" type="4" sum="€0"/>
  </round>
  <round no="4">
   <cards type="River" player="">S4</cards>
   <action no="10" player="Villain" type="4" sum="€0"/>
   <action no="11" player="Hero" type="4" sum="€0"/>
  </round>
 </game>
"""


def line_of(text: str, needle: str, after: str = "") -> int:
    """The file line of the first ``needle`` (after the first ``after``)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines) if i >= start and needle in line) + 1


def derived_pot_and_rake(hand: HandRecord) -> tuple[int, int]:
    """The pot and the rake the audit derives (the room prints neither)."""
    assert hand.total_pot_reported is None and hand.rake_reported is None
    result = audit_hand(hand).result
    assert result is not None
    return result.total_pot, result.rake


def one(text: str) -> HandRecord:
    (result,) = parse_text(text, "crafted.xml")
    assert isinstance(result, HandRecord), getattr(result, "reason", result)
    return result


def test_decimal_commas_and_space_thousands_in_one_hand() -> None:
    hand = one(session(CRAFTED))
    assert hand.site is Site.IPOKER and hand.currency == "EUR" and hand.unit == 100
    assert [s.stack_start for s in hand.seats] == [148050, 200000]
    assert (hand.small_blind, hand.big_blind) == (50, 100)
    # No total and no rake are printed: the audit derives them (pots less the wins).
    assert hand.total_pot_reported is None and hand.rake_reported is None
    assert [(c.player, c.amount) for c in hand.collections] == [("Hero", 1750)]
    audited = audit_hand(hand)
    assert audited.result is not None and audited.result.rake == 50
    assert [f.code.value for f in audited.findings if f.severity.value != "info"] == []


def test_actions_follow_their_numbers_not_the_order_printed() -> None:
    hand = one(session(CRAFTED))
    flop = [(a.player, a.kind) for a in hand.actions if a.street is Street.FLOP]
    assert flop == [
        ("Villain", ActionKind.CHECK),
        ("Hero", ActionKind.BET),
        ("Villain", ActionKind.CALL),
    ]


def test_type_23_is_a_raise_to_and_type_3_a_call_of_the_chips_added() -> None:
    hand = one(session(CRAFTED))
    raise_, call = [a for a in hand.actions if a.kind in (ActionKind.RAISE, ActionKind.CALL)][:2]
    assert (raise_.amount, raise_.to_amount) == (250, 300)  # the 0.50 small blind raises to 3
    assert call.amount == 200


def test_type_6_raises_by_type_7_goes_all_in_by_the_chips_added_type_15_is_an_ante() -> None:
    antes = (
        '<action no="0" player="Hero" type="15" sum="€0,10"/>'
        '<action no="0" player="Villain" type="15" sum="€0,10"/>'
    )
    games = (
        CRAFTED.replace('type="23" sum="€3"', 'type="6" sum="€2"')
        .replace('<round no="0">', '<round no="0">' + antes)
        .replace('bet="€9"', 'bet="€9,10"')
    )
    hand = one(session(games))
    kinds = [(a.kind, a.amount, a.to_amount) for a in hand.actions if a.street is Street.PREFLOP]
    assert kinds[:2] == [(ActionKind.POST_ANTE, 10, None)] * 2
    assert (ActionKind.RAISE, 250, 300) in kinds  # by 2 over the big blind: to 3
    audited = audit_hand(hand)
    assert audited.result is not None
    assert (audited.result.total_pot, audited.result.rake) == (1820, 70)
    allin = one(session(CRAFTED.replace('type="3" sum="€6"', 'type="7" sum="€6"')))
    call = [a for a in allin.actions if a.street is Street.FLOP][-1]
    assert call.kind is ActionKind.CALL and call.amount == 600  # all-in code, a call by chips


def test_every_action_code_the_reader_knows_is_documented() -> None:
    sites = (REPO / "docs" / "SITES.md").read_text("utf-8")
    for code in ACTION_TYPES:
        assert f"| {code} |" in sites


def test_an_unknown_action_code_is_a_failure_naming_its_line() -> None:
    text = session(
        CRAFTED.replace('no="9" player="Hero" type="4"', 'no="9" player="Hero" type="42"')
    )
    (failure,) = parse_text(text, "crafted.xml")
    assert isinstance(failure, ParseFailure) and failure.reason_code == "unknown_action"
    assert failure.source_line == line_of(text, 'type="42"') and "'42'" in failure.reason
    assert failure.hand_key == "ipoker:100"


def test_broken_xml_in_a_game_fails_that_game_only_naming_the_element() -> None:
    broken = CRAFTED.replace('<action no="8" player="Villain" type="4" sum="€0"/>',
                             '<action no="8" player="Villain" type="4" sum="€0">')  # fmt: skip
    second = CRAFTED.replace('gamecode="100"', 'gamecode="102"')
    results = parse_text(session(broken + second), "crafted.xml")
    assert isinstance(results[0], ParseFailure) and isinstance(results[1], HandRecord)
    text = session(broken + second)
    game, bad = line_of(text, 'gamecode="100"'), line_of(text, "</round>", after='no="8"')
    assert results[0].reason_code == "bad_xml" and f"<game> of line {game}:" in results[0].reason
    assert "mismatched tag" in results[0].reason and results[0].source_line == bad
    assert results[0].hand_key == "ipoker:100"


def test_times_are_read_as_utc_unless_told_otherwise() -> None:
    hand = one(session(CRAFTED))
    assert hand.started_at == datetime(2021, 5, 18, 18, 26, 13, tzinfo=UTC)
    (paris,) = [
        parse_block(b, ParseContext(source_timezone="Europe/Paris"))
        for b in iter_blocks(_written(session(CRAFTED)))
    ]
    assert isinstance(paris, HandRecord)
    assert paris.started_at == datetime(2021, 5, 18, 16, 26, 13, tzinfo=UTC)


def _written(text: str, data: bytes | None = None) -> Path:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "export.txt"
    path.write_bytes(data if data is not None else text.encode())
    return path


TOURNAMENT_GAME = """ <game gamecode="200">
  <general>
   <startdate>2021-05-18 18:26:13</startdate>
   <players>
    <player seat="2" name="Hero" chips="1 480" dealer="1" win="300" bet="200"/>
    <player seat="5" name="Villain" chips="12 000" dealer="0" win="0" bet="100"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="50"/>
   <action no="2" player="Villain" type="2" sum="100"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">HA DA C10 S9</cards>
   <cards type="Pocket" player="Villain">X X X X</cards>
   <action no="3" player="Hero" type="23" sum="200"/>
   <action no="4" player="Villain" type="0" sum="0"/>
  </round>
 </game>
"""


def test_a_tournament_session_plays_for_chips() -> None:
    general = "  <tournamentcode>555</tournamentcode>\n  <buyin>€10 + €1</buyin>\n"
    hand = one(session(TOURNAMENT_GAME, gametype="Omaha PL 50/100", general=general))
    assert hand.game_type is GameType.TOURNAMENT and hand.tournament_id == "555"
    assert hand.currency == CHIPS and hand.unit == 1 and hand.buy_in == "€10 + €1"
    assert [s.stack_start for s in hand.seats] == [1480, 12000]  # "1 480" (fpdb issue chaz#33)
    # The 100 raise no one called comes back inside Hero's win of 300 (no uncalled flag).
    assert [(c.player, c.amount) for c in hand.collections] == [("Hero", 200)]
    audited = audit_hand(hand)
    assert hand.rake_reported is None and audited.result is not None and audited.result.rake == 0
    assert [f for f in audited.findings if f.severity.value != "info"] == []


@pytest.mark.corpus
def test_five_card_game_named_only_by_its_stakes_is_told_by_the_pocket_cards() -> None:
    hand = corpus_hand(FPDB / "5CPLO-EUR-2.00-4.00-201905.txt", "3422554305")
    assert hand.game.hole_card_count == 5 and hand.variant == "PLO5"
    assert any("not named" in n for n in hand.notes)


@pytest.mark.corpus
def test_cp1252_euro_in_a_utf8_file_is_repaired_with_a_finding() -> None:
    path = FPDB / "5CPLO-EUR-2.00-4.00-201905.txt"
    assert b"\x80" in path.read_bytes()
    hand = corpus_hand(path, "3422554295")
    assert hand.currency == "EUR" and hand.stakes == "€2/€4"
    assert hand.repaired_lines[0] == 7  # the session's <gametype>, which the game depends on
    assert "decoding_repaired" in [f.code.value for f in audit_hand(hand).findings]


def test_crafted_cp1252_name_is_read_and_noted() -> None:
    data = session(CRAFTED).replace("Villain", "Präxn").encode("cp1252")
    (hand,) = [parse_block(b) for b in iter_blocks(_written("", data))]
    assert isinstance(hand, HandRecord)
    assert hand.seats[1].player == "Präxn" and hand.stakes == "€0,50/€1"
    assert hand.repaired_lines  # the name's line and the session header's euro


def test_uncalled_bet_flag_false_win_holds_the_unmatched_bet() -> None:
    # FormatVersion17: StayCalmAndCRAI bets €344.50 into a €360 pot, no one calls.
    hand = corpus_hand(GG / "FormatTests/FormatVersion17.txt", "7558166000")
    assert [(c.player, c.amount) for c in hand.collections] == [("StayCalmAndCRAI", 35600)]
    assert derived_pot_and_rake(hand) == (36000, 400)


@pytest.mark.corpus
def test_uncalled_bet_flag_true_win_leaves_the_unmatched_bet_out() -> None:
    # 5CPLO game 3422554305: Player0's €24 turn bet is not called; win €23,50.
    hand = corpus_hand(FPDB / "5CPLO-EUR-2.00-4.00-201905.txt", "3422554305")
    assert [(c.player, c.amount) for c in hand.collections] == [("Player0", 2350)]
    assert derived_pot_and_rake(hand) == (2400, 50)


@pytest.mark.corpus
def test_a_bet_attribute_that_counts_the_blind_twice_leaves_the_pot_right() -> None:
    # no.max.seats game 4419495882: the small blind raises to €15, bet="€17.50".
    hand = corpus_hand(FPDB / "PLO-EUR-2.50-5.00-201901.no.max.seats.txt", "4419495882")
    assert derived_pot_and_rake(hand) == (1000, 0)
    assert [f for f in audit_hand(hand).findings if f.severity.value == "error"] == []


@pytest.mark.corpus
def test_thousands_commas_with_a_decimal_point() -> None:
    hand = corpus_hand(FPDB / "PLO-USD-100.00-200.00-201307.archive.txt", "4963476830")
    assert hand.currency == "USD"
    assert hand.seats[0].stack_start == 5_575_600  # "$55,756.00"
    assert derived_pot_and_rake(hand)[1] == 500  # $2,100 bet, $2,095 won


@pytest.mark.corpus
def test_a_seat_without_pocket_cards_was_not_dealt_in() -> None:
    # Sample.txt 2874216438: Hero is seated with a type 8 (no action) and no cards.
    hand = corpus_hand(FPDB / "PLO-USD-0.01-0.02-201108.Sample.txt", "2874216438")
    hero = next(s for s in hand.seats if s.player == "Hero")
    assert hero.sitting_out and all(a.player != "Hero" for a in hand.actions)


def test_known_cards_of_a_player_still_in_are_a_show() -> None:
    # AllInHandWithShowdown2: both all-in players' cards are printed.
    hand = corpus_hand(HH / "HandActionTests/AllInHandWithShowdown2.txt", "5383319517")
    assert len(hand.shows) == 2 and all(len(s.cards) == 4 for s in hand.shows)


@pytest.mark.corpus
def test_the_folder_walk_finds_xml_and_txt_exports() -> None:
    files = [str(p) for p in expand_paths([IPOKER])]
    assert len(files) == 18
    assert any(f.endswith("big-rake-error-ipoker.xml") for f in files)


@pytest.mark.parametrize("gamecode", ["5383392792", "3311226627"])
def test_corpus_hands_audit_clean(gamecode: str) -> None:
    path = {
        "5383392792": HH / "HandActionTests/BasicHand.txt",
        "3311226627": HH / "HandActionTests/PlayerParseError.txt",
    }[gamecode]
    hand = corpus_hand(path, gamecode)
    assert [f.code for f in audit_hand(hand).findings if f.severity.value != "info"] == []


@pytest.mark.parametrize(
    "printed", ["2021-05-18 18:26:13", "18.05.2021 18:26:13", "2021/05/18 18:26:13"]
)
def test_the_date_shapes_ipoker_prints(printed: str) -> None:
    hand = one(session(CRAFTED.replace("2021-05-18 18:26:13", printed)))
    assert hand.started_at == datetime(2021, 5, 18, 18, 26, 13, tzinfo=UTC)
    assert hand.started_at_text == printed
