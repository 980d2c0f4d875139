"""The tournaments as the REST API answers them: lobby lines, one tournament with its
entries, and an entry (shapes: :mod:`standpat.server.answers`' ``Tournament*``).

>>> from standpat.store import Store
>>> from standpat.tournament import TournamentSpec, shipped
>>> store = Store("sqlite://")
>>> spec = TournamentSpec("Sunday", shipped("turbo"), seats=6, buy_in=100, fee=10,
...                       max_entrants=6)
>>> t = store.tournaments.create(spec, game="five-card-draw", betting="no-limit")
>>> line = tournament_line(store.tournaments.get(t))
>>> line["name"], line["sit_and_go"], line["registration_open"], line["starting_stack"]
('Sunday', True, True, 1500)
>>> ann = store.accounts.create("ann", "correct horse", grant=1000)
>>> entry_line(store.tournaments.register(t, ann.id))
{'id': 1, 'name': 'ann', 'number': 1, 'status': 'live', 'place': None, 'prize': None}
>>> shown = tournament_detail(store, t)
>>> shown["entrants"], shown["pool"], [e["name"] for e in shown["entries"]]
(1, 100, ['ann'])
>>> store.close()
"""

from __future__ import annotations

from typing import Any

from standpat.store import Store
from standpat.store.tournaments import Entry, EntryStatus, TournamentRecord

__all__ = ["entry_line", "tournament_detail", "tournament_line"]


def tournament_line(t: TournamentRecord) -> dict[str, Any]:
    """A tournament's lobby line (``TournamentLine``)."""
    spec = t.spec
    return {
        "id": t.id, "name": spec.name, "game": t.game, "betting": t.betting,
        "structure": spec.structure.name, "buy_in": spec.buy_in, "fee": spec.fee,
        "seats": spec.seats, "starting_stack": spec.structure.starting_stack,
        "entrants": t.entries, "alive": t.alive, "min_entrants": spec.min_entrants,
        "max_entrants": spec.max_entrants, "pool": t.pool, "status": t.status.value,
        "sit_and_go": t.starts_at is None,
        "starts_at": None if t.starts_at is None else t.starts_at.isoformat(),
        "registration_open": t.registration_open, "late_levels": spec.late_levels,
        "reentries": spec.reentries,
    }


def entry_line(entry: Entry) -> dict[str, Any]:
    """An entry as anyone may see it (``TournamentEntryLine``): the player's name, never his
    account's id."""
    return {"id": entry.id, "name": entry.name, "number": entry.number,
            "status": entry.status.value, "place": entry.place, "prize": entry.prize}


def tournament_detail(store: Store, tournament_id: int,
                      live: dict[str, Any] | None = None) -> dict[str, Any]:
    """One tournament with its levels and entries (``TournamentDetail``), read in one
    snapshot (the entries are those the line counts); NotFoundError for an unknown id.
    ``live``: what its running service adds (the level now, its tables); each entry seated
    at one of its tables gets the table and its chips.

    Entries taken back before the start are left out: they bought nothing."""
    seated: dict[int, tuple[int, int]] = {}
    with store.tx.read(snapshot=True) as conn:
        record = store.tournaments.get(tournament_id, conn=conn)
        entries = store.tournaments.entries(tournament_id, conn=conn)
        for table_id in store.tournaments.tables(tournament_id, conn=conn).values():
            for seat in store.tables.seats(table_id, conn=conn):
                seated[seat.account_id] = (table_id, seat.stack)
    structure = record.spec.structure
    return tournament_line(record) | {
        "level_seconds": structure.level_seconds, "break_every": structure.break_every,
        "break_seconds": structure.break_seconds,
        "levels": [{"small_blind": level.small_blind, "big_blind": level.big_blind,
                    "ante": level.ante} for level in structure.levels],
        "entries": [entry_line(e) | _seat(e, seated) for e in entries
                    if e.status is not EntryStatus.UNREGISTERED],
        **(live or {"level": None, "tables": []}),
    }


def _seat(entry: Entry, seated: dict[int, tuple[int, int]]) -> dict[str, Any]:
    at = seated.get(entry.account_id) if entry.status is EntryStatus.LIVE else None
    return {"table": None, "chips": None} if at is None else {"table": at[0], "chips": at[1]}
