"""Every bot level plays every game and structure: legal actions only."""

from __future__ import annotations

import random

import pytest

from standpat.bots import LEVELS, Bot, NormalBot, StrongBot, make_bot, prepare_game
from standpat.bots.match import duplicate_match, play_hand
from standpat.engine import GAMES, Action, ActionKind, Hand, Stakes, Structure

GAME_NAMES = [g.value for g in GAMES]
STRUCTURES = [s.value for s in Structure]
FEW = 100
"""The strong bot's samples a decision here: fewer than its default, for speed."""


def random_hand(game: str, structure: str, rng: random.Random) -> Hand:
    spec = GAMES[game]  # type: ignore[index]
    players = rng.randint(spec.min_players, spec.max_players)
    stakes = Stakes.from_bets(2)
    stacks = [rng.choice([12, 60, 200, 400]) for _ in range(players)]
    return Hand(game, structure, stakes, stacks, button=rng.randrange(players),
                rng=rng.getrandbits(32))


@pytest.mark.parametrize("structure", STRUCTURES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_level_plays_legally(game: str, structure: str) -> None:
    rng = random.Random(f"{game}/{structure}")
    prepare_game(game)
    for level, hands in (("easy", 30), ("normal", 30), ("strong", 6)):
        for _ in range(hands):
            hand = random_hand(game, structure, rng)
            bots: list[Bot] = [
                make_bot(rng.choice([level, *LEVELS]), rng=random.Random(rng.random()),
                         samples=FEW)
                for _ in range(hand.players)
            ]
            names = [type(b).__name__ for b in bots]
            play_hand(hand, bots, names=names)  # raises on an illegal action
            assert hand.is_over and sum(hand.net) == 0


def test_bots_draw_by_the_view() -> None:
    """A bot's draw comes from the cards its view shows (pat on a made 7-A flush)."""
    flush = "Ah Jh 9h 8h 7h"
    from standpat.cards import parse_cards

    other = parse_cards("7c 7d Kc Qd 9s")
    for level in LEVELS:
        hand = Hand("five-card-draw-7a", "fixed-limit", Stakes.from_bets(2), [100, 100],
                    hole_cards=[parse_cards(flush), other], rng=1)
        bot = make_bot(level, rng=random.Random(2), samples=FEW)
        while hand.phase != "draw":
            seat = hand.to_act
            assert seat is not None
            hand.apply(Action.call() if hand.can(Action.call()) else Action.check())
        seat = hand.to_act
        assert seat is not None
        if seat == 0:
            action = bot.act(hand.view(0))
            assert action == Action.stand_pat()
        else:
            hand.apply(Action.discard(other[2:]))
            assert bot.act(hand.view(0)) == Action.stand_pat()


def test_strong_folds_junk_to_a_pat_hand_and_calls_with_the_nuts() -> None:
    from standpat.cards import parse_cards

    def final_decision(mine: str, theirs: str, their_draw: int) -> Action:
        hand = Hand("five-card-draw", "pot-limit", Stakes.from_bets(2), [400, 400],
                    hole_cards=[parse_cards(mine), parse_cards(theirs)], button=0, rng=5)
        hand.apply(Action.call())      # button (seat 0) completes
        hand.apply(Action.check())     # big blind
        assert hand.to_act == 1
        cards = hand.cards_of(1)
        hand.apply(Action.discard(cards[:their_draw]))
        hand.apply(Action.stand_pat())
        hand.apply(Action.bet(hand.legal_actions().max_to))   # seat 1 bets the pot
        return StrongBot(random.Random(3)).act(hand.view(0))

    assert final_decision("Kc Qd 8h 5s 3c", "Ah Kh Qh Jh Th", 0).kind is ActionKind.FOLD
    assert final_decision("9c 9d 9h 9s 3c", "Ah Kh 7c 4d 2s", 3).kind in {
        ActionKind.CALL, ActionKind.RAISE}


def test_normal_beats_easy_in_a_short_duplicate_match() -> None:
    result = duplicate_match("five-card-draw", "fixed-limit", "normal", "easy", hands=200, seed=1)
    assert result.hands == 200
    assert result.bb_per_100 - result.ci95 > 0


def test_make_bot_levels() -> None:
    assert isinstance(make_bot("normal"), NormalBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("godlike")


def test_bots_decide_on_the_view_alone() -> None:
    """Two hands that differ only in the opponent's hidden cards get the same decisions."""
    from standpat.cards import parse_cards

    mine = parse_cards("Kc Kd 9h 7s 2c")
    hands = [
        Hand("five-card-draw", "no-limit", Stakes.from_bets(2), [200, 200], button=1, rng=8,
             hole_cards=[mine, parse_cards(theirs)])
        for theirs in ("As Ah Ad 5c 5d", "3h 4d 6c 8s Jd")
    ]
    for hand in hands:
        hand.apply(Action.raise_to(6))      # the button (seat 1) raises
    for level in LEVELS:
        acts = [make_bot(level, rng=random.Random(4)).act(h.view(0)) for h in hands]
        assert acts[0] == acts[1]
