"""Shared test helpers."""

from __future__ import annotations

import gc
import hashlib
import signal
import sys
import warnings
from collections.abc import Generator
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from standpat.batch import evaluate_batch
from standpat.ranking import get_ranking

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    # Started from a shell without job control (``cmd &``), the test processes ignore Ctrl-C and
    # so would every terminal the tests spawn: the Ctrl-C tests need it delivered as a user's is.
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[
        None, object, object]:
    """What a failed test left open (a socket, a connection) is collected as soon as it has
    been reported, its ResourceWarnings ignored: they belong to that failure, and would
    otherwise fail whichever test runs next on the same worker (pytest keeps the failure's
    traceback, and with it the test's objects, until the next test runs)."""
    outcome = yield
    if getattr(sys, "last_value", None) is not None:
        for name in ("last_type", "last_value", "last_traceback"):
            if hasattr(sys, name):
                delattr(sys, name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
    return outcome


@cache
def all_five_card_hands(ranking: str) -> Any:
    """Every 5-card hand of the ranking's deck, in combination order, as a uint8 array."""
    deck = get_ranking(ranking).deck
    flat = np.fromiter(
        (c for combo in combinations(deck, 5) for c in combo), dtype=np.uint8
    )
    return flat.reshape(-1, 5)


def order_digest(strengths: Any) -> str:
    """md5 of each hand's place in the ranking's order (dense rank, ties share a place)."""
    _, places = np.unique(strengths, return_inverse=True)
    return hashlib.md5(places.astype(np.int32).tobytes()).hexdigest()


def exhaustive_strengths(ranking: str) -> Any:
    """Strengths of every 5-card hand of the ranking's deck (batch path)."""
    return evaluate_batch(all_five_card_hands(ranking), ranking)
