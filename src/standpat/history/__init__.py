"""Hand histories: PHH and readable text, import, export and replay.

>>> from standpat.engine import Action, Hand, Stakes
>>> hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", Stakes.from_bets(2),
...             [100, 100, 100], rng=1)
>>> for action in ["fold", "fold"]:
...     _ = hand.apply(Action.parse(action))
>>> record = record_from_hand(hand, players=["ann", "bob", "cy"])
>>> text = dumps(record)                    # PHH, which PokerKit also reads
>>> print(text.splitlines()[0])
variant = "F2L3D"
>>> replay(loads(text)[0]).finishing_stacks == record.finishing_stacks
True

See ``docs/hand-histories.md`` for the formats, the seat order and the
``standpat replay`` command.
"""

from __future__ import annotations

from standpat.history.capture import record_from_hand
from standpat.history.files import Loaded, load, load_strict, load_text, save
from standpat.history.phh import HistoryFile, dumps, dumps_all, loads, read
from standpat.history.record import HandRecord, PostRecord, Source, Step, StepKind
from standpat.history.replay import Replay, replay, replay_steps
from standpat.history.text import format_hand, format_hands
from standpat.history.text_parse import read_text

__all__ = [
    "HandRecord",
    "HistoryFile",
    "Loaded",
    "PostRecord",
    "Replay",
    "Source",
    "Step",
    "StepKind",
    "dumps",
    "dumps_all",
    "format_hand",
    "format_hands",
    "load",
    "load_strict",
    "load_text",
    "loads",
    "read",
    "read_text",
    "record_from_hand",
    "replay",
    "replay_steps",
    "save",
]
