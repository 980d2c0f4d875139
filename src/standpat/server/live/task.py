"""A live table: one asyncio task that owns a hosted table, its queue and its clock.

Every command for a table goes through its queue, so the table changes one
command at a time; the commands themselves are handled in
:mod:`~standpat.server.live.commands`.  This module runs the rounds: the fair
deal, the clock (:class:`~standpat.server.live.clock.Clock`), bots, the writes
(:class:`~standpat.server.live.recorder.Recorder`: an action is written before
anyone hears of it; a finished round moves its chips in one transaction) and the
messages (:mod:`~standpat.server.live.messages`).  A round cut short by a crash
is voided on restart: its chips never left the seat wallets.

It knows games only through :class:`~standpat.table.hosted.HostedTable`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

from standpat.errors import StandpatError, TableError
from standpat.fairness import FairRandom, SeedChain, commitment, hand_key
from standpat.server.cluster.lease import FencedError
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command
from standpat.server.live.chat import TableChat
from standpat.server.live.clock import Clock
from standpat.server.live.ghosts import Ghosts, Seen, Why
from standpat.server.live.messages import Audience, public_state
from standpat.server.live.recorder import Fence, Recorder
from standpat.server.live.sitters import Sitter
from standpat.server.live.waiting import Offer, WaitingList
from standpat.server.live.writer import Writer
from standpat.server.metrics import ACTION_SECONDS, ACTIONS, HANDS
from standpat.server.problems import error_code
from standpat.server.protocol import error_message, message
from standpat.server.seatbots import game_bot
from standpat.store import Store, TableRecord
from standpat.table.hosted import Hinting, HostedTable
from standpat.table.rooms import hosted_table

__all__ = ["LiveTable"]

log = logging.getLogger("standpat.server")


class LiveTable:
    """One table's state and task."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        config: ServerConfig,
        bots: BotFactory | None = None,
        *,
        on_close: Callable[[int], None] | None = None,
        now: Callable[[], float] = time.monotonic,
        writer: Writer | None = None,
        fence: Fence | None = None,
        on_fenced: Callable[[int], None] | None = None,
    ) -> None:
        self.now = now
        """The table's clock (seconds; injected in tests)."""
        self.record = record
        self.id = record.id
        self.store = store
        self.config = config
        self.bots = bots
        self.on_close = on_close
        self.on_fenced = on_fenced
        """Told when a write was refused by the fence: the table stops at once."""
        self.owner_name = None if record.owner is None else store.account(record.owner).name
        self.table: HostedTable = hosted_table(
            record.game, record.structure or None, record.stakes, seats=record.seats,
            button=record.button % record.seats,
        )
        self.options = self.table.options
        self.clock = Clock(
            clock=float(record.config.get("clock", config.clock)),
            bot_delay=config.bot_delay,
            reconnect=config.reconnect,
        )
        self.chain = SeedChain(bytes.fromhex(record.chain_top), length=record.chain_length)
        self.chain_start = record.chain_start
        self.number = record.hands_dealt
        self.rng = FairRandom()
        self.own_writer = writer is None
        """Whether the table made its own writer (else the room's is shared)."""
        self.recorder = Recorder(store, self.id, writer or Writer(store), fence)
        self.audience = Audience()
        self.sitters: dict[int, Sitter] = {}
        self.queue: asyncio.Queue[Command | None] = asyncio.Queue()
        """Commands in order; None: the table's alarm rang (time to look at its deadlines)."""
        self.round_seats: tuple[int, ...] = ()
        """Table seats dealt into the running round (empty between rounds)."""
        self.next_round_at = self.now() + config.between_hands
        self.idle_since: float | None = None
        self.ghosts = Ghosts(config.away_limit, config.missed_blinds, config.rebuy_time)
        self.pots: list[int] = []
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self.hint_tasks: set[asyncio.Task[None]] = set()
        """Hints being computed (held so that they are not collected mid-way)."""
        self.waiting = WaitingList(config.seat_offer)
        """Who waits for a seat, and the seat offered to the first (seconds to accept)."""
        self.finished: collections.deque[float] = collections.deque(maxlen=2000)
        """When the latest rounds ended (the table's clock), for the lobby's hands an hour."""
        self.opened = self.now()
        self.chat = TableChat(record.config.get("chat", "players"))
        """The table's chat (:mod:`~standpat.server.live.chat`): its mode is stored."""
        self.closing: str | None = None
        """Why an operator closes the table (it closes once the running round ends)."""
        self._seat_again(store)

    def _seat_again(self, store: Store) -> None:
        """After a restart the stored seats sit again, as at a new table (positions start
        afresh): bots play on (a broke one topped up), people sit out until they return."""
        options = self.options
        for seat in store.seats(self.id):
            if seat.stack < options.min_buy_in and seat.bot_level is not None:
                stack = store.rebuy_bot(self.id, seat.seat, options.default_buy_in)
                seat = dataclasses.replace(seat, stack=stack)
            if seat.stack < options.min_buy_in:  # a short or empty stack is cashed out
                store.stand(self.id, seat.seat)
                continue
            self.table.sit(seat.seat, seat.name, seat.stack)
            sitter = Sitter(
                seat.seat, seat.account_id, seat.name, bot=seat.bot_level,
                connected=seat.bot_level is not None, reconnects=self.config.reconnects,
                time_bank=self.config.time_bank,
            )
            self.sitters[seat.seat] = sitter
            if seat.bot_level is None:
                self.table.sit_out(seat.seat, "next-hand")
            else:
                sitter.decide = self.bot(seat.bot_level)
                self.table.come_in(seat.seat)

    def bot(self, level: str) -> Callable[[Any], Any]:
        """A bot's decision function: the room's own factory if it was given one (tests),
        else the game's bots, each with its own random source (never the deck's)."""
        if self.bots is not None:
            return self.bots(level)
        return game_bot(self.table.kind, level, random.Random(secrets.randbits(64)))

    # -- the task ----------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's task."""
        self.task = asyncio.create_task(self.run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the table's task."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.own_writer:
            await asyncio.to_thread(self.recorder.writer.close)

    async def run(self) -> None:
        """Serve commands and deadlines until cancelled, or until the table closes."""
        from standpat.server.live.commands import handle

        loop = asyncio.get_running_loop()
        while not self.closed:
            try:
                # a command already queued goes first: a deadline that is always due (bots
                # that act at once, no pause between rounds) must not starve the queue
                command = self.queue.get_nowait()
            except asyncio.QueueEmpty:
                wake = self._next_wake()
                delay = None if wake is None else wake - self.now()
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
                try:
                    await self._on_timer()
                except FencedError:
                    self._lost()
                    return
                except Exception:
                    log.exception("table %s: the timer failed", self.id)
                    await self._recover()
                continue
            try:
                result = await handle(self, command)
            except FencedError as error:
                self._refuse(command, error)
                self._lost()
                return
            except StandpatError as error:
                self._refuse(command, error)
            except Exception as error:
                log.exception("table %s: %s failed", self.id, command.kind)
                self._refuse(command, error)
            else:
                if command.reply is not None and not command.reply.done():
                    command.reply.set_result(result)

    def _lost(self) -> None:
        """This node's lease on the table is gone (another node runs it now): stop at once,
        without another write."""
        log.error("table %s: a write was refused (this node lost the table's lease); "
                  "the table stops here", self.id)
        self.closed = True
        if self.on_fenced is not None:
            self.on_fenced(self.id)

    def _refuse(self, command: Command, error: Exception) -> None:
        if command.reply is not None and not command.reply.done():
            command.reply.set_exception(error)
        elif command.outbox is not None:
            code = error_code(error)
            text = str(error) if code != "internal" else "the server failed to do that."
            command.outbox.send(error_message(code, text, getattr(command.payload, "ref", None)))

    def _next_wake(self) -> float | None:
        if self.table.playing:
            return self.clock.deadline
        if self.idle_since is not None:
            return min(self.next_round_at, self.idle_since + self.config.idle_close)
        return self.next_round_at

    async def _on_timer(self) -> None:
        now = self.now()
        if self.waiting.offers:
            self._expire_offers(now)
        if not self.table.playing:
            await self.sweep(now)
            if self.closing is not None:
                await self.close("operator")
                return
            if self._idle(now):
                await self.close("idle")
                return
            if now >= self.next_round_at:
                await self._deal()
            return
        seat = self.table.turn()
        if seat is None or not self.clock.due(now):
            return
        sitter = self.sitters[seat]
        if sitter.decide is not None:
            # A bot thinks in a worker thread (a strong one takes up to 0.2 s), so the other
            # tables and the sockets go on meanwhile; this table waits for its answer.
            view = self.table.bot_view(seat)
            action = await asyncio.to_thread(sitter.decide, view)
            await self.apply(sitter, action)
            return
        expiry = self.clock.expired(now, bank=sitter.time_bank, connected=sitter.connected)
        if expiry == "bank":
            self.broadcast()
            return
        if self.clock.banking:
            sitter.time_bank = 0.0
        sitter.timed_out = True
        self.table.timeout()
        await self.after_change(timed_out=seat)

    def _expire_offers(self, now: float) -> None:
        """Seats offered and not taken in time go to the next in line."""
        expired, made = self.waiting.expire(now=now)
        for offer in expired:
            outbox = self.waiting.outboxes.pop(offer.account, None)
            if outbox is not None:
                outbox.send(message("seat-offer-expired", table=self.id, seat=offer.seat))
        self.tell_offers(made)

    def offer_seats(self) -> None:
        """Offer the free seats to the waiting list (each held for its first player)."""
        if len(self.waiting):
            free = [s for s in range(self.table.seats)
                    if s not in {line.seat for line in self.table.lines()}]
            self.tell_offers(self.waiting.offer(free, now=self.now()))

    def tell_offers(self, offers: list[Offer]) -> None:
        """Tell each offered player his seat and how long he has to take it."""
        for offer in offers:
            outbox = self.waiting.outboxes.get(offer.account)
            if outbox is not None:
                outbox.send(message("seat-offered", table=self.id, seat=offer.seat,
                                    accept=round(offer.until - self.now(), 1)))

    async def _recover(self) -> None:
        """After a failure on the timer: play the default action, or wait a little."""
        self.next_round_at = self.now() + 5
        if self.table.turn() is not None:
            try:
                self.table.timeout()
                await self.after_change()
                return
            except Exception:
                log.exception("table %s: the default action failed too", self.id)
        self.clock.deadline = self.now() + 5

    async def sweep(self, now: float) -> list[tuple[int, Why]]:
        """Between rounds: free the seats of people away too long, past the missed big
        blinds, or busted past the rebuy time (their chips are cashed out)."""
        seen = []
        for line in self.table.lines():
            sitter = self.sitters.get(line.seat)
            if sitter is None or sitter.bot is not None:
                continue
            seen.append(Seen(line.seat, sitter.connected, line.sitting_out, line.missed,
                             line.stack))
        freed = self.ghosts.review(now, seen)
        for seat, why in freed:
            sitter = self.sitters[seat]
            log.info("table %s: seat %s (%s) freed: %s", self.id, seat, sitter.name, why)
            self.table.leave(seat)
            await self.cash_out(sitter, why)
        return freed

    def you(self, sitter: Sitter) -> dict[str, Any]:
        """What the room adds to a seated player's own part of the table message: when his
        seat will be freed if he stays away or busted, and whether he leaves after the
        round."""
        now = self.now()
        extra: dict[str, Any] = {"leaving_after_hand": sitter.leave_after}
        for key, why in (("rebuy_in", "busted"), ("freed_in", "away")):
            due = self.ghosts.due(sitter.seat, why)  # type: ignore[arg-type]
            extra[key] = None if due is None else round(max(0.0, due - now), 1)
        return extra

    def _idle(self, now: float) -> bool:
        """Whether a player's table has gone without a person seated for too long."""
        if self.record.owner is None or any(s.bot is None for s in self.sitters.values()):
            self.idle_since = None
            return False
        if self.idle_since is None:
            self.idle_since = now
        return now - self.idle_since >= self.config.idle_close

    async def close(self, reason: str) -> None:
        """Close the table: every seat cashed out and the table marked closed, in one
        transaction; watchers are told why (``idle``, ``operator``), and the task ends."""
        await self.recorder.write(lambda conn: self.store.close_table(self.id, conn=conn))
        self.closed = True
        self.audience.tell(message("closed", table=self.id, reason=reason))
        self.audience.watchers.clear()
        if self.on_close is not None:
            self.on_close(self.id)
        if reason == "idle":
            log.info("table %s closed: nobody but bots sat there for %s s", self.id,
                     self.config.idle_close)
        else:
            log.info("table %s closed by an operator: %s", self.id, self.closing)

    # -- rounds ------------------------------------------------------------------------

    async def _deal(self) -> None:
        self.next_round_at = self.now() + self.config.between_hands
        if not self.table.ready():
            # not enough players: look again shortly (never a busy loop)
            self.next_round_at = self.now() + max(self.config.between_hands, 0.1)
            return
        number = self.number + 1
        if number - self.chain_start > self.chain.length:
            await self._new_chain()
        index = number - self.chain_start
        seed = self.chain.seed(index)
        order = self.table.next_seats()
        clients = {i: self.sitters[s].client_seed for i, s in enumerate(order)}
        self.rng.rekey(hand_key(seed, number, clients))
        deal = self.table.deal(self.rng)
        if deal.seats != order:
            raise TableError(f"table {self.id} dealt {deal.seats}, not the order {order}.")
        self.number = number
        accounts = [self.sitters[s].account for s in deal.seats]
        setup = {
            **deal.setup,
            "table": self.id,
            "number": number,
            "seats": list(deal.seats),
            "accounts": accounts,
            "names": [self.sitters[s].name for s in deal.seats],
            "client_seeds": [clients[i] for i in range(len(deal.seats))],
            "anchor": self.chain.anchor.hex(),
            "chain_index": index,
            "commitment": commitment(seed),
        }
        await self.recorder.begin(
            number, seed=seed, commitment=commitment(seed), setup=setup, players=accounts,
            button=deal.button,
        )
        self.round_seats = deal.seats
        self.audience.tell(message(
            "hand-start", table=self.id, hand=self.recorder.round_id, number=number,
            anchor=setup["anchor"], commitment=setup["commitment"],
            client_seeds={str(s): clients[i] for i, s in enumerate(deal.seats)},
        ))
        await self.after_change()

    async def apply(self, sitter: Sitter, action: Any) -> None:
        """The player (or bot) in ``sitter``'s seat acts."""
        started = time.perf_counter()
        self.table.act(sitter.seat, action)
        await self.after_change()
        ACTIONS.inc()
        ACTION_SECONDS.observe(time.perf_counter() - started)

    async def after_change(self, *, timed_out: int | None = None) -> None:
        """The round moved: write what was played, tell everyone, time the next turn (or
        finish the round)."""
        if self.round_seats:
            await self.recorder.catch_up(self.table)
        if timed_out is not None:
            self.audience.tell(message("timed-out", table=self.id, seat=timed_out))
        if self.round_seats and self.table.over:
            await self._finish()
            return
        seat = self.table.turn()
        if seat is None:
            self.clock.stop()
            self.broadcast()
            return
        sitter = self.sitters[seat]
        away = not sitter.connected and sitter.reconnects > 0 and sitter.bot is None
        if away:
            sitter.reconnects -= 1
        self.clock.start_turn(seat, self.now(), bot=sitter.decide is not None, away=away)
        self.broadcast()
        if sitter.bot is None and self.hints_for(sitter):
            self.hint(sitter)

    def hints_for(self, sitter: Sitter) -> bool:
        """Whether ``sitter`` is shown hints: the table's ``hints`` option, or, left out, when
        he opened the table and every other seat is a bot (a practice table)."""
        chosen = self.record.config.get("hints")
        if chosen is not None:
            return bool(chosen)
        return self.record.owner == sitter.account and all(
            s.bot is not None for s in self.sitters.values() if s is not sitter)

    def hint(self, sitter: Sitter) -> None:
        """Compute the seat's hint in a worker thread (a triple-draw hint takes up to a
        second) and send it to that player's connections only."""
        if not isinstance(self.table, Hinting):
            return
        job = self.table.hinter(sitter.seat)
        if job is None:
            return
        round_id = self.recorder.round_id

        async def send() -> None:
            try:
                data = await asyncio.to_thread(job)
            except Exception:
                log.exception("table %s: the hint failed", self.id)
                return
            if data is None or self.recorder.round_id != round_id:
                return
            body = message("hint", table=self.id, hand=round_id, seat=sitter.seat, hint=data)
            for outbox, account in list(self.audience.watchers.values()):
                if account == sitter.account:
                    outbox.send(body)

        task = asyncio.create_task(send(), name=f"table-{self.id}-hint")
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _finish(self) -> None:
        outcome = self.table.outcome()
        net = {self.sitters[s].account: n for s, n in outcome.net.items()}
        await self.recorder.finish(net, {**outcome.record, **outcome.summary})
        self.table.finish()
        HANDS.inc()
        pot = int(outcome.summary.get("pot", 0))
        self.pots.append(pot)
        self.finished.append(self.now())
        del self.pots[:-100]
        self.round_seats = ()
        self.clock.stop()
        self.next_round_at = self.now() + self.config.between_hands
        for sitter in list(self.sitters.values()):
            if sitter.leave_after and self.table.present(sitter.seat):
                self.table.leave(sitter.seat)
            if not self.table.present(sitter.seat):
                await self.cash_out(sitter)
                continue
            if sitter.bot is not None and self.table.stack(sitter.seat) <= 0:
                amount = self.options.default_buy_in
                await self._rebuy_bot(sitter.seat, amount)
                self.table.add_chips(sitter.seat, amount)
                self.table.come_in(sitter.seat)
            elif sitter.bot is None and (sitter.timed_out or not sitter.connected):
                sitter.timed_out = False
                if not any(line.seat == sitter.seat and line.sitting_out
                           for line in self.table.lines()):
                    self.table.sit_out(sitter.seat, "next-hand")
        self.broadcast()

    async def _rebuy_bot(self, seat: int, amount: int) -> None:
        await self.recorder.write(
            lambda conn: self.store.rebuy_bot(self.id, seat, amount, conn=conn))

    async def _new_chain(self) -> None:
        """Every seed of the chain is used: go on with a new chain (and a new anchor)."""
        top = secrets.token_bytes(32)
        start = self.number
        length = self.chain.length
        await self.recorder.write(
            lambda conn: self.store.new_chain(self.id, top, length, start, conn=conn))
        self.chain = SeedChain(top, length=self.chain.length)
        self.chain_start = start
        log.info("table %s: a new seed chain from round %s, anchor %s", self.id, start + 1,
                 self.chain.anchor.hex())

    async def cash_out(self, sitter: Sitter, why: str = "left") -> None:
        """His seat is empty: his chips go back to his bankroll (and his seeds are his).
        ``why``: he ``left``, or his seat was freed (``away``, ``missed``, ``busted``)."""
        seat = sitter.seat
        await self.recorder.write(lambda conn: self.store.stand(self.id, seat, conn=conn))
        del self.sitters[sitter.seat]
        self.ghosts.forget(sitter.seat)
        for outbox in sitter.outboxes.values():
            outbox.send(message("left", table=self.id, seat=sitter.seat, reason=why))
        self.offer_seats()
        self.broadcast()

    # -- messages ----------------------------------------------------------------------

    def sitter_of(self, account: int | None) -> Sitter | None:
        """The seat of ``account`` at this table, if he sits here."""
        if account is None:
            return None
        for sitter in self.sitters.values():
            if sitter.account == account:
                return sitter
        return None

    def public(self) -> dict[str, Any]:
        """What every watcher sees alike, now."""
        return public_state(self.table, self.sitters, self.clock, self.now())

    def send_state(self, command: Command, *, full: bool = False) -> None:
        """Send one connection its ``table`` message."""
        assert command.outbox is not None
        sitter = self.sitter_of(command.account)
        command.outbox.send(self.audience.state(
            self.id, self.table, self.recorder.round_id, command.outbox, sitter, self.public(),
            full=full, extra=self.you,
        ))

    def broadcast(self) -> None:
        """Send every watcher his ``table`` message."""
        self.audience.broadcast(self.id, self.table, self.recorder.round_id, self.sitters,
                                self.public(), extra=self.you)

    def summary(self) -> dict[str, Any]:
        """The lobby line of this table."""
        players = [
            {"seat": line.seat, "name": line.name,
             "bot": None if line.seat not in self.sitters else self.sitters[line.seat].bot,
             "stack": line.stack, "sitting_out": line.sitting_out}
            for line in self.table.lines()
        ]
        options = self.options
        return {
            "id": self.id,
            "name": self.record.name,
            "game": self.table.game,
            "kind": self.table.kind,
            "title": self.table.title,
            "structure": self.record.structure,
            "stakes": options.stakes,
            "blinds": options.blinds,
            "deck": options.deck,
            "seats": self.table.seats,
            "taken": len(self.sitters),
            "players": players,
            "average_pot": round(sum(self.pots) / len(self.pots), 1) if self.pots else None,
            "hands": self.number,
            "clock": self.clock.clock,
            "anchor": self.chain.anchor.hex(),
            "buy_in": {"min": options.min_buy_in, "max": options.max_buy_in},
            "owner": self.owner_name,
            "chat": self.chat.mode,
            "waiting": len(self.waiting),
            "hands_per_hour": self.hands_per_hour(),
        }

    def hands_per_hour(self) -> float:
        """Rounds finished in the last hour (scaled up while the table is younger)."""
        now = self.now()
        recent = sum(1 for t in self.finished if now - t <= 3600)
        return round(recent * 3600 / min(3600.0, max(60.0, now - self.opened)), 1)
