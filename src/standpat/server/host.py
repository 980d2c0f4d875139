"""Where tables live: the interface the web layer talks to, and its one-process implementation.

The web layer never touches a table's state.  It sends :class:`Command`s to a
:class:`TableHost` and receives messages through the :class:`Outbox` it
registered.  :class:`~standpat.server.room.LocalHost` runs each table as one
asyncio task in this process; :class:`~standpat.server.cluster.host.ClusterHost`
(a room of several nodes) runs some of them here and carries the same commands and
messages to and from the other nodes over Redis.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from standpat.server.schemas import TableSpec

__all__ = ["BotFactory", "Command", "Outbox", "TableHost"]

BotFactory = Callable[[str], Callable[[Any], Any]]
"""Makes a bot's decision function from a level name, for tests that seat bots of their
own; without one a table seats its game's own bots."""


class Outbox(Protocol):
    """Where a table sends one connection's messages (never blocks the table)."""

    id: int
    """A number unique among the connections of this server."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the connection."""


@dataclass(slots=True)
class Command:
    """A request to a table, handled in order by the table's task.

    ``kind`` is a client message type (``watch``, ``sit``, ``act``, ...) or an
    internal one (``disconnect``, ``seat-bot``); ``account`` is the sender's
    account id (None for a spectator); ``payload`` is the message, checked
    against its schema (:mod:`standpat.server.schemas`); ``reply`` gets the
    result or the error of commands that need one.
    """

    kind: str
    account: int | None = None
    outbox: Outbox | None = None
    payload: Any = None
    reply: asyncio.Future[Any] | None = None


class TableHost(Protocol):
    """Owns the room's tables; the web layer reaches them only through this."""

    async def start(self) -> None:
        """Load the stored tables and start them."""

    async def stop(self) -> None:
        """Stop every table (a hand in progress is voided on the next start)."""

    def table_ids(self) -> list[int]:
        """The ids of the open tables."""

    def has_table(self, table_id: int) -> bool:
        """Whether table ``table_id`` is open (what every table message asks first)."""

    def summary(self, table_id: int) -> dict[str, Any]:
        """A lobby line of a table (game, stakes, seats taken, average pot, ...)."""

    async def open_table(self, spec: TableSpec, *, owner: int | None, operator: bool) -> int:
        """Create and start a table from a checked lobby request, opened by account ``owner``
        (None: the room itself); an ``operator`` is not held to the per-player limits.
        Returns its id."""

    async def send(self, table_id: int, command: Command) -> None:
        """Queue a command for a table without waiting for it."""

    async def ask(self, table_id: int, command: Command) -> Any:
        """Queue a command and wait for its result (errors are raised here)."""
