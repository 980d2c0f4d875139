"""Train the expert bot's policy by self-play: CFR+ on each game's abstraction.

For each game: ``--deals`` seeded heads-up deals played out by the expert's draw give
each round's bucket edges, the draw classes and bucket moves and the showdown shares
(:mod:`standpat.bots.buckets`); CFR+ (:mod:`standpat.bots.cfr`) runs ``--iterations``
on the abstract game; the average strategy's exploitability (the exact best response
in the abstraction) is measured at checkpoints.  Writes the policy
(``src/standpat/bots/expert_policy.npz``: per game the bucket edges, the policy as
bytes and the abstraction's moves and showdown shares, so its exploitability can be
checked again), the curves as JSON and, with ``--plot``, a PNG of the curves.

Run: ``python scripts/train_expert.py`` (about 20 minutes on one core; or the triple
draw in one process and ``--add`` the other two in another).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from standpat.bots.buckets import Abstraction, heads_up_model, sample_deals
from standpat.bots.cfr import AbstractGame, Policy, Solver, exploitability
from standpat.bots.expert import COVERED, POLICY_FILE, abstract_betting
from standpat.engine import GameName

ROOT = Path(__file__).resolve().parent.parent
BIG_BLIND = 2
"""The abstract game's big blind in chips (a 2/4 table)."""
DEFAULTS = {
    GameName.SINGLE_DRAW: (16, 400, 30_000),
    GameName.FIVE_CARD_DRAW_7A: (16, 400, 30_000),
    GameName.TRIPLE_DRAW: (10, 400, 60_000),
}
"""Buckets a round, CFR+ iterations and sampled deals of each game (the shipped policy's)."""


def checkpoints(last: int) -> list[int]:
    """Iterations at which to measure: about log-spaced, and the last."""
    marks = {round(10 ** (k / 8)) for k in range(0, 40)}
    return [*sorted(m for m in marks if m < last), last]


def train(game: GameName, buckets: int, iterations: int, deals: int, seed: int,
          ) -> tuple[Abstraction, Policy, list[tuple[int, float, float]]]:
    """The abstraction, average policy and curve (iteration, mbb/hand, seconds) of ``game``."""
    model = heads_up_model(game)
    model.final_table()
    with tqdm(total=deals, desc=f"{game.value}: deals", unit="deal") as bar:
        sampled = sample_deals(model, deals, seed, progress=lambda _: bar.update())
    betting = abstract_betting(game)
    cut = Abstraction(sampled, buckets, betting.classes)
    abstract = AbstractGame(betting, cut.moves, cut.share, cut.first)
    solver = Solver(abstract)
    curve: list[tuple[int, float, float]] = []
    marks = set(checkpoints(iterations))
    spent = 0.0
    with tqdm(total=iterations, desc=f"{game.value}: CFR+", unit="it") as bar:
        for i in range(1, iterations + 1):
            start = time.perf_counter()
            solver.iterate()
            spent += time.perf_counter() - start
            bar.update()
            if i in marks:
                mbb = exploitability(abstract, solver.average()) / BIG_BLIND * 1000
                curve.append((i, mbb, spent))
                bar.set_postfix(mbb=f"{mbb:.1f}")
    return cut, solver.average(), curve


def quantised(policy: Policy, keys: list[str]) -> np.ndarray:
    """The policy as bytes: each row's weights scaled to 255."""
    stacked = np.stack([policy[k] for k in keys])
    return np.asarray(np.round(stacked * 255), dtype=np.uint8)


def plot(curves: dict[str, list[tuple[int, float, float]]], path: Path) -> None:
    """The exploitability curves, log-log."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for name, curve in curves.items():
        ax.loglog([c[0] for c in curve], [c[1] for c in curve], marker=".", label=name)
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability in the abstraction (mbb/hand)")
    ax.set_title("Expert policy: exact best response in its abstraction")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> int:
    """Train and write the policy."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(g.value for g in COVERED),
                        help="comma-separated game ids (default: the three covered games)")
    parser.add_argument("--buckets", type=int, default=0,
                        help="buckets a round (default: 16 for the single-draw games, 10 for "
                             "the triple draw)")
    parser.add_argument("--iterations", type=int, default=0,
                        help="CFR+ iterations (default: 400)")
    parser.add_argument("--deals", type=int, default=0,
                        help="sampled deals behind each abstraction (default: 30000 for the "
                             "single-draw games, 60000 for the triple draw)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals")
    parser.add_argument("--out", type=Path, default=ROOT / "src/standpat/bots" / POLICY_FILE,
                        help="the policy file to write")
    parser.add_argument("--curves", type=Path, default=ROOT / "benchmarks/expert_training.json",
                        help="where to write the exploitability curves (JSON)")
    parser.add_argument("--plot", type=Path, default=None,
                        help="also draw the curves to this PNG")
    parser.add_argument("--add", action="store_true",
                        help="keep the other games already in --out and --curves (retrain "
                             "some games only, or train them in separate processes)")
    args = parser.parse_args(argv)
    arrays: dict[str, np.ndarray] = {}
    curves: dict[str, list[tuple[int, float, float]]] = {}
    names = [GameName(g.strip()) for g in args.games.split(",")]
    for game in names:
        buckets, iterations, deals = DEFAULTS[game]
        cut, policy, curve = train(game, args.buckets or buckets, args.iterations or iterations,
                                   args.deals or deals, args.seed)
        keys = sorted(policy)
        arrays[f"{game.value}/keys"] = np.array(keys)
        arrays[f"{game.value}/probs"] = quantised(policy, keys)
        arrays[f"{game.value}/edges"] = cut.edges.astype(np.float32)
        arrays[f"{game.value}/moves"] = cut.moves.astype(np.float32)
        arrays[f"{game.value}/share"] = cut.share.astype(np.float32)
        arrays[f"{game.value}/first"] = cut.first.astype(np.float32)
        curves[game.value] = curve
        print(f"{game.value}: {len(keys)} infosets x {cut.buckets} buckets; exploitability "
              f"{curve[-1][1]:.2f} mbb/hand after {curve[-1][0]} iterations "
              f"({curve[-1][2]:.0f} s)")
    if args.add and args.out.exists():  # read now: another process may have written it
        with np.load(args.out, allow_pickle=False) as data:
            kept = [str(g) for g in data["games"] if GameName(str(g)) not in names]
            arrays.update({k: data[k] for k in data.files if k.split("/")[0] in kept})
        if args.curves.exists():
            old = json.loads(args.curves.read_text())["curves"]
            curves.update({k: [tuple(c) for c in v] for k, v in old.items() if k in kept})
        names = [GameName(g) for g in kept] + names
    arrays["games"] = np.array([g.value for g in names])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as out:
        np.savez_compressed(out, **arrays)  # type: ignore[arg-type]
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    args.curves.write_text(json.dumps(
        {"seed": args.seed, "unit": "mbb/hand",
         "curves": {k: [list(c) for c in v] for k, v in curves.items()}}, indent=1) + "\n")
    if args.plot is not None:
        plot(curves, args.plot)
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
