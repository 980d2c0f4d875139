"""Meld: every row of the seed's table, the sharing rule and the run decisions."""

from __future__ import annotations

import pytest

from standpat.cards import parse_cards
from standpat.pinochle import MeldKind, Suit, meld

S, H, C, D = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


def kinds(text: str, trump: Suit) -> list[MeldKind]:
    return [m.kind for m in meld(parse_cards(text), trump).melds]


@pytest.mark.parametrize(
    ("text", "trump", "kind", "points"),
    [
        ("Ac Ad Ah As", C, MeldKind.ACES_AROUND, 10),
        ("Kc Kd Kh Ks", C, MeldKind.KINGS_AROUND, 8),
        ("Qc Qd Qh Qs", C, MeldKind.QUEENS_AROUND, 6),
        ("Jc Jd Jh Js", C, MeldKind.JACKS_AROUND, 4),
        ("Kh Qh", H, MeldKind.TRUMP_MARRIAGE, 4),
        ("Kh Qh", S, MeldKind.MARRIAGE, 2),
        ("Ah Th Kh Qh Jh", H, MeldKind.RUN, 15),
        ("9h", H, MeldKind.NINE_OF_TRUMP, 1),
        ("Jd Qs", H, MeldKind.PINOCHLE, 4),
        ("Jd Qs Jd Qs", H, MeldKind.DOUBLE_PINOCHLE, 30),
    ],
)
def test_each_row_of_the_table(text: str, trump: Suit, kind: MeldKind, points: int) -> None:
    result = meld(parse_cards(text), trump)
    assert [m.kind for m in result.melds] == [kind]
    assert result.total == points
    assert sorted(result.melds[0].cards) == sorted(parse_cards(text))


def test_nothing_and_near_misses() -> None:
    assert meld(parse_cards("Ac Ad Ah Ts"), C).melds == ()
    assert meld(parse_cards("Kh Qd 9s Jd Qc"), C).total == 0  # Jd alone, no Qs
    assert meld(parse_cards("9h"), S).total == 0  # 9 of a plain suit


def test_queen_of_spades_counts_in_different_kinds() -> None:
    # The seed: one Q of spades in a pinochle and in a marriage with the K of spades.
    assert kinds("Qs Ks Jd", H) == [MeldKind.MARRIAGE, MeldKind.PINOCHLE]
    assert meld(parse_cards("Qs Ks Jd"), H).total == 6
    # ... and in queens around as well.
    assert meld(parse_cards("Qs Ks Jd Qc Qd Qh"), H).total == 6 + 2 + 4


def test_queen_of_spades_not_twice_in_marriages() -> None:
    # One Q of spades with two K of spades: one marriage, not two.
    assert kinds("Qs Ks Ks", H) == [MeldKind.MARRIAGE]
    assert meld(parse_cards("Qs Ks Ks"), S).total == 4


def test_double_marriage_is_two_marriages() -> None:
    assert kinds("Kh Qh Kh Qh", C) == [MeldKind.MARRIAGE] * 2
    assert meld(parse_cards("Kh Qh Kh Qh"), H).total == 8


def test_run_includes_its_marriage() -> None:
    assert meld(parse_cards("Ah Th Kh Qh Jh"), H).total == 15
    # A second K and Q of trump make one more trump marriage.
    assert kinds("Ah Th Kh Qh Jh Kh Qh", H) == [MeldKind.RUN, MeldKind.TRUMP_MARRIAGE]
    assert meld(parse_cards("Ah Th Kh Qh Jh Kh Qh"), H).total == 19
    # A K without a second Q adds nothing.
    assert meld(parse_cards("Ah Th Kh Qh Jh Kh"), H).total == 15
    # Out of trump the same cards are only a marriage.
    assert meld(parse_cards("Ah Th Kh Qh Jh"), S).total == 2


def test_double_run_is_two_runs() -> None:
    result = meld(parse_cards("Ah Th Kh Qh Jh Ah Th Kh Qh Jh"), H)
    assert [m.kind for m in result.melds] == [MeldKind.RUN, MeldKind.RUN]
    assert result.total == 30


def test_double_around_and_pinochle_counts() -> None:
    assert meld(parse_cards("Ac Ad Ah As Ac Ad Ah As"), C).total == 20
    assert kinds("Jd Jd Qs", C) == [MeldKind.PINOCHLE]
    # Double pinochle replaces the two pinochles.
    assert kinds("Jd Jd Qs Qs", C) == [MeldKind.DOUBLE_PINOCHLE]


def test_nines_kept_apart() -> None:
    result = meld(parse_cards("9s 9s Ks Qs Jd"), S)
    assert (result.total, result.nines, result.rest) == (10, 2, 8)


def test_brief_example() -> None:
    result = meld(parse_cards("Qs Js Ks Jd Qs 9h"), S)
    assert [(m.name, m.points) for m in result.melds] == [
        ("marriage in trump", 4), ("pinochle", 4)]
    assert result.total == 8


def test_full_seven_card_hand() -> None:
    # Run in spades, 9 of trump, pinochle (Qs shared with the run's marriage).
    result = meld(parse_cards("As Ts Ks Qs Js 9s Jd"), S)
    assert result.total == 15 + 1 + 4
