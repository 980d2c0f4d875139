"""Bruce's 5 Card and 7 Card Pinochle: cards, meld, tricks, scoring, hand and game states, bots.

Layering: this package imports only :mod:`standpat.cards` and
:mod:`standpat.errors` (and itself).  Modules, lowest first: ``cards``,
``rules``, ``meld``, ``tricks``, ``scoring``, ``actions``, ``hand``, ``game``,
``bots``.

>>> from standpat.pinochle import meld, parse_cards, Suit
>>> meld(parse_cards("Qs Js Ks Jd Qs 9h"), Suit.SPADES).total
8
"""

from __future__ import annotations

from standpat.cards import parse_cards
from standpat.pinochle.actions import (
    Action,
    Bid,
    BidMade,
    CardPlayed,
    Discard,
    Drew,
    Event,
    LegalActions,
    NameTrump,
    Pass,
    Passed,
    Phase,
    Play,
    RenegeCharged,
    TrumpNamed,
    describe,
)
from standpat.pinochle.bots import Bot, RandomBot, SimpleBot
from standpat.pinochle.cards import DECK, DeckCard, Suit, deck_cards, sort_hand
from standpat.pinochle.game import GameState
from standpat.pinochle.hand import HandState, SeatView, Trick
from standpat.pinochle.meld import Meld, MeldKind, MeldResult, meld
from standpat.pinochle.rules import GAMES, PINOCHLE_5, PINOCHLE_7, PinochleGame, get_game
from standpat.pinochle.scoring import (
    HandResult,
    SeatScore,
    Verdict,
    decide,
    score_hand,
    score_renege,
)
from standpat.pinochle.tricks import legal_plays, trick_winner

__all__ = [
    "DECK",
    "GAMES",
    "PINOCHLE_5",
    "PINOCHLE_7",
    "Action",
    "Bid",
    "BidMade",
    "Bot",
    "CardPlayed",
    "DeckCard",
    "Discard",
    "Drew",
    "Event",
    "GameState",
    "HandResult",
    "HandState",
    "LegalActions",
    "Meld",
    "MeldKind",
    "MeldResult",
    "NameTrump",
    "Pass",
    "Passed",
    "Phase",
    "PinochleGame",
    "Play",
    "RandomBot",
    "RenegeCharged",
    "SeatScore",
    "SeatView",
    "SimpleBot",
    "Suit",
    "Trick",
    "TrumpNamed",
    "Verdict",
    "decide",
    "deck_cards",
    "describe",
    "get_game",
    "legal_plays",
    "meld",
    "parse_cards",
    "score_hand",
    "score_renege",
    "sort_hand",
    "trick_winner",
]
