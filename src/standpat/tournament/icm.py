"""The players' equity in the prizes by their stacks: the Independent Chip Model.

Malmuth-Harville: a player finishes first with the probability of his share of the chips;
of the others, each finishes next with his share of what is left, and so on.  Shown at the
final table as information; it decides nothing.

>>> icm([500, 500], [70, 30])
(50.0, 50.0)
>>> [round(e, 2) for e in icm([3000, 2000, 1000], [50, 30, 20])]
[38.5, 34.0, 27.5]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from standpat.errors import TournamentError

__all__ = ["MAX_STATES", "icm"]

MAX_STATES = 2_000_000
"""The most orders of finish the model follows (it is for a final table, not a field)."""


def icm(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[float, ...]:
    """Each player's expected prize (in the prizes' unit) by the chips ``stacks`` he has,
    the ``prizes`` of places 1, 2, ...; a player with no chips expects nothing more."""
    if any(s < 0 for s in stacks) or sum(stacks) <= 0:
        raise TournamentError(f"stacks {list(stacks)} are not chips in play.")
    players = [i for i, s in enumerate(stacks) if s > 0]
    paid = min(len(prizes), len(players))
    if sum(comb(len(players), k) for k in range(paid)) > MAX_STATES:
        raise TournamentError(
            f"the ICM of {len(players)} players with {paid} prizes is too large to work out "
            "exactly; it is for a final table.")
    equity = [0.0] * len(stacks)
    # the chance of each set of players having taken the top places, in any order
    layer: dict[int, float] = {0: 1.0}
    for place in range(paid):
        following: dict[int, float] = {}
        for taken, chance in layer.items():
            left = [i for i in players if not taken >> i & 1]
            chips = sum(stacks[i] for i in left)
            for i in left:
                p = chance * stacks[i] / chips
                equity[i] += p * prizes[place]
                key = taken | 1 << i
                following[key] = following.get(key, 0.0) + p
        layer = following
    return tuple(equity)
