"""The odds of Badugi and Ace-to-Five Triple Draw, against every completion card by card."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from standpat.cards import parse_cards
from standpat.engine import Action, ActionKind, Hand, Stakes
from standpat.errors import HandSetupError
from standpat.odds import analyse, hint, hint_lines, outcomes
from standpat.odds.analysis import with_fractions
from standpat.odds.outcomes import lows
from standpat.odds.situation import Situation
from standpat.ranking import evaluate

from .reference import ace_low, badugi_multi_draw, multi_draw, single_draw

A5 = "ace-to-five-triple-draw"


def _brute_force_holds(situation: Situation) -> dict[tuple[int, ...], dict[str, Fraction]]:
    """Every hold's chance of each made low "or better", card by card."""
    ranking = situation.ranking.name.value
    made = lows(ranking)
    found = {}
    for size in range(len(situation.hand) + 1):
        for keep in combinations(situation.hand, size):
            counts = single_draw(situation.hand, keep, situation.stub, ranking)
            total = sum(counts.values())
            running, chances = 0, {}
            for name in made:
                running += counts[name]
                chances[name] = Fraction(running, total)
            found[tuple(int(c) for c in keep)] = chances
    return found


@pytest.mark.parametrize(("game", "hand", "dead"), [
    ("badugi", "Kd 8d 5h 2s", ""),
    ("badugi", "7c 7h 3c As", "2d 4s 5c 6h 8d 9s Tc Jh Qd Ks 3h 4c 5d 6s 7d 8c 9h Td"),
    (A5, "7s 5d 3c 2h Kc", "4d 4h 6c 6s 8h 9d As Ah 2c 3s Tc Jc Qc Kd 7h 5s 5c 2s 3h 8s 9s"),
])
def test_a_single_draw_is_every_completion(game: str, hand: str, dead: str) -> None:
    """Every hold's exact chances equal the count over every completion (the 52-card Badugi
    hand: all 16 holds, 270,725 final hands; the others with a small stub)."""
    a = analyse(hand, game, dead=dead, draws=1)
    expected = _brute_force_holds(a.situation)
    assert len(a.holds) == len(expected) == 2 ** len(a.situation.hand)
    for hold in a.holds:
        assert hold.exact == expected[tuple(int(c) for c in hold.keep)], hold.keep
        assert hold.completions == sum(hold.counts or ())


def test_badugi_outcomes_follow_the_ranking() -> None:
    """Every final four-card hand of a hold lands in the outcome its evaluation names."""
    a = analyse("Kd 8d 5h 2s", "badugi", keep="5h 2s", draws=1)
    hold = a.holds[0]
    stub = a.situation.stub
    seen = {n: 0 for n in outcomes("badugi")}
    for drawn in combinations(stub, 2):
        cards = [*parse_cards("5h 2s"), *drawn]
        value = evaluate(cards, "badugi")
        name = (f"{'A23456789TJQK'[max(ace_low(c) for c in cards)]}-badugi"
                if value.category.value == "badugi" else value.category.value)
        seen[name] += 1
    assert hold.counts == tuple(seen.values())


def test_a_pat_badugi_stands_pat_for_strength() -> None:
    a = analyse("8h 5c 3d As", "badugi", draws=1, aim="strength")
    assert a.now == "8-badugi"
    best = a.holds[0]
    assert not best.discard and best.strength is not None
    assert all(best.strength > h.strength for h in a.holds[1:] if h.strength is not None)
    # a 4-3-2-A beats every four-card hand but the other 4-3-2-A badugis
    nuts = analyse("4h 3c 2d As", "badugi", draws=1, aim="strength").holds[0]
    assert not nuts.discard and nuts.strength is not None and nuts.strength > Fraction(9999, 10000)


@pytest.mark.parametrize(("keep", "badugi", "draws"), [
    ("8d 5h 2s", "8-badugi", 2), ("8d 5h 2s", "8-badugi", 3), ("8d 2s", "9-badugi", 2),
    ("Kd 8d", "K-badugi", 2), ("5h", "7-badugi", 2), ("Kd 8d 5h 2s", "8-badugi", 3),
])
def test_several_badugi_draws_match_the_card_by_card_reference(
        keep: str, badugi: str, draws: int) -> None:
    """The solver, in floats and in fractions, against every card of every draw, the player
    keeping a largest set that plays, the best one (a small stub)."""
    hand = "Kd 8d 5h 2s"
    dead = "4d 4h 6c 6s 8h 9d Ah 2c 3s Tc Jc Qc 7h 5s 5c 3h 8s 9s Td Jd Qd Js Ks Kh 7s 6d 2d"
    a = analyse(hand, "badugi", keep=keep, dead=dead, draws=draws, aim=badugi)
    s = a.situation
    expected = badugi_multi_draw([int(c) for c in a.holds[0].keep], [int(c) for c in s.stub],
                                 "A23456789TJQK".index(badugi[0]), draws)
    assert a.holds[0].probabilities[badugi] == pytest.approx(float(expected), abs=1e-12)
    exact = with_fractions(a, a.holds)[0].exact
    assert exact is not None and exact[badugi] == expected


def test_badugi_over_two_draws_counts_the_dead_discard() -> None:
    """Keeping 8-5-2 twice: five clubs make an 8-badugi each time, the first miss is dead."""
    a = analyse("Kd 8d 5h 2s", "badugi", keep="8d 5h 2s", draws=2, aim="8-badugi")
    exact = with_fractions(a, a.holds)[0].exact
    assert exact is not None and exact["8-badugi"] == 1 - Fraction(43, 48) * Fraction(42, 47)


def test_a_pat_badugi_stands_pat_over_several_draws() -> None:
    a = analyse("8h 5c 3d As", "badugi", draws=2, aim="8-badugi")
    assert a.now == "8-badugi" and not a.exact
    assert not a.holds[0].discard and a.holds[0].probabilities["8-badugi"] == 1.0
    assert all(h.probabilities["8-badugi"] < 1.0 for h in a.holds[1:])


@pytest.mark.parametrize(("keep", "low", "draws"), [
    ("7s 5d 3c 2h", "7-low", 2), ("5d 3c 2h", "8-low", 2), ("7s 5d 3c 2h", "6-low", 3),
    ("5d 3c 2h", "5-low", 2),
])
def test_several_ace_to_five_draws_match_the_card_by_card_reference(
        keep: str, low: str, draws: int) -> None:
    """The vectorised solver, the exact one and the reference agree (a small stub)."""
    hand = "7s 5d 3c 2h Kc"
    dead = "4d 4h 6c 6s 8h 9d Ah 2c 3s Tc Jc Qc Kd 7h 5s 5c 2s 3h 8s 9s Td Jd Qd"
    a = analyse(hand, A5, keep=keep, dead=dead, draws=draws, aim=low)
    s = a.situation
    expected = multi_draw([int(c) for c in s.hand], [int(c) for c in a.holds[0].keep],
                          [int(c) for c in s.stub], "A23456789TJQK".index(low[0]), draws,
                          "ace-to-five")
    assert a.holds[0].probabilities[low] == pytest.approx(float(expected), abs=1e-12)
    exact = with_fractions(a, a.holds)[0].exact
    assert exact is not None and exact[low] == expected


def test_a_pat_wheel_stands_pat_over_three_draws() -> None:
    a = analyse("5s 4d 3c 2h As", A5, aim="6-low")
    assert a.now == "5-low" and not a.exact
    assert not a.holds[0].discard and a.holds[0].probabilities["5-low"] == 1.0
    assert all(h.probabilities["6-low"] < 1.0 for h in a.holds[1:])
    eight = analyse("8s 6d 3c 2h Kc", A5, aim="8-low", draws=2)
    assert [str(c) for c in eight.holds[0].keep] == ["8s", "6d", "3c", "2h"]
    assert 0.5 < eight.holds[0].probabilities["8-low"] < 1.0


def test_ace_to_five_aims_are_its_lows() -> None:
    s = Situation.of("7s 5d 3c 2h Kc", A5, draws=1)
    from standpat.odds import aims

    assert aims(s)[:4] == ("improve", "strength", "5-low", "6-low")
    with pytest.raises(HandSetupError, match="not an aim"):
        analyse("7s 5d 3c 2h Kc", A5, aim="A-low")


def _to_the_draw(game: str, seed: int) -> Hand:
    hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [100, 100], rng=seed, button=0)
    while ActionKind.DISCARD not in hand.legal_actions().kinds:
        legal = hand.legal_actions()
        hand.apply(Action.check() if Action.check() in legal else Action.call())
    return hand


def test_ace_to_five_hints_follow_the_holds_over_the_draws() -> None:
    hand = _to_the_draw(A5, 3)
    seat = hand.to_act
    assert seat is not None
    data = hint(hand.view(seat))
    assert data is not None and data["draws_left"] == 3 and data["aim"] == "8-low"
    best = data["holds"][0]
    again = analyse(hand.view(seat).hand, A5, keep=" ".join(best["keep"]), aim="8-low")
    assert best["probabilities"]["8-low"] == pytest.approx(again.holds[0].probabilities["8-low"])
    assert hint_lines(data)[0].endswith("by the last draw")


def test_badugi_hints_follow_the_holds_over_the_draws() -> None:
    hand = _to_the_draw("badugi", 5)
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    data = hint(view)
    assert data is not None and data["draws_left"] == 3 and data["aim"] == "8-badugi"
    best = data["holds"][0]
    again = analyse(view.hand, "badugi", keep=" ".join(best["keep"]), aim="8-badugi")
    assert best["chance"] == pytest.approx(again.holds[0].probabilities["8-badugi"])
    assert hint_lines(data)[0].endswith("by the last draw")


def test_badugi_hint_candidates_are_the_sets_that_play() -> None:
    from standpat.odds.hints import _badugi_candidates

    def named(hand: str) -> list[str]:
        return [" ".join(str(c) for c in parse_cards(" ".join(
            str(x) for x in parse_cards(hand) if int(x) in k))) for k in _badugi_candidates(
            [int(c) for c in parse_cards(hand)])]

    assert named("Kc 8c 5c Ac") == ["Kc 8c 5c Ac", "Ac"]  # no two play: the ace alone
    found = named("Kd 8d 5h 2s")
    assert found[0] == "Kd 8d 5h 2s" and "8d 5h 2s" in found and "Kd 8d" not in found
    assert all(len(k.split()) >= 2 for k in found)
