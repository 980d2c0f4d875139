"""Cards, card text, card sets and decks."""

from __future__ import annotations

import pytest

from standpat import (
    CARDS,
    PINOCHLE,
    SHORT_6A,
    SHORT_7A,
    STANDARD,
    Card,
    CardParseError,
    CardSet,
    DuplicateCardError,
    format_cards,
    parse_card,
    parse_cards,
)


def test_card_ints_are_rank_times_four_plus_suit() -> None:
    assert [int(c) for c in parse_cards("2c 2d 2h 2s 3c As")] == [0, 1, 2, 3, 4, 51]
    assert Card("Kh").rank == 11 and Card("Kh").suit == 2


@pytest.mark.parametrize(
    "text",
    ["As Kd 7h Tc", "as kd 7H 10c", "AS,KD,7h,10C", "AsKd7h10c", " As ,  Kd\t7h\n10c "],
)
def test_parse_forms(text: str) -> None:
    assert format_cards(parse_cards(text)) == "As Kd 7h Tc"


def test_every_card_round_trips_through_text() -> None:
    for card in CARDS:
        assert parse_card(str(card)) == card
        assert eval(repr(card)) == card  # repr is pasteable


@pytest.mark.parametrize("bad", ["1s", "Kx", "A", "As K", "11h", "Asx", "♠A"])
def test_bad_text_raises_with_the_input_quoted(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_card_index_out_of_range() -> None:
    with pytest.raises(CardParseError):
        Card(52)


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("  ") == []


def test_decks() -> None:
    assert len(set(STANDARD)) == 52
    assert len(SHORT_7A) == 32 and {c.rank for c in SHORT_7A} == set(range(5, 13))
    assert len(SHORT_6A) == 36 and {c.rank for c in SHORT_6A} == set(range(4, 13))
    assert len(PINOCHLE) == 48
    assert {c.rank for c in PINOCHLE} == {7, 8, 9, 10, 11, 12}  # 9 T J Q K A
    assert all(PINOCHLE.count(c) == 2 for c in set(PINOCHLE))


def test_cardset_operations() -> None:
    a = CardSet.parse("As Kd 7h")
    b = CardSet.parse("7h 2c")
    assert len(a | b) == 4
    assert list(a & b) == [Card("7h")]
    assert a - b == CardSet.parse("As Kd")
    assert a ^ b == CardSet.parse("As Kd 2c")
    assert Card("As") in a and Card("2c") not in a and "As" not in a
    assert eval(repr(a)) == a
    assert list(CardSet(STANDARD)) == list(STANDARD)
    assert not CardSet() and hash(a) == hash(CardSet.parse("Kd 7h As"))


def test_cardset_rejects_duplicates() -> None:
    with pytest.raises(DuplicateCardError, match="As"):
        CardSet.parse("As As")
