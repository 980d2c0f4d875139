"""The batch path agrees with the scalar path and checks its input."""

from __future__ import annotations

import numpy as np
import pytest

from standpat import (
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    evaluate_batch,
    get_ranking,
)
from standpat.batch import has_numba

NAMES = ["high", "short-7a", "short-6a", "deuce-to-seven"]


def deal(name: str, n: int, count: int, seed: int) -> np.ndarray:
    deck = np.array(get_ranking(name).deck, dtype=np.int16)
    rng = np.random.default_rng(seed)
    return deck[np.argsort(rng.random((count, len(deck))), axis=1)[:, :n]]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("use_numba", [True, False])
def test_batch_equals_scalar(name: str, n: int, use_numba: bool) -> None:
    if use_numba and not has_numba():
        pytest.skip("numba not installed")
    hands = deal(name, n, 20_000, seed=n)
    ranking = get_ranking(name)
    expected = [ranking.strength(h) for h in hands.tolist()]
    assert evaluate_batch(hands, name, use_numba=use_numba).tolist() == expected


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int32, np.int64, np.uint64])
def test_any_integer_dtype(dtype: type) -> None:
    hands = deal("high", 7, 100, seed=1)
    expected = evaluate_batch(hands, "high")
    assert np.array_equal(evaluate_batch(hands.astype(dtype), "high"), expected)


def test_empty_batch() -> None:
    assert evaluate_batch(np.zeros((0, 5), dtype=np.uint8), "high").shape == (0,)


@pytest.mark.parametrize("use_numba", [True, False])
def test_bad_rows_raise_naming_the_row(use_numba: bool) -> None:
    if use_numba and not has_numba():
        pytest.skip("numba not installed")
    good = deal("short-7a", 5, 10, seed=2)
    dup = good.copy()
    dup[7, 1] = dup[7, 0]
    with pytest.raises(DuplicateCardError, match="row 7"):
        evaluate_batch(dup, "short-7a", use_numba=use_numba)
    off = good.copy()
    off[3, 4] = 0  # 2c
    with pytest.raises(CardNotInDeckError, match="row 3"):
        evaluate_batch(off, "short-7a", use_numba=use_numba)
    out = good.copy()
    out[5, 2] = 60
    with pytest.raises(CardNotInDeckError, match="row 5"):
        evaluate_batch(out, "short-7a", use_numba=use_numba)


@pytest.mark.parametrize("use_numba", [True, False])
@pytest.mark.parametrize("n", [5, 7])
@pytest.mark.parametrize("bad", [-1, -128, 52, 63, 64, 255, 256, 300, 2**40])
def test_an_int_that_is_no_card_is_refused_in_any_dtype(use_numba: bool, n: int,
                                                        bad: int) -> None:
    if use_numba and not has_numba():
        pytest.skip("numba not installed")
    hands = deal("high", n, 50, seed=3).astype(np.int64)
    for row, at in ((4, 0), (9, n - 1)):
        hands[row, at] = bad
    for dtype in (np.int16, np.int32, np.int64):
        info = np.iinfo(dtype)
        if not info.min <= bad <= info.max:
            continue
        with pytest.raises(CardNotInDeckError, match="row 4"):
            evaluate_batch(hands.astype(dtype), "high", use_numba=use_numba)
        with pytest.raises(CardNotInDeckError, match="row 4"):  # row 9 of the full batch
            evaluate_batch(hands[5:].astype(dtype), "high", use_numba=use_numba)


@pytest.mark.parametrize("n", [5, 7])
def test_a_bad_row_in_a_batch_run_on_every_thread_is_found(n: int) -> None:
    if not has_numba():
        pytest.skip("numba not installed")
    from standpat.batch import SERIAL_BELOW

    hands = deal("high", n, SERIAL_BELOW + 1000, seed=n)
    hands[SERIAL_BELOW - 3, 1] = hands[SERIAL_BELOW - 3, 0]
    with pytest.raises(DuplicateCardError, match=f"row {SERIAL_BELOW - 3}"):
        evaluate_batch(hands, "high")
    hands[SERIAL_BELOW - 3] = deal("high", n, 1, seed=1)[0]
    assert (evaluate_batch(hands, "high") >= 0).all()


def test_bad_shapes() -> None:
    with pytest.raises(HandSizeError, match="shape"):
        evaluate_batch(np.zeros((3, 4), dtype=np.uint8), "high")
    with pytest.raises(HandSizeError, match="dtype"):
        evaluate_batch(np.zeros((3, 5), dtype=np.float64), "high")
