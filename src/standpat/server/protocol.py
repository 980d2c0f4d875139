"""The WebSocket protocol's server messages: what clients receive, built from views.

Every message is a JSON object with ``"v"`` (the protocol version) and
``"type"``.  docs/protocol.md shows one example of each; what clients send is
checked by :mod:`standpat.server.schemas`.  What a connection receives about a
hand is built here from the engine's ``view(seat)`` for that connection, and
from nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from standpat.cards import Card, format_cards, parse_cards
from standpat.engine import Action, ActionKind, Event, LegalActions, SeatView, event_to_json
from standpat.errors import CardError, ProtocolError
from standpat.ranking import evaluate

__all__ = [
    "VERSION",
    "action_from_json",
    "error_message",
    "event_json",
    "hand_value_json",
    "legal_json",
    "message",
    "view_json",
]

VERSION: Final = 1
"""The protocol version this server speaks."""

def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A server message of type ``kind``."""
    return {"v": VERSION, "type": kind, **fields}


def error_message(code: str, text: str, ref: Any = None) -> dict[str, Any]:
    """An ``error`` message; ``ref`` echoes the client's ``ref`` when it sent one."""
    body: dict[str, Any] = message("error", code=code, message=text)
    if ref is not None:
        body["ref"] = ref
    return body


def action_from_json(data: Any) -> Action:
    """An engine action from ``{"kind": "raise", "amount": 8}`` or ``{"kind": "discard", ...}``.

    >>> action_from_json({"kind": "raise", "amount": 8})
    Action.raise_to(8)
    >>> action_from_json({"kind": "discard", "cards": ["7c", "9h"]})
    Action.discard('7c 9h')
    """
    if not isinstance(data, dict):
        raise ProtocolError("bad-action", f"an action is an object with a 'kind'; got {data!r}.")
    try:
        kind = ActionKind(str(data.get("kind")))
    except ValueError:
        raise ProtocolError("bad-action", f"unknown action kind {data.get('kind')!r}.") from None
    amount = data.get("amount", 0)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ProtocolError("bad-action", f"an amount is a whole number of chips; got {amount!r}.")
    cards = data.get("cards", [])
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        try:
            parsed = tuple(parse_cards(" ".join(cards)))
        except CardError as error:
            raise ProtocolError("bad-action", str(error)) from None
    else:
        raise ProtocolError("bad-action", f"cards are a list of card texts; got {cards!r}.")
    if kind is ActionKind.DISCARD:
        return Action(kind, 0, parsed)
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(kind, amount)
    return Action(kind)


def _cards(cards: Sequence[int]) -> list[str]:
    return format_cards(cards).split() if cards else []


def event_json(event: Event, seats: Sequence[int]) -> dict[str, Any]:
    """One (already redacted) engine event, with the hand's seat indexes as table seats."""
    out = event_to_json(event)
    if "seat" in out:
        out["seat"] = seats[out["seat"]]
    return out


def legal_json(legal: LegalActions) -> dict[str, Any]:
    """What the seat to act may do."""
    return {
        "kinds": sorted(k.value for k in legal.kinds),
        "to_call": legal.to_call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "max_discard": legal.max_discard,
    }


def hand_value_json(cards: Sequence[Card], ranking: str) -> dict[str, Any] | None:
    """A hand's category and the five cards that play, for a client to name it.

    ``None`` for fewer than five cards (a hand being drawn to).

    >>> from standpat.cards import parse_cards
    >>> hand_value_json(parse_cards("Ah 7c 8d 9s Th"), "short-7a")
    {'category': 'straight', 'best': ['Th', '9s', '8d', '7c', 'Ah']}
    """
    if len(cards) < 5:
        return None
    category, best = _hand_value(tuple(cards), ranking)
    return {"category": category, "best": list(best)}


@functools.lru_cache(maxsize=4096)
def _hand_value(cards: tuple[Card, ...], ranking: str) -> tuple[str, tuple[str, ...]]:
    """Evaluated once per hand and ranking, not once per message and watcher."""
    value = evaluate(cards, ranking)
    return value.category.value, tuple(_cards(value.best))


def view_json(view: SeatView, seats: Sequence[int], since: int = 0) -> dict[str, Any]:
    """A hand as one connection may see it: built from ``view(seat)`` only.

    ``seats`` maps the hand's seat indexes to the table's seat numbers; ``events``
    holds the hand's events from index ``since`` on (the connection has the rest).
    """
    players = []
    for i in range(view.players):
        entry: dict[str, Any] = {
            "seat": seats[i],
            "stack": view.stacks[i],
            "bet": view.bets[i],
            "folded": view.folded[i],
            "all_in": view.all_in[i],
            "cards": view.card_counts[i],
        }
        if view.draw_counts[i] is not None:
            entry["drew"] = view.draw_counts[i]
        if i in view.shown:
            entry["shown"] = _cards(view.shown[i])
            entry["value"] = hand_value_json(view.shown[i], str(view.ranking))
        if view.is_over:
            entry["won"] = view.payouts[i]
        players.append(entry)
    return {
        "game": view.game.name.value,
        "structure": view.structure.value,
        "stakes": str(view.stakes),
        "ranking": str(view.ranking),
        "phase": view.phase.value,
        "street": view.street,
        "button": seats[view.button],
        "to_act": None if view.to_act is None else seats[view.to_act],
        "you": None if view.seat is None else seats[view.seat],
        "hand": _cards(view.hand),
        "value": hand_value_json(view.hand, str(view.ranking)) if view.hand else None,
        "legal": None if view.legal is None else legal_json(view.legal),
        "pot": view.pot,
        "pots": [{"amount": a, "seats": [seats[s] for s in who]} for a, who in view.pots],
        "draws_left": view.draws_left,
        "stub": view.stub,
        "players": players,
        "events_from": since,
        "event_count": len(view.events),
        "events": [event_json(e, seats) for e in view.events[since:]],
        "over": view.is_over,
    }
