"""Account names: what a name may hold, and the key that tells look-alike names apart.

A name is 3 to 24 ASCII letters, digits, ``-``, ``_`` or ``.``, starting with a
letter or digit.  Two names are the same account name when their *keys* are
equal: the key folds case and the ASCII look-alikes of Unicode's confusables
list (``0``/``o``, ``1``/``l``/``I``, ``rn``/``m``, ``vv``/``w``, ``5``/``s``,
``_``/``.``/``-``), so ``CARA_UX`` and ``cara-ux`` are one name, and ``b0b`` is
``bob``.

>>> name_key("CARA_UX") == name_key("cara_ux")
True
>>> name_key("bo0b") == name_key("boob"), name_key("Iarry") == name_key("larry")
(True, True)
>>> name_key("rnike") == name_key("mike")
True
>>> check_name("  alice ")
'alice'
>>> check_name("bot-7")
Traceback (most recent call last):
...
standpat.errors.NameTakenError: names that look like 'bot-...' belong to the room's bots; \
choose another.
"""

from __future__ import annotations

import re
from typing import Final

from standpat.errors import AccountError, NameTakenError

__all__ = ["BOT_PREFIX", "NAME_RULE", "check_name", "name_key"]

NAME_RULE: Final = (
    "3 to 24 letters (a-z, A-Z), digits, '-', '_' or '.', starting with a letter or digit"
)
"""What a player's name may be, in words (for messages and docs)."""
BOT_PREFIX: Final = "bot-"
"""Bots' names start with this; no player's name may look like it."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{2,23}")
_PAIRS: Final = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_SINGLE: Final = str.maketrans(
    {"0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "_": "-", ".": "-"}
)


def name_key(name: str) -> str:
    """The key under which ``name`` is unique: case and look-alike characters folded."""
    key = name.strip().casefold().translate(_SINGLE)
    for pair, single in _PAIRS:
        key = key.replace(pair, single)
    return key


def check_name(name: str, *, bot: bool = False) -> str:
    """``name`` without surrounding spaces, or AccountError saying what a name may be.

    A player's name may not look like a bot's (``bot-...``); bots are named by the room.
    """
    name = name.strip()
    if bot:
        if not name.startswith(BOT_PREFIX) or len(name) > 32:
            raise AccountError(f"a bot's name starts with {BOT_PREFIX!r}; got {name!r}.")
        return name
    if not _NAME.fullmatch(name):
        raise AccountError(f"a name has {NAME_RULE}; got {name!r}.")
    if name_key(name).startswith(name_key(BOT_PREFIX)) or name_key(name) == "bot":
        raise NameTakenError(
            f"names that look like {BOT_PREFIX + '...'!r} belong to the room's bots; "
            "choose another."
        )
    return name
