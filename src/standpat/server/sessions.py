"""Log-in sessions as the web layer sees them: the cookie, and the sockets of each session.

A WebSocket is opened with a session's cookie and carries that session's
account.  Logging out (or any other end of the session) must end its sockets
too, or a socket opened before log-out would stay logged in:
:class:`SessionSockets` keeps, per session token, a way to close each of them.

>>> sockets = SessionSockets()
>>> closed = []
>>> sockets.add("token", 1, lambda: closed.append(1))
>>> sockets.add("token", 2, lambda: closed.append(2))
>>> sockets.end("token"); closed
[1, 2]
>>> sockets.end("token"); closed   # nothing left to close
[1, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

__all__ = ["COOKIE", "LOGGED_OUT", "SessionSockets"]

COOKIE: Final = "standpat_session"
"""Name of the HttpOnly session cookie."""
LOGGED_OUT: Final = 4001
"""The WebSocket close code of a socket whose session was logged out."""


class SessionSockets:
    """The open sockets of each log-in session, to be closed when the session ends."""

    def __init__(self) -> None:
        self._sockets: dict[str, dict[int, Callable[[], None]]] = {}

    def add(self, token: str, socket_id: int, close: Callable[[], None]) -> None:
        """Register a socket of the session ``token``; ``close`` ends it."""
        self._sockets.setdefault(token, {})[socket_id] = close

    def discard(self, token: str, socket_id: int) -> None:
        """Forget a socket that closed."""
        sockets = self._sockets.get(token)
        if sockets is not None:
            sockets.pop(socket_id, None)
            if not sockets:
                del self._sockets[token]

    def tokens(self) -> list[str]:
        """The sessions (their keys, as given to :meth:`add`) that have sockets open."""
        return list(self._sockets)

    def end(self, token: str) -> None:
        """Close every socket of the session ``token``."""
        for close in self._sockets.pop(token, {}).values():
            close()
