"""The tournament fields of a hand's record: which tournament, its buy-in, the level.

A tournament hand's :class:`~standpat.history.record.HandRecord` carries them in
``extra``: PHH's own ``event`` (the tournament's name) and ``level`` (from 1), and two
fields of standpat's (PHH lets a writer add fields whose names start with ``_``):
``_tournament`` (its number) and ``_buy_in`` (as the header writes it, ``100+10``).  The
text layout writes them as PokerStars does, ``Tournament #12, 100+10 ... - Level IV
(50/100)``, and reads them back; trackers file such hands as tournament hands.

>>> fields = tournament_fields(12, "100+10", 4)
>>> fields["level"], fields["event"], roman(fields["level"]), roman_value("XIV")
(4, 'Tournament #12', 'IV', 14)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["BUY_IN_FIELD", "TOURNAMENT_FIELD", "roman", "roman_value", "tournament_fields",
           "tournament_of"]

TOURNAMENT_FIELD: Final = "_tournament"
"""The record field of the tournament's number."""
BUY_IN_FIELD: Final = "_buy_in"
"""The record field of the tournament's buy-in, as the header writes it."""

_NUMERALS: Final = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100),
                    ("XC", 90), ("L", 50), ("XL", 40), ("X", 10), ("IX", 9), ("V", 5),
                    ("IV", 4), ("I", 1))


def roman(number: int) -> str:
    """``number`` (from 1) in Roman numerals, as PokerStars writes levels."""
    if number < 1:
        raise ValueError(f"a level is numbered from 1, not {number}.")
    out = ""
    for numeral, value in _NUMERALS:
        count, number = divmod(number, value)
        out += numeral * count
    return out


def roman_value(text: str) -> int:
    """The number a Roman numeral writes (0 for an empty text)."""
    values = dict(_NUMERALS)
    total = 0
    for i, letter in enumerate(text):
        value = values[letter]
        total += -value if i + 1 < len(text) and values[text[i + 1]] > value else value
    return total


def tournament_fields(number: int, buy_in: str, level: int) -> dict[str, object]:
    """The record fields of a hand of tournament ``number`` (``level`` from 1; 0: not
    known)."""
    fields: dict[str, object] = {TOURNAMENT_FIELD: number, "event": f"Tournament #{number}"}
    if buy_in:
        fields[BUY_IN_FIELD] = buy_in
    if level > 0:
        fields["level"] = level
    return fields


def tournament_of(extra: Mapping[str, object]) -> tuple[int, str, int] | None:
    """(number, buy-in, level) of a tournament hand's record fields; None for a ring game."""
    number = extra.get(TOURNAMENT_FIELD)
    if not isinstance(number, int):
        return None
    buy_in, level = extra.get(BUY_IN_FIELD, ""), extra.get("level", 0)
    return number, buy_in if isinstance(buy_in, str) else "", level if isinstance(level, int) else 0
