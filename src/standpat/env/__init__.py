"""Reinforcement-learning environments of standpat's games (the ``research`` extra).

``aec(game, ...)`` is a PettingZoo AEC environment of any poker game (every betting
structure) or of Bruce's Pinochle (``pinochle-5``, ``pinochle-7``);
:class:`~standpat.env.single.SingleSeatEnv` is one seat of it as a Gymnasium
environment against standpat's bots; :mod:`standpat.env.openspiel` registers the
games with OpenSpiel.

>>> env = aec("five-card-draw", "no-limit", players=2, stakes="2/4", stacks=200)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from standpat.engine import Stakes

__all__ = ["SingleSeatEnv", "aec"]


def aec(
    game: str,
    structure: str = "fixed-limit",
    players: int = 2,
    stakes: str | Stakes = "2/4",
    stacks: int | Sequence[int] | None = None,
    render_mode: str | None = None,
    *,
    hands: int | None = 1,
    button: str | int = "random",
    max_hands: int | None = None,
) -> Any:
    """A PettingZoo AEC environment of ``game`` (a poker game or ``pinochle-5``/``-7``).

    Poker: ``structure``, ``stakes`` (``"2/4"``: small bet / big bet), ``stacks``
    (default 100 big blinds), rewards in big blinds.  Pinochle: rewards in points;
    ``structure``, ``stakes`` and ``stacks`` do not apply.  ``hands`` is the number of
    hands an episode lasts (``None``: until the game is decided: one seat holds every
    chip, or a pinochle game is won); ``max_hands`` truncates a longer one (default:
    poker never, pinochle after :data:`~standpat.env.pinochle.MAX_HANDS` hands).
    ``button``: who has the button (pinochle: deals) in an episode's first hand:
    ``"random"`` (the default: drawn from the episode's seeded random stream),
    ``"rotate"`` (one seat on each episode) or a seat number.

    Raises :class:`ValueError` for an unknown game, structure, stakes or render mode,
    a player count the game does not seat, and any other option out of its range.
    """
    if game.startswith("pinochle"):
        from standpat.env.pinochle import MAX_HANDS, PinochleEnv

        return PinochleEnv(game, players=players, hands=hands, render_mode=render_mode,
                           dealer=button, max_hands=MAX_HANDS if max_hands is None
                           else max_hands)
    from standpat.env.poker import PokerEnv

    return PokerEnv(game, structure, players, stakes, stacks, hands, render_mode,
                    button=button, max_hands=max_hands)


def __getattr__(name: str) -> Any:
    """``SingleSeatEnv`` on first use (it imports the bots)."""
    if name == "SingleSeatEnv":
        from standpat.env.single import SingleSeatEnv

        return SingleSeatEnv
    raise AttributeError(f"module 'standpat.env' has no attribute {name!r}")


import gymnasium as _gymnasium  # noqa: E402 - registration needs no bot import

if "standpat/SingleSeat-v0" not in _gymnasium.registry:
    _gymnasium.register(id="standpat/SingleSeat-v0",
                        entry_point="standpat.env.single:SingleSeatEnv")
