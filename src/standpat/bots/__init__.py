"""Poker bots for the draw games, behind one small interface: ``act(view) -> action``.

A bot sees only a :class:`~standpat.engine.SeatView` (its own cards and the
public record of the hand) and always returns an action the view's ``legal``
accepts.  Four levels:

- ``easy``: random legal betting, sane draws (keeps pairs and made hands);
- ``normal``: rules of thumb on hand strength, draw odds, pot odds and position;
- ``strong``: Monte Carlo draw equity against the ranges opponents' draw counts
  and bets reveal, over a fixed number of simulated deals per decision;
- ``expert``: heads-up fixed-limit 2-7 Single Draw, 2-7 Triple Draw and Five Card
  Draw 7-A by a CFR+ policy learned by self-play on an abstraction (shipped in the
  package, :mod:`standpat.bots.expert`); every other hand as ``strong``.

Every level is reproducible: a bot made with a seeded ``rng`` takes the same
decisions on any machine, at any load (none of them looks at a clock).

>>> import random
>>> from standpat.engine import Hand, Stakes
>>> hand = Hand("five-card-draw-7a", "pot-limit", Stakes.from_bets(2), [200, 200], rng=7)
>>> bots = [make_bot("normal", rng=random.Random(1)), make_bot("easy", rng=random.Random(2))]
>>> while not hand.is_over:
...     seat = hand.to_act
...     action = bots[seat].act(hand.view(seat))
...     assert hand.can(action)
...     _ = hand.apply(action)
>>> sum(hand.net)
0
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from standpat.bots.easy import EasyBot
from standpat.bots.expert import ExpertBot
from standpat.bots.normal import NormalBot
from standpat.bots.strong import SAMPLES, StrongBot, prepare_game
from standpat.engine import Action, SeatView

__all__ = [
    "LEVELS", "SAMPLED_STRONG", "SAMPLES", "Bot", "EasyBot", "ExpertBot", "NormalBot",
    "StrongBot", "bots_by_name", "make_bot", "prepare_game",
]

LEVELS = ("easy", "normal", "strong", "expert")
"""The bot levels, weakest first."""


class Bot(Protocol):
    """A player: given what its seat sees, a legal action."""

    def act(self, view: SeatView) -> Action:
        """The action to take; called only when ``view.to_act == view.seat``."""
        ...


SAMPLED_STRONG = "strong-sampled"
"""The strong bot without exact draw odds (as it was before them), for benchmarks."""


def make_bot(level: str, *, rng: random.Random | None = None, samples: int = SAMPLES) -> Bot:
    """A bot of ``level`` (``easy``, ``normal``, ``strong`` or ``expert``;
    ``strong-sampled`` for comparisons).

    ``rng`` makes its play reproducible; ``samples`` is the strong bot's number of
    simulated deals per betting decision (its draws scale with it; the expert's
    fallback too), its only measure of effort: no bot looks at a clock.

    >>> type(make_bot("strong")).__name__
    'StrongBot'
    """
    if level == "easy":
        return EasyBot(rng)
    if level == "normal":
        return NormalBot(rng)
    if level == "strong":
        return StrongBot(rng, samples)
    if level == "expert":
        return ExpertBot(rng, samples)
    if level == SAMPLED_STRONG:
        return StrongBot(rng, samples, exact=False)
    raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")


def bots_by_name(level: str, seed: object = None) -> Callable[[str, SeatView], Action]:
    """A decision for any player by his name: each gets his own bot of ``level`` the first
    time he acts, seeded by ``seed`` and his name (so a player's play does not depend on
    who else is dealt in); for a tournament's ``decide``.

    >>> decide = bots_by_name("easy", 1)
    >>> decide.__name__
    'decide'
    """
    bots: dict[str, Bot] = {}

    def decide(player: str, view: SeatView) -> Action:
        if player not in bots:
            bots[player] = make_bot(level, rng=random.Random(f"{seed}:{player}"))
        return bots[player].act(view)

    return decide
