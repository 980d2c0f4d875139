"""What a bot reads from a :class:`~standpat.engine.SeatView`, and legal action helpers.

:func:`read` turns the public record of the hand (the view's redacted events)
into facts a bot decides on: its own draws and discards, each live
opponent's draw counts and raises, the pot odds and its position.  Nothing here
looks past the view.  :func:`sized` and :func:`first_legal` build actions that
the view's ``legal`` accepts, so a bot can never send an illegal one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from standpat.bots.equity import Opponent
from standpat.bots.strength import DrawModel
from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Called,
    Checked,
    Discarded,
    DrawOpened,
    Folded,
    LegalActions,
    Raised,
    SeatView,
    StreetOpened,
)

__all__ = ["Reading", "bet_or_raise", "first_legal", "model_of", "read", "sized"]


def model_of(view: SeatView) -> DrawModel:
    """The card model of the view's game and ranking."""
    game = view.game
    return DrawModel.of(view.ranking, game.hand_size, game.draws, game.max_discard)


@dataclass(frozen=True, slots=True)
class Reading:
    """The facts of one decision, all from the seat's view."""

    model: DrawModel
    seat: int
    hand: tuple[int, ...]
    dead: tuple[int, ...]
    """Cards this seat threw earlier in the hand (out of the stub for it)."""
    draws_left: int
    """Draws still to come for this seat, the current one included."""
    opponents: tuple[int, ...]
    """Live opponents' seats."""
    ranges: tuple[Opponent, ...]
    """What is known of each live opponent, in the order of ``opponents``."""
    pot: int
    to_call: int
    raises: int
    """Bets and raises so far in the current betting round."""
    last_to_act: bool
    """Whether this seat acts last after the draw among the live seats."""

    @property
    def odds(self) -> float:
        """The share of the final pot a call costs (0 when checking is free)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0


_BETTING = Folded | Checked | Called | BetMade | Raised


def read(view: SeatView) -> Reading:
    """Read a view for the seat to act."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to decide for.")
    n = view.players
    draws_done = [0] * n
    drawn: list[int | None] = [None] * n
    raises_before = [0] * n
    raises_now = [0] * n
    round_raises = 0
    dead: list[int] = []
    any_draw = drawing = False
    for event in view.events:
        if isinstance(event, Discarded):
            if not drawing:  # a new draw round: raises since the last one are history
                raises_now = [0] * n
            any_draw = drawing = True
            s = event.seat
            draws_done[s] += 1
            drawn[s] = event.count
            if s == seat:
                dead.extend(int(c) for c in event.cards)
        elif isinstance(event, StreetOpened | DrawOpened):
            round_raises = 0
        elif isinstance(event, _BETTING):
            drawing = False
            if isinstance(event, BetMade | Raised):
                round_raises += 1
                if any_draw:
                    raises_now[event.seat] += 1
                else:
                    raises_before[event.seat] += 1
    opponents = tuple(s for s in range(n) if s != seat and not view.folded[s])
    ranges = tuple(
        Opponent(draws_done[s], drawn[s], raises_before[s], raises_now[s] if drawn[s] is not None
                 else 0)
        for s in opponents
    )
    order = [(view.button + 1 + i) % n for i in range(n)]
    live = [s for s in order if not view.folded[s]]
    legal = view.legal
    return Reading(
        model=model_of(view),
        seat=seat,
        hand=tuple(int(c) for c in view.hand),
        dead=tuple(dead),
        draws_left=view.game.draws - draws_done[seat],
        opponents=opponents,
        ranges=ranges,
        pot=view.pot,
        to_call=legal.to_call if legal is not None else 0,
        raises=round_raises,
        last_to_act=bool(live) and live[-1] == seat,
    )


def sized(view: SeatView, legal: LegalActions, fraction: float) -> int:
    """A bet or raise "to" amount of about ``fraction`` of the pot, within the legal bounds.

    A bet adds ``fraction`` of the pot; a raise calls, then adds ``fraction``
    of the pot after the call.  Under fixed limit the bounds pin the amount.
    An amount within a tenth of the stack becomes all-in.
    """
    seat = legal.seat
    top = max(view.bets)  # a call brings this seat's bet to the top one
    amount = top + round(fraction * (view.pot + legal.to_call))
    amount = max(legal.min_to, min(legal.max_to, amount))
    if legal.max_to - amount <= (legal.max_to - view.bets[seat]) // 10:
        amount = legal.max_to
    return amount


def first_legal(legal: LegalActions, choices: Sequence[Action]) -> Action:
    """The first of ``choices`` that is legal; else check, call or fold, whichever is."""
    for action in choices:
        if action in legal:
            return action
    for fallback in (Action.check(), Action.call(), Action.fold(), Action.stand_pat()):
        if fallback in legal:
            return fallback
    return legal.sample()[0]


def bet_or_raise(to: int) -> list[Action]:
    """A bet and a raise to ``to``: whichever kind is legal now goes through :func:`first_legal`."""
    return [Action(ActionKind.BET, to), Action(ActionKind.RAISE, to)]
