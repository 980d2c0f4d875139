"""The commands a live table takes, one handler per kind, each with its typed payload.

:data:`HANDLERS` maps a command's kind to its handler; :func:`handle` runs the one a
command names.  Payloads are the messages of :mod:`standpat.server.schemas`, already
checked; the handlers check what the table's state decides (whose turn, whose seat)
and act on the table only through its hosted protocol.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from standpat.errors import ProtocolError, TableError
from standpat.fairness import check_client_seed
from standpat.server.host import Command
from standpat.server.live.sitters import Sitter
from standpat.server.live.task import LiveTable
from standpat.server.protocol import message
from standpat.server.schemas import (
    Act,
    AddChips,
    Chat,
    Choose,
    ClientSeedMessage,
    Leave,
    SeatBot,
    SetChatMode,
    Sit,
    SitOutMessage,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from standpat.store import Account

__all__ = ["HANDLERS", "handle"]

Handler = Callable[[LiveTable, Command], Awaitable[Any]]


async def handle(live: LiveTable, command: Command) -> Any:
    """Run the handler of ``command``'s kind."""
    handler = HANDLERS.get(command.kind)
    if handler is None:
        raise ProtocolError("unknown-type", f"a table does not take {command.kind!r} messages.")
    return await handler(live, command)


# -- watching ----------------------------------------------------------------------------


async def watch(live: LiveTable, command: Command) -> None:
    """A connection watches (a seated player's connection is his)."""
    assert command.outbox is not None
    sitter = live.sitter_of(command.account)
    if sitter is None and command.outbox.id not in live.audience.watchers:
        spectators = live.audience.spectators({s.account for s in live.sitters.values()})
        if spectators >= live.config.max_watchers:
            raise ProtocolError(
                "too-many-watchers",
                f"table {live.id} has {spectators} spectators, as many as it admits.",
            )
    live.audience.add(command.outbox, command.account)
    if sitter is not None and sitter.bot is None:
        sitter.outboxes[command.outbox.id] = command.outbox
        sitter.connected = True
    live.send_state(command, full=True)
    for line in live.chat.recent:  # what was said before he came (a page skips what it has)
        command.outbox.send(line)
    if (sitter is not None and sitter.bot is None and live.table.playing
            and live.table.turn() == sitter.seat and live.hints_for(sitter)):
        live.hint(sitter)  # a page that comes back at his turn is shown the hint again


async def unwatch(live: LiveTable, command: Command) -> None:
    """A connection stops watching (its player keeps his seat)."""
    _forget(live, command)


async def disconnect(live: LiveTable, command: Command) -> None:
    """A connection closed: its player is disconnected when it was his last."""
    sitter = _forget(live, command)
    if sitter is not None and not sitter.outboxes and sitter.bot is None:
        _disconnected(live, sitter)


def _forget(live: LiveTable, command: Command) -> Sitter | None:
    assert command.outbox is not None
    live.audience.remove(command.outbox.id)
    sitter = live.sitter_of(command.account)
    if sitter is not None:
        sitter.outboxes.pop(command.outbox.id, None)
    return sitter


def _disconnected(live: LiveTable, sitter: Sitter) -> None:
    if not sitter.connected:
        return  # one reconnect window per disconnection, however many tabs close
    sitter.connected = False
    if sitter.seat not in live.round_seats:
        live.table.sit_out(sitter.seat, "next-hand")
    elif live.table.turn() == sitter.seat and sitter.reconnects > 0:
        sitter.reconnects -= 1
        live.clock.wait_for_reconnect()
    live.broadcast()


# -- seats -------------------------------------------------------------------------------


async def sit(live: LiveTable, command: Command) -> int:
    """Take a seat with a buy-in from the bankroll."""
    assert command.account is not None and isinstance(command.payload, Sit)
    data = command.payload
    if live.sitter_of(command.account) is not None:
        raise TableError(f"you already sit at table {live.id}.")
    options = live.options
    seat = _free_seat(live, command.account) if data.seat is None else data.seat
    if live.waiting.held_for_others(seat, account=command.account):
        raise TableError(f"seat {seat} is offered to the first player on the waiting list.")
    buy_in = options.default_buy_in if data.buy_in is None else data.buy_in
    if not options.min_buy_in <= buy_in <= options.max_buy_in:
        raise TableError(
            f"a buy-in at this table is {options.min_buy_in} to {options.max_buy_in} chips; "
            f"got {buy_in}."
        )
    account = await asyncio.to_thread(live.store.account, command.account)
    live.table.sit(seat, account.name, buy_in)
    try:
        account_id, cool_off = command.account, live.config.cool_off
        await live.recorder.write(lambda conn: live.store.sit(
            live.id, seat, account_id, buy_in, cool_off=cool_off, conn=conn))
    except Exception:
        live.table.leave(seat)
        raise
    sitter = Sitter(
        seat, command.account, account.name, reconnects=live.config.reconnects,
        time_bank=live.config.time_bank, client_seed=account.client_seed,
    )
    if command.outbox is not None:
        live.audience.add(command.outbox, command.account)
    # every connection of his that watches the table is his now (a tab that watched before
    # he sat counts toward his being connected, and its closing too)
    for outbox, watcher in live.audience.watchers.values():
        if watcher == command.account:
            sitter.outboxes[outbox.id] = outbox
    live.sitters[seat] = sitter
    live.waiting.took_seat(command.account)
    if data.post:
        live.table.come_in(seat)
    live.broadcast()
    return seat


async def seat_bot(live: LiveTable, command: Command) -> int:
    """Seat a bot (the table's owner, or an operator)."""
    assert isinstance(command.payload, SeatBot)
    data = command.payload
    _may_seat_bots(live, command.account, data.operator)
    seat = _free_seat(live) if data.seat is None else data.seat
    if live.waiting.held_for_others(seat, account=None):
        raise TableError(f"seat {seat} is offered to the first player on the waiting list.")
    decide = live.bot(data.level)
    buy_in = live.options.default_buy_in
    name = f"bot-{live.id}-{seat}-{secrets.token_hex(2)}"
    live.table.sit(seat, name, buy_in)

    def seated(conn: Connection) -> Account:
        # one transaction: a bot's account and its grant exist only with its seat (a seat
        # refused, by the lease's fence or the store, leaves no bot holding chips)
        account = live.store.create_account(name, None, bot=True, grant=buy_in, conn=conn)
        live.store.sit(live.id, seat, account.id, buy_in, bot_level=data.level, conn=conn)
        return account

    try:
        account = await live.recorder.write(seated)
    except Exception:
        live.table.leave(seat)
        raise
    live.sitters[seat] = Sitter(seat, account.id, name, bot=data.level, decide=decide)
    live.table.come_in(seat)
    live.broadcast()
    return seat


def _may_seat_bots(live: LiveTable, account: int | None, operator: bool) -> None:
    """Only the table's owner (or an operator) seats bots, and a player's table keeps a
    seat for a person."""
    if operator:
        return
    if account is None or account != live.record.owner:
        raise ProtocolError(
            "forbidden", f"only the player who opened table {live.id} may seat bots there."
        )
    bots = sum(1 for s in live.sitters.values() if s.bot is not None)
    if bots >= live.table.seats - 1:
        raise TableError(
            f"table {live.id} has {bots} bots already; one seat stays for a person."
        )


def _free_seat(live: LiveTable, account: int | None = None) -> int:
    taken = {line.seat for line in live.table.lines()}
    for seat in range(live.table.seats):
        if seat not in taken and not live.waiting.held_for_others(seat, account=account):
            return seat
    raise TableError(f"table {live.id} is full (its free seats are offered to its waiting "
                     "list).")


def _seated(live: LiveTable, command: Command) -> Sitter:
    if command.account is None:
        raise ProtocolError("not-logged-in", "log in to do that.")
    sitter = live.sitter_of(command.account)
    if sitter is None:
        raise ProtocolError("not-seated", f"you do not sit at table {live.id}.")
    return sitter


async def leave(live: LiveTable, command: Command) -> None:
    """Stand up with the chips: now (in his round, the table plays for him until it ends),
    or once the round he plays ends."""
    assert isinstance(command.payload, Leave)
    sitter = _seated(live, command)
    if command.payload.when == "after-hand" and sitter.seat in live.round_seats:
        sitter.leave_after = True
        live.broadcast()
        return
    live.table.leave(sitter.seat)
    if sitter.seat in live.round_seats:
        # what the table played for him may have ended the round: carry it on (finishing
        # it cashes out whoever left), else go on with the next player's turn
        await live.after_change()
    if sitter.seat in live.sitters and not live.table.present(sitter.seat):
        await live.cash_out(sitter)


async def sit_out(live: LiveTable, command: Command) -> None:
    """Sit out from the next hand, or from the next big blind."""
    assert isinstance(command.payload, SitOutMessage)
    live.table.sit_out(_seated(live, command).seat, command.payload.when.value)
    live.broadcast()


async def sit_in(live: LiveTable, command: Command) -> None:
    """Come back in."""
    sitter = _seated(live, command)
    sitter.timed_out = False
    live.table.sit_in(sitter.seat)
    live.broadcast()


async def choose(live: LiveTable, command: Command) -> None:
    """Post what he owes, or wait for the big blind."""
    assert isinstance(command.payload, Choose)
    live.table.choose(_seated(live, command).seat, command.payload.choice.value)
    live.broadcast()


async def add_chips(live: LiveTable, command: Command) -> None:
    """Add chips from the bankroll; everything the table would refuse is refused before a
    chip moves."""
    assert isinstance(command.payload, AddChips)
    seat = _seated(live, command).seat
    amount = command.payload.amount
    live.table.check_add_chips(seat, amount)
    await live.recorder.write(lambda conn: live.store.add_chips(live.id, seat, amount, conn=conn))
    live.table.add_chips(seat, amount)
    live.broadcast()


async def client_seed(live: LiveTable, command: Command) -> None:
    """His client seed for the next rounds dealt to him."""
    assert isinstance(command.payload, ClientSeedMessage)
    _seated(live, command).client_seed = check_client_seed(command.payload.seed)


# -- play --------------------------------------------------------------------------------


async def act(live: LiveTable, command: Command) -> None:
    """Play in the current round."""
    assert isinstance(command.payload, Act)
    sitter = _seated(live, command)
    data = command.payload
    if not live.table.playing:
        raise ProtocolError("no-hand", "no hand is being played at this table.")
    round_id = live.recorder.round_id
    if data.hand is not None and data.hand != round_id:
        raise ProtocolError("stale", f"hand {data.hand} is over; this is hand {round_id}.")
    if live.table.turn() != sitter.seat:
        raise ProtocolError("not-your-turn", "it is not your turn to act.")
    action = live.table.parse_action(data.action.model_dump(mode="json", exclude_none=True))
    spent = live.clock.bank_spent(live.now())
    await live.apply(sitter, action)  # IllegalActionError: nothing changed
    sitter.time_bank = max(0.0, sitter.time_bank - spent)


async def chat(live: LiveTable, command: Command) -> None:
    """Say a line to the table's audience (as the chat mode allows)."""
    assert command.account is not None and isinstance(command.payload, Chat)
    sitter = live.sitter_of(command.account)
    live.chat.may_speak(seated=sitter is not None)
    if sitter is not None:
        name, seat = sitter.name, sitter.seat
    else:
        name, seat = (await asyncio.to_thread(live.store.account, command.account)).name, None
    live.audience.tell(live.chat.line(live.id, name, seat, command.payload.text))


async def chat_mode(live: LiveTable, command: Command) -> None:
    """The table's owner or an operator sets its chat; the audience is told."""
    assert isinstance(command.payload, SetChatMode)
    mode = command.payload.mode
    owner = command.account is not None and command.account == live.record.owner
    live.chat.may_set(owner=owner, operator=command.payload.operator)
    await live.recorder.write(  # kept: a restart must not open a chat the owner closed
        lambda conn: live.store.set_table_option(live.id, "chat", mode, conn=conn))
    live.audience.tell({**live.chat.set_mode(mode, owner=owner,
                                             operator=command.payload.operator),
                        "table": live.id})


async def wait(live: LiveTable, command: Command) -> None:
    """Join the waiting list of a full table; told his place (``waiting``)."""
    assert command.account is not None and command.outbox is not None
    if live.sitter_of(command.account) is not None:
        raise TableError(f"you sit at table {live.id} already.")
    taken = {line.seat for line in live.table.lines()}
    if any(s not in taken and s not in live.waiting.offers for s in range(live.table.seats)):
        raise TableError(f"table {live.id} has a free seat: sit down.")
    place = live.waiting.join(command.account)
    live.waiting.outboxes[command.account] = command.outbox
    command.outbox.send(message("waiting", table=live.id, position=place))


async def unwait(live: LiveTable, command: Command) -> None:
    """Leave the waiting list (an offered seat goes to the next in line)."""
    assert command.account is not None
    live.tell_offers(live.waiting.leave(command.account, now=live.now()))
    outbox = live.waiting.outboxes.pop(command.account, None)
    if outbox is not None:
        outbox.send(message("waiting", table=live.id, position=None))


async def close(live: LiveTable, command: Command) -> None:
    """An operator closes the table (``payload``: his reason): at once between rounds, else
    when the running round ends (no new one is dealt)."""
    live.closing = str(command.payload)
    if not live.table.playing:
        await live.close("operator")


HANDLERS: dict[str, Handler] = {
    "watch": watch,
    "unwatch": unwatch,
    "disconnect": disconnect,
    "sit": sit,
    "seat-bot": seat_bot,
    "leave": leave,
    "sit-out": sit_out,
    "sit-in": sit_in,
    "choose": choose,
    "add-chips": add_chips,
    "client-seed": client_seed,
    "act": act,
    "close": close,
    "chat": chat,
    "chat-mode": chat_mode,
    "wait": wait,
    "unwait": unwait,
}
"""Every command a table takes, by kind."""
