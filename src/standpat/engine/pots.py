"""Main and side pots, and splitting a pot among its winners.

>>> side_pots([10, 30, 30, 5], [False, False, False, True])
[(35, (0, 1, 2)), (40, (1, 2))]
>>> side_pots([0, 4, 4], [False, False, False], dead=6)   # seat 0 all-in on his ante
[(6, (0, 1, 2)), (8, (1, 2))]
>>> split(7, [2, 0], button=0, players=3)
[(2, 4), (0, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["side_pots", "split"]


def side_pots(
    contributions: Sequence[int], folded: Sequence[bool], dead: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """The pots, main pot first, as (amount, eligible seats).

    ``contributions`` are each seat's live chips (its bets); ``dead`` is the
    dead money (antes, dead blinds, the dead part of a post), which lies in
    the main pot and never makes a pot of its own (RULES.md, Betting).  Each
    live level of a player still in is a pot; an all-in player wins from each
    opponent only what he bet.  Live chips of folded players are dead money in
    the pots they reached.
    """
    n = len(contributions)
    found = {c for s, c in enumerate(contributions) if not folded[s]}
    if len(found) == 1:  # nobody in is all-in for less: one pot (the commonest case, made fast)
        total = sum(contributions) + dead
        return [(total, tuple(s for s in range(n) if not folded[s]))] if total else []
    levels = sorted(found)
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributions) + dead
        if not amount:
            continue  # the level 0 of seats that bet nothing, with no dead money
        dead = 0
        eligible = tuple(s for s in range(n) if not folded[s] and contributions[s] >= level)
        pots.append((amount, eligible))
        prev = level
    rest = sum(c - prev for c in contributions if c > prev)
    if rest:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + rest, eligible)
        else:
            pots.append((rest, tuple(s for s in range(n) if not folded[s])))
    return pots


def split(
    amount: int, winners: Sequence[int], *, button: int, players: int
) -> list[tuple[int, int]]:
    """Split ``amount`` among ``winners`` as (seat, chips), clockwise from the button.

    Equal shares; the odd chips all go to the first winning seat clockwise
    from the button.
    """
    if len(winners) == 1:
        return [(winners[0], amount)]
    order = sorted(winners, key=lambda s: (s - button - 1) % players)
    share, odd = divmod(amount, len(order))
    return [(s, share + (odd if i == 0 else 0)) for i, s in enumerate(order)]
