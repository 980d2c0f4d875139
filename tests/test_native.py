"""The compiled scalar path gives exactly the pure-Python path's strengths; both builds exist."""

from __future__ import annotations

import importlib.util
import os
import random

import pytest

from standpat import get_ranking

NATIVE = importlib.util.find_spec("standpat._native.scorer") is not None


def test_native_scorer_is_built_where_required() -> None:
    """``make test`` sets STANDPAT_REQUIRE_NATIVE: there the C extension must have built."""
    if os.environ.get("STANDPAT_REQUIRE_NATIVE") != "1":
        pytest.skip("the C extension is optional outside make test")
    assert NATIVE


def test_native_observer_is_built_where_required() -> None:
    """And the C recorder of the environments' observer (tests/env/test_observer_native.py)."""
    if os.environ.get("STANDPAT_REQUIRE_NATIVE") != "1":
        pytest.skip("the C extension is optional outside make test")
    assert importlib.util.find_spec("standpat._native.observer") is not None


def test_compiled_engine_is_built_where_required() -> None:
    """``make test`` also requires the mypyc build of the hand engine (see setup.py)."""
    if os.environ.get("STANDPAT_REQUIRE_NATIVE") != "1":
        pytest.skip("the compiled engine is optional outside make test")
    import standpat.engine.hand

    assert not standpat.engine.hand.__file__.endswith(".py")


@pytest.mark.skipif(not NATIVE, reason="C extension not built: scorer() is the Python path itself")
@pytest.mark.parametrize("name", ["high", "short-7a", "short-6a", "deuce-to-seven"])
@pytest.mark.parametrize("n", [5, 6, 7])
def test_scorer_equals_python_path(name: str, n: int) -> None:
    ranking = get_ranking(name)
    score = ranking.scorer(n)
    assert score is not ranking.python_strength  # the C scorer, not the path it is checked on
    rng = random.Random(f"native-{name}-{n}")
    deck = list(ranking.deck)
    suited = [c for c in deck if c.suit == 1]
    hands = [rng.sample(deck, n) for _ in range(20_000)]
    hands += [rng.sample(suited, 5) + rng.sample([c for c in deck if c.suit != 1], n - 5)
              for _ in range(2_000)]
    for hand in hands:
        assert score(hand) == ranking.python_strength(hand), hand
        assert ranking.strength(tuple(hand)) == score(hand)


@pytest.mark.skipif(not NATIVE, reason="C extension not built")
def test_scorer_rejects_bad_input() -> None:
    score = get_ranking("high").scorer(5)
    with pytest.raises(IndexError, match=r"outside 0\.\.51"):
        score([0, 1, 2, 3, 60])
    with pytest.raises(ValueError, match="ranks 5 cards"):
        score([0, 1, 2, 3])
    with pytest.raises(TypeError):
        score(["As", 1, 2, 3, 4])  # type: ignore[list-item]
