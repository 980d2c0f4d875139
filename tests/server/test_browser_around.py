"""The pages around the table in headless Chromium: the account page (and, as they come,
the lobby's filters, chat, statistics and the replayer)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import launch_chromium, open_page, screenshot, wait_until
from .live import Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("around")
    srv = Server(
        f"sqlite:///{folder / 'room.db'}",
        "--bot-delay", "0", "--between-hands", "0.05", "--clock", "60",
        log=folder / "server.log",
    ).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def new_page(browser: Any, server: Server, *, width: int = 1000, height: int = 900) -> Any:
    return open_page(browser, server.base, width=width, height=height)


def log_in(page: Any, name: str, password: str, *, register: bool = False) -> None:
    page.goto("/login")
    page.wait_for_selector("form.login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.click("button[value=register]" if register else "button[value=login]")
    page.wait_for_selector("table.lobby")
    page.wait_for_selector("#account-link")


def test_password_change_on_the_account_page_ends_the_other_session(
    browser: Any, server: Server
) -> None:
    here, there = new_page(browser, server), new_page(browser, server)
    log_in(here, "carol", "carols-password", register=True)
    log_in(there, "carol", "carols-password")
    here.click("#account-link")
    here.wait_for_selector("#sessions tbody tr")
    assert here.locator("#sessions tbody tr").count() == 2
    # each session names its browser and system, not the raw User-Agent (issue 33)
    browsers = here.locator("#sessions tbody tr td:first-child").all_inner_texts()
    assert all(re.fullmatch(r"(Headless)?Chrome \d+ on Linux", b) for b in browsers), browsers
    assert "10000 chips in your bankroll, 0 on tables" in here.inner_text("#bankroll")
    assert "less than 1000" in here.inner_text("#refill-rule")
    assert here.is_disabled("#refill")
    assert here.inner_text("#ledger tbody tr td:nth-child(2)") == "grant"
    screenshot(here, "account-page")
    here.fill("#password-form input[name=old]", "carols-password")
    here.fill("#password-form input[name=new]", "carols-new-password")
    here.click("#password-form button[type=submit]")
    wait_until(lambda: here.locator("#sessions tbody tr").count() == 1, what="one session left")
    assert "1 other sessions logged out" in here.inner_text("#toast")
    # the other browser is logged out: its next page load lands on the log-in form
    there.goto("/account")
    there.wait_for_selector("form.login")
    assert "next=%2Faccount" in there.url
    log_in(there, "carol", "carols-new-password")
    assert here.js_errors == [] and there.js_errors == []


def test_chat_shows_text_only_with_dealer_lines_and_mute(browser: Any, server: Server) -> None:
    owner, guest = new_page(browser, server), new_page(browser, server)
    log_in(owner, "olga", "olgas-password", register=True)
    log_in(guest, "gus", "guss-password", register=True)
    made = owner.request.post("/api/tables", data={"game": "five-card-draw", "seats": 3})
    assert made.status == 201, made.text()
    table = made.json()["id"]
    for _ in range(2):
        assert owner.request.post(f"/api/tables/{table}/bots",
                                  data={"level": "house"}).status == 201
    owner.goto(f"/tables/{table}")
    guest.goto(f"/tables/{table}")
    owner.wait_for_selector("#chat-mode")
    guest.wait_for_selector("#chat-input")
    for page in (owner, guest):  # a choice made before the socket opens is not sent
        page.wait_for_selector(".status[data-status=online]")
    assert guest.locator("#chat-mode").count() == 0  # only the owner sets the chat
    wait_until(lambda: guest.is_disabled("#chat-input"), what="a spectator may not chat yet")
    assert "Only the players chat" in guest.inner_text("#chat-note")
    owner.select_option("#chat-mode", "everyone")
    wait_until(lambda: guest.is_enabled("#chat-input"), what="the guest may chat")
    payload = '<img src=x onerror="window.pwned=1"><b>bold</b> & co'
    owner.fill("#chat-input", payload)
    owner.press("#chat-input", "Enter")
    line = guest.locator(".chat-line[data-name=olga] .chat-text")
    line.wait_for()
    assert line.inner_text() == payload
    assert guest.locator("#chat-lines img, #chat-lines b").count() == 0
    assert guest.evaluate("window.pwned") is None
    guest.fill("#chat-input", "nice hand")
    guest.press("#chat-input", "Enter")
    owner.locator(".chat-line[data-name=gus]").wait_for()
    # the bots play: the dealer's lines come between the players' lines
    dealer = guest.locator(".chat-line.dealer", has_text=" with ")
    dealer.first.wait_for(timeout=30_000)
    said = dealer.first.inner_text()
    # the whole hand's name, as in "Flo wins 12 with Two pair, kings and nines" (a room bot
    # is shown by its readable name)
    assert re.search(r"^Dealer: [A-Z][a-z]+ wins \d+ with (High card, \w+-\w+ high|Pair of \w+"
                     r"|Two pair, \w+ and \w+|Three of a kind, \w+|Straight, \w+ high"
                     r"|Flush, \w+-\w+ high|Full house, \w+ full of \w+|Four of a kind, \w+"
                     r"|Straight flush, \w+ high|Royal flush)$", said), said
    screenshot(guest, "table-chat")
    guest.click(".chat-line[data-name=olga] .chat-mute")
    assert guest.locator(".chat-line[data-name=olga]").count() == 0
    assert "Unmute olga" in guest.inner_text("#chat-muted")
    assert owner.locator(".chat-line[data-name=olga]").count() == 1  # muting is the guest's own
    assert owner.js_errors == [] and guest.js_errors == []
    # a reloaded page is sent what was said before, once
    owner.reload()
    owner.locator(".chat-line[data-name=gus]").wait_for()
    assert owner.locator(".chat-line[data-name=olga] .chat-text").all_inner_texts() == [payload]
    assert owner.locator(".chat-line[data-name=gus] .chat-text").all_inner_texts() == [
        "nice hand"]
    assert owner.js_errors == []


def test_chat_goes_on_in_an_open_page_after_the_server_restarts(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # The restarted table numbers its lines from 1 again: the page must not take the new
    # first line for the one it showed before the restart.
    folder = tmp_path_factory.mktemp("chat-restart")
    srv = Server(f"sqlite:///{folder / 'room.db'}", log=folder / "server.log").start()
    try:
        page = new_page(browser, srv)
        log_in(page, "rhea", "rheas-password", register=True)
        made = page.request.post("/api/tables", data={"game": "five-card-draw", "seats": 3})
        assert made.status == 201, made.text()
        page.goto(f"/tables/{made.json()['id']}")
        page.wait_for_selector(".status[data-status=online]")
        page.click("button[data-action=sit]")
        page.click("button[data-action=confirm-sit]")
        page.wait_for_selector(".seat.you")
        lines = page.locator(".chat-line[data-name=rhea] .chat-text")
        for text in ("before", "and again"):
            page.fill("#chat-input", text)
            page.press("#chat-input", "Enter")
            def said(text: str = text) -> bool:
                return text in lines.all_inner_texts()

            wait_until(said, what=f"'{text}' said")

        srv.stop()
        page.wait_for_selector(".status[data-status=reconnecting]")
        srv.start()
        page.wait_for_selector(".status[data-status=online]", timeout=30_000)
        page.wait_for_selector(".seat.you")
        wait_until(lambda: page.is_enabled("#chat-input"), what="rhea may chat again")
        page.fill("#chat-input", "after")
        page.press("#chat-input", "Enter")
        wait_until(lambda: lines.all_inner_texts() == ["before", "and again", "after"],
                   what="the line said after the restart shown, each line once")
        assert page.js_errors == []
        page.context.close()
    finally:
        srv.stop()


def test_lobby_filters_sort_and_a_waiting_list_seat_taken(browser: Any, server: Server) -> None:
    import json

    import httpx
    from websockets.sync.client import connect

    page = new_page(browser, server)
    log_in(page, "wendy", "wendys-password", register=True)
    specs = [
        {"game": "five-card-draw", "structure": "no-limit", "stakes": "1/2", "seats": 2},
        {"game": "deuce-to-seven-triple-draw", "structure": "fixed-limit", "stakes": "10/20"},
        {"game": "seven-card-draw", "structure": "pot-limit", "stakes": "5/10"},
    ]
    ids = []
    for spec in specs:
        made = page.request.post("/api/tables", data=spec)
        assert made.status == 201, made.text()
        ids.append(made.json()["id"])
    small = ids[0]
    assert page.request.post(f"/api/tables/{small}/bots", data={"level": "house"}).status == 201
    # a filler takes the last seat of the small table over his own WebSocket
    filler = httpx.Client(base_url=server.base, timeout=10)
    filler.post("/api/accounts", json={"name": "filler", "password": "fillers-password"})
    cookie = "; ".join(f"{k}={v}" for k, v in filler.cookies.items())
    held = contextlib.ExitStack()
    socket = held.enter_context(connect(server.base.replace("http", "ws") + "/ws",
                                        additional_headers={"Cookie": cookie}))
    socket.send(json.dumps({"type": "sit", "table": small, "seat": 1, "buy_in": 100}))

    def rows() -> list[int]:
        return [int(r) for r in page.locator("table.lobby tbody tr").evaluate_all(
            "rows => rows.map(r => r.dataset.table).filter(Boolean)")]

    page.goto("/")
    page.wait_for_selector(f"tr[data-table='{small}'] button[data-wait]")
    page.select_option("#filter-sort", "stakes")
    page.select_option("#filter-order", "desc")
    wait_until(lambda: [i for i in rows() if i in ids] == [ids[1], ids[2], small],
               what="tables by stakes, highest first")
    assert "sort=stakes" in page.url and "order=desc" in page.url
    page.fill("#filter-min", "5")
    page.dispatch_event("#filter-min", "change")
    wait_until(lambda: small not in rows(), what="the 1/2 table filtered out")
    page.select_option("#filter-game", "seven-card-draw")
    wait_until(lambda: [i for i in rows() if i in ids] == [ids[2]], what="seven-card draw only")
    screenshot(page, "lobby-filters")
    page.goto("/")
    page.check("#filter-hide-empty")
    wait_until(lambda: ids[1] not in rows() and small in rows(), what="empty tables hidden")

    page.click(f"tr[data-table='{small}'] button[data-wait]")
    page.wait_for_selector(f"[data-waiting='{small}']")
    assert "number 1 on the waiting list" in page.inner_text("#waiting")
    socket.send(json.dumps({"type": "leave", "table": small}))
    page.wait_for_selector("#take-seat")
    assert f"Table {small}: seat 2 is yours if you take it in" in page.inner_text("#waiting")
    screenshot(page, "lobby-seat-offered")
    page.click("#take-seat")
    page.wait_for_url(f"**/tables/{small}")
    page.wait_for_selector(".seat[data-seat='1']", state="attached")
    wait_until(lambda: "wendy" in page.inner_text(".seat[data-seat='1']"),
               what="wendy seated in the offered seat")
    held.close()
    filler.close()
    assert page.js_errors == []


def test_the_statistics_page_after_hands_against_bots(browser: Any, server: Server) -> None:
    import asyncio
    import threading

    import httpx

    from .live import Player, passive_policy

    page = new_page(browser, server)
    log_in(page, "stan", "stans-password", register=True)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    http = httpx.Client(base_url=server.base, timeout=10, cookies=cookies)
    owner = httpx.Client(base_url=server.base, timeout=10)
    owner.post("/api/accounts", json={"name": "bothost", "password": "bothost-password"})
    table = owner.post("/api/tables", json={"game": "deuce-to-seven-triple-draw",
                                            "structure": "fixed-limit", "seats": 3}).json()["id"]
    for _ in range(2):
        owner.post(f"/api/tables/{table}/bots", json={"level": "normal"})

    async def play() -> None:
        player = Player(server, "stan", seed=5, http=http)
        player.policy = passive_policy
        await player.connect()
        await player.send(type="sit", table=table, buy_in=100)
        deadline = asyncio.get_running_loop().time() + 90
        while sum(h["status"] == "done" for h in http.get("/api/hands").json()["hands"]) < 5:
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.2)
        await player.send(type="leave", table=table)
        await player.wait_for(lambda f: f["type"] == "left", old=True, timeout=30)
        await player.close(http=False)

    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(play())
        except BaseException as error:  # reported below
            failures.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(120)
    assert not worker.is_alive() and failures == []
    stats = http.get("/api/me/stats").json()
    assert stats["hands"] >= 5
    page.goto("/account")
    page.click("#stats-link")
    page.wait_for_selector("#stats-plot polyline")
    assert page.inner_text("[data-figure=hands]") == str(stats["hands"])
    net = stats["net"]
    assert page.inner_text("[data-figure=net]") == (f"+{net}" if net > 0 else str(net))
    assert page.inner_text("[data-figure=vpip]") == f"{stats['vpip']:.1f}%"
    points = page.get_attribute("#stats-plot polyline", "data-points")
    assert points == str(len(stats["series"]))
    assert "2-7 Triple Draw\tFixed limit" in page.inner_text("#stats-table")
    screenshot(page, "stats-page")
    # the same rounds in big blinds per 100 hands: the server's running figure, point by point
    page.select_option("#stats-unit", "bb_per_100")
    page.wait_for_selector("#stats-plot[data-unit=bb_per_100]")
    last = stats["series"][-1]["bb_per_100"]
    assert last == stats["bb_per_100"]
    assert float(page.get_attribute("#stats-plot polyline", "data-last") or "nan") == last
    assert page.get_attribute("#stats-plot polyline", "data-points") == str(len(stats["series"]))
    assert "unit=bb_per_100" in page.url
    screenshot(page, "stats-bb100")
    page.select_option("#stats-game", "seven-card-draw")
    page.wait_for_selector("#stats-plot-empty")
    assert page.inner_text("[data-figure=hands]") == "0" and "game=seven-card-draw" in page.url
    assert page.get_attribute("#stats-csv", "href") == "/api/me/stats/csv?game=seven-card-draw"
    http.close()
    owner.close()
    assert page.js_errors == []


def _play_hands(server: Server, http: Any, games: list[str]) -> dict[str, dict[str, Any]]:
    """Seat the page's player (over his own WebSocket, in a thread) at a table of each game
    with two bots until each table has a finished hand in which he drew; that hand's record
    (``GET /api/hands/{id}``) of each.

    A hand is picked by what its record holds, not by its place in the list: the hand he
    leaves in the middle of, or one the bots fold to his blind, has no draw of his."""
    import asyncio
    import threading

    import httpx

    from .live import Player, passive_policy

    with httpx.Client(base_url=server.base, timeout=10) as owner:
        owner.post("/api/accounts", json={"name": "dealer", "password": "dealer-password"})
        owner.post("/api/session", json={"name": "dealer", "password": "dealer-password"})
        tables = {}
        for game in games:
            tables[game] = owner.post("/api/tables", json={"game": game, "seats": 3}).json()["id"]
            for _ in range(2):
                owner.post(f"/api/tables/{tables[game]}/bots", json={"level": "normal"})
    found: dict[str, dict[str, Any]] = {}
    seen: set[int] = set()

    async def play() -> None:
        player = Player(server, "rita", seed=9, http=http)
        player.policy = passive_policy
        await player.connect()
        for table in tables.values():
            await player.send(type="sit", table=table, buy_in=100)
        deadline = asyncio.get_running_loop().time() + 90
        while len(found) < len(tables):
            assert asyncio.get_running_loop().time() < deadline
            for game, table in tables.items():
                for row in http.get(f"/api/hands?table={table}").json()["hands"]:
                    if game in found or row["status"] != "done" or row["id"] in seen:
                        continue
                    seen.add(row["id"])
                    record = http.get(f"/api/hands/{row['id']}").json()
                    if any(e["kind"] == "discard" and e.get("seat") == record["you"]
                           for e in record["events"]):
                        found[game] = record
            await asyncio.sleep(0.2)
        for table in tables.values():
            await player.send(type="leave", table=table)
        await player.close(http=False)

    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(play())
        except BaseException as error:  # reported below
            failures.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(120)
    assert not worker.is_alive() and failures == []
    return found


def _my_cards_after(record: dict[str, Any], steps: int) -> list[str]:
    """The viewer's cards after the first ``steps`` events of his record."""
    cards: list[str] = []
    for event in record["events"][:steps]:
        if event.get("seat") != record["you"]:
            continue
        if event["kind"] == "deal":
            cards += event.get("cards", [])
        elif event["kind"] == "discard":
            cards = [c for c in cards if c not in event.get("cards", [])] + event.get("drawn", [])
        elif event["kind"] == "show":
            cards = list(event.get("cards", []))
    return cards


def test_the_replayer_steps_triple_draw_and_seven_card_hands(browser: Any, server: Server) -> None:
    import httpx

    page = new_page(browser, server)
    log_in(page, "rita", "ritas-password", register=True)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    with httpx.Client(base_url=server.base, timeout=10, cookies=cookies) as http:
        records = _play_hands(server, http, ["deuce-to-seven-triple-draw", "seven-card-draw"])
    for game, record in records.items():
        hand = record["hand"]
        me = record["you"]
        steps = len(record["events"])
        page.goto(f"/replay/{hand}")
        page.wait_for_selector("#replay-table .replay-seat")

        def shown(seat: int) -> list[str]:
            return [str(c) for c in page.locator(
                f"[data-replay-seat='{seat}'] .card.face").evaluate_all(
                "cards => cards.map(c => c.dataset.card)")]

        assert page.inner_text("#replay-counter") == f"step 0 of {steps}"
        assert shown(me) == [] and page.is_disabled("#replay-back")
        page.click("#replay-end")
        assert sorted(shown(me)) == sorted(_my_cards_after(record, steps)), game
        for seat in range(len(record["names"])):  # others: only cards shown at the showdown
            if seat == me:
                continue
            showed = [c for e in record["events"] if e["kind"] == "show"
                      and e.get("seat") == seat for c in e.get("cards", [])]
            assert sorted(shown(seat)) == sorted(showed), (game, seat)
        discard = next(i for i, e in enumerate(record["events"])
                       if e["kind"] == "discard" and e.get("seat") == me)
        page.click("#replay-start")  # step to just before and after his first draw
        for _ in range(discard):
            page.press("body", "ArrowRight")
        assert page.inner_text("#replay-counter") == f"step {discard} of {steps}"
        assert sorted(shown(me)) == sorted(_my_cards_after(record, discard))
        page.click("#replay-next")
        assert page.inner_text("#replay-counter") == f"step {discard + 1} of {steps}"
        assert sorted(shown(me)) == sorted(_my_cards_after(record, discard + 1))
        page.click("#replay-back")
        assert page.inner_text("#replay-counter") == f"step {discard} of {steps}"
        assert sorted(shown(me)) == sorted(_my_cards_after(record, discard))
        if game == "deuce-to-seven-triple-draw":
            page.click("#replay-end")
            screenshot(page, "replay-triple-draw")
            page.click("#replay-share")
            page.wait_for_function(
                "document.getElementById('replay-link').value.includes('/shared/')")
            link = page.input_value("#replay-link")
            assert "/shared/" in link
            stranger = new_page(browser, server)
            stranger.goto(link)
            stranger.wait_for_selector("#replay-table .replay-seat")
            assert "as rita saw it" in stranger.inner_text("h1")
            stranger.click("#replay-end")
            assert stranger.inner_text("#replay-counter") == f"step {steps} of {steps}"
            assert sorted(str(c) for c in stranger.locator(".card.face").evaluate_all(
                "cards => cards.map(c => c.dataset.card)")) == sorted(
                str(c) for c in page.locator(".card.face").evaluate_all(
                    "cards => cards.map(c => c.dataset.card)"))
            assert stranger.js_errors == []
    assert page.js_errors == []
