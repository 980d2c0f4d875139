"""A live table of the room: a pure core, and the task that runs it.

- ``core``: everything the room decides about a table, without asyncio, a store or a socket
  (:class:`~standpat.server.live.core.TableCore`): its steps yield effects;
- ``handlers``: one handler per command kind, with typed payloads (steps of the core);
- ``restart``: who sits again, and how, when a table starts again (a crash, a takeover);
- ``effects`` and ``writes``: what a step asks for (sends, writes, a bot's turn, a hint);
- ``task``: the table's asyncio task, which runs the loop and carries the effects out
  (:class:`~standpat.server.live.task.LiveTable`);
- ``recorder`` and ``writer``: the writes, fenced, grouped into transactions off the loop;
- ``clock``, ``ghosts``, ``waiting``, ``chat``: the action clock, freed seats, the waiting
  list and the chat, pure (handed ``now``);
- ``messages``: each watcher's ``table`` message, built from the table's views;
- ``sitters``: who sits, as the room tracks them.

A live table knows its game only through :class:`standpat.table.hosted.HostedTable`.
"""

from __future__ import annotations

from standpat.server.live.core import TableCore
from standpat.server.live.task import LiveTable

__all__ = ["LiveTable", "TableCore"]
