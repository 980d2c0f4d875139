"""Connection guards below the app: a header deadline and a cap of connections per address.

uvicorn holds a connection that never finishes its request headers for as long
as the client likes, and takes any number of connections from one address.
:func:`guarded_protocols` makes uvicorn's HTTP protocol class close a connection
whose request headers are not complete ``header_timeout`` seconds after it
opened (or after its previous answer), and refuse a new connection from an
address that already holds ``per_address`` (HTTP and WebSocket alike).  The
connections of each address are counted as they open and close (a connection
upgraded to a WebSocket hands its count to the WebSocket's protocol), so a new
connection costs the same however many the server holds.

The WebSocket protocol also offers the app a way to write a text message at once
(:data:`WRITE_TEXT`, in the connection's ASGI scope ``extensions``): when the socket takes
it without waiting, the message is framed and written in the caller's turn of the loop,
with no task woken and no ASGI ``send`` awaited, the way uvicorn's own ``send`` writes it.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

__all__ = ["WRITE_TEXT", "WriteText", "guarded_protocols"]

WRITE_TEXT = "standpat.write_text"
"""The ASGI scope extension of a WebSocket whose protocol can write a text message at once:
a :data:`WriteText`."""
WriteText = Callable[[bytes], bool]
"""Writes a text message (UTF-8) now and returns True, or returns False without writing it
when the socket cannot take it at once (its buffer is full, it is closing): the message must
then go through the ASGI ``send``, which waits."""

log = logging.getLogger("standpat.server")


def guarded_protocols(
    header_timeout: float, per_address: int
) -> tuple[type[H11Protocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's h11 protocol with a header deadline and a per-address connection cap, and
    its WebSocket protocol (``websockets-sansio``) that keeps an upgraded connection counted
    until it closes: give uvicorn the first as ``http``, the second as ``ws``."""
    held: collections.Counter[str] = collections.Counter()
    """Address -> its open connections, HTTP and WebSocket."""

    def release(address: str | None) -> None:
        if address is not None:
            held[address] -= 1
            if held[address] <= 0:
                del held[address]

    class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
        """A WebSocket connection that frees its address's count when it closes."""

        counted: str | None = None
        """The address whose count this connection holds (handed over at the upgrade)."""

        def connection_lost(self, exc: Exception | None) -> None:
            release(self.counted)
            self.counted = None
            super().connection_lost(exc)

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)  # none for a refused handshake
            if scope is not None:
                scope.setdefault("extensions", {})[WRITE_TEXT] = self.write_text

        def write_text(self, data: bytes) -> bool:
            """Frame and write a text message now, as uvicorn's ``send`` does once the
            socket is writable; False (nothing written) unless it is open and writable."""
            if (not self.handshake_complete or self.close_sent or self.disconnected
                    or self.initial_response is not None or not self.writable.is_set()
                    or self.conn.state is not State.OPEN or self.transport.is_closing()):
                return False
            self.conn.send_text(data)
            self.transport.write(b"".join(self.conn.data_to_send()))
            return True

    class GuardedH11Protocol(H11Protocol):
        """An h11 connection that must send its headers in time, from a not-too-busy address."""

        counted: str | None = None
        """The address whose count this connection holds (None: refused, or upgraded)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None:
                if held[address] >= per_address:
                    log.warning("refused a connection: %s holds %s already", address,
                                held[address])
                    transport.close()
                    return
                held[address] += 1
                self.counted = address
            self._deadline: asyncio.TimerHandle | None = None
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._awaited = self.cycle
            self._deadline = self.loop.call_later(header_timeout, self._late)

        def _disarm(self) -> None:
            deadline = getattr(self, "_deadline", None)
            if deadline is not None:
                deadline.cancel()
                self._deadline = None

        def _late(self) -> None:
            self._deadline = None
            if self.cycle is self._awaited and not self.transport.is_closing():
                log.info("closed a connection from %s: no request headers in %s s",
                         self.client, header_timeout)
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not getattr(self, "_awaited", self.cycle):
                self._disarm()  # the headers of a request arrived

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()  # the connection is a WebSocket's from now on
            counted, self.counted = self.counted, None
            super().handle_websocket_upgrade(event)
            protocol = self.transport.get_protocol()
            if isinstance(protocol, GuardedWebSocketProtocol):
                protocol.counted = counted  # it frees the count when it closes
            else:  # not ours (uvicorn given another ws class): free it now
                release(counted)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers are due in time too

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            release(self.counted)
            self.counted = None
            super().connection_lost(exc)

        def __repr__(self) -> str:
            return f"GuardedH11Protocol({self.client!r})"

    GuardedH11Protocol.__qualname__ = "GuardedH11Protocol"
    GuardedWebSocketProtocol.__qualname__ = "GuardedWebSocketProtocol"
    return GuardedH11Protocol, GuardedWebSocketProtocol

