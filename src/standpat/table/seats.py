"""The players at a table: who sits where, and how he sits out and comes back.

>>> p = Player("Ann", 100)
>>> p.owes, p.marker
(True, None)
>>> [c.value for c in Choice]
['post-bb', 'post-all', 'post-dead-sb', 'wait-for-bb']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from standpat.table.plan import Marker

__all__ = ["Choice", "Player", "SitOut"]


class Choice(StrEnum):
    """How a player who owes a blind comes in (the wire spelling)."""

    POST_BB = "post-bb"
    """A new player posts one big blind (live) and is dealt in at once."""
    POST_ALL = "post-all"
    """An ML player posts the big blind (live) and the small blind (dead)."""
    POST_DEAD_SB = "post-dead-sb"
    """An MS player posts the small blind (dead)."""
    WAIT_FOR_BB = "wait-for-bb"
    """Wait until the big blind reaches him; then he posts only the big blind, in turn."""


class SitOut(StrEnum):
    """When a player's sitting out begins."""

    NEXT_HAND = "next-hand"
    """From the next hand on (he plays out a hand he is in)."""
    NEXT_BIG_BLIND = "next-big-blind"
    """He plays until the big blind would reach him, then sits out (and is marked ML)."""


@dataclass(slots=True)
class Player:
    """A seated player: the table's record of him (mutated only by the table)."""

    name: str
    stack: int
    new: bool = True
    """Not dealt in since he sat down: he owes a big blind to come in."""
    marker: Marker | None = None
    post: bool = False
    """He chose to post what he owes rather than wait for the big blind."""
    sitting_out: bool = False
    out_at_bb: bool = False
    """He asked to sit out when the big blind reaches him."""
    missed: int = 0
    """Big blinds missed in a row."""
    pending: int = 0
    """Chips added during a hand he plays; they reach his stack when it ends."""
    leaving: bool = False
    """He left during a hand he plays; the seat empties when it ends."""

    @property
    def owes(self) -> bool:
        """True when he must post or wait for the big blind to be dealt in."""
        return self.new or self.marker is not None


