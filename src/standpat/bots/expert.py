"""The ``expert`` bot: a CFR+ policy learned by self-play on an abstraction of heads-up
fixed-limit 2-7 Single Draw, 2-7 Triple Draw and Five Card Draw 7-A.

The policy (``expert_policy.npz`` beside this module, written by
``scripts/train_expert.py``) holds, for each game, the bucket edges of each round
(:mod:`standpat.bots.buckets`) and, for each abstract betting infoset
(:mod:`standpat.bots.cfr`), the probabilities of fold, check/call and bet/raise by
bucket.  A decision replays the hand's betting as an abstract history, buckets the
hand by its exact draw odds and draws an action from the row with the bot's seeded
``rng`` (the same seed, the same decisions).  Draws follow the abstraction's rule
(:func:`standpat.bots.buckets.keep`).

Anything the policy does not cover (more than two players, pot limit or no limit,
other games, antes, an all-in or a betting history outside the abstraction) is
played by the ``strong`` bot with the same ``rng``.

>>> import random
>>> from standpat.engine import Hand, Stakes
>>> hand = Hand("deuce-to-seven-single-draw", "fixed-limit", Stakes.from_bets(2), [200, 200],
...             rng=5)
>>> bot = ExpertBot(random.Random(1))
>>> bot.covers(hand.view(hand.to_act))
True
>>> hand.can(bot.act(hand.view(hand.to_act)))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from standpat.bots.buckets import bucket, draw_class, heads_up_model, keep, value
from standpat.bots.cfr import ACTIONS, AbstractGame, Betting
from standpat.bots.reading import first_legal
from standpat.bots.strong import SAMPLES, StrongBot
from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Called,
    Discarded,
    EventKind,
    Game,
    GameName,
    Posted,
    Raised,
    SeatView,
    StreetOpened,
    Structure,
    get_game,
)

__all__ = [
    "COVERED", "DRAW_CLASSES", "POLICY_FILE", "ExpertBot", "Table", "abstract_betting",
    "abstract_history", "load_abstraction", "load_policy",
]

POLICY_FILE: Final = "expert_policy.npz"
"""The policy's file name in the ``standpat.bots`` package."""

COVERED: Final = (GameName.SINGLE_DRAW, GameName.TRIPLE_DRAW, GameName.FIVE_CARD_DRAW_7A)
"""The games the policy covers, heads-up and fixed-limit."""

DRAW_CLASSES: Final = {
    GameName.SINGLE_DRAW: 3, GameName.FIVE_CARD_DRAW_7A: 4, GameName.TRIPLE_DRAW: 1,
}
"""Public draw classes of each game's abstraction: pat, one, two or more cards at single
draw; pat, one, two, three or more at 7-A draw; none at triple draw (three draws of
classes would make its tree too big to ship)."""


def abstract_betting(game: str | Game) -> Betting:
    """The abstract betting of ``game`` heads-up, in chips of a 2/4 table: the small bet
    (2) before the draw at which the big bet starts (the engine's ``(draws + 1) // 2``),
    the big bet (4) from it; and its draw classes.

    >>> abstract_betting("deuce-to-seven-triple-draw").bets
    (2, 2, 4, 4)
    """
    spec = get_game(game)
    big_from = (spec.draws + 1) // 2
    bets = tuple(2 if r < big_from else 4 for r in range(spec.draws + 1))
    return Betting(bets, classes=DRAW_CLASSES.get(spec.name, 1))


@dataclass(frozen=True)
class Table:
    """One game's policy: bucket edges by round, and action odds by infoset and bucket."""

    betting: Betting
    edges: npt.NDArray[np.float64]
    rows: dict[str, npt.NDArray[np.float64]]
    """Abstract betting history to a ``(buckets, 3)`` array of fold, check/call and
    bet/raise odds."""

    def odds(self, history: str, found: float) -> npt.NDArray[np.float64] | None:
        """The action weights after ``history`` for a hand of value ``found`` (None when
        the history is outside the abstraction)."""
        row = self.rows.get(history)
        if row is None:
            return None
        return np.asarray(row[bucket(found, self.edges[history.count("/")])])


def _read() -> dict[str, npt.NDArray[np.generic]]:
    """Every array of the policy file."""
    source = resources.files("standpat.bots").joinpath(POLICY_FILE)
    with resources.as_file(source) as path, np.load(path, allow_pickle=False) as data:
        return {name: data[name] for name in data.files}


def load_abstraction(game: str | Game) -> AbstractGame:
    """The abstract game ``game``'s policy was solved on (its bucket moves and showdown
    shares are in the policy file), to measure the policy again."""
    name = get_game(game).name.value
    data = _read()
    return AbstractGame(abstract_betting(game), data[f"{name}/moves"].astype(np.float64),
                        data[f"{name}/share"].astype(np.float64),
                        data[f"{name}/first"].astype(np.float64))


@cache
def load_policy() -> dict[GameName, Table]:
    """The shipped policy, read once per process."""
    data = _read()
    tables: dict[GameName, Table] = {}
    for name in data["games"]:
        game = GameName(str(name))
        keys = data[f"{name}/keys"]
        probs = data[f"{name}/probs"].astype(np.float64) / 255
        tables[game] = Table(abstract_betting(game), data[f"{name}/edges"].astype(np.float64),
                             {str(k): probs[i] for i, k in enumerate(keys)})
    return tables


_LETTERS: Final = {
    EventKind.FOLD: "f", EventKind.CHECK: "c", EventKind.CALL: "c",
    EventKind.BET: "r", EventKind.RAISE: "r",
}


def abstract_history(view: SeatView, classes: int = 1) -> str | None:
    """The hand's betting and draw classes (of ``classes``) as an abstract history
    (``None`` with antes, an all-in or other posts than the two blinds)."""
    letters: list[str] = []
    posts = 0
    drawn = [0, 0]
    for event in view.events:
        if isinstance(event, (Posted, Called, BetMade, Raised)) and event.all_in:
            return None
        if isinstance(event, Posted):
            posts += 1
        elif isinstance(event, Discarded):
            drawn[0 if event.seat == view.button else 1] = event.count
        elif isinstance(event, StreetOpened) and event.number > 0:
            letters.append("/")
            if classes > 1:
                letters.extend(str(draw_class(n, classes)) for n in drawn)
        elif event.kind in _LETTERS:
            letters.append(_LETTERS[event.kind])
    return "".join(letters) if posts == 2 else None


class ExpertBot:
    """Plays the shipped CFR+ policy where it covers the hand, else as ``strong`` does."""

    def __init__(self, rng: random.Random | None = None, samples: int = SAMPLES) -> None:
        """A bot drawing its mixed actions from ``rng``; ``samples`` is the strong
        fallback's effort.  Loads the policy (once per process)."""
        self.rng = rng or random.Random()
        self.tables = load_policy()
        self.fallback = StrongBot(self.rng, samples)
        self.fallbacks = 0
        """Betting decisions the strong fallback took (hands the policy does not cover)."""

    def covers(self, view: SeatView) -> bool:
        """Whether the policy plays this hand: a covered game, heads-up, fixed limit."""
        return (view.players == 2 and view.structure is Structure.FIXED_LIMIT
                and view.game.name in self.tables)

    def act(self, view: SeatView) -> Action:
        """A legal action for the seat to act."""
        legal = view.legal
        if legal is None:
            raise ValueError("act() needs the view of the seat to act.")
        if not self.covers(view):
            return self._fall_back(view)
        model = heads_up_model(view.game)
        hand = [int(c) for c in view.hand]
        if ActionKind.DISCARD in legal.kinds:
            kept = keep(model, hand, view.draws_left)
            thrown = [c for c in hand if c not in kept][:legal.max_discard]
            return first_legal(legal, [Action.discard(thrown)])
        table = self.tables[view.game.name]
        history = abstract_history(view, table.betting.classes)
        odds = None if history is None else table.odds(history,
                                                        value(model, hand, view.draws_left))
        if odds is None or history is None:
            return self._fall_back(view)
        state = table.betting.replay(history)
        me = 0 if view.seat == view.button else 1
        open_ = table.betting.legal(state)
        raises = bool(legal.kinds & {ActionKind.BET, ActionKind.RAISE})
        if state.to_act != me or ("r" in open_) != raises or ("f" in open_) != (
                ActionKind.FOLD in legal.kinds):
            return self._fall_back(view)
        weights = [float(odds[ACTIONS.index(a)]) for a in open_]
        total = sum(weights)
        pick = self.rng.random() * total
        chosen = open_[-1]
        for a, w in zip(open_, weights, strict=True):
            if pick < w:
                chosen = a
                break
            pick -= w
        if total <= 0:
            chosen = "c"
        if chosen == "f":
            return first_legal(legal, [Action.fold()])
        if chosen == "r":
            kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
            return first_legal(legal, [Action(kind, legal.min_to)])
        return first_legal(legal, [Action.check() if not legal.to_call else Action.call()])

    def _fall_back(self, view: SeatView) -> Action:
        """The strong bot's action, counted."""
        self.fallbacks += 1
        return self.fallback.act(view)
