"""Exact draw odds for the strong bot: each hold's mean showdown percentile after the last draw.

:meth:`~standpat.bots.strength.DrawModel.potential` estimates where a hand
will land by dealing a few random draws.  For a five-card hand at its last
draw the answer is exact and cheap: every five-card hand of the deck gets
its showdown percentile in the model's table (:meth:`DrawModel.percentile`,
ties half), and :mod:`standpat.odds.tables` sums those values over every
hold's completions by inclusion-exclusion (a fraction of a millisecond for
all 32 holds).  The tables are built once per model (seconds) and kept on
disk by :func:`standpat.odds.tables.build_value_sums`.

>>> from standpat.cards import parse_cards
>>> model = DrawModel.of("high", 5, draws=1, max_discard=5)
>>> hand = [int(c) for c in parse_cards("Qs Qd 9c 4h 2s")]
>>> found = hold_potentials(model, hand)
>>> best = max(range(32), key=found.__getitem__)
>>> [str(parse_cards("Qs Qd 9c 4h 2s")[i]) for i in range(5) if best >> i & 1]
['Qs', 'Qd']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

from standpat.bots.strength import DrawModel
from standpat.odds.tables import (
    DENSE_LIMIT,
    ValueSums,
    build_value_sums,
    hand_strengths,
    hold_values,
)

__all__ = ["hold_potentials"]


@cache
def _sums(model: DrawModel) -> ValueSums | None:
    """The value tables of a five-card model's showdown percentiles (None for seven cards)."""
    if model.hand_size != 5:
        return None
    table = np.array(model.final_table(), dtype=np.int64)
    found = hand_strengths(model.ranking).astype(np.int64)
    values = np.searchsorted(table, found, side="left") + np.searchsorted(table, found,
                                                                          side="right")
    return build_value_sums(model.ranking, values, 2 * table.size)


def hold_potentials(model: DrawModel, hand: Sequence[int],
                    dead: Sequence[int] = ()) -> list[float] | None:
    """Mean showdown percentile after one draw for every hold of a five-card ``hand``.

    Index ``m`` is the hold keeping ``hand[i]`` for each bit ``i`` of ``m``;
    ``dead`` are cards known out of the stub (own earlier discards).  ``None``
    when the model's hands are not five cards, or with too many dead cards.
    """
    sums = _sums(model)
    if sums is None or len(hand) != 5 or len(hand) + len(dead) > DENSE_LIMIT:
        return None
    totals = hold_values(sums, [int(c) for c in hand], [int(c) for c in dead])
    stub = len(model.deck) - len(hand) - len(dead)
    return [int(totals[m]) / (comb(stub, 5 - m.bit_count()) * sums.scale) for m in range(32)]


def prepare_exact(model: DrawModel) -> None:
    """Build (or load) a model's tables now rather than at its first decision."""
    _sums(model)
