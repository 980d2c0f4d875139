"""Who sits at a live table, as the room tracks them beyond the table's rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from standpat.server.host import Outbox

__all__ = ["Sitter"]


@dataclass(slots=True)
class Sitter:
    """A seated player (or bot): his account, his connections, his clock allowances."""

    seat: int
    account: int
    name: str
    bot: str | None = None
    """The bot's level, or None for a person."""
    connected: bool = True
    reconnects: int = 3
    """Reconnect windows left this session."""
    time_bank: float = 60.0
    """Seconds of time bank left this session."""
    client_seed: str = ""
    grace_until: float | None = None
    """Until when he keeps sitting in while away because the room faulted (the table started
    again, or the node of his connection died): he comes back through another node or once
    it is back; None: he is not away for that."""
    timed_out: bool = False
    """He timed out this round: he sits out after it."""
    leave_after: bool = False
    """He leaves when the round he plays ends."""
    outboxes: dict[int, Outbox] = field(default_factory=dict)
    """His connections that watch the table."""
