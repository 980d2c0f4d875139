"""Tournaments' money and entries: created, registered for, started, busted out of, paid.

Every chip a tournament moves moves in one ledger movement, in the transaction that changes
the entries it moved for, and is tagged with the tournament: a registration takes the buy-in
to the prize pool (wallet ``tournament:<id>``) and the fee to the house (``house``); an
unregistration before the start gives both back; a cancellation gives every entry's back; the
payout empties the pool into the winners' bankrolls.  Each of these transactions first locks
the tournament's row (PostgreSQL; on SQLite the write transaction holds the database), so two
registrations for the last seat, a registration and a cancellation, or two payouts are one
after the other.  :func:`check_tournaments` audits it all in the ledger's check.

The rules that decide places and prizes are :mod:`standpat.tournament`'s; this module keeps
what was decided and moves the chips.

>>> from standpat.store import Store, user_wallet
>>> from standpat.tournament import Level, Structure, TournamentSpec
>>> store = Store("sqlite://")
>>> ann = store.accounts.create("ann", "correct horse", grant=1000)
>>> bob = store.accounts.create("bob", "correct horse", grant=1000)
>>> hu = Structure("hu", (Level(10, 20),), 60.0, 500)
>>> spec = TournamentSpec("heads-up", hu, seats=2, buy_in=100, fee=10, max_entrants=2)
>>> t = store.tournaments.create(spec, game="five-card-draw", betting="no-limit")
>>> a, b = store.tournaments.register(t, ann.id), store.tournaments.register(t, bob.id)
>>> store.ledger.balance(user_wallet(ann.id)), store.tournaments.get(t).pool
(890, 200)
>>> store.tournaments.start(t).status
<Phase.RUNNING: 'running'>
>>> store.tournaments.bust(b.id, 2).place
2
>>> [(e.name, e.place, e.prize) for e in store.tournaments.pay(t)]
[('ann', 1, 200), ('bob', 2, 0)]
>>> store.ledger.balance(user_wallet(ann.id)), store.ledger.check()
(1090, [])
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import Connection, RowMapping, Select, case, func, select
from sqlalchemy.exc import IntegrityError

from standpat.engine.games import Structure as Betting
from standpat.engine.games import get_game
from standpat.errors import (
    NotFoundError,
    StandpatError,
    TournamentError,
    TournamentStateError,
)
from standpat.store import models as m
from standpat.store.accounts import SuspendedError
from standpat.store.ledger import (
    HOUSE,
    MAX_CHIPS,
    Ledger,
    chips_wallet,
    tournament_wallet,
    user_wallet,
)
from standpat.store.tx import Transactions, now, utc
from standpat.tournament.core import Phase, TournamentSpec
from standpat.tournament.payouts import prizes as payout_prizes
from standpat.tournament.payouts import split_prizes
from standpat.tournament.structure import structure_from_doc, structure_to_doc

__all__ = [
    "BUY_IN", "PRIZE", "REFUND", "Entry", "EntryStatus", "StaleStateError", "TournamentRecord",
    "Tournaments", "check_tournaments",
]

BUY_IN = "buy-in"
"""The ledger's kind of a registration's movement (buy-in to the pool, fee to the house)."""
REFUND = "refund"
"""The ledger's kind of an unregistration's or a cancellation's movement."""
PRIZE = "prize"
"""The ledger's kind of a tournament's payout (one movement: the whole pool)."""


class StaleStateError(StandpatError):
    """A save of a tournament's director made after a save that the store does not hold (a
    write that failed): refused, so that a change the room could not write is never saved
    by a later write."""


class EntryStatus(StrEnum):
    """Where an entry stands."""

    LIVE = "live"
    """Registered and not out (before the start, or playing)."""
    BUSTED = "busted"
    """Out, with its place."""
    WON = "won"
    """The last one in: first place, paid."""
    UNREGISTERED = "unregistered"
    """Taken back before the start, buy-in and fee refunded."""
    REFUNDED = "refunded"
    """The tournament was cancelled: buy-in and fee refunded."""


KEPT = (EntryStatus.LIVE, EntryStatus.BUSTED, EntryStatus.WON)
"""The statuses of entries whose buy-in is (or was, until the payout) in the pool."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry bought into a tournament."""

    id: int
    tournament_id: int
    account_id: int
    name: str
    number: int
    """The account's how-many-th entry into this tournament (from 1)."""
    status: EntryStatus
    buy_in: int
    fee: int
    place: int | None
    """Its place once out (tied entries share the best of their places); None while in."""
    prize: int | None
    """Its prize once paid (0: out of the money); None before the payout."""


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A stored tournament, with its field and prize pool now."""

    id: int
    spec: TournamentSpec
    game: str
    betting: str
    starts_at: datetime | None
    """When it starts; None for a sit-and-go (it starts when ``spec.max_entrants`` are in)."""
    status: Phase
    late_open: bool
    """Registration is open although it runs (late registration)."""
    entries: int
    """Entries whose buy-in is in the pool (re-entries counted)."""
    alive: int
    """Entries still in."""
    pool: int
    """The prize pool: the buy-ins of ``entries`` (0 once paid or cancelled)."""
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    recurring: str | None = None
    """The recurring sit-and-go it is an instance of (None: an operator made it)."""
    paused: bool = False
    """An operator paused it (its clock stops; its tables deal no new hand)."""

    @property
    def registration_open(self) -> bool:
        """Whether a player may register now."""
        return self.status is Phase.REGISTERING or (self.status is Phase.RUNNING
                                                    and self.late_open)


class Tournaments:
    """The stored tournaments, their entries, and their chips in the ledger."""

    def __init__(self, tx: Transactions, ledger: Ledger) -> None:
        self.tx = tx
        """The database's transactions."""
        self.ledger = ledger
        """The ledger buy-ins, fees, refunds and prizes move in."""

    # -- reading ---------------------------------------------------------------------

    def create(
        self, spec: TournamentSpec, *, game: str, betting: str,
        starts_at: datetime | None = None, recurring: str | None = None,
    ) -> int:
        """Store a new tournament open for registration; returns its id.

        ``starts_at`` None makes it a sit-and-go, which needs ``spec.max_entrants`` (it
        starts when that many are in).  ``recurring``: the name of the recurring sit-and-go
        it is an instance of (:meth:`instances` counts them).  TournamentError when it
        cannot be (a betting structure that is none, tables larger than the game deals);
        UnknownGameError for a game standpat does not deal.
        """
        dealt = get_game(game)
        if betting not in set(Betting):
            raise TournamentError(f"unknown betting structure {betting!r}; one of "
                                  f"{', '.join(Betting)}.")
        if spec.seats > dealt.max_players:
            raise TournamentError(f"{game} is dealt to {dealt.max_players} players at most, "
                                  f"not tables of {spec.seats}.")
        if starts_at is None and spec.max_entrants is None:
            raise TournamentError(f"the sit-and-go {spec.name!r} needs its number of "
                                  "entrants (max_entrants), or give it a start time.")
        if spec.buy_in + spec.fee > MAX_CHIPS:
            raise TournamentError(f"a buy-in and fee of {spec.buy_in + spec.fee:,} chips is "
                                  f"more than {MAX_CHIPS:,}.")
        if not spec.name or len(spec.name) > 64:
            raise TournamentError(f"a tournament's name has 1 to 64 characters: {spec.name!r}.")
        if recurring is not None and not 0 < len(recurring) <= 64:
            raise TournamentError(f"a recurring name has 1 to 64 characters: {recurring!r}.")
        with self.tx.begin() as conn:
            new_id = conn.execute(m.tournaments.insert().values(
                name=spec.name, game=game, betting=betting, seats=spec.seats,
                buy_in=spec.buy_in, fee=spec.fee, structure_name=spec.structure.name,
                structure=structure_to_doc(spec.structure), starts_at=starts_at,
                min_entrants=spec.min_entrants, max_entrants=spec.max_entrants,
                late_levels=spec.late_levels, reentries=spec.reentries,
                status=Phase.REGISTERING.value, late_open=False, created_at=now(),
                recurring=recurring,
            )).inserted_primary_key
        assert new_id is not None
        return int(new_id[0])

    def get(self, tournament_id: int, *, conn: Connection | None = None) -> TournamentRecord:
        """The tournament with this id; NotFoundError if there is none (``conn``: in the
        caller's transaction)."""
        with self.tx.within(conn, write=False) as conn:
            found = self._records(conn, m.tournaments.c.id == tournament_id)
        if not found:
            raise NotFoundError(f"there is no tournament {tournament_id}.")
        return found[0]

    def current(self) -> list[TournamentRecord]:
        """The lobby: tournaments registering or running, sit-and-gos first, then by start
        time."""
        with self.tx.read() as conn:
            found = self._records(conn, _CURRENT)
        return sorted(found, key=lambda t: (t.starts_at is not None,
                                            t.starts_at or t.created_at, t.id))

    def instances(self, recurring: str) -> tuple[int, int]:
        """A recurring sit-and-go's instances (``create(..., recurring=...)``): how many are
        registering now, and how many were made in all, whatever became of them."""
        t = m.tournaments
        registering = func.sum(case((t.c.status == Phase.REGISTERING.value, 1), else_=0))
        with self.tx.read() as conn:
            made, open_now = conn.execute(
                select(func.count(), registering).where(t.c.recurring == recurring)).one()
        return int(open_now or 0), int(made)

    def entries(self, tournament_id: int, *, conn: Connection | None = None) -> list[Entry]:
        """Every entry of a tournament, in the order they were bought (``conn``: in the
        caller's transaction)."""
        with self.tx.within(conn, write=False) as conn:
            rows = conn.execute(
                select(m.tournament_entries, m.accounts.c.name)
                .join(m.accounts, m.accounts.c.id == m.tournament_entries.c.account_id)
                .where(m.tournament_entries.c.tournament_id == tournament_id)
                .order_by(m.tournament_entries.c.id)
            ).mappings().all()
        return [_entry(row) for row in rows]

    def entry(self, entry_id: int, *, conn: Connection | None = None) -> Entry:
        """The entry with this id; NotFoundError if there is none (``conn``: in the caller's
        transaction)."""
        with self.tx.within(conn, write=False) as conn:
            row = conn.execute(
                select(m.tournament_entries, m.accounts.c.name)
                .join(m.accounts, m.accounts.c.id == m.tournament_entries.c.account_id)
                .where(m.tournament_entries.c.id == entry_id)
            ).mappings().first()
        if row is None:
            raise NotFoundError(f"there is no tournament entry {entry_id}.")
        return _entry(row)

    # -- registration ------------------------------------------------------------------

    def register(
        self, tournament_id: int, account_id: int, *, conn: Connection | None = None,
    ) -> Entry:
        """Enter an account: his buy-in goes to the prize pool and the fee to the house, in
        one movement out of his bankroll, in the transaction that writes the entry.

        A busted player may enter again while registration is open if the tournament
        allows re-entries and he has some left.  Refused: TournamentStateError when
        registration is closed, the field is full or he is in already; AccountError when
        his bankroll is short (SuspendedError for a suspended account).  ``conn``: in the
        caller's transaction (a house bot's account made and registered in one).
        """
        with self.tx.within(conn) as conn:
            t = self._lock(conn, tournament_id)
            name = t["name"]
            if not (t["status"] == Phase.REGISTERING or (t["status"] == Phase.RUNNING
                                                         and t["late_open"])):
                raise TournamentStateError(f"registration for {name!r} is closed.")
            suspended = conn.execute(
                select(m.accounts.c.suspended_at).where(m.accounts.c.id == account_id)
            ).first()
            if suspended is None:
                raise NotFoundError(f"there is no account {account_id}.")
            if suspended[0] is not None:
                raise SuspendedError("this account is suspended; it cannot register.")
            mine = conn.execute(
                select(m.tournament_entries.c.number, m.tournament_entries.c.status)
                .where((m.tournament_entries.c.tournament_id == tournament_id)
                       & (m.tournament_entries.c.account_id == account_id))
            ).all()
            if any(status == EntryStatus.LIVE for _, status in mine):
                raise TournamentStateError(f"you are registered for {name!r} already.")
            busted = sum(status == EntryStatus.BUSTED for _, status in mine)
            if busted > t["reentries"]:
                raise TournamentStateError(
                    f"{name!r} allows {t['reentries']} re-entries and you have used them."
                    if t["reentries"] else f"{name!r} allows no re-entry.")
            alive = self._count(conn, tournament_id, (EntryStatus.LIVE,))
            if t["max_entrants"] is not None and alive >= t["max_entrants"]:
                raise TournamentStateError(f"{name!r} is full ({t['max_entrants']} players).")
            buy_in, fee = int(t["buy_in"]), int(t["fee"])
            self.ledger.charge(conn, account_id,
                               {tournament_wallet(tournament_id): buy_in, HOUSE: fee},
                               BUY_IN, tournament_id=tournament_id)
            number = max((n for n, _ in mine), default=0) + 1
            try:
                entry_id = conn.execute(m.tournament_entries.insert().values(
                    tournament_id=tournament_id, account_id=account_id, number=number,
                    status=EntryStatus.LIVE.value, buy_in=buy_in, fee=fee, created_at=now(),
                )).inserted_primary_key
            except IntegrityError:  # a registration of his that the lock did not order
                raise TournamentStateError(
                    f"you are registered for {name!r} already.") from None
            assert entry_id is not None
            return self.entry(int(entry_id[0]), conn=conn)

    def unregister(self, tournament_id: int, account_id: int) -> Entry:
        """Take an account's entry back before the start: buy-in and fee back to his
        bankroll in one movement.  TournamentStateError once started or if he is not in."""
        with self.tx.begin() as conn:
            t = self._lock(conn, tournament_id)
            if t["status"] != Phase.REGISTERING:
                raise TournamentStateError(
                    f"{t['name']!r} is {t['status']}: one may unregister only before the start.")
            row = conn.execute(
                select(m.tournament_entries)
                .where((m.tournament_entries.c.tournament_id == tournament_id)
                       & (m.tournament_entries.c.account_id == account_id)
                       & (m.tournament_entries.c.status == EntryStatus.LIVE.value))
            ).mappings().first()
            if row is None:
                raise TournamentStateError(f"you are not registered for {t['name']!r}.")
            self._refund(conn, tournament_id, [row], EntryStatus.UNREGISTERED, "unregistered")
        return self.entry(int(row["id"]))

    # -- play ------------------------------------------------------------------------

    def start(self, tournament_id: int) -> TournamentRecord:
        """Start a tournament: it runs, and registration stays open only if it has late
        registration (until :meth:`close_registration`).  TournamentStateError if it has
        started or has fewer entrants than it needs."""
        with self.tx.begin() as conn:
            t = self._lock(conn, tournament_id)
            if t["status"] != Phase.REGISTERING:
                raise TournamentStateError(f"{t['name']!r} is {t['status']}; it cannot start.")
            alive = self._count(conn, tournament_id, (EntryStatus.LIVE,))
            if alive < t["min_entrants"]:
                raise TournamentStateError(f"{t['name']!r} has {alive} entrants of the "
                                           f"{t['min_entrants']} it needs to start.")
            conn.execute(m.tournaments.update().where(m.tournaments.c.id == tournament_id)
                         .values(status=Phase.RUNNING.value, started_at=now(),
                                 late_open=t["late_levels"] > 0))
        return self.get(tournament_id)

    def pause(self, tournament_id: int, paused: bool = True) -> TournamentRecord:
        """Pause a running tournament (``paused`` False: resume it): its clock stops and its
        tables deal no new hand (the room carries it out within a second).
        TournamentStateError unless it runs."""
        with self.tx.begin() as conn:
            t = self._lock(conn, tournament_id)
            if t["status"] != Phase.RUNNING:
                raise TournamentStateError(f"{t['name']!r} is {t['status']}; only a running "
                                           "tournament is paused or resumed.")
            conn.execute(m.tournaments.update().where(m.tournaments.c.id == tournament_id)
                         .values(paused=paused))
        return self.get(tournament_id)

    def close_registration(self, tournament_id: int) -> TournamentRecord:
        """End late registration of a running tournament (its last late level is over)."""
        with self.tx.begin() as conn:
            t = self._lock(conn, tournament_id)
            if t["status"] != Phase.RUNNING:
                raise TournamentStateError(f"{t['name']!r} is {t['status']}, not running.")
            conn.execute(m.tournaments.update().where(m.tournaments.c.id == tournament_id)
                         .values(late_open=False))
        return self.get(tournament_id)

    def bust(self, entry_id: int, place: int, *, conn: Connection | None = None) -> Entry:
        """An entry is out of its running tournament at ``place`` (tied entries share the
        best of their places).  TournamentStateError unless the entry is in and the
        tournament runs; TournamentError for a place that no entry can have.  ``conn``: the
        caller's transaction (a tournament table's write), else a new one."""
        return self._place(entry_id, place, EntryStatus.LIVE, conn)

    def correct_place(self, entry_id: int, place: int) -> Entry:
        """Give a busted entry its final place (one busted during late registration was
        told a provisional one), before the payout."""
        return self._place(entry_id, place, EntryStatus.BUSTED)

    def _place(self, entry_id: int, place: int, was: EntryStatus,
               conn: Connection | None = None) -> Entry:
        with self.tx.within(conn) as conn:
            tournament_id = conn.execute(
                select(m.tournament_entries.c.tournament_id)
                .where(m.tournament_entries.c.id == entry_id)
            ).scalar_one_or_none()
            if tournament_id is None:
                raise NotFoundError(f"there is no tournament entry {entry_id}.")
            t = self._lock(conn, tournament_id)
            if t["status"] != Phase.RUNNING:
                raise TournamentStateError(f"{t['name']!r} is {t['status']}, not running.")
            status = conn.execute(
                select(m.tournament_entries.c.status)
                .where(m.tournament_entries.c.id == entry_id)
            ).scalar_one()
            if status != was:
                raise TournamentStateError(f"entry {entry_id} of {t['name']!r} is {status}.")
            field = self._count(conn, tournament_id, KEPT)
            if not 2 <= place <= field:
                raise TournamentError(f"place {place} is not a losing place of a field of "
                                      f"{field} entries (2 to {field}).")
            conn.execute(m.tournament_entries.update()
                         .where(m.tournament_entries.c.id == entry_id)
                         .values(status=EntryStatus.BUSTED.value, place=place, ended_at=now()))
            return self.entry(entry_id, conn=conn)

    def cancel(self, tournament_id: int) -> list[Entry]:
        """Cancel a tournament that has not finished: every entry whose buy-in is in the
        pool (in or busted) gets its buy-in and fee back, in one movement that empties the
        pool; returns the entries.  TournamentStateError once finished or cancelled."""
        with self.tx.begin() as conn:
            t = self._lock(conn, tournament_id)
            if t["status"] not in (Phase.REGISTERING, Phase.RUNNING):
                raise TournamentStateError(f"{t['name']!r} is {t['status']}; it cannot be "
                                           "cancelled.")
            rows = conn.execute(
                select(m.tournament_entries)
                .where((m.tournament_entries.c.tournament_id == tournament_id)
                       & m.tournament_entries.c.status.in_(KEPT))
            ).mappings().all()
            self._refund(conn, tournament_id, rows, EntryStatus.REFUNDED, "cancelled")
            if self.ledger.balance(tournament_wallet(tournament_id), conn=conn) != 0:
                raise TournamentError(f"the pool of {t['name']!r} would not be empty after "
                                      "the refunds; nothing was refunded.")
            conn.execute(m.tournaments.update().where(m.tournaments.c.id == tournament_id)
                         .values(status=Phase.CANCELLED.value, late_open=False,
                                 ended_at=now()))
            return self.entries(tournament_id, conn=conn)

    def pay(
        self, tournament_id: int, prizes: Mapping[int, int] | Sequence[int] | None = None, *,
        conn: Connection | None = None, places: Mapping[int, int] | None = None,
    ) -> list[Entry]:
        """Pay a running tournament out and finish it: the last entry in takes first place,
        each place's prize goes to the entry that finished there (tied entries split their
        places' prizes, :func:`~standpat.tournament.payouts.split_prizes`), in one movement
        that leaves the pool at exactly 0; returns the entries with their prizes.

        ``prizes``: each place's prize, first place first, or place -> prize (default: the
        shipped payout table's for the pool and the field,
        :func:`~standpat.tournament.payouts.prizes`).
        ``places``: busted entries' final places (entry id -> place), written first, in the
        same transaction (places told during late registration were provisional, as with
        :meth:`correct_place`).
        Refused, with nothing paid: TournamentStateError unless it runs (a second payout
        finds it finished); TournamentError when more than one entry is still in, the
        places do not rank the field, or the prizes do not add up to the pool.
        """
        with self.tx.within(conn) as conn:
            t = self._lock(conn, tournament_id)
            name = t["name"]
            if t["status"] != Phase.RUNNING:
                raise TournamentStateError(f"{name!r} is {t['status']}; only a running "
                                           "tournament is paid.")
            entries = m.tournament_entries
            for entry_id, final in (places or {}).items():
                conn.execute(entries.update().where(
                    (entries.c.id == entry_id) & (entries.c.tournament_id == tournament_id)
                    & (entries.c.status == EntryStatus.BUSTED.value)).values(place=final))
            rows = conn.execute(
                select(m.tournament_entries)
                .where((m.tournament_entries.c.tournament_id == tournament_id)
                       & m.tournament_entries.c.status.in_(KEPT))
                .order_by(m.tournament_entries.c.id)
            ).mappings().all()
            live = [r for r in rows if r["status"] == EntryStatus.LIVE]
            if len(live) != 1:
                raise TournamentError(f"{name!r} has {len(live)} entries in; it is paid when "
                                      "one is left.")
            winner = int(live[0]["id"])
            place = {int(r["id"]): int(r["place"]) for r in rows if int(r["id"]) != winner}
            place[winner] = 1
            _check_places(name, place)
            pool = self.ledger.balance(tournament_wallet(tournament_id), conn=conn)
            paid_in = sum(int(r["buy_in"]) for r in rows)
            if pool != paid_in:
                raise TournamentError(f"the pool of {name!r} holds {pool} chips, not the "
                                      f"{paid_in} of its buy-ins; nothing was paid.")
            table = _prize_table(payout_prizes(pool, len(rows)) if prizes is None else prizes)
            if any(p < 0 for p in table):
                raise TournamentError(f"a prize cannot be negative: {table}.")
            won = _prizes_of(place, table)
            if sum(won.values()) != pool:
                raise TournamentError(
                    f"the prizes of {name!r} add up to {sum(won.values())} chips for its "
                    f"places but the pool holds {pool}; nothing was paid.")
            account = {int(r["id"]): int(r["account_id"]) for r in rows}
            moved: dict[str, int] = defaultdict(int)
            for entry_id, amount in won.items():
                moved[user_wallet(account[entry_id])] += amount
            moved[tournament_wallet(tournament_id)] = -pool
            self.ledger.move(conn, moved, PRIZE, tournament_id=tournament_id)
            at = now()
            for entry_id, amount in won.items():
                values: dict[str, Any] = {"place": place[entry_id], "prize": amount}
                if entry_id == winner:
                    values |= {"status": EntryStatus.WON.value, "ended_at": at}
                conn.execute(m.tournament_entries.update()
                             .where(m.tournament_entries.c.id == entry_id).values(**values))
            conn.execute(m.tournaments.update().where(m.tournaments.c.id == tournament_id)
                         .values(status=Phase.FINISHED.value, late_open=False, ended_at=at))
            return [e for e in self.entries(tournament_id, conn=conn) if e.status in KEPT]

    # -- the room's running tournaments -------------------------------------------------

    def save_state(self, tournament_id: int, state: Mapping[str, Any], *,
                   saves: int | None = None, conn: Connection | None = None) -> None:
        """Keep a running tournament's director (``conn``: the caller's transaction, as a
        tournament table's write that changed it, else a new one).

        ``saves``: the director's count of saves, this one included: it is kept only over
        the save before it (the stored count ``saves - 1``), else StaleStateError (a save
        between them failed, and this one was made after it). None: kept whatever the count.
        """
        where = m.tournaments.c.id == tournament_id
        values: dict[str, Any] = {"state": dict(state)}
        if saves is not None:
            where &= m.tournaments.c.saves == saves - 1
            values["saves"] = saves
        with self.tx.within(conn) as conn:
            if not conn.execute(m.tournaments.update().where(where).values(**values)).rowcount:
                kept = conn.execute(select(m.tournaments.c.saves).where(
                    m.tournaments.c.id == tournament_id)).scalar()
                if kept is None or saves is None:
                    raise NotFoundError(f"there is no tournament {tournament_id}.")
                raise StaleStateError(
                    f"tournament {tournament_id}: save {saves} is made after save "
                    f"{saves - 1}, and the store holds save {kept}.")

    def state(self, tournament_id: int) -> dict[str, Any] | None:
        """A tournament's director as last saved (None: it has not started in the room)."""
        with self.tx.read() as conn:
            found = conn.execute(select(m.tournaments.c.state)
                                 .where(m.tournaments.c.id == tournament_id)).first()
        if found is None:
            raise NotFoundError(f"there is no tournament {tournament_id}.")
        return None if found.state is None else dict(found.state)

    def link_table(self, tournament_id: int, number: int, table_id: int, *,
                   conn: Connection | None = None) -> None:
        """Record the room's table ``table_id`` as the tournament's table ``number``."""
        with self.tx.within(conn) as conn:
            conn.execute(m.tournament_tables.insert().values(
                tournament_id=tournament_id, number=number, table_id=table_id))

    def tables(self, tournament_id: int, *, conn: Connection | None = None) -> dict[int, int]:
        """The tournament's tables, open or closed: its number -> the room's table id."""
        with self.tx.within(conn, write=False) as conn:
            return {int(r.number): int(r.table_id) for r in conn.execute(
                select(m.tournament_tables.c.number, m.tournament_tables.c.table_id)
                .where(m.tournament_tables.c.tournament_id == tournament_id))}

    def table_ids(self, among: Sequence[int]) -> set[int]:
        """Which of the tables ``among`` are tournaments' tables (a room of several nodes
        leaves them to the node that runs their tournament)."""
        if not among:
            return set()
        with self.tx.read() as conn:
            return {int(r) for r in conn.execute(
                select(m.tournament_tables.c.table_id)
                .where(m.tournament_tables.c.table_id.in_(list(among)))).scalars()}

    # -- inside the transactions ---------------------------------------------------------

    def _lock(self, conn: Connection, tournament_id: int) -> RowMapping:
        """The tournament's row, locked until the transaction ends (PostgreSQL; a SQLite
        write transaction holds the whole database)."""
        query = select(m.tournaments).where(m.tournaments.c.id == tournament_id)
        if self.tx.postgres:
            query = query.with_for_update()
        row = conn.execute(query).mappings().first()
        if row is None:
            raise NotFoundError(f"there is no tournament {tournament_id}.")
        return row

    @staticmethod
    def _count(conn: Connection, tournament_id: int, statuses: Sequence[EntryStatus]) -> int:
        return int(conn.execute(
            select(func.count()).select_from(m.tournament_entries)
            .where((m.tournament_entries.c.tournament_id == tournament_id)
                   & m.tournament_entries.c.status.in_(statuses))
        ).scalar_one())

    def _refund(
        self, conn: Connection, tournament_id: int, rows: Sequence[RowMapping],
        status: EntryStatus, note: str,
    ) -> None:
        """Give ``rows`` (entries) their buy-ins and fees back in one movement, and mark
        them ``status``."""
        moved: dict[str, int] = defaultdict(int)
        for row in rows:
            moved[user_wallet(int(row["account_id"]))] += int(row["buy_in"]) + int(row["fee"])
            moved[tournament_wallet(tournament_id)] -= int(row["buy_in"])
            moved[HOUSE] -= int(row["fee"])
        self.ledger.move(conn, moved, REFUND, tournament_id=tournament_id, note=note)
        if rows:
            conn.execute(m.tournament_entries.update()
                         .where(m.tournament_entries.c.id.in_([int(r["id"]) for r in rows]))
                         .values(status=status.value, ended_at=now()))

    def _records(self, conn: Connection, where: Any) -> list[TournamentRecord]:
        rows = conn.execute(_WITH_COUNTS.where(where)).mappings().all()
        return [_record(row) for row in rows]


def _with_counts() -> Select[Any]:
    """Tournaments with their entries, pool and players alive (the statement is built once:
    a subquery's labels made anew each time are cyclic garbage, and the room's tournament
    service asks every second)."""
    e = m.tournament_entries
    counts = (
        select(e.c.tournament_id,
               func.count().label("entries"),
               func.sum(e.c.buy_in).label("pool"),
               func.sum(case((e.c.status == EntryStatus.LIVE.value, 1), else_=0))
               .label("alive"))
        .where(e.c.status.in_(KEPT))
        .group_by(e.c.tournament_id)
        .subquery()
    )
    return (select(m.tournaments, counts.c.entries, counts.c.pool, counts.c.alive)
            .outerjoin(counts, counts.c.tournament_id == m.tournaments.c.id))


_WITH_COUNTS = _with_counts()
_CURRENT = m.tournaments.c.status.in_((Phase.REGISTERING.value, Phase.RUNNING.value))
"""The lobby's tournaments (registering or running)."""


def _record(row: RowMapping) -> TournamentRecord:
    status = Phase(row["status"])
    spec = TournamentSpec(
        row["name"], structure_from_doc(row["structure"]), seats=row["seats"],
        buy_in=int(row["buy_in"]), fee=int(row["fee"]), min_entrants=row["min_entrants"],
        max_entrants=row["max_entrants"], late_levels=row["late_levels"],
        reentries=row["reentries"])
    in_pool = status in (Phase.REGISTERING, Phase.RUNNING)
    created = utc(row["created_at"])
    assert created is not None
    return TournamentRecord(
        id=int(row["id"]), spec=spec, game=row["game"], betting=row["betting"],
        starts_at=utc(row["starts_at"]), status=status, late_open=bool(row["late_open"]),
        entries=int(row["entries"] or 0), alive=int(row["alive"] or 0),
        pool=int(row["pool"] or 0) if in_pool else 0, created_at=created,
        started_at=utc(row["started_at"]), ended_at=utc(row["ended_at"]),
        recurring=row["recurring"], paused=bool(row["paused"]))


def _entry(row: RowMapping) -> Entry:
    return Entry(
        id=int(row["id"]), tournament_id=int(row["tournament_id"]),
        account_id=int(row["account_id"]), name=row["name"], number=int(row["number"]),
        status=EntryStatus(row["status"]), buy_in=int(row["buy_in"]), fee=int(row["fee"]),
        place=row["place"], prize=None if row["prize"] is None else int(row["prize"]))


def _prize_table(prizes: Mapping[int, int] | Sequence[int]) -> tuple[int, ...]:
    """Each place's prize, first place first, from a sequence or a place -> prize mapping."""
    if not isinstance(prizes, Mapping):
        return tuple(prizes)
    if any(place < 1 for place in prizes):
        raise TournamentError(f"places are numbered from 1: {dict(prizes)}.")
    return tuple(prizes.get(place, 0) for place in range(1, max(prizes, default=0) + 1))


def _check_places(name: str, place: Mapping[int, int]) -> None:
    """Refuse places that do not rank the field: tied entries share the best of their places
    and the next place is the one after them (1, 2, 2, 4, ...)."""
    expected = 1
    for at, count in sorted(Counter(place.values()).items()):
        if at != expected:
            raise TournamentError(
                f"the places of {name!r} do not rank its field: place {expected} is "
                f"missing (next is {at}); nothing was paid.")
        expected += count


def _prizes_of(place: Mapping[int, int], table: Sequence[int]) -> dict[int, int]:
    """Each entry's prize: tied entries at place p (k of them) split places p .. p+k-1;
    the odd chips go to the earlier entries."""
    tied: dict[int, list[int]] = defaultdict(list)
    for entry_id, at in place.items():
        tied[at].append(entry_id)
    won: dict[int, int] = {}
    for at, group in tied.items():
        shares = split_prizes(table, list(range(at, at + len(group))))
        won |= dict(zip(sorted(group), shares, strict=True))
    return won


def check_tournaments(conn: Connection, wallets: Mapping[str, int]) -> list[str]:
    """Every way the tournaments' money fails to add up, as sentences (run by the ledger's
    check in its snapshot, with every wallet's balance).

    A registering or running tournament's pool holds the buy-ins of its entries; a finished
    or cancelled one's holds nothing; a finished one paid its whole pool in one movement,
    the prizes its entries record; the movements tagged with a tournament took from and gave
    back to each account and to the house what its entries say, so no refund or prize was
    paid twice; no entry is in once it ended.
    """
    problems: list[str] = []
    e = m.tournament_entries
    entries: dict[int, list[RowMapping]] = defaultdict(list)
    for row in conn.execute(select(e)).mappings():
        entries[int(row["tournament_id"])].append(row)
    flows: dict[tuple[int, str], int] = {
        (int(t), str(w)): int(total) for t, w, total in conn.execute(
            select(m.ledger.c.tournament_id, m.ledger.c.wallet, func.sum(m.ledger.c.amount))
            .where(m.ledger.c.tournament_id.is_not(None))
            .group_by(m.ledger.c.tournament_id, m.ledger.c.wallet))}
    payouts: dict[int, int] = dict(conn.execute(
        select(m.ledger.c.tournament_id, func.count(func.distinct(m.ledger.c.movement)))
        .where(m.ledger.c.tournament_id.is_not(None) & (m.ledger.c.kind == PRIZE))
        .group_by(m.ledger.c.tournament_id)).all())
    known = set()
    for t in conn.execute(select(m.tournaments.c.id, m.tournaments.c.status)).mappings():
        tid, status = int(t["id"]), Phase(t["status"])
        known.add(tid)
        rows = entries.get(tid, [])
        kept = [r for r in rows if r["status"] in KEPT]
        paid_in = sum(int(r["buy_in"]) for r in kept)
        pool = int(wallets.get(tournament_wallet(tid), 0))
        ended = status in (Phase.FINISHED, Phase.CANCELLED)
        if not ended and pool != paid_in:
            problems.append(f"tournament {tid} ({status}) holds {pool} chips in its pool, "
                            f"not the {paid_in} of its entries' buy-ins.")
        if ended and pool != 0:
            problems.append(f"tournament {tid} is {status} but its pool holds {pool} chips.")
        live = sum(r["status"] == EntryStatus.LIVE for r in rows)
        if ended and live:
            problems.append(f"tournament {tid} is {status} but {live} of its entries are in.")
        prized = sum(int(r["prize"] or 0) for r in kept)
        count = int(payouts.get(tid, 0))
        if status is Phase.FINISHED:
            if count != (1 if paid_in else 0):  # a freeroll's empty pool moves nothing
                problems.append(f"tournament {tid} was paid out in {count} movements, not "
                                f"{1 if paid_in else 0}.")
            if prized != paid_in:
                problems.append(f"tournament {tid}'s entries won {prized} chips of a pool of "
                                f"{paid_in}.")
        elif count or prized:
            problems.append(f"tournament {tid} is {status} but paid {prized} chips in "
                            f"{count} payouts.")
        owed: dict[str, int] = defaultdict(int)
        for r in kept:
            owed[user_wallet(int(r["account_id"]))] += (
                int(r["prize"] or 0) - int(r["buy_in"]) - int(r["fee"]))
            owed[HOUSE] += int(r["fee"])
        for wallet in set(owed) | {w for (t2, w) in flows if t2 == tid}:
            if wallet == tournament_wallet(tid) or wallet.startswith(("chips:", "seat:")):
                continue  # the pool (above) and the tournament's chips (below)
            moved = flows.get((tid, wallet), 0)
            if moved != owed.get(wallet, 0):
                problems.append(f"tournament {tid} moved {moved} chips to {wallet} in all, "
                                f"not the {owed.get(wallet, 0)} its entries say.")
    problems += _check_chips(conn, wallets, known)
    for wallet, total in wallets.items():
        owner = wallet.partition(":")[2]
        if wallet.startswith("tournament:") and total and int(owner) not in known:
            problems.append(f"wallet {wallet} of no tournament holds {total} chips.")
    return problems


def _check_chips(conn: Connection, wallets: Mapping[str, int], known: set[int]) -> list[str]:
    """Tournament chips are conserved: what a tournament's chips wallet handed out is at its
    tables (its seats' wallets), and once no table of it is open, all of it came back."""
    problems: list[str] = []
    at_tables: dict[int, int] = defaultdict(int)
    open_tables: dict[int, int] = defaultdict(int)
    for row in conn.execute(
        select(m.tournament_tables.c.tournament_id, m.tournament_tables.c.table_id,
               m.tables.c.closed)
        .join(m.tables, m.tables.c.id == m.tournament_tables.c.table_id)
    ).mappings():
        tid, table = int(row["tournament_id"]), int(row["table_id"])
        open_tables[tid] += not row["closed"]
        prefix = f"seat:{table}:"
        at_tables[tid] += sum(v for w, v in wallets.items() if w.startswith(prefix))
    for tid in known | set(at_tables):
        out = -int(wallets.get(chips_wallet(tid), 0))
        if out != at_tables.get(tid, 0):
            problems.append(f"tournament {tid} handed out {out} chips but its tables hold "
                            f"{at_tables.get(tid, 0)}.")
        elif out and not open_tables.get(tid):
            problems.append(f"tournament {tid} has no table open but {out} of its chips are "
                            "out.")
    return problems
