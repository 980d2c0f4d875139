"""A live table: one asyncio task that owns the table, deals hands and runs the clock.

Every command for a table goes through its queue, so a table's state changes
one command at a time.  An accepted action is written to the store before any
connection hears of it; a finished hand moves its chips in the ledger in one
transaction with the seats' stacks.  A hand cut short by a crash is voided on
restart: its chips never left the seat wallets, so every bet is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from standpat.engine import Action, ActionKind, Hand, SeatView, Stakes, get_game
from standpat.errors import ProtocolError, StandpatError, TableError
from standpat.fairness import FairRandom, SeedChain, check_client_seed, commitment, hand_key
from standpat.server.config import Reveal, ServerConfig
from standpat.server.host import BotFactory, Command, Outbox
from standpat.server.problems import error_code
from standpat.server.protocol import action_from_json, error_message, message, view_json
from standpat.server.record import event_to_record
from standpat.store import Store, TableRecord

__all__ = ["LiveTable", "Sitter", "default_action"]

log = logging.getLogger("standpat.server")


def default_action(view: SeatView) -> Action:
    """The table's action for a player whose time ran out: check, else stand pat, else fold."""
    legal = view.legal
    assert legal is not None
    if ActionKind.CHECK in legal.kinds:
        return Action.check()
    if ActionKind.DISCARD in legal.kinds:
        return Action.stand_pat()
    return Action.fold()


@dataclass(slots=True)
class Sitter:
    """A seated player (or bot) as the live table tracks him."""

    seat: int
    account: int
    name: str
    stack: int
    bot: str | None = None
    sitting_out: bool = False
    out_next_hand: bool = False
    out_next_big_blind: bool = False
    leaving: bool = False
    connected: bool = True
    reconnects: int = 3
    time_bank: float = 60.0
    client_seed: str = ""
    acted: Callable[[SeatView], Action] | None = None
    outboxes: dict[int, Outbox] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        """What every watcher sees of this seat."""
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "bot": self.bot,
            "sitting_out": self.sitting_out,
            "connected": self.connected,
        }


class LiveTable:
    """One table's state and task."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        config: ServerConfig,
        bots: BotFactory,
    ) -> None:
        self.record = record
        self.id = record.id
        self.store = store
        self.config = config
        self.bots = bots
        self.game = get_game(record.game)
        self.stakes = Stakes.parse(record.stakes)
        self.clock = float(record.config.get("clock", config.clock))
        self.chain = SeedChain(bytes.fromhex(record.chain_top), length=record.chain_length)
        self.number = record.hands_dealt
        self.button = record.button
        self.sitters: dict[int, Sitter] = {}
        self.watchers: dict[int, tuple[Outbox, int | None]] = {}
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.hand: Hand | None = None
        self.hand_id = 0
        self.hand_seats: list[int] = []
        self.seq = 0
        self.deadline: float | None = None
        self.turn_started = 0.0
        self.banking = False
        self.next_hand_at = time.monotonic() + config.between_hands
        self.pots: list[int] = []
        self.hands_played = 0
        self.task: asyncio.Task[None] | None = None
        for seat in store.seats(self.id):
            sitter = Sitter(
                seat.seat,
                seat.account_id,
                seat.name,
                seat.stack,
                bot=seat.bot_level,
                sitting_out=seat.sitting_out or seat.bot_level is None,
                connected=seat.bot_level is not None,
                reconnects=config.reconnects,
                time_bank=config.time_bank,
            )
            if seat.bot_level is not None:
                sitter.acted = bots(seat.bot_level)
            self.sitters[seat.seat] = sitter

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
        """Serve commands and deadlines until cancelled."""
        while True:
            wake = self._next_wake()
            timeout = None if wake is None else max(0.0, wake - time.monotonic())
            try:
                command = await asyncio.wait_for(self.queue.get(), timeout)
            except TimeoutError:
                try:
                    self._on_timer()
                except Exception:
                    log.exception("table %s: timer failed", self.id)
                continue
            try:
                result = self._handle(command)
            except StandpatError as error:
                self._refuse(command, error)
            except Exception as error:
                log.exception("table %s: %s failed", self.id, command.kind)
                self._refuse(command, error)
            else:
                if command.reply is not None and not command.reply.done():
                    command.reply.set_result(result)

    def _refuse(self, command: Command, error: Exception) -> None:
        if command.reply is not None and not command.reply.done():
            command.reply.set_exception(error)
        elif command.outbox is not None:
            code = error_code(error)
            text = str(error) if code != "internal" else "the server failed to do that."
            command.outbox.send(error_message(code, text, command.data.get("ref")))

    def _next_wake(self) -> float | None:
        if self.hand is not None:
            return self.deadline
        if self._ready_count() >= 2:
            return self.next_hand_at
        return None

    def _on_timer(self) -> None:
        now = time.monotonic()
        if self.hand is None:
            if now >= self.next_hand_at and self._ready_count() >= 2:
                self._deal()
            return
        if self.deadline is None or now < self.deadline:
            return
        seat = self._to_act_seat()
        if seat is None:
            return
        sitter = self.sitters[seat]
        if sitter.leaving:
            self._apply(sitter, default_action(self._view_of(seat)))
            return
        if sitter.acted is not None:
            self._apply(sitter, sitter.acted(self._view_of(seat)))
            return
        if not self.banking and sitter.time_bank > 0 and sitter.connected:
            self.banking = True
            self.deadline = now + sitter.time_bank
            self._broadcast()
            return
        if self.banking:
            sitter.time_bank = 0.0
        sitter.out_next_hand = True
        self._apply(sitter, default_action(self._view_of(seat)), timed_out=True)

    # -- commands -------------------------------------------------------------------

    def _handle(self, command: Command) -> Any:
        kind = command.kind
        data = command.data
        if kind == "watch":
            assert command.outbox is not None
            self.watchers[command.outbox.id] = (command.outbox, command.account)
            sitter = self._sitter_of(command.account)
            if sitter is not None and sitter.bot is None:
                sitter.outboxes[command.outbox.id] = command.outbox
                if not sitter.connected:
                    sitter.connected = True
                    sitter.sitting_out = sitter.sitting_out and not data.get("sit_in", False)
            self._send_state(command.outbox, command.account)
            return None
        if kind in ("unwatch", "disconnect"):
            assert command.outbox is not None
            self.watchers.pop(command.outbox.id, None)
            sitter = self._sitter_of(command.account)
            if sitter is not None:
                sitter.outboxes.pop(command.outbox.id, None)
                if kind == "disconnect" and not sitter.outboxes and sitter.bot is None:
                    self._disconnected(sitter)
            return None
        if kind == "summary":
            return self.summary()
        if kind == "seat-bot":
            return self._seat_bot(str(data.get("level", "basic")), data.get("seat"))
        if command.account is None:
            raise ProtocolError("not-logged-in", "log in to do that.")
        if kind == "sit":
            return self._sit(command)
        sitter = self._sitter_of(command.account)
        if sitter is None:
            raise ProtocolError("not-seated", f"you do not sit at table {self.id}.")
        if kind == "act":
            self._act(sitter, data)
        elif kind == "leave":
            self._leave(sitter)
        elif kind == "sit-out":
            if data.get("when") == "next-big-blind":
                sitter.out_next_big_blind = True
            elif self._in_hand(sitter.seat):
                sitter.out_next_hand = True
            else:
                sitter.sitting_out = True
                self.store.set_sitting_out(self.id, sitter.seat, True)
            self._broadcast()
        elif kind == "sit-in":
            sitter.sitting_out = sitter.out_next_hand = sitter.out_next_big_blind = False
            self.store.set_sitting_out(self.id, sitter.seat, False)
            self._broadcast()
        elif kind == "add-chips":
            if self._in_hand(sitter.seat):
                raise TableError("chips are added only between hands.")
            amount = data.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise ProtocolError("bad-message", "'amount' must be a positive whole number.")
            sitter.stack = self.store.add_chips(self.id, sitter.seat, amount)
            self._broadcast()
        elif kind == "client-seed":
            sitter.client_seed = check_client_seed(str(data.get("seed", "")))
        else:
            raise ProtocolError("unknown-type", f"a table does not take {kind!r} messages.")
        return None

    def _sit(self, command: Command) -> int:
        assert command.account is not None
        data = command.data
        if self._sitter_of(command.account) is not None:
            raise TableError(f"you already sit at table {self.id}.")
        seat = data.get("seat")
        if seat is None:
            seat = self._free_seat()
        if not isinstance(seat, int) or not 0 <= seat < self.record.seats:
            raise TableError(f"table {self.id} has seats 0 to {self.record.seats - 1}.")
        buy_in = data.get("buy_in", self._default_buy_in())
        low, high = self._buy_in_range()
        if not isinstance(buy_in, int) or not low <= buy_in <= high:
            raise TableError(f"a buy-in at this table is {low} to {high} chips; got {buy_in!r}.")
        if seat in self.sitters:
            raise TableError(f"seat {seat} of table {self.id} is taken.")
        record = self.store.sit(self.id, seat, command.account, buy_in)
        account = self.store.account(command.account)
        sitter = Sitter(
            seat,
            command.account,
            record.name,
            buy_in,
            reconnects=self.config.reconnects,
            time_bank=self.config.time_bank,
            client_seed=account.client_seed,
        )
        if command.outbox is not None:
            sitter.outboxes[command.outbox.id] = command.outbox
            self.watchers[command.outbox.id] = (command.outbox, command.account)
        self.sitters[seat] = sitter
        self._broadcast()
        return seat

    def _seat_bot(self, level: str, seat: Any) -> int:
        if seat is None:
            seat = self._free_seat()
        if not isinstance(seat, int) or not 0 <= seat < self.record.seats or seat in self.sitters:
            raise TableError(f"seat {seat!r} of table {self.id} is not free.")
        decide = self.bots(level)
        buy_in = self._default_buy_in()
        name = f"bot-{self.id}-{seat}-{secrets.token_hex(2)}"
        account = self.store.create_account(name, None, bot=True, grant=buy_in)
        self.store.sit(self.id, seat, account.id, buy_in, bot_level=level)
        sitter = Sitter(seat, account.id, name, buy_in, bot=level, acted=decide)
        self.sitters[seat] = sitter
        self._broadcast()
        return seat

    def _leave(self, sitter: Sitter) -> None:
        if self._in_hand(sitter.seat):
            sitter.leaving = True
            if self._to_act_seat() == sitter.seat:
                self._apply(sitter, Action.fold())
            else:
                self._broadcast()
            return
        self._stand(sitter)

    def _stand(self, sitter: Sitter) -> None:
        self.store.stand(self.id, sitter.seat)
        del self.sitters[sitter.seat]
        for outbox in sitter.outboxes.values():
            outbox.send(message("left", table=self.id, seat=sitter.seat))
        self._broadcast()

    def _disconnected(self, sitter: Sitter) -> None:
        sitter.connected = False
        if not self._in_hand(sitter.seat):
            sitter.sitting_out = True
        elif self._to_act_seat() == sitter.seat and sitter.reconnects > 0 and self.deadline:
            sitter.reconnects -= 1
            self.deadline += self.config.reconnect
        self._broadcast()

    # -- hands ----------------------------------------------------------------------

    def _ready(self, sitter: Sitter) -> bool:
        return (
            not sitter.sitting_out
            and not sitter.leaving
            and sitter.stack > 0
            and (sitter.connected or sitter.bot is not None)
        )

    def _ready_count(self) -> int:
        return sum(1 for s in self.sitters.values() if self._ready(s))

    def _deal(self) -> None:
        self.next_hand_at = time.monotonic() + self.config.between_hands
        seats = self._dealt_seats()
        if len(seats) < 2:
            return
        button_at = self._button_index(seats)
        big_blind = seats[(button_at + (1 if len(seats) == 2 else 2)) % len(seats)]
        if self.sitters[big_blind].out_next_big_blind:
            sitter = self.sitters[big_blind]
            sitter.sitting_out, sitter.out_next_big_blind = True, False
            self.store.set_sitting_out(self.id, sitter.seat, True)
            seats = self._dealt_seats()
            if len(seats) < 2:
                self._broadcast()
                return
            button_at = self._button_index(seats)
        if len(seats) > self.game.max_players:
            seats = seats[: self.game.max_players]
            button_at = min(button_at, len(seats) - 1)
        self.number += 1
        if self.number > self.chain.length:
            raise TableError(f"table {self.id} has used every seed of its chain.")
        seed = self.chain.seed(self.number)
        clients = {i: self.sitters[s].client_seed for i, s in enumerate(seats)}
        rng_key = hand_key(seed, self.number, clients)
        stacks = [self.sitters[s].stack for s in seats]
        hand = Hand(
            self.game,
            self.record.structure,
            self.stakes,
            stacks,
            button=button_at,
            rng=FairRandom(rng_key),
        )
        self.button = seats[button_at]
        setup = {
            "table": self.id,
            "number": self.number,
            "game": self.game.name.value,
            "structure": self.record.structure,
            "stakes": self.record.stakes,
            "ante": self.stakes.ante,
            "seats": seats,
            "accounts": [self.sitters[s].account for s in seats],
            "names": [self.sitters[s].name for s in seats],
            "stacks": stacks,
            "button": button_at,
            "client_seeds": [clients[i] for i in range(len(seats))],
            "anchor": self.chain.anchor.hex(),
            "commitment": commitment(seed),
        }
        self.hand_id = self.store.start_hand(
            self.id,
            self.number,
            seed=seed,
            commitment=commitment(seed),
            setup=setup,
            players=[self.sitters[s].account for s in seats],
            button=self.button,
        )
        self.hand = hand
        self.hand_seats = seats
        self.seq = 0
        for outbox, _account in self.watchers.values():
            outbox.send(
                message(
                    "hand-start",
                    table=self.id,
                    hand=self.hand_id,
                    number=self.number,
                    anchor=setup["anchor"],
                    commitment=setup["commitment"],
                    client_seeds={str(s): clients[i] for i, s in enumerate(seats)},
                )
            )
        self._after_change()

    def _dealt_seats(self) -> list[int]:
        return sorted(s.seat for s in self.sitters.values() if self._ready(s))

    def _button_index(self, seats: list[int]) -> int:
        later = [i for i, s in enumerate(seats) if s > self.button]
        return later[0] if later else 0

    def _act(self, sitter: Sitter, data: dict[str, Any]) -> None:
        if self.hand is None or self.hand.is_over:
            raise ProtocolError("no-hand", "no hand is being played at this table.")
        hand_ref = data.get("hand")
        if hand_ref is not None and hand_ref != self.hand_id:
            raise ProtocolError("stale", f"hand {hand_ref} is over; this is hand {self.hand_id}.")
        if self._to_act_seat() != sitter.seat:
            raise ProtocolError("not-your-turn", "it is not your turn to act.")
        action = action_from_json(data.get("action"))
        self.hand.verify(action)
        spent = time.monotonic() - self.turn_started
        if self.banking:
            sitter.time_bank = max(0.0, sitter.time_bank - max(0.0, spent - self.clock))
        self._apply(sitter, action)

    def _apply(self, sitter: Sitter, action: Action, *, timed_out: bool = False) -> None:
        hand = self.hand
        assert hand is not None
        index = self.hand_seats.index(sitter.seat)
        hand.verify(action, index)
        self.store.log_action(self.hand_id, self.seq, sitter.seat, str(action))
        self.seq += 1
        hand.apply(action)
        if timed_out:
            for outbox, _ in self.watchers.values():
                outbox.send(message("timed-out", table=self.id, seat=sitter.seat))
        self._after_change()

    def _after_change(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            self._finish()
            return
        seat = self._to_act_seat()
        now = time.monotonic()
        self.turn_started = now
        self.banking = False
        if seat is None:
            self.deadline = now
        else:
            sitter = self.sitters[seat]
            if sitter.leaving:
                self.deadline = now
            elif sitter.acted is not None:
                self.deadline = now + self.config.bot_delay
            else:
                self.deadline = now + self.clock
                if not sitter.connected and sitter.reconnects > 0:
                    sitter.reconnects -= 1
                    self.deadline += self.config.reconnect
        self._broadcast()

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        net: dict[int, int] = {}
        for i, seat in enumerate(self.hand_seats):
            sitter = self.sitters[seat]
            net[sitter.account] = hand.net[i]
        pot = sum(c for c in hand.payouts)
        record = {
            "pot": pot,
            "actions": [[self.hand_seats[i], str(a)] for i, a in hand.actions],
            "payouts": list(hand.payouts),
            "net": list(hand.net),
            "events": [event_to_record(e) for e in hand.events],
        }
        self.store.finish_hand(self.id, self.hand_id, net, record)
        for i, seat in enumerate(self.hand_seats):
            self.sitters[seat].stack = hand.stacks[i]
        self.pots.append(pot)
        del self.pots[:-100]
        self.hands_played += 1
        self._broadcast()
        if self.config.reveal is Reveal.HAND:
            self._reveal_hand()
        self.hand = None
        self.deadline = None
        self.next_hand_at = time.monotonic() + self.config.between_hands
        for sitter in list(self.sitters.values()):
            if sitter.out_next_hand:
                sitter.out_next_hand = False
                sitter.sitting_out = True
                self.store.set_sitting_out(self.id, sitter.seat, True)
            if sitter.leaving:
                self._stand(sitter)
            elif not sitter.connected and sitter.bot is None and not sitter.sitting_out:
                sitter.sitting_out = True
                self.store.set_sitting_out(self.id, sitter.seat, True)
            elif sitter.bot is not None and sitter.stack <= 0:
                sitter.stack = self.store.rebuy_bot(self.id, sitter.seat, self._default_buy_in())
        self._broadcast()

    def _reveal_hand(self) -> None:
        self.store.reveal(self.hand_id)
        seed = self.chain.seed(self.number).hex()
        for seat in self.hand_seats:
            for outbox in self.sitters[seat].outboxes.values():
                outbox.send(message("seed", table=self.id, hand=self.hand_id, seed=seed))

    # -- views ----------------------------------------------------------------------

    def _sitter_of(self, account: int | None) -> Sitter | None:
        if account is None:
            return None
        for sitter in self.sitters.values():
            if sitter.account == account:
                return sitter
        return None

    def _in_hand(self, seat: int) -> bool:
        return self.hand is not None and not self.hand.is_over and seat in self.hand_seats

    def _to_act_seat(self) -> int | None:
        if self.hand is None or self.hand.to_act is None:
            return None
        return self.hand_seats[self.hand.to_act]

    def _view_of(self, seat: int | None) -> SeatView:
        assert self.hand is not None
        index = None if seat is None or seat not in self.hand_seats else self.hand_seats.index(seat)
        return self.hand.view(index)

    def _free_seat(self) -> int:
        for seat in range(self.record.seats):
            if seat not in self.sitters:
                return seat
        raise TableError(f"table {self.id} is full.")

    def _buy_in_range(self) -> tuple[int, int]:
        big = self.stakes.big_bet
        return (10 * big, 1000 * big)

    def _default_buy_in(self) -> int:
        return 50 * self.stakes.big_bet

    def state(self, account: int | None) -> dict[str, Any]:
        """The ``table`` message for one connection: seats, clock and its view of the hand."""
        sitter = self._sitter_of(account)
        seat = None if sitter is None else sitter.seat
        hand = None
        if self.hand is not None:
            hand = view_json(self._view_of(seat), self.hand_seats)
            hand["id"] = self.hand_id
            hand["number"] = self.number
        clock = None
        if self.hand is not None and self.deadline is not None and self._to_act_seat() is not None:
            clock = {
                "seat": self._to_act_seat(),
                "remaining": round(max(0.0, self.deadline - time.monotonic()), 2),
                "time_bank": self.banking,
            }
        you = None
        if sitter is not None:
            you = {
                "seat": sitter.seat,
                "time_bank": round(sitter.time_bank, 1),
                "reconnects": sitter.reconnects,
                "sit_out_next_hand": sitter.out_next_hand,
                "sit_out_next_big_blind": sitter.out_next_big_blind,
                "leaving": sitter.leaving,
            }
        return message(
            "table",
            table=self.id,
            seats=[self.sitters[s].public() for s in sorted(self.sitters)],
            button=self.button,
            hand=hand,
            clock=clock,
            you=you,
        )

    def _send_state(self, outbox: Outbox, account: int | None) -> None:
        outbox.send(self.state(account))

    def _broadcast(self) -> None:
        for outbox, account in self.watchers.values():
            self._send_state(outbox, account)

    def summary(self) -> dict[str, Any]:
        """The lobby line of this table."""
        return {
            "id": self.id,
            "name": self.record.name,
            "game": self.game.name.value,
            "title": self.game.title,
            "structure": self.record.structure,
            "stakes": self.record.stakes,
            "seats": self.record.seats,
            "taken": len(self.sitters),
            "players": [s.public() for s in self.sitters.values()],
            "average_pot": round(sum(self.pots) / len(self.pots), 1) if self.pots else None,
            "hands": self.number,
            "clock": self.clock,
            "anchor": self.chain.anchor.hex(),
            "buy_in": {"min": self._buy_in_range()[0], "max": self._buy_in_range()[1]},
        }

