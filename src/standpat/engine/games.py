"""The draw games as data, their betting structures, stakes and forced bets.

>>> game = get_game("five-card-draw-7a")
>>> game.title, game.min_players, game.max_players
('Five Card Draw 7-A', 2, 5)
>>> deck, ranking = game.deck_for(5)
>>> len(deck), ranking.value
(36, 'short-6a')
>>> Stakes.parse("2/4 ante 1")
Stakes(small_bet=2, big_bet=4, small_blind=1, big_blind=2, ante=1)
>>> str(Stakes.from_bets(5))
'5/10'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from standpat.cards import SHORT_6A, SHORT_7A, STANDARD, Card
from standpat.errors import StakesError, UnknownGameError
from standpat.ranking import RankingName

__all__ = [
    "GAMES",
    "Game",
    "GameName",
    "Post",
    "PostKind",
    "Stakes",
    "Structure",
    "get_game",
]


class Structure(StrEnum):
    """A betting structure; the value is the wire and history spelling."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class GameName(StrEnum):
    """The names of the draw games standpat deals."""

    FIVE_CARD_DRAW_7A = "five-card-draw-7a"
    FIVE_CARD_DRAW = "five-card-draw"
    SEVEN_CARD_DRAW = "seven-card-draw"
    TRIPLE_DRAW = "deuce-to-seven-triple-draw"
    SINGLE_DRAW = "deuce-to-seven-single-draw"
    BADUGI = "badugi"
    ACE_TO_FIVE_TRIPLE_DRAW = "ace-to-five-triple-draw"


@dataclass(frozen=True, slots=True)
class Game:
    """One draw game: players, deck, cards dealt, draws, discards and ranking.

    ``ante_percent`` is the table's default ante as a percentage of the small
    bet when the game is dealt with antes (10 for Seven Card Draw, else 0).
    ``phh_tag`` names the game in a PHH variant code, after the structure's
    letter (``F2L3D``: fixed-limit triple draw; PHH's own tags, else standpat's).
    """

    name: GameName
    title: str
    min_players: int
    max_players: int
    hand_size: int
    draws: int
    max_discard: int
    ranking: RankingName
    ante_percent: int = 0
    phh_tag: str = ""

    def deck_for(self, players: int) -> tuple[tuple[Card, ...], RankingName]:
        """The deck and ranking of a hand with ``players`` dealt in.

        Only Five Card Draw 7-A depends on it: 36 cards (sixes in) and
        ``short-6a`` with five players, else 32 cards and ``short-7a``.

        >>> len(GAMES[GameName.FIVE_CARD_DRAW_7A].deck_for(4)[0])
        32
        """
        if self.ranking in (RankingName.SHORT_7A, RankingName.SHORT_6A):
            if players >= 5:
                return SHORT_6A, RankingName.SHORT_6A
            return SHORT_7A, RankingName.SHORT_7A
        return STANDARD, self.ranking

    @property
    def most_players(self) -> int:
        """The most players a hand of this game can be dealt to: each gets his cards from
        the one deck (the discards are reshuffled for the draws), at most nine.
        ``max_players`` is the house rules' table, a real room's may be larger, and a
        history of one still replays (:meth:`for_players`).

        >>> get_game("deuce-to-seven-single-draw").most_players
        9
        >>> get_game("seven-card-draw").most_players, get_game("five-card-draw-7a").most_players
        (7, 7)
        """
        return max(n for n in range(self.min_players, _MOST_SEATS + 1)
                   if n * self.hand_size <= len(self.deck_for(n)[0]))

    def for_players(self, players: int) -> Game:
        """These rules for a hand of ``players``: the game itself within the house rules'
        ``max_players``, else the same game with room for them (up to
        :attr:`most_players`: the engine deals it, the room's tables never do).

        >>> get_game("deuce-to-seven-single-draw").for_players(7).max_players
        7
        """
        if players <= self.max_players or players > self.most_players:
            return self
        return dataclasses.replace(self, max_players=players)

    def __str__(self) -> str:
        return self.title


_MOST_SEATS: Final = 9
"""The most players any hand is dealt to (the engine's seat tables go that far)."""

_GAME_LIST: Final = (
    Game(
        GameName.FIVE_CARD_DRAW_7A, "Five Card Draw 7-A", 2, 5, 5, 1, 5, RankingName.SHORT_7A,
        phh_tag="5CD7A",
    ),
    Game(
        GameName.FIVE_CARD_DRAW, "Five Card Draw", 2, 6, 5, 1, 5, RankingName.HIGH,
        phh_tag="5CD",
    ),
    Game(
        GameName.SEVEN_CARD_DRAW, "Seven Card Draw", 2, 6, 7, 1, 4, RankingName.HIGH, 10,
        phh_tag="7CD",
    ),
    Game(
        GameName.TRIPLE_DRAW, "Deuce-to-Seven Triple Draw", 2, 6, 5, 3, 5,
        RankingName.DEUCE_TO_SEVEN, phh_tag="2L3D",
    ),
    Game(
        GameName.SINGLE_DRAW, "Deuce-to-Seven Single Draw", 2, 6, 5, 1, 5,
        RankingName.DEUCE_TO_SEVEN, phh_tag="2L1D",
    ),
    Game(GameName.BADUGI, "Badugi", 2, 6, 4, 3, 4, RankingName.BADUGI, phh_tag="B"),
    Game(
        GameName.ACE_TO_FIVE_TRIPLE_DRAW, "Ace-to-Five Triple Draw", 2, 6, 5, 3, 5,
        RankingName.ACE_TO_FIVE, phh_tag="A5L3D",
    ),
)

GAMES: Final[Mapping[GameName, Game]] = MappingProxyType({g.name: g for g in _GAME_LIST})
"""Every game, by name."""


def get_game(name: str | GameName | Game) -> Game:
    """The game with that name (or the game itself).

    >>> get_game("deuce-to-seven-triple-draw").draws
    3
    >>> get_game("holdem")
    Traceback (most recent call last):
    ...
    standpat.errors.UnknownGameError: unknown game 'holdem'; known games: five-card-draw-7a, \
five-card-draw, seven-card-draw, deuce-to-seven-triple-draw, deuce-to-seven-single-draw, \
badugi, ace-to-five-triple-draw.
    """
    if isinstance(name, Game):
        return name
    try:
        return GAMES[GameName(name)]
    except ValueError:
        known = ", ".join(g.value for g in GameName)
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}.") from None


_STAKES: Final = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*(?:ante\s+(\d+)\s*)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Stakes:
    """Small bet / big bet, the blinds and the ante, in chips.

    >>> Stakes.from_bets(2)
    Stakes(small_bet=2, big_bet=4, small_blind=1, big_blind=2, ante=0)
    >>> Stakes.from_bets(5, 10, chip=5).small_blind
    5
    """

    small_bet: int
    big_bet: int
    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        if self.small_bet <= 0 or self.big_bet < self.small_bet:
            raise StakesError(
                f"stakes {self.small_bet}/{self.big_bet} make no sense: the small bet must be "
                "positive and the big bet at least the small bet."
            )
        if self.small_blind < 0 or self.big_blind < 0 or self.ante < 0:
            raise StakesError(
                f"blinds {self.small_blind}/{self.big_blind} and ante {self.ante} must not be "
                "negative."
            )
        if self.small_blind > self.big_blind:
            raise StakesError(
                f"the small blind {self.small_blind} is bigger than the big blind "
                f"{self.big_blind}."
            )

    @classmethod
    def from_bets(
        cls, small_bet: int, big_bet: int | None = None, *, ante: int = 0, chip: int = 1
    ) -> Stakes:
        """Stakes by the house rule: big blind = small bet, small blind = half of it.

        The small blind is rounded down to the table's smallest ``chip``, and
        is at least one chip.
        """
        if chip <= 0:
            raise StakesError(f"the smallest chip must be positive, not {chip}.")
        big = 2 * small_bet if big_bet is None else big_bet
        small_blind = max(chip, small_bet // 2 // chip * chip)
        return cls(small_bet, big, min(small_blind, small_bet), small_bet, ante)

    @classmethod
    def parse(cls, text: str) -> Stakes:
        """Stakes from text: ``"2/4"`` (small bet / big bet) or ``"2/4 ante 1"``.

        >>> Stakes.parse("4/2")
        Traceback (most recent call last):
        ...
        standpat.errors.StakesError: stakes 4/2 make no sense: the small bet must be positive \
and the big bet at least the small bet.
        """
        match = _STAKES.fullmatch(text)
        if match is None:
            raise StakesError(
                f"{text!r} are not stakes: write the small and big bet like '2/4', "
                "optionally with an ante like '2/4 ante 1'."
            )
        small, big, ante = match.groups()
        return cls.from_bets(int(small), int(big), ante=int(ante or 0))

    def __str__(self) -> str:
        text = f"{self.small_bet}/{self.big_bet}"
        return f"{text} ante {self.ante}" if self.ante else text


class PostKind(StrEnum):
    """A forced bet; ``BIG_BLIND`` is also the live post of a player coming in."""

    SMALL_BLIND = "small-blind"
    BIG_BLIND = "big-blind"
    ANTE = "ante"
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class Post:
    """One forced bet before the deal: ``seat`` posts ``amount`` as ``kind``.

    Small and big blinds are live (they count toward the seat's first-round
    bet); antes and dead posts go straight to the pot.
    """

    seat: int
    kind: PostKind
    amount: int

    @property
    def live(self) -> bool:
        """Whether the post counts toward the seat's bet in the first betting round."""
        return self.kind is PostKind.SMALL_BLIND or self.kind is PostKind.BIG_BLIND
