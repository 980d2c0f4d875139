"""A small hand history that the history modules' examples share.

Heads-up Deuce-to-Seven Triple Draw, limit 2/4: bob, on the button, posts the small blind and
folds to ann's big blind.
"""

from __future__ import annotations

HEADS_UP_FOLD = """\
variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 80]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 f"]
players = ["ann", "bob"]
"""
"""One hand in PHH: the small blind folds (ann wins 1 of bob's chips)."""
