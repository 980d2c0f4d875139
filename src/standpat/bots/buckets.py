"""The expert bot's card abstraction: a hand's value from exact draw odds, its bucket, the
draw it makes, and the bucket moves and showdown shares that sampled deals show.

A hand's *value* before its last draw is the exact mean showdown percentile of its best
hold (:func:`~standpat.bots.exact.hold_potentials`, from :mod:`standpat.odds.tables`);
after the last draw, its showdown percentile.  The triple draw's first two draws use the
same one-draw value: a proxy, exact only for the last draw.  Buckets cut each round's
values at equal-frequency edges.  The draw: the best hold by that exact value at the last
draw, the rule of thumb (:meth:`~standpat.bots.strength.DrawModel.keep`) before it.

>>> from standpat.cards import parse_cards
>>> model = heads_up_model("deuce-to-seven-single-draw")
>>> hand = [int(c) for c in parse_cards("7s 5d 3c 2h Kc")]
>>> sorted(keep(model, hand, 1)) == sorted(hand[:4])
True
>>> round(value(model, hand, 0), 3), value(model, hand, 1) > value(model, hand, 0)
(0.656, True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from standpat.bots.exact import hold_potentials
from standpat.bots.strength import DrawModel
from standpat.engine import Game, get_game

__all__ = [
    "Abstraction", "Deals", "bucket", "draw_class", "heads_up_model", "keep", "sample_deals",
    "value",
]


def heads_up_model(game: str | Game) -> DrawModel:
    """The draw model of a heads-up hand of ``game``."""
    spec = get_game(game)
    return DrawModel.of(spec.deck_for(2)[1], spec.hand_size, spec.draws, spec.max_discard)


def _best_hold(model: DrawModel, hand: Sequence[int]) -> tuple[int, float]:
    """The hold mask with the best exact one-draw potential, and that potential."""
    found = hold_potentials(model, hand)
    if found is None:
        raise ValueError(f"no exact draw odds for a {len(hand)}-card hand.")
    least = len(hand) - model.max_discard
    best = max((m for m in range(1 << len(hand)) if m.bit_count() >= least),
               key=found.__getitem__)
    return best, found[best]


def value(model: DrawModel, hand: Sequence[int], draws_left: int) -> float:
    """The hand's value, 0..1: its best hold's exact mean showdown percentile after one
    draw while draws are left, else its showdown percentile."""
    if draws_left <= 0:
        return model.percentile(model.strength(hand))
    return _best_hold(model, hand)[1]


def keep(model: DrawModel, hand: Sequence[int], draws_left: int) -> list[int]:
    """The cards the expert keeps at a draw with ``draws_left`` draws to go (this one
    included): the exact best hold at the last draw, the rule of thumb before it."""
    if draws_left > 1:
        kept = model.keep(hand, draws_left)
        return [c for c in hand if c in kept]
    mask = _best_hold(model, hand)[0]
    return [c for i, c in enumerate(hand) if mask >> i & 1]


def draw_class(drawn: int, classes: int) -> int:
    """The public class of a draw of ``drawn`` cards: the count, the last class for
    ``classes - 1`` cards or more.

    >>> [draw_class(n, 3) for n in range(6)]
    [0, 1, 2, 2, 2, 2]
    """
    return min(drawn, classes - 1)


def bucket(found: float, edges: Sequence[float]) -> int:
    """The bucket of value ``found`` between ascending ``edges`` (0 is the weakest)."""
    return bisect_right(edges, found)


@dataclass(frozen=True)
class Deals:
    """Sampled deals: each player's value in each round (``deals x 2 x rounds``), the
    cards he drew at each draw (``deals x 2 x draws``) and the first player's showdown
    share."""

    values: npt.NDArray[np.float64]
    drawn: npt.NDArray[np.int64]
    shares: npt.NDArray[np.float64]


def sample_deals(model: DrawModel, deals: int, seed: int,
                 progress: Callable[[int], None] | None = None) -> Deals:
    """``deals`` seeded heads-up deals played out by the expert's draw."""
    rng = random.Random(seed)
    rounds = model.draws + 1
    values = np.zeros((deals, 2, rounds))
    drawn = np.zeros((deals, 2, model.draws), dtype=np.int64)
    shares = np.zeros(deals)
    n = model.hand_size
    for d in range(deals):
        cards = rng.sample(model.deck, len(model.deck))
        hands = [cards[:n], cards[n:2 * n]]
        stub = cards[2 * n:]
        for r in range(rounds):
            left = model.draws - r
            for p in (1, 0):  # the big blind draws first
                hand = hands[p]
                values[d, p, r] = value(model, hand, left)
                if left:
                    held = keep(model, hand, left)
                    drawn[d, p, r] = n - len(held)
                    while len(held) < n:
                        held.append(stub.pop())
                    hands[p] = held
        strengths = [model.strength(h) for h in hands]
        shares[d] = 1.0 if strengths[0] > strengths[1] else 0.5 if strengths[0] == strengths[1] \
            else 0.0
        if progress is not None:
            progress(d + 1)
    return Deals(values, drawn, shares)


class Abstraction:
    """Equal-frequency buckets of sampled values, the draw classes and bucket moves
    between rounds and the showdown shares between final buckets (both players pooled,
    so it is symmetric)."""

    def __init__(self, sampled: Deals, buckets: int, classes: int = 1) -> None:
        """Cut the sampled values into ``buckets`` per round, the draws into ``classes``."""
        values, shares = sampled.values, sampled.shares
        deals, _, rounds = values.shape
        self.buckets = buckets
        quantiles = np.arange(1, buckets) / buckets
        self.edges = np.stack([np.quantile(values[:, :, r], quantiles) for r in range(rounds)])
        ids = np.zeros(values.shape, dtype=np.int64)
        for r in range(rounds):
            ids[:, :, r] = np.searchsorted(self.edges[r], values[:, :, r], side="right")
        first = np.bincount(ids[:, :, 0].ravel(), minlength=buckets).astype(np.float64)
        self.first = first / first.sum()
        kinds = np.minimum(sampled.drawn, classes - 1)
        moves = np.zeros((max(rounds - 1, 0), classes, buckets, buckets))
        for r in range(rounds - 1):
            np.add.at(moves[r], (kinds[:, :, r].ravel(), ids[:, :, r].ravel(),
                                 ids[:, :, r + 1].ravel()), 1.0)
            rows = moves[r].sum(axis=(0, 2))[None, :, None]
            stay = np.zeros((classes, buckets, buckets))
            stay[0] = np.eye(buckets)  # a bucket never seen: stands pat, stays
            moves[r] = np.where(rows > 0, moves[r] / np.where(rows > 0, rows, 1.0), stay)
        self.moves = moves
        won = np.zeros((buckets, buckets))
        seen = np.zeros((buckets, buckets))
        a, b = ids[:, 0, -1], ids[:, 1, -1]
        np.add.at(won, (a, b), shares)
        np.add.at(won, (b, a), 1.0 - shares)
        np.add.at(seen, (a, b), 1.0)
        np.add.at(seen, (b, a), 1.0)
        order = np.sign(np.subtract.outer(np.arange(buckets), np.arange(buckets))) / 2 + 0.5
        self.share = np.where(seen > 0, won / np.where(seen > 0, seen, 1.0), order)
        self.deals = deals
