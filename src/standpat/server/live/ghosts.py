"""Which players' seats a table frees: pure, handed ``now`` (tested without a server).

A seat that only looks taken keeps a table from filling: a player who closed his
browser, or sits out, for longer than the away limit (or past a number of missed
big blinds) is stood up and cashed out; so is a busted player who does not add
chips within the rebuy time.  Bots never are.

>>> ghosts = Ghosts(away=600.0, missed=3, rebuy=60.0)
>>> ann = Seen(seat=0, connected=False, sitting_out=True, missed=0, stack=150)
>>> ghosts.review(0.0, [ann]), ghosts.review(599.0, [ann]), ghosts.review(600.0, [ann])
([], [], [(0, 'away')])
>>> bob = Seen(seat=1, connected=True, sitting_out=False, missed=0, stack=0)
>>> ghosts.review(1000.0, [bob]), ghosts.due(1, "busted")
([], 1060.0)
>>> ghosts.review(1060.0, [bob])
[(1, 'busted')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Ghosts", "Seen", "Why"]

Why = Literal["away", "missed", "busted"]


@dataclass(frozen=True, slots=True)
class Seen:
    """A person's seat as the table sees it between rounds."""

    seat: int
    connected: bool
    sitting_out: bool
    missed: int
    """Big blinds missed in a row."""
    stack: int


@dataclass(slots=True)
class Ghosts:
    """The limits, and since when each seat has been away or busted."""

    away: float
    """Seconds disconnected or sitting out before the seat is freed."""
    missed: int
    """Big blinds missed in a row before the seat is freed."""
    rebuy: float
    """Seconds a busted player has to add chips."""
    _away_since: dict[int, float] = field(default_factory=dict)
    _busted_since: dict[int, float] = field(default_factory=dict)

    def review(self, now: float, seats: Iterable[Seen]) -> list[tuple[int, Why]]:
        """The seats to free now, and why; the others' clocks start or stop."""
        free: list[tuple[int, Why]] = []
        present = set()
        for seen in seats:
            present.add(seen.seat)
            if seen.connected and not seen.sitting_out:
                self._away_since.pop(seen.seat, None)
            else:
                self._away_since.setdefault(seen.seat, now)
            if seen.stack > 0:
                self._busted_since.pop(seen.seat, None)
            else:
                self._busted_since.setdefault(seen.seat, now)
            if now - self._away_since.get(seen.seat, now) >= self.away:
                free.append((seen.seat, "away"))
            elif seen.missed >= self.missed:
                free.append((seen.seat, "missed"))
            elif now - self._busted_since.get(seen.seat, now) >= self.rebuy:
                free.append((seen.seat, "busted"))
        for seat in [*self._away_since, *self._busted_since]:
            if seat not in present:
                self.forget(seat)
        for seat, _ in free:
            self.forget(seat)
        return free

    def due(self, seat: int, why: Why) -> float | None:
        """When the seat will be freed for being away (or busted), if it is."""
        if why == "busted":
            since = self._busted_since.get(seat)
            return None if since is None else since + self.rebuy
        since = self._away_since.get(seat)
        return None if since is None else since + self.away

    def forget(self, seat: int) -> None:
        """The seat emptied (or was freed): its clocks stop."""
        self._away_since.pop(seat, None)
        self._busted_since.pop(seat, None)
