"""What one seat may know of a hand: the one source of what any client is shown.

>>> from standpat.engine import Hand, Stakes
>>> hand = Hand("five-card-draw", "no-limit", Stakes.from_bets(2), [50, 50], rng=1)
>>> view = hand.view(1)
>>> len(view.hand), view.card_counts, view.legal is None
(5, (5, 5), True)
>>> [e.hidden for e in hand.view(None).events if e.kind == "deal"]
[5, 5]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from standpat.cards import Card
from standpat.engine.actions import Event, LegalActions, Phase, redact
from standpat.engine.games import Game, Stakes, Structure
from standpat.ranking import RankingName

if TYPE_CHECKING:
    from standpat.engine.hand import Hand

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """A hand as one seat (or a spectator, ``seat=None``) may see it.

    ``hand`` is the seat's own cards (kept after a fold; empty for a
    spectator); ``draw_counts[i]`` is how many cards seat ``i`` drew in its
    latest draw, or ``None`` when that is not shown (see ``Hand.draw_counts``);
    ``legal`` is set only for the seat to act.  No deck order, stub card or other seat's hidden card
    is reachable from a view.
    """

    game: Game
    structure: Structure
    stakes: Stakes
    ranking: RankingName
    seat: int | None
    players: int
    button: int
    phase: Phase
    street: int
    to_act: int | None
    legal: LegalActions | None
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    hand: tuple[Card, ...]
    card_counts: tuple[int, ...]
    draw_counts: tuple[int | None, ...]
    draws_left: int
    stub: int
    shown: Mapping[int, tuple[Card, ...]]
    events: tuple[Event, ...]
    is_over: bool
    payouts: tuple[int, ...]


def seat_view(hand: Hand, seat: int | None) -> SeatView:
    """Build the view of ``hand`` for ``seat`` (``None``: a spectator)."""
    n = hand.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat of this {n}-player hand.")
    folded = tuple(hand.folded(s) for s in range(n))
    phase = hand.phase
    draws = hand.game.draws
    if phase is Phase.OVER:
        draws_left = 0
    elif phase is Phase.DRAW:
        draws_left = draws - hand.street + 1
    else:
        draws_left = draws - hand.street
    counts = hand.draw_counts if hand.draw_counts_public else (None,) * n
    size = hand.game.hand_size
    return SeatView(
        game=hand.game,
        structure=hand.structure,
        stakes=hand.stakes,
        ranking=hand.ranking,
        seat=seat,
        players=n,
        button=hand.button,
        phase=phase,
        street=hand.street,
        to_act=hand.to_act,
        legal=hand.legal_actions() if seat is not None and seat == hand.to_act else None,
        stacks=hand.stacks,
        bets=hand.bets,
        pot=hand.pot,
        pots=hand.pots,
        folded=folded,
        all_in=tuple(hand.all_in(s) for s in range(n)),
        hand=hand.cards_of(seat) if seat is not None else (),
        card_counts=tuple(0 if f else size for f in folded),
        draw_counts=counts,
        draws_left=draws_left,
        stub=hand.stub_size,
        shown=hand.shown,  # a fresh dict per view: copyable and picklable
        events=tuple(redact(e, seat) for e in hand.events),
        is_over=hand.is_over,
        payouts=hand.payouts,
    )
