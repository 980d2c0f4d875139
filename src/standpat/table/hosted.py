"""What a table must do for the card room to host it, whatever its game.

The room (``standpat.server``) deals only in this protocol and in table seats:
it seats accounts, runs the clock, shuffles fairly, keeps the books and sends
each connection what :meth:`HostedTable.view` builds for it.  Each game
implements the protocol on its own rules: :class:`~standpat.table.poker.HostedPoker`
(the draw-poker :class:`~standpat.table.Table`) and
:class:`~standpat.table.pinochle.HostedPinochle` (a game of Bruce's Pinochle to
50 points).  :func:`~standpat.table.rooms.hosted_table` makes the right one for a
game name.

A *round* is what the room deals, commits a seed to, records and settles in one
ledger movement: a poker hand, or a whole pinochle game (several deals to 50).
Chips move only when a round ends (:meth:`HostedTable.outcome`): a round cut
short by a crash is void and nothing moved.

Everything a method returns is plain data: JSON-ready dicts and the frozen
records below, with table seat numbers (never a game engine's own indexes).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "Deal",
    "Hinting",
    "HostedTable",
    "Leveled",
    "Options",
    "Outcome",
    "SeatLine",
]

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Options:
    """A hosted table's money rules: defined once, by the table, for the room to apply."""

    min_buy_in: int
    """The smallest number of chips a player may sit down with."""
    max_buy_in: int
    """The largest buy-in, and the largest stack chips may be added up to."""
    default_buy_in: int
    """What a player (or a bot) sits down with when he does not say."""
    rebuy: bool = True
    """Whether a seated player may add chips (between rounds; during one they wait)."""
    stakes: str = ""
    """The stakes as players read them (``2/4``; for pinochle the entry fee)."""
    blinds: str = ""
    """Forced bets as players read them (``blinds 1/2``, ``ante 1``; empty for none)."""
    deck: str = ""
    """The deck as players read it (``32 cards (7-A); 36 with five players``)."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One occupied seat as every viewer may see it."""

    seat: int
    name: str
    stack: int
    sitting_out: bool
    waiting: bool
    """Sitting in but not in the round being played (or owing a blind between rounds)."""
    in_round: bool
    """Dealt into the current (or last) round."""
    marker: str | None = None
    """A missed-blind marker (``ML``, ``MS``) or None."""
    missed: int = 0
    """Big blinds missed in a row (0 where the game has none)."""
    leaving: bool = False
    """He left during the round he plays: his seat empties when it ends."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A round that starts: who is in it, and its set-up as the record keeps it."""

    seats: tuple[int, ...]
    """Table seats dealt in, in the round's own order."""
    button: int
    """The table seat of the button (the dealer): a restarted table goes on from it."""
    setup: Json
    """Everything needed to replay the round from its seed (game, stakes, stacks,
    positions, posts...): JSON-ready, stored with the round."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A round that ended: what each seat won or lost, and its full record."""

    net: Mapping[int, int]
    """Table seat -> chips won (+) or lost (-); sums to zero."""
    record: Json
    """The whole round (events with every card): stored, never shown as it is."""
    summary: Json = field(default_factory=dict)
    """A few public facts for lobby lines and hand lists (pot, winners...)."""
    events: tuple[Any, ...] = ()
    """The round's engine events as the record holds them (poker; empty for other games):
    its players' statistics are counted from them, not read back from the record."""


@runtime_checkable
class HostedTable(Protocol):
    """A table the room can host (see the module's description)."""

    @property
    def kind(self) -> str:
        """The family of the game, which says which bots play it: ``poker`` or
        ``pinochle``."""

    @property
    def game(self) -> str:
        """The game's name (``five-card-draw``, ``pinochle-5``...)."""

    @property
    def title(self) -> str:
        """The game's name as players read it."""

    @property
    def structure(self) -> str:
        """A poker table's betting structure (``fixed-limit``...); ``""`` for a game without one."""

    @property
    def seats(self) -> int:
        """How many seats the table has."""

    @property
    def options(self) -> Options:
        """Buy-in, rebuy and the table's stakes, as the room applies them."""

    # -- seats -----------------------------------------------------------------------

    def lines(self) -> list[SeatLine]:
        """Every occupied seat, in seat order, as everyone may see it."""

    def stack(self, seat: int) -> int:
        """The chips of the player in ``seat`` (counting chips waiting to be added)."""

    def sit(self, seat: int, name: str, chips: int) -> None:
        """Seat a player with ``chips`` (TableError: taken, out of range...)."""

    def leave(self, seat: int) -> None:
        """The player leaves; during his round the table plays for him until it ends."""

    def sit_out(self, seat: int, when: str) -> None:
        """The player sits out (``next-hand`` or, in poker, ``next-big-blind``)."""

    def sit_in(self, seat: int) -> None:
        """The player comes back in."""

    def choices(self, seat: int) -> tuple[str, ...]:
        """How the player may come in now (poker's posting choices; else none)."""

    def choose(self, seat: int, choice: str) -> None:
        """The player makes one of his :meth:`choices`."""

    def come_in(self, seat: int) -> None:
        """Come in as soon as the rules allow (posting if it must): what a bot does."""

    def check_add_chips(self, seat: int, chips: int) -> None:
        """TableError unless the player may add ``chips`` now (nothing changes)."""

    def add_chips(self, seat: int, chips: int) -> None:
        """Add chips (checked as :meth:`check_add_chips`)."""

    def present(self, seat: int) -> bool:
        """Whether ``seat`` still holds a player (a leaver's seat empties after his round)."""

    def snapshot(self) -> Json:
        """The table between rounds as JSON: everything :meth:`restore` needs to go on as
        it would have (who sits where, positions, markers, sitting out); TableError during
        a round."""

    def restore(
        self, state: Mapping[str, Any] | None, seated: Mapping[int, tuple[str, int]]
    ) -> None:
        """Between rounds, take up a :meth:`snapshot` of this table (None: start afresh) for
        the players the books seat now (seat -> (name, chips)): a player still in his seat
        keeps his place and his sitting out, with the books' chips; one gone is removed;
        one new to his seat sits as a new player (with too few chips, sitting out)."""

    # -- rounds ----------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether a round is being played."""

    @property
    def round_number(self) -> int:
        """How many rounds the table has dealt."""

    def ready(self) -> bool:
        """Whether a round can start now."""

    def next_seats(self) -> tuple[int, ...]:
        """The seats the next round will deal, in its order (the room mixes their client
        seeds into the deck in this order); TableError when no round can start."""

    def deal(self, rng: random.Random) -> Deal:
        """Start the next round, shuffling with ``rng`` (the room's fair stream)."""

    def turn(self) -> int | None:
        """The table seat to act, or None (no round, or the round is over)."""

    def parse_action(self, payload: Json) -> Any:
        """A client's action (the ``action`` of an ``act`` message) as the game's action;
        ProtocolError ``bad-action`` when it is not one."""

    def act(self, seat: int, action: Any) -> None:
        """The player in ``seat`` acts; IllegalActionError (naming table seats) when the
        rules forbid it, and then nothing changes."""

    def timeout(self) -> None:
        """The clock ran out: play the default action of the seat to act."""

    def played(self, since: int) -> list[tuple[int, Json]]:
        """The round's actions from index ``since`` on, as (table seat, action JSON):
        what the room writes before anyone hears of it (including the actions the table
        played by itself for a leaver)."""

    @property
    def over(self) -> bool:
        """Whether the current round is over (its outcome may be taken)."""

    def outcome(self) -> Outcome:
        """The ended round's result and record."""

    def finish(self) -> None:
        """Close the ended round: busted players sit out, leavers' seats empty."""

    # -- what viewers see ------------------------------------------------------------

    def view(self, seat: int | None, since: int = 0) -> Json:
        """The current (or last) round as ``seat`` (None: a spectator) may see it, with
        its events from index ``since`` on (the viewer has the rest); None-free JSON.
        Empty when no round was dealt."""

    def public(self) -> Json:
        """What every viewer of the table sees alike, besides the seats (positions...)."""

    def you(self, seat: int) -> Json:
        """What only the player in ``seat`` sees of his seat beyond his cards (his posting
        choices, that he is leaving...)."""

    # -- bots ------------------------------------------------------------------------

    def bot_view(self, seat: int) -> Any:
        """What a bot of the game's :attr:`kind` in ``seat`` decides from (its own view
        only); it answers with an action for :meth:`act`."""


@runtime_checkable
class Hinting(Protocol):
    """A hosted table that can hint a player at his draw (poker: the best holds)."""

    def hinter(self, seat: int) -> Callable[[], Json | None] | None:
        """``None`` unless ``seat`` is to draw now; else a function, safe to run in a worker
        thread (it holds a snapshot of the seat's own view only), that computes the hint."""
        ...


@runtime_checkable
class Leveled(Protocol):
    """A hosted table a tournament deals at: its forced bets change with the levels."""

    def next_big_blind(self) -> int:
        """The seat in the big blind of the next hand."""
        ...

    def set_level(self, stakes: Any) -> None:
        """Play the next hand at these stakes (the level's blinds and ante)."""
        ...
