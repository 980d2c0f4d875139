"""Histories of a hand as one player saw it: built from redacted events, they hold no card he
did not see, read back, and replay whenever nobody's unseen cards reach the showdown."""

from __future__ import annotations

import re

import pytest

from standpat.cards import Card
from standpat.engine import Dealt, EventKind, Hand, Shown, Won, redact, shown_cards
from standpat.history import dumps, loads, read_text, replay
from standpat.history.capture import (
    from_phh_order,
    phh_events,
    record_from_hand,
)
from standpat.history.text import format_events, format_hand
from tests.history.helpers import hidden_at_showdown, random_hand, random_hands, seen_record

HANDS = 600
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.fixture(scope="module")
def dealt() -> list[Hand]:
    return list(random_hands(HANDS, seed=23))


def visible(hand: Hand, viewer: int) -> set[Card]:
    """The cards ``viewer`` saw: his own, and what was shown and won with."""
    cards: set[Card] = set()
    for event in hand.events:
        if event.seat == viewer or isinstance(event, Shown | Won):
            cards.update(shown_cards(event))
    return cards


def test_a_seen_record_names_only_the_cards_the_player_saw(dealt: list[Hand]) -> None:
    opponents_cards = 0
    for hand in dealt:
        for viewer in range(hand.players):
            record = seen_record(hand, viewer)
            allowed = visible(hand, viewer)
            assert record.known_cards() <= allowed, (hand.seed, viewer)
            me = (viewer - hand.button - 1) % hand.players
            mine = next(e.cards for e in hand.events if isinstance(e, Dealt) and e.seat == viewer)
            assert record.hole_cards[me] == mine
            for seat, hole in enumerate(record.hole_cards):
                if seat != me:
                    assert hole == (None,) * len(mine)
                    opponents_cards += len(hole)
            text = format_events(record, phh_events(
                [redact(e, viewer) for e in hand.events], hand.button, hand.players))
            assert {Card(c) for c in _CARD.findall(text)} <= allowed, (hand.seed, viewer)
    assert opponents_cards > 1000


def test_a_seen_record_reads_back_and_replays_to_the_stored_stacks(dealt: list[Hand]) -> None:
    reshuffled = mucked = 0
    for hand in dealt[:300]:
        for viewer in range(hand.players):
            record = seen_record(hand, viewer)
            back = loads(dumps(record))
            assert back == [record]
            stacks = tuple(hand.stacks[from_phh_order(i, hand.button, hand.players)]
                           for i in range(hand.players))
            assert record.finishing_stacks == stacks
            events = phh_events([redact(e, viewer) for e in hand.events], hand.button,
                                hand.players)
            text = read_text(format_events(record, events))
            assert text.errors == [] and len(text.hands) == 1
            assert text.hands[0].steps == record.steps
            assert text.hands[0].hole_cards == record.hole_cards
            # Every view replays: the unknown cards are made up from cards out of play at
            # the time (after a reshuffle, cards the history names at other times), and an
            # opponent's mucked, unseen cards have no claim: the shown hands take the pots.
            assert replay(back[0]).finishing_stacks == stacks, (hand.seed, viewer)
            assert replay(text.hands[0]).finishing_stacks == stacks, (hand.seed, viewer)
            reshuffled += any(e.kind is EventKind.RESHUFFLE for e in hand.events)
            mucked += hidden_at_showdown(hand, viewer)
    assert reshuffled > 50
    assert mucked > 100


def test_the_text_of_a_full_hand_is_the_same_from_its_events(dealt: list[Hand]) -> None:
    for hand in dealt[:100]:
        record = record_from_hand(hand, players=[f"player{i}" for i in range(hand.players)])
        events = phh_events(hand.events, hand.button, hand.players)
        assert format_events(record, events) == format_hand(replay(record))


@pytest.mark.parametrize("seed", [5, 6, 12])
def test_unknown_cards_are_dealt_again_after_a_reshuffle(seed: int) -> None:
    # Triple draws that needed a reshuffle: every player's view draws more unknown cards
    # than the deck has left once the known ones are set aside, so discarded ones come again.
    hand = random_hand(seed, "deuce-to-seven-triple-draw", "fixed-limit")
    assert any(e.kind is EventKind.RESHUFFLE for e in hand.events)
    for viewer in range(hand.players):
        record = seen_record(hand, viewer)
        unknown = sum(c is None for h in record.hole_cards for c in h) + sum(
            c is None for s in record.steps for c in s.drawn
        )
        assert unknown + len(record.known_cards()) > 52
        assert replay(record).finishing_stacks == record.finishing_stacks
