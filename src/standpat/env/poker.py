"""The PettingZoo AEC environment of the draw-poker games.

One agent per seat (``player_0`` ...).  An episode is one hand, or a session of
``hands`` hands (stacks carried from hand to hand, the button moving one seat a
hand; a seat that goes broke leaves the episode), truncated after ``max_hands``
hands if given.  The button of an episode's first hand is drawn from the
episode's random stream (``button="random"``, the default: every seat has it
equally often, and a seeded reset gives the same one), moves one seat each
episode (``"rotate"``), or stays at one seat (an int; ``0`` was the only choice
before).  Rewards are chips won or lost in
big blinds, given to every seat when a hand ends.  Observations are dicts: the seat's
``observation`` (see :mod:`standpat.env.observe`) and its ``action_mask`` over the
discrete actions of :class:`~standpat.env.actions.PokerActions`.

>>> env = PokerEnv("deuce-to-seven-triple-draw", players=3, stakes="2/4", button=0)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 35)
>>> while env.agents:
...     obs, reward, done, cut, info = env.last()
...     mask = obs["action_mask"]
...     env.step(None if done else int(mask.nonzero()[0][-1]))  # always the last legal action
>>> sorted(env.hand.net)  # the hand ended; its chips moved from seat to seat
[-48, -48, 96]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from standpat.cards import format_cards
from standpat.engine import (
    Action,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    Hand,
    LegalActions,
    Stakes,
    StreetOpened,
    Structure,
    event_to_json,
    get_game,
)
from standpat.env.actions import PokerActions
from standpat.env.observe import PokerObserver
from standpat.env.seats import check_first_seat, first_seat

__all__ = ["PokerEnv"]


class PokerEnv(AECEnv):  # type: ignore[misc]
    """A draw-poker table as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "standpat_poker_v0", "render_modes": ["human", "ansi"],
        "is_parallelizable": False, "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        structure: str = "fixed-limit",
        players: int = 2,
        stakes: str | Stakes = "2/4",
        stacks: int | Sequence[int] | None = None,
        hands: int | None = 1,
        render_mode: str | None = None,
        *,
        button: str | int = "random",
        max_hands: int | None = None,
    ) -> None:
        """A table of ``players`` seats playing ``game`` under ``structure``.

        ``stacks``: chips per seat (one int for all, or one per seat; default 100 big
        blinds).  ``hands``: hands per episode (``None``: until one seat has every chip).
        ``button``: the first hand's button (see the module docstring).  ``max_hands``:
        the episode is truncated after that many hands (default: never).

        Raises :class:`ValueError` for a player count the game does not seat, stacks
        that do not give each seat chips, ``hands`` or ``max_hands`` below 1, an unknown
        ``button`` or ``render_mode``.
        """
        super().__init__()
        spec = get_game(game)
        if not spec.min_players <= players <= spec.max_players:
            raise ValueError(f"{spec.title} is for {spec.min_players} to {spec.max_players} "
                             f"players, not {players}.")
        if hands is not None and hands < 1:
            raise ValueError(f"an episode needs at least one hand, not {hands}.")
        if max_hands is not None and max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, not {max_hands}.")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of "
                             f"{self.metadata['render_modes']}.")
        self.button_choice = check_first_seat("button", button, players)
        self.max_hands = max_hands
        self._episodes = 0
        self.game = spec
        self.structure = Structure(structure)
        self.stakes = Stakes.parse(stakes) if isinstance(stakes, str) else stakes
        self.big_blind = self.stakes.big_blind or self.stakes.small_bet
        if stacks is None:
            stacks = 100 * self.big_blind
        self.starting_stacks = (
            (stacks,) * players if isinstance(stacks, int) else tuple(stacks)
        )
        if len(self.starting_stacks) != players or min(self.starting_stacks) <= 0:
            raise ValueError(f"stacks {stacks!r} do not give {players} positive stacks.")
        self.hands = hands
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        self.actions = PokerActions(spec.name.value, self.structure.value)
        self.observer = PokerObserver(
            spec.name.value, self.structure.value, players, big_blind=self.big_blind,
            total_chips=sum(self.starting_stacks),
        )
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.observer.high, (self.observer.size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), dtype=np.int8),
        })
        self._action_spaces = {a: spaces.Discrete(self.actions.size)
                               for a in self.possible_agents}
        self._no_actions = np.zeros(self.actions.size, dtype=np.int8)
        self._rng = random.Random()
        self.hand: Hand
        self._legal: LegalActions | None = None
        """The legal actions of the hand's seat to act, once asked for (until its action)."""
        self.agent_selection = ""
        self.agents: list[str] = []

    # -- the PettingZoo API -----------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same for every seat)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent`` (one object per agent, for seeding)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; ``seed`` makes its deals reproducible."""
        if seed is not None:
            self._rng.seed(seed)
            self._episodes = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.stacks = list(self.starting_stacks)
        """Each seat's chips between hands (the hand's own stacks during it)."""
        self.hands_played = 0
        self.button = first_seat(self.button_choice, self._episodes, len(self.stacks), self._rng)
        """The button's table seat."""
        self._episodes += 1
        self._paid = False
        """Whether ``rewards`` holds anything but zeros (set when a hand ends)."""
        self._deal()
        if self._paid:  # hands over at the deal (blinds put everyone all-in) paid already
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat may know, and its action mask (zeros when not its turn)."""
        hand = self.hand
        if (agent == self.agent_selection and hand.to_act is not None
                and not self.terminations.get(agent, True)
                and not self.truncations.get(agent, True)):  # the seat to act
            legal = self._legal
            if legal is None:
                legal = self._legal = hand.legal_actions()
            return {"observation": self.observer.observe_turn(self._seat[agent], legal),
                    "action_mask": self.actions.mask(hand, legal)}
        return {"observation": self.observer.observe(self._seat[agent]),  # not its turn
                "action_mask": self._no_actions.copy()}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` for an agent whose episode ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() needs an action, not None.")
        hand = self.hand
        legal = self._legal
        if legal is None:
            legal = self._legal = hand.legal_actions()
        self.play(self.actions.decode(hand, int(action), legal))

    def play(self, action: Action) -> None:
        """Apply an engine action for the selected agent (what :meth:`step` does with an index).

        For bots and scripts that decide in the engine's own terms, with any bet size.
        """
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # the previous step paid rewards: this one starts from none
            for name in self.rewards:
                self.rewards[name] = 0.0
            self._paid = False
        hand = self.hand
        events = hand.apply(action)
        self._legal = None
        self.observer.record(hand, events)
        if (to_act := hand.to_act) is None:  # the hand is over
            self._end_hand()
            self._accumulate_rewards()  # rewards are paid only when a hand ends
        else:
            self.agent_selection = self.possible_agents[self.hand_seats[to_act]]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = self.describe()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    # -- hands --------------------------------------------------------------------

    def _deal(self) -> None:
        while True:
            seats = [s for s, chips in enumerate(self.stacks) if chips > 0]
            self.hand_seats = seats
            """The table seat of each seat of the current hand (seats out of chips sit out)."""
            # the hand shuffles with the env's own Random (seeded by reset): no second seeding
            hand = Hand(self.game, self.structure, self.stakes, [self.stacks[s] for s in seats],
                        button=seats.index(self.button), rng=self._rng)
            self.hand = hand
            self._legal = None
            share = 0.0 if self.hands is None else self.hands_played / self.hands
            self.observer.start_hand(hand, seats, share)
            if not hand.is_over:
                self.agent_selection = self.possible_agents[seats[hand.to_act]]  # type: ignore[index]
                return
            if self._end_hand(deal=False):
                return

    def _end_hand(self, deal: bool = True) -> bool:
        """Pay the hand's rewards; end the episode or deal on.  True when it ended."""
        hand = self.hand
        scale = 1.0 / self.big_blind
        for i, net in enumerate(hand.net):
            seat = self.hand_seats[i]
            self.stacks[seat] += net
            self.rewards[self.possible_agents[seat]] += net * scale
        self._paid = True
        self.hands_played += 1
        funded = [s for s, chips in enumerate(self.stacks) if chips > 0]
        if (self.hands is not None and self.hands_played >= self.hands) or len(funded) < 2:
            for name in self.agents:
                self.terminations[name] = True
            self.agent_selection = self.agents[0]
            return True
        if self.max_hands is not None and self.hands_played >= self.max_hands:
            for name in self.agents:
                self.truncations[name] = True
            self.agent_selection = self.agents[0]
            return True
        for name in self.agents:
            if self.stacks[self._seat[name]] == 0:
                self.terminations[name] = True
        n = len(self.stacks)
        self.button = next(s for k in range(1, n + 1)
                           if self.stacks[s := (self.button + k) % n] > 0)
        if deal:
            self._deal()
        if any(self.terminations.values()):
            self._deads_step_first()
        return False

    def describe(self) -> str:
        """The table as a spectator sees it: seats, stacks, bets, the pot, the latest events."""
        hand = self.hand
        lines = [f"{hand.game.title}, {hand.structure.value} {hand.stakes}, hand "
                 f"{self.hands_played + (0 if hand.is_over else 1)}, pot {hand.pot}"]
        counts = hand.draw_counts if hand.draw_counts_public else (None,) * hand.players
        for i, seat in enumerate(self.hand_seats):
            marks = []
            if i == hand.button:
                marks.append("button")
            if hand.folded(i):
                marks.append("folded")
            if hand.all_in(i):
                marks.append("all-in")
            if counts[i] is not None:
                marks.append(f"drew {counts[i]}")
            if i in hand.shown:
                marks.append(f"shows {format_cards(hand.shown[i])}")
            turn = "> " if hand.to_act == i else "  "
            lines.append(f"{turn}{self.possible_agents[seat]}: stack {hand.stacks[i]}, "
                         f"bet {hand.bets[i]}" + (f" ({', '.join(marks)})" if marks else ""))
        recent: list[Event] = list(hand.view(None).events[-4:])
        lines.append("last: " + "; ".join(_event_text(e) for e in recent))
        return "\n".join(lines)


def _event_text(event: Event) -> str:
    """One event in a few words, as a spectator may see it."""
    doc = event_to_json(event)
    who = f"player_{event.seat} " if event.seat is not None else ""
    kind = doc.pop("kind")
    doc.pop("seat", None)
    if isinstance(event, Dealt | Discarded):
        verb = "dealt" if isinstance(event, Dealt) else "drew"
        return f"{who}{verb} {event.count}"
    if isinstance(event, StreetOpened):
        return f"betting round {event.number}"
    if isinstance(event, DrawOpened):
        return f"draw {event.number}"
    rest = " ".join(" ".join(v) if isinstance(v, list) else str(v) for v in doc.values() if v)
    return f"{who}{kind} {rest}".strip()
