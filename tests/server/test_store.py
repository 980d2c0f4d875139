"""The store on SQLite and on PostgreSQL: accounts, sessions, the ledger, seats and hands."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from standpat.errors import AccountError, TableError
from standpat.store import BANK, Account, Store, seat_wallet, user_wallet


def alice_and_bob(store: Store) -> tuple[Account, Account]:
    """Two players with 1,000 chips each."""
    return (store.create_account("alice", "correct horse", grant=1000),
            store.create_account("bob", "battery staple", grant=1000))


def make_table(store: Store) -> int:
    return store.create_table(
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
    names = set(inspect(again.engine).get_table_names())
    assert {"accounts", "sessions", "ledger", "tables", "seats", "hands", "actions"} <= names
    assert "alembic_version" in names
    store.close()
    again.close()


def test_accounts_and_sessions(db_url: str) -> None:
    store = Store(db_url)
    alice = store.create_account("alice", "correct horse", grant=500)
    with pytest.raises(AccountError, match="taken"):
        store.create_account("alice", "another password")
    with pytest.raises(AccountError, match="8 to 256 characters"):
        store.create_account("bob", "short")
    assert store.authenticate("alice", "correct horse") == alice
    with pytest.raises(AccountError, match="wrong name or password"):
        store.authenticate("alice", "wrong horse!")
    with pytest.raises(AccountError):
        store.authenticate("nobody", "correct horse")
    token = store.new_session(alice.id)
    assert store.session_account(token) == alice
    assert store.session_account(token + "x") is None
    store.end_session(token)
    assert store.session_account(token) is None
    bot = store.create_account("bot-1", None, bot=True)
    with pytest.raises(AccountError):
        store.authenticate("bot-1", "")
    assert bot.is_bot
    store.close()


def test_chips_move_only_through_the_ledger(db_url: str) -> None:
    store = Store(db_url)
    table = make_table(store)
    a, b = alice_and_bob(store)
    store.sit(table, 0, a.id, 200)
    store.sit(table, 3, b.id, 300)
    with pytest.raises(TableError):
        store.sit(table, 3, a.id, 100)
    with pytest.raises(AccountError, match="bankroll"):
        store.sit(table, 4, store.create_account("carol", "x" * 8, grant=10).id, 100)
    assert store.balance(user_wallet(a.id)) == 800
    assert [s.stack for s in store.seats(table)] == [200, 300]
    hand = store.start_hand(
        table, 1, seed=bytes(32), commitment="c" * 64, setup={"n": 2}, players=[a.id, b.id],
        button=0,
    )
    store.log_action(hand, 0, 0, "call")
    store.finish_hand(table, hand, {a.id: 40, b.id: -40}, {"pot": 80})
    with pytest.raises(TableError, match="not running"):
        store.finish_hand(table, hand, {a.id: 40, b.id: -40}, {"pot": 80})
    assert [s.stack for s in store.seats(table)] == [240, 260]
    assert store.balance(seat_wallet(table, a.id)) == 240
    assert store.add_chips(table, 0, 60) == 300
    assert store.check_ledger() == []
    assert store.stand(table, 0) == 300
    assert store.balance(user_wallet(a.id)) == 1040
    assert store.hand(hand)["players"] == {a.id: True, b.id: False}  # revealed to alice only
    assert store.hand(hand)["actions"] == [{"seq": 0, "seat": 0, "action": "call"}]
    assert store.check_ledger() == []
    # the whole books: the bank issued what the players hold
    total = sum(store.balance(w) for w in [user_wallet(a.id), user_wallet(b.id)])
    total += store.balance(seat_wallet(table, b.id)) + store.balance(user_wallet(3))
    assert total == -store.balance(BANK)
    store.close()


def test_a_crash_voids_running_hands_and_leaves_stacks(db_url: str) -> None:
    store = Store(db_url)
    table = make_table(store)
    a, b = alice_and_bob(store)
    store.sit(table, 0, a.id, 200)
    store.sit(table, 1, b.id, 200)
    hand = store.start_hand(
        table, 1, seed=bytes(32), commitment="c" * 64, setup={}, players=[a.id, b.id], button=0
    )
    store.log_action(hand, 0, 0, "raise to 8")
    store.close()
    reopened = Store(db_url)
    assert [v.id for v in reopened.void_running_hands()] == [hand]
    assert reopened.hand(hand)["status"] == "void"
    assert [s.stack for s in reopened.seats(table)] == [200, 200]
    assert reopened.check_ledger() == []
    reopened.close()


def test_check_ledger_finds_a_stack_that_disagrees(db_url: str) -> None:
    from standpat.store import models

    store = Store(db_url)
    table = make_table(store)
    a = store.create_account("alice", "correct horse", grant=1000)
    store.sit(table, 0, a.id, 200)
    with store.engine.begin() as conn:
        conn.execute(models.seats.update().values(stack=250))
    problems = store.check_ledger()
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
    with store.engine.begin() as conn:
        keys: dict[str, str] = dict(conn.execute(text("SELECT name, name_key FROM accounts")).all())
    assert keys["Cara_UX"] == "cara-ux" and keys["cara_ux"].startswith("cara-ux#")
    with pytest.raises(AccountError, match="taken"):
        store.create_account("CARA.UX", "a long password")
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
    store.sit(table, 0, a.id, 200)
    store.sit(table, 1, b.id, 200)
    elsewhere = make_table(store)  # alice sits there too: its stacks do not move
    store.sit(elsewhere, 2, a.id, 100)
    before = datetime.now(UTC) - timedelta(seconds=1)
    setup = {"game": "five-card-draw", "names": ["alice", "bob"], "nested": {"x": [1, None]}}
    hand = store.start_hand(table, 7, seed=bytes(range(32)), commitment="c" * 64, setup=setup,
                            players=[a.id, b.id], button=1)
    store.log_actions(hand, 0, [(0, '{"kind":"call"}'), (1, '{"kind":"check"}')])
    store.log_actions(hand, 2, [(0, '{"kind":"fold"}')])
    assert store.table(table).hands_dealt == 7 and store.table(table).button == 1
    facts = [
        {"account": a.id, "game": "five-card-draw", "structure": "fixed-limit", "net": 30,
         "big_blind": 2, "vpip": True, "pfr": False, "pat": 0, "draw1": 1, "draw2": 0,
         "draw3": 0, "draw_more": 0, "showdown": True, "won_showdown": True},
        {"account": b.id, "game": "five-card-draw", "structure": "fixed-limit", "net": -30,
         "big_blind": 2, "vpip": True, "pfr": True, "pat": 1, "draw1": 0, "draw2": 0,
         "draw3": 0, "draw_more": 0, "showdown": True, "won_showdown": False},
    ]
    store.finish_hand(table, hand, {a.id: 30, b.id: -30}, {"pot": 60, "winners": [0]},
                      facts=facts)
    stored = store.hand(hand)
    assert stored["setup"] == setup and stored["record"] == {"pot": 60, "winners": [0]}
    assert stored["seed"] == bytes(range(32)).hex() and stored["status"] == "done"
    assert stored["players"] == {a.id: False, b.id: False}
    assert [x["action"] for x in stored["actions"]] == [
        '{"kind":"call"}', '{"kind":"check"}', '{"kind":"fold"}']
    after = datetime.now(UTC) + timedelta(seconds=1)
    assert before <= stored["started_at"] <= stored["ended_at"] <= after
    assert [s.stack for s in store.seats(table)] == [230, 170]
    assert [s.stack for s in store.seats(elsewhere)] == [100]
    assert store.check_ledger() == []
    # the time filters compare the stored times (SQLite: as text)
    assert statistics(store, a.id, since=before)["hands"] == 1
    assert statistics(store, a.id, until=before)["hands"] == 0
    mine = statistics(store, b.id, since=before, until=after)
    assert mine["hands"] == 1 and mine["net"] == -30
    with store.engine.connect() as conn:
        rows = conn.execute(select(func.count()).select_from(models.ledger)).scalar_one()
    with pytest.raises(TableError, match="is done, not running"):
        store.finish_hand(table, hand, {a.id: 30, b.id: -30}, {"pot": 60})
    with pytest.raises(NotFoundError):
        store.finish_hand(table, hand + 100, {a.id: 30, b.id: -30}, {"pot": 60})
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(models.ledger)).scalar_one() == rows
    assert [s.stack for s in store.seats(table)] == [230, 170]
    assert store.check_ledger() == []
    store.close()
