"""The research docs' training scripts run, on small runs (the real ones take minutes)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "docs" / "research"


def load(name: str) -> ModuleType:
    """A script of docs/research as a module."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_linear_tutorial_learns_and_measures_both_seats(tmp_path: Path) -> None:
    tutorial = load("train_single_draw")
    result = tutorial.run_seed("easy", seed=3, hands=400, window=200, eval_hands=300,
                               rate=0.0003, entropy=0.003)
    assert len(result.curve) == 2
    for mean, half in (result.button, result.big_blind):
        assert -400 < mean < 400 and 0 < half < 100  # 300 hands each, real intervals
    assert result.button != result.big_blind
    tutorial.plot({"easy": [result, result]}, 200, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"


def test_the_tutorial_counts_the_hands_reset_skips() -> None:
    tutorial = load("train_single_draw")
    info = {"skipped_episodes": 2, "skipped_reward": 1.0}
    assert tutorial.hand_rewards(info) == [0.5, 0.5]
    assert tutorial.hand_rewards({"skipped_episodes": 0, "skipped_reward": 0.0}) == []


def test_the_stable_baselines_example_trains_and_evaluates() -> None:
    pytest.importorskip("sb3_contrib")
    example = load("sb3_single_draw")
    env = example.make_env("easy")
    obs, _ = env.reset(seed=1)
    raw = env.unwrapped.table.observe("player_0")
    assert np.array_equal(env.action_masks(), raw["action_mask"].astype(bool))
    assert np.allclose(obs, np.log1p(raw["observation"]))
    model = example.train("easy", 256, seed=1)
    mean, half = example.evaluate(model, "easy", 1, 200, seed=5)
    assert math.isfinite(mean) and 0 < half < 200
