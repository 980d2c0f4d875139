"""What happens at a table, as a list of plain records a client can draw the table from.

Every change of the table's state is one :class:`TableEvent`: a seat taken or left, chips
added, a player sitting out or coming back, a choice made, a marker set or cleared, the button
moved, a blind posted (live or dead), a hand started or ended, and every event of the hand
itself (:attr:`TableEventKind.HAND`, carrying the engine's event with its seat given as a
*table* seat).  Player actions are recorded as :attr:`TableEventKind.ACTION` too, so the
commands of a session can be replayed.

>>> e = TableEvent(TableEventKind.SEAT, seat=2, name="Ann", amount=200)
>>> str(e)
'seat 2: seat Ann 200'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from standpat.engine import Event

__all__ = ["TableEvent", "TableEventKind"]


class TableEventKind(StrEnum):
    """The kinds of table events (the wire spelling)."""

    SEAT = "seat"
    """A player took a seat: ``name``, ``amount`` = his buy-in."""
    LEAVE = "leave"
    """A player left: ``amount`` = the chips he took with him; ``text`` = why, when removed."""
    CHIPS = "chips"
    """Chips added to a stack (``amount``); ``text`` = "pending" while a hand he plays is on."""
    SIT_OUT = "sit-out"
    """A player sits out: ``text`` = "next-hand" or "next-big-blind" (he asked), "now" (he
    left during a hand he plays), "big-blind" (the big blind reached a player who asked to
    sit out at it) or "busted" (his stack is empty)."""
    SIT_IN = "sit-in"
    """A player comes back (he still owes what his marker says)."""
    CHOICE = "choice"
    """A player chose how to come in: ``text`` = a :class:`~standpat.table.Choice` value."""
    MARKER = "marker"
    """A missed-blind marker: ``text`` = "ML" or "MS" when set, "" when cleared."""
    BUTTON = "button"
    """The button moved to ``seat``; ``text`` = "dead" for a dead button."""
    HAND_START = "hand-start"
    """A hand starts: ``amount`` = the hand number, ``seats`` = the seats dealt in, in the
    hand's order (the engine's seat indexes), ``text`` = "heads-up" / "fresh" when so."""
    BLIND = "blind"
    """A forced post: ``text`` = small-blind, big-blind, dead-small-blind or ante;
    ``amount`` = the chips posted (less than asked when all-in)."""
    HAND = "hand"
    """An event of the hand (``event``), with its seat as a table seat."""
    ACTION = "action"
    """A player's action (``text``, as :class:`~standpat.engine.Action` prints it)."""
    HAND_END = "hand-end"
    """A hand ended: ``amount`` = the hand number, ``seats`` = the stacks of the seats dealt in
    (in the hand's order)."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One thing that happened at the table."""

    kind: TableEventKind
    seat: int | None = None
    name: str = ""
    amount: int = 0
    text: str = ""
    seats: tuple[int, ...] = ()
    event: Event | None = None

    def __str__(self) -> str:
        where = "table" if self.seat is None else f"seat {self.seat}"
        parts = [str(self.kind)]
        parts += [p for p in (self.name, self.text) if p]
        if self.amount:
            parts.append(str(self.amount))
        if self.seats:
            parts.append(" ".join(map(str, self.seats)))
        if self.event is not None:
            parts.append(str(self.event.kind))
        return f"{where}: {' '.join(parts)}"
