"""Table chat: who may speak at a table, and the lines its audience hears.

A table's chat is in one of three modes: ``players`` (the default: the seated players
speak, everyone watching reads), ``everyone`` (spectators who are logged in speak too)
or ``off``.  The table's owner or an operator sets it.  A line goes to that table's
audience only (its players' and watchers' connections), as plain text: the page shows
it as text, never as HTML.  How often one may speak is limited before a line reaches
the table (:meth:`standpat.server.throttle.Throttle.chat`).  The table keeps its last
:data:`RECENT` lines, numbered, for a connection that comes to watch later.  The numbers
start again from 1 when the table starts again (a restart, or a move to another node), so
each line also names its chat's ``epoch``, new at every start: a client keys the lines it
has shown by both.

>>> chat = TableChat()
>>> chat.mode
'players'
>>> chat.may_speak(seated=False)
Traceback (most recent call last):
...
standpat.errors.TableError: only the players chat at this table.
"""

from __future__ import annotations

import secrets
from collections import deque
from datetime import UTC, datetime
from typing import Any, Final, Literal

from standpat.errors import ProtocolError, TableError
from standpat.server.protocol import message

__all__ = ["CHAT_MODES", "RECENT", "ChatMode", "TableChat"]

ChatMode = Literal["players", "everyone", "off"]
CHAT_MODES: Final = ("players", "everyone", "off")
RECENT: Final = 30
"""How many of a table's last lines a connection that comes to watch is sent."""


class TableChat:
    """One table's chat mode, and the lines it lets through."""

    def __init__(self, mode: ChatMode = "players") -> None:
        self.mode: ChatMode = mode
        self.epoch = secrets.token_hex(4)
        """This start of the table's chat (its lines' ids count from 1 within it)."""
        self.said = 0
        """Lines said at the table so far (each line's ``id`` is its number)."""
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)
        """The table's last lines, oldest first."""

    def may_speak(self, *, seated: bool) -> None:
        """Refuse (TableError) a speaker the mode does not let speak."""
        if self.mode == "off":
            raise TableError("chat is off at this table.")
        if not seated and self.mode != "everyone":
            raise TableError("only the players chat at this table.")

    def line(self, table_id: int, name: str, seat: int | None, text: str) -> dict[str, Any]:
        """The ``chat`` message of one line (kept among the recent ones).

        >>> chat = TableChat()
        >>> [chat.line(1, "ann", 0, text)["id"] for text in ("hi", "gl")]
        [1, 2]
        >>> [line["text"] for line in chat.recent]
        ['hi', 'gl']
        >>> chat.recent[0]["epoch"] == chat.epoch != TableChat().epoch
        True
        """
        self.said += 1
        line = message("chat", table=table_id, epoch=self.epoch, id=self.said, name=name,
                       seat=seat, text=text, at=datetime.now(UTC).isoformat(timespec="seconds"))
        self.recent.append(line)
        return line

    @staticmethod
    def may_set(*, owner: bool, operator: bool) -> None:
        """Refuse (ProtocolError ``forbidden``) anyone but the table's owner or an operator
        who would set its chat."""
        if not (owner or operator):
            raise ProtocolError("forbidden", "only the table's owner or an operator sets its chat.")

    def set_mode(self, mode: ChatMode, *, owner: bool, operator: bool) -> dict[str, Any]:
        """Change the mode (the table's owner or an operator only); the ``chat-mode``
        message that tells the audience."""
        self.may_set(owner=owner, operator=operator)
        self.mode = mode
        return message("chat-mode", mode=mode)
