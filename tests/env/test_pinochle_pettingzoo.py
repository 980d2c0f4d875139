"""PettingZoo's own tests on the pinochle environments, and a whole game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import render_test, seed_test

from standpat.env import aec
from tests.env.helpers import run_api_test

CASES = [("pinochle-5", 2), ("pinochle-5", 3), ("pinochle-5", 6), ("pinochle-7", 2),
         ("pinochle-7", 4), ("pinochle-7", 5)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api(game: str, players: int) -> None:
    run_api_test(lambda: aec(game, players=players, hands=2))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_seed(game: str, players: int) -> None:
    seed_test(lambda: aec(game, players=players, hands=2), num_cycles=60)


@pytest.mark.parametrize("game", ["pinochle-5", "pinochle-7"])
def test_render(game: str) -> None:
    def make(render_mode: str | None = None) -> Any:
        return aec(game, players=3, render_mode=render_mode)

    render_test(make, custom_tests={"ansi": lambda text: "scores" in text})


def test_a_whole_game_pays_the_score_changes_as_rewards() -> None:
    env = aec("pinochle-5", players=3, hands=None)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, done, _, _ = env.last()
        totals[agent] += reward
        # random among the first three legal actions: pass, or bids near the minimum
        env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"])[:3])))
    state = env.unwrapped.game_state
    assert state.is_over and max(state.scores.values()) >= 50
    assert totals == {f"player_{s}": float(v) for s, v in state.scores.items()}
