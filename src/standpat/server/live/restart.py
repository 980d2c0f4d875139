"""Who sits again, and how, when a table starts again: after a crash, a clean restart, or
another node taking it over.  Every rule of it is here, pure (tested without sockets or a
store); the table's core applies them (:meth:`~standpat.server.live.core.TableCore.start`).

1. A hand cut short is void (the host voids it before the table starts): none of its chips
   ever left the seat wallets.
2. Every stored seat sits again, with the chips the books give it: nobody loses his seat to
   a restart, a busted player included (he keeps his rebuy time).
3. A bot short of the minimum buy-in is topped up by the bank, as after any round.
4. A person keeps his place in the blinds, his missed-blind marker and his sitting in or
   out, as the table's state saved between rounds has them (:meth:`HostedTable.snapshot`);
   a seat taken since that state was saved sits as a new player.
5. A person is away until a connection of his watches the table again.  The first round
   waits up to ``rejoin`` seconds for every person sitting in to come back; one still away
   is then dealt in while his grace lasts (his turn waits a reconnect window, as a
   disconnected player's does), and sits out between rounds once it has run out.  His seat
   is freed only by the ordinary rules (away too long, big blinds missed, busted past the
   rebuy time).

>>> from standpat.store import SeatRecord
>>> seats = [SeatRecord(1, 0, 7, "ann", 0, None), SeatRecord(1, 1, 8, "bot-1", 3, "easy")]
>>> plan = seat_again(seats, min_buy_in=20, default_buy_in=110)
>>> plan.seated, plan.rebuys
({0: ('ann', 0), 1: ('bot-1', 113)}, {1: 110})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from standpat.store import SeatRecord

__all__ = ["Reseating", "Restart", "seat_again"]


@dataclass(frozen=True, slots=True)
class Restart:
    """Why a table starts again, and the rounds that start voided: each one's id and the
    accounts dealt into it (they are told, when they come back, that it was void)."""

    reason: Literal["restart", "moved"]
    """``restart``: the room (or this node) started again; ``moved``: another node took the
    table over."""
    voided: Mapping[int, Sequence[int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Reseating:
    """What rules 2 and 3 make of the stored seats."""

    seated: Mapping[int, tuple[str, int]]
    """Seat -> (name, chips) to seat again (the books' chips, a bot's top-up included)."""
    rebuys: Mapping[int, int]
    """Seat -> chips the bank gives a short bot."""


def seat_again(seats: Sequence[SeatRecord], *, min_buy_in: int, default_buy_in: int) -> Reseating:
    """Rules 2 and 3: every stored seat sits again with its chips; a short bot is topped up
    with a default buy-in."""
    seated: dict[int, tuple[str, int]] = {}
    rebuys: dict[int, int] = {}
    for seat in seats:
        chips = seat.stack
        if seat.bot_level is not None and chips < min_buy_in:
            rebuys[seat.seat] = default_buy_in
            chips += default_buy_in
        seated[seat.seat] = (seat.name, chips)
    return Reseating(seated, rebuys)
