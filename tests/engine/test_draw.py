"""Scenario tests for every rule of RULES.md's Draw section, and the games' decks."""

from __future__ import annotations

import pytest

from standpat.cards import SHORT_6A, SHORT_7A
from standpat.engine import (
    Action,
    Burned,
    Discarded,
    DrawOpened,
    EventKind,
    Hand,
    Reshuffled,
    Stakes,
    StreetOpened,
    get_game,
)
from standpat.engine.codec import event_to_json, events_from_json
from standpat.errors import HandSetupError, IllegalActionError
from tests.engine.helpers import act, cards, deal

SEVEN = "seven-card-draw"
FIVE = "five-card-draw"


def test_draw_order_starts_left_of_the_button_and_all_in_players_draw_too() -> None:
    hand = deal(FIVE, "no-limit", [100, 100, 100, 5], button=1)  # SB 2, BB 3 (all-in 2 of 5)
    act(hand, "call", "raise to 10", "call")  # seats 0, 1, 2
    act(hand, "call", "call")  # seat 3 all-in for 5, seat 0 calls the raise
    assert hand.all_in(3) and hand.phase == "draw"
    order = []
    while hand.phase == "draw":
        order.append(hand.to_act)
        act(hand, "pat")
    assert order == [2, 3, 0, 1]


def test_a_player_discards_zero_to_the_games_maximum_and_holds_his_size() -> None:
    hand = deal(SEVEN, "fixed-limit", [100] * 2)
    act(hand, "call", "check")
    legal = hand.legal_actions()
    assert legal.kinds == {Action.discard().kind} and legal.max_discard == 4
    seat = hand.to_act
    assert seat is not None
    held = hand.cards_of(seat)
    with pytest.raises(IllegalActionError, match="at most 4 discards, not 5"):
        hand.verify(Action.discard(held[:5]))
    with pytest.raises(IllegalActionError, match="does not hold"):
        other = next(c for c in get_game(SEVEN).deck_for(2)[0] if c not in held)
        hand.verify(Action.discard([other]))
    with pytest.raises(IllegalActionError, match="named twice"):
        hand.verify(Action.discard([held[0], held[0]]))
    with pytest.raises(IllegalActionError, match="must discard cards or stand pat"):
        hand.verify(Action.check())
    assert hand.to_act == seat
    discard = hand.apply(Action.discard(held[:4]))[0]
    assert isinstance(discard, Discarded) and discard.count == 4
    assert len(discard.drawn) == 4
    after = hand.cards_of(seat)
    assert len(after) == 7 and not set(held[:4]) & set(after)
    assert set(held[4:]) <= set(after)


def test_reshuffle_takes_bottom_card_burns_folds_and_earlier_discards_not_the_drawers() -> None:
    # Six players of Seven Card Draw: 42 cards dealt, a stub of 10, one burned.
    hand = deal(SEVEN, "fixed-limit", [100] * 6)
    act(hand, "call", "call", "call", "fold", "call", "check")  # seats 3, 4, 5, 0, 1, 2
    bottom = hand._stub[-1]
    folded = set(hand.cards_of(0))
    burns = [e.cards[0] for e in hand.events if isinstance(e, Burned)]
    assert len(burns) == 1 and hand.stub_size == 9
    first = act(hand, f"discard {_text(hand.cards_of(1)[:4])}")
    second = act(hand, f"discard {_text(hand.cards_of(2)[:4])}")
    assert isinstance(first[0], Discarded) and isinstance(second[0], Discarded)
    dealt = set(first[0].drawn) | set(second[0].drawn)
    assert bottom not in dealt  # the stub's 8 cards above the bottom card served them
    assert hand.stub_size == 1
    mine = hand.cards_of(3)[:4]
    events = act(hand, f"discard {_text(mine)}")
    assert [e.kind for e in events] == [EventKind.DISCARD, EventKind.RESHUFFLE]
    assert isinstance(events[0], Discarded) and isinstance(events[1], Reshuffled)
    pool = set(events[1].cards)
    expected = {bottom} | set(burns) | folded | set(first[0].cards) | set(second[0].cards)
    assert pool == expected and len(pool) == 1 + 1 + 7 + 8
    assert not pool & set(mine)  # never the drawer's own discards
    assert set(events[0].drawn) <= pool
    assert not set(mine) & set(hand.cards_of(3))


def test_replayed_draws_take_the_dictated_cards() -> None:
    hand = deal(FIVE, "no-limit", [100, 100], ["2c 3c 4c 5c 7d", "Ah Ad Kh Kd Qs"])
    act(hand, "call", "check")
    act(hand, "discard Ah Qs -> 9s 9h")  # seat 1 draws first heads-up
    assert hand.cards_of(1) == tuple(cards("Ad Kh Kd 9s 9h"))
    with pytest.raises(IllegalActionError, match="is in a hand"):
        act(hand, "discard 7d -> Kd")
    with pytest.raises(IllegalActionError, match="discards 1 cards but is given 2"):
        act(hand, "discard 7d -> 8d 8h")


def test_seven_a_uses_the_sixes_when_five_players_are_dealt_in() -> None:
    stakes = Stakes.from_bets(2)
    four = Hand("five-card-draw-7a", "no-limit", stakes, [50] * 4, rng=1)
    five = Hand("five-card-draw-7a", "no-limit", stakes, [50] * 5, rng=1)
    assert four.deck == SHORT_7A and four.ranking == "short-7a"
    assert five.deck == SHORT_6A and five.ranking == "short-6a"
    held = [c for s in range(5) for c in five.cards_of(s)]
    assert all(c.rank >= 4 for c in held)
    assert five.view(0).ranking == "short-6a"
    with pytest.raises(HandSetupError, match="not in this hand's 32-card deck"):
        Hand("five-card-draw-7a", "no-limit", stakes, [50] * 2, rng=1,
             hole_cards=[cards("6c 7c 8c 9c Tc"), cards("Ac Ad Ah As Kc")])
    with pytest.raises(HandSetupError, match="2 to 5 players, not 6"):
        Hand("five-card-draw-7a", "no-limit", stakes, [50] * 6, rng=1)


def test_draw_counts_are_public_until_the_first_action_after_the_draw() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3)
    assert hand.view(None).draw_counts == (None, None, None)
    act(hand, "call", "call", "check")
    act(hand, f"discard {_text(hand.cards_of(1)[:3])}")
    assert hand.view(0).draw_counts == (None, 3, None)  # seat 1 drew three, the others not yet
    act(hand, "pat", f"discard {_text(hand.cards_of(0)[:1])}")
    assert hand.phase == "betting"
    assert hand.view(None).draw_counts == (1, 3, 0)
    assert hand.view(2).draw_counts == (1, 3, 0)
    act(hand, "check")
    assert hand.view(None).draw_counts == (None, None, None)
    # the history keeps them: redacted discard events still say how many
    counts = [(e.seat, e.count, e.hidden) for e in hand.view(2).events
              if isinstance(e, Discarded)]
    assert counts == [(1, 3, 3), (2, 0, 0), (0, 1, 1)]


def test_draw_counts_stay_public_when_no_betting_follows() -> None:
    hand = deal(FIVE, "no-limit", [100, 100], button=0)
    act(hand, "raise to 100", "call")
    act(hand, "pat", f"discard {_text(hand.cards_of(0)[:2])}")
    assert hand.is_over
    assert hand.view(None).draw_counts == (2, 0)


def test_draw_counts_stay_public_from_one_draw_to_the_next_with_no_betting_between() -> None:
    hand = deal("deuce-to-seven-triple-draw", "no-limit", [100, 100], button=0)
    act(hand, "raise to 100", "call")  # both all-in: three draws, no more betting
    act(hand, f"discard {_text(hand.cards_of(1)[:2])}", f"discard {_text(hand.cards_of(0)[:1])}")
    assert hand.street == 2 and hand.phase == "draw"
    assert hand.view(None).draw_counts == (1, 2)  # the first draw's counts, still public
    act(hand, f"discard {_text(hand.cards_of(1)[:3])}")
    assert hand.view(0).draw_counts == (1, 3)  # seat 1 has drawn again, seat 0 not yet
    act(hand, "pat")
    assert hand.street == 3 and hand.view(1).draw_counts == (0, 3)
    act(hand, "pat", "pat")
    assert hand.is_over and hand.view(None).draw_counts == (0, 0)


def test_triple_draw_burns_before_each_draw_and_reshuffles_when_needed() -> None:
    stakes = Stakes.from_bets(2)
    hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", stakes, [1000] * 6, rng=5)
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase == "draw":
            act(hand, f"discard {_text(legal.cards)}")
        else:
            act(hand, "call" if legal.to_call else "check")
    kinds = [e.kind for e in hand.events]
    assert kinds.count(EventKind.BURN) == 3
    assert kinds.count(EventKind.RESHUFFLE) >= 1
    # a draw opens with its own kind of event, then its burn
    for i, e in enumerate(hand.events):
        if e.kind is EventKind.BURN:
            assert hand.events[i - 1].kind in (EventKind.DRAW, EventKind.RESHUFFLE)
    opens = [(e.kind, e.number) for e in hand.events
             if isinstance(e, StreetOpened | DrawOpened)]
    assert opens == [(EventKind.STREET, 0), (EventKind.DRAW, 1), (EventKind.STREET, 1),
                     (EventKind.DRAW, 2), (EventKind.STREET, 2), (EventKind.DRAW, 3),
                     (EventKind.STREET, 3)]


@pytest.mark.parametrize("seed", range(20))
def test_old_records_that_opened_draws_with_street_events_read_as_draws(seed: int) -> None:
    """Records stored before ``DRAW`` existed read back as the engine writes them now,
    also when all-in players draw with no betting between the draws."""
    hand = Hand("deuce-to-seven-triple-draw", "no-limit", Stakes.from_bets(2),
                [40, 60, 2000], rng=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase == "draw":
            act(hand, f"discard {_text(legal.cards[: seed % 3])}")
        elif legal.max_to and seed % 2:
            act(hand, f"raise to {legal.max_to}" if legal.to_call or hand.street else
                "call" if legal.to_call else "check")
        else:
            act(hand, "call" if legal.to_call else "check")
    new = [event_to_json(e) for e in hand.events]
    old = [{"kind": "street", "amount": doc["number"]} if doc["kind"] == "draw" else doc
           for doc in new]
    assert EventKind.DRAW in {e.kind for e in hand.events}
    assert events_from_json(old) == events_from_json(new) == list(hand.events)


def _text(held: tuple[object, ...] | list[object]) -> str:
    return " ".join(str(c) for c in held)
