"""The tournament pages in headless Chromium, against a real ``standpat serve`` whose database
holds tournaments made through the store: the lobby's Tournaments tab, a tournament's page
(structure, entrants, prizes), registering and unregistering with the bankroll moving, a
refusal's message, the log-in link, the Spanish page, and the fields the live tournament
service will add (a canned answer through ``page.route``). Screenshots in build/screens/."""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from standpat.store import Store
from standpat.tournament import TournamentSpec, shipped

from .browser import launch_chromium, open_page, wait_until, web_args
from .live import Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

SCREENS = Path(__file__).resolve().parents[2] / "build" / "screens"
SIZES = [(1366, 768), (390, 844)]
RAW_KEY = re.compile(r"\b(?:tournament|lobby|structure|game|error)\.[A-Za-z]")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tournaments")
    srv = Server(f"sqlite:///{folder / 'room.db'}", "--demo-tables", "0", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.fixture(scope="module")
def made(server: Server) -> Iterator[dict[str, Any]]:
    """Tournaments in the room's database: a sit-and-go, a scheduled one with late
    registration and re-entries, one too dear for a new bankroll, and one finished and paid
    (ann first, bob second, cat third)."""
    store = Store(server.db)
    tag = uuid.uuid4().hex[:6]
    sng = store.tournaments.create(
        TournamentSpec("Turbo six", shipped("turbo"), seats=6, buy_in=100, fee=10,
                       max_entrants=6), game="five-card-draw", betting="no-limit")
    starts = (datetime.now(UTC) + timedelta(days=2)).replace(microsecond=0)
    sunday = store.tournaments.create(
        TournamentSpec("Sunday deep", shipped("deep"), seats=5, buy_in=500, fee=50,
                       late_levels=4, reentries=1),
        game="deuce-to-seven-triple-draw", betting="fixed-limit", starts_at=starts)
    dear = store.tournaments.create(
        TournamentSpec("High roller", shipped("regular"), seats=6, buy_in=50_000, fee=500,
                       max_entrants=6), game="badugi", betting="pot-limit")
    names = [f"{n}{tag}" for n in ("ann", "bob", "cat")]
    players = [store.accounts.create(n, "correct horse", grant=1000) for n in names]
    done = store.tournaments.create(
        TournamentSpec("Three-way", shipped("turbo"), seats=3, buy_in=100, fee=10,
                       max_entrants=3), game="five-card-draw", betting="no-limit")
    entries = [store.tournaments.register(done, p.id) for p in players]
    store.tournaments.start(done)
    store.tournaments.bust(entries[2].id, 3)
    store.tournaments.bust(entries[1].id, 2)
    store.tournaments.pay(done)
    yield {"sng": sng, "sunday": sunday, "dear": dear, "done": done, "names": names,
           "starts": starts}
    store.close()


def shot(page: Any, name: str) -> None:
    """Save the whole page as build/screens/<name>.png; the page never scrolls sideways."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"{name}: the page is {wide[0]} px wide in {wide[1]}"


def player(browser: Any, server: Server, size: tuple[int, int] = (1366, 768),
           locale: str = "en-GB") -> tuple[Any, str]:
    """A page logged in as a new player (10,000 chips), and his name."""
    page = open_page(browser, server.base, width=size[0], height=size[1], locale=locale)
    name = f"p{uuid.uuid4().hex[:10]}"
    made = page.request.post("/api/accounts", data={"name": name, "password": f"{name}-pw-1"})
    assert made.status == 201, made.text()
    return page, name


def bankroll(page: Any) -> int:
    return int(page.request.get("/api/me").json()["bankroll"])


def cells(row: Any) -> list[str]:
    return [c.strip() for c in row.locator("td").all_inner_texts()]


@pytest.mark.parametrize("size", SIZES, ids=["wide", "phone"])
def test_the_tournaments_tab_lists_them_and_keeps_its_address(
        browser: Any, server: Server, made: dict[str, Any], size: tuple[int, int]) -> None:
    page, _ = player(browser, server, size)
    page.goto("/")
    page.locator("table.lobby caption").get_by_text("Tables").wait_for()
    page.locator("a[data-tab=tournaments]").click()
    page.wait_for_url("**/tournaments")
    sng = page.locator(f'tr[data-tournament="{made["sng"]}"]')
    sng.wait_for()
    texts = cells(sng)
    assert texts[:3] + texts[4:] == ["Turbo six", "Five Card Draw · No limit", "100 + 10",
                                     "Sit & Go", "registering"]
    assert re.fullmatch(r"\d of 6", texts[3]), texts[3]
    sunday = cells(page.locator(f'tr[data-tournament="{made["sunday"]}"]'))
    when = page.evaluate("iso => new Date(iso).toLocaleString('en', {dateStyle: 'medium',"
                         " timeStyle: 'short'})", made["starts"].isoformat())
    assert sunday[1:] == ["2-7 Triple Draw · Fixed limit", "500 + 50", "0", when, "registering"]
    assert str(made["starts"].year) in when
    # a finished tournament is not in the lobby; every line links to its page
    assert page.locator(f'tr[data-tournament="{made["done"]}"]').count() == 0
    link = sng.locator("a")
    assert link.get_attribute("href") == f"/tournaments/{made['sng']}"
    assert page.locator("a[data-tab=tournaments]").get_attribute("aria-current") == "page"
    shot(page, f"tournaments-tab-{size[0]}x{size[1]}")
    link.click()
    page.wait_for_url(f"**/tournaments/{made['sng']}")
    page.locator("#tournament-title").get_by_text("Turbo six").wait_for()
    page.go_back()
    page.wait_for_url("**/tournaments")
    sng.wait_for()
    page.go_back()
    page.wait_for_url(re.compile(r"/$"))
    page.locator("table.lobby caption").get_by_text("Tables").wait_for()
    assert page.locator("a[data-tab=ring]").get_attribute("aria-current") == "page"
    # the address opens the tab directly
    page.goto("/tournaments")
    sng.wait_for()
    assert page.js_errors == []
    page.context.close()


def test_the_tab_says_when_there_are_none(browser: Any, server: Server) -> None:
    page, _ = player(browser, server)
    page.route("**/api/tournaments", lambda route: route.fulfill(json={"tournaments": []}))
    page.goto("/tournaments")
    page.locator("#tournaments td.empty").get_by_text(
        "No tournaments are open for registration or running now.").wait_for()
    assert page.js_errors == []
    page.context.close()


def test_a_finished_tournament_shows_structure_entrants_and_prizes(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page, _ = player(browser, server)
    page.goto(f"/tournaments/{made['done']}")
    page.locator("#tournament-title").get_by_text("Three-way").wait_for()
    assert page.locator(".t-facts").inner_text() == "Five Card Draw · No limit · finished"
    figures = {f: page.locator(f'[data-figure="{f}"]').inner_text()
               for f in ("buy-in", "pool", "entrants", "start", "stack", "seats")}
    assert figures == {"buy-in": "100 + 10", "pool": "300", "entrants": "3 of 3",
                       "start": "Sit & Go", "stack": "1,500", "seats": "3"}
    assert page.locator('[data-figure="late"], [data-figure="reentries"]').count() == 0
    # the turbo structure: 30 levels of 5 minutes, a break of 3 minutes after level 12 and 24
    levels = page.locator("#tournament-levels tbody tr[data-level]")
    assert levels.count() == 30
    assert cells(levels.nth(0)) == ["1", "10/20", "-", "5 min"]
    assert cells(levels.nth(6))[:3] == ["7", "50/100", "10"]
    assert cells(levels.nth(29))[:3] == ["30", "10,000/20,000", "2,500"]
    breaks = page.locator("#tournament-levels tr.t-break")
    assert breaks.all_inner_texts() == ["Break: 3 min", "Break: 3 min"]
    ann, bob, cat = made["names"]
    rows = [cells(page.locator("#tournament-entries tbody tr").nth(i)) for i in range(3)]
    assert rows == [[ann, "winner", "1st", "300"], [bob, "out", "2nd", "0"],
                    [cat, "out", "3rd", "0"]]
    assert page.locator("#prize-list li").all_inner_texts() == [f"1st {ann} 300 chips"]
    # finished: nobody registers, and the page does not keep asking
    assert page.locator("#tournament-action").inner_text() == "Registration is closed."
    assert page.js_errors == []
    page.context.close()


def test_a_scheduled_tournament_shows_late_registration_reentries_and_the_pool(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page, _ = player(browser, server)
    page.goto(f"/tournaments/{made['sunday']}")
    page.locator("#tournament-title").get_by_text("Sunday deep").wait_for()
    assert page.locator('[data-figure="late"]').inner_text() == "4"
    assert page.locator('[data-figure="reentries"]').inner_text() == "1"
    assert page.locator('[data-figure="stack"]').inner_text() == "10,000"
    assert cells(page.locator("#tournament-levels tbody tr").nth(0))[3] == "20 min"
    assert page.locator("#tournament-levels tr.t-break").first.inner_text() == "Break: 10 min"
    assert page.locator("#prize-pool").inner_text().startswith("The prize pool holds 0 chips")
    assert page.locator("#tournament-entrants").get_by_text("Nobody has registered yet.").count()
    assert page.locator("#tournament-live").is_hidden()  # no live fields: no live section
    assert page.locator("#take-me").count() == 0
    assert page.js_errors == []
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["wide", "phone"])
def test_register_and_unregister_move_the_bankroll(
        browser: Any, server: Server, made: dict[str, Any], size: tuple[int, int]) -> None:
    page, name = player(browser, server, size)
    before = bankroll(page)
    page.goto(f"/tournaments/{made['sng']}")
    register = page.locator("#tournament-register")
    assert register.inner_text() == "Register (110 chips)"
    register.click()
    page.locator("#tournament-unregister").wait_for()
    assert bankroll(page) == before - 110
    assert page.locator("#tournament-action .t-note").inner_text() == "You are registered."
    mine = page.locator("#tournament-entries tbody tr.my-entry")
    assert cells(mine) == [f"{name} · you", "registered"]  # no place or prize yet
    assert page.locator('[data-figure="pool"]').inner_text() == "100"
    # the top bar's bankroll follows
    page.locator("#account-link").get_by_text(str(before - 110)).wait_for()
    shot(page, f"tournament-page-{size[0]}x{size[1]}")
    page.locator("#tournament-unregister").click()
    register.wait_for()
    assert bankroll(page) == before
    assert page.locator("#tournament-entries tbody tr.my-entry").count() == 0
    assert page.locator("#tournament-refusal").is_hidden()
    assert page.js_errors == []
    page.context.close()


def test_a_refused_registration_shows_the_apis_message(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page, _ = player(browser, server)
    before = bankroll(page)
    # what the API says to this player (nothing moves on a refusal)
    refused = page.request.post(f"/api/tournaments/{made['dear']}/register", data={})
    assert refused.status == 400
    message = refused.json()["error"]["message"]
    page.goto(f"/tournaments/{made['dear']}")
    page.locator("#tournament-register").click()
    shown = page.locator("#tournament-refusal")
    shown.wait_for()
    expected = page.evaluate("async (m) => (await import('/static/main.js')).readable(m)", message)
    assert shown.inner_text() == expected
    assert "50,500" in expected or "50500" in expected, expected
    assert bankroll(page) == before
    assert page.locator("#tournament-register").is_enabled()
    assert page.js_errors == []
    page.context.close()


def test_a_visitor_logs_in_to_register_and_comes_back(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page = open_page(browser, server.base, width=1366, height=768)
    page.goto(f"/tournaments/{made['sng']}")
    login = page.locator("#tournament-login")
    assert login.inner_text() == "Log in to register"
    assert login.get_attribute("href") == f"/login?next=%2Ftournaments%2F{made['sng']}"
    assert page.locator("#tournament-register").count() == 0
    login.click()
    page.wait_for_url("**/login?next=*")
    name = f"v{uuid.uuid4().hex[:10]}"
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", f"{name}-pw-1")
    page.locator("button[value=register]").click()
    page.wait_for_url(f"**/tournaments/{made['sng']}")
    page.locator("#tournament-register").wait_for()
    assert page.js_errors == []
    page.context.close()


def test_the_spanish_page_has_no_untranslated_text(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page, _ = player(browser, server, (390, 844), locale="es-ES")
    missing: list[str] = []
    page.on("console", lambda m: missing.append(m.text) if "missing message" in m.text else None)
    page.goto("/tournaments")
    page.locator(f'tr[data-tournament="{made["sng"]}"]').wait_for()
    assert page.locator("a[data-tab=tournaments]").inner_text() == "Torneos"
    text = page.locator("body").inner_text()
    assert "inscripción abierta" in text and not RAW_KEY.search(text), RAW_KEY.search(text)
    shot(page, "tournaments-tab-es-390x844")
    for key in ("done", "sunday"):
        page.goto(f"/tournaments/{made[key]}")
        page.locator("#tournament-levels").wait_for()
        text = page.locator("body").inner_text()
        assert "Estructura" in text and not RAW_KEY.search(text), RAW_KEY.search(text)
    page.goto(f"/tournaments/{made['done']}")
    page.locator("#prize-list").wait_for()
    assert page.locator("#prize-list li").first.inner_text().startswith("1.º ")
    page.goto(f"/tournaments/{made['sng']}")
    page.locator("#tournament-register").click()
    page.locator("#tournament-unregister").wait_for()
    text = page.locator("body").inner_text()
    assert "Estás inscrito." in text and not RAW_KEY.search(text)
    shot(page, "tournament-page-es-390x844")
    page.locator("#tournament-unregister").click()
    page.locator("#tournament-register").wait_for()
    assert missing == [] and page.js_errors == []
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["wide", "phone"])
def test_the_live_fields_show_the_level_clock_tables_and_my_table(
        browser: Any, server: Server, made: dict[str, Any], size: tuple[int, int]) -> None:
    page, name = player(browser, server, size)
    tid = made["sng"]
    canned = page.request.get(f"/api/tournaments/{tid}").json()
    canned |= {"status": "running", "registration_open": False, "entrants": 6, "alive": 5,
               "pool": 600, "tables": [{"id": 12, "number": 1, "players": 5}]}
    canned["entries"] = [
        {"id": 900 + i, "name": n, "number": 1, "status": "live", "place": None,
         "prize": None, "table": 12, "chips": chips}
        for i, (n, chips) in enumerate([(name, 3400), ("rival", 5600), ("third", 1500),
                                        ("fourth", 1500), ("fifth", 1000)])
    ] + [{"id": 905, "name": "sixth", "number": 1, "status": "busted", "place": 6,
          "prize": None, "table": None, "chips": 0}]
    begun = time.monotonic()
    asked: list[float] = []

    def answer(route: Any) -> None:
        asked.append(time.monotonic())
        left = 212.5 - (time.monotonic() - begun)  # the service's clock runs on
        level = {"number": 7, "small_blind": 50, "big_blind": 100, "ante": 10,
                 "seconds_left": left, "on_break": False}
        route.fulfill(json=canned | {"level": level})

    page.route(f"**/api/tournaments/{tid}", answer)
    page.goto(f"/tournaments/{tid}")
    take_me = page.locator("#take-me")
    take_me.wait_for()
    assert take_me.inner_text() == "Take me to my table"
    assert take_me.get_attribute("href") == "/tables/12"
    assert page.locator("#current-level").inner_text() == "Level 7: blinds 50/100, ante 10"
    shown = page.locator("#level-clock")
    first = int(shown.get_attribute("data-seconds") or 0)
    assert 200 <= first <= 213 and re.fullmatch(r"3:[0-3]\d", shown.inner_text())
    wait_until(lambda: int(shown.get_attribute("data-seconds") or 999) < first, 10,
               "the level's clock to tick down")
    assert page.locator("#tournament-tables a").get_attribute("href") == "/tables/12"
    assert page.locator("#tournament-tables a").inner_text() == "Table 1: 5 players"
    assert page.locator("#tournament-levels tr.current").get_attribute("data-level") == "7"
    heads = page.locator("#tournament-entries thead th").all_inner_texts()
    assert heads[-2:] == ["Chips", "Table"]
    mine = cells(page.locator("#tournament-entries tbody tr.my-entry"))
    assert heads == ["Player", "Status", "Place", "Chips", "Table"]  # no prize paid yet
    assert mine == [f"{name} · you", "in", "-", "3,400", "#12"]
    assert cells(page.locator("#tournament-entries tbody tr").nth(5))[-2:] == ["0", "-"]
    assert page.locator("#tournament-action").inner_text() == "You are playing in this tournament."
    shot(page, f"tournament-live-{size[0]}x{size[1]}")
    # the page asks again while it runs, and stops once left
    wait_until(lambda: page.evaluate("0") is not None and len(asked) >= 2, 20,
               "the page to read the tournament again")
    tables: list[str] = []
    page.on("request", lambda r: tables.append(r.url) if "/api/tables?" in r.url
            or r.url.endswith("/api/tables") else None)
    page.locator("a[href='/tournaments']").first.click()
    page.wait_for_url("**/tournaments")
    page.locator("a[data-tab=ring]").click()
    page.locator("table.lobby caption").get_by_text("Tables").wait_for()
    seen = len(asked)
    # the lobby reads its tables at once and again 5 s later; the tournament page, had it
    # gone on, would have asked within 5 s of its last answer, before that
    wait_until(lambda: page.evaluate("0") is not None and len(tables) >= 2, 20,
               "the lobby's second read")
    assert len(asked) == seen
    assert page.js_errors == []
    page.context.close()


def test_a_break_says_when_play_resumes_and_absent_fields_are_no_harm(
        browser: Any, server: Server, made: dict[str, Any]) -> None:
    page, _ = player(browser, server)
    tid = made["sunday"]
    canned = page.request.get(f"/api/tournaments/{tid}").json() | {
        "status": "running", "registration_open": False, "tables": None,
        "level": {"number": 4, "small_blind": 50, "big_blind": 100, "ante": 0,
                  "seconds_left": 65, "on_break": True}}
    page.route(f"**/api/tournaments/{tid}", lambda route: route.fulfill(json=canned))
    page.goto(f"/tournaments/{tid}")
    page.locator("#current-level").wait_for()
    assert page.locator("#current-level").inner_text() == "Break; then level 4: blinds 50/100"
    assert page.locator("#tournament-live p").nth(1).inner_text().startswith("Play resumes in 1:0")
    assert page.locator("#tournament-tables").count() == 0  # "tables": null
    assert page.locator("#take-me").count() == 0
    assert page.js_errors == []
    page.context.close()


def test_the_room_serves_the_page_for_the_tournament_paths(server: Server,
                                                            made: dict[str, Any]) -> None:
    import httpx

    for path in ("/tournaments", f"/tournaments/{made['sng']}"):
        answer = httpx.get(f"{server.base}{path}")
        assert answer.status_code == 200 and '<main id="view"' in answer.text
    assert json.loads(httpx.get(f"{server.base}/api/tournaments").text)["tournaments"]
