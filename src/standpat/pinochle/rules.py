"""Game definitions: ``pinochle-5`` and ``pinochle-7``.

>>> PINOCHLE_5
PinochleGame(name='pinochle-5', hand_size=5, min_players=2, max_players=6, target=50)
>>> get_game("pinochle-7").draw_cap(5), get_game("pinochle-7").draw_cap(3)
(2, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from standpat.errors import IllegalActionError, UnknownGameError

__all__ = ["GAMES", "PINOCHLE_5", "PINOCHLE_7", "PinochleGame", "get_game"]

DECK_SIZE: Final = 48


@dataclass(frozen=True, slots=True)
class PinochleGame:
    """One variant of Bruce's Pinochle: hand size, seat range and game target."""

    name: str
    hand_size: int
    min_players: int
    max_players: int
    target: int = 50

    def check_players(self, players: int) -> None:
        """Raise :class:`IllegalActionError` unless ``players`` may play this game."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalActionError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, "
                f"not {players}."
            )

    def stock_size(self, players: int) -> int:
        """Cards left in the stock after the deal."""
        return DECK_SIZE - players * self.hand_size

    def draw_cap(self, players: int) -> int | None:
        """Most cards one player may draw, or None when only the stock limits it.

        The cap is the stock divided by the players, rounded down, when
        players x hand size exceeds 24.
        """
        if players * self.hand_size > 24:
            return self.stock_size(players) // players
        return None


PINOCHLE_5: Final = PinochleGame("pinochle-5", 5, 2, 6)
"""Bruce's 5 Card Pinochle: 2-6 players, 5 cards each."""
PINOCHLE_7: Final = PinochleGame("pinochle-7", 7, 2, 5)
"""Bruce's 7 Card Pinochle: 2-5 players, 7 cards each."""
GAMES: Final = {g.name: g for g in (PINOCHLE_5, PINOCHLE_7)}
"""The pinochle games by name."""


def get_game(name: str) -> PinochleGame:
    """A pinochle game by name (``pinochle-5`` or ``pinochle-7``)."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f"{name!r} is not a pinochle game: expected one of {', '.join(GAMES)}."
        ) from None
