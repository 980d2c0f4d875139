"""A tournament from registration to the last prize, decided without I/O.

:class:`Tournament` is told what happens (a player registers, a table's hand starts or ends,
time is played) and answers with what the room must do, as effects: charge or refund a
buy-in, open or close a table, seat a player with his chips, move one, pay a prize.  It keeps
who is in, where each sits, the places and the clock; the tables keep the chips.

Its tables deal independently, so it moves players only between a table's hands: when a hand
ends at table T it may move players away from T, break T, or (every other table being between
hands) draw the final table; a table to be broken or balanced that is still in a hand does it
when its own hand ends.  On the bubble (hand-for-hand), on a break, while paused, and while
the final table waits for the last hands elsewhere, a table that finished its hand waits:
:meth:`Tournament.may_deal` says when it may deal again.  The players who bust in one
hand-for-hand round, at whatever tables, are placed together by the chips they began their
hands with, as if they had busted in one hand (RULES.md; the Tournament Directors
Association's rule).

A player who busts while late registration is open is told a provisional place (more entrants
may still come); :meth:`Tournament.results` gives every entry's final place once the
tournament is over.

>>> import random
>>> from standpat.tournament import Structure, Level
>>> spec = TournamentSpec("heads-up", Structure("hu", (Level(10, 20),), 60.0, 500), seats=2,
...                       buy_in=100, fee=10, max_entrants=2)
>>> t = Tournament(spec, random.Random(1))
>>> t.register("ann")
[Charge(player='ann', buy_in=100, fee=10)]
>>> [type(e).__name__ for e in t.register("bob")]   # full: a sit-and-go starts
['Charge', 'OpenTable', 'Seat', 'Seat']
>>> seat_of = {p: s for s, p in t.tables[1].items()}
>>> t.hand_started(1, big_blind=seat_of["ann"])   # the level the hand is played at
Level(small_blind=10, big_blind=20, ante=0)
>>> t.hand_over(1, {seat_of["ann"]: 1000, seat_of["bob"]: 0},
...             {seat_of["ann"]: 500, seat_of["bob"]: 500})
[Busted(player='bob', places=(2,)), Pay(player='ann', amount=200, place=1), CloseTable(table=1)]
>>> t.phase
<Phase.FINISHED: 'finished'>
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from standpat.errors import TournamentError
from standpat.table.codec import rng_from_json, rng_to_json
from standpat.tournament.balance import Move, TableSeats, balance
from standpat.tournament.payouts import paid_places, prizes, split_prizes
from standpat.tournament.places import Bust, Finish, hand_for_hand, places
from standpat.tournament.structure import (
    Level,
    Moment,
    Structure,
    structure_from_doc,
    structure_to_doc,
)

__all__ = [
    "Busted", "Charge", "CloseTable", "Effect", "OpenTable", "Pay", "Phase", "Refund", "Seat",
    "Tournament", "TournamentSpec",
]


class Phase(StrEnum):
    """Where a tournament stands."""

    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament is: its structure, table size, buy-in and fee, field limits, late
    registration (levels after the start while one may still register) and re-entries (how
    many more entries a busted player may buy while registration is open)."""

    name: str
    structure: Structure
    seats: int
    buy_in: int
    fee: int = 0
    min_entrants: int = 2
    max_entrants: int | None = None
    """The field's limit; a tournament with one and no ``starts_at`` is a sit-and-go: it
    starts when it is full."""
    late_levels: int = 0
    reentries: int = 0

    def __post_init__(self) -> None:
        if self.seats < 2:
            raise TournamentError(f"tables of {self.seats} seats cannot deal; two at least.")
        if self.buy_in < 0 or self.fee < 0:
            raise TournamentError("a buy-in and a fee cannot be negative.")
        if self.min_entrants < 2:
            raise TournamentError("a tournament needs two entrants at least.")
        if self.max_entrants is not None and self.max_entrants < self.min_entrants:
            raise TournamentError(f"at most {self.max_entrants} entrants is fewer than the "
                                  f"{self.min_entrants} it needs.")
        if self.late_levels < 0 or self.reentries < 0:
            raise TournamentError("late registration and re-entries cannot be negative.")


@dataclass(frozen=True)
class Charge:
    """Take the buy-in (to the prize pool) and the fee (to the house) from a player."""

    player: str
    buy_in: int
    fee: int


@dataclass(frozen=True)
class Refund:
    """Give a player back what he paid for ``entries`` entries (unregistered, or cancelled)."""

    player: str
    amount: int


@dataclass(frozen=True)
class OpenTable:
    """Open a tournament table (its number within the tournament)."""

    table: int


@dataclass(frozen=True)
class CloseTable:
    """Close a table whose players have all moved away or busted."""

    table: int


@dataclass(frozen=True)
class Seat:
    """Seat a player who enters with ``stack`` chips (at the start, or registering late)."""

    player: str
    table: int
    seat: int
    stack: int


@dataclass(frozen=True)
class Busted:
    """A player is out, at these places (several: tied with others; provisional while late
    registration is open)."""

    player: str
    places: tuple[int, ...]


@dataclass(frozen=True)
class Pay:
    """Pay a player his prize for ``place``."""

    player: str
    amount: int
    place: int


Effect = Charge | Refund | OpenTable | CloseTable | Seat | Move | Busted | Pay
"""What the room carries out for a tournament, in order."""


class Tournament:
    """One tournament's state (see the module's docstring); ``rng`` draws every seat."""

    def __init__(self, spec: TournamentSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.phase = Phase.REGISTERING
        self.entries: dict[str, int] = {}
        """Player -> entries bought (re-entries included)."""
        self.alive: set[str] = set()
        """The players still in (registered before the start, seated after)."""
        self.finishes: list[Finish] = []
        """Every finish so far, the latest last (places provisional while late registration
        is open; :meth:`results` has the final ones)."""
        self._groups: list[list[Bust]] = []
        """The busts of each hand (or hand-for-hand round), in order: the final places."""
        self._round_busts: list[Bust] = []
        """The busts of a hand-for-hand round still going on at other tables."""
        self._winner: str | None = None
        self._big_blind_before: dict[int, int | None] = {}
        self.tables: dict[int, dict[int, str]] = {}
        """Table -> seat -> player, of the tables open now."""
        self.last_big_blind: dict[int, int | None] = {}
        self.busy: set[int] = set()
        """Tables in a hand."""
        self.waiting: set[int] = set()
        """Tables that finished a hand on the bubble and wait for the others."""
        self.played = 0.0
        """Seconds of play so far (the clock: no pauses, no downtime)."""
        self.paused = False
        self._next_table = 1

    # -- registration -------------------------------------------------------------------

    @property
    def pool(self) -> int:
        """The prize pool: every entry's buy-in."""
        return self.spec.buy_in * sum(self.entries.values())

    def late_open(self) -> bool:
        """Whether a player may still register (before the start, or in the late levels)."""
        if self.phase is Phase.REGISTERING:
            return True
        return self.phase is Phase.RUNNING and self.moment().level < self.spec.late_levels

    def register(self, player: str) -> list[Effect]:
        """Enter ``player`` (a re-entry if he busted and may re-enter); a sit-and-go that
        becomes full starts."""
        if not self.late_open():
            raise TournamentError(f"registration for {self.spec.name} is closed.")
        if player in self.alive:
            raise TournamentError(f"{player} is registered for {self.spec.name} already.")
        if self.entries.get(player, 0) > self.spec.reentries:
            raise TournamentError(f"{player} has used his re-entries in {self.spec.name}.")
        limit = self.spec.max_entrants
        if limit is not None and len(self.alive) >= limit:
            raise TournamentError(f"{self.spec.name} is full ({limit} players).")
        self.entries[player] = self.entries.get(player, 0) + 1
        self.alive.add(player)
        effects: list[Effect] = [Charge(player, self.spec.buy_in, self.spec.fee)]
        if self.phase is Phase.RUNNING:
            effects += self._seat_late(player)
        elif limit is not None and len(self.alive) == limit:
            effects += self.start()
        return effects

    def unregister(self, player: str) -> list[Effect]:
        """Take ``player`` out before the start, his buy-in and fee back."""
        if self.phase is not Phase.REGISTERING or player not in self.alive:
            raise TournamentError(f"{player} cannot unregister from {self.spec.name} now.")
        self.alive.discard(player)
        entries = self.entries.pop(player)
        return [Refund(player, entries * (self.spec.buy_in + self.spec.fee))]

    def cancel(self) -> list[Effect]:
        """Cancel the tournament: everyone's buy-ins and fees back, every table closed (a
        finished tournament cannot be cancelled)."""
        if self.phase in (Phase.FINISHED, Phase.CANCELLED):
            raise TournamentError(f"{self.spec.name} is {self.phase.value}.")
        self.phase = Phase.CANCELLED
        effects: list[Effect] = [CloseTable(t) for t in sorted(self.tables)]
        effects += [Refund(p, n * (self.spec.buy_in + self.spec.fee))
                    for p, n in sorted(self.entries.items())]
        self.tables.clear()
        self.alive.clear()
        return effects

    # -- the start and the seats --------------------------------------------------------

    def start(self) -> list[Effect]:
        """Draw the seats and open the tables: as many as the field needs, as even as can be,
        every seat drawn at random."""
        if self.phase is not Phase.REGISTERING:
            raise TournamentError(f"{self.spec.name} has started already.")
        if len(self.alive) < self.spec.min_entrants:
            raise TournamentError(f"{self.spec.name} has {len(self.alive)} entrants of the "
                                  f"{self.spec.min_entrants} it needs.")
        self.phase = Phase.RUNNING
        players = sorted(self.alive)
        self.rng.shuffle(players)
        count = -(-len(players) // self.spec.seats)
        effects: list[Effect] = []
        for i in range(count):
            table = self._open()
            effects.append(OpenTable(table))
            group = players[i::count]
            for player, seat in zip(group, self.rng.sample(range(self.spec.seats), len(group)),
                                    strict=True):
                self.tables[table][seat] = player
                effects.append(Seat(player, table, seat, self.spec.structure.starting_stack))
        return effects

    def _open(self) -> int:
        table = self._next_table
        self._next_table += 1
        self.tables[table] = {}
        self.last_big_blind[table] = None
        return table

    def _seat_late(self, player: str) -> list[Effect]:
        effects: list[Effect] = []
        room = [t for t, seats in self.tables.items() if len(seats) < self.spec.seats]
        if not room:
            table = self._open()
            effects.append(OpenTable(table))
            room = [table]
        fewest = min(len(self.tables[t]) for t in room)
        table = self.rng.choice(sorted(t for t in room if len(self.tables[t]) == fewest))
        empty = [s for s in range(self.spec.seats) if s not in self.tables[table]]
        seat = self.rng.choice(empty)
        self.tables[table][seat] = player
        effects.append(Seat(player, table, seat, self.spec.structure.starting_stack))
        return effects

    # -- the clock ----------------------------------------------------------------------

    def advance(self, seconds: float) -> None:
        """``seconds`` of play went by (the room calls it while running and not paused)."""
        if seconds < 0:
            raise TournamentError(f"time does not go back ({seconds} s).")
        if self.phase is Phase.RUNNING and not self.paused:
            self.played += seconds

    def moment(self) -> Moment:
        """The level now, a break or not, and the seconds to the next change."""
        return self.spec.structure.moment(self.played)

    def pause(self) -> None:
        """Stop the clock and the dealing (an operator's pause)."""
        self.paused = True

    def resume(self) -> None:
        """Start the clock and the dealing again."""
        self.paused = False

    # -- the hands ----------------------------------------------------------------------

    def may_deal(self, table: int) -> bool:
        """Whether ``table`` may deal its next hand now."""
        return (self.phase is Phase.RUNNING and not self.paused and table in self.tables
                and table not in self.busy and table not in self.waiting
                and len(self.tables[table]) >= 2 and not self.moment().on_break
                and not self._final_pending())

    def hand_started(self, table: int, big_blind: int) -> Level:
        """``table`` dealt a hand whose big blind is seat ``big_blind``: the level the hand is
        played at, to its end (levels change between hands)."""
        if not self.may_deal(table):
            raise TournamentError(f"table {table} may not deal now.")
        self.busy.add(table)
        self._big_blind_before[table] = self.last_big_blind[table]
        self.last_big_blind[table] = big_blind
        return self.spec.structure.level_at(self.moment().level)

    def void_hand(self, table: int) -> None:
        """``table``'s hand was void (its node crashed): every chip of it went back, nobody
        busted, and the table may deal it again."""
        if table not in self.busy:
            raise TournamentError(f"table {table} was not in a hand.")
        self.busy.discard(table)
        self.last_big_blind[table] = self._big_blind_before.pop(table, None)

    def deferred(self) -> list[Effect]:
        """The final table's draw, if it waits for no hand any more: it is drawn when the
        last hand in play ends, and a hand that is voided instead (its node died) does not
        end.  Its effects (none: nothing waits, or a hand is still in play)."""
        if self.phase is not Phase.RUNNING or self.busy or not self._final_pending():
            return []
        return self._rebalance(min(self.tables))

    def hand_over(
        self, table: int, stacks: Mapping[int, int], stacks_at_start: Mapping[int, int]
    ) -> list[Effect]:
        """``table``'s hand ended with ``stacks`` (seat -> chips; a player with none is out),
        each seat having begun it with ``stacks_at_start``: the busts, then the moves, closed
        tables and prizes that follow.  Every seat of the table is given, a player moved in
        during the hand too (his stack at the start is his stack)."""
        if table not in self.busy:
            raise TournamentError(f"table {table} was not in a hand.")
        self.busy.discard(table)
        seats = self.tables[table]
        if set(stacks) != set(seats):
            raise TournamentError(f"table {table}'s stacks are for seats {sorted(stacks)}, "
                                  f"its players sit at {sorted(seats)}.")
        self._round_busts += [Bust(seats[s], stacks_at_start[s])
                              for s in sorted(stacks) if stacks[s] <= 0]
        for s in [s for s in seats if stacks[s] <= 0]:
            del seats[s]
        if self._hand_for_hand() and self.busy:
            # a round of hand-for-hand goes on elsewhere: its busts are placed at its end
            self.waiting.add(table)
            return self._rebalance(table)
        out, self._round_busts = self._round_busts, []
        self.waiting.clear()  # the round (if any) is over: every table may deal its next
        effects: list[Effect] = self._bust(out) if out else []
        if len(self.alive) == 1:
            return effects + self._finish()
        if self._hand_for_hand() and self.busy:
            self.waiting.add(table)  # the bubble begins: the hands elsewhere end the round
        return effects + self._rebalance(table)

    def _bust(self, out: list[Bust]) -> list[Effect]:
        finishes = places(out, len(self.alive))
        self._groups.append(out)
        self.finishes += finishes
        for finish in finishes:
            self.alive.discard(finish.player)
        return [Busted(f.player, f.places) for f in finishes]

    def _hand_for_hand(self) -> bool:
        return len(self.tables) > 1 and hand_for_hand(len(self.alive), self._paid())

    def _field(self) -> int:
        return max(2, sum(self.entries.values()))

    def _paid(self) -> int:
        return paid_places(self._field())

    def _final_pending(self) -> bool:
        alive = sum(len(s) for s in self.tables.values())
        return len(self.tables) > 1 and alive <= self.spec.seats

    def _rebalance(self, table: int) -> list[Effect]:
        seats = [TableSeats(t, self.spec.seats, s, self.last_big_blind[t])
                 for t, s in sorted(self.tables.items())]
        moves = balance(seats, self.rng)
        if not moves:
            return self._close_empty()
        if moves[0].why == "final":
            if self.busy:
                return []  # the final table is drawn once every table is between hands
            return self._carry_out(moves)
        first = moves[0]
        if first.why == "break":
            # a table in a hand breaks when its hand ends, and a player it would have sent to
            # a table that breaks too stays where he is
            kept, staying = [], set()
            for m in moves:
                if m.why == "break":
                    if m.from_table in self.busy or m.player in staying:
                        staying.add(m.player)
                    else:
                        kept.append(m)
            return self._carry_out(kept)
        return self._carry_out([m for m in moves if m.from_table == table]
                               if table in self.tables else [])

    def _carry_out(self, moves: list[Move]) -> list[Effect]:
        final = [m for m in moves if m.why == "final"]
        for move in final:
            del self.tables[move.from_table][move.from_seat]
        for move in final:
            self.tables[move.to_table][move.to_seat] = move.player
        for move in moves:
            if move.why != "final":
                del self.tables[move.from_table][move.from_seat]
                self.tables[move.to_table][move.to_seat] = move.player
        if final:
            self.last_big_blind[final[0].to_table] = None  # a fresh draw: a fresh button
            self.waiting.clear()
        effects: list[Effect] = list(moves)
        return effects + self._close_empty()

    def _close_empty(self) -> list[Effect]:
        empty = [t for t, seats in sorted(self.tables.items()) if not seats]
        for t in empty:
            del self.tables[t]
            self.waiting.discard(t)
        return [CloseTable(t) for t in empty]

    def _finish(self) -> list[Effect]:
        (self._winner,) = self.alive
        self.phase = Phase.FINISHED
        self.finishes = self.results()
        amounts = prizes(self.pool, self._field())
        effects: list[Effect] = []
        shares: dict[tuple[int, ...], list[int]] = {}
        for finish in self.finishes:
            if finish.place > len(amounts):
                continue
            if finish.places not in shares:
                shares[finish.places] = list(split_prizes(amounts, finish.places))
            amount = shares[finish.places].pop(0)
            if amount:
                effects.append(Pay(finish.player, amount, finish.place))
        effects += [CloseTable(t) for t in sorted(self.tables)]
        self.tables.clear()
        self.alive.clear()
        return effects

    def results(self) -> list[Finish]:
        """Every entry's final place, the winner first (a player who re-entered has one per
        entry); while the tournament runs, the entries out so far, best first, placed below
        the players still in."""
        standings: list[Finish] = []
        if self._winner is not None:
            standings.append(Finish(self._winner, (1,)))
        best = len(standings) + len(self.alive) + 1 if self._winner is None else 2
        for group in reversed(self._groups):
            standings += places(group, best + len(group) - 1)
            best += len(group)
        return standings

    # -- saving ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON (the room saves it with every change it carries out);
        :meth:`from_json` reads it back, and the two play on alike, draw for draw."""
        spec = asdict(self.spec) | {"structure": structure_to_doc(self.spec.structure)}
        return {
            "spec": spec, "rng": rng_to_json(self.rng), "phase": self.phase.value,
            "entries": self.entries, "alive": sorted(self.alive),
            "finishes": [[f.player, list(f.places)] for f in self.finishes],
            "groups": [[[b.player, b.stack_at_start] for b in g] for g in self._groups],
            "round_busts": [[b.player, b.stack_at_start] for b in self._round_busts],
            "winner": self._winner,
            "tables": [[t, [[seat, p] for seat, p in seats.items()]]  # in their order
                       for t, seats in self.tables.items()],
            "last_big_blind": [[t, bb] for t, bb in sorted(self.last_big_blind.items())],
            "big_blind_before": [[t, bb] for t, bb in sorted(self._big_blind_before.items())],
            "busy": sorted(self.busy), "waiting": sorted(self.waiting),
            "played": self.played, "paused": self.paused, "next_table": self._next_table,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Tournament:
        """A tournament saved by :meth:`to_json` (TournamentError if ``doc`` is not one)."""
        try:
            spec = dict(doc["spec"])
            spec["structure"] = structure_from_doc(spec["structure"])
            t = cls(TournamentSpec(**spec), rng_from_json(doc["rng"]))
            t.phase = Phase(doc["phase"])
            t.entries = {str(p): int(n) for p, n in doc["entries"].items()}
            t.alive = set(doc["alive"])
            t.finishes = [Finish(p, tuple(places)) for p, places in doc["finishes"]]
            t._groups = [[Bust(p, chips) for p, chips in g] for g in doc["groups"]]
            t._round_busts = [Bust(p, chips) for p, chips in doc["round_busts"]]
            t._winner = doc["winner"]
            t.tables = {int(n): {int(s): str(p) for s, p in seats} for n, seats in doc["tables"]}
            t.last_big_blind = {int(n): bb for n, bb in doc["last_big_blind"]}
            t._big_blind_before = {int(n): bb for n, bb in doc["big_blind_before"]}
            t.busy, t.waiting = set(doc["busy"]), set(doc["waiting"])
            t.played, t.paused = float(doc["played"]), bool(doc["paused"])
            t._next_table = int(doc["next_table"])
        except (KeyError, TypeError, ValueError) as error:
            raise TournamentError(f"not a saved tournament: {error!r}.") from None
        return t
