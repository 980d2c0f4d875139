"""standpat's poker games as an OpenSpiel game: ``pyspiel.load_game("standpat_poker")``.

Importing this module registers ``standpat_poker`` with ``pyspiel.register_game``.
Parameters: ``game`` (a poker game name, default ``five-card-draw-7a``),
``structure`` (default ``fixed-limit``), ``players`` (default 2), ``small_bet``
(default 2: blinds 1/2, bets 2/4) and ``stack`` (big blinds per seat, default 20).
Chance nodes deal every card: the deal one card at a time, and each card a draw
brings (uniform over the cards nobody has seen: not in a hand, folded or not, not
thrown away, not drawn before).  Player actions are those of
:class:`~standpat.env.actions.PokerActions`; the hand itself runs on the engine
(``Hand`` with the dealt cards and each draw's cards given).  Returns are chips won or
lost in big blinds.  The information state string is exact (the seat's cards as dealt,
its draws, every action with draw counts public); the tensors are the observation of
:class:`~standpat.env.observe.PokerObserver`.  Games whose draws could run the stub out
(where the engine reshuffles) are refused: every card must come from the unseen cards.

>>> import pyspiel
>>> game = pyspiel.load_game("standpat_poker", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from standpat.cards import CARDS, Card, format_cards
from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Game,
    Hand,
    Raised,
    Stakes,
    Structure,
    get_game,
)
from standpat.env.actions import PokerActions
from standpat.env.observe import PokerObserver

__all__ = ["DEFAULTS", "PokerGame", "PokerState", "Setup", "setup_of"]

DEFAULTS: dict[str, Any] = {
    "game": "five-card-draw-7a",
    "structure": "fixed-limit",
    "players": 2,
    "small_bet": 2,
    "stack": 20,
}
"""The game's parameters and their defaults."""

_GAME_TYPE = pyspiel.GameType(
    short_name="standpat_poker",
    long_name="standpat draw poker",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


@dataclass(frozen=True)
class Setup:
    """What a game's parameters make: the engine game, stakes, stacks, deck, action table."""

    spec: Game
    structure: Structure
    players: int
    stakes: Stakes
    big_blind: int
    stack: int
    deck: tuple[Card, ...]
    actions: PokerActions

    def observer(self) -> PokerObserver:
        """A fresh observation builder for this game's seats."""
        return PokerObserver(self.spec.name.value, self.structure.value, self.players,
                             big_blind=self.big_blind, total_chips=self.stack * self.players)


@cache
def _setup(game: str, structure: str, players: int, small_bet: int, stack: int) -> Setup:
    spec = get_game(game)
    deck, _ = spec.deck_for(players)
    need = players * spec.hand_size + spec.draws * (players * spec.max_discard + 1) + 1
    if need > len(deck):
        raise ValueError(
            f"{spec.title} with {players} players could run the stub out "
            f"({need} cards for {len(deck)}); this OpenSpiel model deals no reshuffle."
        )
    stakes = Stakes.from_bets(small_bet)
    return Setup(spec, Structure(structure), players, stakes, stakes.big_blind,
                 stack * stakes.big_blind, deck, PokerActions(spec.name.value, structure))


def setup_of(params: dict[str, Any]) -> Setup:
    """The :class:`Setup` of a parameter dict (missing ones take :data:`DEFAULTS`)."""
    given = {**DEFAULTS, **params}
    return _setup(str(given["game"]), str(given["structure"]), int(given["players"]),
                  int(given["small_bet"]), int(given["stack"]))


class PokerGame(pyspiel.Game):  # type: ignore[misc]
    """One poker game with fixed seats and stacks, as an OpenSpiel game.

    Everything it knows comes from its parameters (:attr:`setup`): OpenSpiel copies
    games by pickling, which keeps the parameters and nothing set on the object.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """The game for ``params`` (see :data:`DEFAULTS`)."""
        given = {**DEFAULTS, **(params or {})}
        made = setup_of(given)
        spec, players = made.spec, made.players
        stack_bb = made.stack // made.big_blind
        per_round = players * 5 if made.structure is Structure.FIXED_LIMIT else (
            players * (2 * stack_bb + 4))
        length = (players * spec.hand_size + spec.draws * players * (spec.max_discard + 1)
                  + (spec.draws + 1) * per_round)
        info = pyspiel.GameInfo(
            num_distinct_actions=made.actions.size,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-float(stack_bb),
            max_utility=float(stack_bb * (players - 1)),
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_GAME_TYPE, info, given)

    @property
    def setup(self) -> Setup:
        """What this game's parameters make."""
        return setup_of(self.get_parameters())

    def new_initial_state(self) -> PokerState:
        """A state before the deal."""
        return PokerState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PokerPyObserver:
        """The observer of information states (perfect recall) or observations."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PokerPyObserver(self.setup, perfect)


class PokerState(pyspiel.State):  # type: ignore[misc]
    """A poker hand in OpenSpiel: chance deals, the engine plays."""

    def __init__(self, game: PokerGame) -> None:
        """The state before the first card is dealt."""
        super().__init__(game)
        self.spec = game.setup
        self.dealt: list[int] = []
        self.hand: Hand | None = None
        self.pending: tuple[int, Action] | None = None
        self.drawn: list[int] = []
        self.seen: set[int] = set()
        self.public: list[str] = []
        self.private: list[list[str]] = [[] for _ in range(self.spec.players)]
        self.observer = self.spec.observer()

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt, or TERMINAL."""
        hand = self.hand
        if hand is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert hand.to_act is not None
        return hand.to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return [int(i) for i in np.flatnonzero(self.spec.actions.mask(self.hand))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card nobody has seen, equally likely."""
        cards = [c for c in self.spec.deck if c not in self.seen]
        p = 1.0 / len(cards)
        return [(int(c), p) for c in cards]

    def _apply_action(self, action: int) -> None:
        game = self.spec
        if self.hand is None:
            self.dealt.append(action)
            self.seen.add(action)
            size = game.spec.hand_size
            if len(self.dealt) == game.players * size:
                holes = [[CARDS[c] for c in self.dealt[s * size:(s + 1) * size]]
                         for s in range(game.players)]
                self.hand = Hand(game.spec, game.structure, game.stakes,
                                 [game.stack] * game.players, hole_cards=holes, rng=0)
                for seat, held in enumerate(holes):
                    self.private[seat].append("dealt " + format_cards(sorted(held)))
                self.observer.start_hand(self.hand, range(game.players))
            return
        if self.pending is not None:
            self.drawn.append(action)
            self.seen.add(action)
            drawer, discard = self.pending
            if len(self.drawn) == len(discard.cards):
                self._play(drawer, discard, self.drawn)
            return
        hand = self.hand
        to_act = hand.to_act
        assert to_act is not None
        move = game.actions.decode(hand, action)
        if move.kind is ActionKind.DISCARD and move.cards:
            self.pending = (to_act, move)
            self.drawn = []
            self.seen.update(move.cards)
            return
        self._play(to_act, move, [] if move.kind is ActionKind.DISCARD else None)

    def _play(self, seat: int, move: Action, drawn: list[int] | None) -> None:
        hand = self.hand
        assert hand is not None
        events = hand.apply(move, drawn=None if drawn is None else [CARDS[c] for c in drawn])
        self.pending = None
        if move.kind is ActionKind.DISCARD:
            self.public.append(f"p{seat}:draw{len(move.cards)}")
            self.private[seat].append(
                f"threw {format_cards(move.cards)} drew {format_cards(drawn or [])}")
        else:
            amount = next((e.to for e in events if isinstance(e, BetMade | Raised)), 0)
            self.public.append(f"p{seat}:{move.kind.value}{amount or ''}")
        self.observer.record(hand, events)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{'deal' if self.hand is None else 'draw'} {CARDS[action]}"
        return self.spec.actions.labels[action]

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        """Chips each seat won or lost, in big blinds (zeros until the end)."""
        if not self.is_terminal():
            return [0.0] * self.spec.players
        assert self.hand is not None
        return [net / self.spec.big_blind for net in self.hand.net]

    def information_string(self, player: int) -> str:
        """Everything ``player`` knows, exactly: its cards and draws, and the public actions."""
        return f"p{player} | " + " | ".join(self.private[player]) + " || " + " ".join(
            self.public)

    def observation_text(self, player: int) -> str:
        """What ``player`` sees now: its cards, and the public actions of this round."""
        hand = self.hand
        held = format_cards(sorted(hand.cards_of(player))) if hand is not None else ""
        street = hand.street if hand is not None else 0
        stacks = hand.stacks if hand is not None else ()
        return f"p{player} cards {held} round {street} stacks {stacks} || " + " ".join(
            self.public[-2 * self.spec.players:])

    def __str__(self) -> str:
        """The deal and the actions (for debugging)."""
        return f"dealt {format_cards(self.dealt)} || " + " ".join(self.public)

    def clone(self) -> PokerState:
        """An independent copy (the engine hand cloned)."""
        return self.__deepcopy__({})

    def __deepcopy__(self, memo: dict[int, Any]) -> PokerState:
        twin = PokerState(self.get_game())
        twin.dealt = self.dealt[:]
        twin.hand = None if self.hand is None else self.hand.clone()
        twin.pending = self.pending
        twin.drawn = self.drawn[:]
        twin.seen = set(self.seen)
        twin.public = self.public[:]
        twin.private = [p[:] for p in self.private]
        twin.observer = copy.deepcopy(self.observer, memo)
        return twin


class PokerPyObserver:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        """An observer of information states (``perfect_recall``) or observations."""
        self.perfect_recall = perfect_recall
        self._blank = setup.observer()
        self.tensor = np.zeros(self._blank.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PokerState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees in ``state``."""
        if state.hand is None:
            self.tensor.fill(0.0)
            self.tensor[player] = 1.0  # the seat: nothing else is known before the deal
        else:
            self.tensor[:] = state.observer.observe(player, state.hand)

    def string_from(self, state: PokerState, player: int) -> str:
        """The information state string, or the observation string."""
        if self.perfect_recall:
            return state.information_string(player)
        return state.observation_text(player)


pyspiel.register_game(_GAME_TYPE, PokerGame)
