"""Every game a card-room table may deal, and the hosted table for each.

The room lists :func:`offers` in its lobby and opens tables with
:func:`hosted_table`; it never needs to know more of a game than this.

>>> [o.name for o in offers()][:2]
['five-card-draw-7a', 'five-card-draw']
>>> table = hosted_table("deuce-to-seven-triple-draw", "fixed-limit", "2/4", seats=3)
>>> table.title, table.options.stakes
('Deuce-to-Seven Triple Draw', '2/4')
"""

from __future__ import annotations

from dataclasses import dataclass

from standpat.engine import GAMES, Stakes, Structure, get_game
from standpat.errors import UnknownGameError
from standpat.table.hosted import HostedTable
from standpat.table.poker import HostedPoker

__all__ = ["GameOffer", "hosted_table", "offers"]


@dataclass(frozen=True, slots=True)
class GameOffer:
    """A game tables may deal, as the lobby offers it."""

    name: str
    title: str
    min_players: int
    max_players: int
    kind: str
    """``poker`` or ``pinochle``."""
    structures: tuple[str, ...]
    """Betting structures (none for pinochle)."""
    stakes: str
    """What the stakes of a table of this game say, with an example."""


def offers() -> list[GameOffer]:
    """Every game, poker first."""
    structures = tuple(s.value for s in Structure)
    poker = [
        GameOffer(g.name.value, g.title, g.min_players, g.max_players, "poker", structures,
                  "small bet / big bet, e.g. 2/4 (blinds are half the small bet and the small "
                  "bet); optionally 'ante N'")
        for g in GAMES.values()
    ]
    return poker


def hosted_table(
    game: str,
    structure: str | None,
    stakes: str,
    *,
    seats: int | None = None,
    button: int | None = None,
) -> HostedTable:
    """A new hosted table of ``game`` (TableError or UnknownGameError when it cannot be).

    ``structure``: a poker table's betting structure (fixed limit when None)."""
    try:
        rules = get_game(game)
    except UnknownGameError:
        known = ", ".join(o.name for o in offers())
        raise UnknownGameError(f"unknown game {game!r}; known games: {known}.") from None
    return HostedPoker(rules.name.value, structure or Structure.FIXED_LIMIT.value,
                       Stakes.parse(stakes), seats=seats, button=button)
