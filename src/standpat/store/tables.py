"""Tables and their seats: opened, sat at and stood up from, their options and state kept,
closed.  A seat's chips move in the ledger in the same transaction as the seat.

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse", grant=100)
>>> table = store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
...                             stakes="2/4", seats=6, config={}, chain_top=bytes(32),
...                             chain_length=10)
>>> store.tables.sit(table.id, 0, alice.id, 40).stack
40
>>> store.tables.stand(table.id, 0)
40
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Connection, func, select
from sqlalchemy.exc import IntegrityError

from standpat.errors import AccountError, NotFoundError, TableError
from standpat.store import models as m
from standpat.store.accounts import SuspendedError
from standpat.store.hands import HandStatus
from standpat.store.ledger import (
    BANK,
    MAX_CHIPS,
    Ledger,
    chips_wallet,
    seat_wallet,
    user_wallet,
)
from standpat.store.rounds import RoundWrites
from standpat.store.tx import Transactions, now, utc

__all__ = ["SeatRecord", "TableRecord", "Tables"]


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A stored table: what it deals and its options."""

    id: int
    name: str
    game: str
    structure: str
    stakes: str
    seats: int
    config: Mapping[str, Any]
    chain_top: str
    chain_length: int
    hands_dealt: int
    button: int
    closed: bool
    chain_start: int = 0
    """Hands the table had dealt when its current seed chain began."""
    owner: int | None = None
    """The account that opened the table (None: the room's own table)."""
    state: Mapping[str, Any] | None = None
    """The table between rounds, as its hosted table last saved it (None: never saved)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A stored seat: who sits there and his chips on the table."""

    table_id: int
    seat: int
    account_id: int
    name: str
    stack: int
    bot_level: str | None
    client_seed: str = ""
    """The seated account's client seed (mixed into the rounds dealt to him)."""


class Tables:
    """The stored tables and their seats."""

    def __init__(self, tx: Transactions, ledger: Ledger,
                 rounds: RoundWrites | None = None) -> None:
        self.tx = tx
        """The database's transactions."""
        self.ledger = ledger
        """The ledger a seat's chips move in."""
        self._rounds = rounds or RoundWrites(tx.engine)
        """The writes made in the driver's own SQL (the table's state between rounds); the
        store's one, shared with its :class:`~standpat.store.hands.Hands`."""

    def create(
        self,
        *,
        name: str,
        game: str,
        structure: str,
        stakes: str,
        seats: int,
        config: Mapping[str, Any],
        chain_top: bytes,
        chain_length: int,
        owner: int | None = None,
        max_owned: int | None = None,
        conn: Connection | None = None,
    ) -> TableRecord:
        """Store a new table, opened by account ``owner`` (None: the room itself).

        ``max_owned``: refuse (TableError) when the owner already has that many open
        tables; checked in the same transaction, so parallel requests cannot pass it.
        ``conn``: the caller's transaction, else a new one.
        """
        with self.tx.within(conn) as conn:
            if owner is not None and max_owned is not None:
                self.tx.lock_account(conn, owner)
                owned = conn.execute(
                    select(func.count())
                    .select_from(m.tables)
                    .where((m.tables.c.owner_id == owner) & m.tables.c.closed.is_(False))
                ).scalar_one()
                if owned >= max_owned:
                    raise TableError(
                        f"you have {owned} open tables, the most one player may open; "
                        "close one (leave it empty) first."
                    )
            new_id = conn.execute(
                m.tables.insert().values(
                    owner_id=owner,
                    name=name,
                    game=game,
                    structure=structure,
                    stakes=stakes,
                    seats=seats,
                    config=dict(config),
                    chain_top=chain_top.hex(),
                    chain_length=chain_length,
                    hands_dealt=0,
                    button=0,
                    closed=False,
                    created_at=now(),
                )
            ).inserted_primary_key
            assert new_id is not None
            return self.get(int(new_id[0]), conn=conn)

    def get(self, table_id: int, *, conn: Connection | None = None) -> TableRecord:
        """The stored table with this id; NotFoundError if there is none (``conn``: in the
        caller's transaction)."""
        with self.tx.within(conn, write=False) as conn:
            row = conn.execute(select(m.tables).where(m.tables.c.id == table_id)).mappings().first()
        if row is None:
            raise NotFoundError(f"there is no table {table_id}.")
        return _table(row)

    def open(self) -> list[TableRecord]:
        """Every open table, oldest first."""
        with self.tx.read() as conn:
            rows = conn.execute(
                select(m.tables).where(m.tables.c.closed.is_(False)).order_by(m.tables.c.id)
            ).mappings()
            return [_table(r) for r in rows]

    def seats(self, table_id: int, *, conn: Connection | None = None) -> list[SeatRecord]:
        """The occupied seats of a table, in seat order (``conn``: in the caller's
        transaction)."""
        with self.tx.within(conn, write=False) as conn:
            rows = conn.execute(
                select(m.seats, m.accounts.c.name, m.accounts.c.client_seed)
                .join(m.accounts, m.accounts.c.id == m.seats.c.account_id)
                .where(m.seats.c.table_id == table_id)
                .order_by(m.seats.c.seat)
            ).mappings()
            return [_seat(r) for r in rows]

    def sit(
        self,
        table_id: int,
        seat: int,
        account_id: int,
        buy_in: int,
        *,
        bot_level: str | None = None,
        cool_off: float = 0.0,
        conn: Connection | None = None,
    ) -> SeatRecord:
        """Seat an account and move ``buy_in`` chips from his bankroll to the table.

        The bankroll is debited atomically (see :meth:`Ledger.debit`).  ``cool_off``: a
        player whose hand seeds at this table were revealed to him when he left may
        sit here again only that many seconds later.  ``conn``: the caller's
        transaction (a table's fenced write), else a new one.
        """
        if not 0 < buy_in <= MAX_CHIPS:
            raise AccountError(f"a buy-in is 1 to {MAX_CHIPS:,} chips; got {buy_in}.")
        with self.tx.within(conn) as conn:
            self.tx.lock_account(conn, account_id)  # first: the seat's row refers to it
            if conn.execute(
                select(m.accounts.c.suspended_at).where(m.accounts.c.id == account_id)
            ).scalar_one_or_none() is not None:
                raise SuspendedError("this account is suspended; it cannot sit.")
            taken = conn.execute(
                select(m.seats.c.seat).where(
                    (m.seats.c.table_id == table_id)
                    & ((m.seats.c.seat == seat) | (m.seats.c.account_id == account_id))
                )
            ).first()
            if taken is not None:
                raise TableError(f"seat {seat} is taken, or you already sit at table {table_id}.")
            if cool_off > 0:
                _check_cool_off(conn, table_id, account_id, cool_off)
            try:
                conn.execute(
                    m.seats.insert().values(
                        table_id=table_id,
                        seat=seat,
                        account_id=account_id,
                        stack=buy_in,
                        bot_level=bot_level,
                    )
                )
            except IntegrityError:
                raise TableError(f"seat {seat} of table {table_id} is taken.") from None
            self.ledger.debit(
                conn, account_id, buy_in, seat_wallet(table_id, account_id), "buy-in",
                table_id=table_id,
            )
            return next(s for s in self.seats(table_id, conn=conn) if s.seat == seat)

    def seat_entrant(
        self, table_id: int, seat: int, account_id: int, stack: int, *,
        bot_level: str | None = None, conn: Connection | None = None,
    ) -> SeatRecord:
        """Seat a tournament's entrant at one of its tables with ``stack`` of its chips
        (from the tournament's chips wallet, :func:`~standpat.store.ledger.chips_wallet`:
        no bankroll pays).  ``conn``: the caller's transaction, else a new one."""
        if not 0 < stack <= MAX_CHIPS:
            raise AccountError(f"a stack is 1 to {MAX_CHIPS:,} chips; got {stack}.")
        with self.tx.within(conn) as conn:
            tournament_id = self.tournament_of(conn, table_id)
            if tournament_id is None:
                raise TableError(f"table {table_id} is not a tournament's.")
            try:
                conn.execute(m.seats.insert().values(
                    table_id=table_id, seat=seat, account_id=account_id, stack=stack,
                    bot_level=bot_level))
            except IntegrityError:
                raise TableError(f"seat {seat} of table {table_id} is taken.") from None
            self.ledger.move(conn, {chips_wallet(tournament_id): -stack,
                                    seat_wallet(table_id, account_id): stack},
                             "tournament-seat", table_id=table_id, tournament_id=tournament_id)
            return next(s for s in self.seats(table_id, conn=conn) if s.seat == seat)

    def stand(self, table_id: int, seat: int, *, conn: Connection | None = None) -> int:
        """Cash a seat out to its owner's bankroll, free the seat and reveal his hands' seeds.

        The time he left is kept (a player shown the seeds of a table sits there
        again only after a cool-off, see :meth:`sit`).  Returns the chips cashed out.  At a
        tournament's table the chips go back to the tournament's chips wallet instead (no
        bankroll holds tournament chips).  ``conn``: the caller's transaction, else a new one.
        """
        with self.tx.within(conn) as conn:
            return self._stand(conn, table_id, seat)

    @staticmethod
    def tournament_of(conn: Connection, table_id: int) -> int | None:
        """The tournament whose table ``table_id`` is (None: a ring game's)."""
        found = conn.execute(select(m.tournament_tables.c.tournament_id)
                             .where(m.tournament_tables.c.table_id == table_id)).scalar()
        return None if found is None else int(found)

    def _stand(self, conn: Connection, table_id: int, seat: int) -> int:
        row = conn.execute(
            select(m.seats).where((m.seats.c.table_id == table_id) & (m.seats.c.seat == seat))
        ).mappings().first()
        if row is None:
            raise TableError(f"seat {seat} of table {table_id} is empty.")
        account_id = row["account_id"]
        wallet = seat_wallet(table_id, account_id)
        chips = self.ledger.balance(wallet, conn=conn)
        tournament = self.tournament_of(conn, table_id)
        if tournament is None:
            self.ledger.move(conn, {wallet: -chips, user_wallet(account_id): chips},
                             "cash-out", table_id=table_id)
        elif chips:
            self.ledger.move(conn, {wallet: -chips, chips_wallet(tournament): chips},
                             "tournament-stand", table_id=table_id, tournament_id=tournament)
        conn.execute(
            m.seats.delete().where((m.seats.c.table_id == table_id) & (m.seats.c.seat == seat))
        )
        played = select(m.hands.c.id).where(
            (m.hands.c.table_id == table_id) & (m.hands.c.status != HandStatus.RUNNING)
        )
        conn.execute(
            m.hand_players.update()
            .where(
                (m.hand_players.c.account_id == account_id)
                & m.hand_players.c.hand_id.in_(played)
            )
            .values(revealed=True)
        )
        where = (m.departures.c.table_id == table_id) & (m.departures.c.account_id == account_id)
        if conn.execute(m.departures.update().where(where).values(left_at=now())).rowcount == 0:
            conn.execute(
                m.departures.insert().values(
                    table_id=table_id, account_id=account_id, left_at=now()
                )
            )
        return int(chips)

    def add_chips(
        self, table_id: int, seat: int, amount: int, *, conn: Connection | None = None
    ) -> int:
        """Move more chips from the owner's bankroll to his seat, atomically; new stack.
        ``conn``: the caller's transaction, else a new one."""
        return self._top_up(table_id, seat, amount, from_bank=False, conn=conn)

    def rebuy_bot(
        self, table_id: int, seat: int, amount: int, *, conn: Connection | None = None
    ) -> int:
        """Give a broke bot ``amount`` chips from the bank onto its seat; returns its stack.
        ``conn``: the caller's transaction, else a new one."""
        return self._top_up(table_id, seat, amount, from_bank=True, conn=conn)

    def _top_up(
        self, table_id: int, seat: int, amount: int, *, from_bank: bool,
        conn: Connection | None,
    ) -> int:
        if not 0 < amount <= MAX_CHIPS:
            raise AccountError(f"chips are added 1 to {MAX_CHIPS:,} at a time; got {amount}.")
        where = (m.seats.c.table_id == table_id) & (m.seats.c.seat == seat)
        with self.tx.within(conn) as conn:
            row = conn.execute(select(m.seats).where(where)).mappings().first()
            if row is None:
                raise TableError(f"seat {seat} of table {table_id} is empty.")
            account_id = row["account_id"]
            wallet = seat_wallet(table_id, account_id)
            if from_bank:
                self.ledger.move(conn, {BANK: -amount, wallet: amount}, "grant",
                                 table_id=table_id)
            else:
                self.ledger.debit(conn, account_id, amount, wallet, "buy-in", table_id=table_id)
            stack = int(row["stack"]) + amount
            conn.execute(m.seats.update().where(where).values(stack=stack))
        return stack

    def new_chain(
        self, table_id: int, top: bytes, length: int, start: int, *,
        conn: Connection | None = None,
    ) -> None:
        """Give a table a new seed chain of ``length`` seeds that begins after hand ``start``
        (``conn``: the caller's transaction, else a new one)."""
        with self.tx.within(conn) as conn:
            conn.execute(
                m.tables.update()
                .where(m.tables.c.id == table_id)
                .values(chain_top=top.hex(), chain_length=length, chain_start=start)
            )

    def set_option(
        self, table_id: int, name: str, value: Any, *, conn: Connection | None = None
    ) -> None:
        """Set one of a table's stored options (its ``config``: the clock, the hints, the
        chat mode), kept across restarts (``conn``: the caller's transaction, else a new one)."""
        with self.tx.within(conn) as conn:
            where = m.tables.c.id == table_id
            config = conn.execute(select(m.tables.c.config).where(where)).scalar_one()
            conn.execute(m.tables.update().where(where).values(config={**config, name: value}))

    def save_state(
        self, table_id: int, state: Mapping[str, Any], *, conn: Connection | None = None
    ) -> None:
        """Keep a table's state between rounds (its hosted table's snapshot), which a restart
        takes up (``conn``: the caller's transaction, else a new one)."""
        with self.tx.within(conn) as conn:
            # in the driver's own SQL: after every round, a SQLAlchemy statement cost more
            # than the write (a fifth of the writer thread's time under load)
            self._rounds.save_state(conn, table_id, state)

    def close(self, table_id: int, *, conn: Connection | None = None) -> int:
        """Close a table: cash every seat out to its owner and mark the table closed, in one
        transaction (``conn``: the caller's, else a new one).  Returns the chips cashed out."""
        with self.tx.within(conn) as conn:
            seats = conn.execute(
                select(m.seats.c.seat).where(m.seats.c.table_id == table_id)
            ).scalars().all()
            chips = sum(self._stand(conn, table_id, int(seat)) for seat in seats)
            conn.execute(m.tables.update().where(m.tables.c.id == table_id).values(closed=True))
        return chips


def _check_cool_off(conn: Connection, table_id: int, account_id: int, cool_off: float) -> None:
    left = conn.execute(
        select(m.departures.c.left_at).where(
            (m.departures.c.table_id == table_id) & (m.departures.c.account_id == account_id)
        )
    ).scalar_one_or_none()
    if left is None:
        return
    left = utc(left)
    assert left is not None
    back = left + timedelta(seconds=cool_off)
    if back > now():
        raise TableError(
            f"you left table {table_id} at {left:%H:%M} UTC and were shown its "
            f"hands' seeds; you may sit there again from {back:%H:%M} UTC."
        )


def _table(row: Any) -> TableRecord:
    return TableRecord(
        id=int(row["id"]),
        name=row["name"],
        game=row["game"],
        structure=row["structure"],
        stakes=row["stakes"],
        seats=int(row["seats"]),
        config=dict(row["config"]),
        chain_top=row["chain_top"],
        chain_length=int(row["chain_length"]),
        hands_dealt=int(row["hands_dealt"]),
        chain_start=int(row["chain_start"]),
        button=int(row["button"]),
        closed=bool(row["closed"]),
        owner=None if row["owner_id"] is None else int(row["owner_id"]),
        state=None if row["state"] is None else dict(row["state"]),
    )


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(
        table_id=int(row["table_id"]),
        seat=int(row["seat"]),
        account_id=int(row["account_id"]),
        name=row["name"],
        stack=int(row["stack"]),
        bot_level=row["bot_level"],
        client_seed=row.get("client_seed") or "",
    )
