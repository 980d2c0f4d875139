"""The WebSocket endpoint: one socket per connection, JSON messages in both directions.

A connection may watch and sit at several tables.  Every message it sends is
checked against the protocol's schema (:mod:`standpat.server.schemas`) before
anything acts on it; bad input gets an ``error`` message for this connection
only.  What the tables send back goes through the connection's
:class:`Connection` outbox: written at once when the socket takes it without
waiting and nothing is queued before it (the room's WebSocket protocol offers
that, :data:`~standpat.server.guard.WRITE_TEXT`), else queued and written by one
sender task, so a slow client never blocks a table.  A flood past the rate
limit is dropped with an error, and a connection that keeps flooding is closed;
so is every socket of a session that logs out.  uvicorn refuses frames larger
than the message limit with close code 1009.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import logging
from typing import Any

from pydantic import BaseModel
from redis.exceptions import RedisError
from starlette.websockets import WebSocket, WebSocketDisconnect

from standpat.errors import ProtocolError, StandpatError
from standpat.fairness import check_client_seed
from standpat.server.api import RestApi
from standpat.server.config import ServerConfig
from standpat.server.frames import encode
from standpat.server.guard import WRITE_TEXT, WriteText
from standpat.server.host import Command, TableHost
from standpat.server.problems import error_code
from standpat.server.protocol import VERSION, error_message, message
from standpat.server.schemas import (
    Chat,
    ChatModeMessage,
    ClientSeedMessage,
    Hello,
    Ping,
    SetChatMode,
    Unwatch,
    Watch,
    message_ref,
    parse_client_message,
)
from standpat.server.sessions import LOGGED_OUT, SessionSockets
from standpat.server.throttle import Throttle
from standpat.store import Account

__all__ = ["Connection", "serve_socket"]

log = logging.getLogger("standpat.server")
_ids = itertools.count(1)
OUTBOX_LIMIT = 1000
"""Messages queued for a client that does not read before it is disconnected."""
FLOOD_LIMIT = 200
"""Messages dropped by the rate limit before the connection is closed."""
POLICY = 1008
"""Close code of a connection closed for its behaviour (a flood, an outbox never read)."""
INTERNAL = 1011
"""Close code of a connection whose sending failed."""
SERVICE_RESTART = 1012
"""Close code of the connections of a server that stops (uvicorn's, at shutdown)."""


class Connection:
    """One client connection's outbox (the tables' side of a WebSocket): a message is
    written at once by ``write`` when the socket takes it and nothing is queued or being
    sent before it, else queued for the connection's sender, which waits for the next when
    it has sent them all."""

    def __init__(self, write: WriteText | None = None) -> None:
        self.id = next(_ids)
        self.queue: collections.deque[dict[str, Any] | int] = collections.deque()
        self.closing: int | None = None
        self.write = write
        """The socket's write at once (None: every message goes through the sender)."""
        self.sending = False
        """Whether the sender is sending a message it took from the queue."""
        self._waiter: asyncio.Future[None] | None = None
        """The sender's wait for a message, while the queue is empty."""

    def send(self, message: dict[str, Any]) -> None:
        """Write a message now or queue it, in order; a client too slow to read is cut
        off."""
        if self.closing is not None:
            return
        if self.write is not None and not self.queue and not self.sending:
            try:
                if self.write(encode(message).encode()):
                    return
            except Exception:  # the socket broke: the sender's send fails too, and closes it
                log.exception("connection %s: a write failed", self.id)
                self.write = None
        if len(self.queue) >= OUTBOX_LIMIT:
            self.close(POLICY)
            return
        self._put(message)

    def close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued before has been sent."""
        if self.closing is None:
            self.closing = code
            self._put(code)

    def _put(self, item: dict[str, Any] | int) -> None:
        self.queue.append(item)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def next(self) -> dict[str, Any] | int:
        """The next message to send (a close code: the last), once there is one."""
        while not self.queue:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self.queue.popleft()


async def serve_socket(
    socket: WebSocket,
    host: TableHost,
    api: RestApi,
    config: ServerConfig,
    throttle: Throttle,
    account: Account | None,
    *,
    session: tuple[str, SessionSockets] | None = None,
) -> None:
    """Serve one WebSocket until the client leaves (or its session ends)."""
    await socket.accept()
    conn = Connection(socket.scope.get("extensions", {}).get(WRITE_TEXT))
    tables: set[int] = set()
    dropped = 0
    limit = throttle.messages()
    if session is not None:
        token, sockets = session
        sockets.add(token, conn.id, lambda: conn.close(LOGGED_OUT))

    async def sender() -> None:
        try:
            while True:
                item = await conn.next()
                if isinstance(item, int):
                    break
                conn.sending = True  # what the tables send meanwhile queues behind it
                await socket.send_text(encode(item))
                conn.sending = False
        except WebSocketDisconnect:
            return  # the client is gone: the receive below ends with the disconnect
        except Exception:
            log.exception("connection %s: a send failed; closing", conn.id)
            conn.closing = item = INTERNAL
        # closed by the room (log-out, flood, outbox) or broken: the server's close ends
        # the receive below (its next message is the disconnect)
        with contextlib.suppress(Exception):
            await socket.close(code=item)

    send_task = asyncio.create_task(sender())
    conn.send(_welcome(account))
    gone = "disconnect"
    """What the tables hear when the socket ends: ``disconnect`` (the client left), or
    ``lost`` (this server is restarting: its players are away through no doing of theirs)."""
    try:
        while True:
            raw = await socket.receive()
            if raw["type"] == "websocket.disconnect":
                if raw.get("code") == SERVICE_RESTART:
                    gone = "lost"
                break
            if conn.closing is not None:
                continue
            text = raw.get("text")
            if text is None:
                text = raw.get("bytes") or b""
            if limit.has_capacity():
                await limit.acquire()  # there is room: it does not wait
            else:
                dropped += 1
                if dropped >= FLOOD_LIMIT:
                    conn.send(error_message("flood", "too many messages; closing."))
                    conn.close(POLICY)
                    continue
                conn.send(error_message("rate-limited", "too many messages; this one was dropped."))
                continue
            ref = None
            try:
                if len(text) > config.max_message:
                    raise ProtocolError(
                        "too-large", f"a message has at most {config.max_message} bytes."
                    )
                try:
                    data = parse_client_message(text)
                except ProtocolError:
                    ref = message_ref(text)  # a refusal echoes the ref, if it is one
                    raise
                ref = getattr(data, "ref", None)
                await _dispatch(data, conn, host, api, account, tables)
            except StandpatError as error:
                conn.send(error_message(error_code(error), str(error), ref))
            except RedisError as error:  # a room of several nodes, its Redis out of reach
                log.warning("connection %s: Redis cannot be reached (%s)", conn.id, error)
                conn.send(error_message("unavailable", "the room cannot do that now (a service "
                                        "it needs is down); try again in a few seconds.", ref))
    except WebSocketDisconnect:
        pass
    finally:
        if session is not None:
            session[1].discard(session[0], conn.id)
        for table_id in tables:
            with contextlib.suppress(StandpatError, RedisError):
                await host.send(
                    table_id,
                    Command(gone, account=None if account is None else account.id,
                            outbox=conn),
                )
        if conn.closing is not None and not send_task.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(send_task, 2)
        send_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await send_task


def _welcome(account: Account | None) -> dict[str, Any]:
    return message(
        "welcome",
        protocol=VERSION,
        account=None if account is None else {"id": account.id, "name": account.name},
    )


async def _dispatch(
    data: BaseModel,
    conn: Connection,
    host: TableHost,
    api: RestApi,
    account: Account | None,
    tables: set[int],
) -> None:
    account_id = None if account is None else account.id
    if isinstance(data, Ping):
        conn.send(message("pong", ref=data.ref))
        return
    if isinstance(data, Hello):
        conn.send(_welcome(account))
        return
    if isinstance(data, ClientSeedMessage):
        if account is None:
            raise ProtocolError("not-logged-in", "log in to set a client seed.")
        seed = check_client_seed(data.seed)
        await api.db(api.store.accounts.set_client_seed, account.id, seed)
        for table_id in tables:
            await host.send(table_id, Command("client-seed", account_id, conn, data))
        conn.send(message("client-seed", seed=seed))
        return
    table_id = int(data.table)  # type: ignore[attr-defined]
    if not host.has_table(table_id):
        raise ProtocolError("no-table", f"there is no table {table_id}.")
    kind: str = data.type  # type: ignore[attr-defined]
    if isinstance(data, Watch):
        tables.add(table_id)
    elif isinstance(data, Unwatch):
        tables.discard(table_id)
    elif account is None:
        raise ProtocolError("not-logged-in", "log in to play.")
    elif kind == "sit":
        tables.add(table_id)
    elif isinstance(data, Chat):
        await api.throttle.chat(account.id)
    elif isinstance(data, ChatModeMessage):
        fresh = await api.db(api.store.accounts.get, account.id)  # an operator made or unmade since
        data = SetChatMode(mode=data.mode, operator=api.is_operator(fresh), ref=data.ref)
    await host.send(table_id, Command(kind, account_id, conn, data))
