"""A tournament's money in the store, on SQLite and on PostgreSQL: buy-ins and fees, refunds,
the payout, the ledger's audit, and the races for the last seat, against a cancellation and
between two payouts."""

from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import inspect, select

from standpat.errors import (
    AccountError,
    NotFoundError,
    TournamentError,
    TournamentStateError,
    UnknownGameError,
)
from standpat.store import (
    HOUSE,
    Account,
    EntryStatus,
    Store,
    tournament_wallet,
    user_wallet,
)
from standpat.store import models as m
from standpat.store.operator import suspend
from standpat.store.tournaments import PRIZE, StaleStateError
from standpat.tournament import Level, Phase, Structure, TournamentSpec
from standpat.tournament.payouts import prizes

STRUCTURE = Structure("test", (Level(10, 20), Level(20, 40)), 60.0, 1000)
BUY_IN, FEE, GRANT = 100, 10, 1000
_NAMES = itertools.count()


def spec(**changes: Any) -> TournamentSpec:
    """A tournament of 100 + 10 at tables of six."""
    fields: dict[str, Any] = {"seats": 6, "buy_in": BUY_IN, "fee": FEE} | changes
    return TournamentSpec(fields.pop("name", "test"), STRUCTURE, **fields)


def players(store: Store, count: int, grant: int = GRANT) -> list[Account]:
    """``count`` players with ``grant`` chips each."""
    return [store.accounts.create(f"player{next(_NAMES)}", "correct horse", grant=grant)
            for _ in range(count)]


def bankroll(store: Store, player: Account) -> int:
    """A player's bankroll."""
    return store.ledger.balance(user_wallet(player.id))


def books(store: Store, tournament: int) -> tuple[int, int]:
    """The tournament's pool and the house's wallet."""
    return store.ledger.balance(tournament_wallet(tournament)), store.ledger.balance(HOUSE)


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` in threads released together; each one's result or the error it raised."""
    start = threading.Barrier(len(calls), timeout=30)
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = calls[i]()
        except Exception as error:  # the race's loser: compared below
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a racer hung"
    return results


def test_the_schema_has_the_tournaments(db_url: str) -> None:
    store = Store(db_url)
    inspector = inspect(store.tx.engine)
    assert {"tournaments", "tournament_entries"} <= set(inspector.get_table_names())
    assert "tournament_id" in {c["name"] for c in inspector.get_columns("ledger")}
    store.close()


def test_a_save_of_the_director_is_kept_only_over_the_one_before_it(db_url: str) -> None:
    """The saves' count: a save made after one that failed (never stored) is refused, in
    the transaction of the write that carries it, and nothing of it is kept."""
    store = Store(db_url)
    t = store.tournaments.create(spec(max_entrants=6), game="five-card-draw",
                                 betting="no-limit")
    store.tournaments.save_state(t, {"n": 1}, saves=1)
    with store.tx.begin() as conn:
        store.tournaments.save_state(t, {"n": 2}, saves=2, conn=conn)
    assert store.tournaments.state(t) == {"n": 2}
    with pytest.raises(StaleStateError, match="save 4 is made after save 3, and the store "
                                               "holds save 2"), store.tx.begin() as conn:
        store.accounts.create("kept-not", "pw-secret-pw", conn=conn)
        store.tournaments.save_state(t, {"n": 4}, saves=4, conn=conn)
    assert store.tournaments.state(t) == {"n": 2}
    with pytest.raises(AccountError):  # the write's other parts were not kept either
        store.accounts.authenticate("kept-not", "pw-secret-pw")
    with pytest.raises(StaleStateError):  # nor a save made again from an older one
        store.tournaments.save_state(t, {"n": 2}, saves=2)
    store.tournaments.save_state(t, {"n": 3}, saves=3)
    store.tournaments.save_state(t, {"n": 0})  # no count: kept whatever the count
    assert store.tournaments.state(t) == {"n": 0}
    with pytest.raises(NotFoundError):
        store.tournaments.save_state(t + 1, {"n": 1}, saves=1)
    store.close()


def test_a_sit_and_go_from_registration_to_the_payout(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 6)
    t = store.tournaments.create(spec(max_entrants=6), game="five-card-draw",
                                 betting="no-limit")
    assert store.tournaments.get(t).status is Phase.REGISTERING
    assert [r.id for r in store.tournaments.current()] == [t]
    entries = [store.tournaments.register(t, p.id) for p in field]
    assert [e.number for e in entries] == [1] * 6
    assert [bankroll(store, p) for p in field] == [GRANT - BUY_IN - FEE] * 6
    assert books(store, t) == (6 * BUY_IN, 6 * FEE)
    record = store.tournaments.get(t)
    assert (record.entries, record.alive, record.pool) == (6, 6, 600)
    assert store.ledger.check() == []
    with pytest.raises(TournamentStateError, match="full"):
        store.tournaments.register(t, players(store, 1)[0].id)
    assert store.tournaments.start(t).registration_open is False
    for entry, place in zip(entries[1:], (6, 5, 4, 3, 2), strict=True):
        store.tournaments.bust(entry.id, place)
        assert store.ledger.check() == []
    paid = store.tournaments.pay(t)
    first, second = prizes(600, 6)  # 390, 210
    assert [(e.place, e.prize, e.status) for e in paid] == [
        (1, first, EntryStatus.WON), (6, 0, EntryStatus.BUSTED), (5, 0, EntryStatus.BUSTED),
        (4, 0, EntryStatus.BUSTED), (3, 0, EntryStatus.BUSTED), (2, second, EntryStatus.BUSTED)]
    assert bankroll(store, field[0]) == GRANT - BUY_IN - FEE + first
    assert bankroll(store, field[5]) == GRANT - BUY_IN - FEE + second
    assert books(store, t) == (0, 6 * FEE)
    done = store.tournaments.get(t)
    assert (done.status, done.pool, done.ended_at is not None) == (Phase.FINISHED, 0, True)
    assert store.tournaments.current() == []
    assert store.ledger.check() == []
    assert [r["kind"] for r in store.ledger.rows(user_wallet(field[0].id))] == [
        PRIZE, "buy-in", "grant"]
    store.close()


def test_a_tournament_that_cannot_be_is_not_created(db_url: str) -> None:
    store = Store(db_url)
    with pytest.raises(TournamentError, match="needs its number of entrants"):
        store.tournaments.create(spec(), game="five-card-draw", betting="no-limit")
    with pytest.raises(UnknownGameError):
        store.tournaments.create(spec(max_entrants=6), game="holdem", betting="no-limit")
    with pytest.raises(TournamentError, match="unknown betting structure 'spread-limit'"):
        store.tournaments.create(spec(max_entrants=6), game="five-card-draw",
                                 betting="spread-limit")
    with pytest.raises(TournamentError, match="tables of 9"):
        store.tournaments.create(spec(seats=9, max_entrants=9), game="deuce-to-seven-triple-draw",
                                 betting="fixed-limit")
    assert store.tournaments.current() == []
    store.close()


def test_registration_refusals_move_no_chip(db_url: str) -> None:
    store = Store(db_url)
    ann, bob, cat, poor = players(store, 3) + players(store, 1, grant=0)[:1]
    starts = datetime(2026, 12, 24, 18, 0, tzinfo=UTC)
    t = store.tournaments.create(spec(min_entrants=2), game="deuce-to-seven-single-draw",
                                 betting="fixed-limit", starts_at=starts)
    assert store.tournaments.get(t).starts_at == starts
    store.tournaments.register(t, ann.id)
    with pytest.raises(TournamentStateError, match=r"registered .* already"):
        store.tournaments.register(t, ann.id)
    with pytest.raises(AccountError, match="bankroll holds 0"):
        store.tournaments.register(t, poor.id)
    with pytest.raises(TournamentStateError, match="1 entrants of the 2"):
        store.tournaments.start(t)
    suspend(store, cat.id, "testing")
    with pytest.raises(AccountError, match="suspended"):
        store.tournaments.register(t, cat.id)
    with pytest.raises(NotFoundError):
        store.tournaments.register(t + 99, bob.id)
    with pytest.raises(TournamentStateError, match="not registered"):
        store.tournaments.unregister(t, bob.id)
    assert [bankroll(store, p) for p in (bob, cat, poor)] == [GRANT, GRANT, 0]
    assert books(store, t) == (BUY_IN, FEE)
    # unregistering gives both back, and he may come again (his second entry)
    assert store.tournaments.unregister(t, ann.id).status is EntryStatus.UNREGISTERED
    assert bankroll(store, ann) == GRANT and books(store, t) == (0, 0)
    assert store.tournaments.register(t, ann.id).number == 2
    store.tournaments.register(t, bob.id)
    store.tournaments.start(t)
    with pytest.raises(TournamentStateError, match="closed"):
        store.tournaments.register(t, players(store, 1)[0].id)
    with pytest.raises(TournamentStateError, match="only before the start"):
        store.tournaments.unregister(t, bob.id)
    with pytest.raises(TournamentStateError, match="running"):
        store.tournaments.start(t)
    assert books(store, t) == (2 * BUY_IN, 2 * FEE)
    assert store.ledger.check() == []
    store.close()


def test_a_busted_player_re_enters_while_late_registration_is_open(db_url: str) -> None:
    store = Store(db_url)
    ann, bob, cat = players(store, 3)
    t = store.tournaments.create(spec(late_levels=2, reentries=1), game="five-card-draw",
                                 betting="pot-limit", starts_at=datetime(2027, 1, 1, tzinfo=UTC))
    first = store.tournaments.register(t, ann.id)
    store.tournaments.register(t, bob.id)
    assert store.tournaments.start(t).registration_open
    store.tournaments.register(t, cat.id)  # late
    with pytest.raises(TournamentStateError, match=r"registered .* already"):
        store.tournaments.register(t, ann.id)
    store.tournaments.bust(first.id, 3)
    with pytest.raises(TournamentStateError, match="busted"):
        store.tournaments.bust(first.id, 3)
    again = store.tournaments.register(t, ann.id)
    assert again.number == 2
    store.tournaments.bust(again.id, 4)
    with pytest.raises(TournamentStateError, match="1 re-entries and you have used them"):
        store.tournaments.register(t, ann.id)
    assert bankroll(store, ann) == GRANT - 2 * (BUY_IN + FEE)
    assert store.tournaments.close_registration(t).registration_open is False
    with pytest.raises(TournamentStateError, match="closed"):
        store.tournaments.register(t, ann.id)
    with pytest.raises(TournamentError, match="2 to 4"):
        store.tournaments.bust(store.tournaments.entries(t)[1].id, 5)
    store.tournaments.correct_place(first.id, 4)  # the provisional places made final
    store.tournaments.correct_place(again.id, 3)
    bob_entry = store.tournaments.entries(t)[1]
    store.tournaments.bust(bob_entry.id, 2)
    paid = {e.id: e.prize for e in store.tournaments.pay(t)}
    assert sum(v or 0 for v in paid.values()) == 4 * BUY_IN
    assert paid[again.id] == 0 and paid[first.id] == 0  # four entries pay one place
    assert bankroll(store, cat) == GRANT - BUY_IN - FEE + 4 * BUY_IN
    assert books(store, t) == (0, 4 * FEE)
    assert store.ledger.check() == []
    store.close()


def test_the_payout_writes_the_final_places_it_is_given_first(db_url: str) -> None:
    # two out while late registration was open, each told place 3 of the field then;
    # the payout (as the room's tournament tables write it) makes them 4th and 3rd
    store = Store(db_url)
    ann, bob, cat, dan = players(store, 4)
    t = store.tournaments.create(spec(late_levels=2), game="five-card-draw",
                                 betting="no-limit", starts_at=datetime(2027, 1, 1, tzinfo=UTC))
    first, second = (store.tournaments.register(t, p.id) for p in (ann, bob))
    store.tournaments.register(t, cat.id)
    store.tournaments.start(t)
    store.tournaments.bust(first.id, 3)
    store.tournaments.register(t, dan.id)  # late: the field is four now
    store.tournaments.bust(second.id, 3)
    third = store.tournaments.entries(t)[2]
    store.tournaments.bust(third.id, 2)  # as told: 3rd, 3rd (a tie, it seems), 2nd
    paid = {e.id: e.place for e in store.tournaments.pay(t, places={first.id: 4,
                                                                     second.id: 3})}
    assert (paid[first.id], paid[second.id], paid[third.id]) == (4, 3, 2)
    assert sorted(p or 0 for p in paid.values()) == [1, 2, 3, 4]
    assert books(store, t) == (0, 4 * FEE)
    assert store.ledger.check() == []
    store.close()


def test_cancelling_refunds_every_entry_in_one_movement(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 4)
    t = store.tournaments.create(spec(reentries=1, late_levels=1), game="five-card-draw",
                                 betting="no-limit", starts_at=datetime(2027, 1, 1, tzinfo=UTC))
    entries = [store.tournaments.register(t, p.id) for p in field]
    store.tournaments.start(t)
    store.tournaments.bust(entries[0].id, 4)  # busted: his buy-in is in the pool all the same
    store.tournaments.register(t, field[0].id)
    assert books(store, t) == (5 * BUY_IN, 5 * FEE)
    refunded = store.tournaments.cancel(t)
    assert {e.status for e in refunded} == {EntryStatus.REFUNDED}
    assert [bankroll(store, p) for p in field] == [GRANT] * 4
    assert books(store, t) == (0, 0)
    assert store.tournaments.get(t).status is Phase.CANCELLED
    refunds = {r["kind"] for p in field for r in store.ledger.rows(user_wallet(p.id))[:1]}
    assert refunds == {"refund"}
    with pytest.raises(TournamentStateError, match="cancelled"):
        store.tournaments.cancel(t)
    with pytest.raises(TournamentStateError, match="closed"):
        store.tournaments.register(t, field[1].id)
    with pytest.raises(TournamentStateError, match="cancelled"):
        store.tournaments.pay(t)
    assert store.ledger.check() == []
    store.close()


def test_ties_split_their_places_prizes(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 5)
    t = store.tournaments.create(spec(max_entrants=5), game="five-card-draw",
                                 betting="no-limit")
    entries = [store.tournaments.register(t, p.id) for p in field]
    store.tournaments.start(t)
    store.tournaments.bust(entries[4].id, 5)
    store.tournaments.bust(entries[3].id, 4)
    store.tournaments.bust(entries[1].id, 2)  # two out in one hand with equal stacks: 2nd, 3rd
    store.tournaments.bust(entries[2].id, 2)
    paid = store.tournaments.pay(t, (301, 150, 49, 0, 0))
    assert [(e.place, e.prize) for e in paid] == [(1, 301), (2, 100), (2, 99), (4, 0), (5, 0)]
    assert books(store, t) == (0, 5 * FEE)
    assert store.ledger.check() == []
    store.close()


def test_a_payout_that_would_get_the_money_wrong_is_refused_whole(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 4)
    t = store.tournaments.create(spec(max_entrants=4), game="five-card-draw",
                                 betting="no-limit")
    entries = [store.tournaments.register(t, p.id) for p in field]
    with pytest.raises(TournamentStateError, match="registering"):
        store.tournaments.pay(t)
    store.tournaments.start(t)
    store.tournaments.bust(entries[3].id, 4)
    with pytest.raises(TournamentError, match="3 entries in"):
        store.tournaments.pay(t)
    store.tournaments.bust(entries[2].id, 2)  # place 3 never given: the field is not ranked
    store.tournaments.bust(entries[1].id, 2)
    store.tournaments.correct_place(entries[1].id, 4)
    with pytest.raises(TournamentError, match="place 3 is missing"):
        store.tournaments.pay(t)
    store.tournaments.correct_place(entries[1].id, 3)
    with pytest.raises(TournamentError, match=r"add up to 399 .* pool holds 400"):
        store.tournaments.pay(t, (300, 99))
    with pytest.raises(TournamentError, match="add up to 401"):
        store.tournaments.pay(t, (300, 101))
    with pytest.raises(TournamentError, match="negative"):
        store.tournaments.pay(t, (500, -100))
    assert [bankroll(store, p) for p in field] == [GRANT - BUY_IN - FEE] * 4
    assert books(store, t) == (400, 40)
    assert store.tournaments.get(t).status is Phase.RUNNING
    assert store.ledger.check() == []
    with pytest.raises(TournamentError, match="numbered from 1"):
        store.tournaments.pay(t, {0: 100, 1: 300})
    store.tournaments.pay(t, {2: 100, 1: 300})  # place -> prize
    with pytest.raises(TournamentStateError, match="finished"):
        store.tournaments.pay(t, (300, 100))
    assert bankroll(store, field[0]) == GRANT - BUY_IN - FEE + 300
    assert store.ledger.check() == []
    store.close()


def test_a_freeroll_moves_no_chip_and_checks_clean(db_url: str) -> None:
    store = Store(db_url)
    ann, bob = players(store, 2, grant=0)
    t = store.tournaments.create(spec(buy_in=0, fee=0, max_entrants=2),
                                 game="five-card-draw", betting="no-limit")
    store.tournaments.register(t, ann.id)
    loser = store.tournaments.register(t, bob.id)
    store.tournaments.start(t)
    store.tournaments.bust(loser.id, 2)
    assert [e.prize for e in store.tournaments.pay(t)] == [0, 0]
    assert store.tournaments.get(t).status is Phase.FINISHED
    assert store.ledger.rows(user_wallet(ann.id)) == []
    assert store.ledger.check() == []
    store.close()


def test_the_ledgers_check_finds_a_tournaments_money_gone_wrong(db_url: str) -> None:
    store = Store(db_url)
    ann, bob = players(store, 2)
    t = store.tournaments.create(spec(max_entrants=2), game="five-card-draw",
                                 betting="no-limit")
    store.tournaments.register(t, ann.id)
    loser = store.tournaments.register(t, bob.id)
    store.tournaments.start(t)
    # chips taken out of a running tournament's pool
    with store.tx.begin() as conn:
        store.ledger.move(conn, {tournament_wallet(t): -50, user_wallet(bob.id): 50}, "adjust")
    assert any("holds 150 chips in its pool, not the 200" in p for p in store.ledger.check())
    with store.tx.begin() as conn:
        store.ledger.move(conn, {tournament_wallet(t): 50, user_wallet(bob.id): -50}, "adjust")
    assert store.ledger.check() == []
    store.tournaments.bust(loser.id, 2)
    store.tournaments.pay(t)
    assert store.ledger.check() == []
    # the prize paid a second time (out of the bank, so every movement still sums to 0)
    with store.tx.begin() as conn:
        store.ledger.move(conn, {"bank": -200, user_wallet(ann.id): 200}, PRIZE,
                          tournament_id=t)
    problems = store.ledger.check()
    assert any("paid out in 2 movements, not 1" in p for p in problems)
    assert any(f"moved 290 chips to user:{ann.id}" in p for p in problems)
    with store.tx.begin() as conn:
        forged = conn.execute(select(m.ledger.c.movement).where(
            (m.ledger.c.wallet == "bank") & (m.ledger.c.kind == PRIZE))).scalar_one()
        conn.execute(m.ledger.delete().where(m.ledger.c.movement == forged))
    assert store.ledger.check() == []
    # an entry's recorded prize that the ledger never paid
    with store.tx.begin() as conn:
        conn.execute(m.tournament_entries.update()
                     .where(m.tournament_entries.c.id == loser.id).values(prize=10))
    problems = store.ledger.check()
    assert any("won 210 chips of a pool of 200" in p for p in problems)
    assert any(f"to user:{bob.id} in all, not the -100" in p for p in problems)
    store.close()


# -- races ----------------------------------------------------------------------------------


def test_two_registrations_race_for_the_last_seat(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 8)
    t = store.tournaments.create(spec(max_entrants=3), game="five-card-draw",
                                 betting="no-limit")
    for p in field[:2]:
        store.tournaments.register(t, p.id)
    results = race([functools.partial(store.tournaments.register, t, p.id) for p in field[2:]])
    won = [r for r in results if not isinstance(r, Exception)]
    lost = [r for r in results if isinstance(r, Exception)]
    assert len(won) == 1 and len(lost) == 5, results
    assert all(isinstance(e, TournamentStateError) and "full" in str(e) for e in lost)
    assert store.tournaments.get(t).alive == 3
    assert books(store, t) == (3 * BUY_IN, 3 * FEE)
    assert sum(bankroll(store, p) for p in field) == 8 * GRANT - 3 * (BUY_IN + FEE)
    assert store.ledger.check() == []
    store.close()


def test_one_player_registering_twice_at_once_pays_once(db_url: str) -> None:
    store = Store(db_url)
    (ann,) = players(store, 1)
    t = store.tournaments.create(spec(max_entrants=6), game="five-card-draw",
                                 betting="no-limit")
    results = race([lambda: store.tournaments.register(t, ann.id)] * 4)
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert bankroll(store, ann) == GRANT - BUY_IN - FEE
    assert len(store.tournaments.entries(t)) == 1
    assert store.ledger.check() == []
    store.close()


def test_registrations_race_a_cancellation(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 7)
    t = store.tournaments.create(spec(), game="five-card-draw", betting="no-limit",
                                 starts_at=datetime(2027, 1, 1, tzinfo=UTC))
    store.tournaments.register(t, field[0].id)
    calls: list[Callable[[], Any]] = [
        functools.partial(store.tournaments.register, t, p.id) for p in field[1:]]
    results = race([*calls, lambda: store.tournaments.cancel(t)])
    assert not isinstance(results[-1], Exception), results[-1]
    late = [r for r in results[:-1] if isinstance(r, Exception)]
    assert all(isinstance(e, TournamentStateError) and "closed" in str(e) for e in late)
    # whoever got in before the cancellation got his chips back, whoever came after paid none
    assert [bankroll(store, p) for p in field] == [GRANT] * 7
    assert books(store, t) == (0, 0)
    assert all(e.status is EntryStatus.REFUNDED for e in store.tournaments.entries(t))
    assert store.ledger.check() == []
    store.close()


def test_two_payouts_at_once_pay_once(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 3)
    t = store.tournaments.create(spec(max_entrants=3), game="five-card-draw",
                                 betting="no-limit")
    entries = [store.tournaments.register(t, p.id) for p in field]
    store.tournaments.start(t)
    store.tournaments.bust(entries[2].id, 3)
    store.tournaments.bust(entries[1].id, 2)
    results = race([lambda: store.tournaments.pay(t)] * 4)
    done = [r for r in results if not isinstance(r, Exception)]
    assert len(done) == 1, results
    assert all(isinstance(r, TournamentStateError) and "finished" in str(r)
               for r in results if r is not done[0])
    assert books(store, t) == (0, 3 * FEE)
    assert store.tournaments.get(t).status is Phase.FINISHED
    assert bankroll(store, field[0]) == GRANT - BUY_IN - FEE + 3 * BUY_IN  # 3 entrants pay 1
    assert store.ledger.check() == []
    store.close()


def test_a_payout_races_a_cancellation(db_url: str) -> None:
    store = Store(db_url)
    field = players(store, 2)
    t = store.tournaments.create(spec(max_entrants=2), game="five-card-draw",
                                 betting="no-limit")
    entries = [store.tournaments.register(t, p.id) for p in field]
    store.tournaments.start(t)
    store.tournaments.bust(entries[1].id, 2)
    paid, cancelled = race([lambda: store.tournaments.pay(t),
                            lambda: store.tournaments.cancel(t)])
    # one of them, never both: the winner's prize or everyone's buy-in back
    assert isinstance(paid, Exception) != isinstance(cancelled, Exception), (paid, cancelled)
    status = store.tournaments.get(t).status
    if status is Phase.FINISHED:
        assert [bankroll(store, p) for p in field] == [GRANT - FEE + BUY_IN, GRANT - BUY_IN - FEE]
        assert books(store, t) == (0, 2 * FEE)
    else:
        assert status is Phase.CANCELLED
        assert [bankroll(store, p) for p in field] == [GRANT, GRANT]
        assert books(store, t) == (0, 0)
    assert store.ledger.check() == []
    store.close()


def test_the_migration_matches_the_models_and_keeps_old_movements(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from standpat.store.migrate import upgrade

    old = Store(db_url, migrate=False)
    upgrade(old.tx.engine, "0010")
    with old.tx.begin() as conn:  # a room of before tournaments: one grant
        conn.execute(m.accounts.insert().values(
            name="ann", name_key="ann", is_bot=False, client_seed="", created_at=datetime.now(UTC)))
        conn.exec_driver_sql(
            "INSERT INTO ledger (movement, wallet, amount, kind, created_at) VALUES "
            "('m', 'bank', -500, 'grant', CURRENT_TIMESTAMP), "
            "('m', 'user:1', 500, 'grant', CURRENT_TIMESTAMP)")
    upgrade(old.tx.engine)
    with old.tx.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), m.metadata) == []
    assert old.ledger.balance(user_wallet(1)) == 500
    assert old.ledger.check() == []
    t = old.tournaments.create(spec(max_entrants=2), game="five-card-draw", betting="no-limit")
    old.tournaments.register(t, 1)
    assert old.ledger.check() == [] and books(old, t) == (BUY_IN, FEE)
    old.close()


def test_a_refused_registration_is_a_409_for_clients() -> None:
    from standpat.server.problems import error_code, http_status

    full = TournamentStateError("'test' is full (6 players).")
    assert (error_code(full), http_status(full)) == ("tournament", 409)
    short = AccountError("that takes 110 chips and your bankroll holds 0.")
    assert (error_code(short), http_status(short)) == ("account", 400)
