"""What a live table sends: each watcher's ``table`` message, built from the hosted
table's views for that watcher, and who watches.

The part every watcher sees alike (seats, positions, the clock) is built and encoded
once per change; the round's part comes from
:meth:`~standpat.table.hosted.HostedTable.view` for the watcher's seat, with only the
events he has not been sent yet, made and encoded once per seat (every spectator
shares one message).  The messages are :class:`~standpat.server.frames.Frame`
objects: their JSON text is spliced from these parts, so a connection never encodes
them again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from standpat.bots.names import shown
from standpat.server.frames import Frame, text
from standpat.server.host import Outbox
from standpat.server.live.clock import Clock
from standpat.server.live.sitters import Sitter
from standpat.server.protocol import message
from standpat.table.hosted import HostedTable

__all__ = ["Audience", "public_state"]

Json = dict[str, Any]


def public_state(
    table: HostedTable, sitters: dict[int, Sitter], clock: Clock, now: float, number: int
) -> Json:
    """What every watcher of the table sees alike: seats, positions, the clock, and the
    rounds the room has dealt at the table (``hand_number``)."""
    seats = []
    for line in table.lines():
        owner = sitters.get(line.seat)
        seats.append({
            "seat": line.seat,
            # a room bot is shown by its readable name (its account is bot-Ada-3f2a09c1)
            "name": line.name if owner is None or owner.bot is None else shown(line.name),
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
    return {"seats": seats, **table.public(), "hand_number": number, "clock": running}


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
        """Send the same message to every watcher (encoded once)."""
        frame = Frame.of(body)
        for outbox, _ in self.watchers.values():
            outbox.send(frame)

    def state(
        self,
        table_id: int,
        table: HostedTable,
        round_id: int,
        number: int,
        outbox: Outbox,
        sitter: Sitter | None,
        public: Json,
        *,
        full: bool = False,
        extra: Callable[[Sitter], Json] | None = None,
    ) -> Json:
        """The ``table`` message for one connection (``full``: the round's events from the
        start, as after a ``watch``)."""
        return _Change(table_id, table, round_id, number, public, extra).message(
            self, outbox.id, sitter, full=full
        )

    def broadcast(
        self,
        table_id: int,
        table: HostedTable,
        round_id: int,
        number: int,
        sitters: dict[int, Sitter],
        public: Json,
        *,
        extra: Callable[[Sitter], Json] | None = None,
    ) -> None:
        """Send every watcher his ``table`` message (``extra``: what the room adds to a
        seated player's own part).

        Each part is made once for the change: the public part for all, the round's view
        once per seat and events already sent (so all spectators share one message).
        """
        change = _Change(table_id, table, round_id, number, public, extra)
        by_account = {s.account: s for s in sitters.values()}
        for outbox, account in self.watchers.values():
            sitter = None if account is None else by_account.get(account)
            outbox.send(change.message(self, outbox.id, sitter))


class _Change:
    """The parts of the ``table`` messages of one change of a table, each made once."""

    def __init__(
        self,
        table_id: int,
        table: HostedTable,
        round_id: int,
        number: int,
        public: Json,
        extra: Callable[[Sitter], Json] | None,
    ) -> None:
        self.table = table
        self.round_id = round_id
        self.number = number
        self.extra = extra
        self.head = message("table", table=table_id, **public)
        self.head_text = text(self.head)[:-1]
        self.hands: dict[tuple[int | None, int], tuple[Json | None, str]] = {}
        """(seat, events already sent) -> the round's view and its text."""
        self.spectators: dict[int, Frame] = {}
        """Events already sent -> the message of a spectator."""

    def hand(self, seat: int | None, since: int) -> tuple[Json | None, str]:
        """The round as ``seat`` sees it, from event ``since`` on, and its text."""
        key = (seat, since)
        made = self.hands.get(key)
        if made is None:
            hand = None
            if self.round_id:
                hand = self.table.view(seat, since) or None
                if hand is not None:
                    hand["id"] = self.round_id
                    hand["number"] = self.number
            made = self.hands[key] = (hand, text(hand))
        return made

    def message(
        self, audience: Audience, outbox_id: int, sitter: Sitter | None, *, full: bool = False
    ) -> Frame:
        """The ``table`` message of one connection, and what it has been sent noted."""
        last_round, count = audience.sent.get(outbox_id, (0, 0))
        since = count if last_round == self.round_id and not full else 0
        seat = None if sitter is None else sitter.seat
        hand, hand_text = self.hand(seat, since)
        if hand is not None:
            audience.sent[outbox_id] = (self.round_id, hand["event_count"])
        if sitter is None:
            frame = self.spectators.get(since)
            if frame is None:
                frame = self.spectators[since] = self._frame(hand, hand_text, None)
            return frame
        you = {
            "seat": sitter.seat,
            "time_bank": round(sitter.time_bank, 1),
            "reconnects": sitter.reconnects,
            **self.table.you(sitter.seat),
            **({} if self.extra is None else self.extra(sitter)),
        }
        return self._frame(hand, hand_text, you)

    def _frame(self, hand: Json | None, hand_text: str, you: Json | None) -> Frame:
        frame = Frame(self.head)
        frame["hand"] = hand
        frame["you"] = you
        frame.text = f'{self.head_text},"hand":{hand_text},"you":{text(you)}}}'
        return frame
