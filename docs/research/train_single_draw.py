"""Train a small policy-gradient agent at heads-up Deuce-to-Seven Single Draw (docs/research.md).

A linear softmax policy over the legal actions (REINFORCE with a running-mean
baseline) on ``log(1 + observation)``, one seat of ``standpat/SingleSeat-v0`` against
standpat's bots.  Every ``--window`` hands it records the mean reward, and it saves the
learning curve (big blinds per 100 hands) to a PNG.

Run: ``python docs/research/train_single_draw.py --hands 30000 --out curve.png``.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

import standpat.env  # noqa: F401 - registers standpat/SingleSeat-v0


class LinearPolicy:
    """softmax(W x + b) over the legal actions; trained by REINFORCE."""

    def __init__(self, inputs: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, inputs))
        self.b = np.zeros(actions)
        self.rng = rng

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits[mask == 0] = -np.inf
        logits -= logits[mask == 1].max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, mask)
        return int(self.rng.choice(len(p), p=p)), p

    def learn(self, steps: list[tuple[np.ndarray, int, np.ndarray]], advantage: float,
              rate: float) -> None:
        for x, a, p in steps:  # grad of log p[a] = (onehot(a) - p) x
            g = -p
            g[a] += 1.0
            self.w += rate * advantage * np.outer(g, x)
            self.b += rate * advantage * g


def train(opponents: str, hands: int, window: int, seed: int,
          rate: float) -> tuple[list[float], list[float]]:
    """Train against ``opponents``; the mean bb per hand of each window, and its std error."""
    env = gymnasium.make("standpat/SingleSeat-v0", game="deuce-to-seven-single-draw",
                         structure="fixed-limit", opponents=opponents, samples=SAMPLES).unwrapped
    rng = np.random.default_rng(seed)
    size = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(size, int(env.action_space.n), rng)
    baseline, means, errors, rewards = 0.0, [], [], []
    obs, info = env.reset(seed=seed)
    episode_reward = info["skipped_reward"]
    for _ in range(hands):
        steps, total = [], 0.0
        done = False
        while not done:
            x = np.log1p(obs["observation"])  # chips in big blinds reach 200: compress them
            action, p = policy.act(x, obs["action_mask"])
            steps.append((x, action, p))
            obs, reward, done, _, _ = env.step(action)
            total += reward
        episode_reward += total
        policy.learn(steps, total - baseline, rate)
        baseline += 0.01 * (total - baseline)
        rewards.append(episode_reward)
        if len(rewards) == window:
            means.append(float(np.mean(rewards)))
            errors.append(float(np.std(rewards) / np.sqrt(window)))
            rewards = []
        obs, info = env.reset()
        episode_reward = info["skipped_reward"] + info["reward_before_first_decision"]
    return means, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30_000)
    parser.add_argument("--window", type=int, default=1_000)
    parser.add_argument("--rate", type=float, default=0.002)
    parser.add_argument("--opponents", default="easy,normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="learning-curve.png")
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for level in args.opponents.split(","):
        start = time.perf_counter()
        means, errors = train(level, args.hands, args.window, args.seed, args.rate)
        x = np.arange(1, len(means) + 1) * args.window
        y = 100 * np.array(means)
        e = 100 * 1.96 * np.array(errors)
        ax.plot(x, y, marker="o", markersize=3, label=f"against the {level} bot")
        ax.fill_between(x, y - e, y + e, alpha=0.2)
        print(f"{level}: first window {y[0]:+.1f} bb/100, last {y[-1]:+.1f} bb/100 "
              f"({time.perf_counter() - start:.0f} s)")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("hands played (training)")
    ax.set_ylabel(f"bb/100 over the last {args.window:,} hands (95% interval)")
    ax.set_title("Linear REINFORCE, heads-up Deuce-to-Seven Single Draw, fixed limit",
                 fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
