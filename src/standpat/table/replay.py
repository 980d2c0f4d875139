"""Replay a session from its events: the commands are read back from the event list.

A table's events hold every command given to it (seats taken, chips added, sitting out and
in, choices, hands started, actions) and everything that followed from them.  Given a new
table with the same options and seed, :func:`replay` gives it the same commands in the same
order and checks that every event comes out the same.

>>> from standpat.engine import Action, Stakes
>>> from standpat.table import Table
>>> def new():
...     return Table("five-card-draw", "no-limit", Stakes.from_bets(2), seats=4, rng=11)
>>> t = new()
>>> t.sit(0, "Ann", 100); t.sit(2, "Bob", 100)
>>> hand = t.start_hand(); t.timeout()
>>> u = replay(new(), t.events)
>>> u.to_json() == t.to_json()
True
"""

from __future__ import annotations

from collections.abc import Iterable

from standpat.engine import Action
from standpat.errors import TableError
from standpat.table.events import TableEvent, TableEventKind
from standpat.table.seats import Choice, SitOut
from standpat.table.table import Table

__all__ = ["replay"]

_START = {TableEventKind.MARKER, TableEventKind.BUTTON}


def replay(table: Table, events: Iterable[TableEvent]) -> Table:
    """Give ``table`` (new, with the recorded table's options and seed) the commands recorded
    in ``events``; return it.  Raises TableError where the replay departs from the record."""
    made = table._events  # the table's own list: it grows as the commands are given
    for n, event in enumerate(events):
        if n < len(made):
            if made[n] != event:
                raise TableError(f"event {n} differs in the replay: recorded {event}, "
                                 f"replayed {made[n]}.")
            continue
        _command(table, event)
        if len(made) <= n or made[n] != event:
            got = made[n] if len(made) > n else "nothing"
            raise TableError(f"event {n} ({event}) does not come out of its command; "
                             f"the replay gave {got}.")
    return table


def _command(table: Table, event: TableEvent) -> None:
    kind, seat = event.kind, event.seat
    if kind in _START or (kind is TableEventKind.SIT_OUT and event.text == "big-blind"):
        table.start_hand()
        return
    if seat is None:
        raise TableError(f"the event {event} follows from no command.")
    if kind is TableEventKind.SEAT:
        table.sit(seat, event.name, event.amount)
    elif kind is TableEventKind.LEAVE:
        table.leave(seat)
    elif kind is TableEventKind.CHIPS:
        table.add_chips(seat, event.amount)
    elif kind is TableEventKind.SIT_OUT and event.text == "now":
        table.leave(seat)
    elif kind is TableEventKind.SIT_OUT and event.text in tuple(SitOut):
        table.sit_out(seat, SitOut(event.text))
    elif kind is TableEventKind.SIT_IN:
        table.sit_in(seat)
    elif kind is TableEventKind.CHOICE:
        table.choose(seat, Choice(event.text))
    elif kind is TableEventKind.ACTION:
        table.act(seat, Action.parse(event.text))
    else:
        raise TableError(f"the event {event} follows from no command.")
