"""The leases one node holds: claimed, renewed on time, and given up when lost.

A node claims a table (a new one, or one whose node died: :meth:`LeaseKeeper.take_over`)
and runs it while :meth:`LeaseKeeper.renew_all` keeps its lease; every write of the
table's rounds runs :meth:`LeaseKeeper.fence` in its transaction.  A node takes over a lease
only once it has seen it expired on two looks ``confirm`` seconds apart: after a database
outage every lease looks expired, and its holder, which renews as soon as the database
answers, keeps it.  A node that was
paused past its leases (SIGSTOP, a long GC, a frozen VM) finds on waking that a renewal
fails: the table is handed to ``on_lost`` (the node stops running it) and any write it
still tries is refused by the fence and logged, so it writes nothing to a table another
node now owns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Connection

from standpat.server.cluster.lease import FencedError, Leases

__all__ = ["LeaseKeeper"]

log = logging.getLogger("standpat.server")
T = TypeVar("T")


class LeaseKeeper:
    """The tables this node runs under lease, and their fencing tokens."""

    def __init__(
        self,
        leases: Leases,
        on_lost: Callable[[int], None],
        *,
        confirm: float = 1.0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.leases = leases
        self.on_lost = on_lost
        self.confirm = confirm
        """Seconds a lease must have been seen expired before it is taken over."""
        self.now = now
        self.held: dict[int, int] = {}
        """Table id -> the fencing token of this node's lease."""
        self.suspects: dict[int, float] = {}
        """Tables whose lease was seen expired, since when (cleared when the database
        fails: what was seen before proves nothing)."""
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="standpat-leases")
        """The leases' own thread: a renewal never waits behind the worker threads' other
        calls (a node opening many tables at once keeps them all busy)."""

    async def call(self, call: Callable[..., T], *args: Any) -> T:
        """Run a call of the leases (or the nodes' registry) on the leases' own thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, call, *args)


    async def claim(self, table_id: int) -> int | None:
        """Take a free (or expired) table's lease; its token, or None if it is held."""
        token = await self.call(self.leases.acquire, table_id)
        if token is not None:
            self.held[table_id] = token
        return token

    async def take_over(
        self, nodes: int = 1, skip: Callable[[list[int]], set[int]] | None = None,
    ) -> list[int]:
        """Claim the leases that have stayed expired for ``confirm`` seconds (their node
        died): with ``nodes`` live nodes sharing them, this node's share (half of them,
        rounded up, with two nodes) of those still expired; the others take theirs on their
        turn.  ``skip`` (run on the leases' thread) names those left to someone else (a
        tournament's tables go with their tournament's lease).  The leases taken."""
        expired = await self.call(self.leases.expired)
        if skip is not None and expired:
            left = await self.call(skip, expired)
            expired = [t for t in expired if t not in left]
        now = self.now()
        self.suspects = {t: self.suspects.get(t, now) for t in expired}
        ready = [t for t, since in self.suspects.items() if now - since >= self.confirm]
        share = -(-len(ready) // max(1, nodes))
        taken: list[int] = []
        for table_id in ready:
            if len(taken) >= share:
                break
            if table_id not in self.held and await self.claim(table_id) is not None:
                log.warning("node %s takes %s over (token %s)", self.leases.node,
                            f"table {table_id}" if table_id > 0 else "the recurring "
                            "sit-and-gos" if table_id == 0 else f"tournament {-table_id}",
                            self.held[table_id])
                self.suspects.pop(table_id, None)
                taken.append(table_id)
        return taken

    async def release_all(self) -> None:
        """Give every lease held up at once (a node that stops cleanly: the others take its
        tables over without waiting for the leases to expire), then stop the leases' thread."""
        for table_id, token in list(self.held.items()):
            with contextlib.suppress(Exception):
                await self.call(self.leases.release, table_id, token)
        self.held.clear()
        self._thread.shutdown(wait=False)

    async def renew_all(self) -> list[int]:
        """Renew every lease held, in one statement on the leases' own thread; the tables
        whose lease was lost (handed to ``on_lost``)."""
        held = dict(self.held)
        renewed = await self.call(self.leases.renew_many, held)
        lost = []
        for table_id, token in held.items():
            if table_id in renewed:
                continue
            if self.held.get(table_id) == token:
                del self.held[table_id]
            log.error("node %s lost table %s's lease (token %s): it stops running it",
                      self.leases.node, table_id, token)
            self.on_lost(table_id)
            lost.append(table_id)
        return lost

    def fence(self, table_id: int, token: int) -> Callable[[Connection], None]:
        """The check a write of the table makes in its transaction: it is refused (and
        logged) unless this node still holds the lease with ``token``."""
        leases = self.leases

        def check(conn: Connection) -> None:
            try:
                leases.check(conn, table_id, token)
            except FencedError:
                log.error("node %s: a write to table %s refused, its lease (token %s) is "
                          "lost", leases.node, table_id, token)
                raise

        return check
