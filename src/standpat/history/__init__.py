"""Hand histories: PHH and readable text, import, export and replay.

See ``docs/hand-histories.md`` for the formats and the ``standpat replay``
command.
"""

from __future__ import annotations

from standpat.history.phh import HistoryFile, dumps, dumps_all, loads, read
from standpat.history.record import HandRecord, PostRecord, Source, Step, StepKind

__all__ = [
    "HandRecord",
    "HistoryFile",
    "PostRecord",
    "Source",
    "Step",
    "StepKind",
    "dumps",
    "dumps_all",
    "loads",
    "read",
]
