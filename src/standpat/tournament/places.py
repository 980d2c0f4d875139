"""The places of the players who bust in one hand.

The player who began the hand with more chips finishes higher; players who began it with
equal stacks share their places (and the prizes of those places, split by
:func:`~standpat.tournament.payouts.split_prizes`), as RULES.md says.

>>> for finish in places([Bust("ann", 300), Bust("bob", 500), Bust("cy", 300)], left=10):
...     print(finish)
Finish(player='bob', places=(8,))
Finish(player='ann', places=(9, 10))
Finish(player='cy', places=(9, 10))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import NamedTuple

from standpat.errors import TournamentError

__all__ = ["Bust", "Finish", "hand_for_hand", "places"]


class Bust(NamedTuple):
    """A player eliminated in a hand, with the chips he had when it was dealt."""

    player: str
    stack_at_start: int


class Finish(NamedTuple):
    """A player's finishing place; several places when he shares them with tied players."""

    player: str
    places: tuple[int, ...]

    @property
    def place(self) -> int:
        """The best of his places (what a results list shows, marked tied if shared)."""
        return self.places[0]


def places(busted: Sequence[Bust], left: int) -> list[Finish]:
    """The finishes of the players ``busted`` in one hand, best first, when ``left`` players
    (they included) were in the tournament as it was dealt: they take places ``left``,
    ``left - 1``, ... by the chips they began the hand with; equal stacks share."""
    if len({b.player for b in busted}) != len(busted):
        raise TournamentError("a player cannot bust twice in one hand.")
    if left < 1 or (busted and len(busted) >= left):
        raise TournamentError(
            f"{len(busted)} players cannot bust of {left}: one at least stays to win.")
    best = left - len(busted) + 1
    finishes: list[Finish] = []
    ranked = sorted(busted, key=lambda b: -b.stack_at_start)
    for _, group in groupby(ranked, key=lambda b: b.stack_at_start):
        tied = list(group)
        shared = tuple(range(best, best + len(tied)))
        finishes += [Finish(b.player, shared) for b in tied]
        best += len(tied)
    return finishes


def hand_for_hand(left: int, paid: int) -> bool:
    """Whether a tournament with ``left`` players and ``paid`` places is on the bubble: the
    next player out wins nothing and the one after him a prize.  Then every table deals one
    hand, and the next only when all have finished (RULES.md), so that two tables cannot race
    one another to the money.

    >>> hand_for_hand(31, 30), hand_for_hand(32, 30), hand_for_hand(30, 30)
    (True, False, False)
    """
    return left == paid + 1
