"""``standpat.evaluate`` in C (when built) against its pure-Python path, and the lazy value."""

from __future__ import annotations

import pickle
import random

import pytest

from standpat import CARDS, HandValue, evaluate, format_cards, get_ranking
from standpat.errors import StandpatError

python_evaluate = getattr(evaluate, "__wrapped__", evaluate)
RANKINGS = ["high", "short-7a", "short-6a", "deuce-to-seven"]


@pytest.mark.parametrize("name", RANKINGS)
@pytest.mark.parametrize("n", [5, 6, 7])
def test_the_fast_path_agrees_with_python(name: str, n: int) -> None:
    rng = random.Random(n)
    deck = get_ranking(name).deck
    for _ in range(3000):
        ints = rng.sample(deck, n)
        text = format_cards(ints)
        want = python_evaluate(text, name)
        for given in (ints, tuple(ints), [int(c) for c in ints], text, text.lower(),
                      text.replace(" ", ""), text.replace("T", "10").replace(" ", ", ")):
            got = evaluate(given, name)
            assert type(got) is HandValue
            assert (got.ranking, got.strength, got.cards) == (want.ranking, want.strength,
                                                              want.cards)
        assert got.best == want.best and str(got) == str(want) and got == want


def test_lowball_flush_among_seven_plays_the_best_five() -> None:
    value = evaluate("2h 3h 4h 5h 7h 8c 9d", "deuce-to-seven")
    # the flush counts against a lowball hand: the best five leave a heart out
    assert value.best == tuple(evaluate("8c 5h 4h 3h 2h", "deuce-to-seven").best)
    assert str(value) == "Eight-five low"


@pytest.mark.parametrize(("cards", "ranking"), [
    ("2c 7d 8h 9s Ts", "short-7a"), ("As As Kd Qd Jd", "high"), ("As Kd", "high"),
    ("Xx Kd Qd Jd Td", "high"), ("As Kd Qd Jd Td", "omaha"), ([51, 47, 43, 39, 52], "high"),
    ([51, 47, 43, 39, -1], "high"), ("As Kd Qd Jd Td 9c 8c 7c", "high"), ([1.5] * 5, "high"),
    (None, "high"), (["As"] * 5, "high"),
])
def test_bad_input_raises_what_the_python_path_raises(cards: object, ranking: str) -> None:
    with pytest.raises(Exception) as fast:
        evaluate(cards, ranking)  # type: ignore[arg-type]
    with pytest.raises(Exception) as slow:
        python_evaluate(cards, ranking)  # type: ignore[arg-type]
    assert type(fast.value) is type(slow.value)
    assert str(fast.value) == str(slow.value)
    assert isinstance(fast.value, StandpatError | TypeError)


def test_a_value_is_immutable_hashable_and_pickles() -> None:
    value = evaluate([CARDS[c] for c in (51, 47, 43, 39, 35)], "high")
    with pytest.raises(AttributeError):
        value.strength = 0
    with pytest.raises(AttributeError):
        del value.cards
    twin = pickle.loads(pickle.dumps(value))
    assert twin == value and hash(twin) == hash(value) and twin.best == value.best
    assert repr(value) == "evaluate('As Ks Qs Js Ts', 'high')"
    with pytest.raises(TypeError):
        _ = value < evaluate("As Ks Qs Js Ts", "short-6a")
