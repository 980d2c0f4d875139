"""``standpat.odds.analyse``: published figures, exact fractions worked out by hand, errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standpat.errors import CardNotInDeckError, DuplicateCardError, HandSetupError, HandSizeError
from standpat.odds import analyse
from standpat.odds.analysis import MULTI_DRAW_LOWS


def keep_of(text: str, game: str, keep: str, **options: object) -> object:
    (hold,) = analyse(text, game, keep=keep, **options).holds  # type: ignore[arg-type]
    return hold


def test_three_to_a_pair_improves_28_7_percent() -> None:
    """The published figure, and the fraction behind it: 4,656 of the 16,215 draws."""
    best = analyse("Qs Qd 9c 4h 2s", "five-card-draw").holds[0]
    assert [str(c) for c in best.keep] == ["Qs", "Qd"]
    assert best.exact_improve == Fraction(4656, 16215)
    assert f"{best.improve:.1%}" == "28.7%"
    exact = best.exact
    assert exact is not None
    # two pair 2,592, trips 1,854, full house 165, quads 45 (of C(47, 3) = 16,215)
    assert exact["two-pair"] == Fraction(2592, 16215)
    assert exact["three-of-a-kind"] == Fraction(1854, 16215)
    assert exact["full-house"] == Fraction(165, 16215)
    assert exact["four-of-a-kind"] == Fraction(45, 16215)


def test_seven_six_three_two_draws_to_a_seven_eight_times_in_47() -> None:
    """The published 8/47; then each low up: the four cards of each rank 8..A add
    their outs, but for the king thrown (three kings left)."""
    hold = keep_of("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw", "7s 6d 3c 2h")
    assert hold.exact == {  # type: ignore[attr-defined]
        "7-low": Fraction(8, 47), "8-low": Fraction(12, 47), "9-low": Fraction(16, 47),
        "T-low": Fraction(20, 47), "J-low": Fraction(24, 47), "Q-low": Fraction(28, 47),
        "K-low": Fraction(31, 47), "A-low": Fraction(35, 47),
    }


def test_hand_worked_fractions_of_five_card_draw() -> None:
    # trips draw two: quads 46 ways, a full house 66 (a pair of one of the 12 other ranks)
    trips = keep_of("9c 9d 9s Kh 4c", "five-card-draw", "9c 9d 9s")
    assert trips.exact["four-of-a-kind"] == Fraction(46, 1081)  # type: ignore[attr-defined]
    assert trips.exact["full-house"] == Fraction(66, 1081)  # type: ignore[attr-defined]
    assert trips.exact_improve == Fraction(112, 1081)  # type: ignore[attr-defined]
    # two pair draws one: 4 cards fill it
    two_pair = keep_of("Kc Kd 9c 9s 4h", "five-card-draw", "Kc Kd 9c 9s")
    assert two_pair.exact_improve == Fraction(4, 47)  # type: ignore[attr-defined]
    # a four-flush with no straight-flush out draws one: 9 flush cards in 47
    flush = keep_of("As Ks 7s 4s 2d", "five-card-draw", "As Ks 7s 4s")
    assert flush.exact["flush"] == Fraction(9, 47)  # type: ignore[attr-defined]
    # an open-ended straight draw: 8 outs
    straight = keep_of("8c 9d Th Js 2c", "five-card-draw", "8c 9d Th Js")
    assert straight.exact["straight"] == Fraction(8, 47)  # type: ignore[attr-defined]


def test_hand_worked_fractions_of_the_short_decks() -> None:
    # 32 cards: 27 left; a four-flush has the other 4 of its suit
    flush = keep_of("As Ks 9s 7s 8d", "five-card-draw-7a", "As Ks 9s 7s")
    assert flush.exact["flush"] == Fraction(4, 27)  # type: ignore[attr-defined]
    # open-ended 8-9-T-J: the sevens and queens, 8 of 27
    straight = keep_of("8c 9d Th Js Ac", "five-card-draw-7a", "8c 9d Th Js")
    assert straight.exact["straight"] == Fraction(8, 27)  # type: ignore[attr-defined]
    # A-7-8-9 is open at the top only in 32 cards (the 7-A wheel A-7-8-9-T) ...
    wheel = keep_of("Ac 7d 8h 9s Kc", "five-card-draw-7a", "Ac 7d 8h 9s")
    assert wheel.exact["straight"] == Fraction(4, 27)  # type: ignore[attr-defined]
    # ... while with the sixes in, A-6-7-8-9 is the wheel and A-7-8-9-T no straight:
    # only the four sixes, of 31
    six = keep_of("Ac 7d 8h 9s Kc", "five-card-draw-7a", "Ac 7d 8h 9s", deck=36)
    assert six.exact["straight"] == Fraction(4, 31)  # type: ignore[attr-defined]
    # two pair draws one in 32 cards: 4 of 27
    two_pair = keep_of("Kc Kd 9c 9s 8h", "five-card-draw-7a", "Kc Kd 9c 9s")
    assert two_pair.exact_improve == Fraction(4, 27)  # type: ignore[attr-defined]


def test_a_flush_is_better_than_a_full_house_in_the_short_deck() -> None:
    """Sorted for "full-house or better", a flush counts under 7-A (it ranks above)."""
    flush = keep_of("As Ks 9s 7s 8d", "five-card-draw-7a", "As Ks 9s 7s", aim="full-house")
    assert flush.chance == pytest.approx(4 / 27)  # type: ignore[attr-defined]
    high = keep_of("As Ks 9s 7s 8d", "five-card-draw", "As Ks 9s 7s", aim="full-house")
    assert high.chance == 0  # type: ignore[attr-defined]


def test_dead_cards_leave_the_stub() -> None:
    both = keep_of("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw", "7s 6d 3c 2h",
                   dead="4c 4d 5h Ah Ad")
    assert both.exact["7-low"] == Fraction(5, 42)  # type: ignore[attr-defined]


def test_seven_card_draw_keeps_three_to_seven_cards() -> None:
    analysis = analyse("Kc Kd 9s 7h 4c 3d 2h", "seven-card-draw")
    assert len(analysis.holds) == sum(1 for m in range(128) if m.bit_count() >= 3)
    assert min(len(h.keep) for h in analysis.holds) == 3
    pat = next(h for h in analysis.holds if len(h.keep) == 7)
    assert pat.probabilities["pair"] == 1.0
    # keeping the kings and three kickers draws two: quads 1/C(45, 2)... and more
    kings = next(h for h in analysis.holds if [str(c) for c in h.keep] == ["Kc", "Kd", "9s"])
    assert kings.completions == 148995 and kings.exact is not None


def test_triple_draw_over_several_draws() -> None:
    analysis = analyse("7s 6d 3c 2h Kc", "deuce-to-seven-triple-draw", keep="7s 6d 3c 2h")
    (hold,) = analysis.holds
    assert not analysis.exact and hold.exact is None
    assert hold.probabilities["7-low"] == pytest.approx(float(Fraction(7076, 16215)), abs=1e-12)
    assert set(MULTI_DRAW_LOWS) <= set(hold.probabilities)
    two = analyse("7s 6d 3c 2h Kc", "deuce-to-seven-triple-draw", keep="7s 6d 3c 2h", draws=2)
    assert two.holds[0].probabilities["7-low"] == pytest.approx(340 / 1081, abs=1e-12)


def test_holds_come_sorted_by_the_aim() -> None:
    analysis = analyse("Ah Kh 9h 8h 7c", "five-card-draw-7a", aim="flush")
    chances = [h.chance for h in analysis.holds]
    assert chances == sorted(chances, reverse=True)
    assert [str(c) for c in analysis.holds[0].keep] == ["Ah", "Kh", "9h", "8h"]


def test_the_json_has_exactly_the_issue_s_keys() -> None:
    doc = analyse("Qs Qd 9c 4h 2s", "five-card-draw").to_json()
    assert list(doc) == ["holds"] and len(doc["holds"]) == 32
    assert all(list(h) == ["keep", "discard", "probabilities", "improve"] for h in doc["holds"])
    assert doc["holds"][0]["keep"] == ["Qs", "Qd"]
    exact = analyse("Qs Qd 9c 4h 2s", "five-card-draw").to_json(fractions=True)
    assert exact["holds"][0]["improve"] == "1552/5405"


@pytest.mark.parametrize(("args", "error", "words"), [
    (("Qs Qd 9c 4h", "five-card-draw"), HandSizeError, "holds 5 cards"),
    (("Qs Qd 9c 4h 4h", "five-card-draw"), DuplicateCardError, "4h appears twice"),
    (("Qs Qd 9c 4h 2s", "five-card-draw-7a"), CardNotInDeckError, "not in the 32-card deck"),
    (("Qs Qd 9c 6h 7s", "five-card-draw-7a"), CardNotInDeckError, "--deck 36 adds the sixes"),
    (("Qs Qd 9c 4h 2s", "deuce-to-seven-triple-draw", {"draws": 4}), HandSetupError,
     "draws must be 1 to 3"),
    (("Qs Qd 9c 4h 2s", "five-card-draw", {"deck": 36}), HandSetupError,
     "dealt from 52 cards"),
    (("Qs Qd 9c 4h 2s", "five-card-draw", {"keep": "Qh"}), HandSetupError, "not in the hand"),
    (("Qs Qd 9c 4h 2s", "five-card-draw", {"dead": "Qs"}), DuplicateCardError,
     "the hand and the dead cards"),
    (("Qs Qd 9c 4h 2s", "five-card-draw", {"aim": "8-low"}), HandSetupError, "not an aim"),
    (("Kc Kd 9s 7h 4c 3d 2h", "seven-card-draw", {"keep": "Kc Kd"}), HandSetupError,
     "at most 4"),
])
def test_bad_input_says_what_is_wrong(args: tuple[object, ...], error: type[Exception],
                                      words: str) -> None:
    options = args[2] if len(args) > 2 else {}
    with pytest.raises(error, match=words):
        analyse(args[0], args[1], **options)  # type: ignore[arg-type]

