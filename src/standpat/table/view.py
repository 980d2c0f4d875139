"""What a client sees of a table: the seats, the positions, the hand, and the clock hook.

>>> from standpat.engine import Action
>>> Wait(2, Action.check(), "seat 2 (Cy) to act: check").action
Action.check()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from standpat.engine import Action, SeatView
from standpat.table.plan import Marker
from standpat.table.seats import Choice

__all__ = ["SeatInfo", "TableView", "Wait"]


class Wait(NamedTuple):
    """The clock hook: the seat the table waits for and what a time-out does for it."""

    seat: int
    action: Action
    text: str


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One occupied seat as every viewer may see it."""

    name: str
    stack: int
    """Chips behind (during a hand: not counting his bet in front or the pot)."""
    marker: Marker | None
    sitting_out: bool
    waiting: bool
    """Sitting in but not dealt into the hand being played; between hands: sitting in and
    owing a blind (waiting for the big blind, or to post when allowed)."""
    in_hand: bool
    """Dealt into the current (or last) hand."""


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as one seat (or a spectator, ``seat=None``) may see it."""

    seat: int | None
    seats: tuple[SeatInfo | None, ...]
    button: int | None
    small_blind: int | None
    big_blind: int | None
    dead_button: bool
    dead_small_blind: bool
    hand_number: int
    to_act: int | None
    """The table seat whose turn it is (None between hands)."""
    dealt: tuple[int, ...]
    """Table seats of the current or last hand, in the hand's order (``hand.seat`` i is
    ``dealt[i]``)."""
    hand: SeatView | None
    """The engine's view of the current (or last) hand for this viewer."""
    choices: tuple[Choice, ...] = ()
    """How the viewer may come in now, when he owes a blind (see ``Table.choices``)."""


