"""What a live table sends: each watcher's ``table`` message, built from the hosted
table's views for that watcher, and who watches.

The part every watcher sees alike (seats, positions, the clock) is built once per
change; the round's part comes from :meth:`~standpat.table.hosted.HostedTable.view`
for the watcher's seat, with only the events he has not been sent yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from standpat.server.host import Outbox
from standpat.server.live.clock import Clock
from standpat.server.live.sitters import Sitter
from standpat.server.protocol import message
from standpat.table.hosted import HostedTable

__all__ = ["Audience", "public_state"]

Json = dict[str, Any]


def public_state(
    table: HostedTable, sitters: dict[int, Sitter], clock: Clock, now: float
) -> Json:
    """What every watcher of the table sees alike: seats, positions and the clock."""
    seats = []
    for line in table.lines():
        owner = sitters.get(line.seat)
        seats.append({
            "seat": line.seat,
            "name": line.name,
            "stack": line.stack,
            "bot": None if owner is None else owner.bot,
            "sitting_out": line.sitting_out,
            "waiting": line.waiting,
            "in_hand": line.in_round,
            "marker": line.marker,
            "connected": True if owner is None else owner.connected,
        })
    turn = table.turn()
    running = None
    if turn is not None and clock.deadline is not None:
        running = {"seat": turn, "remaining": round(clock.remaining(now), 2),
                   "time_bank": clock.banking}
    return {"seats": seats, **table.public(), "clock": running}


class Audience:
    """The connections watching a table, and how far each has been sent the round."""

    def __init__(self) -> None:
        self.watchers: dict[int, tuple[Outbox, int | None]] = {}
        """Connection id -> (outbox, account or None)."""
        self.sent: dict[int, tuple[int, int]] = {}
        """Connection id -> (round id, events sent)."""

    def add(self, outbox: Outbox, account: int | None) -> None:
        """A connection watches."""
        self.watchers[outbox.id] = (outbox, account)

    def remove(self, outbox_id: int) -> None:
        """A connection stops watching."""
        self.watchers.pop(outbox_id, None)
        self.sent.pop(outbox_id, None)

    def spectators(self, seated: set[int]) -> int:
        """Watchers that are not seated at the table."""
        return sum(1 for _, account in self.watchers.values() if account not in seated)

    def tell(self, body: Json) -> None:
        """Send the same message to every watcher."""
        for outbox, _ in self.watchers.values():
            outbox.send(body)

    def state(
        self,
        table_id: int,
        table: HostedTable,
        round_id: int,
        outbox: Outbox,
        sitter: Sitter | None,
        public: Json,
        *,
        full: bool = False,
        extra: Callable[[Sitter], Json] | None = None,
    ) -> Json:
        """The ``table`` message for one connection (``full``: the round's events from the
        start, as after a ``watch``)."""
        seat = None if sitter is None else sitter.seat
        last_round, count = self.sent.get(outbox.id, (0, 0))
        since = count if last_round == round_id and not full else 0
        hand = None
        if round_id:
            hand = table.view(seat, since) or None
            if hand is not None:
                hand["id"] = round_id
                hand["number"] = table.round_number
                self.sent[outbox.id] = (round_id, hand["event_count"])
        you = None
        if sitter is not None:
            you = {
                "seat": sitter.seat,
                "time_bank": round(sitter.time_bank, 1),
                "reconnects": sitter.reconnects,
                **table.you(sitter.seat),
                **({} if extra is None else extra(sitter)),
            }
        return message("table", table=table_id, **public, hand=hand, you=you)

    def broadcast(
        self,
        table_id: int,
        table: HostedTable,
        round_id: int,
        sitters: dict[int, Sitter],
        public: Json,
        *,
        extra: Callable[[Sitter], Json] | None = None,
    ) -> None:
        """Send every watcher his ``table`` message (``extra``: what the room adds to a
        seated player's own part)."""
        by_account = {s.account: s for s in sitters.values()}
        for outbox, account in self.watchers.values():
            sitter = None if account is None else by_account.get(account)
            outbox.send(
                self.state(table_id, table, round_id, outbox, sitter, public, extra=extra)
            )

