"""The WebSocket endpoint: one socket per connection, JSON messages in both directions.

A connection may watch and sit at several tables.  Its messages go to the
tables through the host; what the tables send back is queued in the
connection's :class:`Connection` outbox and written by one sender task, so a
slow client never blocks a table.  Bad input gets an ``error`` message for
this connection only; a flood past the rate limit is dropped with an error,
and a connection that keeps flooding is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from standpat.errors import ProtocolError, StandpatError
from standpat.fairness import check_client_seed
from standpat.server.config import ServerConfig
from standpat.server.host import Command, TableHost
from standpat.server.problems import error_code
from standpat.server.protocol import VERSION, error_message, field, message, parse_message
from standpat.server.ratelimit import TokenBucket
from standpat.store import Account, Store

__all__ = ["Connection", "serve_socket"]

log = logging.getLogger("standpat.server")
_ids = itertools.count(1)
OUTBOX_LIMIT = 1000
"""Messages queued for a client that does not read before it is disconnected."""
FLOOD_LIMIT = 200
"""Messages dropped by the rate limit before the connection is closed."""


class Connection:
    """One client connection's outbox (the tables' side of a WebSocket)."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.overflowed = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client too slow to read is cut off."""
        if self.queue.qsize() >= OUTBOX_LIMIT:
            if not self.overflowed:
                self.overflowed = True
                self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)


async def serve_socket(
    socket: WebSocket, host: TableHost, store: Store, config: ServerConfig, account: Account | None
) -> None:
    """Serve one WebSocket until the client leaves."""
    await socket.accept()
    conn = Connection()
    tables: set[int] = set()
    bucket = TokenBucket(config.rate, config.burst)
    dropped = 0

    async def sender() -> None:
        while True:
            item = await conn.queue.get()
            if item is None:
                await socket.close(code=1008)
                return
            await socket.send_text(json.dumps(item, separators=(",", ":")))

    send_task = asyncio.create_task(sender())
    conn.send(
        message(
            "welcome",
            protocol=VERSION,
            account=None if account is None else {"id": account.id, "name": account.name},
        )
    )
    try:
        while True:
            raw = await socket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            text = raw.get("text")
            if text is None:
                text = raw.get("bytes") or b""
            if not bucket.take():
                dropped += 1
                if dropped >= FLOOD_LIMIT:
                    conn.send(error_message("flood", "too many messages; closing."))
                    break
                conn.send(error_message("rate-limited", "too many messages; this one was dropped."))
                continue
            ref = None
            try:
                data = parse_message(text, config.max_message)
                ref = data.get("ref")
                await _dispatch(data, conn, host, store, account, tables)
            except (StandpatError, ProtocolError) as error:
                conn.send(error_message(error_code(error), str(error), ref))
    except WebSocketDisconnect:
        pass
    finally:
        for table_id in tables:
            with contextlib.suppress(StandpatError):
                await host.send(
                    table_id,
                    Command(
                        "disconnect",
                        account=None if account is None else account.id,
                        outbox=conn,
                    ),
                )
        if dropped >= FLOOD_LIMIT:
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(send_task, 2)
        send_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await send_task


async def _dispatch(
    data: dict[str, Any],
    conn: Connection,
    host: TableHost,
    store: Store,
    account: Account | None,
    tables: set[int],
) -> None:
    kind = data["type"]
    account_id = None if account is None else account.id
    if kind == "ping":
        conn.send(message("pong", ref=data.get("ref")))
        return
    if kind == "hello":
        conn.send(
            message(
                "welcome",
                protocol=VERSION,
                account=None if account is None else {"id": account.id, "name": account.name},
            )
        )
        return
    if kind == "client-seed":
        if account is None:
            raise ProtocolError("not-logged-in", "log in to set a client seed.")
        seed = check_client_seed(field(data, "seed", str))
        store.set_client_seed(account.id, seed)
        for table_id in tables:
            await host.send(table_id, Command("client-seed", account_id, conn, {"seed": seed}))
        conn.send(message("client-seed", seed=seed))
        return
    table_id = field(data, "table", int)
    if table_id not in host.table_ids():
        raise ProtocolError("no-table", f"there is no table {table_id}.")
    if kind == "watch":
        tables.add(table_id)
        await host.send(table_id, Command("watch", account_id, conn, data))
        return
    if kind == "unwatch":
        tables.discard(table_id)
        await host.send(table_id, Command("unwatch", account_id, conn, data))
        return
    if account is None:
        raise ProtocolError("not-logged-in", "log in to play.")
    if kind == "sit":
        tables.add(table_id)
    await host.send(table_id, Command(kind, account_id, conn, data))
