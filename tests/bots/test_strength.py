"""Strength and equity on cards alone: ordering sanity on small samples."""

from __future__ import annotations

import random

from standpat.bots.equity import Opponent, equity
from standpat.bots.strength import DrawModel
from standpat.cards import parse_cards


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_percentiles_follow_the_ranking() -> None:
    model = DrawModel.of("short-7a", 5, draws=1, max_discard=5)
    hands = ["Ah Kh Qh Jh 9h", "Kc Kd Ks 7h 7d", "Ac 7d 8h 9s Th", "9c 9d Ks Jh 7c",
             "Ac Kd Jh 9s 7c"]
    pcts = [model.percentile(model.strength(cards(h))) for h in hands]
    assert pcts == sorted(pcts, reverse=True)
    assert pcts[0] > 0.97 and pcts[-1] < 0.1


def test_lowball_percentiles_prefer_the_lower_hand() -> None:
    model = DrawModel.of("deuce-to-seven", 5, draws=3, max_discard=5)
    hands = ["7d 5c 4h 3s 2d", "8d 6c 4h 3s 2d", "Td 8c 6h 4s 3d", "Kd Kc 6h 4s 3d"]
    pcts = [model.percentile(model.strength(cards(h))) for h in hands]
    assert pcts == sorted(pcts, reverse=True)


def test_potential_ranks_drawing_hands() -> None:
    model = DrawModel.of("deuce-to-seven", 5, draws=3, max_discard=5)
    rng = random.Random(3)
    good = model.potential(cards("7d 5c 3h 2s Kd"), 3, samples=150, rng=rng)
    bad = model.potential(cards("Kd Kc Qh Qs Jd"), 3, samples=150, rng=rng)
    assert good > bad + 0.2
    high = DrawModel.of("high", 5, draws=1, max_discard=5)
    aces = high.potential(cards("Ac Ad 9h 5s 2d"), 1, samples=150, rng=rng)
    trash = high.potential(cards("Jc 8d 6h 4s 2d"), 1, samples=150, rng=rng)
    assert aces > trash + 0.2


def test_equity_reads_draw_counts() -> None:
    model = DrawModel.of("high", 5, draws=1, max_discard=5)
    rng = random.Random(9)
    trips = cards("9c 9d 9s Kh 4c")
    vs_pat = equity(model, trips, 0, [], [Opponent(1, 0)], rng=rng, samples=300)
    vs_one = equity(model, trips, 0, [], [Opponent(1, 1)], rng=rng, samples=300)
    vs_three = equity(model, trips, 0, [], [Opponent(1, 3)], rng=rng, samples=300)
    assert vs_pat < vs_one < vs_three
    raised = equity(model, trips, 0, [], [Opponent(1, 3, raises_now=2)], rng=rng, samples=300)
    assert raised < vs_three


def test_equity_shrinks_with_more_opponents() -> None:
    model = DrawModel.of("short-7a", 5, draws=1, max_discard=5)
    rng = random.Random(4)
    pair = cards("Ac Ad Kh 9s 8c")
    one = equity(model, pair, 1, [], [Opponent()], rng=rng, samples=300)
    three = equity(model, pair, 1, [], [Opponent()] * 3, rng=rng, samples=300)
    assert one > 0.5 and three < one - 0.15
