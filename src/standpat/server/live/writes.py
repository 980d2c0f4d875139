"""The store writes a live table asks for, as data: one class per kind.

The table's core yields them (in a :class:`~standpat.server.live.effects.Write`, several
in one transaction); :func:`standpat.server.live.recorder.make` carries each out with
the store, after the table's fence.  Seats are table seats; accounts are account ids.

>>> BeginRound(7, b"s", "c", {}, (1, 2), button=0).number
7
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "AddChips",
    "BeginRound",
    "BustEntry",
    "CloseTable",
    "LogActions",
    "NewChain",
    "PayTournament",
    "RebuyBot",
    "SaveState",
    "SaveTournament",
    "SeatBot",
    "SeatEntrant",
    "SetOption",
    "Settle",
    "Stand",
    "TakeSeat",
    "WriteOp",
]

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class TakeSeat:
    """A player sits down with ``buy_in`` chips from his bankroll (refused in the cool-off
    after he left, or when suspended, or short of chips)."""

    seat: int
    account: int
    buy_in: int
    cool_off: float


@dataclass(frozen=True, slots=True)
class SeatBot:
    """A bot account is made with a grant of ``buy_in`` and sits down: its account exists
    only with its seat.  The result is its ``Account``."""

    seat: int
    name: str
    level: str
    buy_in: int


@dataclass(frozen=True, slots=True)
class Stand:
    """A seat empties: its chips go back to its owner's bankroll (and his seeds are his)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AddChips:
    """A player adds chips from his bankroll."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RebuyBot:
    """A broke bot is given chips by the bank."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BeginRound:
    """A round is dealt: its number, seed (kept secret), commitment and set-up; the result
    is its id."""

    number: int
    seed: bytes
    commitment: str
    setup: Mapping[str, Any]
    players: Sequence[int]
    button: int


@dataclass(frozen=True, slots=True)
class LogActions:
    """The round's actions from ``seq`` on, as (table seat, action JSON)."""

    round_id: int
    seq: int
    actions: Sequence[tuple[int, Json]]


@dataclass(frozen=True, slots=True)
class Settle:
    """The round ended: ``net`` by account moves between seat wallets, with its record
    and its players' statistics facts."""

    round_id: int
    net: Mapping[int, int]
    record: Mapping[str, Any]
    facts: Sequence[Any] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class NewChain:
    """The table goes on with a new seed chain after round ``start``."""

    top: bytes
    length: int
    start: int


@dataclass(frozen=True, slots=True)
class SetOption:
    """One of the table's stored options (``chat``) changes."""

    key: str
    value: Any


@dataclass(frozen=True, slots=True)
class SaveState:
    """The table between rounds (its hosted table's snapshot), for a restart to take up."""

    state: Json


@dataclass(frozen=True, slots=True)
class SeatEntrant:
    """A tournament's entrant sits at one of its tables with ``stack`` of its chips (a
    ``bot`` level: a house bot the operator entered); the result is his ``SeatRecord``."""

    seat: int
    account: int
    stack: int
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class SaveTournament:
    """A running tournament's director (its state), saved with the write that changed it,
    as its save ``saves`` (kept only over the save before it)."""

    tournament: int
    state: Json
    saves: int


@dataclass(frozen=True, slots=True)
class BustEntry:
    """A tournament's entry is out, at ``place``."""

    entry: int
    place: int


@dataclass(frozen=True, slots=True)
class PayTournament:
    """The tournament is over: its busted entries given their final ``places`` (entry id
    -> place), then its pool paid out by its payout table."""

    tournament: int
    places: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CloseTable:
    """The table closes: every seat cashed out, the table marked closed."""


WriteOp = (TakeSeat | SeatBot | Stand | AddChips | RebuyBot | BeginRound | LogActions | Settle
           | NewChain | SetOption | SaveState | CloseTable | SeatEntrant | SaveTournament
           | BustEntry | PayTournament)
"""Every write a table may ask for."""
