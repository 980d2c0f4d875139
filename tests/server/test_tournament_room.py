"""Tournaments dealt by the room: a sit-and-go of a person and house bots through a real
``standpat serve`` (its tables run by the table service, the person at a WebSocket), played
to the end; and the same with the server killed (kill -9) mid-tournament and started again.

What must hold: the sit-and-go starts when its field is full; every entrant is seated with
the starting stack, nobody may sit, leave or add chips; the table shows the level; the
tournament ends with one winner, every other entry busted at its own place and the pool paid
by the payout table; tournament chips never touch a bankroll (the ledger's check, which
audits the tournament's chips wallet against its tables); after a crash the tournament goes
on from where it stood, nobody out because of it.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from standpat.errors import TournamentStateError
from standpat.history import loads
from standpat.history.text import SITE
from standpat.history.tournament import roman_value, tournament_of
from standpat.server.live.recorder import make
from standpat.server.live.writes import BustEntry, PayTournament
from standpat.store import Store, chips_wallet, user_wallet
from standpat.store import models as m
from standpat.tournament import Level, Structure, TournamentSpec
from standpat.tournament.payouts import prizes
from tests.history.test_tournament_hands import FPDB_TOURNAMENT
from tests.server.live import FAST, PATIENCE, Player, Server, passive_policy, random_policy

BOTS = 5
STRUCTURE = Structure("quick", tuple(Level(5 * 2**i, 10 * 2**i) for i in range(14)), 4.0, 400)
"""Levels of 4 played seconds that double: a sit-and-go of six ends in a minute or two."""

DEEP = Structure("deep", (Level(5, 10), Level(10, 20)), 60.0, 20_000)
"""Levels of a minute and 2,000 big blinds a stack: a sit-and-go that goes on for minutes,
for a test that must catch it running (a quick one can end in the seconds an admin command
takes to start on a loaded machine)."""


def _sit_and_go(db: str, bots_in: int = BOTS,
                structure: Structure = STRUCTURE) -> tuple[int, list[int]]:
    """A sit-and-go of six with ``bots_in`` house bots registered (people fill it)."""
    store = Store(db)
    try:
        spec = TournamentSpec("Quick six", structure, seats=6, buy_in=100, fee=10,
                              max_entrants=BOTS + 1)
        tid = store.tournaments.create(spec, game="five-card-draw", betting="no-limit")
        bots = []
        for n in range(bots_in):
            bot = store.accounts.create(f"bot-T{n}-{uuid.uuid4().hex[:8]}", None, bot=True,
                                        grant=110)
            store.tournaments.register(tid, bot.id)
            bots.append(bot.id)
        return tid, bots
    finally:
        store.close()


def _detail(server: Server, tid: int) -> dict[str, Any]:
    response = httpx.get(f"{server.base}/api/tournaments/{tid}", timeout=10)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def _until(test: Any, what: str, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await asyncio.to_thread(test)
        if value:
            return value
        await asyncio.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


async def _sit_at_my_table(person: Player, server: Server, tid: int) -> int:
    """He looks up his table on the tournament's page and watches it (as the page's "take
    me to my table" does)."""
    def mine() -> int | None:
        entry = next(e for e in _detail(server, tid)["entries"] if e["name"] == person.name)
        return entry["table"]  # type: ignore[no-any-return]

    table: int = await _until(mine, "his seat", 20 * PATIENCE)
    await person.send(type="watch", table=table)
    await person.wait_for(lambda f: f["type"] == "table" and f["table"] == table
                          and bool(f.get("you")), old=True)
    return table


@pytest.mark.parametrize("crash", [False, True], ids=["played out", "kill -9 mid-way"])
def test_a_sit_and_go_is_dealt_to_its_end(tmp_path: Path, crash: bool) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    Store(db).close()  # the room's database, made before the room starts
    tid, _ = _sit_and_go(db)
    server = Server(db, *FAST, log=tmp_path / "room.log").start()
    person = Player(server, "ann", seed=3)
    try:
        async def main() -> dict[str, Any]:
            try:
                return await play()
            finally:
                await person.close()

        async def play() -> dict[str, Any]:
            await person.connect()
            registered = person.http.post(f"/api/tournaments/{tid}/register", json={})
            assert registered.status_code == 201, registered.text
            assert registered.json()["bankroll"] == person.http.get("/api/me").json()[
                "bankroll"]
            table = await _sit_at_my_table(person, server, tid)
            frame = await person.wait_for(lambda f: f["type"] == "table"
                                          and f.get("tournament") is not None, old=True)
            line = frame["tournament"]
            assert (line["id"], line["name"], line["entrants"]) == (tid, "Quick six", 6)
            assert line["level"] >= 1 and line["big_blind"] >= 10
            you = [s for s in frame["seats"] if s["seat"] == frame["you"]["seat"]]
            assert you and you[0]["stack"] <= STRUCTURE.starting_stack * 6
            # a tournament's seats are the tournament's to give
            before = len(person.frames)
            await person.send(type="leave", table=table)
            refused = await person.wait_for(lambda f: f["type"] == "error", since=before)
            assert refused["code"] == "tournament", refused
            if crash:
                # the room dies while ann thinks (her hand is running), and comes back
                person.policy = None
                await person.wait_for(lambda f: f["type"] == "table" and bool(
                    (h := f.get("hand")) and h["legal"] is not None
                    and h["to_act"] == h["you"]), since=len(person.frames))
                alive = _detail(server, tid)["alive"]
                server.kill()
                person.policy = random_policy
                await person.close(http=False)
                server.start()
                detail = _detail(server, tid)
                assert detail["status"] == "running"
                assert detail["alive"] == alive, "nobody is out because of the crash"
                await person.connect()
                await _sit_at_my_table(person, server, tid)
            finished: dict[str, Any] = await _until(
                lambda: (d := _detail(server, tid))["status"] == "finished" and d,
                "the end of the tournament", 240 * PATIENCE)
            _her_hands_download_as_tournament_hands(person, tid, first_dealt=not crash)
            return finished

        detail = asyncio.run(main())
    finally:
        server.stop()
    entries = detail["entries"]
    assert len(entries) == BOTS + 1
    assert sorted(e["status"] for e in entries) == ["busted"] * BOTS + ["won"]
    places = sorted(e["place"] for e in entries)
    assert places[0] == 1 and places[1] >= 2 and places[-1] <= 6
    paid = sorted((e["prize"] for e in entries if e["prize"]), reverse=True)
    assert paid == [p for p in prizes(600, 6) if p]
    assert all(e["table"] is None and e["chips"] is None for e in entries)
    store = Store(db, migrate=False)
    try:
        voided = [h for h in store.hands.of(person.account, 500) if h["status"] == "void"]
        assert len(voided) == (1 if crash else 0), voided
        assert store.ledger.check() == []
        assert store.ledger.balance(chips_wallet(tid)) == 0
        tables = store.tournaments.tables(tid)
        assert tables and all(store.tables.get(t).closed for t in tables.values())
        # ann's money: the buy-in and fee out, her prize in; no tournament chip
        won = next(e["prize"] or 0 for e in entries if e["name"] == "ann")
        assert store.ledger.balance(user_wallet(person.account)) == 10_000 - 110 + won
    finally:
        store.close()
    assert "Traceback" not in (tmp_path / "room.log").read_text()


ROOM_TOURNAMENT = re.compile(FPDB_TOURNAMENT.pattern.replace("PokerStars", re.escape(SITE)))
"""fpdb's tournament header under the room's name (``standpat serve --site`` names it)."""


def _her_hands_download_as_tournament_hands(person: Player, tid: int, *,
                                            first_dealt: bool) -> None:
    """Her hands, downloaded as text and PHH, are the tournament's hands: its number, buy-in
    and level in the header as PokerStars writes them (fpdb's tournament header) and in the
    PHH fields, each level's blinds those of the hand. Her first and last hands are read (one
    hand if she busted in her first: she plays at random, and one bet or raise in ten is all
    in); when her first finished hand is the tournament's first (``first_dealt``: no crash
    voided it), it is at level I."""
    store = Store(person.server.db, migrate=False)
    try:
        hands = [h["id"] for h in store.hands.of(person.account, 500) if h["status"] == "done"]
    finally:
        store.close()
    assert hands, "she finished no hand"
    levels = []
    for hand in sorted({hands[0], hands[-1]}):
        text = person.http.get(f"/api/hands/{hand}/text")
        assert text.status_code == 200, text.text
        header = ROOM_TOURNAMENT.match(text.text)
        assert header is not None, text.text.splitlines()[0]
        assert (int(header["tourno"]), header["biamt"], header["birake"]) == (tid, "100", "10")
        [record] = loads(person.http.get(f"/api/hands/{hand}/phh").text)
        assert tournament_of(record.extra) == (tid, "100+10", roman_value(header["level"]))
        assert record.extra["event"] == f"Tournament #{tid}"
        level = roman_value(header["level"])
        blinds = STRUCTURE.level_at(level - 1)
        assert (int(header["sb"]), int(header["bb"])) == (blinds.small_blind, blinds.big_blind)
        levels.append(level)
    assert levels == sorted(levels)
    if first_dealt:
        assert levels[0] == 1


def test_a_sit_and_go_cancelled_mid_way_closes_its_tables_and_refunds_everyone(
        tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    Store(db).close()
    tid, bots = _sit_and_go(db)
    server = Server(db, *FAST, log=tmp_path / "room.log").start()
    person = Player(server, "ann", seed=5)
    try:
        async def main() -> None:
            try:
                await person.connect()
                assert person.http.post(f"/api/tournaments/{tid}/register",
                                        json={}).status_code == 201
                await _sit_at_my_table(person, server, tid)
                await person.wait_for(lambda f: f["type"] == "hand-start", old=True)
                # the operator cancels it (standpat admin tournament cancel does this)
                store = Store(db, migrate=False)
                try:
                    await asyncio.to_thread(store.tournaments.cancel, tid)
                finally:
                    store.close()
                closed = await person.wait_for(lambda f: f["type"] == "closed", old=True,
                                               timeout=60 * PATIENCE)
                assert closed["reason"] == "tournament"
            finally:
                await person.close()

        asyncio.run(main())
    finally:
        server.stop()
    store = Store(db, migrate=False)
    try:
        assert store.ledger.check() == []
        assert store.ledger.balance(chips_wallet(tid)) == 0
        assert all(store.tables.get(t).closed for t in store.tournaments.tables(tid).values())
        assert {e.status.value for e in store.tournaments.entries(tid)} == {"refunded"}
        assert store.ledger.balance(user_wallet(person.account)) == 10_000
        assert all(store.ledger.balance(user_wallet(b)) == 110 for b in bots)
    finally:
        store.close()
    assert "Traceback" not in (tmp_path / "room.log").read_text()


def test_a_bust_or_a_payout_written_just_after_a_cancellation_is_no_harm(
        tmp_path: Path) -> None:
    """A table may settle a hand in the second before the room sees that the operator
    cancelled its tournament: its bust and payout find every entry refunded and write
    nothing; a bust of a tournament that is not running otherwise is still refused."""
    db = f"sqlite:///{tmp_path / 'room.db'}"
    tid, _ = _sit_and_go(db)
    store = Store(db, migrate=False)
    try:
        last = store.accounts.create("bot-T9-00000009", None, bot=True, grant=110)
        store.tournaments.register(tid, last.id)
        store.tournaments.start(tid)
        entry = store.tournaments.entries(tid)[0]
        store.tournaments.cancel(tid)
        with store.tx.begin() as conn:
            assert make(store, 1, BustEntry(entry.id, 6), conn) is None
            assert make(store, 1, PayTournament(tid), conn) is None
        assert store.tournaments.entry(entry.id).status.value == "refunded"
        other = _sit_and_go(db)[0]
        with pytest.raises(TournamentStateError), store.tx.begin() as conn:
            make(store, 1, BustEntry(store.tournaments.entries(other)[0].id, 6), conn)
        assert store.ledger.check() == []
    finally:
        store.close()


def test_an_operator_pauses_and_resumes_a_running_tournament(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    Store(db).close()
    tid, _ = _sit_and_go(db, structure=DEEP)
    server = Server(db, *FAST, log=tmp_path / "room.log").start()
    person = Player(server, "ann", seed=7)
    person.policy = passive_policy  # she never busts anyone: the field stays whole

    def admin(action: str) -> str:
        done = subprocess.run([sys.executable, "-m", "standpat.cli", "admin", "tournament",
                               action, str(tid), "--db", db], capture_output=True, text=True,
                              check=True)
        return done.stdout

    try:
        async def main() -> None:
            try:
                await person.connect()
                assert person.http.post(f"/api/tournaments/{tid}/register",
                                        json={}).status_code == 201
                await _sit_at_my_table(person, server, tid)
                await person.wait_for(lambda f: f["type"] == "hand-start", old=True)
                assert "paused" in await asyncio.to_thread(admin, "pause")
                paused = await person.wait_for(lambda f: f["type"] == "table" and bool(
                    (f.get("tournament") or {}).get("paused")), old=True)
                clock = paused["tournament"]["seconds_left"]
                # the hand in play ends; then no hand is dealt and the clock stands still
                await person.wait_for(lambda f: f["type"] == "table" and (
                    f.get("hand") is None or f["hand"]["over"]), old=True)
                dealt = sum(f["type"] == "hand-start" for f in person.frames)
                await asyncio.sleep(2)  # a stretch in which an unpaused table deals hands
                assert sum(f["type"] == "hand-start" for f in person.frames) == dealt
                level = _detail(server, tid)["level"]
                assert level["seconds_left"] == clock
                assert "resumed" in await asyncio.to_thread(admin, "resume")
                await person.wait_for(lambda f: f["type"] == "hand-start")
            finally:
                await person.close()

        asyncio.run(main())
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "room.log").read_text()


@pytest.mark.long
def test_the_absent_are_blinded_out_never_removed(tmp_path: Path) -> None:
    # ann registers and never comes; bob comes, plays, and goes away for good: both are
    # dealt every hand until they bust (their blinds posted, their turns timed out), and
    # both get a place; nobody frees their seats
    db = f"sqlite:///{tmp_path / 'room.db'}"
    Store(db).close()
    tid, _ = _sit_and_go(db, BOTS - 1)
    store = Store(db)
    try:
        ann = store.accounts.create("ann", "ann's password", grant=110)
        store.tournaments.register(tid, ann.id)
    finally:
        store.close()
    server = Server(db, *FAST, "--clock", "1", "--reconnect", "1",
                    log=tmp_path / "room.log").start()
    bob = Player(server, "bob", seed=4)
    try:
        async def main() -> None:
            await bob.connect()
            assert bob.http.post(f"/api/tournaments/{tid}/register", json={}).status_code \
                == 201
            await _sit_at_my_table(bob, server, tid)
            await bob.wait_for(lambda f: f["type"] == "hand-start", old=True)
            await bob.close()  # gone for good

        asyncio.run(main())
        finished = _until_sync(lambda: (d := _detail(server, tid))["status"] == "finished"
                               and d, "the end", 300 * PATIENCE)
    finally:
        server.stop()
    places = {e["name"]: e["place"] for e in finished["entries"]}
    assert places["ann"] is not None and places["bob"] is not None
    store = Store(db, migrate=False)
    try:
        (table,) = store.tournaments.tables(tid).values()
        with store.tx.read() as conn:
            hands = conn.execute(
                select(m.hands.c.id, m.hands.c.setup)
                .where((m.hands.c.table_id == table) & (m.hands.c.status == "done"))
                .order_by(m.hands.c.id)).all()
        for account in (ann.id, bob.account):
            dealt = [account in h.setup["accounts"] for h in hands]
            last = len(dealt) - 1 - dealt[::-1].index(True)
            assert all(dealt[:last + 1]), "dealt every hand until he was out"
            assert last >= 1
        assert store.ledger.check() == []
    finally:
        store.close()


def _until_sync(test: Any, what: str, timeout: float) -> Any:
    return asyncio.run(_until(test, what, timeout))
