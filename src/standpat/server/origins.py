"""Where a request comes from: its origin (against cross-site requests) and its address.

A browser sends ``Origin`` with every cross-origin request and every WebSocket
handshake; a request that changes something is refused unless it comes from
the room's own origin (the scheme and host it was addressed to) or one the
operator names.  Without ``Origin`` (programs, old browsers) ``Sec-Fetch-Site:
cross-site`` still refuses it.

>>> own_origin("ws", "room.example:8000")
'http://room.example:8000'
>>> check_origin({"origin": "http://evil.example"}, "http", "room.example", ())
Traceback (most recent call last):
...
standpat.errors.ProtocolError: requests from http://evil.example are refused: this room takes \
them only from its own pages (http://room.example).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from standpat.errors import ProtocolError

__all__ = ["check_origin", "own_origin"]

_HTTP = {"ws": "http", "wss": "https"}


def own_origin(scheme: str, host: str) -> str:
    """The origin of the room's pages for a request made with ``scheme`` to ``host``."""
    return f"{_HTTP.get(scheme, scheme)}://{host}"


def check_origin(
    headers: Mapping[str, str], scheme: str, host: str, allowed: Collection[str]
) -> None:
    """ProtocolError ``foreign-origin`` (403) unless the request comes from the room's pages."""
    origin = headers.get("origin")
    mine = own_origin(scheme, host)
    if origin is None:
        if headers.get("sec-fetch-site") == "cross-site":
            raise ProtocolError(
                "foreign-origin", f"cross-site requests are refused: this room takes them only "
                f"from its own pages ({mine})."
            )
        return
    origin = origin.rstrip("/")
    if origin != mine and origin not in allowed:
        raise ProtocolError(
            "foreign-origin",
            f"requests from {origin} are refused: this room takes them only from its own "
            f"pages ({mine}).",
        )
