"""The rounds' writes of every table of a process, made by writer threads in group
transactions.

A table hands its writes (a round dealt, the actions just played, a round settled) to
the :class:`Writer` and waits for them: nothing is told before it is committed, so a
crash (kill -9) loses nothing anyone heard of.  The writes made during one turn of the
event loop are handed over together at its end, as one batch; a writer thread takes a
batch when it is free (and the batches waiting that the other free threads cannot take)
and commits them together in one transaction, so a busy room makes one commit (and one
wait for the database's write lock) for many tables' actions, never more than one per
action, and none on the event loop; one thread on SQLite (one write lock), four on
PostgreSQL, where a batch stuck on a locked row holds up no other while a thread is
free.  If one write of
a group fails, the group is rolled back and each of its writes is made again alone,
so only the failing one fails.  Each thread keeps its database connection from one
transaction to the next (a new one after a failure).

A group the database refuses for a passing fault (it restarts, drops the connection, or is
out of reach for a moment: an ``OperationalError``) is tried again, on a new connection,
with growing pauses, for up to ``patience`` seconds: a short database blip costs the
tables a pause, not their rounds.  A write is all or nothing, so trying it again after a
rollback is safe; in a room of several nodes each try runs the table's fence again.

While several tables write (two of them within the last second), the writer starts a
commit at most once every ``every`` seconds (10 ms in the room), on all its threads
together: a write that comes sooner after the last commit started waits out the rest of
that time, and the writes that come meanwhile join its group (a commit that is slow holds
up only its own group: the next starts on another thread).  A quiet room's writes wait
for nothing, nor do a lone table's one after another (there is nothing to group them
with); a busy room whose actions arrive one by one (players who think) makes a commit,
and one wake-up of the tables it answers, for many of them instead of one each.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError, OperationalError

from standpat.server.metrics import COMMIT_SECONDS, COMMITS, WRITES
from standpat.store import Store

__all__ = ["Writer"]

T = TypeVar("T")
Job = Callable[[Connection], Any]
Pending = tuple[Job, "asyncio.Future[Any]", asyncio.AbstractEventLoop, Hashable]
"""A write, the future its table awaits, that table's event loop and the table (its
source)."""
log = logging.getLogger("standpat.server")

MAX_GROUP = 256
"""Writes in one transaction at most."""
POSTGRES_THREADS = 4
"""Writer threads on PostgreSQL."""
SEVERAL_WITHIN = 1.0
"""Seconds within which writes of two tables make the writer pace its commits."""
RETRY_PAUSES = (0.05, 0.1, 0.2, 0.5, 1.0)
"""Seconds between tries of a group refused for a passing fault (then 1 s each)."""


class Writer:
    """Threads that make the writes given to them, grouped in transactions (one thread on
    SQLite, four on PostgreSQL)."""

    def __init__(self, store: Store, threads: int | None = None, *,
                 patience: float = 30.0, every: float = 0.0) -> None:
        self.store = store
        self.patience = patience
        """Seconds a group refused for a passing fault is tried again."""
        self.every = every
        """Seconds the writer lets pass between the starts of two commits at least (the
        writes that come meanwhile wait, and join the next group)."""
        self._gate = threading.Lock()
        """Held by the thread taking the next group from the queue (the others wait their
        turn, so a group's wait gathers every batch that comes meanwhile)."""
        self._last = -every
        """When the last group's commit started (``time.monotonic``)."""
        self._source: Hashable = None
        """The table of the last write taken from the queue."""
        self._several = -SEVERAL_WITHIN
        """When a write of another table than the one before was last taken."""
        self.retries = 0
        """Tries made again after a passing fault."""
        self._closing = False
        self.threads = threads or (POSTGRES_THREADS if store.tx.postgres else 1)
        self._jobs: queue.SimpleQueue[list[Pending] | None] = queue.SimpleQueue()
        """Batches of writes (one turn of an event loop's each), None to stop a thread."""
        self._batches: dict[asyncio.AbstractEventLoop, list[Pending]] = {}
        """Writes of the running turn of each event loop, not yet handed over."""
        self._pool: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._idle = 0
        """Threads waiting for a write."""
        self.queued = 0
        """Writes handed over and not yet taken by a thread."""
        self._local = threading.local()
        """Each writer thread's connection (``held``), kept between its transactions."""
        self.commits = 0
        """Transactions committed (a group counts once)."""
        self.writes = 0
        """Writes made."""

    async def write(self, job: Callable[[Connection], T], source: Hashable = None) -> T:
        """Make ``job(conn)`` in a transaction of the writer's thread; its result once
        committed (its error if it failed).  ``source`` names the table writing (writes
        of several tables are paced, a lone table's are not; None: not a table's)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        # the writes of one turn of the event loop go over together, at its end (a thread
        # wakes once and makes them in one transaction)
        batch = self._batches.get(loop)
        if batch is None:
            batch = self._batches[loop] = []
            loop.call_soon(self._flush, loop)
        batch.append((job, future, loop, source))
        return await future

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        self._start()  # not started yet, or closed meanwhile: it starts (again)
        batch = self._batches.pop(loop, None)
        if batch:
            with self._lock:
                self.queued += len(batch)
            self._jobs.put(batch)

    def close(self) -> None:
        """Make what is queued, then stop the thread (it starts again if written to)."""
        self._closing = True  # a group being tried again after a fault gives up now
        with self._lock:
            pool, self._pool = self._pool, []
        for _ in pool:
            self._jobs.put(None)
        for thread in pool:
            thread.join()

    def _start(self) -> None:
        if self._pool:
            return
        self._closing = False
        with self._lock:
            while len(self._pool) < self.threads:
                thread = threading.Thread(target=self._run, name="standpat-writer", daemon=True)
                thread.start()
                self._pool.append(thread)

    def _run(self) -> None:
        try:
            self._serve()
        finally:
            held = getattr(self._local, "held", None)
            if held is not None:
                with contextlib.suppress(Exception):
                    held.close()

    def _serve(self) -> None:
        stop = False
        while not stop:
            with self._lock:
                self._idle += 1
            with self._gate:  # one thread at a time takes the next group from the queue
                first = self._jobs.get()
                with self._lock:
                    self._idle -= 1
                if first is None:
                    return
                self._note(first)
                group = list(first)
                stop = self._gather(group)
                # other threads free to take the waiting batches take them (a write stuck on
                # a locked row then holds up no other); only what they cannot take is grouped
                while not stop and len(group) < MAX_GROUP and self._jobs.qsize() > self._idle:
                    try:
                        item = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        stop = True
                        break
                    self._note(item)
                    group.extend(item)
                self._last = time.monotonic()  # this group's commit starts now
            with self._lock:
                self.queued -= len(group)
            self._make(group)

    def _note(self, batch: list[Pending]) -> None:
        """Mark when writes of two tables come one after the other."""
        for _, _, _, source in batch:
            if source is not None and source != self._source:
                if self._source is not None:
                    self._several = time.monotonic()
                self._source = source

    def _gather(self, group: list[Pending]) -> bool:
        """Add to ``group`` the batches that come until ``every`` seconds have passed since
        the writer's last commit started, while several tables write (none otherwise);
        True if told to stop meanwhile."""
        if time.monotonic() - self._several > SEVERAL_WITHIN:
            return False  # one table writes: nothing to group its writes with
        ends = self._last + self.every
        while len(group) < MAX_GROUP:
            left = ends - time.monotonic()
            if left <= 0:
                break
            try:
                item = self._jobs.get(timeout=left)
            except queue.Empty:
                break
            if item is None:
                return True
            self._note(item)
            group.extend(item)
        return False

    def _make(self, group: list[Pending]) -> None:
        outcomes: list[tuple[Any, BaseException | None]]
        started = time.perf_counter()
        try:
            with self.store.tx.begin(held=self._held()) as conn:
                outcomes = [(job(conn), None) for job, _, _, _ in group]
            self.commits += 1
            COMMITS.inc()
            COMMIT_SECONDS.observe(time.perf_counter() - started)
        except Exception as error:
            self._drop()
            if _passing(error):
                outcomes = self._again(group, error)
            elif len(group) == 1 and not _lost_connection(error):
                outcomes = [(None, error)]
            else:
                # alone, each on a new connection (the pool checks it): a connection the
                # database dropped while the thread kept it fails one try, no write
                log.warning("a group of %s writes failed: each is made alone", len(group))
                outcomes = [self._alone(job) for job, _, _, _ in group]
        self.writes += len(group)
        WRITES.inc(len(group))
        by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
        for (_, future, loop, _), outcome in zip(group, outcomes, strict=True):
            by_loop.setdefault(loop, []).append((future, *outcome))
        for loop, settled in by_loop.items():
            # a closed loop: nobody waits for these any more
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, settled)

    def _again(
        self, group: list[Pending], error: Exception
    ) -> list[tuple[Any, BaseException | None]]:
        """Try a group refused for a passing fault again, with growing pauses, until it is
        made, fails otherwise (then each write alone), or ``patience`` runs out."""
        deadline = time.monotonic() + self.patience
        log.warning("a group of %s writes was refused (%s): trying again for up to %s s",
                    len(group), _said(error), self.patience)
        for pause in itertools.chain(RETRY_PAUSES, itertools.repeat(RETRY_PAUSES[-1])):
            if self._closing or time.monotonic() + pause > deadline:
                return [(None, error)] * len(group)
            time.sleep(pause)
            self.retries += 1
            try:
                with self.store.tx.begin(held=self._held()) as conn:
                    outcomes: list[tuple[Any, BaseException | None]] = [
                        (job(conn), None) for job, _, _, _ in group]
            except Exception as failure:
                self._drop()
                if not _passing(failure):
                    return [self._alone(job) for job, _, _, _ in group]
                error = failure
                continue
            self.commits += 1
            COMMITS.inc()
            log.warning("a group of %s writes was made after %.1f s of database faults",
                        len(group), self.patience - (deadline - time.monotonic()))
            return outcomes
        raise AssertionError("unreachable")  # pragma: no cover

    def _held(self) -> Connection:
        """This thread's connection, kept from one transaction to the next."""
        held: Connection | None = getattr(self._local, "held", None)
        if held is None or held.closed or held.invalidated:
            held = self._local.held = self.store.tx.connect()
        return held

    def _drop(self) -> None:
        """Close this thread's connection after a failure (the next write takes a new one:
        a connection broken by the database is never used again)."""
        held = getattr(self._local, "held", None)
        self._local.held = None
        if held is not None:
            with contextlib.suppress(Exception):
                held.close()

    def _alone(self, job: Job) -> tuple[Any, BaseException | None]:
        try:
            with self.store.tx.begin(held=self._held()) as conn:
                result = job(conn)
        except Exception as error:
            self._drop()
            return None, error
        self.commits += 1
        COMMITS.inc()
        return result, None


def _passing(error: Exception) -> bool:
    """Whether ``error`` is a passing fault of the database (out of reach, restarting, a
    dropped connection, a lock held too long), not one of the write itself."""
    return isinstance(error, OperationalError) or _lost_connection(error)


def _said(error: Exception) -> str:
    """The first line of the driver's own message."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _lost_connection(error: Exception) -> bool:
    """Whether ``error`` is the database connection found broken (dropped by the database)."""
    return isinstance(error, DBAPIError) and error.connection_invalidated


def _settle(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in settled:
        if future.done():  # cancelled: the table stopped waiting
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)
