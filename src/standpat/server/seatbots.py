"""The bots a table seats: the levels of :mod:`standpat.bots`, plus the house's calling station."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from standpat.bots import LEVELS, make_bot
from standpat.engine import Action, ActionKind, SeatView
from standpat.errors import TableError

__all__ = ["bot_factory", "calling_station"]


def calling_station(view: SeatView) -> Action:
    """The house bot: never folds what it can check or call, stands pat, never raises."""
    legal = view.legal
    assert legal is not None
    if ActionKind.CHECK in legal.kinds:
        return Action.check()
    if ActionKind.CALL in legal.kinds:
        return Action.call()
    if ActionKind.DISCARD in legal.kinds:
        return Action.stand_pat()
    return Action.fold()


def bot_factory(level: str) -> Callable[[SeatView], Action]:
    """The decision function of a bot of ``level``: easy, normal, strong or house.

    Each bot gets its own random source (never the deck's stream).
    """
    if level == "house":
        return calling_station
    if level not in LEVELS:
        raise TableError(
            f"unknown bot level {level!r}; choose one of {', '.join((*LEVELS, 'house'))}."
        )
    return make_bot(level, rng=random.Random(secrets.randbits(64))).act
