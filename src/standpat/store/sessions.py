"""Log-in sessions: a secret token per browser, of which the database keeps only the hash.

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse")
>>> token = store.sessions.open(alice.id, "Firefox")
>>> store.sessions.account(token) == alice
True
>>> store.sessions.end(token)
>>> store.sessions.account(token) is None
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import UTC, timedelta
from typing import Any, Final

from sqlalchemy import Connection, select

from standpat.errors import NotFoundError
from standpat.store import models as m
from standpat.store.accounts import Account, account_of
from standpat.store.tx import Transactions, now, utc

__all__ = ["SESSION_DAYS", "SESSION_ID_LENGTH", "Sessions", "token_hash"]

SESSION_DAYS = 14
"""How long a log-in session lasts."""
SESSION_ID_LENGTH: Final = 16
"""Hex digits of a token's hash that name a session to its owner."""


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a session token: what the database keeps of it."""
    return hashlib.sha256(token.encode()).hexdigest()


class Sessions:
    """The log-in sessions of accounts."""

    def __init__(self, tx: Transactions) -> None:
        self.tx = tx
        """The database's transactions."""

    def open(self, account_id: int, agent: str = "") -> str:
        """Open a log-in session and return its secret token (only its hash is stored, with
        the browser's User-Agent ``agent``, cut to 120 characters)."""
        token = secrets.token_urlsafe(32)
        at = now()
        with self.tx.begin() as conn:
            conn.execute(
                m.sessions.insert().values(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created_at=at,
                    expires_at=at + timedelta(days=SESSION_DAYS),
                    agent=agent[:120] or None,
                )
            )
        return token

    def account(self, token: str) -> Account | None:
        """The account of a live session token, or None."""
        with self.tx.read() as conn:
            row = conn.execute(
                select(m.accounts, m.sessions.c.expires_at)
                .join(m.sessions, m.sessions.c.account_id == m.accounts.c.id)
                .where(m.sessions.c.token_hash == token_hash(token))
            ).mappings().first()
        if row is None:
            return None
        expires = row["expires_at"]
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=UTC)
        if expires < now() or row["suspended_at"] is not None:
            return None
        return account_of(row)

    def live(self, hashes: Iterable[str]) -> set[str]:
        """Which of these token hashes are of live sessions (not ended, not expired, their
        account not suspended)."""
        wanted = list(hashes)
        if not wanted:
            return set()
        with self.tx.read() as conn:
            rows = conn.execute(
                select(m.sessions.c.token_hash)
                .join(m.accounts, m.sessions.c.account_id == m.accounts.c.id)
                .where(m.sessions.c.token_hash.in_(wanted)
                       & (m.sessions.c.expires_at > now())
                       & m.accounts.c.suspended_at.is_(None))
            ).scalars()
            return {str(h) for h in rows}

    def of(self, account_id: int) -> list[dict[str, Any]]:
        """An account's live log-in sessions, newest first: ``id`` (the first 16 hex digits
        of the token's hash: names it, reveals nothing), ``hash``, created, expires, agent."""
        with self.tx.read() as conn:
            rows = conn.execute(
                select(m.sessions)
                .where((m.sessions.c.account_id == account_id)
                       & (m.sessions.c.expires_at > now()))
                .order_by(m.sessions.c.created_at.desc())
            ).mappings()
            return [
                {
                    "id": r["token_hash"][:SESSION_ID_LENGTH],
                    "hash": r["token_hash"],
                    "created_at": utc(r["created_at"]),
                    "expires_at": utc(r["expires_at"]),
                    "agent": r["agent"] or "",
                }
                for r in rows
            ]

    def end(self, token: str) -> None:
        """Close a log-in session."""
        with self.tx.begin() as conn:
            conn.execute(m.sessions.delete().where(m.sessions.c.token_hash == token_hash(token)))

    def end_of(self, account_id: int, session_id: str) -> str:
        """End one of an account's sessions, named by its ``id`` (see :meth:`of`); returns
        the full hash of its token.  NotFoundError if he has no such session."""
        with self.tx.begin() as conn:
            hashes = conn.execute(
                select(m.sessions.c.token_hash).where(
                    (m.sessions.c.account_id == account_id)
                    & m.sessions.c.token_hash.startswith(session_id, autoescape=True)
                )
            ).scalars().all()
            if len(hashes) != 1 or len(session_id) != SESSION_ID_LENGTH:
                raise NotFoundError(f"you have no session {session_id}.")
            conn.execute(m.sessions.delete().where(m.sessions.c.token_hash == hashes[0]))
        return str(hashes[0])

    def end_all(
        self, account_id: int, *, keep: str | None = None, conn: Connection | None = None
    ) -> list[str]:
        """End every session of an account but the one with token ``keep``; returns the
        hashes of the ended sessions' tokens (``conn``: the caller's transaction, else a
        new one)."""
        where = m.sessions.c.account_id == account_id
        if keep is not None:
            where &= m.sessions.c.token_hash != token_hash(keep)
        with self.tx.within(conn) as conn:
            hashes = [str(h) for h in conn.execute(select(m.sessions.c.token_hash).where(where))
                      .scalars()]
            conn.execute(m.sessions.delete().where(where))
        return hashes
