"""Money is never guessed and no hand is dropped in silence: what every reader does when
in doubt (an iPoker ``win`` that may or may not pay back an unmatched bet, junk around an
amount, an export cut before its result, a file of a format nobody reads, a rake the
text does not print, a cash-out)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

import omahahh
from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers.unmatched import win_holds_return

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_histories"


def ipoker_session(game: str, *, flag: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="7">\n <general>\n'
        "  <gametype>Omaha PL SEK 0.50/SEK 1</gametype>\n  <tablename>Trust, 1</tablename>\n"
        f"  <currency>SEK</currency>\n  <nickname>Hero</nickname>\n{flag} </general>\n"
        f"{game}</session>\n"
    )


def ipoker_game(hero_win: str, villain_win: str = "0", *, turn_bet: str = "4") -> str:
    """Hero raises, Villain calls; the flop is bet and called; Villain folds to Hero's turn
    bet of ``turn_bet``, which no one matched. 18 in the pot, 0.90 raked: 17.10 paid."""
    return f""" <game gamecode="555">
  <general>
   <startdate>2022-03-01 20:10:33</startdate>
   <players>
    <player seat="1" name="Hero" chips="100" dealer="1" win="{hero_win}" bet="{9 + float(turn_bet):g}"/>
    <player seat="2" name="Villain" chips="100" dealer="0" win="{villain_win}" bet="9"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="0.50"/>
   <action no="2" player="Villain" type="2" sum="1"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">HA DA C10 S9</cards>
   <cards type="Pocket" player="Villain">X X X X</cards>
   <action no="3" player="Hero" type="23" sum="3"/>
   <action no="4" player="Villain" type="3" sum="2"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">D2 H7 SJ</cards>
   <action no="5" player="Villain" type="4" sum="0"/>
   <action no="6" player="Hero" type="5" sum="6"/>
   <action no="7" player="Villain" type="3" sum="6"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">C3</cards>
   <action no="8" player="Villain" type="4" sum="0"/>
   <action no="9" player="Hero" type="5" sum="{turn_bet}"/>
   <action no="10" player="Villain" type="0" sum="0"/>
  </round>
 </game>
"""


def only(text: str) -> HandRecord | ParseFailure:
    (result,) = parse_text(text, "trust.xml")
    return result


def paid_and_rake(text: str) -> tuple[list[tuple[str, int]], int, list[str]]:
    hand = only(text)
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    audited = audit_hand(hand)
    assert audited.result is not None
    codes = [f.code.value for f in audited.findings if f.severity.value != "info"]
    return [(c.player, c.amount) for c in hand.collections], audited.result.rake, codes


def test_ipoker_win_without_the_returned_bet_is_not_taken_as_rake() -> None:
    # A newer export with no uncalled_bet_enabled flag: `win` is the pot share only.
    paid, rake, codes = paid_and_rake(ipoker_session(ipoker_game("17.10")))
    assert paid == [("Hero", 1710)] and rake == 90 and codes == []


def test_ipoker_win_with_the_returned_bet_pays_it_back_first() -> None:
    # An older export: `win` holds the 4 no one called besides the 17.10 pot share.
    paid, rake, codes = paid_and_rake(ipoker_session(ipoker_game("21.10")))
    assert paid == [("Hero", 1710)] and rake == 90 and codes == []


def test_ipoker_flag_says_win_excludes_the_returned_bet() -> None:
    flag = "  <uncalled_bet_enabled>true</uncalled_bet_enabled>\n"
    paid, rake, codes = paid_and_rake(ipoker_session(ipoker_game("17.10"), flag=flag))
    assert paid == [("Hero", 1710)] and rake == 90 and codes == []


def test_ipoker_win_undecided_by_the_figures_fails_the_hand() -> None:
    # Half a crown back: read either way the rake (1.40 or 0.90) is a plausible one.
    failure = only(ipoker_session(ipoker_game("17.10", turn_bet="0.50")))
    assert isinstance(failure, ParseFailure)
    assert failure.reason_code == "ambiguous_amount"
    assert failure.reason.startswith("trust.xml:") and "uncalled_bet_enabled" in failure.reason


def test_win_holds_return_uses_a_printed_rake_when_there_is_one() -> None:
    # The ambiguous hand above is decided by a `rakeamount` of 0.90.
    assert win_holds_return(1850, 1710, 50, 1710, printed_rake=90) is False
    assert win_holds_return(1850, 1760, 50, 1760, printed_rake=90) is True


def test_junk_before_an_amount_is_bad_amount_not_another_number() -> None:
    # The euro sign written as the literal text \x80 before 17.10 once read as 8,017.10.
    failure = only(ipoker_session(ipoker_game("\\x8017.10")))
    assert isinstance(failure, ParseFailure) and failure.reason_code == "bad_amount"
    assert "\\x8017.10" in failure.reason


BLINDS_ONLY = """ <game gamecode="556">
  <general>
   <startdate>2022-03-01 20:11:00</startdate>
   <players>
    <player seat="1" name="Hero" chips="100" dealer="1" win="0" bet="0.50"/>
    <player seat="2" name="Villain" chips="100" dealer="0" win="0" bet="1"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="0.50"/>
   <action no="2" player="Villain" type="2" sum="1"/>
  </round>
 </game>
"""


def test_a_blinds_only_export_is_truncated_not_a_hand_with_nothing_won() -> None:
    failure = only(ipoker_session(BLINDS_ONLY))
    assert isinstance(failure, ParseFailure) and failure.reason_code == "truncated"


STARS_CUT = """PokerStars Hand #999000009001:  Omaha Pot Limit ($0.05/$0.10 USD) - 2021/12/07 21:40:11 ET
Table 'Cut' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: calls $0.20
*** FLOP *** [Ac Qd 5h]
Bob: checks"""


def test_a_text_hand_cut_before_its_result_is_truncated() -> None:
    failure = only(STARS_CUT)
    assert isinstance(failure, ParseFailure) and failure.reason_code == "truncated"


UNKNOWN_ROOM = """***** Nowhere Poker Hand History for Game 100 *****
PL $0.05/$0.10 Omaha - Monday, January 3, 11:02:42 GMT 2011
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Ann posts small blind [$0.05]
Bob posts big blind [$0.10]
Ann folds
Bob wins $0.10


***** Nowhere Poker Hand History for Game 101 *****
PL $0.05/$0.10 Omaha - Monday, January 3, 11:03:42 GMT 2011
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Bob posts small blind [$0.05]
Ann posts big blind [$0.10]
Bob folds
Ann wins $0.10
"""


def test_a_file_of_an_unknown_format_gives_failure_rows_not_a_skip(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "nowhere.txt").write_text(UNKNOWN_ROOM, encoding="utf-8")
    (inputs / "notes.csv").write_text("name,score\nAnn,3\nBob,4\n", encoding="utf-8")
    counts = omahahh.ingest([inputs], tmp_path / "ds")
    assert (counts.files, counts.skipped, counts.blocks, counts.failures) == (1, 1, 2, 2)
    assert counts.unknown_format == 2
    line = counts.summary_line()
    assert "skipped 1: not hand histories; --verbose lists them" in line
    assert "failures 2 (unknown format 2)" in line
    failures = omahahh.open_dataset(tmp_path / "ds")["failures"].collect()
    assert failures["reason_code"].to_list() == ["unknown_format", "unknown_format"]
    assert failures["source_line"].to_list() == [1, 11]
    assert all(r.startswith(str(inputs / "nowhere.txt")) for r in failures["reason"])


def test_derived_rake_above_the_cap_is_an_error_finding() -> None:
    # Everleaf prints no rake: a $1 pot of which $0.55 is paid leaves $0.45 (cap: 10 %).
    text = """Everleaf Gaming Game #900000001
***** Hand history for game #900000001 *****
Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/04 - 20:04:05
Table Trust
Seat 5 is the button
Total number of players: 2
Seat 5: Villain (  $ 10 USD )
Seat 10: Hero (  $ 10 USD )
Villain: posts small blind [$ 0.05 USD]
Hero: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ Qc, Qh, 7s, Jd ]
Villain calls [$ 0.05 USD]
Hero checks
** Dealing Flop ** [ Tc, Kc, 3s ]
Hero: bets [$ 0.20 USD]
Villain calls [$ 0.20 USD]
** Dealing Turn ** [ 6d ]
Hero: bets [$ 0.20 USD]
Villain calls [$ 0.20 USD]
** Dealing River ** [ 9h ]
Hero checks
Villain: bets [$ 0.50 USD]
Hero folds
Villain does not show cards
Villain wins  high ($ 0.55 USD) from main pot"""
    hand = only(text)
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    audited = audit_hand(hand)
    above = [f for f in audited.findings if f.code.value == "rake_above_cap"]
    assert len(above) == 1 and above[0].severity.value == "error"
    assert (above[0].reported_amount, above[0].expected_amount) == (45, 10)


def test_a_cashed_out_players_won_is_the_cash_out_and_the_pot_share_stands_beside(
    tmp_path: Path,
) -> None:
    source = SAMPLES / "pokerstars" / "crafted" / "PLO6-cash-out-pot-not-awarded.txt"
    omahahh.ingest([source], tmp_path / "ds")
    players = omahahh.open_dataset(tmp_path / "ds")["players"]
    row = (
        players.filter(pl.col("hand_key") == "pokerstars:999000001101")
        .filter(pl.col("player") == "bigstack_bob")
        .collect()
        .row(0, named=True)
    )
    # $9.41 paid (the $0.10 fee already taken); the $14.17 side pot was not paid to him.
    assert (row["won"], row["cashout_reported"], row["cashout_fee_reported"]) == (941, 941, 10)
    assert row["cashout_pot_share"] == 1417
    others = players.filter(
        pl.col("hand_key") == "pokerstars:999000001101", pl.col("player") != "bigstack_bob"
    ).collect()
    assert others["cashout_pot_share"].null_count() == others.height


def test_ipoker_client_20_decides_what_the_figures_leave_open() -> None:
    version = "  <client_version>21.3.1.2</client_version>\n"
    hand = only(ipoker_session(ipoker_game("17.10", turn_bet="0.50"), flag=version))
    assert isinstance(hand, HandRecord), getattr(hand, "reason", hand)
    assert [(c.player, c.amount) for c in hand.collections] == [("Hero", 1710)]
    assert any("client 21" in note for note in hand.notes)
