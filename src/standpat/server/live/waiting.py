"""A full table's waiting list: who waits, in order, and the seat offered to the first.

When a seat frees, it is offered to the first in line, held for him for ``accept``
seconds: nobody else may take it meanwhile.  He takes it by sitting (in that seat or
any); if the time runs out, or he leaves the list, the seat goes to the next in line.
Pure bookkeeping with the time passed in: the table's task calls it.

>>> waiting = WaitingList(accept=30)
>>> waiting.join(7), waiting.join(8)
(1, 2)
>>> waiting.offer([2], now=100.0)
[Offer(account=7, seat=2, until=130.0)]
>>> waiting.held_for_others(2, account=8)
True
>>> waiting.expire(now=131.0)
([Offer(account=7, seat=2, until=130.0)], [Offer(account=8, seat=2, until=161.0)])
>>> waiting.took_seat(8)
>>> waiting.held_for_others(2, account=9), waiting.position(7)
(False, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from standpat.errors import TableError

__all__ = ["Offer", "WaitingList"]


@dataclass(frozen=True, slots=True)
class Offer:
    """A seat held for one waiting player until ``until`` (the table's clock)."""

    account: int
    seat: int
    until: float


class WaitingList:
    """The players waiting for a seat at one table, first come first served."""

    def __init__(self, accept: float) -> None:
        self.accept = accept
        self.queue: list[int] = []
        self.offers: dict[int, Offer] = {}
        """Seat -> the offer holding it."""
        self.outboxes: dict[int, Any] = {}
        """Account -> the connection that joined the list (where offers are sent)."""

    def join(self, account: int) -> int:
        """Put ``account`` in line (once); returns his place, from 1."""
        if account in self.queue or any(o.account == account for o in self.offers.values()):
            raise TableError("you are on this table's waiting list already.")
        self.queue.append(account)
        return len(self.queue)

    def leave(self, account: int, *, now: float) -> list[Offer]:
        """Take ``account`` off the list (and back his offer); the new offers it makes."""
        if account in self.queue:
            self.queue.remove(account)
        freed = [seat for seat, o in self.offers.items() if o.account == account]
        for seat in freed:
            del self.offers[seat]
        return self.offer(freed, now=now) if freed else []

    def position(self, account: int) -> int | None:
        """His place in line, from 1 (None: not waiting, or offered a seat)."""
        return self.queue.index(account) + 1 if account in self.queue else None

    def offer(self, free: list[int], *, now: float) -> list[Offer]:
        """Offer each free seat not yet held to the next in line; the new offers."""
        made = []
        for seat in free:
            if seat in self.offers or not self.queue:
                continue
            offer = Offer(self.queue.pop(0), seat, now + self.accept)
            self.offers[seat] = offer
            made.append(offer)
        return made

    def expire(self, *, now: float) -> tuple[list[Offer], list[Offer]]:
        """Drop the offers whose time ran out and offer those seats on; (expired, new)."""
        gone = [o for o in self.offers.values() if o.until <= now]
        for offer in gone:
            del self.offers[offer.seat]
        return gone, self.offer([o.seat for o in gone], now=now)

    def held_for_others(self, seat: int, *, account: int | None) -> bool:
        """Whether ``seat`` is held for a waiting player other than ``account``."""
        offer = self.offers.get(seat)
        return offer is not None and offer.account != account

    def took_seat(self, account: int) -> None:
        """He sat down: he no longer waits, and his offer (if any) is used."""
        if account in self.queue:
            self.queue.remove(account)
        for seat in [s for s, o in self.offers.items() if o.account == account]:
            del self.offers[seat]

    def __len__(self) -> int:
        return len(self.queue) + len(self.offers)
