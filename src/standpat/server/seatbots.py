"""The bots a table seats: the poker levels of :mod:`standpat.bots` (plus the house's
calling station) and the pinochle bots, by the family of the table's game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from standpat.bots import LEVELS, make_bot
from standpat.engine import Action, ActionKind, SeatView
from standpat.errors import TableError
from standpat.pinochle import RandomBot, SimpleBot

__all__ = ["PINOCHLE_LEVELS", "POKER_LEVELS", "calling_station", "check_level", "game_bot"]

POKER_LEVELS = (*LEVELS, "house")
"""The levels of a poker table's bots."""
PINOCHLE_LEVELS = ("easy", "normal")
"""The levels of a pinochle table's bots: ``easy`` plays a random legal action (and bids
now and then), ``normal`` is :class:`~standpat.pinochle.SimpleBot` (bids from its meld and
the tricks it expects, plays to take the counters)."""


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


def check_level(kind: str, level: str) -> None:
    """TableError unless a table of the game family ``kind`` seats bots of ``level``.

    >>> check_level("pinochle", "house")
    Traceback (most recent call last):
    ...
    standpat.errors.TableError: no 'house' bot plays pinochle; choose one of easy, normal.
    """
    if kind == "poker":
        if level not in POKER_LEVELS:
            raise TableError(
                f"unknown bot level {level!r}; choose one of {', '.join(POKER_LEVELS)}."
            )
    elif kind == "pinochle":
        if level not in PINOCHLE_LEVELS:
            raise TableError(
                f"no {level!r} bot plays pinochle; choose one of {', '.join(PINOCHLE_LEVELS)}."
            )
    else:
        raise TableError(f"no bots play {kind!r} tables.")


def game_bot(kind: str, level: str, rng: random.Random) -> Callable[[Any], Any]:
    """A bot of ``level`` for a table of the game family ``kind``: a decision function of
    the table's bot view (TableError for an unknown level)."""
    check_level(kind, level)
    if kind == "poker":
        if level == "house":
            return calling_station
        return make_bot(level, rng=rng).act
    if level == "easy":
        return RandomBot(rng).act
    return SimpleBot().act
