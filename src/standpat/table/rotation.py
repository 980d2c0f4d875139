"""Mixed games at one table: the games a table rotates through, and which game each hand is.

RULES.md ("Mixed games"): the game changes only between hands, after a fixed number of
hands (8 by default); the stakes, the button's movement and the missed-blind markers carry
over as if one game were played, and a blind owed is owed in the next game.  The table
counts its hands; hand ``n`` (counted from 0) is dealt in ``games[(n // hands) %
len(games)]``.

>>> mix = Rotation(("deuce-to-seven-triple-draw", "five-card-draw"), hands=2)
>>> [mix.game_for(n)[:4] for n in range(5)]
['deuc', 'deuc', 'five', 'five', 'deuc']
>>> mix.left(3), mix.following(3)
(1, 'deuce-to-seven-triple-draw')
>>> mix.title
'Mixed: 2-7 Triple Draw / Five Card Draw'
>>> Rotation(("five-card-draw",))
Traceback (most recent call last):
...
standpat.errors.TableError: a rotation has 2 to 8 games, not 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from standpat.engine import get_game
from standpat.errors import TableError, UnknownGameError

__all__ = ["DEFAULT_HANDS", "MAX_GAMES", "MAX_HANDS", "Rotation"]

DEFAULT_HANDS = 8
"""Hands of each game before the next (RULES.md: the operator's choice, 8 by default)."""
MAX_GAMES = 8
"""The most games one rotation takes (an 8-game mix)."""
MAX_HANDS = 100
"""The most hands of one game before the next."""

_SHORT = {
    "deuce-to-seven-triple-draw": "2-7 Triple Draw",
    "deuce-to-seven-single-draw": "2-7 Single Draw",
    "five-card-draw-7a": "7-A Draw",
    "ace-to-five-triple-draw": "A-5 Triple Draw",
}
"""Names a mix's title shortens (the others go by their games' titles)."""


@dataclass(frozen=True, slots=True)
class Rotation:
    """The poker games a table deals in turn, ``hands`` hands each."""

    games: tuple[str, ...]
    """The games' names, in the order they are dealt."""
    hands: int = DEFAULT_HANDS
    """Hands of each game before the next."""

    def __post_init__(self) -> None:
        games = tuple(self.games)
        if not 2 <= len(games) <= MAX_GAMES:
            raise TableError(f"a rotation has 2 to {MAX_GAMES} games, not {len(games)}.")
        names = []
        for game in games:
            try:
                names.append(get_game(game).name.value)
            except UnknownGameError:
                raise UnknownGameError(
                    f"a rotation deals poker games only; {game!r} is not one.") from None
        if len(set(names)) != len(names):
            raise TableError(f"a rotation names each game once: {', '.join(games)}.")
        if not 1 <= self.hands <= MAX_HANDS:
            raise TableError(f"a rotation deals 1 to {MAX_HANDS} hands of each game, not "
                             f"{self.hands}.")
        object.__setattr__(self, "games", tuple(names))

    @property
    def max_players(self) -> int:
        """The most players every game of the rotation deals to (the table's most seats)."""
        return min(get_game(g).max_players for g in self.games)

    @property
    def title(self) -> str:
        """The mix as players read it: ``Mixed: 2-7 Triple Draw / Badugi``."""
        return "Mixed: " + " / ".join(_SHORT.get(g, get_game(g).title) for g in self.games)

    def game_for(self, dealt: int) -> str:
        """The game of the hand dealt after ``dealt`` hands."""
        return self.games[(dealt // self.hands) % len(self.games)]

    def left(self, dealt: int) -> int:
        """Hands of :meth:`game_for` ``(dealt)`` still to deal, that one included."""
        return self.hands - dealt % self.hands

    def following(self, dealt: int) -> str:
        """The game after the one of the hand dealt after ``dealt`` hands."""
        return self.game_for(dealt + self.left(dealt))

    def to_json(self) -> dict[str, Any]:
        """``{"games": [...], "hands": 8}``."""
        return {"games": list(self.games), "hands": self.hands}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any] | Sequence[str]) -> Rotation:
        """From :meth:`to_json` (or a list of games, 8 hands each); TableError when it is
        not a rotation."""
        if isinstance(doc, Mapping):
            games, hands = doc.get("games"), doc.get("hands", DEFAULT_HANDS)
        else:
            games, hands = doc, DEFAULT_HANDS
        if isinstance(games, str) or not isinstance(games, Sequence) or not all(
                isinstance(g, str) for g in games) or not isinstance(hands, int):
            raise TableError(f"not a rotation of games: {doc!r}.")
        return cls(tuple(games), hands)
