"""The lobby's filters and order, over the tables' lobby lines.

>>> from standpat.server.schemas import LobbyQuery
>>> lines = [
...     {"id": 1, "game": "five-card-draw", "structure": "no-limit", "stakes": "1/2",
...      "seats": 6, "taken": 6, "average_pot": 10.0, "hands_per_hour": 50.0},
...     {"id": 2, "game": "bruces-pinochle", "structure": "", "stakes": "5",
...      "seats": 4, "taken": 0, "average_pot": None, "hands_per_hour": 0.0},
...     {"id": 3, "game": "five-card-draw", "structure": "pot-limit", "stakes": "10/20",
...      "seats": 6, "taken": 2, "average_pot": 80.0, "hands_per_hour": 40.0},
... ]
>>> [t["id"] for t in choose(lines, LobbyQuery(sort="stakes", order="desc"))]
[3, 2, 1]
>>> [t["id"] for t in choose(lines, LobbyQuery(hide_full=True, hide_empty=True))]
[3]
>>> [t["id"] for t in choose(lines, LobbyQuery(min_stakes=2, max_stakes=5))]
[2]
>>> [t["id"] for t in choose(lines, LobbyQuery(sort="average_pot", order="desc"))]
[3, 1, 2]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from standpat.server.schemas import LobbyQuery

__all__ = ["choose", "stake_level"]

_NUMBER = re.compile(r"\d+")


def stake_level(stakes: str) -> int:
    """A table's stakes as one number to compare: its first (a poker table's small bet,
    a pinochle table's stake); 0 if it has none."""
    found = _NUMBER.search(stakes)
    return int(found.group()) if found else 0


def choose(lines: list[dict[str, Any]], query: LobbyQuery) -> list[dict[str, Any]]:
    """The lobby lines that pass the query's filters, in its order (ties by table id;
    tables without an average pot last)."""

    def keep(line: dict[str, Any]) -> bool:
        level = stake_level(line["stakes"])
        return not (
            (query.game is not None and line["game"] != query.game)
            or (query.structure is not None and line["structure"] != query.structure)
            or (query.min_stakes is not None and level < query.min_stakes)
            or (query.max_stakes is not None and level > query.max_stakes)
            or (query.seats is not None and line["seats"] != query.seats)
            or (query.hide_full and line["taken"] >= line["seats"])
            or (query.hide_empty and line["taken"] == 0)
        )

    chosen = sorted((line for line in lines if keep(line)), key=lambda line: line["id"])
    if query.sort == "id":
        return chosen[::-1] if query.order == "desc" else chosen
    keys: dict[str, Callable[[dict[str, Any]], Any]] = {
        "stakes": lambda line: stake_level(line["stakes"]),
        "players": lambda line: line["taken"],
        "average_pot": lambda line: line["average_pot"],
        "hands_per_hour": lambda line: line["hands_per_hour"],
    }
    key = keys[query.sort]
    known = [line for line in chosen if key(line) is not None]
    unknown = [line for line in chosen if key(line) is None]
    known.sort(key=key, reverse=query.order == "desc")
    return known + unknown
