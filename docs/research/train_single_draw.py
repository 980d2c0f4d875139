"""Train a small policy-gradient agent at heads-up Deuce-to-Seven Single Draw (docs/research.md).

A linear softmax policy over the legal actions (REINFORCE with a running-mean
baseline and an entropy bonus) on ``log(1 + observation)``, one seat of
``standpat/SingleSeat-v0`` against one of standpat's bots.  The button is drawn
for every episode (the environment's default), so the agent learns both
positions.  For each of ``--seeds`` seeds it trains for ``--hands`` hands,
recording bb/100 over every ``--window`` hands, then plays ``--eval-hands``
hands on the button and as many in the big blind with the trained policy
frozen, and reports each with its 95% interval.  It saves the learning curves
(the mean over the seeds, the band from the worst to the best seed, each seed
faintly) to a PNG and the figures to a JSON file.

Run: ``python docs/research/train_single_draw.py --seeds 5 --out curve.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from standpat.env import SingleSeatEnv

GAME = "deuce-to-seven-single-draw"
Vector = npt.NDArray[np.float64]


class LinearPolicy:
    """softmax(W x + b) over the legal actions; trained by REINFORCE."""

    def __init__(self, inputs: int, actions: int, rng: np.random.Generator) -> None:
        """A policy of zero weights (uniform over the legal actions)."""
        self.w = np.zeros((actions, inputs))
        self.b = np.zeros(actions)
        self.rng = rng

    def probabilities(self, x: Vector, mask: npt.NDArray[np.int8]) -> Vector:
        """The policy's probability of each action (zero where the mask forbids it)."""
        logits = self.w @ x + self.b
        logits[mask == 0] = -np.inf
        logits -= logits[mask == 1].max()
        p: Vector = np.exp(logits)
        return p / p.sum()

    def act(self, x: Vector, mask: npt.NDArray[np.int8]) -> tuple[int, Vector]:
        """An action drawn from the policy, and the probabilities it was drawn from."""
        p = self.probabilities(x, mask)
        return int(self.rng.choice(len(p), p=p)), p

    def learn(self, steps: list[tuple[Vector, int, Vector]], advantage: float, rate: float,
              entropy: float) -> None:
        """One REINFORCE step per decision of a hand, plus an entropy bonus."""
        for x, a, p in steps:
            g = -p  # grad of log p[a] wrt the logits: onehot(a) - p
            g[a] += 1.0
            legal = p > 0
            logp = np.log(p, where=legal, out=np.zeros_like(p))
            h = -(p * logp).sum()
            g_entropy = np.where(legal, -p * (logp + h), 0.0)  # grad of the entropy
            step = rate * (advantage * g + entropy * g_entropy)
            self.w += np.outer(step, x)
            self.b += step


def features(obs: dict[str, Any]) -> Vector:
    """The policy's inputs: chip amounts in big blinds reach 200, so compress them."""
    return np.log1p(obs["observation"].astype(np.float64))


def hand_rewards(info: dict[str, Any]) -> list[float]:
    """The rewards of the hands ``reset`` skipped (the bot folded to the agent's blind).

    Heads-up every such hand wins the same half big blind, so the sum splits evenly.
    """
    skipped = int(info["skipped_episodes"])
    return [info["skipped_reward"] / skipped] * skipped if skipped else []


def play(env: SingleSeatEnv, policy: LinearPolicy, hands: int, learn: bool, rate: float = 0.0,
         entropy: float = 0.0) -> list[float]:
    """Play ``hands`` hands (the skipped ones included); each hand's reward in big blinds."""
    rewards: list[float] = []
    baseline = 0.0
    obs, info = env.reset()
    while True:
        rewards.extend(hand_rewards(info))
        if len(rewards) >= hands:
            return rewards[:hands]
        steps: list[tuple[Vector, int, Vector]] = []
        total = float(info["reward_before_first_decision"])
        done = False
        while not done:
            x = features(obs)
            action, p = policy.act(x, obs["action_mask"])
            steps.append((x, action, p))
            obs, reward, done, cut, _ = env.step(action)
            total += float(reward)
            done = done or cut
        rewards.append(total)
        if learn:
            policy.learn(steps, total - baseline, rate, entropy)
            baseline += 0.01 * (total - baseline)
        obs, info = env.reset()


def bb_per_100(rewards: list[float]) -> tuple[float, float]:
    """bb/100 and the half-width of its 95% interval."""
    x = np.asarray(rewards)
    return float(100 * x.mean()), float(100 * 1.96 * x.std(ddof=1) / math.sqrt(len(x)))


@dataclass
class SeedResult:
    """One seed's learning curve and its frozen policy's results in each position."""

    seed: int
    curve: list[float] = field(default_factory=list)
    """bb/100 over each window of training hands."""
    button: tuple[float, float] = (0.0, 0.0)
    """bb/100 and its 95% half-width on the button (it acts first before the draw)."""
    big_blind: tuple[float, float] = (0.0, 0.0)
    """The same in the big blind."""
    seconds: float = 0.0


def run_seed(opponent: str, seed: int, hands: int, window: int, eval_hands: int,
             rate: float, entropy: float) -> SeedResult:
    """Train one policy against ``opponent``, then evaluate it frozen in both positions."""
    start = time.perf_counter()
    env = SingleSeatEnv(GAME, opponents=opponent)  # button drawn per episode: both seats
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    size = env.observation_space["observation"].shape[0]  # type: ignore[index]
    policy = LinearPolicy(size, int(env.action_space.n), rng)  # type: ignore[attr-defined]
    result = SeedResult(seed)
    for _ in range(hands // window):
        result.curve.append(bb_per_100(play(env, policy, window, True, rate, entropy))[0])
    for button, name in ((0, "button"), (1, "big_blind")):  # the agent sits in seat 0
        frozen = SingleSeatEnv(GAME, opponents=opponent, button=button)
        frozen.reset(seed=10_000 + seed)
        setattr(result, name, bb_per_100(play(frozen, policy, eval_hands, False)))
    result.seconds = time.perf_counter() - start
    return result


def plot(results: dict[str, list[SeedResult]], window: int, path: str) -> None:
    """The learning curves: mean over the seeds, worst-to-best band, each seed faintly."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(6 * len(results), 4.2), squeeze=False)
    for ax, (opponent, seeds) in zip(axes[0], results.items(), strict=True):
        curves = np.array([s.curve for s in seeds])
        x = np.arange(1, curves.shape[1] + 1) * window
        for curve in curves:
            ax.plot(x, curve, color="tab:blue", alpha=0.25, linewidth=0.8)
        ax.fill_between(x, curves.min(axis=0), curves.max(axis=0), color="tab:blue",
                        alpha=0.15, label=f"worst to best of {len(seeds)} seeds")
        ax.plot(x, curves.mean(axis=0), color="tab:blue", marker="o", markersize=3,
                label="mean over the seeds")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xlabel("training hands")
        ax.set_ylabel(f"bb/100 over each {window:,} hands")
        ax.set_title(f"against the {opponent} bot", fontsize=10)
        ax.legend(fontsize=8, loc="lower right")
    fig.suptitle("Linear REINFORCE, heads-up Deuce-to-Seven Single Draw, fixed limit",
                 fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    """Train, evaluate, plot and save (see the module docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=30_000, help="training hands per seed")
    parser.add_argument("--window", type=int, default=1_000,
                        help="training hands per point of the learning curve")
    parser.add_argument("--eval-hands", type=int, default=10_000,
                        help="evaluation hands per position (button, big blind) per seed")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..N, one policy each")
    parser.add_argument("--rate", type=float, default=0.0003, help="learning rate")
    parser.add_argument("--entropy", type=float, default=0.003, help="entropy bonus")
    parser.add_argument("--opponents", default="easy,normal",
                        help="bot levels to train against, comma-separated")
    parser.add_argument("--out", default="learning-curve.png", help="the plot (PNG)")
    parser.add_argument("--json", default=None, help="also save every figure here")
    args = parser.parse_args()
    results: dict[str, list[SeedResult]] = {}
    for opponent in args.opponents.split(","):
        results[opponent] = []
        for seed in range(1, args.seeds + 1):
            r = run_seed(opponent, seed, args.hands, args.window, args.eval_hands, args.rate,
                         args.entropy)
            results[opponent].append(r)
            print(f"{opponent} seed {seed}: first window {r.curve[0]:+.1f}, last "
                  f"{r.curve[-1]:+.1f} bb/100; frozen, {args.eval_hands:,} hands each: button "
                  f"{r.button[0]:+.1f} ± {r.button[1]:.1f}, big blind {r.big_blind[0]:+.1f} "
                  f"± {r.big_blind[1]:.1f} bb/100 ({r.seconds:.0f} s)", flush=True)
    plot(results, args.window, args.out)
    print(f"saved {args.out}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({k: [asdict(r) for r in v] for k, v in results.items()}, out, indent=1)


if __name__ == "__main__":
    main()
