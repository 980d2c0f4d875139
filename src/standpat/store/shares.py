"""Shared hands: a player makes a link to one of his finished hands; whoever opens it sees
the hand as the sharer saw it (the server builds that view; the store keeps whose it is).

>>> from standpat.store import Store
>>> store = Store("sqlite://")
>>> shared(store, "no-such-token")
Traceback (most recent call last):
...
standpat.errors.NotFoundError: there is no shared hand at this link.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy import select

from standpat.errors import NotFoundError
from standpat.store import models as m
from standpat.store.db import Store
from standpat.store.sessions import token_hash

__all__ = ["share", "shared"]


def share(store: Store, hand_id: int, account_id: int) -> str:
    """A new link token for ``account_id``'s view of hand ``hand_id`` (the caller checks
    that he played it)."""
    token = secrets.token_urlsafe(16)
    with store.tx.begin() as conn:
        conn.execute(m.shares.insert().values(
            token_hash=token_hash(token), hand_id=hand_id, account_id=account_id,
            created_at=datetime.now(UTC)))
    return token


def shared(store: Store, token: str) -> tuple[int, int]:
    """The hand and the sharer of a link token; NotFoundError if there is none."""
    with store.tx.read() as conn:
        row = conn.execute(
            select(m.shares.c.hand_id, m.shares.c.account_id)
            .where(m.shares.c.token_hash == token_hash(token))
        ).first()
    if row is None:
        raise NotFoundError("there is no shared hand at this link.")
    return int(row[0]), int(row[1])
