"""Shared helpers of the environment tests."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from pettingzoo.test import api_test

# PettingZoo's api_test advises an array observation and a Box or Discrete space; its own
# card games (texas_holdem_v4, leduc_holdem_v4, ...) take a dict of "observation" and
# "action_mask" like ours and are exempted by name.  These advisories are the only
# warnings allowed; any other warning fails the test.
DICT_OBSERVATION_ADVICE = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    # a seat whose episode is over has no legal action: its mask is all zeros
    "Action mask numpy array is all zeros (no legal actions).",
}


def run_api_test(make: Callable[[], Any], cycles: int = 100) -> None:
    """PettingZoo's api_test, failing on any warning but the dict-observation advice."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=cycles)
    unexpected = {str(w.message) for w in caught} - DICT_OBSERVATION_ADVICE
    assert not unexpected, unexpected
