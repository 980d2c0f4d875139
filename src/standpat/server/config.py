"""The card room's settings, from ``standpat serve`` options or environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from enum import StrEnum


class Reveal(StrEnum):
    """When a hand's seed is revealed to a player who was dealt in."""

    LEAVE = "leave"
    """When he leaves the table (default): no folded hand of a seated player is exposed."""
    HAND = "hand"
    """As soon as the hand ends: quicker checks, but a player still seated learns folded cards."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything a room operator can set; defaults are ``standpat serve``'s."""

    db: str = field(default_factory=lambda: os.environ.get("STANDPAT_DB", "sqlite:///standpat.db"))
    """SQLAlchemy URL of the database: SQLite by default, or ``postgresql://...``."""
    host: str = "127.0.0.1"
    """Address to listen on."""
    port: int = 8000
    """Port to listen on."""
    clock: float = 30.0
    """Seconds a player has for each action before his time bank runs."""
    time_bank: float = 60.0
    """Extra seconds each player has per session, spent after his clock runs out."""
    reconnect: float = 20.0
    """Seconds a disconnected player's turn waits for him before his clock starts."""
    reconnects: int = 3
    """How many times a session a disconnected player gets the reconnect window."""
    between_hands: float = 2.0
    """Pause between two hands, in seconds."""
    bot_delay: float = 0.8
    """Seconds a seated bot waits before it acts (so people can follow the play)."""
    reveal: Reveal = Reveal.LEAVE
    """When hand seeds are revealed to the players dealt in."""
    starting_bankroll: int = 10_000
    """Play-money chips given to a new account."""
    demo_tables: int = 0
    """Bot-filled tables to open at start-up when the room has none."""
    demo_bot: str = "normal"
    """Level of the bots seated at the demo tables."""
    max_message: int = 4096
    """Largest WebSocket message accepted, in bytes."""
    rate: float = 20.0
    """Messages per second a connection may send (token bucket refill)."""
    burst: int = 40
    """Messages a connection may send at once (token bucket size)."""
    login_rate: float = 1.0
    """Log-ins and registrations per second per client address (burst of 10)."""
    secure_cookies: bool = False
    """Mark session cookies Secure (set this behind HTTPS)."""
    static_dir: str | None = None
    """A folder of browser pages to serve instead of the packaged ones (``standpat/server/web``)."""
