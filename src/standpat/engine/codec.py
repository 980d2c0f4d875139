"""Actions and events as JSON: the one serialisation every other layer uses.

An action is ``{"kind": ..., "amount": ...?, "cards": [...]?}`` (the form clients
send and the room stores); an event is what :func:`event_to_json` writes.  The
readers also take what earlier versions wrote: cards as one string
(``"7c 9h"``), and actions as their history text (``"raise to 8"``), as the
room's database held them before.

>>> action_to_json(Action.raise_to(8)), action_to_json(Action.discard("7c 9h"))
({'kind': 'raise', 'amount': 8}, {'kind': 'discard', 'cards': ['7c', '9h']})
>>> action_from_json({"kind": "discard", "cards": ["7c", "9h"]})
Action.discard('7c 9h')
>>> action_from_json({"kind": "discard", "cards": "7c 9h"}), action_from_json("raise to 8")
(Action.discard('7c 9h'), Action.raise_to(8))
>>> action_from_json({"kind": "call", "amount": 3})
Traceback (most recent call last):
...
ValueError: a call carries no amount or cards: {'kind': 'call', 'amount': 3}
"""

from __future__ import annotations

from typing import Any

from standpat.cards import as_cards, format_cards
from standpat.engine.actions import (
    Action,
    ActionKind,
    event_from_json,
    event_to_json,
    events_from_json,
)

__all__ = [
    "action_from_json", "action_to_json", "event_from_json", "event_to_json", "events_from_json",
]


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a JSON object."""
    doc: dict[str, Any] = {"kind": action.kind.value}
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        doc["amount"] = action.amount
    if action.kind is ActionKind.DISCARD and action.cards:
        doc["cards"] = format_cards(action.cards).split()
    return doc


def action_from_json(doc: Any) -> Action:
    """The action of :func:`action_to_json`'s JSON (or of its older forms, see above);
    ValueError, TypeError or KeyError when it is not one."""
    if isinstance(doc, str):
        return Action.parse(doc)
    if not isinstance(doc, dict):
        raise TypeError(f"an action is an object with a 'kind', not {doc!r}")
    kind = ActionKind(doc["kind"])
    amount = doc.get("amount", 0)
    cards = doc.get("cards", [])
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"an amount is a whole number of chips, not {amount!r}")
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        cards = " ".join(cards)
    if not isinstance(cards, str):
        raise TypeError(f"cards are a list of card names, not {cards!r}")
    if kind is ActionKind.DISCARD:
        if amount:
            raise ValueError(f"a discard carries no amount: {doc!r}")
        return Action(kind, 0, tuple(as_cards(cards)) if cards else ())
    if cards or (amount and kind not in (ActionKind.BET, ActionKind.RAISE)):
        raise ValueError(f"a {kind.value} carries no amount or cards: {doc!r}")
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(kind, amount)
    return Action(kind)
