"""A live table of the room, split along its responsibilities.

- ``task``: the table's task and queue, rounds, bots, the fair deal (:class:`LiveTable`);
- ``commands``: one handler per command kind, with typed payloads;
- ``clock``: the action clock, time bank and reconnect windows, pure (it is handed ``now``);
- ``recorder``: persistence as a cursor over the table's played actions;
- ``messages``: each watcher's ``table`` message, built from the table's views;
- ``sitters``: who sits, as the room tracks them.

A live table knows its game only through :class:`standpat.table.hosted.HostedTable`.
"""

from __future__ import annotations

from standpat.server.live.task import LiveTable

__all__ = ["LiveTable"]
