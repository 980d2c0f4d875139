"""The bots a table seats: ``standpat.bots`` levels, plus the house's calling station."""

from __future__ import annotations

import importlib
from collections.abc import Callable

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
    """The decision function of a bot of ``level`` (``"house"``: :func:`calling_station`)."""
    if level == "house":
        return calling_station
    try:
        bots = importlib.import_module("standpat.bots")
        decide: Callable[[SeatView], Action] = bots.make_bot(level).act
    except (ImportError, AttributeError, ValueError):
        raise TableError(f"unknown bot level {level!r}.") from None
    return decide
