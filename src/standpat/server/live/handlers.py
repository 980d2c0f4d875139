"""The commands a live table takes, one handler per kind, each with its typed payload.

A handler is a step of the table's core (:mod:`~standpat.server.live.core`): it checks
what the table's state decides (whose turn, whose seat), changes the core, and yields the
effects its task carries out (a write before anything is told; a write refused is thrown
back, and the handler undoes what it did).  Payloads are the messages of
:mod:`standpat.server.schemas`, already checked.  :data:`HANDLERS` maps a command's kind
to its handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from standpat.bots.names import room_name
from standpat.errors import ProtocolError, TableError, TournamentStateError
from standpat.fairness import check_client_seed
from standpat.server.host import Command
from standpat.server.live import writes as w
from standpat.server.live.effects import (
    Broadcast,
    ReadAccount,
    Send,
    SendState,
    Steps,
    Tell,
    Write,
)
from standpat.server.live.sitters import Sitter
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
    from standpat.server.live.core import TableCore
    from standpat.store import Account

__all__ = ["HANDLERS", "handler_for"]

Handler = Callable[["TableCore", Command], Steps[Any]]


def handler_for(kind: str) -> Handler:
    """The handler of a command kind (ProtocolError ``unknown-type`` for none)."""
    handler = HANDLERS.get(kind)
    if handler is None:
        raise ProtocolError("unknown-type", f"a table does not take {kind!r} messages.")
    return handler


# -- watching ----------------------------------------------------------------------------


def watch(core: TableCore, command: Command) -> Steps[None]:
    """A connection watches (a seated player's connection is his)."""
    outbox = command.outbox
    assert outbox is not None
    sitter = core.sitter_of(command.account)
    if sitter is None and outbox.id not in core.audience.watchers:
        spectators = core.audience.spectators({s.account for s in core.sitters.values()})
        if spectators >= core.config.max_watchers:
            raise ProtocolError(
                "too-many-watchers",
                f"table {core.id} has {spectators} spectators, as many as it admits.",
            )
    core.audience.add(outbox, command.account)
    if sitter is not None and sitter.bot is None:
        sitter.outboxes[outbox.id] = outbox
        sitter.connected = True
        sitter.grace_until = None
    yield SendState(outbox, full=True)
    for line in core.chat.recent:  # what was said before he came (a page skips what it has)
        yield Send(outbox, line)
    if sitter is not None and sitter.bot is None:
        notice = core.restarted_for(sitter.account)
        if notice is not None:
            yield Send(outbox, notice)
        if core.table.playing and core.table.turn() == sitter.seat and core.hints_for(sitter):
            yield from core.hint(sitter)  # a page back at his turn is shown the hint again


def unwatch(core: TableCore, command: Command) -> Steps[None]:
    """A connection stops watching (its player keeps his seat)."""
    _forget(core, command)
    return
    yield


def disconnect(core: TableCore, command: Command) -> Steps[None]:
    """A connection closed: its player is disconnected when it was his last."""
    sitter = _forget(core, command)
    if sitter is None or sitter.outboxes or sitter.bot is not None or not sitter.connected:
        return  # one reconnect window per disconnection, however many tabs close
    sitter.connected = False
    if sitter.seat not in core.round_seats:
        core.table.sit_out(sitter.seat, "next-hand")
    elif core.table.turn() == sitter.seat and sitter.reconnects > 0:
        sitter.reconnects -= 1
        core.clock.wait_for_reconnect()
    yield Broadcast()


def lost(core: TableCore, command: Command) -> Steps[None]:
    """The node of a connection died (the room's fault, not the player's): when it was his
    last, he is away, but keeps sitting in for a reconnect window's length while he comes
    back through another node; his turn meanwhile waits that window."""
    sitter = _forget(core, command)
    if sitter is None or sitter.outboxes or sitter.bot is not None or not sitter.connected:
        return
    sitter.connected = False
    sitter.grace_until = core.now() + core.config.reconnect
    if core.table.turn() == sitter.seat:
        core.clock.wait_for_reconnect()
    yield Broadcast()


def _forget(core: TableCore, command: Command) -> Sitter | None:
    assert command.outbox is not None
    core.audience.remove(command.outbox.id)
    sitter = core.sitter_of(command.account)
    if sitter is not None:
        sitter.outboxes.pop(command.outbox.id, None)
    return sitter


# -- seats -------------------------------------------------------------------------------


def sit(core: TableCore, command: Command) -> Steps[int]:
    """Take a seat with a buy-in from the bankroll."""
    assert command.account is not None and isinstance(command.payload, Sit)
    data = command.payload
    if core.sitter_of(command.account) is not None:
        raise TableError(f"you already sit at table {core.id}.")
    options = core.options
    seat = _free_seat(core, command.account) if data.seat is None else data.seat
    if core.waiting.held_for_others(seat, account=command.account):
        raise TableError(f"seat {seat} is offered to the first player on the waiting list.")
    buy_in = options.default_buy_in if data.buy_in is None else data.buy_in
    if not options.min_buy_in <= buy_in <= options.max_buy_in:
        raise TableError(
            f"a buy-in at this table is {options.min_buy_in} to {options.max_buy_in} chips; "
            f"got {buy_in}."
        )
    account: Account = yield ReadAccount(command.account)
    if core.sitter_of(command.account) is not None or core.table.present(seat):
        raise TableError(f"seat {seat} is taken, or you already sit at table {core.id}.")
    core.table.sit(seat, account.name, buy_in)
    try:
        yield Write((w.TakeSeat(seat, command.account, buy_in, core.config.cool_off),
                     *core.saved()))
    except Exception:
        core.table.leave(seat)
        raise
    sitter = Sitter(
        seat, command.account, account.name, reconnects=core.config.reconnects,
        time_bank=core.config.time_bank, client_seed=account.client_seed,
    )
    if command.outbox is not None:
        core.audience.add(command.outbox, command.account)
    # every connection of his that watches the table is his now (a tab that watched before
    # he sat counts toward his being connected, and its closing too)
    for outbox, watcher in core.audience.watchers.values():
        if watcher == command.account:
            sitter.outboxes[outbox.id] = outbox
    core.sitters[seat] = sitter
    core.waiting.took_seat(command.account)
    if data.post:
        core.table.come_in(seat)
    yield Broadcast()
    return seat


def seat_bot(core: TableCore, command: Command) -> Steps[int]:
    """Seat a bot (the table's owner, or an operator)."""
    assert isinstance(command.payload, SeatBot)
    data = command.payload
    _may_seat_bots(core, command.account, data.operator)
    core.check_bot(core.table.kind, data.level)
    seat = _free_seat(core) if data.seat is None else data.seat
    if core.waiting.held_for_others(seat, account=None):
        raise TableError(f"seat {seat} is offered to the first player on the waiting list.")
    buy_in = core.options.default_buy_in
    taken = {s.name for s in core.sitters.values()}
    name = room_name(core.entropy(5), taken=taken)
    core.table.sit(seat, name, buy_in)
    try:
        # one transaction: a bot's account and its grant exist only with its seat (a seat
        # refused, by the lease's fence or the store, leaves no bot holding chips)
        account, *_ = yield Write((w.SeatBot(seat, name, data.level, buy_in), *core.saved()))
    except Exception:
        core.table.leave(seat)
        raise
    core.sitters[seat] = Sitter(seat, account.id, name, bot=data.level)
    core.table.come_in(seat)
    yield Broadcast()
    return seat


def _may_seat_bots(core: TableCore, account: int | None, operator: bool) -> None:
    """Only the table's owner (or an operator) seats bots, and a player's table keeps a
    seat for a person."""
    if operator:
        return
    if account is None or account != core.record.owner:
        raise ProtocolError(
            "forbidden", f"only the player who opened table {core.id} may seat bots there."
        )
    bots = sum(1 for s in core.sitters.values() if s.bot is not None)
    if bots >= core.table.seats - 1:
        raise TableError(
            f"table {core.id} has {bots} bots already; one seat stays for a person."
        )


def _free_seat(core: TableCore, account: int | None = None) -> int:
    taken = {line.seat for line in core.table.lines()}
    for seat in range(core.table.seats):
        if seat not in taken and not core.waiting.held_for_others(seat, account=account):
            return seat
    raise TableError(f"table {core.id} is full (its free seats are offered to its waiting "
                     "list).")


def _seated(core: TableCore, command: Command) -> Sitter:
    if command.account is None:
        raise ProtocolError("not-logged-in", "log in to do that.")
    sitter = core.sitter_of(command.account)
    if sitter is None:
        raise ProtocolError("not-seated", f"you do not sit at table {core.id}.")
    return sitter


def leave(core: TableCore, command: Command) -> Steps[None]:
    """Stand up with the chips: now (in his round, the table plays for him until it ends),
    or once the round he plays ends."""
    assert isinstance(command.payload, Leave)
    sitter = _seated(core, command)
    if command.outbox is not None:  # the connection that asks is told when his seat empties
        sitter.outboxes.setdefault(command.outbox.id, command.outbox)
    if command.payload.when == "after-hand" and sitter.seat in core.round_seats:
        sitter.leave_after = True
        yield Broadcast()
        return
    core.table.leave(sitter.seat)
    if sitter.seat in core.round_seats:
        # what the table played for him may have ended the round: carry it on (finishing
        # it cashes out whoever left), else go on with the next player's turn
        yield from core.after_change()
    if sitter.seat in core.sitters and not core.table.present(sitter.seat):
        yield from core.cash_out(sitter)


def sit_out(core: TableCore, command: Command) -> Steps[None]:
    """Sit out from the next hand, or from the next big blind."""
    assert isinstance(command.payload, SitOutMessage)
    core.table.sit_out(_seated(core, command).seat, command.payload.when.value)
    yield from _changed(core)


def sit_in(core: TableCore, command: Command) -> Steps[None]:
    """Come back in."""
    sitter = _seated(core, command)
    sitter.timed_out = False
    core.table.sit_in(sitter.seat)
    yield from _changed(core)


def choose(core: TableCore, command: Command) -> Steps[None]:
    """Post what he owes, or wait for the big blind.  An answer to an offer that lapsed
    meanwhile (a round was dealt, and he owes nothing now) is ignored: he is sent the
    table as it is."""
    assert isinstance(command.payload, Choose)
    sitter = _seated(core, command)
    if not core.table.choices(sitter.seat):
        if command.outbox is not None:
            yield SendState(command.outbox)
        return
    core.table.choose(sitter.seat, command.payload.choice.value)
    yield from _changed(core)


def _changed(core: TableCore) -> Steps[None]:
    """A seat's state changed: between rounds it is saved (a restart takes it up); every
    watcher is told."""
    saved = core.saved()
    if saved:
        yield Write(saved)
    yield Broadcast()


def add_chips(core: TableCore, command: Command) -> Steps[None]:
    """Add chips from the bankroll; everything the table would refuse is refused before a
    chip moves."""
    assert isinstance(command.payload, AddChips)
    seat = _seated(core, command).seat
    amount = command.payload.amount
    core.table.check_add_chips(seat, amount)
    yield Write((w.AddChips(seat, amount),))
    core.table.add_chips(seat, amount)
    yield from _changed(core)


def client_seed(core: TableCore, command: Command) -> Steps[None]:
    """His client seed for the next rounds dealt to him."""
    assert isinstance(command.payload, ClientSeedMessage)
    _seated(core, command).client_seed = check_client_seed(command.payload.seed)
    return
    yield


# -- play --------------------------------------------------------------------------------


def act(core: TableCore, command: Command) -> Steps[None]:
    """Play in the current round."""
    assert isinstance(command.payload, Act)
    sitter = _seated(core, command)
    data = command.payload
    if not core.table.playing:
        raise ProtocolError("no-hand", "no hand is being played at this table.")
    if data.hand is not None and data.hand != core.round_id:
        raise ProtocolError("stale", f"hand {data.hand} is over; this is hand {core.round_id}.")
    if core.table.turn() != sitter.seat:
        raise ProtocolError("not-your-turn", "it is not your turn to act.")
    action = core.table.parse_action(data.action.model_dump(mode="json", exclude_none=True))
    spent = core.clock.bank_spent(core.now())
    yield from core.apply(sitter, action)  # IllegalActionError: nothing changed
    sitter.time_bank = max(0.0, sitter.time_bank - spent)


def chat(core: TableCore, command: Command) -> Steps[None]:
    """Say a line to the table's audience (as the chat mode allows)."""
    assert command.account is not None and isinstance(command.payload, Chat)
    sitter = core.sitter_of(command.account)
    core.chat.may_speak(seated=sitter is not None)
    if sitter is not None:
        name, seat = sitter.name, sitter.seat
    else:
        account: Account = yield ReadAccount(command.account)
        name, seat = account.name, None
    yield Tell(core.chat.line(core.id, name, seat, command.payload.text))


def chat_mode(core: TableCore, command: Command) -> Steps[None]:
    """The table's owner or an operator sets its chat; the audience is told."""
    assert isinstance(command.payload, SetChatMode)
    mode = command.payload.mode
    owner = command.account is not None and command.account == core.record.owner
    core.chat.may_set(owner=owner, operator=command.payload.operator)
    # kept: a restart must not open a chat the owner closed
    yield Write((w.SetOption("chat", mode),))
    yield Tell({**core.chat.set_mode(mode, owner=owner, operator=command.payload.operator),
                "table": core.id})


def wait(core: TableCore, command: Command) -> Steps[None]:
    """Join the waiting list of a full table; told his place (``waiting``)."""
    assert command.account is not None and command.outbox is not None
    if core.sitter_of(command.account) is not None:
        raise TableError(f"you sit at table {core.id} already.")
    taken = {line.seat for line in core.table.lines()}
    if any(s not in taken and s not in core.waiting.offers for s in range(core.table.seats)):
        raise TableError(f"table {core.id} has a free seat: sit down.")
    place = core.waiting.join(command.account)
    core.waiting.outboxes[command.account] = command.outbox
    yield Send(command.outbox, message("waiting", table=core.id, position=place))


def unwait(core: TableCore, command: Command) -> Steps[None]:
    """Leave the waiting list (an offered seat goes to the next in line); told he waits no
    more (``waiting`` with no place), on the connection that joined and on this one."""
    assert command.account is not None
    yield from core.tell_offers(core.waiting.leave(command.account, now=core.now()))
    told = {outbox.id: outbox for outbox in (
        core.waiting.outboxes.pop(command.account, None), command.outbox) if outbox}
    for outbox in told.values():
        yield Send(outbox, message("waiting", table=core.id, position=None))


def close(core: TableCore, command: Command) -> Steps[None]:
    """An operator closes the table (``payload``: his reason): at once between rounds, else
    when the running round ends (no new one is dealt)."""
    core.closing = str(command.payload)
    if not core.table.playing:
        yield from core.close("operator")


def tournament(core: TableCore, command: Command) -> Steps[None]:
    """The tournament's service gives the table orders (``payload``: a list of
    :data:`~standpat.server.tournaments.director.Order`)."""
    yield from core.tournament_orders(list(command.payload))


_SEATING = frozenset({"sit", "seat-bot", "leave", "sit-out", "sit-in", "choose", "add-chips",
                      "wait", "unwait"})
"""What a player (or an operator) does to a seat, which a tournament's table refuses: the
tournament seats its players, and deals them in while they have chips."""


def _not_at_a_tournament(handler: Handler) -> Handler:
    def checked(core: TableCore, command: Command) -> Steps[Any]:
        if core.tournament is not None:
            raise TournamentStateError(
                "this is a tournament's table: the tournament seats its players, who play "
                "every hand while they have chips.")
        return (yield from handler(core, command))

    checked.__doc__ = handler.__doc__
    return checked


HANDLERS: dict[str, Handler] = {
    "watch": watch,
    "unwatch": unwatch,
    "disconnect": disconnect,
    "lost": lost,
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
    "tournament": tournament,
}
"""Every command a table takes, by kind."""
HANDLERS.update({kind: _not_at_a_tournament(HANDLERS[kind]) for kind in _SEATING})
