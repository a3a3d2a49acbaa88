"""IGT JSON shapes beyond the corpus, read from a hand crafted from its shape
(tests/data/crafted/igt/, README there): what is read, and no error or warning."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.cards import cards_str
from omahahh.dataset.pipeline import parse_text
from omahahh.model import HandRecord, Site

DATA = Path(__file__).resolve().parents[1] / "data" / "crafted" / "igt"


def test_cards_are_numbered_clubs_diamonds_hearts_spades_two_to_ace() -> None:
    source = (DATA / "card_numbers.json").read_text(encoding="utf-8")
    # The room's own words for HERO's hand: two pair, jacks and tens.
    assert "STR_G_CARD_JACK) $(STR_G_ANDTEXT) $(STR_G_CARD_TEN)" in source
    (h,) = parse_text(source, "crafted.json")
    assert isinstance(h, HandRecord) and h.site is Site.IGT
    assert [(p, cards_str(c)) for p, c in h.dealt] == [("HERO", "Jh 9d 4d Tc")]
    assert cards_str(h.boards[0]) == "Js 4h 2h 8d Th"
    assert [(s.player, cards_str(s.cards)) for s in h.shows] == [
        ("HERO", "Jh 9d 4d Tc"),
        ("PLAYER2", "Jc Qd 2c 3c"),
    ]
    assert (h.total_pot_reported, h.rake_reported) == (95, 5)
    assert [(c.player, c.amount) for c in h.collections] == [("HERO", 95)]
    assert [f.code.value for f in audit_hand(h).findings] == []
