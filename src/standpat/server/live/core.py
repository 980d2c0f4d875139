"""A live table's core: everything the room decides about a table, pure.

:class:`TableCore` holds a table's state (the hosted table, who sits and watches, the
clock, the seed chain, the waiting list, the chat) and decides what each command and each
deadline does, without asyncio, a store or a socket: its steps yield effects
(:mod:`~standpat.server.live.effects`) that the table's task carries out, and get their
answers back.  Its clock is injected (``now``), so a test drives it at any pace.

- :meth:`TableCore.start`: the stored seats sit again (:mod:`~standpat.server.live.restart`);
- :meth:`TableCore.handle`: a command (:mod:`~standpat.server.live.handlers`, one per kind);
- :meth:`TableCore.tick`: what the deadlines due bring (a round dealt, a bot's turn, a
  player's clock running out, seats freed, the table closing);
- :meth:`TableCore.next_wake`: when the next deadline is.

A round's actions are written before anyone hears of them; a round's chips move in one
write with the seats it empties and the table's state between rounds, which a restart
takes up.  The core knows games only through :class:`~standpat.table.hosted.HostedTable`.
"""

from __future__ import annotations

import logging
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from standpat.bots.names import shown
from standpat.errors import TableError
from standpat.fairness import FairRandom, SeedChain, commitment, hand_key
from standpat.server.config import ServerConfig
from standpat.server.host import Command, Outbox
from standpat.server.live.chat import TableChat
from standpat.server.live.clock import Clock
from standpat.server.live.effects import (
    Broadcast,
    Closed,
    Forward,
    Hint,
    Send,
    Steps,
    Tell,
    Think,
    Write,
)
from standpat.server.live.ghosts import Ghosts, Seen, Why
from standpat.server.live.messages import Audience, public_state
from standpat.server.live.restart import Restart, seat_again
from standpat.server.live.sitters import Sitter
from standpat.server.live.tournament import TournamentLink
from standpat.server.live.waiting import Offer, WaitingList
from standpat.server.live.writes import (
    BeginRound,
    BustEntry,
    CloseTable,
    LogActions,
    NewChain,
    PayTournament,
    RebuyBot,
    SaveState,
    SaveTournament,
    SeatEntrant,
    Settle,
    Stand,
    WriteOp,
)
from standpat.server.protocol import message
from standpat.server.seatbots import check_level
from standpat.server.tournaments.director import (
    CloseAt,
    MoveTo,
    Order,
    Out,
    Paid,
    SeatAt,
    Unseat,
)
from standpat.store import SeatRecord, TableRecord
from standpat.table.hosted import Hinting, HostedTable, Leveled
from standpat.table.rooms import hosted_table
from standpat.table.rotation import Rotation
from standpat.table.stats import round_facts

__all__ = ["TableCore"]

log = logging.getLogger("standpat.server")
Json = dict[str, Any]


class TableCore:
    """One live table's state, and the rules of the room that change it."""

    def __init__(
        self,
        record: TableRecord,
        config: ServerConfig,
        *,
        now: Callable[[], float],
        owner_name: str | None = None,
        entropy: Callable[[int], bytes] = secrets.token_bytes,
        check_bot: Callable[[str, str], None] = check_level,
        tournament: TournamentLink | None = None,
    ) -> None:
        self.now = now
        """The table's clock (seconds of a monotonic clock; injected)."""
        self.record = record
        self.id = record.id
        self.config = config
        self.owner_name = owner_name
        self.entropy = entropy
        """Where a new seed chain's secret (and a bot's name) comes from."""
        self.check_bot = check_bot
        """Refuses (TableError) a bot level the table's game has no bot of."""
        mix = record.config.get("rotation")
        self.tournament = tournament
        """The tournament this table deals for (None: a ring game's table)."""
        self.table: HostedTable = hosted_table(
            record.game, record.structure or None, record.stakes, seats=record.seats,
            button=record.button % record.seats,
            rotation=None if mix is None else Rotation.from_json(mix),
            tournament=tournament is not None,
        )
        self.at_start: dict[int, int] = {}
        """A tournament table's stacks when its current hand was dealt."""
        self.options = self.table.options
        self.clock = Clock(
            clock=float(record.config.get("clock", config.clock)),
            bot_delay=config.bot_delay,
            reconnect=config.reconnect,
        )
        self.chain = SeedChain(bytes.fromhex(record.chain_top), length=record.chain_length)
        self.chain_start = record.chain_start
        self.number = record.hands_dealt
        """Rounds the table has dealt (voided ones included): the next is number + 1."""
        self.rng = FairRandom()
        self.round_id = 0
        """The id of the current (or last) round, 0 before the first."""
        self.written = 0
        """How many of the round's actions are written."""
        self.setup: Json = {}
        """The current round's set-up."""
        self.audience = Audience()
        self.sitters: dict[int, Sitter] = {}
        self.round_seats: tuple[int, ...] = ()
        """Table seats dealt into the running round (empty between rounds)."""
        opened = now()
        self.next_round_at = opened + config.between_hands
        self.idle_since: float | None = None
        self.ghosts = Ghosts(config.away_limit, config.missed_blinds, config.rebuy_time)
        self.pots: deque[int] = deque(maxlen=100)
        self.finished: deque[float] = deque(maxlen=2000)
        """When the latest rounds ended (the table's clock), for the lobby's hands an hour."""
        self.opened = opened
        self.chat = TableChat(record.config.get("chat", "players"))
        """The table's chat (:mod:`~standpat.server.live.chat`): its mode is stored."""
        self.closing: str | None = None
        """Why an operator closes the table (it closes once the running round ends)."""
        self.closed = False
        self.waiting = WaitingList(config.seat_offer)
        """Who waits for a seat, and the seat offered to the first (seconds to accept)."""
        self.rejoin_until: float | None = None
        """Until when the first round after a restart waits for the people sitting in."""
        self.restart: Restart | None = None
        """Why the table started again (None: a new table), and the rounds it voided."""
        self.told: set[int] = set()
        """Accounts told of the restart already."""
        self.last_saved: Json | None = None
        """The table's state as last written (a change that changes nothing writes nothing)."""

    # -- starting ----------------------------------------------------------------------

    def start(self, seats: Sequence[SeatRecord], restart: Restart | None = None) -> Steps[None]:
        """Seat the stored seats again, by the rules of :mod:`~standpat.server.live.restart`:
        the table takes up its saved state for them; short bots are topped up (a fenced
        write, with the new state)."""
        self.restart = restart
        link = self.tournament
        plan = seat_again(seats, min_buy_in=0 if link else self.options.min_buy_in,
                          default_buy_in=self.options.default_buy_in)
        try:
            self.table.restore(self.record.state, plan.seated)
        except (TableError, KeyError, TypeError, ValueError) as error:
            log.warning("table %s: its saved state cannot be taken up (%s); it starts afresh",
                        self.id, error)
            self.table.restore(None, plan.seated)
        now = self.now()
        for seat in seats:
            sitter = Sitter(
                seat.seat, seat.account_id, seat.name, bot=seat.bot_level,
                connected=seat.bot_level is not None, reconnects=self.config.reconnects,
                time_bank=self.config.time_bank, client_seed=seat.client_seed,
            )
            self.sitters[seat.seat] = sitter
            if sitter.bot is not None:
                if self._sitting_out(seat.seat):
                    self.table.sit_in(seat.seat)
                self.table.come_in(seat.seat)
            elif not self._sitting_out(seat.seat) and link is None:
                self.rejoin_until = now + self.config.rejoin
                sitter.grace_until = now + self.config.reconnect
        if link is not None:
            if link.number in link.director.busy_tables():
                # no hand goes on at a table that starts: the one it was in is void (its
                # chips went back), or never was written (its write failed); it deals again
                link.director.void_hand(link.number)
                yield Write((SaveTournament(link.tournament, *link.director.save()),))
            return
        if plan.rebuys:
            ops: list[WriteOp] = [RebuyBot(s, n) for s, n in sorted(plan.rebuys.items())]
            yield Write((*ops, *self.saved()))

    def _sitting_out(self, seat: int) -> bool:
        return any(line.seat == seat and line.sitting_out for line in self.table.lines())

    def _rejoin_deadline(self) -> float | None:
        """Until when the next round waits for people away since the restart (None: it
        does not wait)."""
        if self.rejoin_until is None:
            return None
        if any(s.bot is None and not s.connected and not self._sitting_out(s.seat)
               for s in self.sitters.values()):
            return self.rejoin_until
        self.rejoin_until = None
        return None

    def _rejoined(self, now: float) -> bool:
        """Whether the first round after a restart may be dealt: every person sitting in is
        back, or the wait is over (those still away are dealt in while their grace lasts)."""
        deadline = self._rejoin_deadline()
        if deadline is None:
            return True
        if now < deadline:
            return False
        self.rejoin_until = None
        return True

    def _graces(self, now: float) -> None:
        """Between rounds: a person away since a fault of the room whose grace ran out sits
        out, as after any disconnection (his seat is freed only by the ordinary rules)."""
        if self.tournament is not None:
            return  # nobody sits out at a tournament's table: the absent are blinded out
        for sitter in self.sitters.values():
            if sitter.grace_until is None or now < sitter.grace_until:
                continue
            sitter.grace_until = None
            if not sitter.connected and not self._sitting_out(sitter.seat):
                self.table.sit_out(sitter.seat, "next-hand")

    def _grace(self) -> float | None:
        """When the first grace of a person away since a fault runs out."""
        return min((s.grace_until for s in self.sitters.values()
                    if s.grace_until is not None and not s.connected), default=None)

    # -- commands and deadlines --------------------------------------------------------

    def handle(self, command: Command) -> Steps[Any]:
        """The steps of a command (see :mod:`~standpat.server.live.handlers`); its result."""
        from standpat.server.live.handlers import handler_for

        return (yield from handler_for(command.kind)(self, command))

    def next_wake(self) -> float | None:
        """When the next deadline falls (None: none until a command comes)."""
        if self.table.playing:
            return self.clock.deadline
        wake = self.next_round_at
        rejoin = self._rejoin_deadline()
        if rejoin is not None:
            wake = max(wake, rejoin)
        if self.idle_since is not None:
            wake = min(wake, self.idle_since + self.config.idle_close)
        if self.waiting.offers:
            wake = min(wake, min(o.until for o in self.waiting.offers.values()))
        grace = self._grace()
        if grace is not None:
            wake = min(wake, grace)
        return wake

    def tick(self) -> Steps[None]:
        """What the deadlines due now bring."""
        now = self.now()
        if self.waiting.offers:
            yield from self._expire_offers(now)
        if not self.table.playing:
            self._graces(now)
            if self.tournament is None:
                yield from self.sweep(now)
            if self.closing is not None:
                yield from self.close("operator")
                return
            if self._idle(now):
                yield from self.close("idle")
                return
            if now >= self.next_round_at and self._rejoined(now):
                yield from self._deal()
            return
        seat = self.table.turn()
        if seat is None or not self.clock.due(now):
            return
        sitter = self.sitters[seat]
        if sitter.bot is not None:
            action = yield Think(seat, sitter.account, sitter.bot, self.table.bot_view(seat))
            yield from self.apply(sitter, action)
            return
        expiry = self.clock.expired(now, bank=sitter.time_bank, connected=sitter.connected)
        if expiry == "bank":
            yield Broadcast()
            return
        if self.clock.banking:
            sitter.time_bank = 0.0
        sitter.timed_out = True
        self.table.timeout()
        yield from self.after_change(timed_out=seat)

    def recover(self) -> Steps[None]:
        """After a failure on a deadline: play the default action, or wait a little."""
        now = self.now()
        self.next_round_at = now + 5
        if self.table.turn() is not None:
            try:
                self.table.timeout()
            except Exception:
                log.exception("table %s: the default action failed too", self.id)
            else:
                yield from self.after_change()
                return
        self.clock.deadline = now + 5

    # -- seats -------------------------------------------------------------------------

    def sitter_of(self, account: int | None) -> Sitter | None:
        """The seat of ``account`` at this table, if he sits here."""
        if account is None:
            return None
        for sitter in self.sitters.values():
            if sitter.account == account:
                return sitter
        return None

    def saved(self) -> tuple[WriteOp, ...]:
        """Between rounds, the write of the table's state if it changed since it was last
        saved (to go with a write that changes it); nothing during a round (the state is
        saved when it ends)."""
        if self.table.playing:
            return ()
        state = self.table.snapshot()
        if state == self.last_saved:
            return ()
        self.last_saved = state
        return (SaveState(state),)

    def _expire_offers(self, now: float) -> Steps[None]:
        """Seats offered and not taken in time go to the next in line."""
        expired, made = self.waiting.expire(now=now)
        for offer in expired:
            outbox = self.waiting.outboxes.pop(offer.account, None)
            if outbox is not None:
                yield Send(outbox, message("seat-offer-expired", table=self.id, seat=offer.seat))
        yield from self.tell_offers(made)

    def offer_seats(self) -> Steps[None]:
        """Offer the free seats to the waiting list (each held for its first player)."""
        if len(self.waiting):
            taken = {line.seat for line in self.table.lines()}
            free = [s for s in range(self.table.seats) if s not in taken]
            yield from self.tell_offers(self.waiting.offer(free, now=self.now()))

    def tell_offers(self, offers: list[Offer]) -> Steps[None]:
        """Tell each offered player his seat and how long he has to take it."""
        for offer in offers:
            outbox = self.waiting.outboxes.get(offer.account)
            if outbox is not None:
                yield Send(outbox, message("seat-offered", table=self.id, seat=offer.seat,
                                           accept=round(offer.until - self.now(), 1)))

    def sweep(self, now: float) -> Steps[list[tuple[int, Why]]]:
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
            yield from self.cash_out(sitter, why)
        return freed

    def cash_out(self, sitter: Sitter, why: str = "left") -> Steps[None]:
        """His seat is empty: his chips go back to his bankroll (and his seeds are his).
        ``why``: he ``left``, or his seat was freed (``away``, ``missed``, ``busted``)."""
        yield Write((Stand(sitter.seat), *self.saved()))
        yield from self._gone(sitter, why)
        yield from self.offer_seats()
        yield Broadcast()

    def _gone(self, sitter: Sitter, why: str, **extra: Any) -> Steps[None]:
        """His seat was cashed out: the table forgets him, and his connections are told
        (``extra``: more for them, as the table a tournament moved him to)."""
        if self.sitters.get(sitter.seat) is sitter:  # (a tournament's leavers go at once)
            del self.sitters[sitter.seat]
        self.ghosts.forget(sitter.seat)
        for outbox in sitter.outboxes.values():
            yield Send(outbox, message("left", table=self.id, seat=sitter.seat, reason=why,
                                       **extra))

    def you(self, sitter: Sitter) -> Json:
        """What the room adds to a seated player's own part of the table message: when his
        seat will be freed if he stays away or busted, and whether he leaves after the
        round."""
        now = self.now()
        extra: Json = {"leaving_after_hand": sitter.leave_after}
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

    def close(self, reason: str) -> Steps[None]:
        """Close the table: every seat cashed out and the table marked closed, in one
        transaction; watchers are told why (``idle``, ``operator``), and the task ends."""
        yield Write((CloseTable(),))
        self.closed = True
        yield Tell(message("closed", table=self.id, reason=reason))
        self.audience.watchers.clear()
        if reason == "idle":
            log.info("table %s closed: nobody but bots sat there for %s s", self.id,
                     self.config.idle_close)
        else:
            log.info("table %s closed by an operator: %s", self.id, self.closing)
        yield Closed(reason)

    # -- rounds ------------------------------------------------------------------------

    def _deal(self) -> Steps[None]:
        now = self.now()
        self.next_round_at = now + self.config.between_hands
        if not self.table.ready():
            # not enough players: look again shortly (never a busy loop)
            self.next_round_at = now + max(self.config.between_hands, 0.1)
            return
        link = self.tournament
        tournament_ops: tuple[WriteOp, ...] = ()
        if link is not None:
            if not link.director.may_deal(link.number):
                # a break, hand-for-hand, a pause, a player on his way: look again shortly
                self.next_round_at = now + max(self.config.between_hands, 0.5)
                drawn = link.director.deferred()
                if drawn:  # the final table's draw, left waiting by a voided hand
                    yield from self.tournament_orders(drawn, changed=True)
                return
            assert isinstance(self.table, Leveled)
            level = link.director.hand_started(link.number, self.table.next_big_blind())
            self.table.set_level(level.stakes)
            self.at_start = {line.seat: line.stack for line in self.table.lines()}
            tournament_ops = (SaveTournament(link.tournament, *link.director.save()),)
            spec = link.director.core.spec
            played_at = {"tournament": {  # for its history: the header's tournament and level
                "id": link.tournament, "buy_in": f"{spec.buy_in}+{spec.fee}",
                "level": link.director.core.moment().level + 1}}
        else:
            played_at = {}
        number = self.number + 1
        if number - self.chain_start > self.chain.length:
            yield from self._new_chain()
        index = number - self.chain_start
        seed = self.chain.seed(index)
        order = self.table.next_seats()
        clients = {i: self.sitters[s].client_seed for i, s in enumerate(order)}
        self.rng.rekey(hand_key(seed, number, clients))
        deal = self.table.deal(self.rng)
        if deal.seats != order:
            raise TableError(f"table {self.id} dealt {deal.seats}, not the order {order}.")
        accounts = [self.sitters[s].account for s in deal.seats]
        committed = commitment(seed)
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
            "commitment": committed,
            **played_at,
        }
        round_id, *_ = yield Write((BeginRound(number, seed, committed, setup, accounts,
                                               deal.button), *tournament_ops))
        self.number = number
        self.round_id = round_id
        self.written = 0
        self.setup = setup
        self.round_seats = deal.seats
        yield Tell(message(
            "hand-start", table=self.id, hand=round_id, number=number,
            anchor=setup["anchor"], commitment=committed,
            client_seeds={str(s): clients[i] for i, s in enumerate(deal.seats)},
        ))
        yield from self.after_change()

    def apply(self, sitter: Sitter, action: Any) -> Steps[None]:
        """The player (or bot) in ``sitter``'s seat acts (IllegalActionError: nothing
        changed)."""
        self.table.act(sitter.seat, action)
        yield from self.after_change()

    def after_change(self, *, timed_out: int | None = None) -> Steps[None]:
        """The round moved: write what was played, tell everyone, time the next turn (or
        finish the round)."""
        if self.round_seats:
            new = self.table.played(self.written)
            if new:
                yield Write((LogActions(self.round_id, self.written, new),))
                self.written += len(new)
        if timed_out is not None:
            yield Tell(message("timed-out", table=self.id, seat=timed_out))
        if self.round_seats and self.table.over:
            yield from self._finish()
            return
        seat = self.table.turn()
        if seat is None:
            self.clock.stop()
            yield Broadcast()
            return
        sitter = self.sitters[seat]
        # a disconnected player's turn waits a reconnect window (a few times a session; any
        # time while he is away for a fault of the room)
        faulted = sitter.grace_until is not None
        away = not sitter.connected and sitter.bot is None and (faulted or sitter.reconnects > 0)
        if away and not faulted:
            sitter.reconnects -= 1
        self.clock.start_turn(seat, self.now(), bot=sitter.bot is not None, away=away)
        yield Broadcast()
        if sitter.bot is None and self.hints_for(sitter):
            yield from self.hint(sitter)

    def hints_for(self, sitter: Sitter) -> bool:
        """Whether ``sitter`` is shown hints: the table's ``hints`` option, or, left out, when
        he opened the table and every other seat is a bot (a practice table)."""
        chosen = self.record.config.get("hints")
        if chosen is not None:
            return bool(chosen)
        return self.record.owner == sitter.account and all(
            s.bot is not None for s in self.sitters.values() if s is not sitter)

    def hint(self, sitter: Sitter) -> Steps[None]:
        """His hint, computed off the table's task and sent to his connections only."""
        if not isinstance(self.table, Hinting):
            return
        job = self.table.hinter(sitter.seat)
        if job is not None:
            yield Hint(sitter.seat, sitter.account, self.round_id, job)

    def _finish(self) -> Steps[None]:
        """The round is over: its chips move, in one write with the seats it empties, the
        bots it tops up and the table's state between rounds."""
        outcome = self.table.outcome()
        net = {self.sitters[s].account: n for s, n in outcome.net.items()}
        record = {**outcome.record, **outcome.summary}
        facts = round_facts(self.setup, record, outcome.events or None)
        ops: list[WriteOp] = [Settle(self.round_id, net, record, tuple(facts))]
        self.table.finish()
        now = self.now()
        self.pots.append(int(outcome.summary.get("pot", 0)))
        self.finished.append(now)
        self.round_seats = ()
        self.clock.stop()
        self.next_round_at = now + self.config.between_hands
        if self.tournament is not None:
            yield from self._tournament_hand_over(ops)
            return
        gone = []
        for sitter in list(self.sitters.values()):
            seat = sitter.seat
            if sitter.leave_after and self.table.present(seat):
                self.table.leave(seat)
            if not self.table.present(seat):
                ops.append(Stand(seat))
                gone.append(sitter)
            elif sitter.bot is not None and self.table.stack(seat) <= 0:
                amount = self.options.default_buy_in
                ops.append(RebuyBot(seat, amount))
                self.table.add_chips(seat, amount)
                self.table.come_in(seat)
            elif sitter.bot is None and (sitter.timed_out or not sitter.connected):
                graced = sitter.grace_until is not None and now < sitter.grace_until
                if sitter.timed_out or not graced:
                    sitter.timed_out = False
                    if not self._sitting_out(seat):
                        self.table.sit_out(seat, "next-hand")
        self.last_saved = self.table.snapshot()
        ops.append(SaveState(self.last_saved))
        yield Write(tuple(ops))
        for sitter in gone:
            yield from self._gone(sitter, "left")
        if gone:
            yield from self.offer_seats()
        yield Broadcast()

    # -- a tournament's table ------------------------------------------------------------

    def _tournament_hand_over(self, ops: list[WriteOp]) -> Steps[None]:
        """The hand is over at a tournament's table: its tournament is told the stacks.  Its
        orders for this table (busted players off, players moved away, the table closing)
        and for the store (busts, the payout) go in the write that settles the hand, with
        the tournament's new state; the rest go to the tournament's service."""
        link = self.tournament
        assert link is not None
        if link.director.over:  # cancelled during the hand: the table closes now
            self.last_saved = self.table.snapshot()
            yield Write((*ops, SaveState(self.last_saved)))
            yield from self.close("tournament")
            return
        stacks = {line.seat: line.stack for line in self.table.lines()}
        at_start = {seat: self.at_start.get(seat, stack) for seat, stack in stacks.items()}
        orders = link.director.hand_over(link.number, stacks, at_start)
        gone, others, closing = self._carry_out(orders, ops)
        self.last_saved = self.table.snapshot()
        ops += [SaveState(self.last_saved),
                SaveTournament(link.tournament, *link.director.save())]
        yield Write(tuple(ops))
        yield from self._tournament_after(gone, others, closing)

    def tournament_orders(self, orders: list[Order], *, changed: bool = False) -> Steps[None]:
        """Orders of the tournament for this table between its hands (a player to seat, one
        to move away for the final table's draw, the table to close), from its service
        (``changed``: the director changed in giving them, and is saved whatever this
        table's share)."""
        link = self.tournament
        if link is None:
            raise TableError(f"table {self.id} is not a tournament's.")
        ops: list[WriteOp] = []
        gone, others, closing = self._carry_out(orders, ops)
        if ops or changed:
            ops += [*self.saved(), SaveTournament(link.tournament, *link.director.save())]
            yield Write(tuple(ops))
        yield from self._tournament_after(gone, others, closing)

    def _tournament_after(self, gone: list[tuple[Sitter, Json]], others: list[Order],
                          closing: bool) -> Steps[None]:
        for sitter, extra in gone:
            yield from self._gone(sitter, str(extra.pop("why")), **extra)
        if others:
            yield Forward(tuple(others))
        if closing:
            if self.table.playing:
                self.closing = "the tournament closed the table"
            else:
                yield from self.close("tournament")
                return
        yield Broadcast()

    def _carry_out(
        self, orders: list[Order], ops: list[WriteOp]
    ) -> tuple[list[tuple[Sitter, Json]], list[Order], bool]:
        """This table's share of the orders, carried out at the table (the writes added to
        ``ops``): who left and why, the orders for the rest, whether the table closes."""
        link = self.tournament
        assert link is not None
        gone: list[tuple[Sitter, Json]] = []
        others: list[Order] = []
        closing = False
        for order in orders:
            match order:
                case Unseat(number=n, seat=seat) if n == link.number:
                    # off the table at once: a player sent to his seat in the same orders
                    # takes it (he is told he left after the write)
                    sitter = self.sitters.pop(seat)
                    self.table.leave(seat)
                    ops.append(Stand(seat))
                    gone.append((sitter, {"why": "out"}))
                case MoveTo(from_number=n, from_seat=seat) if n == link.number:
                    move = link.director.pending_move(order.account, n)
                    moving = self.sitters.get(seat)
                    if move is None or moving is None or moving.account != order.account:
                        continue  # moved already (an order carried out again after a crash)
                    stack = self.table.stack(seat)
                    del self.sitters[seat]
                    self.table.leave(seat)
                    ops.append(Stand(seat))
                    others.append(link.director.moved(move, stack))
                    gone.append((moving, {"why": "moved",
                                          "to": link.rooms.get(move.to_number)}))
                case SeatAt(number=n) if n == link.number:
                    if not link.director.seat_pending(order):
                        continue  # taken already, or he was sent on elsewhere meanwhile
                    if order.seat in self.sitters:
                        if self.sitters[order.seat].account == order.account:
                            link.director.done(order.account)  # seated already (a crash)
                        else:  # the director and the table disagree: said, for the log
                            log.error("table %s: seat %s is %s's; the seat order %s waits",
                                      self.id, order.seat, self.sitters[order.seat].name,
                                      order)
                        continue
                    self._seat_entrant(order, link.director.name_of(order.account))
                    link.director.done(order.account)
                    ops.append(SeatEntrant(order.seat, order.account, order.stack, order.bot))
                case CloseAt(number=n) if n == link.number:
                    closing = True
                case Out(entry=entry, places=places):
                    ops.append(BustEntry(entry, min(places)))
                case Paid(places=places):
                    ops.append(PayTournament(link.tournament, places))
                case _:
                    others.append(order)
        return gone, others, closing

    def _seat_entrant(self, order: SeatAt, name: str) -> None:
        """An entrant sits at the table (dealt in from its next hand; a person is away until
        he comes to watch), before his seat is written with the write that follows: a seat
        the table refuses is never written."""
        self.table.sit(order.seat, name, order.stack)
        self.sitters[order.seat] = Sitter(
            order.seat, order.account, name, bot=order.bot, connected=order.bot is not None,
            reconnects=self.config.reconnects, time_bank=self.config.time_bank)

    def _new_chain(self) -> Steps[None]:
        """Every seed of the chain is used: go on with a new chain (and a new anchor)."""
        top = self.entropy(32)
        start = self.number
        length = self.chain.length
        yield Write((NewChain(top, length, start),))
        self.chain = SeedChain(top, length=length)
        self.chain_start = start
        log.info("table %s: a new seed chain from round %s, anchor %s", self.id, start + 1,
                 self.chain.anchor.hex())

    # -- what is shown ---------------------------------------------------------------------

    def public(self) -> Json:
        """What every watcher sees alike, now (at a tournament's table, its line)."""
        state = public_state(self.table, self.sitters, self.clock, self.now(), self.number)
        if self.tournament is not None:
            state["tournament"] = self.tournament.line()
        return state

    def state_of(self, outbox: Outbox, *, full: bool = False) -> Json:
        """One connection's ``table`` message."""
        account = self.audience.watchers.get(outbox.id, (outbox, None))[1]
        sitter = self.sitter_of(account)
        return self.audience.state(
            self.id, self.table, self.round_id, self.number, outbox, sitter, self.public(),
            full=full, extra=self.you,
        )

    def broadcast(self) -> None:
        """Send every watcher his ``table`` message (nothing is built for nobody: a table of
        bots that nobody watches)."""
        if self.audience.watchers:
            self.audience.broadcast(self.id, self.table, self.round_id, self.number,
                                    self.sitters, self.public(), extra=self.you)

    def restarted_for(self, account: int) -> Json | None:
        """The ``table-restarted`` notice for a player dealt into a round the restart
        voided, once (None: nothing to tell him)."""
        restart = self.restart
        if restart is None or account in self.told:
            return None
        voided = sorted(h for h, accounts in restart.voided.items() if account in accounts)
        if not voided:
            return None
        self.told.add(account)
        return message("table-restarted", table=self.id, voided=voided, reason=restart.reason)

    def summary(self) -> Json:
        """The lobby line of this table."""
        players = []
        for line in self.table.lines():
            bot = None if line.seat not in self.sitters else self.sitters[line.seat].bot
            players.append({"seat": line.seat, "name": line.name if bot is None else shown(
                line.name), "bot": bot, "stack": line.stack, "sitting_out": line.sitting_out})
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
            "rotation": self.table.public().get("rotation"),
            "tournament": None if self.tournament is None else {
                "id": self.tournament.tournament, "number": self.tournament.number},
        }

    def hands_per_hour(self) -> float:
        """Rounds finished in the last hour (scaled up while the table is younger)."""
        now = self.now()
        recent = sum(1 for t in self.finished if now - t <= 3600)
        return round(recent * 3600 / min(3600.0, max(60.0, now - self.opened)), 1)
