"""``standpat.odds.equity``: exact counts against an obvious enumeration, Monte Carlo within
its interval, ranges and patterns."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from standpat.cards import parse_cards
from standpat.errors import HandSetupError
from standpat.odds import equity, parse_seat
from standpat.odds.lowball_exact import chance
from standpat.ranking import evaluate


def _ints(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def enumerate_two(first: str, second: str, ranking: str, deck: list[int]) -> tuple[int, int, int]:
    """Wins, ties, losses of ``first`` (drawing to five) against ``second`` (drawing to five),
    over every way to deal both draws from the rest of ``deck``."""
    a, b = _ints(first), _ints(second)
    rest = [c for c in deck if c not in a and c not in b]
    won = tied = lost = 0
    for drawn_a in combinations(rest, 5 - len(a)):
        left = [c for c in rest if c not in drawn_a]
        for drawn_b in combinations(left, 5 - len(b)):
            mine = evaluate([*a, *drawn_a], ranking)
            theirs = evaluate([*b, *drawn_b], ranking)
            won += mine > theirs
            tied += mine == theirs
            lost += mine < theirs
    return won, tied, lost


@pytest.mark.parametrize(("first", "second", "game", "ranking", "deck"), [
    ("7s 5d 3c 2h", "9c 8d 6h 4s 2c", "deuce-to-seven-single-draw", "deuce-to-seven", 52),
    ("Ah Kh 9h 8h", "Qs Qd 9c 9d", "five-card-draw-7a", "short-7a", 32),
    ("Ac Kd Qc", "Qs Qd Jc Jh", "five-card-draw-7a", "short-7a", 32),
    ("Td 9d 8d", "Th 9h 8c 7c", "five-card-draw-7a", "short-6a", 36),
])
def test_exact_equity_matches_an_obvious_enumeration(first: str, second: str, game: str,
                                                     ranking: str, deck: int) -> None:
    from standpat.ranking import get_ranking

    cards = [int(c) for c in get_ranking(ranking).deck]
    won, tied, lost = enumerate_two(first, second, ranking, cards)
    total = won + tied + lost
    result = equity([first, second], game, deck=deck if deck != 52 else None, exact=True)
    me = result.seats[0]
    assert result.deals == total
    assert me.exact_win == Fraction(won, total)
    assert me.exact_tie == Fraction(tied, total)
    assert me.exact_equity == Fraction(2 * won + tied, 2 * total)


def test_monte_carlo_lands_within_its_interval_of_the_exact_answer() -> None:
    exact = equity(["Ac Kd Qc", "Qs Qd Jc Jh"], "five-card-draw-7a", exact=True)
    sampled = equity(["Ac Kd Qc", "Qs Qd Jc Jh"], "five-card-draw-7a", exact=False, rng=11,
                     precision=0.01)
    assert sampled.method == "monte-carlo"
    for e, s in zip(exact.seats, sampled.seats, strict=True):
        assert s.ci95 is not None and s.ci95 <= 0.01
        assert abs(e.equity - s.equity) <= 1.5 * s.ci95  # a 1-in-3000 event at 1.5x: seeded


def test_ranges_listed_and_by_pattern() -> None:
    seat = parse_seat("Ks Kd | Qs Qd draws 3", "five-card-draw")
    assert seat.draws == 3 and len(seat.holdings) == 2
    listed = equity(["Ks Kd | Qs Qd draws 3", "As Ac Jd Jh 9c"], "five-card-draw", exact=True)
    kings = equity(["Ks Kd draws 3", "As Ac Jd Jh 9c"], "five-card-draw", exact=True)
    queens = equity(["Qs Qd draws 3", "As Ac Jd Jh 9c"], "five-card-draw", exact=True)
    assert listed.seats[0].exact_equity == (kings.seats[0].exact_equity  # type: ignore[operator]
                                            + queens.seats[0].exact_equity) / 2
    pattern = parse_seat("pat 9-low+", "deuce-to-seven-single-draw")
    assert pattern.pattern == frozenset(range(3)) and pattern.draws == 0
    result = equity(["7s 5d 3c 2h", "pat 8-low+"], "deuce-to-seven-single-draw", rng=1,
                    precision=0.02)
    assert result.method == "monte-carlo" and result.seats[1].equity > 0.75


def test_several_draws_left_re_draw_toward_the_target() -> None:
    """Drawing to 7-5-3-2 against a pat 9-8, re-drawing toward a nine-low: every nine-low
    it can make is 9-7 or better, so it wins exactly when it makes the target."""
    seats = ["7s 5d 3c 2h", "pat 9c 8d 6h 4s 2c"]
    one = equity(seats, "deuce-to-seven-triple-draw", exact=True)
    two = equity(seats, "deuce-to-seven-triple-draw", draws_left=2, target=7, rng=4,
                 precision=0.01)
    assert two.method == "monte-carlo"
    hand, known = _ints("7s 5d 3c 2h Kc"), _ints("7s 5d 3c 2h 9c 8d 6h 4s 2c")
    stub = [c for c in range(52) if c not in known]
    made = chance(hand, hand[:4], target=7, draws=2, stub=stub, exact=True)
    assert made == 1 - Fraction(31 * 30, 43 * 42)  # 3 fours, sixes, eights, nines left
    assert two.seats[0].equity > one.seats[0].equity + 0.1
    ci = two.seats[0].ci95
    assert ci is not None and abs(two.seats[0].equity - float(made)) < 3 * ci


@pytest.mark.parametrize(("seats", "game", "words"), [
    (["Qs Qd"], "five-card-draw", "two players or more"),
    (["Qs Qd draws 2", "9c 9d"], "five-card-draw", "make 4"),
    (["Qs Qd", "pat 9-low+"], "five-card-draw", "is not a card"),
    (["random", "9c 9d"], "five-card-draw", "how many cards"),
    (["pat flush+ draws 1", "9c 9d"], "five-card-draw", "drop 'draws'"),
    (["2c 3c 4c 5c", "9c 9d"], "five-card-draw-7a", "not in the 32-card deck"),
])
def test_bad_seats_say_why(seats: list[str], game: str, words: str) -> None:
    with pytest.raises(HandSetupError, match=words):
        equity(seats, game)
