"""A small TOML writer for the values a PHH file holds (the reader is ``tomllib``).

>>> print(value(["d dh p1 7h6c4c3d2c", 'say "hi"']))
["d dh p1 7h6c4c3d2c", "say \\"hi\\""]
>>> key("_standpat_game"), key("two words")
('_standpat_game', '"two words"')
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = ["key", "string", "value"]

_BARE: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                   "\f": "\\f", "\r": "\\r"}


_PLAIN: Final = re.compile(r'[^"\\\x00-\x1f\x7f]*')


def string(text: str) -> str:
    """A TOML basic string, escaped."""
    if _PLAIN.fullmatch(text):
        return f'"{text}"'
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def key(name: str) -> str:
    """A key, bare when it may be."""
    return name if _BARE.fullmatch(name) else string(name)


def value(item: object) -> str:
    """A TOML value: bool, int, float, string, date/time, array or inline table."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, float):
        if math.isnan(item):
            return "nan"
        if math.isinf(item):
            return "inf" if item > 0 else "-inf"
        return repr(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, datetime.date | datetime.time):
        return item.isoformat()
    if isinstance(item, Mapping):
        pairs = (f"{key(str(k))} = {value(v)}" for k, v in item.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(item, Sequence):
        return "[" + ", ".join(value(v) for v in item) + "]"
    raise TypeError(f"cannot write {item!r} as a TOML value")
