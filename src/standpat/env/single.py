"""One seat of an environment as a Gymnasium environment, the other seats played by bots.

The agent's seat plays against standpat's bots of a chosen level (poker: ``easy``,
``normal`` or ``strong``; pinochle: ``simple`` or ``random``).  Observations and
actions are those of the PettingZoo environment (:func:`standpat.env.aec`); the
reward of a step is what the seat won or lost since its previous decision (big
blinds; pinochle points).  An episode the bots finish before the seat's first decision
(everyone folds to its big blind) is dealt again at once, its reward reported in
``info["skipped_reward"]`` by ``reset`` (count them in when you measure a win rate).
An action the mask forbids is replaced by a legal default
(check or call, stand pat; pinochle: pass, keep, the first legal trump or card) and
flagged with ``info["illegal"]``, unless ``illegal="raise"``.

Registered with Gymnasium as ``standpat/SingleSeat-v0``:

>>> import gymnasium
>>> env = gymnasium.make("standpat/SingleSeat-v0", game="deuce-to-seven-single-draw",
...                      opponents="easy")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape == env.observation_space["observation"].shape
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from standpat.bots import LEVELS, SAMPLES, make_bot
from standpat.engine import Stakes
from standpat.errors import IllegalActionError
from standpat.pinochle import RandomBot, SimpleBot

__all__ = ["SingleSeatEnv"]

POKER_LEVELS = LEVELS
PINOCHLE_LEVELS = ("simple", "random")


class SingleSeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a poker or pinochle table against bots (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "deuce-to-seven-single-draw",
        structure: str = "fixed-limit",
        players: int = 2,
        *,
        opponents: str | Sequence[str] = "normal",
        seat: int = 0,
        stakes: str | Stakes = "2/4",
        stacks: int | Sequence[int] | None = None,
        hands: int | None = 1,
        button: str | int = "random",
        max_hands: int | None = None,
        samples: int = SAMPLES,
        illegal: str = "substitute",
        render_mode: str | None = None,
    ) -> None:
        """``opponents``: one bot level for every other seat, or one per other seat.

        ``button`` and ``max_hands`` are those of :func:`standpat.env.aec` (by default the
        first button of each episode is drawn at random, so the seat plays every
        position); ``samples`` is the strong bot's effort (see
        :func:`standpat.bots.make_bot`).
        """
        from standpat.env import aec

        self.pinochle = game.startswith("pinochle")
        self.table = aec(game, structure, players, stakes, stacks, render_mode, hands=hands,
                         button=button, max_hands=max_hands)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player table.")
        levels = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        allowed = PINOCHLE_LEVELS if self.pinochle else POKER_LEVELS
        if len(levels) != players - 1 or any(level not in allowed for level in levels):
            raise ValueError(f"opponents {opponents!r}: give one of {', '.join(allowed)} "
                             f"for each of the {players - 1} other seats.")
        if illegal not in ("substitute", "raise"):
            raise ValueError(f"illegal must be 'substitute' or 'raise', not {illegal!r}.")
        self.levels = levels
        self.samples = samples
        self.illegal = illegal
        self.render_mode = render_mode
        self.agent = f"player_{seat}"
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._bots: dict[str, Any] = {}
        self._make_bots(random.Random())

    def _make_bots(self, rng: random.Random) -> None:
        others = [a for a in self.table.possible_agents if a != self.agent]
        self._bots = {}
        for name, level in zip(others, self.levels, strict=True):
            bot_rng = random.Random(rng.getrandbits(64))
            if not self.pinochle:
                self._bots[name] = make_bot(level, rng=bot_rng, samples=self.samples)
            elif level == "simple":
                self._bots[name] = SimpleBot()
            else:
                self._bots[name] = RandomBot(bot_rng)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode and play the bots up to the seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self.table.reset(seed=seed)
            self._make_bots(random.Random(seed))
        else:
            self.table.reset()
        skipped, lost = 0, 0.0
        reward, done, _ = self._advance()
        while done:  # the bots ended the episode before the seat had a decision: deal on
            skipped, lost = skipped + 1, lost + reward
            self.table.reset()
            reward, done, _ = self._advance()
        info = {"reward_before_first_decision": reward, "skipped_episodes": skipped,
                "skipped_reward": lost, "illegal": False}
        return self.table.observe(self.agent), info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the seat's action, then the bots until the seat decides again or the end."""
        table = self.table
        if (not table.agents or table.terminations.get(self.agent, True)
                or table.truncations.get(self.agent, True)):
            raise RuntimeError("the episode is over: call reset() before step().")
        mask = table.observe(self.agent)["action_mask"]
        index = int(action)
        wrong = not (0 <= index < len(mask) and mask[index])
        if wrong:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {index} is not legal now (mask {mask}).")
            index = self._default(mask)
        table.step(index)
        reward = float(table.rewards.get(self.agent, 0.0))
        more, done, cut = self._advance()
        obs = table.observe(self.agent)
        if self.render_mode == "human":
            self.render()
        return obs, reward + more, done and not cut, cut, {"illegal": wrong}

    def _default(self, mask: Any) -> int:
        legal = np.flatnonzero(mask)
        if self.pinochle:
            return int(legal[0])
        first_discard = self.table.actions.first_discard
        return 1 if mask[1] else first_discard  # check/call, else stand pat

    def _advance(self) -> tuple[float, bool, bool]:
        """Let the bots act until it is the seat's turn or its episode is over.

        The reward since, whether the episode is over, and whether it was cut short.
        """
        table = self.table
        reward = 0.0
        while table.agents:
            agent = table.agent_selection
            if table.terminations[agent] or table.truncations[agent]:
                if agent == self.agent:
                    return reward, True, bool(table.truncations[agent])
                table.step(None)
                continue
            if agent == self.agent:
                return reward, False, False
            table.play(self._bots[agent].act(self._view(agent)))
            reward += float(table.rewards.get(self.agent, 0.0))
        return reward, True, bool(table.truncations.get(self.agent, False))

    def _view(self, agent: str) -> Any:
        seat = int(agent.split("_")[1])
        if self.pinochle:
            return self.table.game_state.view(seat)
        return self.table.hand.view(self.table.hand_seats.index(seat))

    def render(self) -> str | None:
        """The table as text (see the PettingZoo environment's ``render``)."""
        if self.render_mode is None:
            return None
        text: str = self.table.describe()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

