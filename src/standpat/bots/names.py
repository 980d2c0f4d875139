"""The bots' names: the same readable names at the terminal and in the card room.

At the terminal a bot is just its name (``Ada``); in the room a bot is an account, and
account names are unique and never look like a player's (they start with ``bot-``), so a
room bot is ``bot-`` + a name + a tag of random hex: ``bot-Ada-3f2a09c1``.  :func:`shown`
gives back the name a page shows (marked as a bot).

>>> NAMES[:3]
('Ada', 'Bo', 'Cy')
>>> room_name(bytes([1, 0x3f, 0x2a]), taken=set())
'bot-Bo-3f2a'
>>> shown("bot-Bo-3f2a"), shown("alice")
('Bo', 'alice')
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

__all__ = ["NAMES", "room_name", "shown"]

NAMES: Final = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu",
                "Max", "Ned", "Oz", "Pia")
"""Readable bot names, in the order the terminal seats bots."""


def room_name(entropy: bytes, *, taken: Collection[str]) -> str:
    """A room bot's account name from a few random bytes: the first picks a name not taken
    at its table (by shown name), the rest make the tag that keeps the account unique
    (give five: four bytes of tag make a clash between a room's bot accounts unlikely)."""
    if len(entropy) < 2:
        raise ValueError(f"a bot's name needs at least 2 random bytes; got {len(entropy)}.")
    used = {shown(name) for name in taken}
    free = [n for n in NAMES if n not in used] or list(NAMES)
    return f"bot-{free[entropy[0] % len(free)]}-{entropy[1:].hex()}"


def shown(name: str) -> str:
    """The name a page shows for an account name: a room bot's readable name, else the
    name itself."""
    parts = name.split("-")
    if len(parts) == 3 and parts[0] == "bot" and parts[1] in NAMES:
        return parts[1]
    return name
