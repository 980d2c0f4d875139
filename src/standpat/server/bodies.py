"""An ASGI middleware that bounds request bodies in size and in time.

A body larger than the limit is refused from its ``Content-Length`` before a
byte of it is read, and (for a body sent without one, or longer than it said)
as soon as the bytes read pass the limit; a body that takes longer than the
timeout to arrive is refused too.  A few paths (a file upload) may have a wider
limit of their own.  The refusal is a ProtocolError
(``too-large``, 413; ``too-slow``, 408) raised where the app reads the body, so
it is answered in the room's usual error shape.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from standpat.errors import ProtocolError
from standpat.server.problems import error_body

__all__ = ["BodyLimit"]


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (``wider[path]`` on those paths) or
    slower than ``timeout`` seconds."""

    def __init__(
        self, app: ASGIApp, limit: int, timeout: float, wider: Mapping[str, int] | None = None
    ) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout
        self.wider = dict(wider or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.wider.get(scope["path"], self.limit)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _refuse(send, 413, "too-large",
                          f"a request body has at most {limit} bytes.")
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        received = 0
        complete = False

        async def bounded() -> Message:
            nonlocal received, complete
            if complete:  # after the body, waiting (for a disconnect) is not bounded
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise ProtocolError(
                    "too-slow", f"the request body did not arrive within {self.timeout:g} s."
                ) from None
            if message["type"] == "http.request":
                complete = not message.get("more_body", False)
                received += len(message.get("body", b""))
                if received > limit:
                    raise ProtocolError(
                        "too-large", f"a request body has at most {limit} bytes."
                    )
            return message

        await self.app(scope, bounded, send)


async def _refuse(send: Send, status: int, code: str, text: str) -> None:
    body = json.dumps(error_body(code, text)).encode()
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})
