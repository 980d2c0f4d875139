"""The Gymnasium single-seat environment: Gymnasium's checker, rewards, illegal actions."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import standpat.env  # noqa: F401 - registers standpat/SingleSeat-v0
from standpat.env.single import SingleSeatEnv
from standpat.errors import IllegalActionError

CASES: list[dict[str, Any]] = [
    {"game": "deuce-to-seven-single-draw"},
    {"game": "deuce-to-seven-triple-draw", "players": 3, "opponents": ["easy", "normal"]},
    {"game": "five-card-draw", "structure": "no-limit", "players": 3, "hands": 3},
    {"game": "seven-card-draw", "structure": "pot-limit", "opponents": "easy", "seat": 1},
    {"game": "five-card-draw-7a", "players": 4, "opponents": "easy"},
    {"game": "badugi", "players": 3, "opponents": ["strong", "normal"]},
    {"game": "ace-to-five-triple-draw", "structure": "pot-limit", "opponents": "strong"},
    {"game": "pinochle-5", "players": 3, "opponents": "simple"},
    {"game": "pinochle-7", "players": 2, "opponents": "random"},
]


@pytest.mark.parametrize("kwargs", CASES)
def test_gymnasium_check_env(kwargs: dict[str, Any]) -> None:
    check_env(gymnasium.make("standpat/SingleSeat-v0", **kwargs).unwrapped)


def test_episode_rewards_add_up_to_the_seats_net_in_big_blinds() -> None:
    env = gymnasium.make("standpat/SingleSeat-v0", game="five-card-draw", players=3,
                         opponents="normal", hands=5, stakes="2/4", stacks=100).unwrapped
    assert isinstance(env, SingleSeatEnv)
    rng = np.random.default_rng(3)
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        total, done = info["reward_before_first_decision"], False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, _, info = env.step(action)
            assert not info["illegal"]
            total += reward
        assert total == pytest.approx((env.table.stacks[0] - 100) / 2)


def test_an_illegal_action_is_replaced_or_raises() -> None:
    env = gymnasium.make("standpat/SingleSeat-v0", game="deuce-to-seven-single-draw").unwrapped
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[-1])
    _, _, _, _, info = env.step(illegal)
    assert info["illegal"]
    strict = gymnasium.make("standpat/SingleSeat-v0", game="deuce-to-seven-single-draw",
                            illegal="raise").unwrapped
    obs, _ = strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
