"""Connection guards below the app: a header deadline and a cap of connections per address.

uvicorn holds a connection that never finishes its request headers for as long
as the client likes, and takes any number of connections from one address.
:func:`guarded_protocol` makes uvicorn's HTTP protocol class close a connection
whose request headers are not complete ``header_timeout`` seconds after it
opened (or after its previous answer), and refuse a new connection from an
address that already holds ``per_address`` (HTTP and WebSocket alike).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["guarded_protocol"]

log = logging.getLogger("standpat.server")


def _address(connection: object) -> str | None:
    client = getattr(connection, "client", None)
    return client[0] if isinstance(client, tuple) else None


def guarded_protocol(header_timeout: float, per_address: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a header deadline and a per-address connection cap."""

    class GuardedH11Protocol(H11Protocol):
        """An h11 connection that must send its headers in time, from a not-too-busy address."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None:
                held = sum(1 for c in self.connections if _address(c) == address)
                if held > per_address:
                    log.warning("refused a connection: %s holds %s already", address, held - 1)
                    transport.close()
                    return
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
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers are due in time too

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def __repr__(self) -> str:
            return f"GuardedH11Protocol({self.client!r})"

    GuardedH11Protocol.__qualname__ = "GuardedH11Protocol"
    return GuardedH11Protocol

