"""The engine's ``room_rules`` option: what a room's hand histories hold beyond standpat's own
rules (a fold where a check is free; in fixed limit, a raise that completes a short all-in),
off by default, and accepting every hand standpat's own rules play."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from standpat.engine import Action, ActionKind, Hand, Raised, Stakes
from standpat.errors import IllegalActionError
from tests.engine.helpers import act, deal, kinds_of

FIVE = "five-card-draw"
BADUGI = "badugi"


def test_the_option_is_off_by_default_and_a_free_fold_is_refused() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3)
    assert hand.room_rules is False
    act(hand, "call", "call")  # seat 2, the big blind, may check
    with pytest.raises(IllegalActionError, match="no bet to fold to; it may check"):
        hand.apply(Action.fold())
    assert not hand.can(Action.fold())


def test_room_rules_let_a_player_fold_where_he_could_check() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3, room_rules=True)
    act(hand, "call", "call")
    assert ActionKind.FOLD not in hand.legal_actions().kinds  # never offered in play
    hand.verify(Action.fold())
    hand.apply(Action.fold())
    assert hand.folded(2) and hand.phase.value == "draw"
    assert hand.contributions == (2, 2, 2)  # his big blind stays in the pot
    # after the draw, with no bet, the first to act folds too
    act(hand, "pat", "pat")
    hand.apply(Action.fold())
    assert hand.is_over and hand.stacks == (104, 98, 98)


def test_a_fold_is_still_refused_in_a_draw() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 2, room_rules=True)
    act(hand, "call", "check")
    with pytest.raises(IllegalActionError, match="must discard cards or stand pat"):
        hand.apply(Action.fold())


def short_all_in(room_rules: bool) -> Hand:
    """4/8, blinds 2/4, button 3: SB 0, BB 1; seat 2 raises to 8, seat 3 all in to 10 (two
    more: half a bet, which reopens the betting)."""
    hand = deal(FIVE, "fixed-limit", [100, 100, 100, 10], stakes=Stakes.from_bets(4), button=3,
                room_rules=room_rules)
    act(hand, "raise to 8", "raise to 10")
    assert hand.all_in(3)
    return hand


def test_standpats_rule_after_a_short_all_in_is_a_full_bet_above_it() -> None:
    hand = short_all_in(False)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (14, 14)
    with pytest.raises(IllegalActionError, match="the only raise allowed is to 14"):
        hand.apply(Action.raise_to(12))


def test_room_rules_complete_the_short_all_in_and_keep_standpats_raise() -> None:
    hand = short_all_in(True)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (12, 12)  # the last full raise (8) and one bet
    with pytest.raises(IllegalActionError, match="the only raise allowed is to 12"):
        hand.apply(Action.raise_to(13))
    twin = hand.clone()
    twin.apply(Action.raise_to(14))  # standpat's own raise is still accepted
    assert twin.bets == (14, 4, 8, 10)
    hand.apply(Action.raise_to(12))
    assert hand.bets == (12, 4, 8, 10)
    # the completion is a full raise: four bets (the big blind, 8, the all-in, 12) cap it
    assert kinds_of(hand) == {"fold", "call"}
    act(hand, "call", "call")
    assert hand.phase.value == "draw" and hand.contributions == (12, 12, 12, 10)


def test_the_first_raiser_may_complete_after_a_short_all_in_on_a_later_round() -> None:
    # 2/4, blinds 1/2, button 0; after the draw (bets of 4): seat 1 bets 4, seat 2 raises to
    # 8, seat 0 goes all in to 10 (two more: half a bet), seat 1 calls; seat 2 may raise again,
    # to 14 by standpat's rules, to 12 (completing the all-in) by the room's.
    for room_rules, completed in ((False, 14), (True, 12)):
        hand = deal(FIVE, "fixed-limit", [12, 100, 100], room_rules=room_rules)
        act(hand, "call", "call", "check", "pat", "pat", "pat", "bet 4", "raise to 8")
        act(hand, "raise to 10")
        assert hand.all_in(0)
        act(hand, "call")
        assert hand.to_act == 2 and "raise" in kinds_of(hand)  # reopened for seat 2
        assert hand.legal_actions().min_to == completed
        act(hand, f"raise to {completed}", "call")
        assert hand.is_over and sum(hand.stacks) == 212


def test_without_a_short_all_in_the_room_raise_is_standpats() -> None:
    for room_rules in (False, True):
        hand = deal(FIVE, "fixed-limit", [100] * 3, room_rules=room_rules)
        act(hand, "raise to 4")
        assert hand.legal_actions().min_to == 6


def test_room_rules_accept_every_hand_standpats_rules_play() -> None:
    # Random hands of every structure, short stacks for all-ins: each replayed under room
    # rules gives the same events.
    seen_short = 0
    for seed in range(300):
        rng = random.Random(seed)
        game = rng.choice([FIVE, BADUGI, "deuce-to-seven-triple-draw"])
        structure = rng.choice(["fixed-limit", "fixed-limit", "pot-limit", "no-limit"])
        n = rng.randint(2, 6)
        stacks = [rng.choice([rng.randint(3, 12), rng.randint(20, 200)]) for _ in range(n)]
        hand = Hand(game, structure, Stakes.from_bets(2), stacks, button=rng.randrange(n),
                    rng=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            kinds = sorted(legal.kinds)
            kind = rng.choice(kinds)
            if kind is ActionKind.DISCARD:
                held = hand.cards_of(legal.seat)
                hand.apply(Action.discard(rng.sample(held, rng.randint(0, legal.max_discard))))
            elif kind in (ActionKind.BET, ActionKind.RAISE):
                hand.apply(Action(kind, rng.randint(legal.min_to, legal.max_to)))
            elif kind is ActionKind.FOLD and rng.random() < 0.7:
                hand.apply(Action.call())
            else:
                hand.apply(Action(kind))
        room = Hand(game, structure, Stakes.from_bets(2), stacks, button=hand.button,
                    rng=seed, room_rules=True)
        for _, action in hand.actions:
            room.verify(action)
            room.apply(action)
        assert room.events == hand.events
        seen_short += structure == "fixed-limit" and any(
            isinstance(e, Raised) and e.all_in for e in hand.events)
    assert seen_short > 10


def test_copies_and_pickles_keep_the_option_and_the_raise_base() -> None:
    hand = short_all_in(True)
    for twin in (hand.clone(), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert twin.room_rules is True
        assert twin.legal_actions().min_to == 12
    assert short_all_in(False).clone().legal_actions().min_to == 14
