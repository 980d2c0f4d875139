"""Saving each hand ``standpat play`` deals, behind one function: :func:`save_hand`.

Each hand is one PHH file (``hand-0001.phh``, ...) in the session's folder,
written by :mod:`standpat.history`; ``standpat replay`` reads them back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from standpat.engine import Hand
from standpat.history.capture import record_from_hand
from standpat.history.files import save

__all__ = ["first_free_number", "save_hand"]

_PATTERN = re.compile(r"hand-(\d+)\.phh")


def first_free_number(folder: Path) -> int:
    """The number for the next hand file in ``folder``: 1, or one past the highest there.

    A folder used before keeps its hands; a new sitting numbers on after them.
    """
    numbers = [
        int(m.group(1)) for p in folder.glob("hand-*.phh")
        if (m := _PATTERN.fullmatch(p.name)) is not None
    ] if folder.is_dir() else []
    return max(numbers, default=0) + 1


def save_hand(
    hand: Hand, folder: Path, number: int, *, names: Sequence[str], seats: Sequence[int] = (),
    seat_count: int | None = None, button_seat: int | None = None,
    table: str = "standpat play", extra: Mapping[str, object] | None = None,
) -> Path:
    """Write ``hand`` (finished or not) as hand ``number`` in ``folder``; returns the file.

    ``names`` and ``seats`` (table seat numbers) are in the hand's seat order; ``table``
    names the table and ``extra`` adds record fields (a tournament's, say).
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"hand-{number:04d}.phh"
    record = record_from_hand(
        hand, players=names, seats=seats, seat_count=seat_count, button_seat=button_seat,
        hand_id=number, table=table, extra=extra,
    )
    save(path, [record])
    return path
