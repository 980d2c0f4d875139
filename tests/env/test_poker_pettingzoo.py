"""PettingZoo's own tests on the poker environments: every game, every structure."""

from __future__ import annotations

from typing import Any

import pytest
from pettingzoo.test import render_test, seed_test

from standpat.engine import GameName, Structure
from standpat.env import aec
from tests.env.helpers import run_api_test

CASES = [(g.value, s.value) for g in GameName for s in Structure]
PLAYERS = {"five-card-draw-7a": 5, "seven-card-draw": 4}


@pytest.mark.parametrize(("game", "structure"), CASES)
def test_api(game: str, structure: str) -> None:
    players = PLAYERS.get(game, 3)
    run_api_test(lambda: aec(game, structure, players=players, stacks=60, hands=4))


@pytest.mark.parametrize(("game", "structure"), CASES)
def test_seed(game: str, structure: str) -> None:
    seed_test(lambda: aec(game, structure, players=3, stacks=40, hands=3), num_cycles=60)


@pytest.mark.parametrize("game", [g.value for g in GameName])
def test_render(game: str) -> None:
    def make(render_mode: str | None = None) -> Any:
        return aec(game, "pot-limit", players=3, render_mode=render_mode)

    render_test(make, custom_tests={"ansi": lambda text: "stack" in text and "pot" in text})
