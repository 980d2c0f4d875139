"""Who deals first in an episode: the button (poker) or the dealer (pinochle).

Each environment takes one option for it: ``"random"`` (the default) draws the
seat from the episode's random stream, so ``reset(seed=s)`` gives the same seat
every time and a policy sees every position equally often; ``"rotate"`` moves it
one seat each episode (the first episode after a seeded ``reset``, or after
construction, has seat 0); an int fixes it at that seat for every episode.

>>> import random
>>> choice = check_first_seat("button", "rotate", 3)
>>> [first_seat(choice, episode, 3, random.Random(0)) for episode in range(4)]
[0, 1, 2, 0]
>>> first_seat(check_first_seat("button", 1, 3), 7, 3, random.Random(0))
1
>>> check_first_seat("button", "left", 3)
Traceback (most recent call last):
...
ValueError: button must be 'random', 'rotate' or a seat 0..2, not 'left'.
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["FIRST_SEAT_CHOICES", "check_first_seat", "first_seat"]

FIRST_SEAT_CHOICES: Final = ("random", "rotate")
"""The named ways of choosing an episode's first button or dealer (else a seat number)."""


def check_first_seat(name: str, choice: str | int, players: int) -> str | int:
    """``choice`` if it is ``"random"``, ``"rotate"`` or a seat of ``players``; else ValueError.

    ``name`` ("button" or "dealer") goes into the message.
    """
    if isinstance(choice, bool) or not (
        choice in FIRST_SEAT_CHOICES or (isinstance(choice, int) and 0 <= choice < players)
    ):
        raise ValueError(f"{name} must be 'random', 'rotate' or a seat 0..{players - 1}, "
                         f"not {choice!r}.")
    return choice


def first_seat(choice: str | int, episode: int, players: int, rng: random.Random) -> int:
    """The first button (or dealer) of episode number ``episode`` (0 after a seeded reset).

    ``"random"`` draws it from ``rng`` (the episode's own stream, so it is seeded with
    the deals); ``"rotate"`` is ``episode`` modulo ``players``; an int is that seat.
    """
    if choice == "random":
        return rng.randrange(players)
    if choice == "rotate":
        return episode % players
    assert isinstance(choice, int)
    return choice
