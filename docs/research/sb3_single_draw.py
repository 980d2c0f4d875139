"""Stable-Baselines3 on standpat: MaskablePPO at heads-up Deuce-to-Seven Single Draw.

A worked example with a standard RL library on the Gymnasium wrapper
(docs/research.md): ``sb3_contrib.MaskablePPO`` (PPO that never samples an
action the mask forbids) with a small MLP learns one seat of
``standpat/SingleSeat-v0`` against the ``easy`` bot, the button drawn for every
episode, so it plays both positions.  After ``--steps`` decisions of training
it plays ``--eval-hands`` hands on the button and as many in the big blind with
the policy frozen, and prints bb/100 with its 95% interval for each.

Needs the ``rl`` extra: ``pip install torch==2.13.0`` (a CPU build; pip would
otherwise take a CUDA one) then ``pip install 'standpat[rl]'``.

Run: ``python docs/research/sb3_single_draw.py --steps 100000 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from standpat.env import SingleSeatEnv

GAME = "deuce-to-seven-single-draw"


class Flat(gymnasium.ObservationWrapper[npt.NDArray[np.float32], np.int64, dict[str, Any]]):
    """The seat's observation vector alone, chip amounts compressed (log 1 + x), and its mask
    kept for ``action_masks`` (what MaskablePPO asks the environment for)."""

    def __init__(self, env: SingleSeatEnv) -> None:
        """Wrap ``env``."""
        super().__init__(env)
        box = env.observation_space["observation"]  # type: ignore[index]
        self.observation_space = gymnasium.spaces.Box(0.0, np.log1p(box.high), box.shape,
                                                      dtype=np.float32)
        self.mask = np.ones(int(env.action_space.n), dtype=bool)  # type: ignore[attr-defined]
        self.skipped: list[float] = []
        """Rewards of the hands the last reset skipped (the bot folded to the seat's blind)."""
        self.before = 0.0
        """The reward of the last reset's hand before the seat's first decision."""

    def reset(self, **kwargs: Any) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Reset, and note what the hands skipped before the first decision won."""
        obs, info = super().reset(**kwargs)
        count = int(info["skipped_episodes"])
        self.skipped = [info["skipped_reward"] / count] * count if count else []
        self.before = float(info["reward_before_first_decision"])
        return obs, info

    def observation(self, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        """The vector the policy sees."""
        self.mask = observation["action_mask"].astype(bool)
        return np.log1p(observation["observation"]).astype(np.float32)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now (MaskablePPO calls this before each decision)."""
        return self.mask


def make_env(opponent: str, button: str | int = "random") -> Flat:
    """One seat (seat 0) against ``opponent``; ``button`` as in :func:`standpat.env.aec`."""
    return Flat(SingleSeatEnv(GAME, opponents=opponent, button=button))


def evaluate(model: Any, opponent: str, button: int, hands: int,
             seed: int) -> tuple[float, float]:
    """bb/100 of the frozen policy over ``hands`` hands (skipped ones included), and the
    half-width of its 95% interval."""
    env = make_env(opponent, button)
    rewards: list[float] = []
    obs, _ = env.reset(seed=seed)
    while True:
        rewards.extend(env.skipped)
        if len(rewards) >= hands:
            break
        total, done = env.before, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
        rewards.append(total)
        obs, _ = env.reset()
    x = np.asarray(rewards[:hands])
    return float(100 * x.mean()), float(100 * 1.96 * x.std(ddof=1) / math.sqrt(len(x)))


def train(opponent: str, steps: int, seed: int) -> Any:
    """MaskablePPO trained for ``steps`` decisions against ``opponent`` (one CPU thread)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env(opponent)
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, learning_rate=3e-4, n_steps=2048, batch_size=256,
                        gamma=1.0, ent_coef=0.01, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": [128, 128]})
    model.learn(total_timesteps=steps)
    return model


def main() -> None:
    """Train, evaluate in both positions, print (see the module docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training decisions")
    parser.add_argument("--eval-hands", type=int, default=10_000,
                        help="evaluation hands per position (button, big blind)")
    parser.add_argument("--opponent", default="easy", help="the bot level to beat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="also save the figures here")
    args = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    model = train(args.opponent, args.steps, args.seed)
    trained, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"trained {args.steps:,} decisions against {args.opponent} in {trained:.0f} s "
          f"({cpu:.0f} CPU seconds, one thread)", flush=True)
    found: dict[str, Any] = {"steps": args.steps, "seed": args.seed, "train_seconds": trained,
                             "train_cpu_seconds": cpu}
    for button, name in ((0, "button"), (1, "big blind")):  # the learner sits in seat 0
        mean, half = evaluate(model, args.opponent, button, args.eval_hands, 10_000 + args.seed)
        found[name] = [mean, half]
        print(f"{name}: {mean:+.1f} ± {half:.1f} bb/100 over {args.eval_hands:,} hands",
              flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(found, out, indent=1)


if __name__ == "__main__":
    main()
