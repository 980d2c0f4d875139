"""A hand of a history file as the room's hand replayer steps it (the server's ``POST
/api/replays/phh``, where a player uploads a file).

The file is read with standpat's own readers (PHH, ``.phhs``, or readable
text, as ``standpat replay`` reads them) and the hand asked for is replayed
through the engine, which checks every action.  The answer has the shape the
page's replayer steps (``names``, ``stacks``, ``button``, ``you`` and the
events, as ``GET /api/hands/{id}`` gives them), with the cards as the file
gives them: a card the file writes ``??`` (one the replay had to make up) is
never shown, only counted.  Seats are in the file's (PHH) order, the button on
the last player.
"""

from __future__ import annotations

from typing import Any

from standpat.engine import (
    Burned,
    Dealt,
    Discarded,
    Event,
    Mucked,
    Reshuffled,
    redact,
    shown_cards,
)
from standpat.engine.codec import event_to_json
from standpat.errors import HistoryFormatError
from standpat.history.phh import read
from standpat.history.record import HandRecord, StepKind
from standpat.history.replay import replay
from standpat.history.text import stakes_title
from standpat.history.text_parse import is_text, read_text

__all__ = ["FILE_FORMAT", "file_record"]

FILE_FORMAT = "standpat-file-hand/1"
"""The ``format`` field of an uploaded file's hand, as the replayer gets it."""

_PRIVATE = Dealt | Discarded | Mucked


def file_record(text: str, name: str = "upload.phh", hand: int = 1) -> dict[str, Any]:
    """Hand ``hand`` (from 1) of a history file, replayed, as the replayer steps it.

    Raises the reader's or the replay's :class:`~standpat.errors.HistoryError`
    when that hand does not read or does not replay.

    >>> from standpat.history.examples import HEADS_UP_FOLD
    >>> doc = file_record(HEADS_UP_FOLD.replace("AsQs6s5c3c", "??????????"))
    >>> doc["names"], doc["stacks"], doc["finishing_stacks"], doc["stakes"]
    (['ann', 'bob'], [100, 80], [101, 79], '2/4')
    >>> [(e["kind"], e.get("cards"), e.get("hidden")) for e in doc["events"] if e["kind"] == "deal"]
    [('deal', ['7h', '6c', '4c', '3d', '2c'], 0), ('deal', [], 5)]
    """
    result = read_text(text, name) if is_text(text) else read(text, name)
    if hand in result.failed:
        raise result.errors[result.failed.index(hand)]
    record = next((r for r in result.hands if r.source.index == hand), None)
    if record is None:
        if result.errors:
            raise result.errors[0]
        count = len(result.hands) + len(result.errors)
        raise HistoryFormatError(
            f"{name}: there is no hand {hand} in the file (it holds {count})."
            if count else f"{name}: the file holds no hand."
        )
    done = replay(record)
    n = record.player_count
    return {
        "format": FILE_FORMAT,
        "file": name,
        "hand": hand,
        "hands": len(result.hands) + len(result.errors),
        "name": None if record.hand is None else str(record.hand),
        "game": record.game,
        "structure": record.structure,
        "stakes": stakes_title(record),
        "names": [record.name_of(i) for i in range(n)],
        "stacks": list(record.starting_stacks),
        "button": n - 1,
        "you": None,
        "events": [event_to_json(e) for e in _as_written(record, done.hand.events)],
        "finishing_stacks": list(done.finishing_stacks),
        "net": [b - a for a, b in zip(record.starting_stacks, done.finishing_stacks,
                                      strict=True)],
    }


def _as_written(record: HandRecord, events: tuple[Event, ...]) -> list[Event]:
    """The events with the cards the file does not name counted, not shown: a deal, a draw
    or a muck is named only where the file names that very step's cards (a card the replay
    made up may be one the file names elsewhere, dealt again after a reshuffle); shown
    cards are always named, burns and reshuffles (never in a file) always counted."""
    discards = iter([s for s in record.steps if s.kind is StepKind.DISCARD])
    mucks = {s.seat: s for s in record.steps if s.kind is StepKind.MUCK}
    out: list[Event] = []
    for event in events:
        if isinstance(event, Dealt):
            named = all(c is not None for c in record.hole_cards[event.seat])
        elif isinstance(event, Discarded):
            step = next(discards)
            named = all(c is not None for c in step.cards + step.drawn)
        elif isinstance(event, Mucked):
            muck = mucks.get(event.seat)
            named = muck is not None and len(muck.cards) == len(shown_cards(event)) and all(
                c is not None for c in muck.cards)
        else:
            named = not isinstance(event, _PRIVATE | Burned | Reshuffled)
        out.append(event if named else redact(event, None))
    return out
