"""The operator's side of the store: accounts and tables as ``standpat admin`` sees them,
operators, suspensions, bankroll adjustments, and the orders the running room carries out.

An operator is made by the operator: ``standpat admin operator NAME`` on an existing
account, or ``standpat serve --operator NAME``, which reserves the name at start (its
account is made then, with a password nobody knows until ``standpat admin password``
gives it one).  Registering never makes one, whatever the name.

Every chip movement here is one transaction the ledger accounts for, with the reason
in its rows' ``note``; a bankroll is locked while it is read and changed, and never goes
below zero.

>>> from standpat.store import Store, user_wallet
>>> store = Store("sqlite://")
>>> alice = store.accounts.create("alice", "correct horse", grant=100)
>>> adjust(store, alice.id, -30, "chips won by collusion, returned")
70
>>> store.ledger.rows(user_wallet(alice.id), 1)[0]["note"]
'chips won by collusion, returned'
>>> adjust(store, alice.id, -71, "too much")
Traceback (most recent call last):
...
standpat.errors.AccountError: alice's bankroll holds 70 chips: it cannot lose 71.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal

from sqlalchemy import String, cast, func, literal, select

from standpat.errors import AccountError, NotFoundError
from standpat.store import models as m
from standpat.store.db import Store
from standpat.store.ledger import BANK, MAX_CHIPS, user_wallet
from standpat.store.names import name_key
from standpat.store.tx import now, utc

__all__ = [
    "ADJUST",
    "AccountLine",
    "Order",
    "OrderKind",
    "TableLine",
    "account_id_of",
    "accounts",
    "adjust",
    "finish_order",
    "make_operator",
    "order",
    "pending_orders",
    "reserve_operators",
    "suspend",
    "tables",
    "top_up",
    "unsuspend",
]

ADJUST: Final = "adjust"
"""The ledger ``kind`` of an operator's adjustment (and of his refills)."""
OrderKind = Literal["close-table", "suspend"]
MAX_REASON: Final = 200


@dataclass(frozen=True, slots=True)
class AccountLine:
    """An account as the operator lists it."""

    id: int
    name: str
    bot: bool
    bankroll: int
    on_tables: int
    suspended: datetime | None
    created: datetime
    operator: bool = False


@dataclass(frozen=True, slots=True)
class TableLine:
    """A stored table as the operator lists it."""

    id: int
    name: str
    game: str
    structure: str
    stakes: str
    seats: int
    taken: int
    hands: int
    owner: str | None
    closed: bool


@dataclass(frozen=True, slots=True)
class Order:
    """An order for the running room."""

    id: int
    kind: OrderKind
    target: int
    reason: str
    detail: dict[str, Any]


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not 1 <= len(reason) <= MAX_REASON:
        raise AccountError(f"give a reason of 1 to {MAX_REASON} characters.")
    return reason


def account_id_of(store: Store, name: str) -> int:
    """The id of the account named ``name`` (in any case); NotFoundError if none."""
    with store.tx.read() as conn:
        found = conn.execute(
            select(m.accounts.c.id).where(m.accounts.c.name_key == name_key(name))
        ).scalar_one_or_none()
    if found is None:
        raise NotFoundError(f"there is no account {name!r}.")
    return int(found)


def make_operator(store: Store, account_id: int, *, operator: bool = True) -> None:
    """Make an existing person's account an operator (or, ``operator=False``, no longer
    one); AccountError for a bot's account or a change that changes nothing."""
    with store.tx.begin() as conn:
        name = _name(conn, account_id)
        done = conn.execute(
            m.accounts.update()
            .where((m.accounts.c.id == account_id) & m.accounts.c.is_bot.is_(False)
                   & (m.accounts.c.operator.is_(not operator)))
            .values(operator=operator)
        ).rowcount
        if not done:
            raise AccountError(f"{name} is {'an operator already' if operator else 'no operator'}"
                               " (or a bot).")


def reserve_operators(store: Store, names: tuple[str, ...], grant: int = 0) -> list[str]:
    """Reserve the operators' names of ``standpat serve --operator`` at start: an account
    of that name is made an operator, with a password nobody knows (``standpat admin
    password`` gives it one) and ``grant`` chips, unless it is one already.  Returns the
    names whose accounts were made now.

    AccountError when the name, or a look-alike of it, belongs to an account that is no
    operator: whoever registered it first does not become one (the operator decides,
    with ``standpat admin operator``).

    >>> from standpat.store import Store
    >>> store = Store("sqlite://")
    >>> _ = store.accounts.create("B0SS", "a stranger's password")
    >>> reserve_operators(store, ("boss",))
    Traceback (most recent call last):
    ...
    standpat.errors.AccountError: the operator name 'boss' is taken by the account 'B0SS', \
which is no operator: if it is yours, make it one with 'standpat admin operator B0SS'; \
else name another operator.
    >>> reserve_operators(store, ("chief",)), reserve_operators(store, ("chief",))
    (['chief'], [])
    """
    made = []
    for name in names:
        row = _by_key(store, name)
        if row is None:
            try:
                with store.tx.begin() as conn:
                    account = store.accounts.create(name, secrets.token_urlsafe(32),
                                                   grant=grant, conn=conn)
                    conn.execute(m.accounts.update().where(m.accounts.c.id == account.id)
                                 .values(operator=True))
                made.append(account.name)
                continue
            except AccountError:  # made meanwhile (another node starting), or a bad name
                row = _by_key(store, name)
                if row is None:
                    raise
        if not row["operator"]:
            raise AccountError(
                f"the operator name {name!r} is taken by the account {row['name']!r}, which "
                f"is no operator: if it is yours, make it one with 'standpat admin operator "
                f"{row['name']}'; else name another operator.")
    return made


def _by_key(store: Store, name: str) -> Any:
    """The account row whose name is ``name`` or a look-alike of it, or None."""
    with store.tx.read() as conn:
        return conn.execute(
            select(m.accounts.c.name, m.accounts.c.operator)
            .where(m.accounts.c.name_key == name_key(name))
        ).mappings().first()


def accounts(store: Store, *, bots: bool = False) -> list[AccountLine]:
    """Every account (people only, unless ``bots``), with bankroll and chips on tables,
    computed in the database."""
    bankroll = (
        select(m.ledger.c.wallet, func.sum(m.ledger.c.amount).label("chips"))
        .where(m.ledger.c.wallet.startswith("user:"))
        .group_by(m.ledger.c.wallet)
        .subquery()
    )
    seated = (
        select(m.seats.c.account_id, func.sum(m.seats.c.stack).label("chips"))
        .group_by(m.seats.c.account_id)
        .subquery()
    )
    wallet = literal("user:") + cast(m.accounts.c.id, String)
    query = (
        select(m.accounts, func.coalesce(bankroll.c.chips, 0).label("bankroll"),
               func.coalesce(seated.c.chips, 0).label("seated"))
        .outerjoin(bankroll, bankroll.c.wallet == wallet)
        .outerjoin(seated, seated.c.account_id == m.accounts.c.id)
        .order_by(m.accounts.c.id)
    )
    if not bots:
        query = query.where(m.accounts.c.is_bot.is_(False))
    with store.tx.read(snapshot=True) as conn:
        rows = conn.execute(query).mappings().all()
    return [
        AccountLine(int(r["id"]), r["name"], bool(r["is_bot"]), int(r["bankroll"]),
                    int(r["seated"]), utc(r["suspended_at"]),
                    utc(r["created_at"]), bool(r["operator"]))  # type: ignore[arg-type]
        for r in rows
    ]


def tables(store: Store, *, closed: bool = False) -> list[TableLine]:
    """The open tables (and the closed ones, if ``closed``), with seats taken."""
    taken = (
        select(m.seats.c.table_id, func.count().label("taken"))
        .group_by(m.seats.c.table_id)
        .subquery()
    )
    query = (
        select(m.tables, m.accounts.c.name.label("owner_name"),
               func.coalesce(taken.c.taken, 0).label("taken"))
        .outerjoin(m.accounts, m.accounts.c.id == m.tables.c.owner_id)
        .outerjoin(taken, taken.c.table_id == m.tables.c.id)
        .order_by(m.tables.c.id)
    )
    if not closed:
        query = query.where(m.tables.c.closed.is_(False))
    with store.tx.read() as conn:
        rows = conn.execute(query).mappings().all()
    return [
        TableLine(int(r["id"]), r["name"], r["game"], r["structure"], r["stakes"],
                  int(r["seats"]), int(r["taken"]), int(r["hands_dealt"]), r["owner_name"],
                  bool(r["closed"]))
        for r in rows
    ]


def adjust(store: Store, account_id: int, amount: int, reason: str) -> int:
    """Move ``amount`` chips from the bank to an account's bankroll (negative: back to the
    bank), with ``reason`` in the rows' note, in one transaction; the bankroll never goes
    below zero.  Returns the new bankroll."""
    reason = _reason(reason)
    if amount == 0 or abs(amount) > MAX_CHIPS:
        raise AccountError(f"an adjustment is 1 to {MAX_CHIPS:,} chips either way; got {amount}.")
    wallet = user_wallet(account_id)
    with store.tx.begin() as conn:
        name = _name(conn, account_id)
        store.tx.lock_account(conn, account_id)
        bankroll = store.ledger.balance(wallet, conn=conn)
        if bankroll + amount < 0:
            raise AccountError(
                f"{name}'s bankroll holds {bankroll} chips: it cannot lose {-amount}."
            )
        store.ledger.move(conn, {BANK: -amount, wallet: amount}, ADJUST, note=reason)
        return bankroll + amount


def top_up(store: Store, account_id: int, to: int, reason: str) -> int:
    """Bring an account's bankroll up to ``to`` chips from the bank (an operator's refill,
    whatever the refill rule says), in one transaction; returns the chips given (0 when
    it already holds that many)."""
    reason = _reason(reason)
    if not 0 < to <= MAX_CHIPS:
        raise AccountError(f"a refill brings a bankroll to 1 to {MAX_CHIPS:,} chips; got {to}.")
    wallet = user_wallet(account_id)
    with store.tx.begin() as conn:
        _name(conn, account_id)
        store.tx.lock_account(conn, account_id)
        given = max(0, to - store.ledger.balance(wallet, conn=conn))
        if given:
            store.ledger.move(conn, {BANK: -given, wallet: given}, ADJUST, note=reason)
        return given


def suspend(store: Store, account_id: int, reason: str) -> Order:
    """Suspend an account: it cannot log in or sit from now on; its sessions end, and an
    order tells the running room to close their sockets and stand him up from every table
    (his chips go back to his bankroll).  One transaction; returns the order."""
    reason = _reason(reason)
    with store.tx.begin() as conn:
        name = _name(conn, account_id)
        store.tx.lock_account(conn, account_id)
        done = conn.execute(
            m.accounts.update()
            .where((m.accounts.c.id == account_id) & m.accounts.c.suspended_at.is_(None))
            .values(suspended_at=now())
        ).rowcount
        if not done:
            raise AccountError(f"{name} is suspended already.")
        hashes = store.sessions.end_all(account_id, conn=conn)
        return _order(conn, "suspend", account_id, reason, {"sessions": hashes})


def unsuspend(store: Store, account_id: int) -> None:
    """Lift a suspension: the account may log in and sit again."""
    with store.tx.begin() as conn:
        name = _name(conn, account_id)
        done = conn.execute(
            m.accounts.update()
            .where((m.accounts.c.id == account_id) & m.accounts.c.suspended_at.is_not(None))
            .values(suspended_at=None)
        ).rowcount
        if not done:
            raise AccountError(f"{name} is not suspended.")


def order(store: Store, kind: OrderKind, target: int, reason: str) -> Order:
    """Write an order for the running room (``close-table``: a table id)."""
    reason = _reason(reason)
    with store.tx.begin() as conn:
        if kind == "close-table":
            closed = conn.execute(
                select(m.tables.c.closed).where(m.tables.c.id == target)
            ).scalar_one_or_none()
            if closed is None:
                raise NotFoundError(f"there is no table {target}.")
            if closed:
                raise AccountError(f"table {target} is closed already.")
        return _order(conn, kind, target, reason, {})


def pending_orders(store: Store) -> list[Order]:
    """The orders not carried out yet, oldest first."""
    with store.tx.read() as conn:
        rows = conn.execute(
            select(m.orders).where(m.orders.c.done_at.is_(None)).order_by(m.orders.c.id)
        ).mappings().all()
    return [Order(int(r["id"]), r["kind"], int(r["target"]), r["reason"], dict(r["detail"]))
            for r in rows]


def finish_order(store: Store, order_id: int) -> None:
    """Mark an order carried out."""
    with store.tx.begin() as conn:
        conn.execute(m.orders.update().where(m.orders.c.id == order_id).values(done_at=now()))


def _order(conn: Any, kind: OrderKind, target: int, reason: str,
           detail: dict[str, Any]) -> Order:
    new_id = conn.execute(
        m.orders.insert().values(kind=kind, target=target, reason=reason, detail=detail,
                                 created_at=now())
    ).inserted_primary_key
    return Order(int(new_id[0]), kind, target, reason, detail)


def _name(conn: Any, account_id: int) -> str:
    name = conn.execute(
        select(m.accounts.c.name).where(m.accounts.c.id == account_id)
    ).scalar_one_or_none()
    if name is None:
        raise NotFoundError(f"there is no account {account_id}.")
    return str(name)
