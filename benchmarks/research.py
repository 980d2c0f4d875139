"""Research benchmark: the environments, simulation and evaluation against their baselines.

All in one process run, each figure the median of ``--repeats`` timings:

1. **env**: random play (a uniform choice among the legal actions) of whole hands
   through ``standpat.env.aec`` and through the bare engine (``Hand.legal_actions`` and
   ``apply``, the same kind of choice), per game, heads-up and 6-max (5-max for 7-A);
   and on 6-max fixed-limit triple draw, through :class:`GlueEnv`: the ~150 lines a
   researcher writes by hand without ``standpat.env`` (an AEC env built on
   ``Hand.view(seat)`` for every observation, the past draw counts and betting
   rebuilt from the view's events each time); and the glue and the env taking turns of a
   few hands, their CPU time per step (``--turns``), the ratio of each turn.
2. **simulate**: ``standpat.simulate`` of bots on 1 and 2 local processes, and on a
   local Ray cluster (127.0.0.1 only, :func:`standpat.simulation.local_ray`) of 1 CPU
   and of 2 CPUs, each with its 1 -> 2 scaling ratio.
3. **evaluate**: ``standpat.evaluate`` per call (cards already parsed, and card text)
   against ``eval7.evaluate`` (5 and 7 cards, ``high``) and PokerKit's
   ``ShortDeckHoldemHand`` (``short-6a``); ``evaluate_batch`` on 5 cards against
   eval7's per-call rate.

Run: ``python benchmarks/research.py`` (``--only env`` etc. for one part).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from tqdm import tqdm

import standpat
from standpat.cards import CARDS, Card, format_cards
from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Called,
    Checked,
    Discarded,
    DrawOpened,
    Folded,
    GameName,
    Hand,
    Raised,
    Stakes,
    StreetOpened,
    get_game,
)
from standpat.env import aec
from standpat.simulation import default_chunk


def median_rate(run: Callable[[], int], repeats: int) -> float:
    """Median of ``repeats`` runs of units per second (``run`` returns its units)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        units = run()
        rates.append(units / (time.perf_counter() - start))
    return statistics.median(rates)


# -- 1. the hand-written glue (the baseline of the env) ---------------------------------

class GlueEnv(AECEnv):  # type: ignore[misc]
    """What a researcher writes by hand today: an AEC env over ``Hand.view(seat)``."""

    metadata = {"name": "glue_v0", "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str, players: int, stakes: Stakes, stack: int) -> None:
        super().__init__()
        self.game, self.n, self.stakes, self.stack = get_game(game), players, stakes, stack
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size, most = self.game.hand_size, self.game.max_discard
        self.subsets = [s for k in range(most + 1)
                        for s in __import__("itertools").combinations(range(size), k)]
        self.n_actions = 3 + len(self.subsets)  # fold, check/call, bet/raise, discards
        self.obs_size = 52 + 5 * players + 1 + self.game.draws * players + 4 * players * (
            self.game.draws + 1)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0, 1e4, (self.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8)})
        self._act_space = spaces.Discrete(self.n_actions)
        self.rng = random.Random()

    def observation_space(self, agent: str) -> Any:
        return self._obs_space

    def action_space(self, agent: str) -> Any:
        return self._act_space

    def reset(self, seed: int | None = None, options: Any = None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.hand = Hand(self.game, "fixed-limit", self.stakes, [self.stack] * self.n,
                         rng=self.rng.getrandbits(64))
        first = self.hand.to_act
        assert first is not None  # a hand just dealt waits for someone
        self.agent_selection = self.agents[first]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        view = self.hand.view(seat)
        bb = self.stakes.big_blind
        obs = [0.0] * self.obs_size
        for card in view.hand:
            obs[card] = 1.0
        at = 52
        for s in range(self.n):
            obs[at] = view.stacks[s] / bb
            obs[at + 1] = view.bets[s] / bb
            obs[at + 2] = float(view.folded[s])
            obs[at + 3] = float(view.all_in[s])
            obs[at + 4] = float(s == view.button)
            at += 5
        obs[at] = view.pot / bb
        at += 1
        draw, street = 0, 0
        history = at + self.game.draws * self.n
        for event in view.events:  # past draw counts and betting, rebuilt from the events
            if isinstance(event, DrawOpened):
                draw = event.number
            elif isinstance(event, StreetOpened):
                street = event.number
            elif isinstance(event, Discarded):
                obs[at + (draw - 1) * self.n + event.seat] = event.count + 1.0
            elif isinstance(event, Checked | Called | BetMade | Raised):
                kind = (0 if isinstance(event, Checked) else
                        1 if isinstance(event, Called) else 2)
                obs[history + (street * self.n + event.seat) * 4 + kind] += 1.0
            elif isinstance(event, Folded):
                obs[history + (street * self.n + event.seat) * 4 + 3] = 1.0
        mask = np.zeros(self.n_actions, dtype=np.int8)
        legal = view.legal
        if legal is not None and agent == self.agent_selection:
            if ActionKind.DISCARD in legal.kinds:
                for i, subset in enumerate(self.subsets):
                    mask[3 + i] = len(subset) <= legal.max_discard
            else:
                mask[0] = ActionKind.FOLD in legal.kinds
                mask[1] = 1
                mask[2] = ActionKind.BET in legal.kinds or ActionKind.RAISE in legal.kinds
        return {"observation": np.array(obs, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        hand = self.hand
        legal = hand.legal_actions()
        assert action is not None
        if action >= 3:
            cards = sorted(hand.cards_of(legal.seat))
            move = Action.discard([cards[i] for i in self.subsets[action - 3]])
        elif action == 0:
            move = Action.fold()
        elif action == 1:
            move = Action.check() if ActionKind.CHECK in legal.kinds else Action.call()
        else:
            move = Action(ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE,
                          legal.min_to)
        hand.apply(move)
        if hand.is_over:
            for s, net in enumerate(hand.net):
                self.rewards[self.possible_agents[s]] = net / self.stakes.big_blind
                self.terminations[self.possible_agents[s]] = True
        else:
            seat = hand.to_act
            assert seat is not None  # the hand goes on: someone is to act
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()


def play_env(env: Any, hands: int, seed: int) -> tuple[int, int]:
    """Random play of ``hands`` one-hand episodes; returns (hands, agent steps)."""
    pick = random.Random(seed)
    steps = 0
    for h in range(hands):
        env.reset(seed=seed + h)
        while env.agents:
            obs, _, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
    return hands, steps


def play_engine(game: str, structure: str, players: int, hands: int, seed: int) -> int:
    """The same random play on the bare engine: a uniform choice among its kinds of action."""
    pick = random.Random(seed)
    stakes = Stakes.from_bets(2)
    steps = 0
    for h in range(hands):
        hand = Hand(game, structure, stakes, [200] * players, rng=seed + h)
        while not hand.is_over:
            legal = hand.legal_actions()
            if ActionKind.DISCARD in legal.kinds:
                cards = legal.cards
                k = pick.randrange(legal.max_discard + 1)
                hand.apply(Action.discard(pick.sample(cards, k)))
            else:
                hand.apply(pick.choice(legal.sample()))
            steps += 1
    return steps


def cpu_turns(glue: Any, env: Any, turns: int, hands: int) -> None:
    """CPU time per step of the glue and the env taking short turns (the steadiest figure on
    a shared machine: another job's load slows both sides of a turn alike)."""
    times: dict[str, list[float]] = {"glue": [], "env": []}
    for turn in tqdm(range(turns), desc="CPU-time turns", unit="turn", leave=False):
        for label, table in (("glue", glue), ("env", env)):
            start = time.process_time()
            _, steps = play_env(table, hands, 1000 * turn)
            times[label].append((time.process_time() - start) / steps * 1e6)
    ratios = [g / e for g, e in zip(times["glue"], times["env"], strict=True)]
    low, mid, high = statistics.quantiles(ratios, n=4)
    print(f"  CPU time per step, {turns} turns of {hands} hands: glue "
          f"{statistics.median(times['glue']):.2f} us, env {statistics.median(times['env']):.2f}"
          f" us; env / glue per turn: median {mid:.2f}x (quartiles {low:.2f}x-{high:.2f}x);"
          f" load {os.getloadavg()[0]:.1f}")


def bench_env(repeats: int, hands: int, turns: int = 40) -> None:
    print("\n== env: random play, hands/s (steps/s), median of", repeats)
    stakes = Stakes.from_bets(2)
    triple = GameName.TRIPLE_DRAW.value
    glue = GlueEnv(triple, 6, stakes, 200)
    env6 = aec(triple, "fixed-limit", players=6, stakes=stakes, stacks=200)
    # the three take turns, one timing each per repeat, so that a change in the machine's
    # load while the script runs hits all three alike; each figure is the median of its own
    glue_label, env_label = "glue (view per observation)", "standpat.env.aec"
    runs: dict[str, Callable[[], tuple[int, int]]] = {
        glue_label: lambda: play_env(glue, hands, 1),
        env_label: lambda: play_env(env6, hands, 1),
        "bare engine": lambda: (hands, play_engine(triple, "fixed-limit", 6, hands, 1)),
    }
    timings: dict[str, list[float]] = {label: [] for label in runs}
    steps: dict[str, int] = {}
    for _ in range(repeats):
        for label, run in runs.items():
            start = time.perf_counter()
            _, steps[label] = run()
            timings[label].append(hands / (time.perf_counter() - start))
    rates = {label: statistics.median(found) for label, found in timings.items()}
    for label in (glue_label, env_label):
        print(f"  6-max triple draw fixed-limit, {label:<30} {rates[label]:9,.0f} hands/s "
              f"({rates[label] * steps[label] / hands:10,.0f} steps/s)")
    engine = rates["bare engine"]
    print(f"  6-max triple draw fixed-limit, {'bare engine':<30} {engine:9,.0f} hands/s")
    print(f"  env / glue: {rates[env_label] / rates[glue_label]:.1f}x"
          f"; env / bare engine: {rates[env_label] / engine:.2f}x")
    cpu_turns(glue, env6, turns, max(10, hands // 6))
    for name in GameName:
        for players in (2, min(6, get_game(name).max_players)):
            env = aec(name.value, "no-limit", players=players, stakes=stakes, stacks=200)
            counts: list[int] = []

            def run_env(env: Any = env, counts: list[int] = counts) -> int:
                done, steps = play_env(env, hands, 2)
                counts.append(steps)
                return done

            rate = median_rate(run_env, repeats)

            def run_engine(n: str = name.value, p: int = players) -> int:
                play_engine(n, "no-limit", p, hands, 2)
                return hands

            bare = median_rate(run_engine, repeats)
            print(f"  {name.value:<28} no-limit {players} seats: env {rate:8,.0f} hands/s "
                  f"({rate * counts[-1] / hands:9,.0f} steps/s), engine {bare:8,.0f} hands/s"
                  f" -> {rate / bare:.2f}x")


# -- 2. simulate ----------------------------------------------------------------------

def bench_simulate(repeats: int, hands: int, chunk: int | None = None) -> None:
    print(f"\n== simulate: normal vs easy vs easy, five-card-draw fixed-limit, {hands:,} hands,"
          f" chunks of {chunk or default_chunk(hands):,},"
          f" median of {repeats}; load {os.getloadavg()[0]:.1f}")
    # simulate's own default chunk (a 32nd of the hands): what a user's run does; with
    # 20,000 hands each process plays 16 tasks, so the pool's start (a fork per process) and
    # the wait for the last task weigh what they weigh in a long run, not a tenth of it
    # every run deals new hands (its own seed): a run that replayed the deals of the one
    # before would find the bots' caches full of them, which a user's run does not
    kw: dict[str, Any] = {"hands": hands, "progress": False, "chunk": chunk}
    seeds = iter(range(1000, 2000))
    seats = "normal,easy,easy"
    standpat.simulate("five-card-draw", "fixed-limit", seats, workers=1, hands=60, chunk=60,
                      progress=False)  # warm: tables built in this process
    # 1 and 2 processes take turns, so that a change in the machine's load hits both alike;
    # CPU seconds (user + system, the workers' included) are equal on 1 and 2 processes when
    # the split costs nothing (the wall-clock ratio also depends on what else holds the cores)
    rates: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(repeats):
        for workers in (1, 2):
            before, start = os.times(), time.perf_counter()
            standpat.simulate("five-card-draw", "fixed-limit", seats, workers=workers,
                              seed=next(seeds), **kw)
            wall, after = time.perf_counter() - start, os.times()
            rates[workers].append(hands / wall)
            cpu[workers].append(sum(after[k] - before[k] for k in range(4)))
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"  1 process {one:8,.0f} hands/s; 2 processes {two:8,.0f} hands/s "
          f"-> {two / one:.2f}x (linear: 2.00x)")
    cpu1, cpu2 = statistics.median(cpu[1]), statistics.median(cpu[2])
    print(f"  CPU seconds (user + system): 1 process {cpu1:.2f}, 2 processes {cpu2:.2f} "
          f"(together) -> {cpu1 / cpu2:.2f} of the work per CPU second")
    from standpat.simulation import local_ray

    def run_on_ray() -> int:
        standpat.simulate("five-card-draw", "fixed-limit", seats, ray=True,
                          seed=next(seeds), **kw)
        return hands

    on_ray: dict[int, float] = {}
    for cpus in (1, 2):
        with local_ray(num_cpus=cpus):  # listens on 127.0.0.1 only
            standpat.simulate("five-card-draw", "fixed-limit", seats, ray=True, hands=200,
                              chunk=100, progress=False)  # warm the workers
            on_ray[cpus] = median_rate(run_on_ray, repeats)
        print(f"  local Ray cluster ({cpus} CPU{'s' if cpus > 1 else ''}) "
              f"{on_ray[cpus]:8,.0f} hands/s -> {on_ray[cpus] / one:.2f}x one process")
    print(f"  Ray 1 -> 2 CPUs: {on_ray[2] / on_ray[1]:.2f}x (linear: 2.00x)")
    print(f"  load after: {os.getloadavg()[0]:.1f}")


# -- 3. evaluate -----------------------------------------------------------------------

def bench_evaluate(repeats: int, count: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7
    import pokerkit

    print(f"\n== evaluate: calls/s per call, {count:,} hands, median of {repeats}; "
          f"load {os.getloadavg()[0]:.1f}")
    rng = random.Random(7)
    evaluate = standpat.evaluate
    for n in (5, 7):
        ints = [rng.sample(range(52), n) for _ in range(count)]
        parsed = [[CARDS[c] for c in h] for h in ints]
        texts = [format_cards(h) for h in ints]
        e7 = [[eval7.Card(t) for t in text.split()] for text in texts]
        for h in parsed[:100]:
            evaluate(h, "high")

        def mine_parsed(p: list[list[Card]] = parsed) -> int:
            return len([evaluate(h, "high") for h in p])

        def mine_texts(t: list[str] = texts) -> int:
            return len([evaluate(h, "high") for h in t])

        def theirs_parsed(e: list[list[Any]] = e7) -> int:
            return len([eval7.evaluate(h) for h in e])

        def theirs_texts(t: list[str] = texts) -> int:
            return len([eval7.evaluate([eval7.Card(c) for c in h.split()]) for h in t])

        mine = median_rate(mine_parsed, repeats)
        mine_text = median_rate(mine_texts, repeats)
        theirs = median_rate(theirs_parsed, repeats)
        theirs_text = median_rate(theirs_texts, repeats)
        if n == 5:
            e7_five = e7
        print(f"  high, {n} cards: standpat {mine / 1e6:6.2f} M/s parsed, {mine_text / 1e6:6.2f}"
              f" M/s text; eval7 {theirs / 1e6:6.2f} M/s parsed, {theirs_text / 1e6:6.2f} M/s"
              f" text -> {mine / theirs:.2f}x parsed, {mine_text / theirs_text:.2f}x text")
    deck = standpat.get_ranking("short-6a").deck
    hands = [rng.sample(deck, 5) for _ in range(count)]
    pk = [list(pokerkit.Card.parse("".join(format_cards(h).split()))) for h in hands[:20_000]]
    for h in hands[:100]:
        evaluate(h, "short-6a")
    mine = median_rate(lambda: len([evaluate(h, "short-6a") for h in hands]), repeats)
    theirs = median_rate(lambda: len([pokerkit.ShortDeckHoldemHand.from_game(h) for h in pk]),
                         repeats)
    print(f"  short-6a, 5 cards: standpat {mine / 1e6:6.2f} M/s; PokerKit "
          f"{theirs / 1e6:6.3f} M/s -> {mine / theirs:.1f}x")
    big = np.array([rng.sample(range(52), 5) for _ in range(200_000)], dtype=np.uint8)
    huge = np.tile(big, (5, 1))
    standpat.evaluate_batch(huge, "high")
    small = big[:1000]
    per_call = statistics.median(
        min(timeit_once(lambda: standpat.evaluate_batch(small, "high")) for _ in range(50))
        for _ in range(repeats))
    # eval7 per call, the batch on two threads and on one take turns, one timing each per
    # repeat, so that a change in the machine's load hits all three alike (eval7's figure
    # above was taken seconds earlier, under whatever load there was then)
    import numba

    threads = numba.get_num_threads()
    timings: dict[str, list[float]] = {"eval7": [], "two": [], "one": []}
    for _ in range(repeats):
        timings["eval7"].append(len(e7_five) / timeit_once(
            lambda: [eval7.evaluate(h) for h in e7_five]))
        timings["two"].append(huge.shape[0] / timeit_once(
            lambda: standpat.evaluate_batch(huge, "high")))
        numba.set_num_threads(1)
        try:
            timings["one"].append(huge.shape[0] / timeit_once(
                lambda: standpat.evaluate_batch(huge, "high")))
        finally:
            numba.set_num_threads(threads)
    e7_rate, two, one = (statistics.median(timings[k]) for k in ("eval7", "two", "one"))
    print(f"  evaluate_batch, 5 cards, 1,000,000 hands, taking turns with eval7 per call "
          f"({e7_rate / 1e6:.2f} M/s): {two / 1e6:7.1f} M/s on {threads} threads"
          f" -> {two / e7_rate:.0f}x,"
          f" {one / 1e6:7.1f} M/s on one thread -> {one / e7_rate:.0f}x; a 1,000-hand call "
          f"{per_call * 1e6:.1f} us")


def timeit_once(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5,
                        help="timings of each figure; the median is printed (default 5)")
    parser.add_argument("--hands", type=int, default=300, help="hands per env timing")
    parser.add_argument("--turns", type=int, default=40,
                        help="turns of the env's CPU-time comparison with the glue")
    parser.add_argument("--sim-hands", type=int, default=20_000,
                        help="hands of each simulate timing (default 20,000)")
    parser.add_argument("--sim-chunk", type=int, default=None,
                        help="hands per simulate task (default: simulate's own)")
    parser.add_argument("--evals", type=int, default=200_000,
                        help="hands evaluated in each evaluate timing (default 200,000)")
    parser.add_argument("--only", choices=["env", "simulate", "evaluate"],
                        help="run one part only (default: all three)")
    args = parser.parse_args()
    print(f"standpat research benchmark; cores {os.cpu_count()}, "
          f"load {os.getloadavg()[0]:.1f}")
    if args.only in (None, "evaluate"):
        bench_evaluate(args.repeats, args.evals)
    if args.only in (None, "env"):
        bench_env(args.repeats, args.hands, args.turns)
    if args.only in (None, "simulate"):
        bench_simulate(args.repeats, args.sim_hands, args.sim_chunk)


if __name__ == "__main__":
    main()
