"""The hand engine of the draw games: one hand under fixed limit, pot limit or no limit.

Pure and synchronous: no I/O, all randomness from the injected rng.

>>> from standpat.engine import Action, Hand, Stakes
>>> hand = Hand("five-card-draw", "pot-limit", Stakes.from_bets(2), [200, 200, 200], rng=3)
>>> hand.legal_actions().max_to   # pot-limit raise-to, blinds 1/2, three-handed
7
>>> _ = hand.apply(Action.raise_to(7))
"""

from __future__ import annotations

from standpat.engine.actions import Action, ActionKind, LegalActions, Phase
from standpat.engine.codec import event_from_json, event_to_json, events_from_json
from standpat.engine.events import (
    BetMade,
    Burned,
    Called,
    Checked,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    EventKind,
    Folded,
    Mucked,
    Posted,
    Raised,
    Reshuffled,
    Returned,
    Shown,
    StreetOpened,
    Won,
    reseat,
    shown_cards,
)
from standpat.engine.games import (
    GAMES,
    Game,
    GameName,
    Post,
    PostKind,
    Stakes,
    Structure,
    get_game,
)
from standpat.engine.hand import Hand, redact
from standpat.engine.view import SeatView

__all__ = [
    "GAMES",
    "Action",
    "ActionKind",
    "BetMade",
    "Burned",
    "Called",
    "Checked",
    "Dealt",
    "Discarded",
    "DrawOpened",
    "Event",
    "EventKind",
    "Folded",
    "Game",
    "GameName",
    "Hand",
    "LegalActions",
    "Mucked",
    "Phase",
    "Post",
    "PostKind",
    "Posted",
    "Raised",
    "Reshuffled",
    "Returned",
    "SeatView",
    "Shown",
    "Stakes",
    "StreetOpened",
    "Structure",
    "Won",
    "event_from_json",
    "event_to_json",
    "events_from_json",
    "get_game",
    "redact",
    "reseat",
    "shown_cards",
]
