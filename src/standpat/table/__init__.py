"""The table across hands: seats, buy-ins, sitting out, the dead button, missed blinds.

:class:`Table` runs a session of hands of one game, structure and stakes, one engine
:class:`~standpat.engine.Hand` at a time.  :func:`plan` is the dead-button rule as a pure
function.  The rules are written for players and room operators in ``docs/table-rules.md``.

Modules: ``plan`` (positions and posts), ``seats`` (players and their choices), ``view``
(what a client sees), ``events`` (what happens), ``table`` (the table),
``codec`` (save and load as JSON), ``replay`` (a session again from its events).
"""

from __future__ import annotations

from standpat.table.events import TableEvent, TableEventKind
from standpat.table.plan import (
    Blind,
    BlindKind,
    Marker,
    Plan,
    Positions,
    SeatState,
    between,
    plan,
)
from standpat.table.replay import replay
from standpat.table.seats import Choice, Player, SitOut
from standpat.table.table import Table
from standpat.table.view import SeatInfo, TableView, Wait

__all__ = [
    "Blind",
    "BlindKind",
    "Choice",
    "Marker",
    "Plan",
    "Player",
    "Positions",
    "SeatInfo",
    "SeatState",
    "SitOut",
    "Table",
    "TableEvent",
    "TableEventKind",
    "TableView",
    "Wait",
    "between",
    "plan",
    "replay",
]
