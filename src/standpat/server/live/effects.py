"""What a live table's core asks its task to do: the effects of a command or a deadline.

The core (:mod:`~standpat.server.live.core`) decides; it never waits, writes or sends.
Each of its steps is a generator that yields effects and gets each one's answer back
(``answer = yield effect``); the table's task (:mod:`~standpat.server.live.task`) carries
them out in order: a :class:`Write` is committed (through the table's fence) before the
next effect, so nothing is told before it is written; a failed write is thrown back
into the step, which may undo what it did and re-raise.

>>> steps = (lambda: (yield Tell({"type": "hello"})))()
>>> next(steps)
Tell(body={'type': 'hello'})
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

from standpat.server.host import Outbox
from standpat.server.live.writes import WriteOp
from standpat.server.tournaments.director import Order

__all__ = [
    "Broadcast",
    "Closed",
    "Effect",
    "Forward",
    "Hint",
    "ReadAccount",
    "Send",
    "SendState",
    "Steps",
    "Tell",
    "Think",
    "Write",
]

T = TypeVar("T")
Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Write:
    """Make these store writes in one transaction (after the table's fence); the answer is
    the list of their results.  Nothing is told before it is committed."""

    ops: tuple[WriteOp, ...]


@dataclass(frozen=True, slots=True)
class ReadAccount:
    """Read an account (its name and client seed); the answer is the store's ``Account``."""

    account: int


@dataclass(frozen=True, slots=True)
class Send:
    """Send one connection a message."""

    outbox: Outbox
    body: Json


@dataclass(frozen=True, slots=True)
class SendState:
    """Send one connection its ``table`` message (``full``: the round's events from its
    start, as after a ``watch``)."""

    outbox: Outbox
    full: bool = False


@dataclass(frozen=True, slots=True)
class Tell:
    """Send every watcher the same message."""

    body: Json


@dataclass(frozen=True, slots=True)
class Broadcast:
    """Send every watcher his ``table`` message: the table changed."""


@dataclass(frozen=True, slots=True)
class Think:
    """A bot decides (in a worker thread: the other tables go on); the answer is its action
    for the hosted table."""

    seat: int
    account: int
    level: str
    view: Any


@dataclass(frozen=True, slots=True)
class Hint:
    """Compute a player's hint off the event loop (``job``) and send it to his connections
    if round ``round_id`` is still the table's; no answer is waited for."""

    seat: int
    account: int
    round_id: int
    job: Callable[[], Json | None]


@dataclass(frozen=True, slots=True)
class Closed:
    """The table closed (``idle``, ``operator``): its task ends."""

    reason: str


@dataclass(frozen=True, slots=True)
class Forward:
    """A tournament table's orders for the rest of its tournament (a player's seat at
    another table, a move from one, another table closing), for the room's tournament
    service to carry out after the write that made them."""

    orders: tuple[Order, ...]


Effect = (Write | ReadAccount | Send | SendState | Tell | Broadcast | Think | Hint | Closed
          | Forward)
"""Everything a step of the core may yield."""

Steps = Generator[Effect, Any, T]
"""A step of the core: yields effects, gets their answers, returns its result."""
