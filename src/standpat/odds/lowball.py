"""Lowball over several draws, vectorised: the chance of every hold to end at or under a low.

Deuce-to-seven, and ace-to-five on its own rank order (aces low; no straights
or flushes, so the steps that break them are skipped): see
:class:`~standpat.odds.lowpolicy.LowRules`.

The same dynamic programme as :mod:`~standpat.odds.lowball_exact` (rank
states of :mod:`~standpat.odds.lowpolicy`), run forward in numpy: the states
of all holds at one draw are arrays; each draw expands every state into its
outcomes (how many cards of each rank, how many above the target), settles
them by the policy (a made hand ends, a straight or flush of five is broken,
unreachable ranks are thrown), and merges equal states.  The last draw is in
closed form: the sets of new ranks that make the low, by elementary symmetric
polynomials of the ranks' counts, less the straights and the flushes.
Floats, agreeing with the exact solver to about 1e-15.

>>> from standpat.cards import parse_cards
>>> hand = [int(c) for c in parse_cards("7s 6d 3c 2h Kc")]
>>> stub = [c for c in range(52) if c not in hand]
>>> p = chances(hand, [hand[:4], hand[:3]], stub, target=5, draws=1)
>>> round(float(p[0]) * 47, 9)                     # keep 7-6-3-2: 8 outs in 47
8.0
>>> p = chances(hand, [hand[:4]], stub, target=5, draws=2)
>>> round(float(p[0]) * 1081, 9)                   # 1 - (39/47)(38/46) = 340/1081
340.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from standpat.odds.lowpolicy import (
    DEUCE_TO_SEVEN,
    NONE,
    UNKNOWN,
    LowRules,
    check_target,
    initial_ranks,
    prune,
    suit_chances,
)

__all__ = ["chances"]



@dataclass
class _States:
    """States of the dynamic programme, one row each."""

    hold: Any
    """(S,) int64: the hold the state came from."""
    left: Any
    """(S, G) int8: cards of each rank at or under the target left in the stub."""
    code: Any
    """(S, G) int8: kept card of each rank (NONE, a suit, or UNKNOWN)."""
    free: Any
    """(S, G) int8: each rank's suits not yet placed (a 4-bit mask)."""
    bad: Any
    """(S,) int64: cards above the target left in the stub."""
    size: Any
    """(S,) int64: cards this state draws now."""
    prob: Any
    """(S,) float64: chance of being in this state."""

    def take(self, rows: Any) -> _States:
        return _States(self.hold[rows], self.left[rows], self.code[rows], self.free[rows],
                       self.bad[rows], self.size[rows], self.prob[rows])

    @staticmethod
    def join(parts: Sequence[_States], width: int) -> _States:
        if not parts:
            empty = np.zeros(0, dtype=np.int64)
            grid = np.zeros((0, width), dtype=np.int8)
            return _States(empty, grid, grid, grid, empty, empty, np.zeros(0))
        return _States(*(np.concatenate([getattr(p, f) for p in parts]) for f in
                         ("hold", "left", "code", "free", "bad", "size", "prob")))

    def kept(self) -> Any:
        """Kept ranks of each state, as a bitmask."""
        return ((self.code != NONE).astype(np.int64) << np.arange(self.code.shape[1])).sum(axis=1)


@cache
def _compositions(width: int, size: int) -> Any:
    """Every way to draw ``size`` cards over ``width`` slots: (n, width) int64 counts."""
    if width == 1:
        return np.array([[size]], dtype=np.int64)
    parts = [
        np.hstack([np.full((rest.shape[0], 1), m, dtype=np.int64), rest])
        for m in range(size + 1)
        for rest in [_compositions(width - 1, size - m)]
    ]
    return np.vstack(parts)


@cache
def _binom() -> Any:
    from math import comb

    return np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.float64)


@cache
def _suit_table() -> Any:
    """``table[code + 1, free, suit]``: chance that a rank's card has ``suit``."""
    table = np.zeros((6, 16, 4))
    for code in range(-1, 5):
        for free in range(16):
            table[code + 1, free] = [float(x) for x in suit_chances(code, free)]
    return table


@cache
def _popcount() -> Any:
    return np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)


def _keys(states: _States) -> Any:
    """Each state packed into int64 words (10 bits a rank), for merging."""
    code = states.code.astype(np.int64) + 1
    per_rank = (states.left.astype(np.int64) << 7) | (code << 4) | states.free  # < 2**10
    width = per_rank.shape[1]
    words = [states.hold * (1 << 16) + states.bad.astype(np.int64) * (1 << 8) + states.size]
    for start in range(0, width, 6):
        block = per_rank[:, start:start + 6]
        words.append((block << (10 * np.arange(block.shape[1]))).sum(axis=1))
    return np.stack(words, axis=1)


def _merge(states: _States) -> _States:
    """Equal states summed into one."""
    if states.prob.size < 2:
        return states
    keys = np.ascontiguousarray(_keys(states))
    rows = keys.view(np.dtype((np.void, 8 * keys.shape[1]))).reshape(-1)
    _, first, inverse = np.unique(rows, return_index=True, return_inverse=True)
    merged = states.take(first)
    merged.prob = np.bincount(inverse.reshape(-1), weights=states.prob, minlength=first.size)
    return merged


def _expand(states: _States) -> _States:
    """Every outcome of each state's draw, with its chance (before the policy).

    Built one rank at a time (then the cards above the target): each partial
    outcome branches into every count of the next rank that still fits.
    """
    width = states.left.shape[1]
    have = np.hstack([states.left.astype(np.int64), states.bad[:, None]])
    row = np.arange(states.prob.size)
    rest = states.size.astype(np.int64)
    weight = np.ones(row.size)
    steps: list[tuple[Any, Any]] = []  # per slot: (index of the partial outcome before, count)
    for slot in range(width + 1):
        here = have[row, slot]
        if slot == width:  # the cards above the target take whatever is left
            src = np.flatnonzero(rest <= here)
            take = rest[src]
        else:
            reps = np.minimum(here, rest) + 1
            src = np.repeat(np.arange(row.size), reps)
            take = np.arange(src.size) - np.repeat(np.cumsum(reps) - reps, reps)
        row, rest = row[src], rest[src] - take
        weight = weight[src] * _binom()[here[src], take]
        steps.append((src, take))
    counts = np.zeros((row.size, width + 1), dtype=np.int64)
    back = np.arange(row.size)
    for slot in range(width, -1, -1):
        src, take = steps[slot]
        counts[:, slot] = take[back]
        back = src[back]
    ways = _binom()[have[row].sum(axis=1), states.size[row]]
    base = states.take(row)
    left = (base.left - counts[:, :width]).astype(np.int8)
    code = np.where((base.code == NONE) & (counts[:, :width] > 0), UNKNOWN, base.code).astype(
        np.int8)
    return _States(base.hold, left, code, base.free, base.bad - counts[:, width],
                   np.zeros_like(row), base.prob * weight / ways)


def _for_last_draw(states: _States) -> _States:
    """States reduced to what the last draw sees, and merged: a kept rank's cards left
    count only in the stub's size, and a known kept card's unplaced suits not at all."""
    kept = states.code != NONE
    out = states.take(np.arange(states.prob.size))
    out.bad = out.bad + np.where(kept, out.left, 0).sum(axis=1)
    out.left = np.where(kept, 0, out.left).astype(np.int8)
    out.free = np.where((out.code >= 0) & (out.code < 4), 0, out.free).astype(np.int8)
    return _merge(out)


def _flush_by_suit(states: _States, rules: LowRules) -> Any:
    """(S, 4): chance that every kept card of the state has each suit (0 without flushes)."""
    if not rules.flushes:
        return np.zeros((states.prob.size, 4))
    table = _suit_table()
    by_rank = table[states.code + 1, states.free]  # (S, G, 4)
    by_rank = np.where((states.code != NONE)[:, :, None], by_rank, 1.0)
    return by_rank.prod(axis=1)


def _drop_top(states: _States, kept: Any) -> _States:
    """The states with the highest kept rank thrown."""
    top = np.zeros_like(kept)
    mask = kept.copy()
    while mask.any():
        low = mask & -mask
        top = np.where(mask, low, top)
        mask = mask & ~low
    out = states.take(np.arange(states.prob.size))
    bits = (top[:, None] >> np.arange(states.code.shape[1])) & 1
    out.code = np.where(bits == 1, NONE, out.code).astype(np.int8)
    return out


def _settle(states: _States, target: int, rules: LowRules) -> tuple[_States, Any]:
    """Apply the policy after a draw with more draws to come: states going on, and the
    chance (per state row) of having made the low now."""
    width = states.left.shape[1]
    kept = states.kept()
    count = _popcount()[kept]
    five = count == 5
    runs = np.array([0b11111 << low for low in range(target - 3) if rules.straights],
                    dtype=np.int64)
    is_straight = five & np.isin(kept, runs)
    made_rows = np.flatnonzero(five & ~is_straight)
    made = np.zeros(states.prob.size)
    going = [states.take(np.flatnonzero(~five)),
             _drop_top(states.take(np.flatnonzero(is_straight)), kept[is_straight])]
    if made_rows.size:
        made_states = states.take(made_rows)
        by_suit = _flush_by_suit(made_states, rules)
        made[made_rows] = 1.0 - by_suit.sum(axis=1)
        for suit in range(4):
            rows = np.flatnonzero(by_suit[:, suit] > 0)
            if not rows.size:
                continue
            branch = made_states.take(rows)
            branch.prob = branch.prob * by_suit[rows, suit]
            unknown = branch.code == UNKNOWN
            branch.free = np.where(unknown, branch.free & ~(1 << suit), branch.free).astype(
                np.int8)
            branch.code = np.where(branch.code != NONE, suit, branch.code).astype(np.int8)
            going.append(_drop_top(branch, kept[made_rows][rows]))
    out = _States.join(going, width)
    kept = out.kept()
    available = ((out.left > 0).astype(np.int64) << np.arange(width)).sum(axis=1)
    pairs, inverse = np.unique(kept * (1 << 13) + available, return_inverse=True)
    pruned = np.array([prune(target, int(p) >> 13, int(p) & 8191, rules.straights)
                       for p in pairs],
                      dtype=np.int64)[inverse.reshape(-1)] if pairs.size else kept
    bits = (pruned[:, None] >> np.arange(width)) & 1
    out.code = np.where(bits == 1, out.code, NONE).astype(np.int8)
    out.size = 5 - _popcount()[pruned]
    return out, made


def _last_draw(states: _States, target: int, rules: LowRules) -> Any:
    """Chance of each state to make the low on its final draw (closed form)."""
    width = states.left.shape[1]
    kept = states.kept()
    size = states.size
    ok = _popcount()[kept] + size == 5
    table = _suit_table()
    new = states.code == NONE
    weight = np.where(new, states.left, 0).astype(np.float64)  # (S, G)
    suited = weight[:, :, None] * table[0, states.free]  # (S, G, 4): NONE row = a new card
    kappa = _flush_by_suit(states, rules)  # (S, 4)
    n = states.prob.size
    plain = np.zeros((n, 6))
    plain[:, 0] = 1.0
    poly = np.zeros((n, 4, 6))
    poly[:, :, 0] = 1.0
    for q in range(width):
        w = weight[:, q]
        ws = suited[:, q, :]
        for j in range(5, 0, -1):
            plain[:, j] += plain[:, j - 1] * w
            poly[:, :, j] += poly[:, :, j - 1] * ws
    rows = np.arange(n)
    total = plain[rows, size] - (kappa * poly[rows, :, size]).sum(axis=1)
    for low in range(target - 3 if rules.straights else 0):
        run = 0b11111 << low
        inside = (kept & ~run) == 0
        extra = (run & ~kept)
        bits = ((extra[:, None] >> np.arange(width)) & 1) == 1
        count = np.where(bits, weight, 1.0).prod(axis=1)
        flush = (kappa * np.where(bits[:, :, None], suited, 1.0).prod(axis=1)).sum(axis=1)
        total = total - np.where(inside, count - flush, 0.0)
    stub = states.left.sum(axis=1, dtype=np.int64) + states.bad
    ways = _binom()[stub, size]
    return np.where(ok, total / ways, 0.0)


def chances(hand: Sequence[int], holds: Sequence[Sequence[int]], stub: Sequence[int], *,
            target: int, draws: int, rules: LowRules = DEUCE_TO_SEVEN) -> Any:
    """Chance of each hold (kept cards out of ``hand``) to end at or under a ``target``-low.

    ``draws`` counts this draw and the ones after it; ``stub`` is the cards
    the player may draw from; ``target`` is a rank in the order of ``rules``
    (:meth:`~standpat.odds.lowpolicy.LowRules.target`).  Returns a float64
    array, one value per hold.
    """
    check_target(target, rules)
    width = target + 1
    rows = []
    pack = rules.cards(stub)
    for keep in holds:
        ranks, bad = initial_ranks(target, rules.cards(keep), pack)
        rows.append((ranks, bad, len(hand) - len(keep)))
    states = _States(
        hold=np.arange(len(rows), dtype=np.int64),
        left=np.array([[r[0] for r in ranks] for ranks, _, _ in rows], dtype=np.int8)
        .reshape(-1, width),
        code=np.array([[r[1] for r in ranks] for ranks, _, _ in rows], dtype=np.int8)
        .reshape(-1, width),
        free=np.array([[r[2] for r in ranks] for ranks, _, _ in rows], dtype=np.int8)
        .reshape(-1, width),
        bad=np.array([bad for _, bad, _ in rows], dtype=np.int64),
        size=np.array([size for _, _, size in rows], dtype=np.int64),
        prob=np.ones(len(rows)),
    )
    success = np.zeros(len(rows))
    for done in range(draws):
        if done == draws - 1:
            states = _for_last_draw(states)
            success += np.bincount(states.hold,
                                   weights=states.prob * _last_draw(states, target, rules),
                                   minlength=len(rows))
            break
        drawn = _merge(_expand(states))
        states, made = _settle(drawn, target, rules)
        success += np.bincount(drawn.hold, weights=drawn.prob * made, minlength=len(rows))
        states = _merge(states)
    return success
