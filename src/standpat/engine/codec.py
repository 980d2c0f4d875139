"""Actions and events as JSON: the one serialisation every other layer uses.

An action is ``{"kind": ..., "amount": ...?, "cards": [...]?}`` (the form clients
send and the room stores).  An event is its kind and every field of its class
(``standpat.engine.events``), by name, cards as lists of card names::

    {"kind": "post", "seat": 0, "amount": 1, "post": "small-blind", "all_in": false}
    {"kind": "deal", "seat": 1, "cards": ["As", ...], "hidden": 0}  (not shown: [] and hidden 5)
    {"kind": "fold", "seat": 2}            {"kind": "check", "seat": 2}
    {"kind": "call", "seat": 2, "added": 4, "all_in": false}
    {"kind": "bet", "seat": 2, "to": 4, "all_in": false}     (raise: the same fields)
    {"kind": "street", "number": 1}        {"kind": "draw", "number": 1}
    {"kind": "burn", "cards": [], "hidden": 1}     (reshuffle: the same fields)
    {"kind": "discard", "seat": 1, "count": 2, "cards": [...], "drawn": [...], "hidden": 0}
    {"kind": "return", "seat": 3, "amount": 6}
    {"kind": "show", "seat": 1, "cards": [...]}
    {"kind": "muck", "seat": 2, "cards": [], "hidden": 5}
    {"kind": "win", "seat": 1, "amount": 12, "cards": [...], "pot": 0}

The readers also take what earlier versions wrote: cards as one string
(``"7c 9h"``), actions as their history text (``"raise to 8"``), as the room's
database held them before, and events as one flat record whose ``amount`` was
the bet total, the chips a call added, the number of a round or draw, or the
cards discarded, by kind (:func:`event_from_json`).

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

from collections.abc import Iterable
from dataclasses import fields
from typing import Any, Final

from standpat.cards import Card, as_cards, format_cards
from standpat.engine.actions import Action, ActionKind
from standpat.engine.events import (
    EVENT_TYPES,
    DrawOpened,
    Event,
    EventKind,
    StreetOpened,
)
from standpat.engine.games import PostKind

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


_FIELDS: Final = {kind: tuple(f.name for f in fields(cls)) for kind, cls in EVENT_TYPES.items()}
"""Each kind's fields, in order: what the wire carries."""
_CARDS: Final = frozenset({"cards", "drawn"})
_OLD_AMOUNT: Final = {
    EventKind.CALL: "added", EventKind.BET: "to", EventKind.RAISE: "to",
    EventKind.STREET: "number", EventKind.DRAW: "number", EventKind.DISCARD: "count",
}
"""The field that a flat record's ``amount`` became, where its name changed."""


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as a JSON object: its kind, then each field of its class by name, cards
    as lists of card names (the server's wire form and every saved form).

    >>> from standpat.engine.events import Discarded, Raised
    >>> event = Discarded(1, 2, tuple(as_cards("7c 9h")), tuple(as_cards("Ks Qd")))
    >>> event_to_json(event)
    {'kind': 'discard', 'seat': 1, 'count': 2, 'cards': ['7c', '9h'], 'drawn': ['Ks', 'Qd'], \
'hidden': 0}
    >>> event_from_json(event_to_json(event)) == event
    True
    >>> event_to_json(Raised(0, 8))
    {'kind': 'raise', 'seat': 0, 'to': 8, 'all_in': False}
    """
    kind = event.kind
    doc: dict[str, Any] = {"kind": kind.value}
    for name in _FIELDS[kind]:
        value = getattr(event, name)
        if name in _CARDS:
            doc[name] = [str(c) for c in value]
        elif name == "post":
            doc[name] = value.value
        else:
            doc[name] = value
    return doc


def _cards_from_json(value: object) -> tuple[Card, ...]:
    if isinstance(value, str):  # the table's older saves wrote cards as one string
        return tuple(as_cards(value)) if value else ()
    if isinstance(value, list):
        return tuple(as_cards(" ".join(map(str, value)))) if value else ()
    raise TypeError(f"cards must be a list of card names, not {value!r}")


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"an event's {name} is a whole number, not {value!r}")
    return value


def event_from_json(doc: dict[str, Any]) -> Event:
    """The event that :func:`event_to_json` wrote, or that earlier versions wrote as one
    flat record (KeyError, TypeError or ValueError when it is malformed).

    A flat record's ``amount`` is read as the field that took its meaning (a call's
    ``added``, a bet's or raise's ``to``, a round's or draw's ``number``, a discard's
    ``count``); fields it left out were at their defaults (0, no cards, not all-in).

    >>> event_from_json({"kind": "raise", "seat": 2, "amount": 8, "all_in": True})
    Raised(seat=2, to=8, all_in=True)
    >>> event_from_json({"kind": "street"}), event_from_json({"kind": "draw", "amount": 2})
    (StreetOpened(number=0), DrawOpened(number=2))
    """
    kind = EventKind(doc["kind"])
    old = _OLD_AMOUNT.get(kind)
    values: dict[str, Any] = {}
    for name in _FIELDS[kind]:
        value = doc.get(name)
        if value is None and name == old:
            value = doc.get("amount")
        if name in _CARDS:
            values[name] = _cards_from_json([] if value is None else value)
        elif name == "post":
            values[name] = PostKind(doc[name])
        elif name == "all_in":
            values[name] = bool(value)
        elif name == "seat":
            values[name] = _int(doc[name], name)
        else:
            values[name] = 0 if value is None else _int(value, name)
    return EVENT_TYPES[kind](**values)


def events_from_json(docs: Iterable[dict[str, Any]]) -> list[Event]:
    """A hand's events as :func:`event_to_json` (or an earlier version) wrote them, in order.

    Records written before draws had their own kind opened each draw with a
    ``street`` event too (``street`` k twice: draw k, then the betting after
    it); such a first ``street`` k (k >= 1) is read as the ``DRAW`` it was.

    >>> old = [{"kind": "street"}, {"kind": "street", "amount": 1},
    ...        {"kind": "burn"}, {"kind": "street", "amount": 1}]
    >>> events_from_json(old)
    [StreetOpened(number=0), DrawOpened(number=1), Burned(cards=(), hidden=0), \
StreetOpened(number=1)]
    """
    events: list[Event] = []
    opened: set[tuple[EventKind, int]] = set()
    for doc in docs:
        event = event_from_json(doc)
        if isinstance(event, StreetOpened | DrawOpened):
            number = event.number
            if (isinstance(event, StreetOpened) and number
                    and (EventKind.DRAW, number) not in opened
                    and (EventKind.STREET, number) not in opened):
                event = DrawOpened(number)
            opened.add((event.kind, number))
        events.append(event)
    return events
