"""A connection's outbox writes a message at once when its socket takes it, and queues it
otherwise, never out of order; the room's WebSocket protocol writes at once only while its
socket is open and writable, and what it writes reads back as WebSocket text messages."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

import orjson
import uvicorn
from websockets.asyncio.client import connect

from standpat.server.guard import WRITE_TEXT, guarded_protocols
from standpat.server.ws import OUTBOX_LIMIT, POLICY, Connection

from .live import PATIENCE


class Socket:
    """A socket's write at once that takes messages only while ``open`` is set."""

    def __init__(self) -> None:
        self.open = True
        self.written: list[dict[str, Any]] = []

    def __call__(self, data: bytes) -> bool:
        if not self.open:
            return False
        self.written.append(orjson.loads(data))
        return True


def message(n: int) -> dict[str, Any]:
    return {"type": "pong", "ref": n}


def test_a_message_the_socket_takes_is_written_at_once_and_never_queued() -> None:
    written = Socket()
    conn = Connection(written)
    for n in range(3):
        conn.send(message(n))
    assert written.written == [message(0), message(1), message(2)]
    assert not conn.queue


def test_once_one_message_waits_the_next_wait_behind_it_in_order() -> None:
    written = Socket()
    conn = Connection(written)
    conn.send(message(0))
    written.open = False  # the client stopped reading: the socket's buffer is full
    conn.send(message(1))
    written.open = True  # the socket would take one now, but message 1 is still queued
    conn.send(message(2))
    assert written.written == [message(0)]
    assert list(conn.queue) == [message(1), message(2)]


def test_while_the_sender_sends_a_queued_message_the_next_is_queued() -> None:
    written = Socket()
    conn = Connection(written)
    conn.sending = True  # the sender took the last queued message and waits to send it
    conn.send(message(0))
    assert written.written == [] and list(conn.queue) == [message(0)]


def test_a_write_that_breaks_leaves_the_message_to_the_sender() -> None:
    def broken(data: bytes) -> bool:
        raise ConnectionResetError("gone")

    conn = Connection(broken)
    conn.send(message(0))
    conn.send(message(1))
    assert list(conn.queue) == [message(0), message(1)]
    assert conn.write is None  # tried no more: the sender's send fails and closes


def test_a_closing_connection_writes_nothing_more() -> None:
    written = Socket()
    conn = Connection(written)
    conn.close(POLICY)
    conn.send(message(0))
    assert written.written == [] and list(conn.queue) == [POLICY]


def test_a_client_that_never_reads_is_still_cut_off() -> None:
    written = Socket()
    written.open = False
    conn = Connection(written)
    for n in range(OUTBOX_LIMIT + 5):
        conn.send(message(n))
    assert conn.closing == POLICY
    assert len(conn.queue) == OUTBOX_LIMIT + 1 and conn.queue[-1] == POLICY


# -- the room's WebSocket protocol, served by uvicorn on loopback --------------------------

BIG = "x" * 20_000
"""A message's padding: enough of them fill any socket buffer."""
CAP = 10_000
"""Messages written at once at most (200 MB: far more than a socket's buffers hold)."""


def test_the_protocol_writes_at_once_only_while_its_socket_takes_it() -> None:
    """An app writes numbered messages with the protocol's write at once until the socket,
    whose client does not read yet, refuses one; then through the ASGI send, which waits.
    The client then reads every message, in order; after the close the write refuses."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seen: dict[str, Any] = {}
    refused = asyncio.Event()
    closed = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        write = scope["extensions"].get(WRITE_TEXT)
        seen["write"] = write
        assert (await receive())["type"] == "websocket.connect"
        assert write(b"before the accept") is False  # no handshake yet: nothing written
        await send({"type": "websocket.accept"})
        n = 0
        while n < CAP and write(orjson.dumps({"n": n, "pad": BIG})):
            n += 1
        seen["at_once"] = n
        refused.set()
        for m in range(n, n + 20):  # the socket is full: these wait for the client
            await send({"type": "websocket.send", "text": orjson.dumps({"n": m}).decode()})
        await send({"type": "websocket.close", "code": 1000})
        seen["after_close"] = write(b"late")
        closed.set()

    _, ws = guarded_protocols(header_timeout=10.0, per_address=100)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=ws,
                                           log_level="warning", ws_max_size=1 << 20,
                                           ws_per_message_deflate=False,  # as the room
                                           lifespan="off"))

    async def main() -> list[int]:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            numbers = []
            # a small receive buffer, and a client queue of one message: the rest of what
            # the app writes fills the server's socket buffer, then its transport's
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
            async with connect(f"ws://127.0.0.1:{port}/", sock=sock, max_size=1 << 20,
                               max_queue=1) as client:
                await asyncio.wait_for(refused.wait(), 30 * PATIENCE)
                with contextlib.suppress(Exception):
                    async for text in client:
                        numbers.append(orjson.loads(text)["n"])
            await asyncio.wait_for(closed.wait(), 30 * PATIENCE)
            return numbers
        finally:
            server.should_exit = True
            await serving

    numbers = asyncio.run(main())
    assert 0 < seen["at_once"] < CAP, "nothing written at once, or a full socket not seen"
    assert numbers == list(range(seen["at_once"] + 20))
    assert seen["after_close"] is False

