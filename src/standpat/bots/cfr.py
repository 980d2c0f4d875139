"""CFR+ on an abstract heads-up fixed-limit draw game, and its exact best response.

The abstract game: two players (0 is the button, who posts the small blind and
acts first before the first draw, last after it), fixed-limit betting rounds
(``Betting``: a bet size per round, a cap of four bets a round, the big blind
the first of them), and each player's hand as a *bucket*.  At each draw a
player's bucket moves, independently of the other player's, by
``moves[r, k]``: the odds of drawing cards of class ``k`` (``Betting.classes``
of them: stand pat, one card, two or more...) and landing in each bucket.  The
classes are public, as the number of cards a player draws is at the table; the
buckets are private.  At a showdown ``share[a, b]`` is the pot share of a
bucket-``a`` hand against a bucket-``b`` hand (the cards side is
:mod:`standpat.bots.buckets`).

A strategy depends on the whole public history and the player's current
bucket: since buckets move as a Markov chain, the value of a subtree depends on
the current bucket alone (a player's earlier buckets add nothing), so every
computation below works on vectors over buckets and is exact.

>>> betting = Betting((2, 4))
>>> game = AbstractGame(betting, np.eye(2)[None, None], np.array([[0.5, 0.0], [1.0, 0.5]]),
...                     np.array([0.5, 0.5]))
>>> solver = Solver(game)
>>> for _ in range(50):
...     solver.iterate()
>>> exploitability(game, solver.average()) < 0.05
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = [
    "ACTIONS",
    "AbstractGame",
    "Betting",
    "Node",
    "Policy",
    "Solver",
    "State",
    "best_response",
    "exploitability",
]

Vector = npt.NDArray[np.float64]

ACTIONS: Final = "fcr"
"""The abstract actions: fold, check or call, bet or raise (one letter each in a history).

A history is the letters of the betting; each draw adds ``/`` and, with more than one
draw class, the class of the button's draw and of the big blind's (``"rc/21c"``)."""

Policy = dict[str, Vector]
"""Betting history to a ``(buckets, 3)`` array of action probabilities (columns as ``ACTIONS``)."""


@dataclass(frozen=True, slots=True)
class State:
    """Where a betting history stands: the round, chips in from each player, whose turn."""

    round: int
    put: tuple[int, int]
    to_act: int
    bets: int
    """Bets and raises made this round (the big blind counts as one before the first draw)."""
    acted: frozenset[int]
    over: str = ""
    """``""`` while betting; ``"fold"`` (``to_act`` folded) or ``"showdown"``."""


@dataclass(frozen=True, slots=True)
class Betting:
    """Heads-up fixed-limit betting: the bet of each round, the blinds and the cap."""

    bets: tuple[int, ...]
    small_blind: int = 1
    big_blind: int = 2
    cap: int = 4
    classes: int = 1
    """Public draw classes (1: the draws show nothing)."""

    @property
    def rounds(self) -> int:
        """Betting rounds (draws + 1)."""
        return len(self.bets)

    def start(self) -> State:
        """The state after the blinds: the button to act."""
        return State(0, (self.small_blind, self.big_blind), 0, 1, frozenset())

    def legal(self, state: State) -> str:
        """The abstract actions open in ``state`` (a subset of ``ACTIONS``, in order)."""
        owes = state.put[state.to_act] < state.put[1 - state.to_act]
        return ("f" if owes else "") + "c" + ("r" if state.bets < self.cap else "")

    def step(self, state: State, action: str) -> State:
        """The state after ``action`` (one of :meth:`legal`)."""
        me = state.to_act
        put = list(state.put)
        if action == "f":
            return State(state.round, state.put, me, state.bets, state.acted, "fold")
        acted = state.acted | {me}
        if action == "r":
            put[me] = put[1 - me] + self.bets[state.round]
            return State(state.round, (put[0], put[1]), 1 - me, state.bets + 1, acted)
        put[me] = put[1 - me]
        if len(acted) < 2:  # the big blind's option, or a first check
            return State(state.round, (put[0], put[1]), 1 - me, state.bets, acted)
        if state.round + 1 == self.rounds:
            return State(state.round, (put[0], put[1]), me, state.bets, acted, "showdown")
        return State(state.round + 1, (put[0], put[1]), 1, 0, frozenset())

    def replay(self, history: str) -> State:
        """The state after ``history`` (actions, rounds separated by ``/``).

        >>> Betting((2, 4)).replay("rc/").put
        (4, 4)
        """
        state = self.start()
        for action in history:
            if action == "/" or action.isdigit():
                continue
            if action not in self.legal(state) or state.over:
                raise ValueError(f"{action!r} is not open after {history!r}.")
            state = self.step(state, action)
        return state


@dataclass(eq=False)
class Node:
    """A node of the abstract tree: a decision (its ``history`` and the bucket of the
    player to act make his infoset), a draw (``draws``: the public classes of each
    child, the button's first) or the end (``state.over``)."""

    history: str
    state: State
    actions: str
    children: list[Node] = field(default_factory=list)
    draws: list[tuple[int, int]] = field(default_factory=list)


def build_tree(betting: Betting) -> Node:
    """The whole tree from the blinds."""
    k = betting.classes

    def grow(history: str, state: State) -> Node:
        actions = "" if state.over else betting.legal(state)
        node = Node(history, state, actions)
        for a in actions:
            after = betting.step(state, a)
            if after.round > state.round:
                node.children.append(draw(history + a + "/", after))
            else:
                node.children.append(grow(history + a, after))
        return node

    def draw(history: str, state: State) -> Node:
        node = Node(history, state, "")
        for pair in ((a, b) for a in range(k) for b in range(k)):
            node.draws.append(pair)
            node.children.append(grow(history + (f"{pair[0]}{pair[1]}" if k > 1 else ""), state))
        return node

    return grow("", betting.start())


@dataclass(eq=False)
class AbstractGame:
    """The tree with the cards' side: ``moves[r, k, a, b]`` the odds that a bucket-``a``
    hand draws cards of class ``k`` at draw ``r + 1`` and lands in bucket ``b``; ``share``
    the showdown pot share of the row bucket against the column bucket; ``first`` the
    first round's bucket odds."""

    betting: Betting
    moves: npt.NDArray[np.float64]
    share: npt.NDArray[np.float64]
    first: Vector
    root: Node = field(init=False)
    keys: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.root = build_tree(self.betting)
        keys: dict[str, None] = {}

        if self.moves.shape[1] != self.betting.classes:
            raise ValueError(f"{self.moves.shape[1]} draw classes of moves for a tree of "
                             f"{self.betting.classes}.")

        def visit(node: Node) -> None:
            if node.actions:
                keys[node.history] = None
            for child in node.children:
                visit(child)

        visit(self.root)
        self.keys = list(keys)

    @property
    def buckets(self) -> int:
        """Buckets a round."""
        return int(self.first.size)

    def terminal(self, node: Node, me: int, reach_other: Vector) -> Vector:
        """Player ``me``'s values by bucket at a terminal node, weighted by the other's reach."""
        state = node.state
        mine, theirs = state.put[me], state.put[1 - me]
        total = float(reach_other.sum())
        if state.over == "fold":
            won = -mine if state.to_act == me else theirs
            return np.full(self.buckets, won * total)
        share = self.share if me == 0 else 1.0 - self.share.T
        return np.asarray(share @ reach_other * (mine + theirs) - mine * total)


def _matched(strategy: Vector, actions: str) -> Vector:
    """The columns of ``strategy`` for ``actions``."""
    return strategy[:, [ACTIONS.index(a) for a in actions]]


def uniform(game: AbstractGame) -> Policy:
    """Every open action equally likely at every infoset."""
    found: Policy = {}

    def visit(node: Node) -> None:
        if node.actions and node.history not in found:
            found[node.history] = np.zeros((game.buckets, 3))
            for a in node.actions:
                found[node.history][:, ACTIONS.index(a)] = 1 / len(node.actions)
        for child in node.children:
            visit(child)

    visit(game.root)
    return found


class Solver:
    """CFR+ (regret matching+, alternating updates, linearly weighted average)."""

    def __init__(self, game: AbstractGame) -> None:
        """A solver starting from uniform play."""
        self.game = game
        self.regrets: Policy = {k: np.zeros((game.buckets, 3)) for k in game.keys}
        self.totals: Policy = {k: np.zeros((game.buckets, 3)) for k in game.keys}
        self.iterations = 0
        self._open = {k: v > 0 for k, v in uniform(game).items()}

    def current(self) -> Policy:
        """The strategy regret matching+ plays now."""
        found: Policy = {}
        for key, regret in self.regrets.items():
            mask = self._open[key]
            positive = np.where(mask, np.maximum(regret, 0.0), 0.0)
            sums = positive.sum(axis=1, keepdims=True)
            even = mask / mask.sum(axis=1, keepdims=True)
            found[key] = np.where(sums > 0, positive / np.where(sums > 0, sums, 1.0), even)
        return found

    def average(self) -> Policy:
        """The weighted average strategy (the solution)."""
        found: Policy = {}
        for key, total in self.totals.items():
            mask = self._open[key]
            sums = total.sum(axis=1, keepdims=True)
            even = mask / mask.sum(axis=1, keepdims=True)
            found[key] = np.where(sums > 0, total / np.where(sums > 0, sums, 1.0), even)
        return found

    def iterate(self) -> None:
        """One iteration: each player updates in turn."""
        self.iterations += 1
        for me in (0, 1):
            strategy = self.current()
            delta: Policy = {}
            first = self.game.first
            self._walk(self.game.root, me, first, first, strategy, delta)
            for key, d in delta.items():
                self.regrets[key] = np.maximum(self.regrets[key] + d, 0.0)

    def _walk(self, node: Node, me: int, mine: Vector, theirs: Vector, strategy: Policy,
              delta: Policy) -> Vector:
        game = self.game
        if node.draws:
            found = np.zeros(game.buckets)
            for pair, child in zip(node.draws, node.children, strict=True):
                mm = game.moves[node.state.round - 1, pair[me]]
                tm = game.moves[node.state.round - 1, pair[1 - me]]
                found += mm @ self._walk(child, me, mine @ mm, theirs @ tm, strategy, delta)
            return found
        if not node.actions:
            return game.terminal(node, me, theirs)
        probs = _matched(strategy[node.history], node.actions)
        values = []
        for i, child in enumerate(node.children):
            if node.state.to_act == me:
                m, t = mine * probs[:, i], theirs
            else:
                m, t = mine, theirs * probs[:, i]
            values.append(self._walk(child, me, m, t, strategy, delta))
        stacked = np.stack(values, axis=1)
        if node.state.to_act != me:
            return np.asarray(stacked.sum(axis=1))
        value = (stacked * probs).sum(axis=1)
        regret = np.zeros((game.buckets, 3))
        cols = [ACTIONS.index(a) for a in node.actions]
        regret[:, cols] = stacked - value[:, None]
        delta[node.history] = delta.get(node.history, 0.0) + regret
        full = np.zeros((game.buckets, 3))
        full[:, cols] = probs * mine[:, None]
        self.totals[node.history] += self.iterations * full
        return np.asarray(value)


def best_response(game: AbstractGame, policy: Policy, me: int) -> float:
    """What player ``me`` wins a hand, in chips, playing his best against ``policy``,
    remembering the whole history (exact, in the abstract game)."""

    def walk(node: Node, theirs: Vector) -> Vector:
        if node.draws:
            found = np.zeros(game.buckets)
            for pair, child in zip(node.draws, node.children, strict=True):
                mm = game.moves[node.state.round - 1, pair[me]]
                tm = game.moves[node.state.round - 1, pair[1 - me]]
                found += mm @ walk(child, theirs @ tm)
            return found
        if not node.actions:
            return game.terminal(node, me, theirs)
        probs = _matched(policy[node.history], node.actions)
        values = []
        for i, child in enumerate(node.children):
            t = theirs if node.state.to_act == me else theirs * probs[:, i]
            values.append(walk(child, t))
        stacked = np.stack(values, axis=1)
        if node.state.to_act == me:
            return np.asarray(stacked.max(axis=1))
        return np.asarray(stacked.sum(axis=1))

    return float(game.first @ walk(game.root, game.first))


def exploitability(game: AbstractGame, policy: Policy,
                   unit: Callable[[float], float] = lambda chips: chips) -> float:
    """Mean of the two best responses' winnings against ``policy`` (0 at an equilibrium)."""
    return unit((best_response(game, policy, 0) + best_response(game, policy, 1)) / 2)
