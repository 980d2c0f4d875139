"""The PettingZoo AEC environment of Bruce's 5 Card and 7 Card Pinochle.

One agent per seat.  An episode is one hand, ``hands`` hands, or (``hands=None``) a
whole game to 50 points, cut short (truncated, not terminated) after ``max_hands``
hands (default :data:`MAX_HANDS`) when no one has won by then.  The first dealer
of an episode is drawn from the episode's random stream (``dealer="random"``, the
default), moves one seat each episode (``"rotate"``), or is a fixed seat (an int).
Rewards are the points each seat's score changes by when a hand is scored.  Actions are
those of :class:`~standpat.env.actions.PinochleActions`: pass, bid 1..60, name a trump,
discard a subset of the seat's cards (positions in its cards sorted by deck order), play
the card at a position.

The observation holds the seat's own cards and discards and everything public: the
dealer and the seat to act, the phase, every bid and pass, the bidder, the bid, trump,
how many cards each seat drew, hand sizes and the stock, the meld shown, every card
played (and the current trick by seat), trick points so far and the game scores.
Other seats' hands and discards never enter it.

>>> env = PinochleEnv("pinochle-5", players=3)
>>> env.reset(seed=3)
>>> while env.agents:
...     obs, reward, done, cut, info = env.last()
...     env.step(None if done else int(obs["action_mask"].nonzero()[0][0]))  # first legal
>>> env.game_state.results[0].bid  # everyone passed: the dealer took the bid at 1
1
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from standpat.env.actions import MAX_BID, PinochleActions
from standpat.env.seats import check_first_seat, first_seat
from standpat.pinochle import (
    Bid,
    CardPlayed,
    DeckCard,
    Discard,
    Drew,
    Event,
    GameState,
    NameTrump,
    Pass,
    Phase,
    Play,
    Suit,
    get_game,
)
from standpat.pinochle.actions import Action

__all__ = ["MAX_HANDS", "PinochleEnv"]

MAX_HANDS = 200
"""Hands after which a ``hands=None`` episode is truncated (random play may never reach 50)."""

_FACES = 24
_FIRST = 28  # the card int of the nine of clubs: faces are card - 28
_PHASES = (Phase.BIDDING, Phase.TRUMP, Phase.DRAW, Phase.PLAY, Phase.OVER)
_SUITS = tuple(Suit)
HIGH = 10.0
"""Every observation entry is clipped to ``0..HIGH``."""


def _face(card: DeckCard) -> int:
    return int(card.card) - _FIRST


class PinochleEnv(AECEnv):  # type: ignore[misc]
    """A pinochle table as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "standpat_pinochle_v0", "render_modes": ["human", "ansi"],
        "is_parallelizable": False, "render_fps": 1,
    }

    def __init__(self, game: str = "pinochle-5", players: int = 3, hands: int | None = 1,
                 render_mode: str | None = None, *, max_hands: int = MAX_HANDS,
                 dealer: str | int = "random") -> None:
        """A table of ``players`` seats playing ``game`` (``pinochle-5`` or ``pinochle-7``).

        Raises :class:`ValueError` for a player count the game does not seat
        (``pinochle-5``: 2 to 6, ``pinochle-7``: 2 to 5), ``hands`` or ``max_hands``
        below 1, an unknown ``dealer`` or ``render_mode``.
        """
        super().__init__()
        self.rules = get_game(game)
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(f"{self.rules.name} is for {self.rules.min_players} to "
                             f"{self.rules.max_players} players, not {players}.")
        if hands is not None and hands < 1:
            raise ValueError(f"an episode needs at least one hand, not {hands}.")
        if max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, not {max_hands}.")
        self.dealer_choice = check_first_seat("dealer", dealer, players)
        self.max_hands = max_hands
        self._episodes = 0
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of "
                             f"{self.metadata['render_modes']}.")
        self.players = p = players
        self.hands = hands
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(p)]
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        size = self.rules.hand_size
        self.actions = PinochleActions(size)
        self.size = (
            p + size * _FACES + 2 * _FACES + 2  # private
            + 2 * p + len(_PHASES) + 2 * p + p + 1 + 4 + 2 * p + p + 1  # bidding, draw
            + p + p * _FACES + 1 + p * _FACES + _FACES + p + 2 * p + p  # meld, play, scores
        )
        """Length of an observation."""
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, HIGH, (self.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), dtype=np.int8),
        })
        self._action_spaces = {a: spaces.Discrete(self.actions.size)
                               for a in self.possible_agents}
        self._rng = random.Random()
        self.agent_selection = ""
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same for every seat)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; ``seed`` makes its deals reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._episodes = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        dealer = first_seat(self.dealer_choice, self._episodes, self.players, self._rng)
        self._episodes += 1
        self.game_state = GameState(self.rules, self.players, dealer=dealer,
                                    rng=random.Random(self._rng.getrandbits(64)))
        self._new_hand()
        self._select()

    def _new_hand(self) -> None:
        self._hand = self.game_state.hand
        self._played = np.zeros(_FACES, dtype=np.float32)
        self._drawn: dict[int, int] = {}
        self._discarded: dict[int, list[int]] = {s: [] for s in range(self.players)}

    def _select(self) -> None:
        seat = self.game_state.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _cards(self, seat: int) -> list[DeckCard]:
        return sorted(self._hand.hands.get(seat, []))

    def _legal(self, seat: int) -> list[int]:
        state = self.game_state
        legal = state.legal_actions()
        acts = self.actions
        if legal.min_bid is not None:
            return [0, *range(legal.min_bid, MAX_BID + 1)]
        first = next(iter(legal))
        if isinstance(first, NameTrump):
            return [acts.first_trump + _SUITS.index(a.suit) for a in legal
                    if isinstance(a, NameTrump)]
        if isinstance(first, Discard):
            most = max(len(a.cards) for a in legal if isinstance(a, Discard))
            return [acts.first_discard + i for i, s in enumerate(acts.subsets) if len(s) <= most]
        cards = self._cards(seat)
        playable = {a.card for a in legal if isinstance(a, Play)}
        return [acts.first_play + i for i, c in enumerate(cards) if c in playable]

    def decode(self, seat: int, index: int) -> Action:
        """The pinochle action of action ``index`` for ``seat`` (checked by the game)."""
        acts = self.actions
        if index == 0:
            return Pass()
        if index < acts.first_trump:
            return Bid(index)
        if index < acts.first_discard:
            return NameTrump(_SUITS[index - acts.first_trump])
        cards = self._cards(seat)
        if index < acts.first_play:
            return Discard(tuple(cards[i] for i in acts.subsets[index - acts.first_discard]
                                 if i < len(cards)))
        return Play(cards[index - acts.first_play]) if index - acts.first_play < len(cards) \
            else Pass()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat may know, and its action mask (zeros when not its turn)."""
        seat = self._seat[agent]
        if (agent == self.agent_selection and not self.terminations.get(agent, True)
                and not self.truncations.get(agent, True) and self.game_state.to_act == seat):
            mask = self.actions.as_array(self._legal(seat))
        else:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": self._observation(seat), "action_mask": mask}

    def _observation(self, seat: int) -> Any:
        p, size = self.players, self.rules.hand_size
        hand = self._hand
        parts: list[Any] = []

        def one_hot(n: int, at: int | None) -> None:
            block = np.zeros(n, dtype=np.float32)
            if at is not None:
                block[at] = 1.0
            parts.append(block)

        one_hot(p, seat)
        positions = np.zeros((size, _FACES), dtype=np.float32)
        counts = np.zeros(_FACES, dtype=np.float32)
        for i, card in enumerate(self._cards(seat)):
            positions[i, _face(card)] = 1.0
            counts[_face(card)] += 1.0
        parts += [positions.ravel(), counts]
        mine = np.zeros(_FACES, dtype=np.float32)
        for face in self._discarded[seat]:
            mine[face] += 1.0
        parts.append(mine)
        turn = self.game_state.to_act == seat
        min_bid = hand.min_bid if hand.phase is Phase.BIDDING else 0
        parts.append(np.array([turn, min_bid / MAX_BID], dtype=np.float32))
        one_hot(p, hand.dealer)
        one_hot(p, self.game_state.to_act)
        one_hot(len(_PHASES), _PHASES.index(hand.phase))
        bids = np.zeros((p, 2), dtype=np.float32)
        for s, amount in hand.bids:
            bids[s] = (0.0, 1.0) if amount is None else (amount / MAX_BID, 0.0)
        parts.append(bids.ravel())
        one_hot(p, hand.bidder)
        parts.append(np.array([(hand.bid or 0) / MAX_BID], dtype=np.float32))
        one_hot(4, None if hand.trump is None else _SUITS.index(hand.trump))
        drawn = np.zeros((p, 2), dtype=np.float32)
        for s, k in self._drawn.items():
            drawn[s] = (1.0, k / size)
        parts.append(drawn.ravel())
        parts.append(np.array([len(hand.hands.get(s, [])) / size for s in range(p)],
                              dtype=np.float32))
        parts.append(np.array([len(hand.stock) / 48], dtype=np.float32))
        melds = np.zeros(p, dtype=np.float32)
        melded = np.zeros((p, _FACES), dtype=np.float32)
        for s, result in hand.melds.items():
            melds[s] = result.total / 100
            for m in result.melds:
                for face in m.cards:
                    melded[s, int(face) - _FIRST] = 1.0
        parts += [melds, melded.ravel(), np.array([hand.broken], dtype=np.float32)]
        trick = np.zeros((p, _FACES), dtype=np.float32)
        if hand.trick is not None:
            for s, card in hand.trick.plays:
                trick[s, _face(card)] = 1.0
        parts += [trick.ravel(), self._played]
        points = hand.trick_points()
        parts.append(np.array([points.get(s, 0) / 25 for s in range(p)], dtype=np.float32))
        target = self.rules.target
        scores = self.game_state.scores
        parts.append(np.array([[max(scores[s], 0) / target, max(-scores[s], 0) / target]
                               for s in range(p)], dtype=np.float32).ravel())
        parts.append(np.array([s in self.game_state.active for s in range(p)],
                              dtype=np.float32))
        return np.minimum(np.concatenate(parts), HIGH)

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` for an agent whose episode ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() needs an action, not None.")
        self.play(self.decode(self._seat[agent], int(action)))

    def play(self, action: Action) -> None:
        """Apply a pinochle action for the selected agent (what :meth:`step` does with an index)."""
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        for name in self.rewards:
            self.rewards[name] = 0.0
        state = self.game_state
        scored = len(state.results)
        event = state.apply(action)
        self._record(event)
        if len(state.results) > scored:
            for s in state.results[-1].scores:
                self.rewards[self.possible_agents[s.seat]] += float(s.delta)
            done = state.is_over or (self.hands is not None and len(state.results) >= self.hands)
            cut = not done and len(state.results) >= self.max_hands
            if done or cut:
                ended = self.terminations if done else self.truncations
                for name in self.agents:
                    ended[name] = True
            else:
                self._new_hand()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _record(self, event: Event) -> None:
        if isinstance(event, CardPlayed):
            self._played[_face(event.card)] += 1.0
        elif isinstance(event, Drew):
            self._drawn[event.seat] = len(event.drawn)
            self._discarded[event.seat].extend(_face(c) for c in event.discarded)

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = self.describe()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def describe(self) -> str:
        """The table as a spectator sees it."""
        hand = self._hand
        lines = [f"{self.rules.name}, hand {len(self.game_state.results) + 1}, "
                 f"{hand.phase.value}, dealer player_{hand.dealer}"]
        if hand.bidder is not None:
            trump = hand.trump.value if hand.trump else "not named"
            lines.append(f"bid {hand.bid} by player_{hand.bidder}, trump {trump}")
        if hand.trick is not None:
            lines.append("trick: " + ", ".join(f"player_{s} {c}" for s, c in hand.trick.plays))
        scores = self.game_state.scores
        lines.append("scores: " + ", ".join(f"player_{s} {v}" for s, v in scores.items()))
        lines.append(f"points this hand: {hand.trick_points()}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

