"""Every game a card-room table may deal, and the hosted table for each.

The room lists :func:`offers` in its lobby and opens tables with
:func:`hosted_table`; it never needs to know more of a game than this.

>>> [o.name for o in offers()][:2], [o.name for o in offers() if o.kind == "pinochle"]
(['five-card-draw-7a', 'five-card-draw'], ['pinochle-5', 'pinochle-7'])
>>> table = hosted_table("deuce-to-seven-triple-draw", "fixed-limit", "2/4", seats=3)
>>> table.title, table.options.stakes
('Deuce-to-Seven Triple Draw', '2/4')
>>> table = hosted_table("pinochle-7", None, "entry 5", seats=3)
>>> table.kind, table.title, table.options.stakes, table.options.max_buy_in
('pinochle', "Bruce's 7 Card Pinochle", 'entry 5', 250)
"""

from __future__ import annotations

from dataclasses import dataclass

from standpat.engine import GAMES, Stakes, Structure, get_game
from standpat.errors import TableError, UnknownGameError
from standpat.pinochle import GAMES as PINOCHLE_GAMES
from standpat.table.hosted import HostedTable
from standpat.table.pinochle import BUY_IN_FEES, HostedPinochle, parse_fee, stakes_text
from standpat.table.poker import HostedPoker
from standpat.table.rotation import Rotation

__all__ = ["GameOffer", "game_kind", "hosted_table", "offers", "stakes_for"]


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
    default_stakes: str
    """The stakes of a table opened without saying."""


def offers() -> list[GameOffer]:
    """Every game, poker first."""
    structures = tuple(s.value for s in Structure)
    poker = [
        GameOffer(g.name.value, g.title, g.min_players, g.max_players, "poker", structures,
                  "small bet / big bet, e.g. 2/4 (blinds are half the small bet and the small "
                  "bet); optionally 'ante N'", "2/4")
        for g in GAMES.values()
    ]
    low, _, high = BUY_IN_FEES
    pinochle = [
        GameOffer(g.name, f"Bruce's {g.hand_size} Card Pinochle", g.min_players, g.max_players,
                  "pinochle", (),
                  f"the entry fee of a game, e.g. 'entry 10': each player puts it up and the "
                  f"winner takes the pot; the buy-in is {low} to {high} entry fees",
                  stakes_text(10))
        for g in PINOCHLE_GAMES.values()
    ]
    return poker + pinochle


def game_kind(game: str) -> str:
    """The family of ``game``: ``poker`` or ``pinochle`` (UnknownGameError otherwise).

    >>> game_kind("pinochle-5"), game_kind("seven-card-draw")
    ('pinochle', 'poker')
    """
    for offer in offers():
        if offer.name == game:
            return offer.kind
    known = ", ".join(o.name for o in offers())
    raise UnknownGameError(f"unknown game {game!r}; known games: {known}.")


def stakes_for(game: str, text: str | None) -> str:
    """The stakes of a new table of ``game`` as the table writes them (its default when
    ``text`` is None); StakesError when they are not stakes of that game.

    >>> stakes_for("five-card-draw", "2/4 ante 1"), stakes_for("pinochle-5", "10")
    ('2/4 ante 1', 'entry 10')
    >>> stakes_for("pinochle-7", None), stakes_for("five-card-draw", None)
    ('entry 10', '2/4')
    """
    if game_kind(game) == "pinochle" and text is not None:
        return stakes_text(parse_fee(text))
    if text is None:
        return next(o.default_stakes for o in offers() if o.name == game)
    return str(Stakes.parse(text))


def hosted_table(
    game: str,
    structure: str | None,
    stakes: str,
    *,
    seats: int | None = None,
    button: int | None = None,
    rotation: Rotation | None = None,
    tournament: bool = False,
) -> HostedTable:
    """A new hosted table of ``game`` (TableError or UnknownGameError when it cannot be).

    ``structure``: a poker table's betting structure (fixed limit when None); a pinochle
    table has none.  ``stakes``: a poker table's bets (``2/4``), a pinochle table's entry
    fee (``entry 10``).  ``button``: the first button, or the first dealer.  ``rotation``:
    a mixed poker table's games (``game`` must be its first).  ``tournament``: a
    tournament's poker table."""
    if rotation is not None and game != rotation.games[0]:
        raise TableError(f"a mixed table's game is the first of its rotation "
                         f"({rotation.games[0]}), not {game}.")
    if game in PINOCHLE_GAMES:
        if structure:
            raise TableError(
                f"{game} has no betting structure (got {structure!r}): the stake is an entry "
                "fee per game."
            )
        return HostedPinochle(game, stakes, seats=seats, button=button)
    try:
        rules = get_game(game)
    except UnknownGameError:
        known = ", ".join(o.name for o in offers())
        raise UnknownGameError(f"unknown game {game!r}; known games: {known}.") from None
    return HostedPoker(rules.name.value, structure or Structure.FIXED_LIMIT.value,
                       Stakes.parse(stakes), seats=seats, button=button, rotation=rotation,
                       tournament=tournament)
