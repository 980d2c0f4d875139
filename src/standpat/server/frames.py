"""Messages as sent on the wire: JSON text, made once for every receiver it is the same for.

A :class:`Frame` is a server message (a dict, as everything in the room reads it) that
carries its JSON text, made when the message was built: a message sent alike to many
connections (a spectator's view, ``hand-start``) is encoded once, and a ``table``
message is spliced from the encodings of its parts (the public part once per change,
the round's view once per seat).  :func:`encode` is what a connection writes.

>>> frame = Frame.of({"type": "pong", "ref": 1})
>>> encode(frame)
'{"type":"pong","ref":1}'
>>> encode({"type": "pong", 2: [True, None]})
'{"type":"pong","2":[true,null]}'
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["Frame", "encode", "text"]

_OPTIONS = orjson.OPT_NON_STR_KEYS


def text(value: Any) -> str:
    """The compact JSON text of ``value`` (non-string keys written as strings)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


class Frame(dict[str, Any]):
    """A message with its JSON text (never changed after it is made)."""

    __slots__ = ("text",)
    text: str
    """The message's JSON text."""

    @classmethod
    def of(cls, message: dict[str, Any], encoded: str | None = None) -> Frame:
        """``message`` as a frame; ``encoded``: its text if the caller made it already."""
        frame = cls(message)
        frame.text = text(message) if encoded is None else encoded
        return frame


def encode(message: dict[str, Any]) -> str:
    """The JSON text a connection sends for ``message``."""
    if isinstance(message, Frame):
        return message.text
    return text(message)
