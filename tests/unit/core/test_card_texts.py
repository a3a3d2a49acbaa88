"""Card texts by table lookup (``cards.card_texts``) are ``card_str``'s, card for card."""

from __future__ import annotations

from omahahh.cards import DECK, card_str, card_texts, parse_cards


def test_card_texts_equal_card_str_for_every_card() -> None:
    assert card_texts(DECK) == [card_str(c) for c in DECK]


def test_card_texts_read_back_as_the_cards_they_name() -> None:
    hand = parse_cards("As Kd 7h 2c Tc")
    assert card_texts(hand) == ["As", "Kd", "7h", "2c", "Tc"]
    assert parse_cards(" ".join(card_texts(hand))) == hand
