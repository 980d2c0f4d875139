"""Pinochle actions and events as JSON: the one serialisation the card room, its records and
its clients use.

**Cards.**  A pinochle deck holds every card twice, and the two are different physical
cards (of two identical cards in a trick, the one played first wins).  A client names a
physical card by its face and which copy it is, ``0`` or ``1``: ``"Qs.0"`` and ``"Qs.1"``
are the two queens of spades (:func:`card_id`).  The copy says nothing about the game: it
only tells the two cards apart.  Meld, which counts faces, names faces (``"Qs"``).

**Actions** (what a client sends, what the room stores)::

    {"kind": "bid", "amount": 5}      {"kind": "pass"}
    {"kind": "trump", "suit": "hearts"}
    {"kind": "discard", "cards": ["Qs.1", "9h.0"]}      (no cards: keep the hand)
    {"kind": "play", "card": "Qs.1"}

**Events** of a hand, one kind each, every field always meaning the same thing
(:func:`event_to_json`); ``seat`` is a table seat when a seat map is given::

    {"kind": "bid", "seat": 1, "amount": 5}
    {"kind": "pass", "seat": 2, "forced": false}   (forced: all passed, the dealer takes it at 1)
    {"kind": "trump", "seat": 1, "suit": "hearts"}
    {"kind": "draw", "seat": 1, "count": 2, "discarded": [...], "drawn": [...]}
    {"kind": "play", "seat": 1, "card": "Qs.1", "taken_by": 3}   (taken_by: it ended the trick)
    {"kind": "renege", "seat": 2}

A viewer sees another seat's ``draw`` without ``discarded`` and ``drawn`` (:func:`redact`).

>>> from standpat.pinochle.actions import Discard, Drew, Play
>>> action_to_json(Play(DeckCard("Qs", 1)))
{'kind': 'play', 'card': 'Qs.1'}
>>> action_from_json({"kind": "discard", "cards": ["9h.0", "Qs.1"]})
Discard(cards=(DeckCard('9h', 0), DeckCard('Qs', 1)))
>>> doc = event_to_json(Drew(0, (DeckCard("9h"),), (DeckCard("As", 1),)), seats=(4, 2))
>>> doc
{'kind': 'draw', 'seat': 4, 'count': 1, 'discarded': ['9h.0'], 'drawn': ['As.1']}
>>> redact(doc, viewer=2)
{'kind': 'draw', 'seat': 4, 'count': 1}
>>> event_from_json(doc, seats=(4, 2))
Drew(seat=0, discarded=(DeckCard('9h', 0),), drawn=(DeckCard('As', 1),))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, Final

from standpat.errors import CardParseError
from standpat.pinochle.actions import (
    Action,
    Bid,
    BidMade,
    CardPlayed,
    Discard,
    Drew,
    Event,
    NameTrump,
    Pass,
    Passed,
    Play,
    RenegeCharged,
    TrumpNamed,
)
from standpat.pinochle.cards import DeckCard, Suit
from standpat.pinochle.meld import MeldResult

__all__ = [
    "ActionKind",
    "EventKind",
    "action_from_json",
    "action_to_json",
    "card_from_id",
    "card_id",
    "cards_from_ids",
    "event_from_json",
    "event_to_json",
    "meld_json",
    "redact",
]

Json = dict[str, Any]

_CARD_ID: Final = re.compile(r"^(?:10|[9TJQKA])[cdhs]\.[01]$")


class ActionKind(StrEnum):
    """The kinds of pinochle action; the value is the wire spelling."""

    BID = "bid"
    PASS = "pass"
    TRUMP = "trump"
    DISCARD = "discard"
    PLAY = "play"


class EventKind(StrEnum):
    """The kinds of event an action makes; the value is the wire spelling."""

    BID = "bid"
    PASS = "pass"
    TRUMP = "trump"
    DRAW = "draw"
    PLAY = "play"
    RENEGE = "renege"


def card_id(card: DeckCard) -> str:
    """A physical card's name: its face and its copy.

    >>> card_id(DeckCard("10h", 1)), card_id(DeckCard("Qs"))
    ('Th.1', 'Qs.0')
    """
    return f"{card}.{card.copy}"


def card_from_id(text: object) -> DeckCard:
    """The physical card :func:`card_id` names (``10h.1`` is read too); CardParseError
    (a ValueError) for anything else.

    >>> card_from_id("Th.1")
    DeckCard('Th', 1)
    >>> card_from_id("Qs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    standpat.errors.CardParseError: 'Qs' is not a pinochle card: write its face and copy, ...
    """
    if not isinstance(text, str) or not _CARD_ID.match(text):
        raise CardParseError(
            f"{text!r} is not a pinochle card: write its face and copy, like 'Qs.0' or 'Qs.1'."
        )
    face, copy = text.rsplit(".", 1)
    return DeckCard(face, int(copy))


def cards_from_ids(texts: object) -> tuple[DeckCard, ...]:
    """Physical cards from a list of card names."""
    if not isinstance(texts, list):
        raise TypeError(f"cards are a list of card names like 'Qs.1', not {texts!r}")
    return tuple(card_from_id(t) for t in texts)


def _ids(cards: Iterable[DeckCard]) -> list[str]:
    return [card_id(c) for c in cards]


# -- actions ---------------------------------------------------------------------------------


def action_to_json(action: Action) -> Json:
    """An action as a JSON object."""
    if isinstance(action, Bid):
        return {"kind": ActionKind.BID.value, "amount": action.amount}
    if isinstance(action, Pass):
        return {"kind": ActionKind.PASS.value}
    if isinstance(action, NameTrump):
        return {"kind": ActionKind.TRUMP.value, "suit": action.suit.value}
    if isinstance(action, Discard):
        return {"kind": ActionKind.DISCARD.value, "cards": _ids(action.cards)}
    return {"kind": ActionKind.PLAY.value, "card": card_id(action.card)}


_FIELDS: Final = {
    ActionKind.BID: {"amount"},
    ActionKind.PASS: set(),
    ActionKind.TRUMP: {"suit"},
    ActionKind.DISCARD: {"cards"},
    ActionKind.PLAY: {"card"},
}


def action_from_json(doc: Any) -> Action:
    """The action of :func:`action_to_json`'s JSON; ValueError, TypeError or KeyError when
    it is not one (a field of another kind of action included).

    >>> action_from_json({"kind": "bid", "amount": 7}), action_from_json({"kind": "pass"})
    (Bid(amount=7), Pass())
    >>> action_from_json({"kind": "pass", "card": "Qs.1"})
    Traceback (most recent call last):
    ...
    ValueError: a pass carries no card: {'kind': 'pass', 'card': 'Qs.1'}
    """
    if not isinstance(doc, dict):
        raise TypeError(f"an action is an object with a 'kind', not {doc!r}")
    kind = ActionKind(doc["kind"])
    extra = sorted(set(doc) - {"kind"} - _FIELDS[kind])
    if extra:
        raise ValueError(f"a {kind.value} carries no {', '.join(extra)}: {doc!r}")
    if kind is ActionKind.BID:
        amount = doc["amount"]
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise ValueError(f"a bid is a whole number of points from 1, not {amount!r}")
        return Bid(amount)
    if kind is ActionKind.PASS:
        return Pass()
    if kind is ActionKind.TRUMP:
        suit = doc["suit"]
        if not isinstance(suit, str):
            raise TypeError(f"a suit is a name like 'hearts', not {suit!r}")
        return NameTrump(Suit.parse(suit))
    if kind is ActionKind.DISCARD:
        return Discard(cards_from_ids(doc.get("cards", [])))
    return Play(card_from_id(doc["card"]))


# -- events ----------------------------------------------------------------------------------


def _seat(index: int, seats: Sequence[int] | None) -> int:
    return index if seats is None else seats[index]


def _index(seat: Any, seats: Sequence[int] | None) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is a whole number, not {seat!r}")
    if seats is None:
        return seat
    if seat not in seats:
        raise ValueError(f"seat {seat} is not one of the game's seats {list(seats)}")
    return list(seats).index(seat)


def event_to_json(event: Event, seats: Sequence[int] | None = None) -> Json:
    """An event as JSON; ``seats`` maps the game's seat indexes to table seats."""
    seat = _seat(event.seat, seats)
    if isinstance(event, BidMade):
        return {"kind": EventKind.BID.value, "seat": seat, "amount": event.amount}
    if isinstance(event, Passed):
        return {"kind": EventKind.PASS.value, "seat": seat, "forced": event.forced}
    if isinstance(event, TrumpNamed):
        return {"kind": EventKind.TRUMP.value, "seat": seat, "suit": event.suit.value}
    if isinstance(event, Drew):
        return {"kind": EventKind.DRAW.value, "seat": seat, "count": len(event.drawn),
                "discarded": _ids(event.discarded), "drawn": _ids(event.drawn)}
    if isinstance(event, CardPlayed):
        doc: Json = {"kind": EventKind.PLAY.value, "seat": seat, "card": card_id(event.card)}
        if event.taken_by is not None:
            doc["taken_by"] = _seat(event.taken_by, seats)
        return doc
    return {"kind": EventKind.RENEGE.value, "seat": seat}


def event_from_json(doc: Any, seats: Sequence[int] | None = None) -> Event:
    """The event of :func:`event_to_json`'s JSON (not redacted); ValueError, TypeError or
    KeyError when it is not one."""
    if not isinstance(doc, dict):
        raise TypeError(f"an event is an object with a 'kind', not {doc!r}")
    kind = EventKind(doc["kind"])
    seat = _index(doc["seat"], seats)
    if kind is EventKind.BID:
        return BidMade(seat, int(doc["amount"]))
    if kind is EventKind.PASS:
        return Passed(seat, bool(doc.get("forced", False)))
    if kind is EventKind.TRUMP:
        return TrumpNamed(seat, Suit.parse(doc["suit"]))
    if kind is EventKind.DRAW:
        return Drew(seat, cards_from_ids(doc["discarded"]), cards_from_ids(doc["drawn"]))
    if kind is EventKind.PLAY:
        taken = doc.get("taken_by")
        return CardPlayed(seat, card_from_id(doc["card"]),
                          None if taken is None else _index(taken, seats))
    return RenegeCharged(seat)


PRIVATE: Final = {"draw": ("discarded", "drawn"), "dealt": ("cards",)}
"""The fields of an event kind that only its own seat may see."""


def redact(doc: Json, viewer: int | None) -> Json:
    """An event's JSON as the player in seat ``viewer`` (None: a spectator) may see it: the
    cards of another seat's deal and draw are left out (their counts stay)."""
    hidden = PRIVATE.get(doc.get("kind", ""), ())
    if not hidden or (viewer is not None and doc.get("seat") == viewer):
        return doc
    return {k: v for k, v in doc.items() if k not in hidden}


def meld_json(result: MeldResult) -> Json:
    """A hand's meld: each meld with its points and cards (faces), and the totals.

    ``nines`` (the 9s of trump) is counted apart because it is always kept; ``rest`` is
    kept only with a trick point.

    >>> from standpat.cards import parse_cards
    >>> from standpat.pinochle.meld import meld
    >>> doc = meld_json(meld(parse_cards("Ks Qs 9s Jd"), Suit.SPADES))
    >>> doc["melds"][0]
    {'kind': 'trump-marriage', 'name': 'marriage in trump', 'points': 4, 'cards': ['Ks', 'Qs']}
    >>> [m["kind"] for m in doc["melds"]], doc["total"], doc["nines"], doc["rest"]
    (['trump-marriage', 'nine-of-trump', 'pinochle'], 9, 1, 8)
    """
    return {
        "melds": [
            {"kind": m.kind.value, "name": m.name, "points": m.points,
             "cards": [str(c) for c in m.cards]}
            for m in result.melds
        ],
        "total": result.total,
        "nines": result.nines,
        "rest": result.rest,
    }
