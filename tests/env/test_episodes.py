"""Episodes a learner can trust: who has the button, distinct actions, errors, truncation."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from standpat.engine import Hand, Stakes
from standpat.env import SingleSeatEnv, aec
from standpat.env.actions import PokerActions
from standpat.errors import IllegalActionError


def random_play(env: Any, rng: np.random.Generator) -> None:
    """Play the episode out with uniform random legal actions."""
    while env.agents:
        obs, _, done, cut, _ = env.last()
        env.step(None if done or cut else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_first_button_is_drawn_per_episode_by_default() -> None:
    env = aec("deuce-to-seven-single-draw", players=3)
    buttons = []
    for episode in range(90):
        env.reset(seed=episode)
        buttons.append(env.unwrapped.button)
        again = env.unwrapped
        again.reset(seed=episode)
        assert again.button == buttons[-1]  # a seeded reset gives the same button
    counts = Counter(buttons)
    assert set(counts) == {0, 1, 2} and min(counts.values()) >= 15, counts


def test_the_button_rotates_or_stays_when_asked() -> None:
    env = aec("five-card-draw", players=3, button="rotate")
    env.reset(seed=4)
    seen = [env.unwrapped.button]
    for _ in range(4):
        env.reset()
        seen.append(env.unwrapped.button)
    assert seen == [0, 1, 2, 0, 1]
    fixed = aec("five-card-draw", players=3, button=2)
    for seed in range(5):
        fixed.reset(seed=seed)
        assert fixed.unwrapped.button == 2 and fixed.unwrapped.hand.button == 2


@pytest.mark.parametrize("button", ["left", 3, -1, True])
def test_an_unknown_button_choice_is_a_value_error(button: Any) -> None:
    with pytest.raises(ValueError, match="button must be"):
        aec("five-card-draw", players=3, button=button)


def test_the_single_seat_plays_both_positions_heads_up() -> None:
    """By default the learner's seat has the button in about half the episodes."""
    env = SingleSeatEnv("deuce-to-seven-single-draw", opponents="easy")
    on_button = 0
    episodes = 200
    for episode in range(episodes):
        env.reset(seed=episode)
        on_button += env.table.button == 0
    assert 70 <= on_button <= 130, on_button


def test_distinct_legal_actions_are_distinct_bets() -> None:
    """No two legal indexes decode to the same engine action (the minimum raise can be the
    maximum, and two pot fractions can round to one amount)."""
    rng = random.Random(3)
    states = 0
    for game, structure in [("five-card-draw", "pot-limit"), ("five-card-draw", "no-limit"),
                            ("deuce-to-seven-triple-draw", "pot-limit"),
                            ("deuce-to-seven-single-draw", "no-limit")]:
        table = PokerActions(game, structure)
        for deal in range(150):
            players = rng.choice([2, 3, 4])
            stacks = [rng.choice([3, 5, 8, 13, 40, 200]) for _ in range(players)]
            hand = Hand(game, structure, Stakes.from_bets(2), stacks, rng=deal)
            while not hand.is_over:
                legal = hand.legal_actions()
                indexes = [int(i) for i in np.flatnonzero(table.mask(hand, legal))]
                actions = [table.decode(hand, i, legal) for i in indexes]
                assert len(set(actions)) == len(actions), (indexes, actions)
                assert all(hand.can(a) for a in actions)
                states += 1
                hand.apply(actions[rng.randrange(len(actions))])
    assert states > 3_000


def test_pinochle_player_counts_are_value_errors_as_documented() -> None:
    for game, players in (("pinochle-7", 6), ("pinochle-5", 7), ("pinochle-5", 1)):
        with pytest.raises(ValueError, match="players, not") as caught:
            aec(game, players=players)
        assert not isinstance(caught.value, IllegalActionError)
    aec("pinochle-5", players=6)
    aec("pinochle-7", players=5)


def test_a_long_pinochle_game_is_truncated_at_max_hands() -> None:
    env = aec("pinochle-5", players=3, hands=None, max_hands=3)
    ends: Counter[bool] = Counter()
    for seed in range(6):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        truncated = False
        while env.agents:
            obs, _, done, cut, _ = env.last()
            truncated |= cut
            assert not (done and cut)
            env.step(None if done or cut else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = env.unwrapped.game_state
        assert len(state.results) <= 3
        assert truncated == (not state.is_over)
        if truncated:
            assert len(state.results) == 3
        ends[truncated] += 1
    assert ends[True] >= 1


def test_random_pinochle_games_end_by_default() -> None:
    """hands=None under random play ends: won, or truncated at MAX_HANDS."""
    from standpat.env.pinochle import MAX_HANDS

    env = aec("pinochle-5", players=2, hands=None)
    env.reset(seed=11)
    random_play(env, np.random.default_rng(11))
    assert not env.agents
    assert len(env.unwrapped.game_state.results) <= MAX_HANDS


def test_a_poker_session_is_truncated_at_max_hands() -> None:
    env = aec("five-card-draw", players=2, hands=None, max_hands=4, stacks=400)
    env.reset(seed=2)
    truncated = False
    while env.agents:
        obs, _, done, cut, _ = env.last()
        truncated |= cut
        mask = obs["action_mask"]
        env.step(None if done or cut else 1 if mask[1] else int(np.flatnonzero(mask)[0]))
    assert env.unwrapped.hands_played == 4 and truncated
    with pytest.raises(ValueError, match="max_hands"):
        aec("five-card-draw", players=2, max_hands=0)


def test_the_pinochle_dealer_is_drawn_or_rotates_like_the_button() -> None:
    env = aec("pinochle-5", players=3)
    dealers: Counter[int] = Counter()
    for seed in range(60):
        env.reset(seed=seed)
        dealers[env.unwrapped.game_state.dealer] += 1
    assert set(dealers) == {0, 1, 2} and min(dealers.values()) >= 8, dealers
    turning = aec("pinochle-7", players=4, button="rotate")
    turning.reset(seed=1)
    seen = [turning.unwrapped.game_state.dealer]
    for _ in range(4):
        turning.reset()
        seen.append(turning.unwrapped.game_state.dealer)
    assert seen == [0, 1, 2, 3, 0]
