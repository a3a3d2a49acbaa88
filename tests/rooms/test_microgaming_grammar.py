"""Microgaming XML shapes beyond the corpus, each read from a hand crafted from its shape
(tests/data/crafted/microgaming/, README there): what is read, and no error or warning."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.dataset.pipeline import parse_text
from omahahh.model import ActionKind, GameType, HandRecord, ParseFailure
from omahahh.parsers.microgaming import currency_of

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "microgaming"


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def one(source: str) -> HandRecord | ParseFailure:
    (result,) = parse_text(source, "crafted.xml")
    return result


def hand(source: str) -> HandRecord:
    result = one(source)
    assert isinstance(result, HandRecord), result
    return result


def loud(h: HandRecord) -> list[str]:
    return [f.code.value for f in audit_hand(h).findings if f.severity.value != "info"]


def test_a_bad_beat_contribution_is_a_jackpot_fee_from_the_pot() -> None:
    h = hand(text("badbeat_contribution.xml"))
    assert (h.rake_reported, h.jackpot_reported) == (150, 50)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 3100)]
    assert not any("endbalance" in n for n in h.notes)  # 100 − 16 + 31 = 115
    result = audit_hand(h).result
    assert result is not None and result.total_pot == 3300
    assert loud(h) == []


def test_disconnect_and_reconnect_carry_no_chips() -> None:
    h = hand(text("disconnect_reconnect.xml"))
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 900)]  # 4.00 back inside
    assert loud(h) == []


def test_a_seat_whose_only_actions_are_disconnections_is_not_dealt_in() -> None:
    source = text("disconnect_reconnect.xml")
    delta = '<Seat num="4" alias="Delta" unicodealias="" balance="50.00" endbalance="50.00" />'
    source = source.replace("</Seats>", delta + "\n</Seats>")
    source = source.replace('seat="3" />\n<Action seq="5"', 'seat="4" />\n<Action seq="5"')
    assert 'type="Disconnect" seat="4"' in source and delta in source
    h = hand(source)
    assert h.seats[-1].player == "Delta" and h.seats[-1].sitting_out
    assert loud(h) == []


def test_an_all_in_before_the_big_blind_is_the_big_blind_posted_all_in() -> None:
    h = hand(text("allin_big_blind.xml"))
    charlie = next(a for a in h.actions if a.player == "Charlie")
    assert (charlie.kind, charlie.amount, charlie.all_in) == (ActionKind.POST_BIG_BLIND, 150, True)
    assert (h.small_blind, h.big_blind) == (100, 200)  # the stakes, not the short blind
    assert loud(h) == []


def test_a_file_without_hhversion_is_version_1_with_street_totals() -> None:
    source = text("no_hhversion_v1.xml")
    assert "hhversion" not in source
    h = hand(source)
    call = next(a for a in h.actions if a.player == "Charlie" and a.kind is ActionKind.CALL)
    assert call.amount == 400  # Call 6.00: to 6.00 from the 2.00 blind
    result = audit_hand(h).result
    assert result is not None and (result.total_pot, result.rake) == (2900, 100)
    assert [(c.player, c.amount) for c in h.collections] == [("Alpha", 2800)]
    assert loud(h) == []


def test_muck_cards_with_cards_shows_them_mucked() -> None:
    source = text("no_hhversion_v1.xml").replace(
        '<Action seq="18" type="MuckCards" seat="3" />',
        '<Action seq="18" type="MuckCards" seat="3">\n<Card value="K" suit="c" id="25" />\n'
        '<Card value="K" suit="d" id="38" />\n<Card value="5" suit="c" id="17" />\n'
        '<Card value="6" suit="c" id="18" />\n</Action>',
    )
    h = hand(source)
    mucked = [(s.player, cards_str(s.cards), s.mucked) for s in h.shows if s.player == "Charlie"]
    assert mucked == [("Charlie", "Kc Kd 5c 6c", True)]
    assert loud(h) == []


def test_currency_symbols() -> None:
    assert currency_of("IAAkAA==", True) == "USD"  # " $"
    assert currency_of("$", True) == "USD"
    assert currency_of("IACsIA==", True) == "EUR"  # " €"


def test_a_literal_symbol_with_spaces_or_unknown_is_read_not_a_parser_error() -> None:
    """A literal symbol is read with the spaces a base64 one carries; one no table knows
    (a non-ASCII one too) is the network's euro, never an exception."""
    assert currency_of(" $ ", True) == "USD" and currency_of(" € ", True) == "EUR"
    assert currency_of("₽", True) == "EUR" and currency_of("kr", True) == "EUR"
    source = text("disconnect_reconnect.xml")
    for symbol, currency in ((" $ ", "USD"), (" € ", "EUR"), ("₽", "EUR")):
        literal = source.replace('currencysymbol="rCA="', f'currencysymbol="{symbol}"')
        assert literal != source
        h = hand(literal)
        assert (h.currency, loud(h)) == (currency, [])


def test_tournament_table_names_the_tournament_and_multi_table_prefix() -> None:
    source = (
        text("disconnect_reconnect.xml")
        .replace('tablename="Kalle - €200 Max"', 'tablename="Omaha Freezeout [51234567]:Table 3"')
        .replace('tabletype="Cash Game"', 'tabletype="MTT"')
        .replace('istournament="0"', 'istournament="1"')
        .replace('gametype="Omaha"', 'gametype="Multi Table Omaha"')
    )
    source = source.replace('value="1.00"', 'value="100"').replace('value="2.00"', 'value="200"')
    source = source.replace('value="6.00"', 'value="600"').replace('amount="9.00"', 'amount="900"')
    for stack in ("100.00", "103.00", "99.00", "98.00"):
        source = source.replace(f'"{stack}"', f'"{stack.split(".")[0]}00"')
    h = hand(source.replace('stakes="1|2"', 'stakes="100|200"'))
    assert (h.game_type, h.tournament_id, h.currency) == (GameType.TOURNAMENT, "51234567", "CHIPS")
    assert loud(h) == []
