"""The discrete action tables of the environments: one int per poker or pinochle decision.

Poker (:class:`PokerActions`): ``0`` fold, ``1`` check or call, then the bet or raise
sizes (fixed limit: the one legal size; pot and no limit: the minimum, half the pot,
three quarters, the pot, twice the pot and the maximum, where a pot fraction is of
the pot after calling), then one action per discard subset of the seat's cards in
sorted order (the empty subset, standing pat, first).  Pinochle
(:class:`PinochleActions`): pass, bids ``1..MAX_BID``, the four trumps, one action
per discard subset, then one per card position to play.

>>> from standpat.engine import Hand, Stakes
>>> table = PokerActions("five-card-draw", "fixed-limit")
>>> table.size, table.labels[:4], table.labels[-1]
(35, ('fold', 'check/call', 'bet/raise', 'stand pat'), 'discard 0 1 2 3 4')
>>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [40, 40], rng=1)
>>> [table.labels[i] for i in map(int, table.mask(hand).nonzero()[0])]
['fold', 'check/call', 'bet/raise']
>>> table.decode(hand, 2)
Action.raise_to(4)
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from standpat.engine import Action, ActionKind, Hand, LegalActions, Structure, get_game
from standpat.errors import IllegalActionError

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["MAX_BID", "POT_SIZES", "PinochleActions", "PokerActions", "discard_subsets"]

POT_SIZES: Final = (0.5, 0.75, 1.0, 2.0)
"""Pot fractions offered between the minimum and the maximum bet in pot and no limit."""
MAX_BID: Final = 60
"""The highest pinochle bid the environment offers (the rules have no maximum)."""

_FOLD = Action.fold()
_CHECK = Action.check()
_CALL = Action.call()
_BET, _RAISE, _DISCARD = ActionKind.BET, ActionKind.RAISE, ActionKind.DISCARD
_CHECK_KIND = ActionKind.CHECK


def discard_subsets(cards: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Every subset of ``cards`` positions of at most ``most`` cards: by size, then in order.

    >>> discard_subsets(3, 2)
    ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2))
    """
    return tuple(s for k in range(most + 1) for s in combinations(range(cards), k))


class PokerActions:
    """The discrete actions of one poker game under one betting structure.

    ``decode`` turns an index into the engine's :class:`~standpat.engine.Action` for
    the hand's seat to act; ``mask`` says which indexes are legal now (int8).
    """

    def __init__(self, game: str, structure: str) -> None:
        """The table for ``game`` (a poker game name) under ``structure``."""
        spec = get_game(game)
        self.structure = Structure(structure)
        self.hand_size = spec.hand_size
        self.max_discard = spec.max_discard
        self.fixed = self.structure is Structure.FIXED_LIMIT
        self.sizes: tuple[float, ...] = () if self.fixed else POT_SIZES
        """Pot fractions between the minimum (first) and maximum (last) bet actions."""
        bets = 1 if self.fixed else len(POT_SIZES) + 2
        self.first_discard = 2 + bets
        """Index of standing pat; the discard subsets follow it."""
        self.subsets = discard_subsets(self.hand_size, self.max_discard)
        """The discard subsets, as positions in the seat's sorted cards."""
        self.size = self.first_discard + len(self.subsets)
        """How many actions there are."""
        bet_labels = ["bet/raise"] if self.fixed else [
            "bet/raise min", *(f"bet/raise {f:g} pot" for f in POT_SIZES), "bet/raise max"
        ]
        self.labels: tuple[str, ...] = (
            "fold", "check/call", *bet_labels,
            *("discard " + " ".join(map(str, s)) if s else "stand pat" for s in self.subsets),
        )
        """A short name for each action."""
        draw = np.zeros(self.size, dtype=np.int8)
        draw[self.first_discard:] = 1
        self._draw_mask = draw
        self._masks: dict[object, npt.NDArray[np.int8]] = {}

    def targets(self, hand: Hand, legal: LegalActions) -> list[int]:
        """The "to" amount of each bet action in order (0 where that size is not offered).

        Every offered amount is larger than the one before it, so no two actions
        mean the same bet: a pot fraction that rounds to an amount already offered,
        and the maximum when it equals the minimum, are not offered.
        """
        low, high = legal.min_to, legal.max_to
        if self.fixed:
            return [low]
        seat = legal.seat
        current = hand.bets[seat] + legal.to_call
        after_call = hand.pot + legal.to_call
        out = [low]
        last = low
        for fraction in self.sizes:
            to = current + round(fraction * after_call)
            if last < to < high:
                out.append(to)
                last = to
            else:
                out.append(0)
        out.append(high if high > low else 0)
        return out

    def mask(self, hand: Hand, legal: LegalActions | None = None) -> npt.NDArray[np.int8]:
        """The legal actions of the hand's seat to act, as a 0/1 int8 array (a fresh copy).

        ``legal``: the hand's ``legal_actions()`` when the caller has it already.
        """
        if legal is None:
            legal = hand.legal_actions()
        kinds = legal.kinds
        if _DISCARD in kinds:
            return self._draw_mask.copy()
        raising = _BET in kinds or _RAISE in kinds
        if not raising or self.fixed:
            key: object = kinds  # the kinds say it all (a frozenset keeps its hash)
        else:
            key = (kinds, tuple(t > 0 for t in self.targets(hand, legal)))
        found = self._masks.get(key)
        if found is None:
            found = np.zeros(self.size, dtype=np.int8)
            found[0] = ActionKind.FOLD in kinds  # only facing a bet
            found[1] = 1  # check or call: one of them is always legal
            if raising:
                if self.fixed:
                    found[2] = 1
                else:
                    assert isinstance(key, tuple)
                    for i, offered in enumerate(key[1]):
                        found[2 + i] = offered
            self._masks[key] = found
        return found.copy()

    def decode(self, hand: Hand, index: int, legal: LegalActions | None = None) -> Action:
        """The engine action of action ``index`` for the hand's seat to act.

        Raises :class:`~standpat.errors.IllegalActionError` for an index that is not legal now.
        """
        if legal is None:
            legal = hand.legal_actions()
        kinds = legal.kinds
        if _DISCARD in kinds:
            if not self.first_discard <= index < self.size:
                raise IllegalActionError(
                    f"action {index} ({self._label(index)}) is not legal: seat {legal.seat} "
                    "must discard or stand pat."
                )
            cards = sorted(hand.cards_of(legal.seat))
            return Action.discard([cards[i] for i in self.subsets[index - self.first_discard]])
        if index == 1:
            return _CHECK if _CHECK_KIND in kinds else _CALL
        if index == 0 and _CHECK_KIND not in kinds:
            return _FOLD
        if 2 <= index < self.first_discard and (_BET in kinds or _RAISE in kinds):
            to = self.targets(hand, legal)[index - 2]
            if to:
                return Action(_BET if _BET in kinds else _RAISE, to)
        raise IllegalActionError(
            f"action {index} ({self._label(index)}) is not legal now for seat {legal.seat}."
        )

    def encode(self, hand: Hand, action: Action) -> int:
        """The index of ``action`` for the hand's seat to act (a bet: the nearest size)."""
        kind = action.kind
        if kind is ActionKind.FOLD:
            return 0
        if kind is ActionKind.CHECK or kind is ActionKind.CALL:
            return 1
        if kind is _DISCARD:
            cards = sorted(hand.cards_of(hand.legal_actions().seat))
            positions = tuple(sorted(cards.index(c) for c in action.cards))
            return self.first_discard + self.subsets.index(positions)
        targets = self.targets(hand, hand.legal_actions())
        offered = [(abs(t - action.amount), i) for i, t in enumerate(targets) if t]
        return 2 + min(offered)[1]

    def _label(self, index: int) -> str:
        return self.labels[index] if 0 <= index < self.size else "no such action"


class PinochleActions:
    """The discrete actions of one pinochle game: bids, trumps, discards, plays."""

    def __init__(self, hand_size: int) -> None:
        """The table for hands of ``hand_size`` cards."""
        self.hand_size = hand_size
        self.first_trump = 1 + MAX_BID
        self.first_discard = self.first_trump + 4
        self.subsets = discard_subsets(hand_size, hand_size)
        self.first_play = self.first_discard + len(self.subsets)
        self.size = self.first_play + hand_size
        """How many actions there are."""
        self.labels: tuple[str, ...] = (
            "pass", *(f"bid {b}" for b in range(1, MAX_BID + 1)),
            "trump clubs", "trump diamonds", "trump hearts", "trump spades",
            *("discard " + " ".join(map(str, s)) if s else "keep" for s in self.subsets),
            *(f"play {i}" for i in range(hand_size)),
        )
        """A short name for each action."""

    def as_array(self, legal: list[int]) -> Any:
        """A 0/1 int8 mask with ones at ``legal``."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[legal] = 1
        return mask
