"""The pinochle codec: physical cards by name, actions and events as JSON both ways."""

from __future__ import annotations

import random
from typing import Any

import pytest

from standpat.pinochle import (
    DECK,
    PINOCHLE_5,
    PINOCHLE_7,
    Bid,
    BidMade,
    CardPlayed,
    Discard,
    Drew,
    GameState,
    NameTrump,
    Pass,
    Passed,
    Play,
    RandomBot,
    RenegeCharged,
    Suit,
    TrumpNamed,
)
from standpat.pinochle.cards import DeckCard
from standpat.pinochle.codec import (
    action_from_json,
    action_to_json,
    card_from_id,
    card_id,
    event_from_json,
    event_to_json,
    redact,
)


def test_every_physical_card_has_its_own_name() -> None:
    names = [card_id(c) for c in DECK]
    assert len(set(names)) == 48
    assert [card_from_id(n) for n in names] == list(DECK)
    assert card_id(DeckCard("Qs", 0)) != card_id(DeckCard("Qs", 1))
    assert card_from_id("10h.1") == DeckCard("Th", 1)


@pytest.mark.parametrize("bad", ["Qs", "Qs.2", "2c.0", "Qx.0", "qs.0", " Qs.0", "Qs.0 ", 7, None])
def test_a_card_name_must_be_a_face_and_a_copy(bad: Any) -> None:
    with pytest.raises(ValueError, match="not a pinochle card"):
        card_from_id(bad)


ACTIONS = [Bid(1), Bid(27), Pass(), *(NameTrump(s) for s in Suit), Discard(()),
           Discard((DeckCard("Qs", 1), DeckCard("9h"), DeckCard("Jd", 1))),
           Play(DeckCard("As", 1)), Play(DeckCard("9c"))]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_read_back(action: Any) -> None:
    doc = action_to_json(action)
    assert action_from_json(doc) == action
    assert set(doc) <= {"kind", "amount", "suit", "cards", "card"}


@pytest.mark.parametrize("doc", [
    {"kind": "bid"},
    {"kind": "bid", "amount": 0},
    {"kind": "bid", "amount": True},
    {"kind": "bid", "amount": "3"},
    {"kind": "pass", "amount": 3},
    {"kind": "trump", "suit": "stars"},
    {"kind": "trump", "suit": 2},
    {"kind": "discard", "cards": "Qs.0 Qs.1"},
    {"kind": "discard", "cards": ["Qs"]},
    {"kind": "discard", "card": "Qs.0"},
    {"kind": "play", "card": "Qs"},
    {"kind": "play", "cards": ["Qs.0"]},
    {"kind": "raise", "amount": 8},
    ["play", "Qs.0"],
])
def test_what_is_not_an_action_is_refused(doc: Any) -> None:
    with pytest.raises((ValueError, TypeError, KeyError)):
        action_from_json(doc)


EVENTS = [BidMade(1, 4), Passed(0), Passed(2, forced=True), TrumpNamed(1, Suit.SPADES),
          Drew(2, (DeckCard("9h"), DeckCard("9h", 1)), (DeckCard("As"), DeckCard("Td", 1))),
          Drew(0, (), ()), CardPlayed(1, DeckCard("Kd", 1)),
          CardPlayed(2, DeckCard("Kd"), taken_by=1), RenegeCharged(0)]


@pytest.mark.parametrize("event", EVENTS)
def test_events_read_back_with_table_seats(event: Any) -> None:
    seats = (5, 0, 3)
    doc = event_to_json(event, seats)
    assert doc["seat"] == seats[event.seat]
    assert event_from_json(doc, seats) == event
    assert event_from_json(event_to_json(event)) == event


def test_events_of_a_random_game_read_back_and_every_field_is_typed() -> None:
    """Every event of whole games: it reads back, and each kind always has the same fields."""
    fields: dict[str, set[frozenset[str]]] = {}
    for game, players, seed in ((PINOCHLE_5, 6, 1), (PINOCHLE_7, 3, 2)):
        state = GameState(game, players, rng=random.Random(seed))
        bot = RandomBot(random.Random(seed))
        while not state.is_over:
            event = state.apply(bot.act(state.view(state.to_act)))
            doc = event_to_json(event)
            assert event_from_json(doc) == event
            fields.setdefault(doc["kind"], set()).add(frozenset(doc) - {"taken_by"})
    assert {k: len(v) for k, v in fields.items()} == {
        "bid": 1, "pass": 1, "trump": 1, "draw": 1, "play": 1}


def test_redaction_hides_another_seats_cards_only() -> None:
    draw = event_to_json(Drew(1, (DeckCard("9h"),), (DeckCard("As"),)), (4, 7))
    assert redact(draw, 7) == draw
    assert redact(draw, 4) == {"kind": "draw", "seat": 7, "count": 1}
    assert redact(draw, None) == {"kind": "draw", "seat": 7, "count": 1}
    dealt = {"kind": "dealt", "seat": 4, "count": 2, "cards": ["As.0", "9h.1"]}
    assert redact(dealt, 4) == dealt and redact(dealt, 7) == {"kind": "dealt", "seat": 4,
                                                              "count": 2}
    play = event_to_json(CardPlayed(0, DeckCard("Kd")), (4, 7))
    assert redact(play, 7) == play  # a played card is everyone's
