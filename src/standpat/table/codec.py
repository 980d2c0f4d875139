"""A table saved as a plain JSON document, and loaded back to continue identically.

The document holds the table's options, its random generator's state, the players, last
hand's positions, the events, and the hand being played as its set-up (stacks, posts, seed)
plus the actions applied so far: loading deals the hand again from the same seed and replays
the actions, so the cards still to come are the ones that would have come.  Actions and
events are written by the engine's codec (:mod:`standpat.engine.codec`), the one every layer
uses, which also reads the forms older saved tables hold (a discard's cards as one string).

>>> from standpat.engine import Stakes
>>> from standpat.table import Table
>>> t = Table("five-card-draw", "no-limit", Stakes.from_bets(2), seats=6, rng=1, button=3)
>>> t.sit(3, "Ann", 100); t.sit(5, "Bob", 80)
>>> hand = t.start_hand()
>>> u = Table.from_json(t.to_json())
>>> u.to_json() == t.to_json(), u.view(3) == t.view(3)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from standpat.engine import Stakes
from standpat.engine import event_from_json as engine_event_from_json
from standpat.engine import event_to_json as engine_event_to_json
from standpat.engine.codec import action_from_json, action_to_json
from standpat.errors import TableError
from standpat.table.events import TableEvent, TableEventKind
from standpat.table.plan import Blind, BlindKind, Marker, Plan, Positions

__all__ = [
    "FORMAT",
    "action_from_json",
    "action_to_json",
    "event_from_json",
    "event_to_json",
    "plan_from_json",
    "plan_to_json",
]

FORMAT = "standpat-table/1"
"""The ``format`` field of a saved table."""

Json = dict[str, Any]


def event_to_json(event: TableEvent) -> Json:
    """A table event as a JSON object (fields at their defaults are left out)."""
    doc: Json = {"kind": str(event.kind)}
    if event.seat is not None:
        doc["seat"] = event.seat
    for key in ("name", "amount", "text"):
        if getattr(event, key):
            doc[key] = getattr(event, key)
    if event.seats:
        doc["seats"] = list(event.seats)
    if event.event is not None:
        doc["event"] = engine_event_to_json(event.event)
    return doc


def event_from_json(doc: Json) -> TableEvent:
    """The table event saved by :func:`event_to_json`."""
    event = None
    if "event" in doc:
        event = engine_event_from_json(doc["event"])
    return TableEvent(TableEventKind(doc["kind"]), doc.get("seat"), doc.get("name", ""),
                      int(doc.get("amount", 0)), doc.get("text", ""),
                      tuple(doc.get("seats", ())), event)


def plan_to_json(p: Plan) -> Json:
    """A hand's plan as a JSON object."""
    return {
        "button": p.button, "sb": p.sb, "bb": p.bb, "dealt": list(p.dealt),
        "blinds": [[b.seat, str(b.kind), b.amount] for b in p.blinds],
        "heads_up": p.heads_up, "fresh": p.fresh,
        "markers": [[seat, None if m is None else str(m)] for seat, m in sorted(p.markers.items())],
        "missed_bb": list(p.missed_bb), "sit_out": list(p.sit_out),
    }


def plan_from_json(doc: Json) -> Plan:
    """The plan saved by :func:`plan_to_json`."""
    return Plan(
        button=doc["button"], sb=doc["sb"], bb=doc["bb"], dealt=tuple(doc["dealt"]),
        blinds=tuple(Blind(s, BlindKind(k), a) for s, k, a in doc["blinds"]),
        heads_up=doc["heads_up"], fresh=doc["fresh"],
        markers={s: None if m is None else Marker(m) for s, m in doc["markers"]},
        missed_bb=tuple(doc["missed_bb"]), sit_out=tuple(doc["sit_out"]),
    )


def positions_to_json(p: Positions | None) -> list[int] | None:
    """Last hand's positions as [bb, sb, button]."""
    return None if p is None else [p.bb, p.sb, p.button]


def positions_from_json(doc: list[int] | None) -> Positions | None:
    """The positions saved by :func:`positions_to_json`."""
    return None if doc is None else Positions(*doc)


def stakes_to_json(s: Stakes) -> Json:
    """Stakes as a JSON object."""
    return {"small_bet": s.small_bet, "big_bet": s.big_bet, "small_blind": s.small_blind,
            "big_blind": s.big_blind, "ante": s.ante}


def stakes_from_json(doc: Json) -> Stakes:
    """The stakes saved by :func:`stakes_to_json`."""
    return Stakes(**{k: int(v) for k, v in doc.items()})


def rng_to_json(rng: random.Random) -> list[Any]:
    """A generator's state as JSON."""
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def rng_from_json(doc: list[Any]) -> random.Random:
    """A generator in the state saved by :func:`rng_to_json`."""
    rng = random.Random()
    try:
        version, state, gauss = doc
        rng.setstate((version, tuple(state), gauss))
    except (TypeError, ValueError) as exc:
        raise TableError(f"the saved random state is not valid: {exc}.") from None
    return rng
