"""History files: import (read and replay) and export (PHH or readable text).

Import is all or nothing **per hand**: :func:`load` and :func:`load_text`
return every hand that reads and replays cleanly plus one error for each
hand that does not (python-chess PGN style; a bad hand is never half kept),
while :func:`load_strict` raises the first error instead.  Errors are
:class:`~standpat.errors.HistoryFormatError` (the file is malformed) or
:class:`~standpat.errors.IllegalHistoryError` (the actions break the rules);
both name the file, the hand and the line.

>>> from standpat.history.examples import HEADS_UP_FOLD
>>> raised = HEADS_UP_FOLD.replace('"p2 f"', '"p2 cbr 3"')
>>> loaded = load_text(f"[1]\\n{HEADS_UP_FOLD}[2]\\n{raised}", "two.phhs")
>>> [replay.finishing_stacks for replay in loaded.hands]
[(101, 79)]
>>> print(loaded.errors[0])
two.phhs: hand 2, line 17: p2 cbr 3: p2 cannot raise to 3: the only raise allowed is to 4.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field

from standpat.errors import HistoryError, HistoryFormatError
from standpat.history.phh import dumps, dumps_all, read
from standpat.history.record import HandRecord
from standpat.history.replay import Replay, replay
from standpat.history.text import format_hands
from standpat.history.text_parse import is_text, read_text

__all__ = ["Loaded", "load", "load_strict", "load_text", "save"]


@dataclass
class Loaded:
    """The hands of a file that replayed cleanly, and an error for each that did not."""

    hands: list[Replay] = field(default_factory=list)
    errors: list[HistoryError] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    """The place in the file (from 1) of the hand each error is about, in step with ``errors``."""


def load_text(text: str, file: str = "<string>") -> Loaded:
    """Read PHH text (``.phh`` or ``.phhs``) or readable text, and replay every hand; forgiving.

    Readable text is recognised by its first line, a hand's header such as
    ``standpat Hand #...`` or ``PokerStars Game #...``.
    """
    result = read_text(text, file) if is_text(text) else read(text, file)
    hands = []
    for record in result.hands:
        try:
            hands.append(replay(record))
        except HistoryError as error:
            result.fail(error, record.source.index)
    return Loaded(hands=hands, errors=list(result.errors), failed=list(result.failed))


def load(path: str | os.PathLike[str]) -> Loaded:
    """Read and replay a PHH or readable-text file; forgiving (see :class:`Loaded`)."""
    name = os.fspath(path)
    try:
        with open(name, encoding="utf-8-sig") as handle:
            text = handle.read()
    except UnicodeDecodeError as error:
        return Loaded(errors=[HistoryFormatError(f"{name}: not UTF-8 text: {error}")], failed=[1])
    return load_text(text, name)


def load_strict(path: str | os.PathLike[str]) -> list[Replay]:
    """Read and replay a history file; raise the first error (nothing is returned then)."""
    loaded = load(path)
    if loaded.errors:
        raise loaded.errors[0]
    return loaded.hands


def save(path: str | os.PathLike[str], hands: Iterable[HandRecord | Replay]) -> None:
    """Write hands to a file; the suffix picks the format.

    ``.phh``: one hand as PHH; ``.phhs``: any number of hands as PHH tables;
    ``.txt``: readable text (each record is replayed to write it).
    """
    name = os.fspath(path)
    items = list(hands)
    records = [h.finished_record if isinstance(h, Replay) else h for h in items]
    if name.endswith(".txt"):
        text = format_hands(h if isinstance(h, Replay) else replay(h) for h in items)
    elif name.endswith(".phh"):
        if len(records) != 1:
            raise ValueError(f"a .phh file holds one hand, not {len(records)}; use .phhs.")
        text = dumps(records[0])
    elif name.endswith(".phhs"):
        text = dumps_all(records)
    else:
        raise ValueError(f"{name!r}: the file name must end in .phh, .phhs or .txt.")
    with open(name, "w", encoding="utf-8") as handle:
        handle.write(text)
