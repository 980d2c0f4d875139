"""A live table's task: one asyncio task that runs its core's steps.

Every command for a table goes through its queue, so the table changes one command at a
time.  The task runs the loop (the next command, or the next deadline of
:meth:`~standpat.server.live.core.TableCore.next_wake`), and carries out the effects its
core's steps yield (:mod:`~standpat.server.live.effects`): the writes through the table's
:class:`~standpat.server.live.recorder.Recorder` (each committed before the next effect),
the sends, a bot's thinking and a player's hint in worker threads.  It decides nothing.

When a write is refused by the fence (this node lost the table's lease) the table stops at
once; when the database fails a write past the writer's patience, or a step fails in a way
the core cannot carry on from, the table stops and its host starts it again from the store
(the running round voided, as after a crash).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from sqlalchemy.exc import SQLAlchemyError

from standpat.errors import StandpatError
from standpat.server.host import BotFactory, Command
from standpat.server.live import writes as w
from standpat.server.live.core import TableCore
from standpat.server.live.effects import (
    Broadcast,
    Closed,
    Effect,
    Forward,
    Hint,
    ReadAccount,
    Send,
    SendState,
    Steps,
    Tell,
    Think,
    Write,
)
from standpat.server.live.recorder import FencedError, Recorder
from standpat.server.live.tournament import TournamentLink
from standpat.server.metrics import ACTION_SECONDS, ACTIONS, HANDS
from standpat.server.problems import error_code
from standpat.server.protocol import error_message, message
from standpat.server.seatbots import game_bot
from standpat.server.tournaments.director import Order
from standpat.store import Store
from standpat.store.tournaments import StaleStateError

__all__ = ["LiveTable", "Seated", "TableFailedError"]

log = logging.getLogger("standpat.server")


class TableFailedError(StandpatError):
    """A table could not carry on (its database failed it): it stops, to start again."""


class LiveTable:
    """One table's task: its core, its queue, and the way to its store and its watchers."""

    def __init__(
        self,
        core: TableCore,
        store: Store,
        recorder: Recorder,
        bots: BotFactory | None = None,
        *,
        on_close: Callable[[int], None] | None = None,
        on_fenced: Callable[[int], None] | None = None,
        on_failed: Callable[[int], None] | None = None,
        on_forward: Callable[[TournamentLink, tuple[Order, ...]], None] | None = None,
    ) -> None:
        self.core = core
        self.id = core.id
        self.store = store
        self.recorder = recorder
        self.bots = bots
        self.on_close = on_close
        self.on_fenced = on_fenced
        """Told when a write was refused by the fence: the table stops at once."""
        self.on_failed = on_failed
        """Told when the table stopped for a failure (its host starts it again)."""
        self.on_forward = on_forward
        """Given a tournament table's orders for the rest of its tournament."""
        self.queue: asyncio.Queue[Command | None] = asyncio.Queue()
        """Commands in order; None: the table's alarm rang (time to look at its deadlines)."""
        self.task: asyncio.Task[None] | None = None
        self.deciders: dict[tuple[int, int], Callable[[Any], Any]] = {}
        """(seat, account) -> a seated bot's decision function."""
        self.hint_tasks: set[asyncio.Task[None]] = set()
        """Hints being computed (held so that they are not collected mid-way)."""
        self.stopped = False
        self.decided: float | None = None
        """When a bot's decision came, in the deadline being carried out (for the metric)."""

    # -- the loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's task."""
        self.task = asyncio.create_task(self.run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the table's task."""
        self.stopped = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run(self) -> None:
        """Serve commands and deadlines until cancelled, or until the table closes."""
        loop = asyncio.get_running_loop()
        core = self.core
        while not core.closed and not self.stopped:
            if not self.queue.empty():
                # a command already queued goes first: a deadline that is always due (bots
                # that act at once, no pause between rounds) must not starve the queue (and
                # no exception is made, and held through the wait, each time it is empty)
                command = self.queue.get_nowait()
            else:
                wake = core.next_wake()
                delay = None if wake is None else wake - core.now()
                if delay is not None and delay <= 0:
                    command = None
                else:
                    # the alarm queues None at the deadline (cheaper than a timeout around
                    # each wait); a ring that comes after a command only makes the table
                    # look at its deadlines once more
                    alarm = None if delay is None else loop.call_later(
                        delay, self.queue.put_nowait, None)
                    try:
                        command = await self.queue.get()
                    finally:
                        if alarm is not None:
                            alarm.cancel()
            if command is None:
                await self.tick()
            else:
                await self.handle(command)

    async def tick(self) -> None:
        """Carry out what the deadlines due bring (a failure: the default action)."""
        self.decided = None
        try:
            await self.drive(self.core.tick())
            if self.decided is not None:  # a bot acted: time its action like a player's
                ACTION_SECONDS.observe(time.perf_counter() - self.decided)
        except FencedError:
            self._lost()
        except TableFailedError:
            self._failed()
        except Exception:
            log.exception("table %s: the timer failed", self.id)
            try:
                await self.drive(self.core.recover())
            except FencedError:
                self._lost()
            except Exception:
                log.exception("table %s: recovering failed too", self.id)
                self._failed()

    async def handle(self, command: Command) -> None:
        """Carry out one command; its result or error goes to whoever waits for it."""
        started = time.perf_counter()
        try:
            result = await self.drive(self.core.handle(command))
        except FencedError as error:
            self._refuse(command, error)
            self._lost()
        except TableFailedError as error:
            self._refuse(command, error)
            self._failed()
        except StandpatError as error:
            self._refuse(command, error)
        except Exception as error:
            log.exception("table %s: %s failed", self.id, command.kind)
            self._refuse(command, error)
        else:
            if command.reply is not None and not command.reply.done():
                command.reply.set_result(result)
            if command.kind == "act":
                ACTION_SECONDS.observe(time.perf_counter() - started)

    async def drive(self, steps: Steps[Any]) -> Any:
        """Run a step of the core to its end: carry out each effect it yields, give it the
        answer (or throw the failure into it); its result."""
        answer: Any = None
        failure: BaseException | None = None
        while True:
            try:
                effect = steps.throw(failure) if failure is not None else steps.send(answer)
            except StopIteration as done:
                return done.value
            answer, failure = None, None
            try:
                answer = await self.carry_out(effect)
            except Exception as error:
                failure = error

    async def carry_out(self, effect: Effect) -> Any:
        """One effect; its answer."""
        core = self.core
        match effect:
            case Broadcast():
                core.broadcast()
            case Write(ops):
                try:
                    results = await self.recorder.write(ops)
                # stale: a save of its tournament was refused, its write made after a lost one
                except (SQLAlchemyError, StaleStateError) as error:
                    log.error("table %s: the database failed a write (%s): the table starts "
                              "again", self.id, type(error).__name__)
                    raise TableFailedError("the room's database failed; the table starts again."
                                      ) from error
                _count(ops)
                return results
            case Tell(body):
                core.audience.tell(body)
            case Send(outbox, body):
                outbox.send(body)
            case SendState(outbox, full):
                outbox.send(core.state_of(outbox, full=full))
            case Think(seat, account, level, view):
                decide = self.deciders.get((seat, account))
                if decide is None:
                    decide = self.deciders[(seat, account)] = self._bot(level)
                # a bot thinks in a worker thread (a strong one takes up to 0.2 s), so the
                # other tables and the sockets go on meanwhile; this table waits for it
                action = await asyncio.to_thread(decide, view)
                self.decided = time.perf_counter()
                return action
            case ReadAccount(account):
                return await asyncio.to_thread(self.store.accounts.get, account)
            case Hint():
                self._hint(effect)
            case Closed():
                if self.on_close is not None:
                    self.on_close(self.id)
            case Forward(orders):
                if self.on_forward is not None and core.tournament is not None:
                    self.on_forward(core.tournament, orders)
        return None

    def _bot(self, level: str) -> Callable[[Any], Any]:
        """A bot's decision function: the room's own factory if it was given one (tests),
        else the game's bots, each with its own random source (never the deck's)."""
        if self.bots is not None:
            return self.bots(level)
        return game_bot(self.core.table.kind, level, random.Random(secrets.randbits(64)))

    def _hint(self, hint: Hint) -> None:
        """Compute a hint in a worker thread (a triple-draw hint takes up to a second) and
        send it to that player's connections, if his round is still on."""
        core = self.core

        async def send() -> None:
            try:
                data = await asyncio.to_thread(hint.job)
            except Exception:
                log.exception("table %s: the hint failed", self.id)
                return
            if data is None or core.round_id != hint.round_id:
                return
            body = message("hint", table=self.id, hand=hint.round_id, seat=hint.seat,
                           hint=data)
            for outbox, account in list(core.audience.watchers.values()):
                if account == hint.account:
                    outbox.send(body)

        task = asyncio.create_task(send(), name=f"table-{self.id}-hint")
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    def _lost(self) -> None:
        """This node's lease on the table is gone (another node runs it now): stop at once,
        without another write."""
        log.error("table %s: a write was refused (this node lost the table's lease); "
                  "the table stops here", self.id)
        self.stopped = True
        if self.on_fenced is not None:
            self.on_fenced(self.id)

    def _failed(self) -> None:
        """The table cannot carry on: stop; its host starts it again from the store."""
        self.stopped = True
        if self.on_failed is not None:
            self.on_failed(self.id)

    def _refuse(self, command: Command, error: Exception) -> None:
        if command.reply is not None and not command.reply.done():
            command.reply.set_exception(error)
        elif command.outbox is not None:
            code = error_code(error)
            text = str(error) if code != "internal" else "the server failed to do that."
            command.outbox.send(error_message(code, text, getattr(command.payload, "ref", None)))

    # -- what the host reads -----------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The lobby line of this table."""
        return self.core.summary()

    def seated(self) -> Seated:
        """How many people and bots sit at the table (for /metrics)."""
        people = sum(1 for s in self.core.sitters.values() if s.bot is None)
        return Seated(people, len(self.core.sitters) - people)


class Seated(NamedTuple):
    """People and bots seated at a table."""

    people: int
    bots: int


def _count(ops: tuple[w.WriteOp, ...]) -> None:
    """The room's counters: actions played and rounds settled."""
    for op in ops:
        if isinstance(op, w.LogActions):
            ACTIONS.inc(len(op.actions))
        elif isinstance(op, w.Settle):
            HANDS.inc()
