"""The WebSocket protocol's server messages: their envelope.

Every message is a JSON object with ``"v"`` (the protocol version) and
``"type"``.  docs/protocol.md shows one example of each; what clients send is
checked by :mod:`standpat.server.schemas`.  What a connection receives about a
table is built by :mod:`standpat.server.live.messages` from the table's own views
(:mod:`standpat.table.hosted`), and from nothing else.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["VERSION", "error_message", "message"]

VERSION: Final = 1
"""The protocol version this server speaks."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A server message of type ``kind``."""
    return {"v": VERSION, "type": kind, **fields}


def error_message(code: str, text: str, ref: Any = None) -> dict[str, Any]:
    """An ``error`` message; ``ref`` echoes the client's ``ref`` when it sent one."""
    body: dict[str, Any] = message("error", code=code, message=text)
    if ref is not None:
        body["ref"] = ref
    return body
