"""The card room's tables, as SQLAlchemy Core metadata (the Alembic migrations create them).

Chips live in ``ledger`` only: a wallet's balance is the sum of its rows, and
every movement is a set of rows that sum to zero, written in the same
transaction as the state it changes.  Wallets are named ``user:<account id>``
(a bankroll), ``seat:<table id>:<account id>`` (chips on a table) and
``bank`` (where play money comes from), ``tournament:<id>`` (a tournament's prize pool) and
``house`` (the fees the house keeps).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()
"""All of the card room's tables."""

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False, unique=True),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", Text, nullable=True),
    Column("is_bot", Boolean, nullable=False, default=False),
    Column("client_seed", String(64), nullable=False, default=""),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("suspended_at", DateTime(timezone=True), nullable=True),
    Column("operator", Boolean, nullable=False, default=False, server_default=false()),
)
"""Players and bots; a bot has no password and cannot log in.  ``name_key`` is the name with
case and look-alike characters folded (:func:`standpat.store.names.name_key`): unique, so no
two accounts have names a reader could confuse.  ``operator``: the room's operator made it
one (``standpat admin operator``, or ``standpat serve --operator``)."""

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("agent", String(120), nullable=True),
)
"""Log-in sessions; only the SHA-256 of a session token is stored, with the browser
(User-Agent) that opened it."""

ledger = Table(
    "ledger",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column("movement", String(36), nullable=False),
    Column("wallet", String(64), nullable=False),
    Column("amount", BigInteger, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("table_id", Integer, nullable=True),
    Column("hand_id", Integer, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("note", String(200), nullable=True),
    Column("tournament_id", Integer, nullable=True),
    Index("ix_ledger_wallet", "wallet"),
    Index("ix_ledger_tournament", "tournament_id"),
)
"""One row per wallet per chip movement; the rows of one movement sum to zero.  ``note``:
why (an operator's adjustment, a refill); ``tournament_id``: the tournament a buy-in, refund
or prize moved for."""

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("owner_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("name", String(64), nullable=False),
    Column("game", String(40), nullable=False),
    Column("structure", String(16), nullable=False),
    Column("stakes", String(32), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("config", JSON, nullable=False),
    Column("chain_top", String(64), nullable=False),
    Column("chain_length", Integer, nullable=False),
    Column("chain_start", Integer, nullable=False, default=0, server_default="0"),
    Column("hands_dealt", Integer, nullable=False, default=0),
    Column("button", Integer, nullable=False, default=0),
    Column("closed", Boolean, nullable=False, default=False),
    Column("state", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("opened_from", String(64), nullable=True),
)
"""Card-room tables: who opened them (``owner_id``; none for the room's own) and from which
client address (``opened_from``, for the caps per address), game, structure, stakes,
options and their secret seed chain."""

seats = Table(
    "seats",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("stack", BigInteger, nullable=False),
    Column("bot_level", String(16), nullable=True),
)
"""Who sits where, with the chips in front of him (always equal to his seat wallet)."""

hands = Table(
    "hands",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("status", String(8), nullable=False),
    Column("setup", JSON, nullable=False),
    Column("record", JSON, nullable=True),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Index("ix_hands_table", "table_id", "number", unique=True),
)
"""Hands: their set-up (seats, stacks, client seeds), their seed and status (running/done/void)."""

hand_players = Table(
    "hand_players",
    metadata,
    Column("hand_id", Integer, ForeignKey("hands.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("revealed", Boolean, nullable=False, default=False),
)
"""Who was dealt into a hand, and whether its seed has been revealed to him."""

actions = Table(
    "actions",
    metadata,
    Column("hand_id", Integer, ForeignKey("hands.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""Every accepted action of a round, written before it is broadcast: its game's JSON (rows
from before migration 0004 hold poker's history text, ``raise to 8``)."""

departures = Table(
    "departures",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("left_at", DateTime(timezone=True), nullable=False),
)
"""When each account last left each table (and was shown the seeds of his hands there)."""

orders = Table(
    "orders",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),
    Column("target", Integer, nullable=False),
    Column("reason", String(200), nullable=False),
    Column("detail", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("done_at", DateTime(timezone=True), nullable=True),
)
"""Operator orders for the running room (``close-table`` a table id, ``suspend`` an account
id: its ended sessions' token hashes in ``detail``); ``done_at`` once carried out."""

hand_facts = Table(
    "hand_facts",
    metadata,
    Column("hand_id", Integer, ForeignKey("hands.id"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("structure", String(16), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=False),
    Column("net", BigInteger, nullable=False),
    Column("big_blind", BigInteger, nullable=False),
    *(Column(name, Integer, nullable=False, default=0, server_default="0")
      for name in ("vpip", "pfr", "pat", "draw1", "draw2", "draw3", "draw_more", "showdown",
                   "won_showdown")),
    Index("ix_hand_facts_account", "account_id", "ended_at"),
)
"""One row per player per finished poker round: the facts his statistics add up (0/1 flags
and draw counts; :func:`standpat.table.stats.round_facts`)."""

shares = Table(
    "shares",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("hand_id", Integer, ForeignKey("hands.id"), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""Links to hands their players shared: whose view (``account_id``) of which hand; only the
SHA-256 of the link's token is kept."""

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("game", String(40), nullable=False),
    Column("betting", String(16), nullable=False),
    Column("seats", Integer, nullable=False),
    Column("buy_in", BigInteger, nullable=False),
    Column("fee", BigInteger, nullable=False),
    Column("structure_name", String(64), nullable=False),
    Column("structure", JSON, nullable=False),
    Column("starts_at", DateTime(timezone=True), nullable=True),
    Column("min_entrants", Integer, nullable=False),
    Column("max_entrants", Integer, nullable=True),
    Column("late_levels", Integer, nullable=False),
    Column("reentries", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("late_open", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Column("state", JSON, nullable=True),
    Column("recurring", String(64), nullable=True),
    Column("paused", Boolean, nullable=False, server_default=false()),
    Column("saves", Integer, nullable=False, server_default="0"),
    Index("ix_tournaments_status", "status"),
    Index("ix_tournaments_recurring", "recurring"),
)
"""Tournaments: what they deal (``game``, ``betting``: fixed-limit, pot-limit, no-limit), at
tables of ``seats``, for ``buy_in`` (to the prize pool) plus ``fee`` (to the house), on the
blind structure ``structure`` (the structure file's keys); ``starts_at`` (None: a sit-and-go,
which starts when ``max_entrants`` have registered); ``status`` a
:class:`standpat.tournament.Phase` value; ``late_open``: registration still open while it
runs (late registration).  The prize pool is the wallet ``tournament:<id>``.  ``state``: the
room's director of a running tournament (:mod:`standpat.server.tournaments.director`), saved
with every change it makes.  ``recurring``: the name of the recurring sit-and-go
(``standpat serve --tournament``) it is an instance of; None for an operator's."""

tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, unique=True),
)
"""The room's tables a tournament deals at, by their number in the tournament.  Their seats
hold tournament chips, which come from and go back to the wallet ``chips:<id>`` of the
tournament, never from a bankroll."""

tournament_entries = Table(
    "tournament_entries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("buy_in", BigInteger, nullable=False),
    Column("fee", BigInteger, nullable=False),
    Column("place", Integer, nullable=True),
    Column("prize", BigInteger, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Index("ix_tournament_entries_number", "tournament_id", "account_id", "number", unique=True),
)
"""Every entry bought into a tournament: whose, his how-many-th (``number``: 2 and up after an
unregistration or a bust), what it paid, its status (a
:class:`standpat.store.tournaments.EntryStatus` value), its place and prize once known."""
