"""A player's statistics facts of one finished poker round, from its stored record.

Each player dealt into the round gets one row of facts: his net, whether he put chips
in voluntarily before the first draw (VPIP) and raised then (PFR), how many cards he
discarded at each draw (stood pat, drew 1, 2, 3 or more), whether he went to the
showdown and won there.  The room writes these rows when the round ends; the
statistics page adds them up in the database.

>>> setup = {"game": "five-card-draw", "stakes": "2/4", "accounts": [7, 9], "seats": [0, 3]}
>>> record = {"net": [-4, 4], "events": [
...     {"kind": "post", "seat": 0, "amount": 1, "post": "small-blind"},
...     {"kind": "post", "seat": 1, "amount": 2, "post": "big-blind"},
...     {"kind": "raise", "seat": 0, "to": 4}, {"kind": "call", "seat": 1, "added": 2},
...     {"kind": "discard", "seat": 0, "count": 3}, {"kind": "discard", "seat": 1, "count": 0},
...     {"kind": "check", "seat": 0}, {"kind": "check", "seat": 1},
...     {"kind": "show", "seat": 0, "cards": []}, {"kind": "show", "seat": 1, "cards": []},
...     {"kind": "win", "seat": 1, "amount": 8}]}
>>> [f["account"] for f in round_facts(setup, record)]
[7, 9]
>>> {k: v for k, v in round_facts(setup, record)[0].items() if v and k != "game"}
{'account': 7, 'net': -4, 'big_blind': 2, 'vpip': True, 'pfr': True, 'draw3': 1, 'showdown': True}
>>> bob = round_facts(setup, record)[1]
>>> bob["net"], bob["pat"], bob["vpip"], bob["pfr"], bob["showdown"], bob["won_showdown"]
(4, 1, True, False, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from standpat.engine import (
    GAMES,
    BetMade,
    Called,
    Discarded,
    Event,
    Mucked,
    Raised,
    Shown,
    Stakes,
    Won,
    events_from_json,
)

__all__ = ["FACTS", "round_facts"]

FACTS = ("vpip", "pfr", "pat", "draw1", "draw2", "draw3", "draw_more", "showdown",
         "won_showdown")
"""The counted facts of a player's round (besides his net and the big blind)."""
_DRAWS = {0: "pat", 1: "draw1", 2: "draw2", 3: "draw3"}


def round_facts(
    setup: Mapping[str, Any], record: Mapping[str, Any], events: Iterable[Event] | None = None,
) -> list[dict[str, Any]]:
    """One row of facts per player of a finished poker round (none for other games).

    ``events``: the round's engine events, when the caller holds them (the room, as the
    round ends): the same facts as from the record's ``events`` read back, without reading
    them back."""
    if setup.get("game") not in {g.value for g in GAMES}:
        return []
    big_blind = Stakes.parse(str(setup["stakes"])).small_bet
    accounts = list(setup["accounts"])
    rows: list[dict[str, Any]] = [
        {"account": a, "game": setup["game"], "structure": setup.get("structure") or "",
         "net": int(record["net"][i]), "big_blind": big_blind,
         "vpip": False, "pfr": False, "pat": 0, "draw1": 0, "draw2": 0, "draw3": 0,
         "draw_more": 0, "showdown": False, "won_showdown": False}
        for i, a in enumerate(accounts)
    ]
    drawn = False
    winners = set()
    if events is None:
        events = events_from_json(record.get("events", []))
    for event in events:
        seat = event.seat
        if seat is None or not 0 <= seat < len(rows):
            continue
        row = rows[seat]
        if isinstance(event, Discarded):
            drawn = True
            row[_DRAWS.get(event.count, "draw_more")] += 1
        elif isinstance(event, Called | BetMade | Raised) and not drawn:
            row["vpip"] = True
            row["pfr"] = row["pfr"] or isinstance(event, BetMade | Raised)
        elif isinstance(event, Shown | Mucked):
            row["showdown"] = True
        elif isinstance(event, Won):
            winners.add(seat)
    for seat in winners:
        rows[seat]["won_showdown"] = rows[seat]["showdown"]
    return rows
