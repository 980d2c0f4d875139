"""A live table: one asyncio task that owns a :class:`~standpat.table.Table` and its clock.

The table's rules (seats, buy-ins, the dead button, missed blinds, posting or
waiting, sitting out) are the table layer's; this module adds what a room
needs around them: the connections, the clock and time bank, the reconnect
window, bots, the fair shuffle and the database.

Every command for a table goes through its queue, so its state changes one
command at a time.  An accepted action is written to the store before any
connection hears of it; a finished hand moves its chips in the ledger in one
transaction with the seats' stacks.  A hand cut short by a crash is voided on
restart: its chips never left the seat wallets, so every bet is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from standpat.engine import Action, SeatView, Stakes
from standpat.errors import ProtocolError, StandpatError, TableError
from standpat.fairness import FairRandom, SeedChain, check_client_seed, commitment, hand_key
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command, Outbox
from standpat.server.problems import error_code
from standpat.server.protocol import action_from_json, error_message, message, view_json
from standpat.server.record import event_to_record
from standpat.store import Store, TableRecord
from standpat.table import Choice, SitOut, Table

__all__ = ["LiveTable", "Sitter"]

log = logging.getLogger("standpat.server")


@dataclass(slots=True)
class Sitter:
    """What the room tracks of a seated player (or bot) beyond the table's rules."""

    seat: int
    account: int
    name: str
    bot: str | None = None
    connected: bool = True
    reconnects: int = 3
    time_bank: float = 60.0
    client_seed: str = ""
    decide: Callable[[SeatView], Action] | None = None
    timed_out: bool = False
    outboxes: dict[int, Outbox] = field(default_factory=dict)


class LiveTable:
    """One table's state and task."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        config: ServerConfig,
        bots: BotFactory,
        *,
        on_close: Callable[[int], None] | None = None,
    ) -> None:
        self.record = record
        self.on_close = on_close
        self.idle_since: float | None = None
        self.owner_name = None if record.owner is None else store.account(record.owner).name
        self.id = record.id
        self.store = store
        self.config = config
        self.bots = bots
        self.stakes = Stakes.parse(record.stakes)
        self.clock = float(record.config.get("clock", config.clock))
        self.chain = SeedChain(bytes.fromhex(record.chain_top), length=record.chain_length)
        self.chain_start = record.chain_start
        self.number = record.hands_dealt
        self.rng = FairRandom()
        self.min_buy_in = 10 * self.stakes.small_bet
        self.max_buy_in = 100 * self.stakes.small_bet
        # the table's own maximum is lifted: after a restart a winner sits again with a
        # stack above it; the room checks the maximum itself for buy-ins and added chips
        self.table = Table(
            record.game,
            record.structure,
            self.stakes,
            seats=record.seats,
            rng=self.rng,
            deal_rng=self._deal_stream,
            button=record.button % record.seats,
            min_buy_in=self.min_buy_in,
            max_buy_in=2**62,
        )
        self.sitters: dict[int, Sitter] = {}
        self.watchers: dict[int, tuple[Outbox, int | None]] = {}
        self.sent: dict[int, tuple[int, int]] = {}
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.hand_id = 0
        self.hand_seats: tuple[int, ...] = ()
        self.seq = 0
        self.deadline: float | None = None
        self.turn_started = 0.0
        self.banking = False
        self.next_hand_at = time.monotonic() + config.between_hands
        self.pots: list[int] = []
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        for seat in store.seats(self.id):
            # after a restart the players sit again as at a new table (positions start afresh)
            if seat.stack < self.min_buy_in and seat.bot_level is not None:
                stack = self.store.rebuy_bot(self.id, seat.seat, self._default_buy_in())
                seat = dataclasses.replace(seat, stack=stack)
            if seat.stack <= 0:
                self.store.stand(self.id, seat.seat)
                continue
            self.table.sit(seat.seat, seat.name, max(seat.stack, self.min_buy_in))
            if seat.stack < self.min_buy_in:  # a short stack sits again as it was
                self.table.leave(seat.seat)
                self.store.stand(self.id, seat.seat)
                continue
            sitter = Sitter(
                seat.seat,
                seat.account_id,
                seat.name,
                bot=seat.bot_level,
                connected=seat.bot_level is not None,
                reconnects=config.reconnects,
                time_bank=config.time_bank,
            )
            self.sitters[seat.seat] = sitter
            if seat.bot_level is None:
                self.table.sit_out(seat.seat)
            else:
                sitter.decide = bots(seat.bot_level)
                self._come_in(sitter)

    def _deal_stream(self, seed: int) -> random.Random:
        """The generator that shuffles a hand's cards: this hand's HMAC stream, read on from
        just after the table drew the hand's seed from it (a copy, so nothing else reads it)."""
        return copy.copy(self.rng)

    # -- the task -------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's task."""
        self.task = asyncio.create_task(self.run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Stop the table's task."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def run(self) -> None:
        """Serve commands and deadlines until cancelled, or until the table closes."""
        while not self.closed:
            try:
                # a command already queued goes first: a deadline that is always due (bots
                # that act at once, no pause between hands) must not starve the queue
                command = self.queue.get_nowait()
            except asyncio.QueueEmpty:
                wake = self._next_wake()
                timeout = None if wake is None else max(0.0, wake - time.monotonic())
                try:
                    command = await asyncio.wait_for(self.queue.get(), timeout)
                except TimeoutError:
                    try:
                        await self._on_timer()
                    except Exception:
                        log.exception("table %s: the timer failed", self.id)
                        await self._recover()
                    continue
            try:
                result = await self._handle(command)
            except StandpatError as error:
                self._refuse(command, error)
            except Exception as error:
                log.exception("table %s: %s failed", self.id, command.kind)
                self._refuse(command, error)
            else:
                if command.reply is not None and not command.reply.done():
                    command.reply.set_result(result)

    def _idle(self, now: float) -> bool:
        """Whether a player's table has gone without a person seated for too long."""
        if self.record.owner is None or any(s.bot is None for s in self.sitters.values()):
            self.idle_since = None
            return False
        if self.idle_since is None:
            self.idle_since = now
        return now - self.idle_since >= self.config.idle_close

    async def _close(self) -> None:
        """Close the table: every seat cashed out and the table marked closed, in one
        transaction; watchers are told, and the task ends."""
        await self._db(self.store.close_table, self.id)
        self.closed = True
        for outbox, _ in self.watchers.values():
            outbox.send(message("closed", table=self.id, reason="idle"))
        self.watchers.clear()
        if self.on_close is not None:
            self.on_close(self.id)
        log.info("table %s closed: nobody but bots sat there for %s s", self.id,
                 self.config.idle_close)

    async def _recover(self) -> None:
        """After a failure on the timer: play the default action, or wait a little."""
        self.next_hand_at = time.monotonic() + 5
        wait = self.table.waiting_for()
        if wait is not None:
            try:
                await self._apply(self.sitters[wait.seat], wait.action)
                return
            except Exception:
                log.exception("table %s: the default action failed too", self.id)
        self.deadline = time.monotonic() + 5

    async def _db(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a store call in a worker thread: other tables play on while it waits."""
        return await asyncio.to_thread(call, *args, **kwargs)

    def _refuse(self, command: Command, error: Exception) -> None:
        if command.reply is not None and not command.reply.done():
            command.reply.set_exception(error)
        elif command.outbox is not None:
            code = error_code(error)
            text = str(error) if code != "internal" else "the server failed to do that."
            command.outbox.send(error_message(code, text, command.data.get("ref")))

    def _next_wake(self) -> float | None:
        if self.table.playing:
            return self.deadline
        if self.idle_since is not None:
            return min(self.next_hand_at, self.idle_since + self.config.idle_close)
        return self.next_hand_at

    async def _on_timer(self) -> None:
        now = time.monotonic()
        if not self.table.playing:
            if self._idle(now):
                await self._close()
                return
            if now >= self.next_hand_at:
                await self._deal()
            return
        if self.deadline is None or now < self.deadline:
            return
        wait = self.table.waiting_for()
        assert wait is not None
        sitter = self.sitters[wait.seat]
        if sitter.decide is not None:
            # A bot thinks in a worker thread (a strong one takes up to 0.2 s), so the other
            # tables and the sockets go on meanwhile; this table waits for its answer.
            action = await asyncio.to_thread(sitter.decide, self._view_of(wait.seat))
            await self._apply(sitter, action)
            return
        if not self.banking and sitter.time_bank > 0 and sitter.connected:
            self.banking = True
            self.deadline = now + sitter.time_bank
            self._broadcast()
            return
        if self.banking:
            sitter.time_bank = 0.0
        sitter.timed_out = True
        await self._apply(sitter, wait.action, timed_out=True)

    # -- commands -------------------------------------------------------------------

    async def _handle(self, command: Command) -> Any:
        kind = command.kind
        data = command.data
        if kind == "watch":
            assert command.outbox is not None
            sitter = self._sitter_of(command.account)
            if sitter is None and command.outbox.id not in self.watchers:
                spectators = sum(
                    1 for _, a in self.watchers.values() if self._sitter_of(a) is None
                )
                if spectators >= self.config.max_watchers:
                    raise ProtocolError(
                        "too-many-watchers",
                        f"table {self.id} has {spectators} spectators, as many as it admits.",
                    )
            self.watchers[command.outbox.id] = (command.outbox, command.account)
            if sitter is not None and sitter.bot is None:
                sitter.outboxes[command.outbox.id] = command.outbox
                sitter.connected = True
            self._send_state(command.outbox, command.account, full=True)
            return None
        if kind in ("unwatch", "disconnect"):
            assert command.outbox is not None
            self.watchers.pop(command.outbox.id, None)
            self.sent.pop(command.outbox.id, None)
            sitter = self._sitter_of(command.account)
            if sitter is not None:
                sitter.outboxes.pop(command.outbox.id, None)
                if kind == "disconnect" and not sitter.outboxes and sitter.bot is None:
                    self._disconnected(sitter)
            return None
        if kind == "summary":
            return self.summary()
        if kind == "seat-bot":
            self._may_seat_bots(command.account, bool(data.get("operator")))
            return await self._seat_bot(str(data.get("level", "normal")), data.get("seat"))
        if command.account is None:
            raise ProtocolError("not-logged-in", "log in to do that.")
        if kind == "sit":
            return await self._sit(command)
        sitter = self._sitter_of(command.account)
        if sitter is None:
            raise ProtocolError("not-seated", f"you do not sit at table {self.id}.")
        seat = sitter.seat
        if kind == "act":
            await self._act(sitter, data)
        elif kind == "leave":
            hand = self.table.hand if self.table.playing else None
            dealt_in = hand is not None and seat in self.table.dealt
            before = None if hand is None else len(hand.actions)
            self.table.leave(seat)  # in his hand, the table plays check-or-fold for him
            if before is not None:
                await self._log_actions(before)
            if dealt_in:
                # His fold may have ended the hand: finish it (which cashes out whoever left),
                # else go on with the next player's turn.
                await self._after_change()
            if seat in self.sitters and self.table.player(seat) is None:
                await self._cash_out(sitter)
            return None
        elif kind == "sit-out":
            when = data.get("when", SitOut.NEXT_HAND.value)
            self.table.sit_out(seat, str(when))
        elif kind == "sit-in":
            sitter.timed_out = False
            self.table.sit_in(seat)
        elif kind == "choose":
            self.table.choose(seat, str(data.get("choice", "")))
        elif kind == "add-chips":
            amount = int(data["amount"])
            # everything the table would refuse is refused before a chip moves
            self.table.check_add_chips(seat, amount, most=self.max_buy_in)
            await self._db(self.store.add_chips, self.id, seat, amount)
            self.table.add_chips(seat, amount)
            player = self.table.player(seat)
            if player is not None and player.stack > 0 and not player.leaving:
                self.table.sit_in(seat)
        elif kind == "client-seed":
            sitter.client_seed = check_client_seed(str(data.get("seed", "")))
            return None
        else:
            raise ProtocolError("unknown-type", f"a table does not take {kind!r} messages.")
        self._broadcast()
        return None

    async def _sit(self, command: Command) -> int:
        assert command.account is not None
        data = command.data
        if self._sitter_of(command.account) is not None:
            raise TableError(f"you already sit at table {self.id}.")
        seat = data.get("seat")
        if seat is None:
            seat = self._free_seat()
        buy_in = data.get("buy_in", self._default_buy_in())
        if not self.min_buy_in <= buy_in <= self.max_buy_in:
            raise TableError(
                f"a buy-in at this table is {self.min_buy_in} to {self.max_buy_in} chips; "
                f"got {buy_in}."
            )
        account = await self._db(self.store.account, command.account)
        self.table.sit(seat, account.name, buy_in)
        try:
            await self._db(
                self.store.sit, self.id, seat, command.account, buy_in,
                cool_off=self.config.cool_off,
            )
        except StandpatError:
            self.table.leave(seat)
            raise
        sitter = Sitter(
            seat,
            command.account,
            account.name,
            reconnects=self.config.reconnects,
            time_bank=self.config.time_bank,
            client_seed=account.client_seed,
        )
        if command.outbox is not None:
            self.watchers[command.outbox.id] = (command.outbox, command.account)
        # every connection of his that watches the table is his now (a tab that watched
        # before he sat counts toward his being connected, and its closing too)
        for outbox, account in self.watchers.values():
            if account == command.account:
                sitter.outboxes[outbox.id] = outbox
        self.sitters[seat] = sitter
        if data.get("post", True):
            self._come_in(sitter)
        self._broadcast()
        return seat

    def _may_seat_bots(self, account: int | None, operator: bool) -> None:
        """Only the table's owner (or an operator) seats bots, and a player's table keeps
        a seat for a person."""
        if operator:
            return
        if account is None or account != self.record.owner:
            raise ProtocolError(
                "forbidden", f"only the player who opened table {self.id} may seat bots there."
            )
        bots = sum(1 for s in self.sitters.values() if s.bot is not None)
        if bots >= self.table.seats - 1:
            raise TableError(
                f"table {self.id} has {bots} bots already; one seat stays for a person."
            )

    def _come_in(self, sitter: Sitter) -> None:
        """Post to come in at once when the table allows it (a bot always does)."""
        choices = self.table.choices(sitter.seat)
        posts = [c for c in choices if c is not Choice.WAIT_FOR_BB]
        if posts:
            self.table.choose(sitter.seat, posts[0])

    async def _seat_bot(self, level: str, seat: Any) -> int:
        if seat is None:
            seat = self._free_seat()
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TableError(f"seat {seat!r} is not a seat number.")
        decide = self.bots(level)
        buy_in = self._default_buy_in()
        name = f"bot-{self.id}-{seat}-{secrets.token_hex(2)}"
        self.table.sit(seat, name, buy_in)
        try:
            account = await self._db(
                self.store.create_account, name, None, bot=True, grant=buy_in
            )
            await self._db(self.store.sit, self.id, seat, account.id, buy_in, bot_level=level)
        except StandpatError:
            self.table.leave(seat)
            raise
        sitter = Sitter(seat, account.id, name, bot=level, decide=decide)
        self.sitters[seat] = sitter
        self._come_in(sitter)
        self._broadcast()
        return seat

    async def _cash_out(self, sitter: Sitter) -> None:
        await self._db(self.store.stand, self.id, sitter.seat)
        del self.sitters[sitter.seat]
        for outbox in sitter.outboxes.values():
            outbox.send(message("left", table=self.id, seat=sitter.seat))
        self._broadcast()

    def _disconnected(self, sitter: Sitter) -> None:
        if not sitter.connected:
            return  # one reconnect window per disconnection, however many tabs close
        sitter.connected = False
        if not (self.table.playing and sitter.seat in self.table.dealt):
            self.table.sit_out(sitter.seat)
        elif self._to_act_seat() == sitter.seat and sitter.reconnects > 0 and self.deadline:
            sitter.reconnects -= 1
            self.deadline += self.config.reconnect
        self._broadcast()

    # -- hands ----------------------------------------------------------------------

    async def _deal(self) -> None:
        self.next_hand_at = time.monotonic() + self.config.between_hands
        try:
            plan = self.table.next_plan()
        except TableError:  # not enough players: look again shortly (never a busy loop)
            self.next_hand_at = time.monotonic() + max(self.config.between_hands, 0.1)
            return
        number = self.number + 1
        if number - self.chain_start > self.chain.length:
            await self._new_chain()
        index = number - self.chain_start
        seed = self.chain.seed(index)
        clients = {i: self.sitters[s].client_seed for i, s in enumerate(plan.dealt)}
        self.rng.rekey(hand_key(seed, number, clients))
        hand = self.table.start_hand()
        self.number = number
        dealt = self.table.dealt
        accounts = [self.sitters[s].account for s in dealt]
        setup = {
            "table": self.id,
            "number": number,
            "game": self.table.game.name.value,
            "structure": self.table.structure.value,
            "stakes": self.record.stakes,
            "seats": list(dealt),
            "accounts": accounts,
            "names": [self.sitters[s].name for s in dealt],
            "stacks": list(hand.starting_stacks),
            "button": hand.button,
            "posts": [[p.seat, p.kind.value, p.amount] for p in hand.posts],
            "client_seeds": [clients[i] for i in range(len(dealt))],
            "anchor": self.chain.anchor.hex(),
            "chain_index": index,
            "commitment": commitment(seed),
        }
        self.hand_id = await self._db(
            self.store.start_hand,
            self.id,
            number,
            seed=seed,
            commitment=commitment(seed),
            setup=setup,
            players=accounts,
            button=plan.button,
        )
        self.hand_seats = dealt
        self.seq = 0
        for outbox, _account in self.watchers.values():
            outbox.send(
                message(
                    "hand-start",
                    table=self.id,
                    hand=self.hand_id,
                    number=number,
                    anchor=setup["anchor"],
                    commitment=setup["commitment"],
                    client_seeds={str(s): clients[i] for i, s in enumerate(dealt)},
                )
            )
        await self._log_actions(0)
        await self._after_change()

    async def _act(self, sitter: Sitter, data: dict[str, Any]) -> None:
        if not self.table.playing:
            raise ProtocolError("no-hand", "no hand is being played at this table.")
        hand_ref = data.get("hand")
        if hand_ref is not None and hand_ref != self.hand_id:
            raise ProtocolError("stale", f"hand {hand_ref} is over; this is hand {self.hand_id}.")
        if self._to_act_seat() != sitter.seat:
            raise ProtocolError("not-your-turn", "it is not your turn to act.")
        action = action_from_json(data.get("action"))
        hand = self.table.hand
        assert hand is not None
        hand.verify(action)
        if self.banking:
            spent = time.monotonic() - self.turn_started
            sitter.time_bank = max(0.0, sitter.time_bank - max(0.0, spent - self.clock))
        await self._apply(sitter, action)

    async def _apply(self, sitter: Sitter, action: Action, *, timed_out: bool = False) -> None:
        hand = self.table.hand
        assert hand is not None
        index = self.hand_seats.index(sitter.seat)
        hand.verify(action, index)
        before = len(hand.actions)
        await self._db(self.store.log_action, self.hand_id, self.seq, sitter.seat, str(action))
        self.seq += 1
        self.table.act(sitter.seat, action)
        await self._log_actions(before + 1)
        if timed_out:
            for outbox, _ in self.watchers.values():
                outbox.send(message("timed-out", table=self.id, seat=sitter.seat))
        await self._after_change()

    async def _log_actions(self, start: int) -> None:
        """Write the actions the table played by itself (for players who left)."""
        hand = self.table.hand
        assert hand is not None
        for i, action in hand.actions[start:]:
            seat = self.hand_seats[i]
            await self._db(self.store.log_action, self.hand_id, self.seq, seat, str(action))
            self.seq += 1

    async def _after_change(self) -> None:
        hand = self.table.hand
        if hand is not None and hand.is_over and self.hand_seats:
            await self._finish()
            return
        if not self.table.playing:
            self._broadcast()
            return
        seat = self._to_act_seat()
        now = time.monotonic()
        self.turn_started = now
        self.banking = False
        assert seat is not None
        sitter = self.sitters[seat]
        if sitter.decide is not None:
            self.deadline = now + self.config.bot_delay
        else:
            self.deadline = now + self.clock
            if not sitter.connected and sitter.reconnects > 0:
                sitter.reconnects -= 1
                self.deadline += self.config.reconnect
        self._broadcast()

    async def _finish(self) -> None:
        hand = self.table.hand
        assert hand is not None
        net = {self.sitters[s].account: hand.net[i] for i, s in enumerate(self.hand_seats)}
        pot = sum(hand.payouts)
        record = {
            "pot": pot,
            "actions": [[self.hand_seats[i], str(a)] for i, a in hand.actions],
            "payouts": list(hand.payouts),
            "net": list(hand.net),
            "events": [event_to_record(e) for e in hand.events],
        }
        await self._db(self.store.finish_hand, self.id, self.hand_id, net, record)
        self.pots.append(pot)
        del self.pots[:-100]
        self.hand_seats = ()
        self.deadline = None
        self.next_hand_at = time.monotonic() + self.config.between_hands
        for sitter in list(self.sitters.values()):
            player = self.table.player(sitter.seat)
            if player is None:
                await self._cash_out(sitter)
                continue
            if sitter.bot is not None and player.stack <= 0:
                amount = self._default_buy_in()
                await self._db(self.store.rebuy_bot, self.id, sitter.seat, amount)
                self.table.add_chips(sitter.seat, amount)
                self.table.sit_in(sitter.seat)
                self._come_in(sitter)
            elif sitter.bot is None and (sitter.timed_out or not sitter.connected):
                sitter.timed_out = False
                if not player.sitting_out:
                    self.table.sit_out(sitter.seat)
        self._broadcast()

    async def _new_chain(self) -> None:
        """Every seed of the chain is used: go on with a new chain (and a new anchor)."""
        top = secrets.token_bytes(32)
        start = self.number
        await self._db(self.store.new_chain, self.id, top, self.chain.length, start)
        self.chain = SeedChain(top, length=self.chain.length)
        self.chain_start = start
        log.info("table %s: a new seed chain from hand %s, anchor %s", self.id, start + 1,
                 self.chain.anchor.hex())

    # -- views ----------------------------------------------------------------------

    def _sitter_of(self, account: int | None) -> Sitter | None:
        if account is None:
            return None
        for sitter in self.sitters.values():
            if sitter.account == account:
                return sitter
        return None

    def _to_act_seat(self) -> int | None:
        wait = self.table.waiting_for()
        return None if wait is None else wait.seat

    def _view_of(self, seat: int | None) -> SeatView:
        view = self.table.view(seat).hand
        assert view is not None
        return view

    def _free_seat(self) -> int:
        for seat in range(self.table.seats):
            if self.table.player(seat) is None:
                return seat
        raise TableError(f"table {self.id} is full.")

    def _default_buy_in(self) -> int:
        return (self.min_buy_in + self.max_buy_in) // 2

    def _public(self) -> dict[str, Any]:
        """What every watcher of the table sees alike: seats, positions and the clock."""
        view = self.table.view(None)
        seats = []
        for i, info in enumerate(view.seats):
            if info is None:
                continue
            owner = self.sitters.get(i)
            seats.append(
                {
                    "seat": i,
                    "name": info.name,
                    "stack": info.stack,
                    "bot": None if owner is None else owner.bot,
                    "sitting_out": info.sitting_out,
                    "waiting": info.waiting,
                    "in_hand": info.in_hand,
                    "marker": None if info.marker is None else info.marker.value,
                    "connected": True if owner is None else owner.connected,
                }
            )
        clock = None
        to_act = self._to_act_seat()
        if to_act is not None and self.deadline is not None:
            clock = {
                "seat": to_act,
                "remaining": round(max(0.0, self.deadline - time.monotonic()), 2),
                "time_bank": self.banking,
            }
        return {
            "seats": seats,
            "button": view.button,
            "small_blind": view.small_blind,
            "big_blind": view.big_blind,
            "dead_button": view.dead_button,
            "clock": clock,
        }

    def state(
        self, account: int | None, since: int = 0, public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The ``table`` message for one connection: seats, positions, clock and its view.

        The hand's events start at index ``since`` (what the connection already has);
        ``public`` is :meth:`_public`, when the caller has it already.
        """
        sitter = self._sitter_of(account)
        seat = None if sitter is None else sitter.seat
        hand = None
        live = self.table.hand
        if live is not None and self.hand_id:
            dealt = self.table.dealt
            index = dealt.index(seat) if seat is not None and seat in dealt else None
            hand = view_json(live.view(index), dealt, since)
            hand["id"] = self.hand_id
            hand["number"] = self.number
        you = None
        if sitter is not None:
            player = self.table.player(sitter.seat)
            you = {
                "seat": sitter.seat,
                "time_bank": round(sitter.time_bank, 1),
                "reconnects": sitter.reconnects,
                "choices": [] if player is None else [
                    c.value for c in self.table.choices(sitter.seat)
                ],
                "sit_out_next_big_blind": bool(player and player.out_at_bb),
                "leaving": bool(player and player.leaving),
            }
        return message(
            "table", table=self.id, **(public or self._public()), hand=hand, you=you
        )

    def _send_state(
        self,
        outbox: Outbox,
        account: int | None,
        *,
        full: bool = False,
        public: dict[str, Any] | None = None,
    ) -> None:
        hand, count = self.sent.get(outbox.id, (0, 0))
        since = count if hand == self.hand_id and not full else 0
        state = self.state(account, since, public)
        if state["hand"] is not None:
            self.sent[outbox.id] = (self.hand_id, state["hand"]["event_count"])
        outbox.send(state)

    def _broadcast(self) -> None:
        public = self._public()
        for outbox, account in self.watchers.values():
            self._send_state(outbox, account, public=public)

    def summary(self) -> dict[str, Any]:
        """The lobby line of this table."""
        game = self.table.game
        players = []
        for seat, sitter in sorted(self.sitters.items()):
            player = self.table.player(seat)
            players.append(
                {
                    "seat": seat,
                    "name": sitter.name,
                    "bot": sitter.bot,
                    "stack": 0 if player is None else self.table.stack(seat),
                    "sitting_out": bool(player and player.sitting_out),
                }
            )
        return {
            "id": self.id,
            "name": self.record.name,
            "game": game.name.value,
            "title": game.title,
            "structure": self.record.structure,
            "stakes": self.record.stakes,
            "seats": self.table.seats,
            "taken": len(self.sitters),
            "players": players,
            "average_pot": round(sum(self.pots) / len(self.pots), 1) if self.pots else None,
            "hands": self.number,
            "clock": self.clock,
            "anchor": self.chain.anchor.hex(),
            "buy_in": {"min": self.min_buy_in, "max": self.max_buy_in},
            "owner": self.owner_name,
        }


