"""The store on SQLite and on PostgreSQL: accounts, sessions, the ledger, seats and hands."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, update

from standpat.errors import AccountError, TableError
from standpat.store import BANK, Account, Store, seat_wallet, user_wallet
from standpat.store import models as m
from standpat.store.sessions import token_hash
from standpat.store.tx import now


def alice_and_bob(store: Store) -> tuple[Account, Account]:
    """Two players with 1,000 chips each."""
    return (store.accounts.create("alice", "correct horse", grant=1000),
            store.accounts.create("bob", "battery staple", grant=1000))


def make_table(store: Store) -> int:
    return store.tables.create(
        name="t",
        game="five-card-draw",
        structure="fixed-limit",
        stakes="2/4",
        seats=6,
        config={"clock": 30},
        chain_top=bytes(32),
        chain_length=100,
    ).id


def test_migrations_create_the_schema_and_are_idempotent(db_url: str) -> None:
    store = Store(db_url)
    again = Store(db_url)  # upgrading a current database changes nothing
    names = set(inspect(again.tx.engine).get_table_names())
    assert {"accounts", "sessions", "ledger", "tables", "seats", "hands", "actions"} <= names
    assert "alembic_version" in names
    store.close()
    again.close()


def test_accounts_and_sessions(db_url: str) -> None:
    store = Store(db_url)
    alice = store.accounts.create("alice", "correct horse", grant=500)
    with pytest.raises(AccountError, match="taken"):
        store.accounts.create("alice", "another password")
    with pytest.raises(AccountError, match="8 to 256 characters"):
        store.accounts.create("bob", "short")
    assert store.accounts.authenticate("alice", "correct horse") == alice
    with pytest.raises(AccountError, match="wrong name or password"):
        store.accounts.authenticate("alice", "wrong horse!")
    with pytest.raises(AccountError):
        store.accounts.authenticate("nobody", "correct horse")
    token = store.sessions.open(alice.id)
    other = store.sessions.open(alice.id)
    assert store.sessions.account(token) == alice
    assert store.sessions.account(token + "x") is None
    hashes = {token_hash(token), token_hash(other), token_hash(token + "x")}
    assert store.sessions.live(hashes) == {token_hash(token), token_hash(other)}
    assert store.sessions.live([]) == set()
    store.sessions.end(token)
    assert store.sessions.account(token) is None
    assert store.sessions.live(hashes) == {token_hash(other)}
    with store.tx.begin() as conn:  # a live session of a suspended account is not live
        conn.execute(update(m.accounts).values(suspended_at=now()))
    assert store.sessions.live(hashes) == set()
    with store.tx.begin() as conn:
        conn.execute(update(m.accounts).values(suspended_at=None))
    bot = store.accounts.create("bot-1", None, bot=True)
    with pytest.raises(AccountError):
        store.accounts.authenticate("bot-1", "")
    assert bot.is_bot
    store.close()


def test_chips_move_only_through_the_ledger(db_url: str) -> None:
    store = Store(db_url)
    table = make_table(store)
    a, b = alice_and_bob(store)
    store.tables.sit(table, 0, a.id, 200)
    store.tables.sit(table, 3, b.id, 300)
    with pytest.raises(TableError):
        store.tables.sit(table, 3, a.id, 100)
    with pytest.raises(AccountError, match="bankroll"):
        store.tables.sit(table, 4, store.accounts.create("carol", "x" * 8, grant=10).id, 100)
    assert store.ledger.balance(user_wallet(a.id)) == 800
    assert [s.stack for s in store.tables.seats(table)] == [200, 300]
    hand = store.hands.start(
        table, 1, seed=bytes(32), commitment="c" * 64, setup={"n": 2}, players=[a.id, b.id],
        button=0,
    )
    store.hands.log_action(hand, 0, 0, "call")
    store.hands.finish(table, hand, {a.id: 40, b.id: -40}, {"pot": 80})
    with pytest.raises(TableError, match="not running"):
        store.hands.finish(table, hand, {a.id: 40, b.id: -40}, {"pot": 80})
    assert [s.stack for s in store.tables.seats(table)] == [240, 260]
    assert store.ledger.balance(seat_wallet(table, a.id)) == 240
    assert store.tables.add_chips(table, 0, 60) == 300
    assert store.ledger.check() == []
    assert store.tables.stand(table, 0) == 300
    assert store.ledger.balance(user_wallet(a.id)) == 1040
    assert store.hands.get(hand)["players"] == {a.id: True, b.id: False}  # revealed to alice only
    assert store.hands.get(hand)["actions"] == [{"seq": 0, "seat": 0, "action": "call"}]
    assert store.ledger.check() == []
    # the whole books: the bank issued what the players hold
    total = sum(store.ledger.balance(w) for w in [user_wallet(a.id), user_wallet(b.id)])
    total += store.ledger.balance(seat_wallet(table, b.id)) + store.ledger.balance(user_wallet(3))
    assert total == -store.ledger.balance(BANK)
    store.close()


def test_a_crash_voids_running_hands_and_leaves_stacks(db_url: str) -> None:
    store = Store(db_url)
    table = make_table(store)
    a, b = alice_and_bob(store)
    store.tables.sit(table, 0, a.id, 200)
    store.tables.sit(table, 1, b.id, 200)
    hand = store.hands.start(
        table, 1, seed=bytes(32), commitment="c" * 64, setup={}, players=[a.id, b.id], button=0
    )
    store.hands.log_action(hand, 0, 0, "raise to 8")
    store.close()
    reopened = Store(db_url)
    assert [v.id for v in reopened.hands.void_running()] == [hand]
    assert reopened.hands.get(hand)["status"] == "void"
    assert [s.stack for s in reopened.tables.seats(table)] == [200, 200]
    assert reopened.ledger.check() == []
    reopened.close()


def test_check_ledger_finds_a_stack_that_disagrees(db_url: str) -> None:
    from standpat.store import models

    store = Store(db_url)
    table = make_table(store)
    a = store.accounts.create("alice", "correct horse", grant=1000)
    store.tables.sit(table, 0, a.id, 200)
    with store.tx.engine.begin() as conn:
        conn.execute(models.seats.update().values(stack=250))
    problems = store.ledger.check()
    assert len(problems) == 1 and "holds 250 chips" in problems[0]
    store.close()


def test_upgrading_a_room_keeps_look_alike_names_apart(db_url: str) -> None:
    """Names that differ only in case were allowed before migration 0003: both accounts stay,
    the later one under a key of its own, and new look-alikes are refused."""
    from datetime import UTC, datetime

    from sqlalchemy import create_engine, text

    from standpat.store.migrate import upgrade

    url = db_url.replace("postgresql://", "postgresql+psycopg://")
    engine = create_engine(url)
    upgrade(engine, "0002")
    with engine.begin() as conn:
        for name in ("Cara_UX", "cara_ux"):
            conn.execute(
                text("INSERT INTO accounts (name, is_bot, client_seed, created_at) "
                     "VALUES (:n, false, '', :t)"),
                {"n": name, "t": datetime.now(UTC)},
            )
    engine.dispose()
    store = Store(db_url)  # upgrades to the newest schema
    with store.tx.engine.begin() as conn:
        keys: dict[str, str] = dict(conn.execute(text("SELECT name, name_key FROM accounts")).all())
    assert keys["Cara_UX"] == "cara-ux" and keys["cara_ux"].startswith("cara-ux#")
    with pytest.raises(AccountError, match="taken"):
        store.accounts.create("CARA.UX", "a long password")
    store.close()


def test_a_rounds_writes_read_back_as_the_rest_of_the_store_writes(db_url: str) -> None:
    """A round's writes go through the driver's own SQL (store/rounds.py): what they store
    reads back as SQLAlchemy's own writes do (JSON, times, flags), a refused settlement
    writes nothing, and the statistics read the facts."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import func, select

    from standpat.errors import NotFoundError
    from standpat.store import models
    from standpat.store.stats import statistics

    store = Store(db_url)
    table = make_table(store)
    a, b = alice_and_bob(store)
    store.tables.sit(table, 0, a.id, 200)
    store.tables.sit(table, 1, b.id, 200)
    elsewhere = make_table(store)  # alice sits there too: its stacks do not move
    store.tables.sit(elsewhere, 2, a.id, 100)
    before = datetime.now(UTC) - timedelta(seconds=1)
    setup = {"game": "five-card-draw", "names": ["alice", "bob"], "nested": {"x": [1, None]}}
    hand = store.hands.start(table, 7, seed=bytes(range(32)), commitment="c" * 64, setup=setup,
                            players=[a.id, b.id], button=1)
    store.hands.log_actions(hand, 0, [(0, '{"kind":"call"}'), (1, '{"kind":"check"}')])
    store.hands.log_actions(hand, 2, [(0, '{"kind":"fold"}')])
    assert store.tables.get(table).hands_dealt == 7 and store.tables.get(table).button == 1
    facts = [
        {"account": a.id, "game": "five-card-draw", "structure": "fixed-limit", "net": 30,
         "big_blind": 2, "vpip": True, "pfr": False, "pat": 0, "draw1": 1, "draw2": 0,
         "draw3": 0, "draw_more": 0, "showdown": True, "won_showdown": True},
        {"account": b.id, "game": "five-card-draw", "structure": "fixed-limit", "net": -30,
         "big_blind": 2, "vpip": True, "pfr": True, "pat": 1, "draw1": 0, "draw2": 0,
         "draw3": 0, "draw_more": 0, "showdown": True, "won_showdown": False},
    ]
    store.hands.finish(table, hand, {a.id: 30, b.id: -30}, {"pot": 60, "winners": [0]},
                      facts=facts)
    stored = store.hands.get(hand)
    assert stored["setup"] == setup and stored["record"] == {"pot": 60, "winners": [0]}
    assert stored["seed"] == bytes(range(32)).hex() and stored["status"] == "done"
    assert stored["players"] == {a.id: False, b.id: False}
    assert [x["action"] for x in stored["actions"]] == [
        '{"kind":"call"}', '{"kind":"check"}', '{"kind":"fold"}']
    after = datetime.now(UTC) + timedelta(seconds=1)
    assert before <= stored["started_at"] <= stored["ended_at"] <= after
    assert [s.stack for s in store.tables.seats(table)] == [230, 170]
    assert [s.stack for s in store.tables.seats(elsewhere)] == [100]
    assert store.ledger.check() == []
    # the time filters compare the stored times (SQLite: as text)
    assert statistics(store, a.id, since=before)["hands"] == 1
    assert statistics(store, a.id, until=before)["hands"] == 0
    mine = statistics(store, b.id, since=before, until=after)
    assert mine["hands"] == 1 and mine["net"] == -30
    with store.tx.engine.connect() as conn:
        rows = conn.execute(select(func.count()).select_from(models.ledger)).scalar_one()
    with pytest.raises(TableError, match="is done, not running"):
        store.hands.finish(table, hand, {a.id: 30, b.id: -30}, {"pot": 60})
    with pytest.raises(NotFoundError):
        store.hands.finish(table, hand + 100, {a.id: 30, b.id: -30}, {"pot": 60})
    with store.tx.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(models.ledger)).scalar_one() == rows
    assert [s.stack for s in store.tables.seats(table)] == [230, 170]
    assert store.ledger.check() == []
    # the table's state between rounds: only this table's, read back whole
    state = {"format": "standpat-table/1", "rng": [3, [2**31, 0, 7], None], "seats": 4,
             "names": {"0": "alice"}, "max_buy_in": 2**62, "stakes": {"small_bet": 1}}
    store.tables.save_state(table, state)
    assert store.tables.get(table).state == state
    assert store.tables.get(elsewhere).state is None
    store.tables.save_state(table, {**state, "seats": 6})
    assert store.tables.get(table).state == {**state, "seats": 6}
    store.close()
