"""Monte Carlo draw equity against opponents' plausible ranges.

An opponent's range comes from what a seat shows: how many cards he drew
(a pat hand is strong, a three-card draw weak) and how often he bet or raised.
:class:`Library` holds, for one game and draw round, random deals with the cards
a rule-of-thumb player keeps from them, bucketed by how many he throws, and
ranked by their potential.  :func:`equity` deals the opponents hands from their
ranges, plays every remaining draw out (``keep`` decides our first one) and
counts the pots won, ties shared.

>>> import random
>>> from standpat.cards import parse_cards
>>> from standpat.bots.strength import DrawModel
>>> model = DrawModel.of("high", 5, draws=1, max_discard=5)
>>> pat = Opponent(draws_done=1, drawn=0)        # he stood pat: a straight or better
>>> three = Opponent(draws_done=1, drawn=3)      # he drew three to a pair
>>> trips = [int(c) for c in parse_cards("9c 9d 9s Kh 4c")]
>>> rng = random.Random(5)
>>> e_pat = equity(model, trips, 0, [], [pat], rng=rng, samples=300)
>>> e_three = equity(model, trips, 0, [], [three], rng=rng, samples=300)
>>> e_pat < 0.3 < 0.7 < e_three
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from standpat.bots.exact import hold_potentials
from standpat.bots.strength import DrawModel

__all__ = ["Library", "Opponent", "equity", "library"]

LIBRARY_DEALS = 2000
"""Deals ranked by potential in a library."""
BUCKET_MIN = 60
"""Deals wanted in each draw-count bucket (more deals are dealt until then, within a cap)."""
BUCKET_DEALS = 20_000
"""The cap on deals dealt to fill the buckets."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """What the bot knows of one live opponent.

    ``draws_done`` draws made so far; ``drawn`` the cards taken in the latest
    (``None`` before his first draw); ``raises_before`` his bets and raises
    before his first draw; ``raises_now`` his bets and raises since the latest
    draw round (0 when he has not drawn yet).
    """

    draws_done: int = 0
    drawn: int | None = None
    raises_before: int = 0
    raises_now: int = 0


class Library:
    """Random deals and the rule-of-thumb keeps of one game and draw round."""

    def __init__(self, model: DrawModel, draws_left: int, seed: int = 7,
                 exact: bool = False) -> None:
        """Deal and rank the library (a fixed seed: bots play the same way every run).

        ``exact`` ranks a five-card deal at its last draw by the exact potential
        of its kept cards (:mod:`standpat.bots.exact`) instead of three sampled draws.
        """
        rng = random.Random(seed)
        deck = list(model.deck)
        n = model.hand_size
        scored: list[tuple[float, tuple[int, ...]]] = []
        buckets: dict[int, list[tuple[int, ...]]] = {k: [] for k in range(model.max_discard + 1)}
        deals = 0
        while deals < LIBRARY_DEALS or (
            deals < BUCKET_DEALS and min(len(b) for b in buckets.values()) < BUCKET_MIN
        ):
            hand = rng.sample(deck, n)
            kept = model.keep(hand, draws_left)
            bucket = buckets[n - len(kept)]
            if len(bucket) < 4 * BUCKET_MIN or deals < LIBRARY_DEALS:
                bucket.append(tuple(c for c in hand if c in kept))
            if deals < LIBRARY_DEALS:
                exact_score = _exact_potential(model, hand, kept) if exact and (
                    draws_left == 1) else None
                score = exact_score if exact_score is not None else model.potential(
                    hand, draws_left, samples=3, rng=rng, keep=kept)
                scored.append((score, tuple(hand)))
            deals += 1
        scored.sort()
        self.hands: list[tuple[int, ...]] = [h for _, h in scored]
        """Whole deals, weakest potential first."""
        self.kept: dict[int, list[tuple[int, ...]]] = {k: b for k, b in buckets.items() if b}
        """Kept cards by the number of cards thrown."""


def _exact_potential(model: DrawModel, hand: Sequence[int], kept: frozenset[int]) -> float | None:
    found = hold_potentials(model, hand)
    if found is None:
        return None
    return found[sum(1 << i for i, c in enumerate(hand) if c in kept)]


@cache
def library(model: DrawModel, draws_left: int, exact: bool = False) -> Library:
    """The shared library of a model's draw round (``draws_left`` counts that round)."""
    return Library(model, draws_left, exact=exact)


PRE_DRAW_FLOOR = (0.1, 0.55, 0.8, 0.9)
"""Weakest share of deals cut from a range after 0, 1, 2, 3+ bets or raises before the draw."""


def _deal(model: DrawModel, opp: Opponent, taken: set[int], rng: random.Random,
          exact: bool = False) -> list[int]:
    """One hand for ``opp`` from his range, disjoint from ``taken`` (its own cards added)."""
    n = model.hand_size
    if opp.drawn is None:
        lib = library(model, model.draws, exact)
        floor = PRE_DRAW_FLOOR[min(opp.raises_before, 3)]
        hands = lib.hands
        low = int(floor * len(hands))
        for _ in range(12):
            hand = hands[rng.randrange(low, len(hands))]
            if not taken.intersection(hand):
                taken.update(hand)
                return list(hand)
        kept: tuple[int, ...] = ()
    else:
        lib = library(model, model.draws - opp.draws_done + 1, exact)
        bucket = lib.kept.get(opp.drawn, [()])
        kept = ()
        for _ in range(12):
            pick = bucket[rng.randrange(len(bucket))]
            if not taken.intersection(pick):
                kept = pick
                break
    dealt = list(kept)
    taken.update(dealt)
    while len(dealt) < n:
        c = model.deck[rng.randrange(len(model.deck))]
        if c not in taken:
            taken.add(c)
            dealt.append(c)
    return dealt


def equity(model: DrawModel, hand: Sequence[int], draws_left: int, dead: Sequence[int],
           opponents: Sequence[Opponent], *, keep: frozenset[int] | None = None,
           rng: random.Random | None = None, samples: int = 400, exact: bool = False,
           mean_percentile: float | None = None) -> float:
    """Share of the pot ``hand`` wins against ``opponents`` at the showdown, 0..1.

    ``draws_left`` draws remain for us (``keep`` the cards kept on the first
    of them, default the rule of thumb; later ones follow the rule of thumb);
    ``dead`` are cards known out of play (own discards).  Opponents who bet or
    raised since their latest draw weigh their stronger showdown hands more.
    It plays exactly ``samples`` deals (no clock: the same ``rng`` state gives
    the same share on any machine).  ``exact`` deals the opponents from the
    libraries ranked by exact potentials (see :class:`Library`).

    ``mean_percentile`` is the exact mean showdown percentile of our final hand
    (:func:`standpat.bots.exact.hold_potentials`, for a last draw): the share is
    then corrected by it as a control variate (the regression of each sample's
    win on its percentile), which takes out most of the noise of sampling our
    own draw.
    """
    rng = rng or random.Random(0)
    mine = [int(c) for c in hand]
    out = set(mine) | {int(c) for c in dead}
    first = keep if keep is not None else (model.keep(mine, draws_left) if draws_left else None)
    strength, percentile = model.strength, model.percentile
    won = 0.0
    weight_sum = 0.0
    sum_p = sum_pp = sum_xp = 0.0  # weighted sums for the control variate
    pending = sum(model.draws - opp.draws_done for opp in opponents) + draws_left
    need = model.max_discard * pending
    for _ in range(samples):
        taken = set(out)
        opp_hands = [_deal(model, opp, taken, rng, exact) for opp in opponents]
        pool = [c for c in model.deck if c not in taken]
        stub = rng.sample(pool, min(len(pool), need))
        now = mine
        if draws_left and first is not None and len(first) < len(mine):
            now = [c for c in mine if c in first]
            while len(now) < model.hand_size:
                now.append(stub.pop())
        if draws_left > 1:
            now = model.play_out(now, stub, draws_left - 1)
        mine_s = strength(now)
        best = -1
        ties = 0
        weight = 1.0
        for opp, opp_hand in zip(opponents, opp_hands, strict=True):
            pending = model.draws - opp.draws_done
            final = model.play_out(opp_hand, stub, pending) if pending else opp_hand
            s = strength(final)
            if opp.raises_now:
                weight *= percentile(s) ** (3 * opp.raises_now)
            if s > best:
                best, ties = s, 1
            elif s == best:
                ties += 1
        weight_sum += weight
        x = 1.0 if mine_s > best else 1.0 / (ties + 1) if mine_s == best else 0.0
        won += weight * x
        if mean_percentile is not None:
            p = percentile(mine_s)
            sum_p += weight * p
            sum_pp += weight * p * p
            sum_xp += weight * x * p
    if not weight_sum:
        return 0.0
    share = won / weight_sum
    if mean_percentile is None:
        return share
    mean_p = sum_p / weight_sum
    spread = sum_pp / weight_sum - mean_p * mean_p
    if spread <= 1e-12:
        return share
    slope = (sum_xp / weight_sum - share * mean_p) / spread
    return min(1.0, max(0.0, share - slope * (mean_p - mean_percentile)))
