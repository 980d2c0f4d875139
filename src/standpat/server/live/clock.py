"""The action clock of a table: pure, driven by the ``now`` it is handed (tested without
a server or a real clock).

The seat to act has the table's clock; when it runs out his time bank runs (once per
turn, while he has some and is connected); when that runs out too, the table plays his
default action.  A disconnected player's turn first waits a reconnect window, a few
times a session.  A bot's turn lasts the bot delay.

>>> clock = Clock(clock=30.0, bot_delay=1.0, reconnect=20.0)
>>> clock.start_turn(seat=2, now=100.0, bot=False, away=False)
>>> clock.deadline, clock.remaining(110.0)
(130.0, 20.0)
>>> clock.expired(131.0, bank=60.0, connected=True)
'bank'
>>> clock.deadline, clock.banking
(191.0, True)
>>> clock.expired(192.0, bank=60.0, connected=True)
'default'
>>> clock.bank_spent(now=150.0)
20.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Clock"]

Expiry = Literal["wait", "bank", "default"]


@dataclass(slots=True)
class Clock:
    """The deadline of the seat to act (times in seconds of any monotonic clock)."""

    clock: float
    """Seconds a player has for each action."""
    bot_delay: float
    """Seconds a bot waits before it acts."""
    reconnect: float
    """The reconnect window of a disconnected player's turn."""
    seat: int | None = None
    """The seat whose turn it is (None between turns)."""
    deadline: float | None = None
    started: float = 0.0
    banking: bool = False
    """Whether the seat's time bank is running."""

    def start_turn(self, seat: int, now: float, *, bot: bool, away: bool) -> None:
        """A turn starts; ``away``: the player is disconnected and gets a reconnect window."""
        self.seat = seat
        self.started = now
        self.banking = False
        if bot:
            self.deadline = now + self.bot_delay
            return
        self.deadline = now + self.clock + (self.reconnect if away else 0.0)

    def stop(self) -> None:
        """No turn runs (between hands)."""
        self.seat = None
        self.deadline = None
        self.banking = False

    def wait_for_reconnect(self) -> None:
        """The player to act has just disconnected: his turn waits a reconnect window more."""
        if self.deadline is not None:
            self.deadline += self.reconnect

    def remaining(self, now: float) -> float:
        """Seconds left of the running deadline (0 when none runs or it passed)."""
        return 0.0 if self.deadline is None else max(0.0, self.deadline - now)

    def due(self, now: float) -> bool:
        """Whether the deadline has passed."""
        return self.deadline is not None and now >= self.deadline

    def expired(self, now: float, *, bank: float, connected: bool) -> Expiry:
        """What the deadline passing at ``now`` means for a person: his time bank starts
        (``bank``; the deadline moves), or his default action is due (``default``).
        ``wait`` when it has not passed."""
        if not self.due(now):
            return "wait"
        if not self.banking and bank > 0 and connected:
            self.banking = True
            self.deadline = now + bank
            return "bank"
        return "default"

    def bank_spent(self, now: float) -> float:
        """The time bank used by a player who acts at ``now`` (0 unless it was running)."""
        if not self.banking:
            return 0.0
        return max(0.0, now - self.started - self.clock)
