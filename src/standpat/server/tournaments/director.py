"""A running tournament in the room, decided without I/O: the tournament's core
(:class:`~standpat.tournament.core.Tournament`) seen through the room's tables.

The core speaks of players, tournament table numbers and seats; the room of accounts,
entries and its own tables.  :class:`Director` is told what the room's tournament tables do
(a hand starts or ends, time is played) and answers with :data:`Order` values the room
carries out: open a tournament table, seat an entrant with his chips, take a busted player
off his table, move a player to another table with his chips, close a table, record a bust,
pay the prizes.

A player's chips leave a table only between its hands, and only through the orders: when a
hand ends at table T, the orders that take players off T (busted, or moved away) are T's own
to carry out before it deals again; a moved player sits at his new table for its next hand,
with the stack he left T with.  The final table's draw moves players from tables that are
all between hands.

>>> import random
>>> from standpat.tournament import Level, Structure, Tournament, TournamentSpec
>>> spec = TournamentSpec("hu", Structure("hu", (Level(10, 20),), 60.0, 500), seats=2,
...                       buy_in=100, max_entrants=2)
>>> d = Director(Tournament(spec, random.Random(1)), {"ann": 1, "bob": 2})
>>> d.register("ann", 11)
[]
>>> [type(o).__name__ for o in d.register("bob", 12)]
['OpenAt', 'SeatAt', 'SeatAt']
>>> seats = {o.account: o.seat for o in d.orders_seen if isinstance(o, SeatAt)}
>>> d.hand_started(1, big_blind=seats[1])
Level(small_blind=10, big_blind=20, ante=0)
>>> orders = d.hand_over(1, {seats[1]: 1000, seats[2]: 0}, {seats[1]: 500, seats[2]: 500})
>>> orders[:3]
[Unseat(number=1, seat=...), Out(entry=12, places=(2,)), CloseAt(number=1)]
>>> orders[3]
Paid(prizes={11: 200}, places={12: 2})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from standpat.errors import TournamentError
from standpat.tournament.balance import Move
from standpat.tournament.core import (
    Busted,
    CloseTable,
    Effect,
    OpenTable,
    Pay,
    Phase,
    Seat,
    Tournament,
)
from standpat.tournament.structure import Level

__all__ = [
    "CloseAt", "Director", "MoveTo", "OpenAt", "Order", "Out", "Paid", "SeatAt", "Unseat",
]


@dataclass(frozen=True)
class OpenAt:
    """Open tournament table ``number`` (a room table of the tournament's game)."""

    number: int


@dataclass(frozen=True)
class SeatAt:
    """Seat ``account`` at table ``number``, seat ``seat``, with ``stack`` tournament chips
    from the tournament's chips (at the start, or registering late)."""

    number: int
    seat: int
    account: int
    stack: int
    bot: str | None = None
    """The level of a house bot entered by the operator (None: a person)."""


@dataclass(frozen=True)
class Unseat:
    """Take the busted player at table ``number``, seat ``seat`` off it, between its hands."""

    number: int
    seat: int


@dataclass(frozen=True)
class MoveTo:
    """Move ``account`` from table ``from_number`` (between its hands) to ``to_number``,
    with the chips he has: his source table stands him (the chips go back to the
    tournament's) and his new table seats him with them, for its next hand.  ``why``:
    ``balance``, ``break``, or ``final`` (the final table's draw)."""

    account: int
    from_number: int
    from_seat: int
    to_number: int
    to_seat: int
    why: str
    bot: str | None = None

    def arrived(self, stack: int) -> SeatAt:
        """His seat at the new table, once his old one has given back ``stack`` chips."""
        return SeatAt(self.to_number, self.to_seat, self.account, stack, self.bot)


@dataclass(frozen=True)
class CloseAt:
    """Close table ``number``: every player has left it."""

    number: int


@dataclass(frozen=True)
class Out:
    """Entry ``entry`` is out at ``places`` (several when tied; the best is recorded)."""

    entry: int
    places: tuple[int, ...]


@dataclass(frozen=True)
class Paid:
    """The tournament is over: pay each entry its prize (entry id -> chips), in one
    movement that empties the prize pool.  ``places``: each busted entry's final place (the
    best of tied places), which the payout writes first: a place told while late
    registration was open was provisional."""

    prizes: Mapping[int, int]
    places: Mapping[int, int] = field(default_factory=dict)


Order = OpenAt | SeatAt | Unseat | MoveTo | CloseAt | Out | Paid
"""What the room carries out for a running tournament, in order."""


@dataclass
class Director:
    """One tournament of the room: its core, and who each of its players is.

    ``accounts``: player name -> account id.  ``entries``: player name -> the id of his
    entry now (his latest, after a re-entry).  The room's tournament tables have numbers of
    their own (``tables``: the core's table -> the room's): the final table is drawn at a
    fresh room table (a fresh button), so a move is always from one table to another."""

    core: Tournament
    accounts: dict[str, int]
    entries: dict[str, int] = field(default_factory=dict)
    bots: dict[str, str] = field(default_factory=dict)
    """Player name -> bot level, for the house bots the operator entered."""
    pending: dict[int, SeatAt | MoveTo] = field(default_factory=dict)
    """Account -> the seat order not carried out yet (a seat to take, a move to make): the
    room carries them out again after a crash, until :meth:`done` says they are."""
    tables: dict[int, int] = field(default_factory=dict)
    """The core's table number -> the room's tournament table number."""
    opened: int = 0
    """Room tables opened so far (the next is ``opened + 1``)."""
    name: str = ""
    """The tournament's name (for what the tables show)."""
    chips: dict[str, int] = field(default_factory=dict)
    """Player name -> his chips as his table last said (seated, or a hand's end): what the
    players' places by chips are counted from (shown, never deciding anything)."""
    told: int = field(default=0, compare=False)
    """How many times the chips changed (what the tables' lines are cached by)."""
    _places: tuple[int, dict[str, int]] = field(default=(-1, {}), compare=False, repr=False)
    outs: dict[str, list[int]] = field(default_factory=dict)
    """Player name -> his entries out so far, in the order they busted (a player who
    re-entered has several): whose final place is which at the end."""
    orders_seen: list[Order] = field(default_factory=list, compare=False)
    """Every order given (for tests and the log)."""
    saves: int = field(default=0, compare=False)
    """How many times it was saved (:meth:`save`): the store keeps a save only over the one
    before it, so a change whose write failed is never saved by a later one."""

    def register(self, name: str, entry: int, account: int | None = None,
                 bot: str | None = None) -> list[Order]:
        """``name`` bought ``entry`` (the room took his buy-in): a sit-and-go that fills
        starts; a late registration is seated.  ``account``: his account, if the director
        does not know it yet; ``bot``: a house bot's level."""
        if account is not None:
            self.accounts[name] = account
        if name not in self.accounts:
            raise TournamentError(f"{name} has no account in this tournament.")
        self.entries[name] = entry
        if bot is not None:
            self.bots[name] = bot
        return self._orders(self.core.register(name))

    def pending_move(self, account: int, number: int) -> MoveTo | None:
        """``account``'s move from table ``number`` not carried out yet (None: none, as when
        an order comes again after a crash): where it takes him now (a player moved again
        while on his way goes straight to his latest seat)."""
        order = self.pending.get(account)
        return order if isinstance(order, MoveTo) and order.from_number == number else None

    def moved(self, order: MoveTo, stack: int) -> SeatAt:
        """His old table gave his ``stack`` back: his seat at the new one is pending."""
        seat = order.arrived(stack)
        self.pending[order.account] = seat
        return seat

    def name_of(self, account: int) -> str:
        """The name of a player of the tournament (TournamentError for a stranger)."""
        for name, known in self.accounts.items():
            if known == account:
                return name
        raise TournamentError(f"account {account} plays no part in {self.core.spec.name}.")

    def seat_pending(self, order: SeatAt) -> bool:
        """Whether ``order`` is a seat still to take (not taken, nor sent elsewhere since)."""
        return self.pending.get(order.account) == order

    def done(self, account: int) -> None:
        """His pending seat is taken."""
        self.pending.pop(account, None)

    def start(self) -> list[Order]:
        """Start a scheduled tournament (its start time came)."""
        return self._orders(self.core.start())

    def cancel(self) -> list[Order]:
        """The operator cancelled the tournament (the store gave every entry back): every
        table closes, its chips back to the tournament's."""
        self.pending.clear()
        return self._orders(self.core.cancel())

    def core_table(self, number: int) -> int:
        """The core's number of room table ``number`` (TournamentError if it is not open)."""
        for core, room in self.tables.items():
            if room == number:
                return core
        raise TournamentError(f"table {number} of {self.core.spec.name} is not open.")

    def may_deal(self, number: int) -> bool:
        """Whether table ``number`` may deal its next hand now (never a table it closed,
        nor one waiting for a player to sit)."""
        if number not in self.tables.values():
            return False
        for order in self.pending.values():  # a player on his way from it, or to it
            if (isinstance(order, SeatAt) and order.number == number) or (isinstance(
                    order, MoveTo) and number in (order.from_number, order.to_number)):
                return False
        return self.core.may_deal(self.core_table(number))

    def hand_started(self, number: int, big_blind: int) -> Level:
        """Table ``number`` deals, seat ``big_blind`` in the big blind: the level it plays."""
        return self.core.hand_started(self.core_table(number), big_blind)

    def busy_tables(self) -> set[int]:
        """The room's numbers of the tables in a hand, as the director knows them."""
        return {self.tables[core] for core in self.core.busy if core in self.tables}

    def void_hand(self, number: int) -> None:
        """Table ``number``'s hand was voided (its node died); its chips went back."""
        self.core.void_hand(self.core_table(number))

    def deferred(self) -> list[Order]:
        """The final table's draw, if a voided hand left it waiting for nothing
        (:meth:`~standpat.tournament.core.Tournament.deferred`): its orders, else none."""
        return self._orders(self.core.deferred())

    def advance(self, seconds: float) -> None:
        """``seconds`` of the tournament's clock went by."""
        self.core.advance(seconds)

    def hand_over(
        self, number: int, stacks: Mapping[int, int], at_start: Mapping[int, int]
    ) -> list[Order]:
        """Table ``number``'s hand ended with ``stacks`` (seat -> chips) from ``at_start``:
        the orders that follow, its own first (its busted players off the table)."""
        busted: list[Order] = [Unseat(number, s) for s in sorted(stacks) if stacks[s] <= 0]
        seated = self.core.tables.get(self.core_table(number), {})
        for seat, stack in stacks.items():
            if seat in seated:
                self.chips[seated[seat]] = stack
        self.told += 1
        stacks, at_start = dict(stacks), dict(at_start)
        for order in self.pending.values():
            # a player on his way here (moved in during the hand) is not out: with the chips
            # he brings, or, while his old table has not given them back yet, with some
            if isinstance(order, SeatAt) and order.number == number:
                stacks.setdefault(order.seat, order.stack)
                at_start.setdefault(order.seat, order.stack)
            elif isinstance(order, MoveTo) and order.to_number == number:
                stacks.setdefault(order.to_seat, 1)
                at_start.setdefault(order.to_seat, 1)
        try:
            effects = self.core.hand_over(self.core_table(number), stacks, at_start)
        except TournamentError as error:
            mine = [o for o in self.orders_seen[-400:] if number in (
                getattr(o, "number", None), getattr(o, "from_number", None),
                getattr(o, "to_number", None))]
            raise TournamentError(f"{error} Pending: {self.pending}; the last orders of table "
                                  f"{number}: {mine[-12:]}") from None
        return [*busted, *self._orders(effects)]

    @property
    def over(self) -> bool:
        """Whether the tournament is finished (or cancelled)."""
        return self.core.phase in (Phase.FINISHED, Phase.CANCELLED)

    def to_json(self) -> dict[str, Any]:
        """Everything needed to go on after a crash (the core's state and who is who)."""
        return {"core": self.core.to_json(), "accounts": self.accounts,
                "entries": self.entries, "bots": self.bots, "opened": self.opened,
                "tables": {str(c): r for c, r in self.tables.items()}, "name": self.name,
                "pending": {str(a): [type(o).__name__, asdict(o)]
                            for a, o in self.pending.items()},
                "outs": self.outs, "chips": self.chips, "saves": self.saves}

    def save(self) -> tuple[dict[str, Any], int]:
        """A new save: :meth:`to_json` and the count of saves, this one included (for
        :meth:`standpat.store.tournaments.Tournaments.save_state`)."""
        self.saves += 1
        return self.to_json(), self.saves

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Director:
        """Read back :meth:`to_json`."""
        kinds: dict[str, type[SeatAt] | type[MoveTo]] = {"SeatAt": SeatAt, "MoveTo": MoveTo}
        return cls(Tournament.from_json(doc["core"]), dict(doc["accounts"]),
                   dict(doc["entries"]), dict(doc["bots"]),
                   {int(a): kinds[k](**o) for a, (k, o) in doc["pending"].items()},
                   {int(c): int(r) for c, r in doc["tables"].items()}, int(doc["opened"]),
                   str(doc["name"]),
                   outs={n: [int(e) for e in es] for n, es in doc.get("outs", {}).items()},
                   chips={n: int(c) for n, c in doc.get("chips", {}).items()},
                   saves=int(doc.get("saves", 0)))

    # -- the core's effects as the room's orders ------------------------------------------

    def _open(self, core: int) -> OpenAt:
        self.opened += 1
        self.tables[core] = self.opened
        return OpenAt(self.opened)

    def _orders(self, effects: list[Effect]) -> list[Order]:
        orders: list[Order] = []
        prizes: dict[int, int] = {}
        final = [e for e in effects if isinstance(e, Move) and e.why == "final"]
        if final:
            orders += self._draw_final(final)
        for effect in effects:
            match effect:
                case OpenTable(table=core):
                    orders.append(self._open(core))
                case Seat(player=name, table=core, seat=seat, stack=stack):
                    self.chips[name] = stack
                    self.told += 1
                    orders.append(SeatAt(self.tables[core], seat, self.accounts[name], stack,
                                         self.bots.get(name)))
                case Move(why=why) if why != "final":
                    orders.append(MoveTo(self.accounts[effect.player],
                                         self.tables[effect.from_table], effect.from_seat,
                                         self.tables[effect.to_table], effect.to_seat, why,
                                         self.bots.get(effect.player)))
                case Busted(player=name, places=places):
                    orders.append(Out(self.entries[name], places))
                    self.outs.setdefault(name, []).append(self.entries[name])
                case Pay(player=name, amount=amount):
                    entry = self.entries[name]
                    prizes[entry] = prizes.get(entry, 0) + amount
                case CloseTable(table=core) if core in self.tables:  # (the draw closed it)
                    orders.append(CloseAt(self.tables.pop(core)))
        if self.core.phase is Phase.FINISHED and effects:
            orders.append(Paid(prizes, self._final_places()))
        orders = self._track(orders)
        self.orders_seen += orders
        return orders

    def places_by_chips(self) -> dict[str, int]:
        """Every player still in and his place by chips among them (1: the most; equal
        stacks share a place), from the chips his table last said."""
        if self._places[0] == self.told:  # worked out once per change, for every table
            return self._places[1]
        stacks = sorted((self.chips.get(name, 0) for name in self.core.alive), reverse=True)
        first: dict[int, int] = {}
        for place, stack in enumerate(stacks, 1):
            first.setdefault(stack, place)
        places = {name: first[self.chips.get(name, 0)] for name in self.core.alive}
        self._places = (self.told, places)
        return places

    def _final_places(self) -> dict[int, int]:
        """Each busted entry's final place (the best of tied places), from the core's
        results, best first: a player's latest entry out is his best placed."""
        outs = {name: list(entries) for name, entries in self.outs.items()}
        final: dict[int, int] = {}
        for finish in self.core.results():
            if finish.places == (1,):
                continue
            final[outs[finish.player].pop()] = min(finish.places)
        return final

    def _track(self, orders: list[Order]) -> list[Order]:
        """Note the seats and moves given as pending; a player the core moves again while on
        his way goes straight to his new seat: still on his old table, the move not yet
        carried out takes him there; off it, with his chips, he is seated there instead."""
        tracked: list[Order] = []
        for order in orders:
            if isinstance(order, MoveTo):
                before = self.pending.get(order.account)
                if isinstance(before, MoveTo):
                    self.pending[order.account] = replace(
                        before, to_number=order.to_number, to_seat=order.to_seat, why=order.why)
                    continue
                if isinstance(before, SeatAt):
                    order = SeatAt(order.to_number, order.to_seat, order.account, before.stack,
                                   order.bot)
            if isinstance(order, SeatAt | MoveTo):
                self.pending[order.account] = order
            tracked.append(order)
        return tracked

    def _draw_final(self, moves: list[Move]) -> list[Order]:
        """The final table's draw: a fresh room table, every player moved to it, every
        table he left closed."""
        before = {m.from_table: self.tables[m.from_table] for m in moves}
        before[moves[0].to_table] = self.tables[moves[0].to_table]
        orders: list[Order] = [self._open(moves[0].to_table)]
        for m in moves:
            orders.append(MoveTo(self.accounts[m.player], before[m.from_table], m.from_seat,
                                 self.tables[m.to_table], m.to_seat, "final",
                                 self.bots.get(m.player)))
        orders += [CloseAt(room) for room in sorted(set(before.values()))]
        for core in before:
            if core != moves[0].to_table:
                del self.tables[core]
        return orders
