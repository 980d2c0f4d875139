"""Badugi and Ace-to-Five Triple Draw in the engine: random hands of both games played to the
end in every betting structure (chips conserved, every card in one place, the reshuffle rule
for the draws) and every showdown's pots won by the best hand under the game's ranking, which
the tests compute from the rule alone (RULES.md, Hand rankings).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from standpat.cards import Card
from standpat.engine import GAMES, GameName, Hand, Reshuffled, Stakes, Structure, Won
from tests.engine.helpers import act, deal, play
from tests.engine.test_invariants import check_final
from tests.test_ranking_badugi import rule_key as badugi_key

HANDS = 300


def ace_to_five_key(hand: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The rule: aces low, suits and straights ignored; no pair beats a pair beats two pair...;
    then the ranks by group size, highest first. A bigger key is a better hand."""
    ranks = Counter((c // 4 + 1) % 13 for c in hand)  # ace 0, deuce 1 .. king 12
    groups = sorted(ranks.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return (tuple(-n for _, n in groups), tuple(-r for r, _ in groups))


KEYS: dict[GameName, Callable[[Sequence[Card]], object]] = {
    GameName.BADUGI: lambda cards: badugi_key(tuple(cards)),
    GameName.ACE_TO_FIVE_TRIPLE_DRAW: ace_to_five_key,
}


def check_showdown(hand: Hand) -> int:
    """Each pot's winners are its best hands by the rule; the number of pots shown down."""
    key = KEYS[hand.game.name]
    won: dict[int, set[int]] = {}
    for event in hand.events:
        if isinstance(event, Won) and event.cards:
            assert event.seat is not None
            won.setdefault(event.pot, set()).add(event.seat)
    for pot, seats in won.items():
        contest = [s for s in hand.pots[pot][1] if not hand.folded(s)]
        keys = {s: key(hand.cards_of(s)) for s in contest}
        best = max(keys.values())  # type: ignore[type-var]
        assert seats == {s for s in contest if keys[s] == best}, (pot, keys)
    return len(won)


@pytest.mark.parametrize("structure", list(Structure))
@pytest.mark.parametrize("name", [GameName.BADUGI, GameName.ACE_TO_FIVE_TRIPLE_DRAW])
def test_random_hands_play_to_the_end(name: GameName, structure: Structure) -> None:
    game = GAMES[name]
    rnd = random.Random(f"{name}-{structure}")
    shown = reshuffles = 0
    for i in range(HANDS):
        n = rnd.randint(game.min_players, game.max_players)
        stacks = [rnd.randint(1, 400 if rnd.random() < 0.5 else 40) for _ in range(n)]
        hand = Hand(name, structure, Stakes.from_bets(rnd.choice((1, 2, 10))), stacks,
                    button=rnd.randrange(n), rng=i)
        play(hand, rnd, check=i % 5 == 0)
        check_final(hand)
        shown += check_showdown(hand)
        reshuffles += any(isinstance(e, Reshuffled) for e in hand.events)
    assert shown > HANDS // 10  # the random play shows hands down often enough to test
    if name is GameName.ACE_TO_FIVE_TRIPLE_DRAW:
        assert reshuffles  # six players drawing five three times run through the stub


def test_badugi_deals_four_cards_and_a_badugi_beats_a_three_card_hand() -> None:
    holes = ["Kc Qd Jh Ts", "Ac 2d 3h 3s"]  # K-Q-J-T badugi, three-card 3-2-A
    hand = deal("badugi", "fixed-limit", [100, 100], holes)
    assert [len(hand.cards_of(s)) for s in range(2)] == [4, 4]
    act(hand, "call", "check", "pat", "pat", "check", "check", "pat", "pat", "check", "check",
        "pat", "pat", "check", "check")
    assert hand.is_over
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, Won)] == [(0, 4)]


def test_ace_to_five_the_wheel_wins_and_straights_do_not_count() -> None:
    holes = ["Ac 2c 3c 4c 5c", "6d 4h 3s 2h Ad"]  # the wheel (suited) against 6-4
    hand = deal("ace-to-five-triple-draw", "no-limit", [100, 100], holes)
    act(hand, "call", "check", "pat", "pat", "check", "check", "pat", "pat", "check", "check",
        "pat", "pat", "check", "check")
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, Won)] == [(0, 4)]
