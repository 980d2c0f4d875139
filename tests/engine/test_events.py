"""Typed events: one class per kind with named fields, written on the wire by name, and the
flat records of earlier versions read as the same events."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from standpat.engine import (
    BetMade,
    Burned,
    Called,
    Checked,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    EventKind,
    Folded,
    Hand,
    Mucked,
    Posted,
    PostKind,
    Raised,
    Reshuffled,
    Returned,
    Shown,
    Stakes,
    StreetOpened,
    Won,
    event_from_json,
    event_to_json,
    events_from_json,
    redact,
    reseat,
)
from standpat.engine.events import EVENT_TYPES
from tests.engine.helpers import cards, random_action

HAND = tuple(cards("As Kd 7h 5c 2d"))
TWO, DRAWN = tuple(cards("7c 9h")), tuple(cards("Ks Qd"))

FIELDS: dict[type[Event], tuple[str, ...]] = {
    Posted: ("seat", "amount", "post", "all_in"),
    Dealt: ("seat", "cards", "hidden"),
    Folded: ("seat",),
    Checked: ("seat",),
    Called: ("seat", "added", "all_in"),
    BetMade: ("seat", "to", "all_in"),
    Raised: ("seat", "to", "all_in"),
    StreetOpened: ("number",),
    DrawOpened: ("number",),
    Burned: ("cards", "hidden"),
    Discarded: ("seat", "count", "cards", "drawn", "hidden"),
    Reshuffled: ("cards", "hidden"),
    Returned: ("seat", "amount"),
    Shown: ("seat", "cards"),
    Mucked: ("seat", "cards", "hidden"),
    Won: ("seat", "amount", "cards", "pot"),
}
"""Each kind's fields, by name and in order: the engine's API and the wire's."""

HAND_NAMES = ["As", "Kd", "7h", "5c", "2d"]
CASES: list[tuple[Event, dict[str, Any], dict[str, Any]]] = [
    # (the event, as written now, as the flat record of earlier versions wrote it)
    (Posted(0, 1, PostKind.SMALL_BLIND),
     {"kind": "post", "seat": 0, "amount": 1, "post": "small-blind", "all_in": False},
     {"kind": "post", "seat": 0, "amount": 1, "post": "small-blind"}),
    (Posted(3, 2, PostKind.BIG_BLIND, all_in=True),
     {"kind": "post", "seat": 3, "amount": 2, "post": "big-blind", "all_in": True},
     {"kind": "post", "seat": 3, "amount": 2, "all_in": True, "post": "big-blind"}),
    (Dealt(1, HAND),
     {"kind": "deal", "seat": 1, "cards": HAND_NAMES, "hidden": 0},
     {"kind": "deal", "seat": 1, "amount": 5, "cards": HAND_NAMES}),
    (Dealt(0, hidden=5),
     {"kind": "deal", "seat": 0, "cards": [], "hidden": 5},
     {"kind": "deal", "seat": 0, "amount": 5, "hidden": 5}),
    (Folded(2), {"kind": "fold", "seat": 2}, {"kind": "fold", "seat": 2}),
    (Checked(0), {"kind": "check", "seat": 0}, {"kind": "check", "seat": 0}),
    (Called(1, 4, all_in=True),
     {"kind": "call", "seat": 1, "added": 4, "all_in": True},
     {"kind": "call", "seat": 1, "amount": 4, "all_in": True}),
    (BetMade(0, 4),
     {"kind": "bet", "seat": 0, "to": 4, "all_in": False},
     {"kind": "bet", "seat": 0, "amount": 4}),
    (Raised(2, 12),
     {"kind": "raise", "seat": 2, "to": 12, "all_in": False},
     {"kind": "raise", "seat": 2, "amount": 12}),
    (StreetOpened(0), {"kind": "street", "number": 0}, {"kind": "street"}),
    (StreetOpened(2), {"kind": "street", "number": 2}, {"kind": "street", "amount": 2}),
    (DrawOpened(1), {"kind": "draw", "number": 1}, {"kind": "draw", "amount": 1}),
    (Burned(tuple(cards("2c"))),
     {"kind": "burn", "cards": ["2c"], "hidden": 0},
     {"kind": "burn", "amount": 1, "cards": ["2c"]}),
    (Burned(hidden=1),
     {"kind": "burn", "cards": [], "hidden": 1},
     {"kind": "burn", "amount": 1, "hidden": 1}),
    (Discarded(1, 2, TWO, DRAWN),
     {"kind": "discard", "seat": 1, "count": 2, "cards": ["7c", "9h"], "drawn": ["Ks", "Qd"],
      "hidden": 0},
     {"kind": "discard", "seat": 1, "amount": 2, "cards": ["7c", "9h"], "drawn": ["Ks", "Qd"]}),
    (Discarded(3, 2, hidden=2),
     {"kind": "discard", "seat": 3, "count": 2, "cards": [], "drawn": [], "hidden": 2},
     {"kind": "discard", "seat": 3, "amount": 2, "hidden": 2}),
    (Discarded(0, 0),
     {"kind": "discard", "seat": 0, "count": 0, "cards": [], "drawn": [], "hidden": 0},
     {"kind": "discard", "seat": 0}),
    (Reshuffled(TWO),
     {"kind": "reshuffle", "cards": ["7c", "9h"], "hidden": 0},
     {"kind": "reshuffle", "amount": 2, "cards": ["7c", "9h"]}),
    (Reshuffled(hidden=9),
     {"kind": "reshuffle", "cards": [], "hidden": 9},
     {"kind": "reshuffle", "amount": 9, "hidden": 9}),
    (Returned(0, 48), {"kind": "return", "seat": 0, "amount": 48},
     {"kind": "return", "seat": 0, "amount": 48}),
    (Shown(1, HAND), {"kind": "show", "seat": 1, "cards": HAND_NAMES},
     {"kind": "show", "seat": 1, "cards": HAND_NAMES}),
    (Mucked(2, HAND), {"kind": "muck", "seat": 2, "cards": HAND_NAMES, "hidden": 0},
     {"kind": "muck", "seat": 2, "cards": HAND_NAMES}),
    (Mucked(2, hidden=5), {"kind": "muck", "seat": 2, "cards": [], "hidden": 5},
     {"kind": "muck", "seat": 2, "hidden": 5}),
    (Won(0, 5), {"kind": "win", "seat": 0, "amount": 5, "cards": [], "pot": 0},
     {"kind": "win", "seat": 0, "amount": 5}),
    (Won(1, 30, HAND, 1), {"kind": "win", "seat": 1, "amount": 30, "cards": HAND_NAMES, "pot": 1},
     {"kind": "win", "seat": 1, "amount": 30, "cards": HAND_NAMES, "pot": 1}),
]


def test_every_kind_is_a_class_of_its_own_with_named_fields() -> None:
    assert set(FIELDS) == set(EVENT_TYPES.values())
    assert {cls.kind for cls in FIELDS} == set(EventKind)
    for cls, names in FIELDS.items():
        assert EVENT_TYPES[cls.kind] is cls
        assert tuple(f.name for f in dataclasses.fields(cls)) == names
    assert {type(event) for event, _, _ in CASES} == set(FIELDS)  # every kind has a case


def test_fields_are_read_by_name_and_events_are_frozen() -> None:
    call, raised = Called(1, added=4), Raised(2, to=12)
    street, draw = StreetOpened(2), DrawOpened(3)
    assert (call.seat, call.added, call.all_in) == (1, 4, False)
    assert (raised.to, street.number, draw.number) == (12, 2, 3)
    assert Discarded(1, 2, TWO, DRAWN).count == 2 and Dealt(0, hidden=5).count == 5
    assert street.seat is None and Burned().seat is None and Reshuffled().seat is None
    same: list[Event] = [Checked(1), Folded(1), BetMade(0, 4), Raised(0, 4)]
    assert len(set(same)) == 4  # the kind is the class: equal fields are not the same event
    with pytest.raises(dataclasses.FrozenInstanceError):
        call.added = 6  # type: ignore[misc]
    assert not hasattr(call, "__dict__")


@pytest.mark.parametrize(("event", "doc", "flat"), CASES, ids=lambda v: str(v)[:40])
def test_each_kind_goes_on_the_wire_by_its_field_names(
    event: Event, doc: dict[str, Any], flat: dict[str, Any]
) -> None:
    assert event_to_json(event) == doc
    assert list(event_to_json(event)) == ["kind", *FIELDS[type(event)]]
    assert event_from_json(doc) == event


@pytest.mark.parametrize(("event", "doc", "flat"), CASES, ids=lambda v: str(v)[:40])
def test_an_old_flat_record_of_each_kind_reads_as_the_typed_event(
    event: Event, doc: dict[str, Any], flat: dict[str, Any]
) -> None:
    assert event_from_json(flat) == event
    if "cards" in flat:  # the table's oldest saves wrote cards as one string
        spaced = {**flat, "cards": " ".join(flat["cards"])}
        assert event_from_json(spaced) == event


def test_a_malformed_event_is_refused() -> None:
    with pytest.raises(ValueError):
        event_from_json({"kind": "shove", "seat": 1})
    with pytest.raises(TypeError):
        event_from_json({"kind": "raise", "seat": 1, "to": "8"})
    with pytest.raises(KeyError):
        event_from_json({"kind": "fold"})  # a fold is some seat's


_RENAMED = {"call": "added", "bet": "to", "raise": "to", "street": "number", "draw": "number",
            "discard": "count"}


def flat(doc: dict[str, Any]) -> dict[str, Any]:
    """An event as the flat record of earlier versions wrote it: one ``amount`` whatever the
    kind (the card count of a deal, burn or reshuffle), the fields at their defaults left out."""
    kind = doc["kind"]
    old: dict[str, Any] = {"kind": kind}
    if "seat" in doc:
        old["seat"] = doc["seat"]
    amount = doc.get(_RENAMED.get(kind, "amount"), 0)
    if kind in ("deal", "burn", "reshuffle"):
        amount = len(doc["cards"]) or doc["hidden"]
    if amount:
        old["amount"] = amount
    for name in ("cards", "drawn", "pot", "all_in", "post", "hidden"):
        if doc.get(name):
            old[name] = doc[name]
    return old


def test_whole_hands_stored_in_the_old_flat_form_read_back_as_played() -> None:
    rnd = random.Random("flat")
    kinds: set[EventKind] = set()
    for seed in range(150):
        game = rnd.choice(["deuce-to-seven-triple-draw", "five-card-draw", "seven-card-draw"])
        hand = Hand(game, rnd.choice(["fixed-limit", "no-limit"]), Stakes.from_bets(2),
                    [rnd.choice([6, 40, 200]) for _ in range(rnd.randint(2, 6))], rng=seed)
        while not hand.is_over:
            hand.apply(random_action(hand.legal_actions(), rnd))
        for viewer in (None, *range(hand.players)):
            seen = [redact(e, viewer) for e in hand.events]
            old = [flat(event_to_json(e)) for e in seen]
            assert events_from_json(old) == seen
            kinds.update(e.kind for e in seen)
    assert kinds == set(EventKind)  # every kind came up


def test_reseat_gives_the_seat_of_another_numbering() -> None:
    seats = (4, 7, 9)
    assert reseat(Won(2, 5), seats) == Won(9, 5)
    assert reseat(Discarded(1, 2, TWO, DRAWN), seats) == Discarded(7, 2, TWO, DRAWN)
    assert reseat(DrawOpened(1), seats) == DrawOpened(1)
