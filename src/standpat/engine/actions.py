"""What a seat may do, what it did, and where a hand stands (its events: ``events``).

>>> Action.raise_to(8)
Action.raise_to(8)
>>> str(Action.discard("7c 9h")), str(Action.stand_pat())
('discard 7c 9h', 'stand pat')
>>> legal = LegalActions(0, frozenset({ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}),
...                      to_call=2, min_to=4, max_to=9)
>>> Action.raise_to(6) in legal, Action.raise_to(10) in legal, Action.check() in legal
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import cast

from standpat.cards import Card, as_cards, format_cards
from standpat.errors import IllegalActionError

__all__ = [
    "Action",
    "ActionKind",
    "LegalActions",
    "Phase",
]


class ActionKind(StrEnum):
    """The kinds of player action; the value is the wire and history spelling."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """One player action.

    For ``BET`` and ``RAISE``, ``amount`` is the player's total bet for the
    round after the action ("raise to").  For ``DISCARD``, ``cards`` are the
    discards; none means standing pat.

    >>> Action.bet(4), Action.fold()
    (Action.bet(4), Action.fold())
    >>> Action.discard("Kd 9c")
    Action.discard('Kd 9c')
    """

    kind: ActionKind
    amount: int = 0
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        """Take a kind by its spelling (``Action("fold")``); refuse an amount that is not an int."""
        if self.kind.__class__ is not ActionKind:
            try:
                object.__setattr__(self, "kind", ActionKind(self.kind))
            except ValueError:
                known = ", ".join(k.value for k in ActionKind)
                raise IllegalActionError(
                    f"{self.kind!r} is not an action kind; the kinds are {known}."
                ) from None
        if self.amount.__class__ is not int:
            amount: object = self.amount
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise IllegalActionError(
                    f"an action's amount is a whole number of chips, not {amount!r}."
                )
            object.__setattr__(self, "amount", int(amount))
        if self.cards.__class__ is not tuple:
            object.__setattr__(self, "cards", tuple(as_cards(self.cards)))

    @classmethod
    def fold(cls) -> Action:
        """Give up the hand."""
        return _FOLD

    @classmethod
    def check(cls) -> Action:
        """Pass without betting when there is nothing to call."""
        return _CHECK

    @classmethod
    def call(cls) -> Action:
        """Match the current bet (or go all-in for less)."""
        return _CALL

    @classmethod
    def bet(cls, to: int) -> Action:
        """Open the betting of the round with a bet of ``to`` chips."""
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise, making the seat's total bet for the round ``to`` chips."""
        return cls(ActionKind.RAISE, to)

    @classmethod
    def discard(cls, cards: str | Iterable[int] = ()) -> Action:
        """Discard these cards (text or ints) and draw as many; none is standing pat."""
        if not isinstance(cards, str):
            held = tuple(cards)
            for card in held:
                if card.__class__ is not Card:
                    break
            else:
                if cls is Action:
                    return _discard_of(cast("tuple[Card, ...]", held))
                return cls(ActionKind.DISCARD, 0, cast("tuple[Card, ...]", held))
            cards = held
        return cls(ActionKind.DISCARD, 0, tuple(as_cards(cards)))

    @classmethod
    def stand_pat(cls) -> Action:
        """Draw no cards."""
        return _STAND_PAT

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text: the inverse of ``str(action)``.

        Also takes ``raise 8`` for ``raise to 8``, ``pat`` for ``stand pat``
        and ``draw 7c 9h`` for ``discard 7c 9h``.

        >>> [Action.parse(t) for t in ("fold", "raise to 8", "bet 4", "pat", "discard 7c 9h")]
        [Action.fold(), Action.raise_to(8), Action.bet(4), Action.stand_pat(), \
Action.discard('7c 9h')]
        """
        words = text.strip().lower().split()
        head = words[0] if words else ""
        rest = words[1:]
        if head in ("fold", "check", "call") and not rest:
            return cls(ActionKind(head))
        if head in ("bet", "raise"):
            if rest and rest[0] == "to":
                rest = rest[1:]
            if len(rest) == 1 and rest[0].isdigit():
                return cls(ActionKind(head), int(rest[0]))
        if head in ("pat", "stand") and (rest == [] or rest == ["pat"]):
            return _STAND_PAT
        if head in ("discard", "draw"):
            return cls.discard(" ".join(rest))
        raise IllegalActionError(
            f"{text!r} is not an action: write fold, check, call, bet N, raise to N, "
            "discard CARDS or stand pat."
        )

    def __str__(self) -> str:
        kind = self.kind
        if kind is ActionKind.BET:
            return f"bet {self.amount}"
        if kind is ActionKind.RAISE:
            return f"raise to {self.amount}"
        if kind is ActionKind.DISCARD:
            return f"discard {format_cards(self.cards)}" if self.cards else "stand pat"
        return kind.value

    def __repr__(self) -> str:
        kind, amount, cards = self.kind, self.amount, self.cards
        if kind is ActionKind.BET and not cards:
            return f"Action.bet({amount})"
        if kind is ActionKind.RAISE and not cards:
            return f"Action.raise_to({amount})"
        if kind is ActionKind.DISCARD and not amount:
            return f"Action.discard({format_cards(cards)!r})" if cards else "Action.stand_pat()"
        if not amount and not cards:
            return f"Action.{kind.value}()"
        return f"Action(ActionKind.{kind.name}, {amount}, {cards!r})"  # an action no seat may take


_FOLD = Action(ActionKind.FOLD)
_CHECK = Action(ActionKind.CHECK)
_CALL = Action(ActionKind.CALL)
_STAND_PAT = Action(ActionKind.DISCARD)


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the seat to act may do now.

    ``to_call`` is what a call adds (0 when the seat may check); ``min_to`` and
    ``max_to`` bound a bet or raise "to" amount (all-in capped; 0 when neither
    is legal); ``max_discard`` is how many cards the seat may discard during a
    draw, and ``cards`` the hand it discards from.
    """

    seat: int
    kinds: frozenset[ActionKind]
    to_call: int = 0
    min_to: int = 0
    max_to: int = 0
    max_discard: int = 0
    cards: tuple[Card, ...] = ()

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is legal: the one definition that ``Hand.can``, ``verify`` and
        ``apply`` follow."""
        if not isinstance(action, Action) or action.kind not in self.kinds:
            return False
        kind = action.kind
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            return not action.cards and self.min_to <= action.amount <= self.max_to
        if kind is ActionKind.DISCARD:
            # the draw rule is written once, in hand.py, which the compiled engine runs as C
            from standpat.engine.hand import discard_fits

            return discard_fits(action, self.max_discard, self.cards)
        return not action.amount and not action.cards

    def sample(self) -> tuple[Action, ...]:
        """One action of each legal kind (bets and raises at ``min_to`` and ``max_to``).

        >>> LegalActions(1, frozenset({ActionKind.CHECK, ActionKind.BET}), 0, 2, 10).sample()
        (Action.check(), Action.bet(2), Action.bet(10))
        """
        found: list[Action] = []
        for kind in ActionKind:
            if kind not in self.kinds:
                continue
            if kind is ActionKind.BET or kind is ActionKind.RAISE:
                found.append(Action(kind, self.min_to))
                if self.max_to != self.min_to:
                    found.append(Action(kind, self.max_to))
            elif kind is ActionKind.DISCARD:
                found.append(_STAND_PAT)
            else:
                found.append(Action(kind))
        return tuple(found)


_new_object = object.__new__
_SET = {name: Action.__dict__[name].__set__ for name in ("kind", "amount", "cards")}
_set_kind, _set_amount, _set_cards = _SET["kind"], _SET["amount"], _SET["cards"]
_LSET = [
    LegalActions.__dict__[name].__set__
    for name in ("seat", "kinds", "to_call", "min_to", "max_to", "max_discard", "cards")
]
_DRAW_ONLY = frozenset({ActionKind.DISCARD})


def _discard_of(cards: tuple[Card, ...]) -> Action:
    """``Action(ActionKind.DISCARD, 0, cards)`` for checked cards, set slot by slot (faster).

    >>> _discard_of((Card("2c"),)) == Action(ActionKind.DISCARD, 0, (Card("2c"),))
    True
    """
    action = _new_object(Action)
    _set_kind(action, ActionKind.DISCARD)
    _set_amount(action, 0)
    _set_cards(action, cards)
    return action


def _draw_legal(seat: int, max_discard: int, cards: tuple[Card, ...]) -> LegalActions:
    """The LegalActions of a draw, set slot by slot (faster than the dataclass ``__init__``).

    >>> _draw_legal(1, 3, ()) == LegalActions(1, frozenset({ActionKind.DISCARD}), 0, 0, 0, 3)
    True
    """
    legal = _new_object(LegalActions)
    s_seat, s_kinds, s_call, s_min, s_max, s_discard, s_cards = _LSET
    s_seat(legal, seat)
    s_kinds(legal, _DRAW_ONLY)
    s_call(legal, 0)
    s_min(legal, 0)
    s_max(legal, 0)
    s_discard(legal, max_discard)
    s_cards(legal, cards)
    return legal


class Phase(StrEnum):
    """Where a hand stands."""

    BETTING = "betting"
    DRAW = "draw"
    OVER = "over"
