"""What one seat may know of a hand (``Hand.view`` builds it: the one source of what any
client is shown).

>>> from standpat.engine import Dealt, Hand, Stakes
>>> hand = Hand("five-card-draw", "no-limit", Stakes.from_bets(2), [50, 50], rng=1)
>>> view = hand.view(1)
>>> len(view.hand), view.card_counts, view.legal is None
(5, (5, 5), True)
>>> [e.hidden for e in hand.view(None).events if isinstance(e, Dealt)]
[5, 5]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from standpat.cards import Card
from standpat.engine.actions import LegalActions, Phase
from standpat.engine.events import Event
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


_VIEW_SET: dict[str, Callable[[SeatView, object], None]] = {
    f.name: SeatView.__dict__[f.name].__set__ for f in fields(SeatView)
}
"""Each field's slot setter: ``Hand.view`` fills a view field by field, by name."""


def seat_view(hand: Hand, seat: int | None) -> SeatView:
    """The view of ``hand`` for ``seat`` (``None``: a spectator): ``hand.view(seat)``."""
    return hand.view(seat)
