"""Table ownership among nodes: a lease per table in PostgreSQL, with a fencing token.

A node runs a table only while it holds the table's lease: a row naming the node, a
token and an expiry, all in the database's own clock (no two machines' clocks are
compared).  The holder renews it well before it expires; a node that dies (or is
paused) stops renewing, and once the lease has expired any other node may take it,
which raises the token by one.  Every write of the table's rounds checks, in its own
transaction, that the lease still holds this node's token (:meth:`Leases.check`,
which also locks the row against a takeover until the write commits), so a node that
lost its lease while it was paused writes nothing when it wakes: the write raises
:class:`FencedError`, and is rolled back whole.

The token is the fence, not the clock: a lease that expired while nobody took it over
(the database was out of reach for longer than the lease, and came back) still has its
holder's token, so its holder may renew it and write on; only a takeover, which raises
the token, ends a holder's writes.  A database blip therefore costs the tables a pause,
and never a table.

The nodes themselves are registered in the same database (:class:`Nodes`): each beats
every third of a lease, so that the others know which nodes are alive (their players'
sockets), how many tables each runs (a new table goes to the least loaded), and that no
two processes run under one node name.

The row locks are chosen so that a renewal never waits for a write: a write's check
holds the row ``FOR KEY SHARE``, which a renewal's ``UPDATE`` of the expiry does not
conflict with (so one ``UPDATE`` renews all of a node's leases, without the deadlock
that ``FOR SHARE`` made with writes holding several tables' rows); a takeover first
locks the row ``FOR UPDATE``, which conflicts with every write's check, so it waits
for the write in progress to commit (or gives up, and tries on its next round).

A running tournament is one lease too, kept under the negative of its id: the node that
holds it runs the tournament's director and every one of its tables (their writes carry the
director's state, so they are fenced by both leases), and takes them over together.  Lease
0 is the room's recurring sit-and-gos': its holder keeps them open.

The leases' table is made by this module on first use (``CREATE TABLE IF NOT EXISTS``):
only a room of several nodes needs it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import OperationalError

from standpat.errors import StandpatError
from standpat.server.live.recorder import FencedError

__all__ = ["DuplicateNodeError", "FencedError", "Holder", "Leases", "Nodes"]

_TABLE = """
CREATE TABLE IF NOT EXISTS table_leases (
    table_id BIGINT PRIMARY KEY,
    node TEXT NOT NULL,
    token BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
)
"""

_NODES = """
CREATE TABLE IF NOT EXISTS room_nodes (
    node TEXT PRIMARY KEY,
    instance TEXT NOT NULL,
    beat_at TIMESTAMPTZ NOT NULL,
    tables INTEGER NOT NULL DEFAULT 0
)
"""

_CHECK = (
    "SELECT token FROM table_leases WHERE table_id = %(t)s AND node = %(n)s "
    "AND token = %(k)s FOR KEY SHARE"
)
"""A write's lease check, in the database driver's own terms: every write of every table
runs it, and through SQLAlchemy's statement path it cost about as much CPU as the
write it guards (a py-spy profile of a paced 250-table room: 9% of the nodes' CPU)."""


class Leases:
    """One node's leases on tables, in a PostgreSQL database.

    ``ttl``: seconds a lease lasts unless renewed (renew at least every third of it).
    """

    def __init__(self, engine: Engine, node: str, ttl: float = 10.0) -> None:
        if engine.dialect.name != "postgresql":
            raise StandpatError("table leases need PostgreSQL.")
        self.engine = engine
        self.node = node
        self.ttl = ttl
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(21021)"))  # one creator at a time
            conn.execute(text(_TABLE))
            conn.execute(text(_NODES))

    def acquire(self, table_id: int) -> int | None:
        """Take the table's lease if it is free or has expired; the new fencing token, or
        None if a node (this one included) holds it."""
        # a lease row held by a write of a paused node (its transaction left open) is not
        # waited for: the claim is tried again on the next round, once PostgreSQL has ended
        # that node's idle transaction (idle_in_transaction_session_timeout, set by the node)
        try:
            with self.engine.begin() as conn:
                conn.execute(text("SET LOCAL lock_timeout = '500ms'"))
                # FOR UPDATE: wait for a write that checked this lease to commit (the
                # upsert's own lock would not: it does not conflict with FOR KEY SHARE)
                conn.execute(text(
                    "SELECT 1 FROM table_leases WHERE table_id = :t FOR UPDATE"
                ), {"t": table_id})
                row = conn.execute(text(
                    "INSERT INTO table_leases (table_id, node, token, expires_at) "
                    "VALUES (:t, :n, 1, now() + make_interval(secs => :ttl)) "
                    "ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, "
                    "token = table_leases.token + 1, expires_at = EXCLUDED.expires_at "
                    "WHERE table_leases.expires_at < now() RETURNING token"
                ), {"t": table_id, "n": self.node, "ttl": self.ttl}).first()
        except OperationalError:
            return None
        return None if row is None else int(row[0])

    def renew(self, table_id: int, token: int) -> bool:
        """Extend the lease this node holds with ``token``; False if it is lost (taken
        over): the node must stop running the table."""
        return table_id in self.renew_many({table_id: token})

    def renew_many(self, held: Mapping[int, int]) -> set[int]:
        """Extend every lease of ``held`` (table id -> token) in one statement; the tables
        whose lease was renewed (one that expired and was not taken over, its token
        unchanged, is renewed too).  It never waits for a write (their checks hold the rows
        ``FOR KEY SHARE``), only, briefly, for another node's takeover of one row."""
        if not held:
            return set()
        with self.engine.begin() as conn:
            rows = conn.execute(text(
                "UPDATE table_leases SET expires_at = now() + make_interval(secs => :ttl) "
                "FROM unnest(CAST(:ids AS BIGINT[]), CAST(:tokens AS BIGINT[])) "
                "AS held(table_id, token) "
                "WHERE table_leases.table_id = held.table_id AND table_leases.node = :n "
                "AND table_leases.token = held.token "
                "RETURNING table_leases.table_id"
            ), {"ids": list(held), "tokens": list(held.values()), "n": self.node,
                "ttl": self.ttl}).scalars().all()
        return {int(r) for r in rows}

    def release(self, table_id: int, token: int) -> None:
        """Give the lease up at once (a node that stops cleanly)."""
        with self.engine.begin() as conn:
            conn.execute(text(
                "UPDATE table_leases SET expires_at = now() - interval '1 second' "
                "WHERE table_id = :t AND node = :n AND token = :k"
            ), {"t": table_id, "n": self.node, "k": token})

    def forget(self, table_id: int, token: int) -> None:
        """Delete the lease of a table that closed (nobody is to take it over)."""
        with self.engine.begin() as conn:
            conn.execute(text(
                "DELETE FROM table_leases WHERE table_id = :t AND node = :n AND token = :k"
            ), {"t": table_id, "n": self.node, "k": token})

    def check(self, conn: Connection, table_id: int, token: int) -> None:
        """In a write's transaction: raise :class:`FencedError` unless this node still holds
        the lease with ``token`` (nobody took it over); the row stays locked against a
        takeover until the transaction ends (``FOR KEY SHARE``: a renewal does not wait for
        it)."""
        # the driver's cursor on the transaction's own connection: the same transaction
        with conn.connection.dbapi_connection.cursor() as cursor:  # type: ignore[union-attr]
            cursor.execute(_CHECK, {"t": table_id, "n": self.node, "k": token})
            row = cursor.fetchone()
        if row is None:
            raise FencedError(
                f"node {self.node} no longer holds table {table_id}'s lease (token {token}): "
                "the write is refused."
            )

    def expired(self) -> list[int]:
        """Tables whose lease has expired (their node died or stopped): to take over."""
        with self.engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT table_id FROM table_leases WHERE expires_at < now() ORDER BY table_id"
            )).all()
        return [int(r[0]) for r in rows]


class DuplicateNodeError(StandpatError):
    """Another live process runs under this node's name."""


class Holder(NamedTuple):
    """The process under a node's name, as the room's database has it."""

    instance: str
    ago: float
    """Seconds since it last beat."""
    beat: float
    """When it last beat (seconds since the epoch, the database's clock): a later value
    read a moment after an earlier one proves the process alive."""


class Nodes:
    """The room's nodes in the database: this one's registration and heartbeat, and who
    else is alive (beaten within a lease)."""

    def __init__(self, engine: Engine, node: str, instance: str, ttl: float = 10.0) -> None:
        self.engine = engine
        self.node = node
        self.instance = instance
        """This process: a node restarted under its name is another instance."""
        self.ttl = ttl

    def register(self) -> bool:
        """Take this node's name if it is free, or if its last holder stopped beating a
        lease ago; False while another instance beats under it."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "INSERT INTO room_nodes (node, instance, beat_at, tables) "
                "VALUES (:n, :i, now(), 0) ON CONFLICT (node) DO UPDATE "
                "SET instance = EXCLUDED.instance, beat_at = now(), tables = 0 "
                "WHERE room_nodes.instance = EXCLUDED.instance "
                "OR room_nodes.beat_at < now() - make_interval(secs => :ttl) "
                "RETURNING instance"
            ), {"n": self.node, "i": self.instance, "ttl": self.ttl}).first()
        return row is not None

    def holder(self) -> Holder | None:
        """The instance under this node's name, and when it last beat."""
        with self.engine.connect() as conn:
            row = conn.execute(text(
                "SELECT instance, EXTRACT(EPOCH FROM now() - beat_at), "
                "EXTRACT(EPOCH FROM beat_at) FROM room_nodes WHERE node = :n"),
                {"n": self.node}).first()
        return None if row is None else Holder(str(row[0]), float(row[1]), float(row[2]))

    def beat(self, tables: int) -> bool:
        """This node is alive and runs ``tables`` tables; False if its name was taken by
        another instance meanwhile (this one stopped beating for longer than a lease)."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "UPDATE room_nodes SET beat_at = now(), tables = :k "
                "WHERE node = :n AND instance = :i RETURNING node"
            ), {"n": self.node, "i": self.instance, "k": tables}).first()
        return row is not None

    def alive(self) -> dict[tuple[str, str], int]:
        """Every node that beat within a lease, as (node, instance), with its tables."""
        with self.engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT node, instance, tables FROM room_nodes "
                "WHERE beat_at > now() - make_interval(secs => :ttl)"
            ), {"ttl": self.ttl}).all()
        return {(str(r[0]), str(r[1])): int(r[2]) for r in rows}

    def loads(self) -> dict[str, int]:
        """Every live node and how many tables it holds the lease of, now."""
        with self.engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT n.node, count(l.table_id) FROM room_nodes n "
                "LEFT JOIN table_leases l ON l.node = n.node AND l.table_id > 0 "
                "WHERE n.beat_at > now() - make_interval(secs => :ttl) GROUP BY n.node"
            ), {"ttl": self.ttl}).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def leave(self) -> None:
        """This node stops cleanly: its name is free at once."""
        with self.engine.begin() as conn:
            conn.execute(text("DELETE FROM room_nodes WHERE node = :n AND instance = :i"),
                         {"n": self.node, "i": self.instance})
