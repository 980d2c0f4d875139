"""Bots against bots at scale: many hands on every local core or on a Ray cluster.

:func:`simulate` plays ``hands`` hands of one poker game between bot levels (one per
seat), in chunks of ``chunk`` hands.  Each chunk is one task: a process of a local
pool (all cores by default) or a Ray task (``ray=`` an address, or ``True`` for a
local Ray that listens on 127.0.0.1 only: :func:`local_ray`).  Every hand starts
from fresh stacks; the button moves each hand.  With
``duplicate=True`` every deal is played once per rotation of the bots round the
table (same cards, same button), so each bot holds every seat's cards: the luck of
the deal cancels.  The result is a table of one row per seat: its bot, hands played,
bb/100 (big blinds won per 100 hands) and the half-width of its 95% interval.

>>> result = simulate("five-card-draw", "fixed-limit", ["normal", "easy"], hands=40, chunk=20,
...                   workers=1, seed=3, progress=False)
>>> sorted(result), result["hands"]
(['bb_per_100', 'bot', 'ci95', 'hands', 'net_bb', 'seat'], [40, 40])
>>> abs(sum(result["net_bb"])) < 1e-9   # chips only move between seats
True
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from typing import Any

from standpat.bots import LEVELS, SAMPLES, make_bot, prepare_game
from standpat.engine import Hand, Stakes, Structure, get_game

__all__ = ["LOOPBACK_RAY", "Chunk", "SimulationResult", "default_chunk", "local_ray",
           "play_chunk", "simulate"]

LOOPBACK_RAY = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
"""The environment that keeps a Ray node on the loopback address.

Ray takes a node's address from the network (it resolves 127.0.0.1 to it) and its
servers listen there, or on every interface, unless the node is one that no other
can join: Ray's switch for that (meant for laptops) makes its address 127.0.0.1,
and every server of the node (GCS, raylet, workers, agents) then listens on it alone.
``ray start`` needs it too: ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 ray start --head
--node-ip-address=127.0.0.1 --include-dashboard=false`` (docs/research.md)."""


@dataclass(frozen=True)
class Chunk:
    """What one task plays: ``deals`` deals from ``seed`` (a deal is one hand, or one
    hand per rotation when ``duplicate``)."""

    game: str
    structure: str
    levels: tuple[str, ...]
    stakes: str
    stack: int
    seed: int
    deals: int
    first_deal: int
    duplicate: bool
    samples: int


@dataclass(frozen=True)
class ChunkResult:
    """Per seat: chips won over each deal unit, summed and squared-summed, and the hands."""

    sums: tuple[int, ...]
    squares: tuple[int, ...]
    units: int
    hands: int


def play_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk (in whatever process runs it) and sum each bot's winnings."""
    n = len(chunk.levels)
    stakes = Stakes.parse(chunk.stakes)
    rng = random.Random(chunk.seed)
    bots = [make_bot(level, rng=random.Random(rng.getrandbits(64)), samples=chunk.samples)
            for level in chunk.levels]
    prepare_game(chunk.game)
    rotations = range(n) if chunk.duplicate else range(1)
    sums, squares = [0] * n, [0] * n
    hands = 0
    for k in range(chunk.deals):
        deal_seed = rng.getrandbits(63)
        deal = chunk.first_deal + k
        button = deal % n
        unit = [0] * n
        for shift in rotations:
            # bot b sits at seat (b + shift) % n
            seated = [bots[(s - shift) % n] for s in range(n)]
            hand = Hand(chunk.game, chunk.structure, stakes, [chunk.stack] * n,
                        button=button, rng=deal_seed)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.apply(seated[seat].act(hand.view(seat)))
            for s, net in enumerate(hand.net):
                unit[(s - shift) % n] += net
            hands += 1
        for b in range(n):
            sums[b] += unit[b]
            squares[b] += unit[b] * unit[b]
    return ChunkResult(tuple(sums), tuple(squares), chunk.deals, hands)


class SimulationResult(dict[str, list[Any]]):
    """The result table as columns (``pandas.DataFrame(result)`` takes it as it is).

    Columns: ``seat``, ``bot``, ``hands``, ``net_bb``, ``bb_per_100``, ``ci95``.
    """

    game: str
    structure: str
    duplicate: bool
    seconds: float

    def rows(self) -> list[dict[str, Any]]:
        """The table as one dict per seat."""
        keys = list(self)
        return [dict(zip(keys, values, strict=True)) for values in zip(*self.values(),
                                                                      strict=True)]

    def text(self) -> str:
        """The table as aligned text."""
        lines = [f"{'seat':>4}  {'bot':<7} {'hands':>9} {'bb/100':>9} {'95% CI':>9}"]
        for row in self.rows():
            lines.append(f"{row['seat']:>4}  {row['bot']:<7} {row['hands']:>9,} "
                         f"{row['bb_per_100']:>+9.2f} {'±' + format(row['ci95'], '.2f'):>9}")
        return "\n".join(lines)

    def plot(self, path: str) -> None:
        """Save a bar chart of bb/100 per seat with its 95% interval to ``path`` (PNG)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        rows = self.rows()
        labels = [f"seat {r['seat']}\n{r['bot']}" for r in rows]
        fig, ax = plt.subplots(figsize=(1.6 + 1.3 * len(rows), 4))
        colors = ["tab:green" if r["bb_per_100"] >= 0 else "tab:red" for r in rows]
        ax.bar(labels, [r["bb_per_100"] for r in rows], yerr=[r["ci95"] for r in rows],
               capsize=6, color=colors)
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_ylabel("big blinds per 100 hands (95% interval)")
        mode = "duplicate deals" if self.duplicate else "independent deals"
        ax.set_title(f"{self.game}, {self.structure}: {rows[0]['hands']:,} hands, {mode}",
                     fontsize=10)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)


def _chunks(game: str, structure: str, levels: Sequence[str], stakes: str, stack: int,
            hands: int, chunk: int, seed: int, duplicate: bool,
            samples: int) -> Iterator[Chunk]:
    per_deal = len(levels) if duplicate else 1
    deals = max(1, hands // per_deal)
    size = max(1, chunk // per_deal)
    rng = random.Random(seed)
    for first in range(0, deals, size):
        yield Chunk(game, structure, tuple(levels), stakes, stack, rng.getrandbits(63),
                    min(size, deals - first), first, duplicate, samples)


def default_chunk(hands: int) -> int:
    """Hands per task when ``simulate`` is not told: a 32nd of the hands, 100 to 2,000.

    >>> default_chunk(10_000), default_chunk(1_000_000), default_chunk(500)
    (313, 2000, 100)
    """
    return min(2_000, max(100, -(-hands // 32)))


def simulate(
    game: str,
    structure: str = "fixed-limit",
    seats: Sequence[str] | str = ("strong", "normal", "easy"),
    *,
    hands: int = 10_000,
    stakes: str = "2/4",
    stack_bbs: int = 100,
    duplicate: bool = False,
    chunk: int | None = None,
    workers: int | None = None,
    ray: str | bool | None = None,
    seed: int = 0,
    samples: int = SAMPLES,
    progress: bool | Callable[[int], None] = True,
) -> SimulationResult:
    """Play ``hands`` hands between bot levels ``seats`` and sum up each seat.

    ``seats``: bot levels, one per seat (or comma-separated).  ``chunk``: hands per
    task (default :func:`default_chunk`: a 32nd of the hands, 100 to 2,000, so that
    every core gets many tasks and none waits long for the last one; the table depends
    on ``hands``, ``chunk`` and ``seed``, never on where the tasks run).  ``workers``: local
    processes (default: every core; 1 plays in this process).  ``ray``: run the chunks
    as Ray tasks instead, on the cluster at that address (``True``: the cluster this
    process has joined, else a new local one for this call, on 127.0.0.1 only).
    ``samples``: the strong bot's simulated deals a betting decision.
    ``progress``: a tqdm bar, or a callback given the hands played.
    """
    levels = [s.strip() for s in seats.split(",")] if isinstance(seats, str) else list(seats)
    spec = get_game(game)
    if not spec.min_players <= len(levels) <= spec.max_players:
        raise ValueError(f"{spec.title} seats {spec.min_players} to {spec.max_players} "
                         f"players, not {len(levels)}.")
    unknown = [s for s in levels if s not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot levels {unknown}; the levels are {', '.join(LEVELS)}.")
    structure = Structure(structure).value
    parsed = Stakes.parse(stakes)
    big = parsed.big_blind or parsed.small_bet
    if chunk is None:
        chunk = default_chunk(hands)
    jobs = list(_chunks(spec.name.value, structure, levels, stakes, stack_bbs * big, hands,
                        chunk, seed, duplicate, samples))
    total = sum(j.deals * (len(levels) if duplicate else 1) for j in jobs)
    bar: Any = None
    if progress is True:
        from tqdm import tqdm

        bar = tqdm(total=total, unit="hand", desc=f"{spec.name.value} {structure}")
        tick: Callable[[int], None] = bar.update
    elif callable(progress):
        tick = progress
    else:
        def tick(_: int) -> None:
            return None
    import time

    start = time.perf_counter()
    try:
        if ray:
            results = _run_ray(jobs, ray, tick)
        else:
            results = _run_local(jobs, workers or os.cpu_count() or 1, tick)
    finally:
        if bar is not None:
            bar.close()
    result = _summarise(results, levels, big, duplicate)
    result.game, result.structure, result.duplicate = spec.name.value, structure, duplicate
    result.seconds = time.perf_counter() - start
    return result


def _run_local(jobs: list[Chunk], workers: int,
               tick: Callable[[int], None]) -> list[ChunkResult]:
    if workers == 1:
        out = []
        for job in jobs:
            done = play_chunk(job)
            tick(done.hands)
            out.append(done)
        return out
    # Warm up here (the bots' tables, the ranking tables, the engine's set-up) with one
    # deal, so that workers forked from this process start with them built.
    play_chunk(replace(jobs[0], deals=1, seed=0))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[ChunkResult]] = {pool.submit(play_chunk, job) for job in jobs}
        results = []
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done = future.result()
                tick(done.hands)
                results.append(done)
        return results


@contextmanager
def _on_loopback() -> Iterator[None]:
    """This process, and the Ray processes it starts, keep Ray on 127.0.0.1 meanwhile."""
    saved = {k: os.environ.get(k) for k in LOOPBACK_RAY}
    os.environ.update(LOOPBACK_RAY)  # for the cluster's processes
    from ray._private import ray_constants

    # this process read the variable when it first imported ray, perhaps before
    switch = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = switch
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextmanager
def local_ray(num_cpus: int | None = None) -> Iterator[None]:
    """A new local Ray cluster of ``num_cpus`` CPUs (default: every core) for the
    ``with`` block, listening on 127.0.0.1 only (see :data:`LOOPBACK_RAY`)."""
    import ray

    with _on_loopback():
        ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                 log_to_driver=False, _node_ip_address="127.0.0.1")
        try:
            yield
        finally:
            ray.shutdown()


def _run_ray(jobs: list[Chunk], address: str | bool,
             tick: Callable[[int], None]) -> list[ChunkResult]:
    import ray

    if not ray.is_initialized():
        if address is True:
            with local_ray():
                return _run_ray(jobs, address, tick)
        host = str(address).removeprefix("ray://").rsplit(":", 1)[0]
        with ExitStack() as stack:
            if host in ("127.0.0.1", "localhost"):  # a cluster started on loopback
                stack.enter_context(_on_loopback())
                ray.init(address=str(address), log_to_driver=False,
                         _node_ip_address="127.0.0.1")
            else:
                ray.init(address=str(address), log_to_driver=False)
            try:
                return _run_ray(jobs, address, tick)
            finally:
                ray.shutdown()
    task = ray.remote(max_retries=3)(play_chunk)
    pending = [task.remote(job) for job in jobs]
    results = []
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for done in ray.get(finished):
            tick(done.hands)
            results.append(done)
    return results


def _summarise(results: list[ChunkResult], levels: Sequence[str], big: int,
               duplicate: bool) -> SimulationResult:
    n = len(levels)
    per_unit = n if duplicate else 1
    units = sum(r.units for r in results)
    hands = sum(r.hands for r in results)
    table = SimulationResult(seat=[], bot=[], hands=[], net_bb=[], bb_per_100=[], ci95=[])
    for b in range(n):
        total = sum(r.sums[b] for r in results)
        squares = sum(r.squares[b] for r in results)
        mean = total / units
        var = (squares - units * mean * mean) / (units - 1) if units > 1 else math.inf
        half = 1.96 * math.sqrt(max(var, 0.0) / units) if units > 1 else math.inf
        table["seat"].append(b)
        table["bot"].append(levels[b])
        table["hands"].append(hands)
        table["net_bb"].append(total / big)
        table["bb_per_100"].append(100 * mean / per_unit / big)
        table["ci95"].append(100 * half / per_unit / big)
    return table
