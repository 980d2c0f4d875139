"""The card room's settings, from ``standpat serve`` options or environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything a room operator can set; defaults are ``standpat serve``'s."""

    db: str = field(default_factory=lambda: os.environ.get("STANDPAT_DB", "sqlite:///standpat.db"))
    """SQLAlchemy URL of the database: SQLite by default, or ``postgresql://...``."""
    redis: str | None = field(default_factory=lambda: os.environ.get("STANDPAT_REDIS") or None)
    """URL of the Redis that the nodes of a room of several share (``redis://host:6379/0``);
    None: a room of one process.  A room of several nodes needs PostgreSQL."""
    node_id: str = field(default_factory=lambda: os.environ.get("STANDPAT_NODE_ID", "1"))
    """This node's name among the room's nodes (unique; letters, digits, ``-``, ``_``)."""
    lease: float = 10.0
    """Seconds a node's lease on a table lasts unless renewed (renewed every third of it):
    a node that dies loses its tables to the others within about this time."""
    rejoin: float = 5.0
    """Seconds the first round after a table starts again (a restart, a takeover) waits for
    the people sitting in to come back; one still away then sits out."""
    write_patience: float = 30.0
    """Seconds a table's write is tried again while the database refuses it for a passing
    fault (a restart, a lost connection); past that the table starts again from the store."""
    commit_every: float = 0.01
    """Seconds between the starts of two of the writer's commits at least: a busy room's
    writes that come meanwhile wait and share the next commit (a quiet room's wait for
    nothing).  0: each group commits as soon as its thread is free."""
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
    cool_off: float = 1800.0
    """Seconds after a player left a table (and was shown its hands' seeds) before he may
    sit there again (docs/fairness.md)."""
    starting_bankroll: int = 10_000
    """Play-money chips given to a new account, and what a refill brings holdings back to."""
    refill_below: int = 1_000
    """A player whose bankroll and chips on tables add up to less than this may refill them
    to ``starting_bankroll`` (:class:`~standpat.store.refill.RefillRule`)."""
    refill_every: float = 3600.0
    """Seconds between two refills of one account."""
    seat_offer: float = 30.0
    """Seconds the first player of a table's waiting list has to take a seat offered to him."""
    chat_rate: str = "5 per 10 seconds"
    """Chat lines one account may say (the ``limits`` library's notation)."""
    orders_every: float = 1.0
    """Seconds between two looks for the operator's orders (``standpat admin``)."""
    demo_tables: int = 0
    """Bot-filled tables to open at start-up when the room has none."""
    demo_bot: str = "normal"
    """Level of the bots seated at the demo tables."""
    tournaments: tuple[str, ...] = ()
    """Files of recurring sit-and-gos the room keeps open for registration (TOML,
    :mod:`standpat.server.tournament_recurring`); a room of one node only."""
    max_message: int = 4096
    """Largest request body or WebSocket message accepted, in bytes."""
    rate: float = 20.0
    """Messages per second a connection may send (token bucket refill)."""
    burst: int = 40
    """Messages a connection may send at once (token bucket size)."""
    login_rate: float = 1.0
    """Log-ins and registrations per second per client address (over 10-second windows)."""
    registrations: str = "5 per hour"
    """New accounts one client address may open (the ``limits`` library's notation): tables
    and bots are capped per account, so opening accounts is the next step of a flood."""
    account_logins: str = "5 per 5 minutes"
    """Failed log-ins to an account from one address before log-ins to it from that address
    wait (the ``limits`` library's notation); its owner, elsewhere, is not locked out."""
    account_lock: str = "100 per 5 minutes"
    """Failed log-ins to an account from every address together before every log-in to it
    waits: guesses spread over many addresses."""
    proxies: tuple[str, ...] = ()
    """Addresses of reverse proxies whose X-Forwarded-For/-Proto headers are trusted (none:
    the client address is the connection's)."""
    origins: tuple[str, ...] = ()
    """Origins (``https://room.example``) besides the room's own address that its pages are
    served from; a state-changing request or WebSocket from any other origin is refused."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a request's headers, and a request its body."""
    per_address: int = 64
    """Connections (HTTP and WebSocket) one client address may hold at once."""
    max_watchers: int = 50
    """Spectators a table admits at once (its players aside)."""
    max_tables: int = 3
    """Tables one player may have open at once (operators: no limit)."""
    address_tables: int = 6
    """Players' tables open at once that one client address opened, whatever the accounts
    (operators: no limit)."""
    address_bots: int = 10
    """Bots seated at once at the tables one client address opened (operators: no limit)."""
    room_tables: int = 100
    """Players' tables open at once in the whole room (the room's own and operators' aside)."""
    room_bots: int = 200
    """Bots seated at once at players' tables in the whole room."""
    away_limit: float = 600.0
    """Seconds a player may be disconnected or sit out before his seat is freed (his chips
    cashed out)."""
    missed_blinds: int = 3
    """Big blinds a player may miss in a row (sitting out) before his seat is freed."""
    rebuy_time: float = 60.0
    """Seconds a busted player has to add chips before his seat is freed."""
    idle_close: float = 600.0
    """Seconds a player's table may stay without a person seated before it closes (its
    bots' chips go back; the room's own tables stay open)."""
    operators: tuple[str, ...] = ()
    """Names reserved for operators at start: each one's account is made an operator then
    (made, with a password ``standpat admin password`` gives, when there is none).  Operators
    may seat bots at any table and open any number; ``standpat admin operator`` makes
    others."""
    site: str = "standpat"
    """The room's name in the headers of the readable-text downloads (``standpat Hand #12:
    ...``); trackers import only rooms they know, so an operator whose players use one may
    name it (``PokerStars``)."""
    secure_cookies: bool = False
    """Mark session cookies Secure (set this behind HTTPS)."""
    static_dir: str | None = None
    """A folder of browser pages to serve instead of the packaged ones (``standpat/server/web``)."""
