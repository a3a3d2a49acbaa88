"""Card texts by table lookup (``cards.card_texts``) are ``card_str``'s, card for card;
``parse_cards``' token lookup reads what its general path reads."""

from __future__ import annotations

import random

import pytest

from omahahh.cards import DECK, card_str, card_texts, parse_cards
from omahahh.errors import CardError


def test_card_texts_equal_card_str_for_every_card() -> None:
    assert card_texts(DECK) == [card_str(c) for c in DECK]


def test_card_texts_read_back_as_the_cards_they_name() -> None:
    hand = parse_cards("As Kd 7h 2c Tc")
    assert card_texts(hand) == ["As", "Kd", "7h", "2c", "Tc"]
    assert parse_cards(" ".join(card_texts(hand))) == hand


def test_the_fast_paths_of_parse_cards_read_as_the_general_path() -> None:
    """``parse_cards`` looks whole tokens up for text as histories and PHH print it
    (``As Kd``, ``AsKd``) and otherwise splits the text card by card: the same cards."""
    rng = random.Random(46)
    for _ in range(2_000):
        cards = rng.sample(DECK, rng.randint(1, 7))
        texts = card_texts(tuple(cards))
        general = parse_cards("[" + ",".join(texts) + "]")  # no token lookup can read it
        assert general == tuple(cards)
        assert parse_cards(" ".join(texts)) == general
        assert parse_cards("".join(texts)) == general
        twice = [*texts, texts[0]]
        for text in (" ".join(twice), "".join(twice), "[" + ",".join(twice) + "]"):
            with pytest.raises(CardError):
                parse_cards(text)
