"""How much of the room players hold: their open tables and the bots seated at them, in the
whole room and per client address that opened the tables (for the room's caps on both).

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse")
>>> table = store.tables.create(name="t", game="five-card-draw", structure="fixed-limit",
...                             stakes="2/4", seats=6, config={}, chain_top=bytes(32),
...                             chain_length=10, owner=alice.id)
>>> note_opening(store, table.id, "10.0.0.1")
>>> held(store, "10.0.0.1"), held(store, "10.0.0.2")
(Held(room_tables=1, address_tables=1, room_bots=0, address_bots=0), \
Held(room_tables=1, address_tables=0, room_bots=0, address_bots=0))
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from standpat.store import models as m
from standpat.store.db import Store

__all__ = ["Held", "held", "note_opening", "opened_from"]

MAX_ADDRESS = 64
"""The longest client address kept (an IPv6 address with its zone fits)."""


@dataclass(frozen=True, slots=True)
class Held:
    """Players' open tables and the bots at them: in the room, and those one address opened."""

    room_tables: int
    address_tables: int
    room_bots: int
    address_bots: int


def note_opening(store: Store, table_id: int, address: str) -> None:
    """Remember the client address that opened a player's table."""
    with store.tx.begin() as conn:
        conn.execute(m.tables.update().where(m.tables.c.id == table_id)
                     .values(opened_from=address[:MAX_ADDRESS]))


def opened_from(store: Store, table_id: int) -> str | None:
    """The client address that opened a table (None: the room's own, or before it was kept)."""
    with store.tx.read() as conn:
        found = conn.execute(select(m.tables.c.opened_from)
                             .where(m.tables.c.id == table_id)).scalar_one_or_none()
    return None if found is None else str(found)


def held(store: Store, address: str) -> Held:
    """What players hold now, in one consistent read: their open tables and the bots seated
    at them, in the room and at the tables ``address`` opened."""
    address = address[:MAX_ADDRESS]
    players = m.tables.c.closed.is_(False) & m.tables.c.owner_id.is_not(None)
    mine = m.tables.c.opened_from == address
    bots = (select(m.tables.c.opened_from)
            .join(m.seats, m.seats.c.table_id == m.tables.c.id)
            .where(players & m.seats.c.bot_level.is_not(None)).subquery())
    with store.tx.read(snapshot=True) as conn:
        tables = conn.execute(
            select(func.count(), func.count().filter(mine)).select_from(m.tables).where(players)
        ).one()
        seated = conn.execute(
            select(func.count(), func.count().filter(bots.c.opened_from == address))
            .select_from(bots)
        ).one()
    return Held(int(tables[0]), int(tables[1]), int(seated[0]), int(seated[1]))
