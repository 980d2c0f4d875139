"""Expert bot benchmark: decision time, exploitability in its abstraction, head-to-head
matches, and a local best response (LBR) against it in the full game.

1. **time**: seeded heads-up fixed-limit hands of the expert against ``normal``, every
   expert decision timed (tables built first): median and 99th percentile, wall clock
   and the thread's CPU time (on a loaded machine the wall clock's tail is the process
   waiting for a core).
2. **exploit**: the shipped (byte-rounded) policy's exploitability in its abstraction, by
   the exact best response (:func:`standpat.bots.cfr.exploitability`), in mbb a hand.
3. **match**: :func:`standpat.bots.match.duplicate_match` of ``expert`` against ``strong``
   and ``normal``: every deal twice, seats swapped; bb/100 with a 95% interval.
4. **lbr**: an LBR-style player against the expert, duplicate deals.  At each of its
   betting decisions it infers the expert's range from the expert's own policy (particles:
   opponent hands dealt from the unseen cards, drawn by the expert's rule to the draw
   counts it showed, weighted by the probability of each action it took), and takes the
   action with the best value assuming both players check and call to the showdown after
   it (a raise counts the expert's folds by its policy).  It draws by the expert's rule.
   Its winnings are a lower bound on the expert's exploitability in the full game.

Run: ``python benchmarks/expert.py --only time`` (or ``exploit``, ``match``, ``lbr``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence

from standpat.bots import ExpertBot, make_bot, prepare_game
from standpat.bots.buckets import bucket, heads_up_model, keep, value
from standpat.bots.cfr import ACTIONS, exploitability
from standpat.bots.expert import COVERED, Table, abstract_history, load_abstraction, load_policy
from standpat.bots.match import MatchResult, duplicate_match
from standpat.bots.reading import first_legal
from standpat.bots.strength import DrawModel
from standpat.engine import Action, ActionKind, Discarded, Hand, SeatView, Stakes

GAMES = [g.value for g in COVERED]


def timing(games: Sequence[str], hands: int, seed: int) -> None:
    """Median and p99 of the expert's decisions."""
    print("| game | decisions | median | p99 | worst | CPU median | CPU p99 | CPU worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game in games:
        prepare_game(game)
        rng = random.Random(seed)
        expert = ExpertBot(random.Random(seed))
        other = make_bot("normal", rng=random.Random(seed + 1))
        spent: list[float] = []
        cpu: list[float] = []
        for deal in range(hands):
            hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [200, 200],
                        button=deal % 2, rng=rng.getrandbits(48))
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                view = hand.view(seat)
                if seat == 0:
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    action = expert.act(view)
                    spent.append(time.perf_counter() - start)
                    cpu.append(time.thread_time() - start_cpu)
                else:
                    action = other.act(view)
                hand.apply(action)
        cells = []
        for found in (spent, cpu):
            found.sort()
            p99 = found[min(len(found) - 1, math.ceil(0.99 * len(found)) - 1)]
            cells.append(f"{statistics.median(found) * 1e3:.3f} ms | {p99 * 1e3:.3f} ms | "
                         f"{found[-1] * 1e3:.1f} ms")
        print(f"| {game} | {len(spent):,} | {' | '.join(cells)} |", flush=True)


def exploit(games: Sequence[str]) -> None:
    """The shipped policy's exploitability in its abstraction."""
    print("| game | infosets | buckets | exploitability (mbb/hand) |")
    print("|---|---:|---:|---:|")
    tables = load_policy()
    for game in games:
        abstract = load_abstraction(game)
        table = next(t for g, t in tables.items() if g.value == game)
        mbb = exploitability(abstract, table.rows) / 2 * 1000
        print(f"| {game} | {len(table.rows):,} | {abstract.buckets} | {mbb:.2f} |", flush=True)


def matches(games: Sequence[str], opponents: Sequence[str], hands: int, seed: int) -> None:
    """Duplicate matches of the expert."""
    print("| expert vs | game | hands | bb/100 | 95% CI |")
    print("|---|---|---:|---:|---:|")
    for opponent in opponents:
        for game in games:
            def progress(done: int, result: MatchResult, label: str = f"{opponent} {game}",
                         ) -> None:
                if done % 500 == 0:
                    print(f"  {label}: {done} hands, {result.bb_per_100:+.1f} ± "
                          f"{result.ci95:.1f}", file=sys.stderr, flush=True)

            result = duplicate_match(game, "fixed-limit", "expert", opponent, hands=hands,
                                     seed=seed, progress=progress)
            print(f"| {opponent} | {game} | {result.hands:,} | {result.bb_per_100:+.1f} | "
                  f"±{result.ci95:.1f} |", flush=True)


class LocalBestResponse:
    """Against the expert's own policy: the action with the best check-down value."""

    def __init__(self, table: Table, model: DrawModel, rng: random.Random,
                 particles: int) -> None:
        """An LBR player inferring ranges from ``table``'s odds with ``particles`` hands."""
        self.table = table
        self.model = model
        self.rng = rng
        self.particles = particles

    def act(self, view: SeatView) -> Action:
        """The LBR action (the expert's keep at a draw)."""
        legal = view.legal
        assert legal is not None and view.seat is not None
        hand = [int(c) for c in view.hand]
        if ActionKind.DISCARD in legal.kinds:
            kept = keep(self.model, hand, view.draws_left)
            return first_legal(legal, [Action.discard([c for c in hand if c not in kept])])
        history = abstract_history(view, self.table.betting.classes)
        assert history is not None
        me = view.seat
        them = 1 - me
        shares, folds = self.estimate(view, history, hand)
        start = 200
        mine, theirs = start - view.stacks[me], start - view.stacks[them]
        bet = legal.min_to - view.bets[them]  # what a raise puts in over his chips
        values = {"c": shares * 2 * theirs - theirs}
        if ActionKind.FOLD in legal.kinds:
            values["f"] = -mine
        if legal.kinds & {ActionKind.BET, ActionKind.RAISE}:
            top = theirs + bet
            values["r"] = folds * theirs + (1 - folds) * (shares * 2 * top - top)
        best = max(values, key=values.__getitem__)
        if best == "f":
            return Action.fold()
        if best == "r":
            kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
            return Action(kind, legal.min_to)
        return Action.check() if not legal.to_call else Action.call()

    def estimate(self, view: SeatView, history: str, hand: list[int]) -> tuple[float, float]:
        """The weighted showdown share against the expert's range, and the share of it
        that folds to a raise now."""
        model, table = self.model, self.table
        me = 0 if view.seat == view.button else 1
        seat = view.seat
        assert seat is not None
        known: set[int] = set(hand)
        thrown: list[int] = []  # the expert's discard counts, draw by draw
        for event in view.events:
            if isinstance(event, Discarded):
                if event.seat == seat:
                    known.update(int(c) for c in event.cards)
                else:
                    thrown.append(event.count)
        unseen = [c for c in model.deck if c not in known]
        # the expert's actions: (history before, action, round)
        steps: list[tuple[str, str, int]] = []
        state = table.betting.start()
        done = ""
        for a in history:
            if a == "/" or a.isdigit():
                done += a
                continue
            if state.to_act != me:
                steps.append((done, a, done.count("/")))
            state = table.betting.step(state, a)
            done += a
        n = model.hand_size
        total = won = folded = 0.0
        attempts = 0
        accepted = 0
        rounds_seen = history.count("/")
        while accepted < self.particles and attempts < 40 * self.particles:
            attempts += 1
            deck = self.rng.sample(unseen, len(unseen))
            theirs = deck[:n]
            stub = deck[n:]
            hands = [theirs]
            ok = True
            for r in range(rounds_seen):
                held = keep(model, hands[-1], model.draws - r)
                if r < len(thrown) and n - len(held) != thrown[r]:
                    ok = False  # not the draw he showed
                    break
                while len(held) < n:
                    held.append(stub.pop())
                hands.append(held)
            if not ok:
                continue
            weight = 1.0
            for before, a, r in steps:
                row = table.rows.get(before)
                if row is None:
                    weight = 0.0
                    break
                odds = row[bucket(value(model, hands[r], model.draws - r), table.edges[r])]
                weight *= float(odds[ACTIONS.index(a)])
            if weight <= 0:
                continue
            accepted += 1
            now = hands[-1]
            raise_row = table.rows.get(history + "r")
            if raise_row is not None:
                b = bucket(value(model, now, model.draws - rounds_seen), table.edges[rounds_seen])
                folded += weight * float(raise_row[b][0])
            # roll out the draws left for both players, then the showdown
            mine = list(hand)
            rest = [c for c in stub if c not in mine]
            theirs_now = list(now)
            for r in range(rounds_seen, model.draws):
                left = model.draws - r
                for cards in (mine, theirs_now):
                    held = keep(model, cards, left)
                    while len(held) < n:
                        held.append(rest.pop())
                    cards[:] = held
            a_, b_ = model.strength(mine), model.strength(theirs_now)
            won += weight * (1.0 if a_ > b_ else 0.5 if a_ == b_ else 0.0)
            total += weight
        if total <= 0:
            return 0.5, 0.0
        return won / total, folded / total


def lbr(games: Sequence[str], hands: int, seed: int, particles: int) -> None:
    """LBR against the expert, duplicate deals, in mbb a hand."""
    print("| game | hands | LBR winnings (mbb/hand) | 95% CI | expert fallbacks |")
    print("|---|---:|---:|---:|---:|")
    tables = load_policy()
    for game in games:
        prepare_game(game)
        table = next(t for g, t in tables.items() if g.value == game)
        model = heads_up_model(game)
        rng = random.Random(seed)
        expert = ExpertBot(random.Random(seed + 1))
        best = LocalBestResponse(table, model, random.Random(seed + 2), particles)
        pairs: list[float] = []
        for deal in range(hands // 2):
            deal_seed = rng.getrandbits(48)
            pair = 0.0
            for lbr_seat in (0, 1):
                hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [200, 200],
                            button=deal % 2, rng=deal_seed)
                while not hand.is_over:
                    seat = hand.to_act
                    assert seat is not None
                    view = hand.view(seat)
                    action = best.act(view) if seat == lbr_seat else expert.act(view)
                    hand.apply(action)
                pair += hand.net[lbr_seat]
            pairs.append(pair)
            if len(pairs) % 100 == 0:
                mean = statistics.fmean(pairs) / 2 / 2 * 1000
                print(f"  {game}: {2 * len(pairs)} hands, {mean:+.0f} mbb/hand",
                      file=sys.stderr, flush=True)
        mean = statistics.fmean(pairs) / 2 / 2 * 1000  # a pair is two hands; big blind 2
        ci = 1.96 * statistics.stdev(pairs) / math.sqrt(len(pairs)) / 2 / 2 * 1000
        print(f"| {game} | {2 * len(pairs):,} | {mean:+.0f} | ±{ci:.0f} | "
              f"{expert.fallbacks} |", flush=True)


def main() -> None:
    """Run the parts asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append",
                        choices=["time", "exploit", "match", "lbr"],
                        help="a part (repeatable; default all)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="a game (repeatable; default the three covered)")
    parser.add_argument("--opponent", action="append", choices=["strong", "normal"],
                        help="match opponents (default strong and normal)")
    parser.add_argument("--hands", type=int, default=4000, help="hands a match")
    parser.add_argument("--time-hands", type=int, default=2000, help="hands timed a game")
    parser.add_argument("--lbr-hands", type=int, default=1000, help="LBR hands a game")
    parser.add_argument("--particles", type=int, default=120,
                        help="opponent hands behind each LBR decision")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    parts = args.only or ["time", "exploit", "match", "lbr"]
    games = args.game or GAMES
    if "time" in parts:
        timing(games, args.time_hands, args.seed)
    if "exploit" in parts:
        exploit(games)
    if "match" in parts:
        matches(games, args.opponent or ["strong", "normal"], args.hands, args.seed)
    if "lbr" in parts:
        lbr(games, args.lbr_hands, args.seed, args.particles)


if __name__ == "__main__":
    main()
