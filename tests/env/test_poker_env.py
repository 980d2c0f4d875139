"""The poker environment against the bare engine: lockstep play, rewards, what a seat sees."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from standpat.cards import parse_cards
from standpat.engine import Action, ActionKind, Hand, Stakes
from standpat.env import aec
from standpat.env.actions import POT_SIZES, PokerActions
from standpat.env.observe import PokerObserver


def expected_action(hand: Hand, index: int, fixed: bool, first_discard: int) -> Action:
    """What action ``index`` means, worked out here from the labels, not by the env."""
    legal = hand.legal_actions()
    seat = legal.seat
    if ActionKind.DISCARD in legal.kinds:
        subsets = [s for k in range(legal.max_discard + 1)
                   for s in combinations(range(len(legal.cards)), k)]
        cards = sorted(hand.cards_of(seat))
        return Action.discard([cards[i] for i in subsets[index - first_discard]])
    if index == 0:
        return Action.fold()
    if index == 1:
        return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()
    kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
    if fixed or index == 2:
        return Action(kind, legal.min_to)
    if index == 3 + len(POT_SIZES):
        return Action(kind, legal.max_to)
    fraction = POT_SIZES[index - 3]
    call = legal.to_call
    return Action(kind, hand.bets[seat] + call + round(fraction * (hand.pot + call)))


@pytest.mark.parametrize(("game", "structure", "players"), [
    ("deuce-to-seven-triple-draw", "fixed-limit", 6),
    ("five-card-draw", "no-limit", 3),
    ("seven-card-draw", "pot-limit", 4),
    ("five-card-draw-7a", "no-limit", 5),
    ("deuce-to-seven-single-draw", "pot-limit", 2),
])
def test_random_play_through_the_env_and_the_engine_gives_the_same_stacks(
    game: str, structure: str, players: int
) -> None:
    stakes = Stakes.from_bets(2)
    stacks = [30 + 7 * s for s in range(players)]
    env = aec(game, structure, players=players, stakes=stakes, stacks=stacks, hands=None)
    table = PokerActions(game, structure)
    pick = np.random.default_rng(1)
    for episode in range(6):
        env.reset(seed=episode)
        deals = random.Random(episode)  # the env's own Random: every hand deals from it
        # the first button is the stream's first draw (button="random", the default)
        chips, button = list(stacks), deals.randrange(players)
        twin: Hand | None = None
        seats: list[int] = []
        totals = [0.0] * players
        while env.agents:
            agent = env.agent_selection
            obs, reward, done, _, _ = env.last()
            totals[int(agent.split("_")[1])] += reward
            if done:
                env.step(None)
                continue
            if twin is None or twin.is_over:
                if twin is not None:
                    for i, net in enumerate(twin.net):
                        chips[seats[i]] += net
                    button = next(s for k in range(1, players + 1)
                                  if chips[s := (button + k) % players] > 0)
                seats = [s for s in range(players) if chips[s] > 0]
                twin = Hand(game, structure, stakes, [chips[s] for s in seats],
                            button=seats.index(button), rng=deals)
            assert agent == f"player_{seats[twin.to_act]}"  # type: ignore[index]
            index = int(pick.choice(np.flatnonzero(obs["action_mask"])))
            twin.apply(expected_action(twin, index, table.fixed, table.first_discard))
            env.step(index)
            assert env.unwrapped.hand.stacks == twin.stacks or twin.is_over
        assert twin is not None and twin.is_over
        for i, net in enumerate(twin.net):
            chips[seats[i]] += net
        assert env.unwrapped.stacks == chips
        assert sorted(chips)[-1] == sum(stacks)  # played until one seat held every chip
        big = stakes.big_blind
        assert totals == pytest.approx([(c - s) / big for c, s in zip(chips, stacks, strict=True)])


def test_a_seat_sees_nothing_of_the_other_seats_cards() -> None:
    """Two deals that differ only in seat 1's cards and draws look the same to seat 0."""
    stakes = Stakes.from_bets(2)
    mine = parse_cards("2c 3d 4h 8s 9s")
    seen = []
    for other, drawn in (("Ac Ad Ah As Kc", "Qc Qd"), ("7c 7d 5h 5s Kd", "Jh Th")):
        hand = Hand("deuce-to-seven-single-draw", "fixed-limit", stakes, [50, 50], rng=1,
                    hole_cards=[mine, parse_cards(other)])
        observer = PokerObserver("deuce-to-seven-single-draw", "fixed-limit", 2, big_blind=2,
                                 total_chips=100)
        observer.start_hand(hand, (0, 1))
        trail = []
        for action, cards in ((Action.call(), None), (Action.check(), None),
                              ("seat 1 draws", drawn), (Action.discard("8s 9s"), "6c 7d")):
            if action == "seat 1 draws":
                thrown = parse_cards(other)[:2]
                events = hand.apply(Action.discard(thrown), drawn=parse_cards(str(cards)))
            else:
                assert isinstance(action, Action)
                events = hand.apply(action, drawn=None if cards is None else parse_cards(cards))
            observer.record(hand, events)
            trail.append(observer.observe(0, hand))
        seen.append(np.stack(trail))
    assert np.array_equal(seen[0], seen[1])


def test_the_observation_holds_the_seats_own_cards_and_public_draw_counts() -> None:
    env = aec("deuce-to-seven-triple-draw", players=3)
    env.reset(seed=4)
    hand = env.unwrapped.hand
    observer = env.unwrapped.observer
    while hand.phase.value == "betting":
        env.step(1)  # check or call round the table
    drawer = hand.to_act
    mask = env.last()[0]["action_mask"]
    table_index = env.unwrapped.actions.first_discard + 3  # discard position 2
    assert mask[table_index]
    env.step(table_index)
    obs = env.observe(f"player_{drawer}")["observation"]
    own = obs[observer._set : observer._set + 52]
    assert set(np.flatnonzero(own)) == set(hand.cards_of(drawer))
    public = obs[observer.private_size :]
    counts = public[observer._counts : observer._counts + 3 * 7].reshape(3, 7)
    assert counts[drawer].tolist() == [0, 0, 1, 0, 0, 0, 0]  # drew one card
    other = env.observe(f"player_{(drawer + 1) % 3}")["observation"][observer.private_size :]
    assert np.array_equal(other, public)  # the public block is the same for every seat


@pytest.mark.parametrize(("game", "structure", "players"), [
    ("deuce-to-seven-triple-draw", "no-limit", 6), ("seven-card-draw", "pot-limit", 3),
    ("five-card-draw-7a", "fixed-limit", 5),
])
def test_the_kept_up_observation_matches_the_hand_after_every_step(
    game: str, structure: str, players: int
) -> None:
    env = aec(game, structure, players=players, stacks=[20 + 9 * s for s in range(players)],
              hands=None)
    pick = np.random.default_rng(7)
    for episode in range(4):
        env.reset(seed=episode)
        while env.agents:
            obs, _, done, _, _ = env.last()
            env.step(None if done else int(pick.choice(np.flatnonzero(obs["action_mask"]))))
            inner = env.unwrapped
            hand, o = inner.hand, inner.observer
            public = o.observe(0, hand)[o.private_size :]
            p = players
            block = public[o._stacks : o._stacks + 5 * p].reshape(5, p)
            for i, seat in enumerate(inner.hand_seats):
                assert block[:, seat].tolist() == [
                    hand.stacks[i] / 2, hand.bets[i] / 2, hand.contributions[i] / 2,
                    hand.folded(i), hand.all_in(i)]
            assert public[o._pot] == hand.pot / 2
            to_act = np.flatnonzero(public[o._to_act : o._to_act + p]).tolist()
            expect = [] if hand.to_act is None else [inner.hand_seats[hand.to_act]]
            assert to_act == expect


def test_a_hand_that_opens_in_the_draw_is_observed_in_the_draw() -> None:
    """Blinds that put both seats all-in deal straight into the first draw: the round one-hot
    says so, and the draw counts land in the first draw's block (not in another field)."""
    env = aec("deuce-to-seven-triple-draw", players=2, stacks=[1, 2])
    env.reset(seed=1)
    inner = env.unwrapped
    o, hand = inner.observer, inner.hand
    assert hand.phase.value == "draw"
    public = env.last()[0]["observation"][o.private_size :]
    assert np.flatnonzero(public[o._round : o._round + 7]).tolist() == [1]  # draw 1
    drawer = hand.to_act
    env.step(inner.actions.first_discard + 1)  # discard position 0: one card
    public = env.observe("player_0")["observation"][o.private_size :]
    counts = public[o._counts : o._counts + 3 * 2 * 7].reshape(3, 2, 7)
    assert counts[0, drawer].tolist() == [0, 0, 1, 0, 0, 0, 0]
    assert counts.sum() == 1
    block = public[o._stacks : o._stacks + 5 * 2].reshape(5, 2)
    assert block[4].tolist() == [hand.all_in(0), hand.all_in(1)]


def test_a_copied_observer_keeps_up_on_its_own() -> None:
    """A deep copy (OpenSpiel's clone) records into its own arrays, like a fresh observer."""
    import copy

    stakes = Stakes.from_bets(2)
    hand = Hand("five-card-draw", "fixed-limit", stakes, [40, 40], rng=3)
    observer = PokerObserver("five-card-draw", "fixed-limit", 2, big_blind=2, total_chips=80)
    observer.start_hand(hand, (0, 1))
    before = observer.observe(1, hand)
    twin, twin_hand = copy.deepcopy(observer), copy.deepcopy(hand)
    twin.record(twin_hand, twin_hand.apply(Action.call()))
    assert np.array_equal(observer.observe(1, hand), before)  # the original did not move
    fresh = PokerObserver("five-card-draw", "fixed-limit", 2, big_blind=2, total_chips=80)
    replay = Hand("five-card-draw", "fixed-limit", stakes, [40, 40], rng=3)
    fresh.start_hand(replay, (0, 1))
    fresh.record(replay, replay.apply(Action.call()))
    assert np.array_equal(twin.observe(1, twin_hand), fresh.observe(1, replay))
    assert not np.array_equal(twin.observe(1, twin_hand), before)


@pytest.mark.parametrize(("game", "players"), [
    ("deuce-to-seven-triple-draw", 6), ("five-card-draw-7a", 3), ("seven-card-draw", 4),
])
def test_every_seats_own_cards_match_the_hand_after_every_step(game: str, players: int) -> None:
    """The cards block (rank and suit one-hot per sorted position), the card set and the
    dealt set of every seat still in, after every step: draws, stand-pats, seats gone broke."""
    env = aec(game, "no-limit", players=players, stacks=[10 + 6 * s for s in range(players)],
              hands=None)
    o = env.unwrapped.observer
    pick = np.random.default_rng(3)
    stood_pat = drew = 0
    for episode in range(5):
        env.reset(seed=episode)
        inner = env.unwrapped
        dealt = {i: sorted(inner.hand.cards_of(i)) for i in range(len(inner.hand_seats))}
        hand_id = id(inner.hand)
        while env.agents:
            obs, _, done, _, _ = env.last()
            action = None if done else int(pick.choice(np.flatnonzero(obs["action_mask"])))
            if action is not None and action >= inner.actions.first_discard and pick.random() < 0.3:
                action = inner.actions.first_discard  # stand pat (one subset of many) often too
            if action is not None and action >= inner.actions.first_discard:
                stood_pat += action == inner.actions.first_discard
                drew += action > inner.actions.first_discard
            env.step(action)
            hand = inner.hand
            if id(hand) != hand_id:  # a new hand was dealt
                hand_id = id(hand)
                dealt = {i: sorted(hand.cards_of(i)) for i in range(len(inner.hand_seats))}
            for i, seat in enumerate(inner.hand_seats):
                private = o.observe(seat, hand)[: o.private_size]
                held = sorted(hand.cards_of(i))
                block = private[o._cards : o._cards + 17 * len(held)].reshape(len(held), 17)
                assert np.flatnonzero(block[:, :13]).tolist() == [
                    13 * k + (c >> 2) for k, c in enumerate(held)]
                assert (np.flatnonzero(block[:, 13:]) % 4).tolist() == [c & 3 for c in held]
                assert np.flatnonzero(private[o._set : o._set + 52]).tolist() == held
                assert np.flatnonzero(private[o._dealt : o._dealt + 52]).tolist() == dealt[i]
    assert stood_pat and drew  # both kinds of draw were seen
