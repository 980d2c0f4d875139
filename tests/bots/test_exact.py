"""The strong bot's exact draw odds: each hold's mean showdown percentile, and where it uses it."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from standpat.bots import SAMPLED_STRONG, StrongBot, make_bot
from standpat.bots.exact import hold_potentials
from standpat.bots.reading import read
from standpat.bots.strength import DrawModel
from standpat.engine import Action, ActionKind, Hand, Stakes


@pytest.mark.parametrize(("ranking", "draws"), [("short-7a", 1), ("deuce-to-seven", 3)])
def test_exact_potential_is_the_mean_percentile_of_every_completion(ranking: str,
                                                                     draws: int) -> None:
    model = DrawModel.of(ranking, 5, draws=draws, max_discard=5)
    rng = random.Random(ranking)
    deck = list(model.deck)
    for _ in range(6):
        cards = rng.sample(deck, 5 + rng.randint(0, 6))
        hand, dead = cards[:5], cards[5:]
        stub = [c for c in deck if c not in cards]
        found = hold_potentials(model, hand, dead)
        assert found is not None
        for mask in rng.sample(range(32), 4):
            keep = [c for i, c in enumerate(hand) if mask >> i & 1]
            finals = [model.percentile(model.strength([*keep, *drawn]))
                      for drawn in combinations(stub, 5 - len(keep))]
            assert found[mask] == pytest.approx(sum(finals) / len(finals), abs=1e-12)


def test_no_exact_potential_for_seven_cards() -> None:
    model = DrawModel.of("high", 7, draws=1, max_discard=4)
    assert hold_potentials(model, list(range(7))) is None


def test_the_strong_bot_considers_the_exactly_best_holds() -> None:
    hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [100, 100], rng=21,
                button=0)
    while ActionKind.DISCARD not in hand.legal_actions().kinds:
        legal = hand.legal_actions()
        hand.apply(Action.check() if Action.check() in legal else Action.call())
    view = hand.view(hand.to_act)
    reading = read(view)
    found = hold_potentials(reading.model, reading.hand, reading.dead)
    assert found is not None
    best = max(range(32), key=found.__getitem__)
    keep = frozenset(c for i, c in enumerate(reading.hand) if best >> i & 1)
    assert keep in StrongBot(random.Random(1)).candidates(reading, 5)
    sampled = make_bot(SAMPLED_STRONG, rng=random.Random(1))
    assert isinstance(sampled, StrongBot) and not sampled.exact
    action = sampled.act(view)
    assert action in view.legal  # type: ignore[operator]
