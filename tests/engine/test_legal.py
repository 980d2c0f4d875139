"""One source of legality: ``action in hand.legal_actions()``, ``hand.can``, ``verify`` and
``apply`` agree on every action, legal or not (random hands, mostly illegal actions)."""

from __future__ import annotations

import random

import pytest

from standpat.cards import Card
from standpat.engine import Action, ActionKind, Hand, LegalActions
from standpat.errors import IllegalActionError
from tests.engine.helpers import deal, random_action
from tests.engine.test_invariants import make_hand

GENERIC = "is not a legal action now"
"""The fallback message of verify: it must never be needed (every refusal says why)."""


def wild_action(hand: Hand, legal: LegalActions, rnd: random.Random) -> Action:
    """An action of any kind, amount and cards: mostly illegal, sometimes legal."""
    kind = rnd.choice(list(ActionKind))
    amount = rnd.choice((
        0, 0, legal.min_to, legal.max_to, legal.min_to - 1, legal.max_to + 1, -1,
        rnd.randint(0, 2 * max(legal.max_to, 1)),
    ))
    seat = legal.seat
    mine = hand.cards_of(seat)
    others = [c for c in hand.deck if c not in mine]
    roll = rnd.random()
    if roll < 0.4:
        cards: tuple[Card, ...] = ()
    elif roll < 0.7:
        cards = tuple(rnd.sample(mine, rnd.randint(1, len(mine))))
    elif roll < 0.8:
        cards = (mine[0], mine[0])
    else:
        cards = (*rnd.sample(mine, rnd.randint(0, 2)), rnd.choice(others))
    return Action(kind, amount, cards)


def check_agreement(hand: Hand, action: Action) -> None:
    """Every way of asking whether ``action`` is legal gives the same answer."""
    legal = hand.legal_actions()
    inside = action in legal
    assert hand.can(action) is inside, (action, legal)
    assert hand.can(action, legal.seat) is inside
    assert not hand.can(action, (legal.seat + 1) % hand.players) or hand.players == 1
    if inside:
        hand.verify(action)
    else:
        with pytest.raises(IllegalActionError) as refused:
            hand.verify(action)
        assert GENERIC not in str(refused.value), (action, legal)
    twin = hand.clone()
    before = twin.events
    try:
        twin.apply(action)
    except IllegalActionError:
        assert not inside, (action, legal)
        assert twin.events == before and twin.to_act == legal.seat
    else:
        assert inside, (action, legal)


@pytest.mark.slow
def test_can_verify_apply_and_legal_actions_agree_on_random_actions() -> None:
    rnd = random.Random("legal")
    tried = legal_ones = 0
    for seed in range(600):
        hand = make_hand(rnd, seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            for _ in range(6):
                action = wild_action(hand, legal, rnd)
                legal_ones += action in legal
                tried += 1
                check_agreement(hand, action)
            sure = random_action(legal, rnd)
            check_agreement(hand, sure)
            hand.apply(sure)
    assert tried > 20_000 and 0.05 < legal_ones / tried < 0.5


def test_a_raise_or_a_call_carrying_cards_is_illegal_everywhere() -> None:
    hand = deal("five-card-draw", "no-limit", [100] * 3)
    legal = hand.legal_actions()
    card = hand.cards_of(legal.seat)[0]
    for action in (
        Action(ActionKind.RAISE, legal.min_to, (card,)),
        Action(ActionKind.CALL, 0, (card,)),
        Action(ActionKind.FOLD, 3),
    ):
        assert action not in legal and not hand.can(action)
        with pytest.raises(IllegalActionError, match="cannot"):
            hand.apply(action)


def test_a_discard_with_an_amount_is_illegal_everywhere() -> None:
    hand = deal("five-card-draw", "no-limit", [100] * 2)
    hand.apply(Action.call())
    hand.apply(Action.check())
    legal = hand.legal_actions()
    action = Action(ActionKind.DISCARD, 2, hand.cards_of(legal.seat)[:2])
    assert action not in legal and not hand.can(action)
    with pytest.raises(IllegalActionError, match="amount"):
        hand.apply(action)
    assert Action.stand_pat() in legal and hand.can(Action.stand_pat())


def test_an_action_of_a_plain_string_kind_is_the_same_action() -> None:
    hand = deal("five-card-draw", "no-limit", [100] * 3)
    legal = hand.legal_actions()
    assert Action("fold") == Action.fold()  # type: ignore[arg-type]
    assert Action("raise", legal.min_to) in legal and hand.can(Action("raise", legal.min_to))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not an action"):
        Action("shove")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="whole number"):
        Action(ActionKind.RAISE, 4.5)  # type: ignore[arg-type]
