"""The operator's orders, carried out by the running room.

``standpat admin`` works on the database; what it changes there takes effect at once
(a suspended account cannot log in or sit, a bankroll is adjusted).  What only the
running room can do it leaves as an order (:mod:`standpat.store.operator`):
:class:`OrderDesk` looks for new orders every ``every`` seconds and carries them out
through the tables' host, never touching a table itself:

- ``close-table``: the table closes (between rounds at once, else when the running
  round ends); its players are cashed out and its watchers told;
- ``suspend``: the ended sessions' sockets close, and the account leaves every table
  it sits at (the table plays its running round for it; its chips go to its bankroll).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.exc import OperationalError

from standpat.errors import StandpatError
from standpat.server.host import Command, TableHost
from standpat.server.schemas import Leave
from standpat.server.sessions import SessionSockets
from standpat.store import Store
from standpat.store.operator import Order, finish_order, pending_orders

__all__ = ["OrderDesk"]

log = logging.getLogger("standpat.server")


class OrderDesk:
    """Carries out the operator's orders for one server."""

    def __init__(
        self, store: Store, host: TableHost, sockets: SessionSockets, every: float = 1.0
    ) -> None:
        self.store = store
        self.host = host
        self.sockets = sockets
        self.every = every
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start looking for orders."""
        self.task = asyncio.create_task(self.run(), name="orders")

    async def stop(self) -> None:
        """Stop looking."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run(self) -> None:
        """Carry out new orders every ``every`` seconds until stopped (while the database is
        out of reach, the orders wait for it: said once)."""
        away = False
        while True:
            try:
                await self.carry_out()
            except OperationalError as error:
                if not away:
                    log.warning("the operator's orders wait for the database (%s)",
                                str(error.orig or error).strip().splitlines()[0])
                away = True
            except Exception:
                log.exception("the operator's orders could not be read")
            else:
                away = False
            await asyncio.sleep(self.every)

    async def carry_out(self) -> int:
        """Carry out every pending order; returns how many."""
        orders = await asyncio.to_thread(pending_orders, self.store)
        for order in orders:
            try:
                await self._one(order)
            except StandpatError as error:
                log.warning("order %s (%s %s) could not be carried out: %s", order.id,
                            order.kind, order.target, error)
            await asyncio.to_thread(finish_order, self.store, order.id)
        return len(orders)

    async def _one(self, order: Order) -> None:
        if order.kind == "close-table":
            if self.host.has_table(order.target):
                await self.host.ask(order.target, Command("close", payload=order.reason))
            else:  # not running here (refused at start): close it in the store
                await asyncio.to_thread(self.store.tables.close, order.target)
            log.info("table %s closed by the operator: %s", order.target, order.reason)
        elif order.kind == "suspend":
            for hashed in order.detail.get("sessions", []):
                self.sockets.end(hashed)
            for table_id in self.host.table_ids():
                await self.host.send(table_id, Command(
                    "leave", account=order.target,
                    payload=Leave.model_validate({"type": "leave", "table": table_id}),
                ))
            log.info("account %s suspended: %s", order.target, order.reason)
