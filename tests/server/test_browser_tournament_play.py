"""A sit-and-go played through the pages in headless Chromium against a real ``standpat
serve``: a person registers on the tournament's page, is taken to his table, plays it out
with five house bots (the table page shows the tournament's line: its name, the level and
blinds, the time to the next level, the players left; no seat to take or leave), and the
tournament's page shows the places and prizes.  A player the tournament moves follows to his
new table without a click.  Screenshots at 1366x768 and 390x844 in build/screens/."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standpat.store import Store
from standpat.tournament import Level, Structure, TournamentSpec

from .browser import Relay, click_now, launch_chromium, open_page, web_args
from .live import FAST, PATIENCE, Server

pytestmark = pytest.mark.slow

SCREENS = Path(__file__).resolve().parents[2] / "build" / "screens"
STRUCTURE = Structure("quick", tuple(Level(5 * 2**i, 10 * 2**i) for i in range(14)), 6.0, 400)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("sng")
    srv = Server(f"sqlite:///{folder / 'room.db'}", *FAST, "--demo-tables", "1", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()
    assert "Traceback" not in (folder / "server.log").read_text()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def _sit_and_go(server: Server) -> int:
    """A sit-and-go of six with five house bots in: the person fills it."""
    store = Store(server.db)
    try:
        spec = TournamentSpec(f"Quick {uuid.uuid4().hex[:4]}", STRUCTURE, seats=6, buy_in=100,
                              fee=10, max_entrants=6)
        tid = store.tournaments.create(spec, game="five-card-draw", betting="no-limit")
        for n in range(5):
            bot = store.accounts.create(f"bot-S{n}-{uuid.uuid4().hex[:8]}", None, bot=True,
                                        grant=110)
            store.tournaments.register(tid, bot.id)
        return tid
    finally:
        store.close()


def _shot(page: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))
    wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"{name}: the page is {wide[0]} px wide in {wide[1]}"


def _status(page: Any, tid: int) -> str:
    return str(page.request.get(f"/api/tournaments/{tid}").json()["status"])


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["wide", "phone"])
def test_a_sit_and_go_played_through_the_pages(browser: Any, server: Server,
                                               size: tuple[int, int]) -> None:
    tid = _sit_and_go(server)
    page = open_page(browser, server.base, width=size[0], height=size[1])
    relay = Relay(page, ".table-page")
    name = f"p{uuid.uuid4().hex[:10]}"
    assert page.request.post("/api/accounts",
                             data={"name": name, "password": f"{name}-pw-1"}).status == 201
    page.goto(f"/tournaments/{tid}")
    page.get_by_role("button", name="Register").click()
    # the field is full: the room starts it, and his page offers his table
    page.get_by_role("link", name="Take me to my table").click(timeout=30_000 * PATIENCE)
    page.wait_for_url(re.compile(r".*/tables/\d+$"))
    table = int(page.url.rsplit("/", 1)[1])
    line = page.locator("[data-tournament]")
    line.wait_for()
    text = line.inner_text()
    assert re.search(r"Quick \w+ · Level \d+ · blinds \d+/\d+", text), text
    assert re.search(r"(next level in|on a break: play resumes in) \d+:\d\d", text), text
    assert re.search(r"\d of 6 left", text), text
    # his place by chips, and at the final table (a sit-and-go's only table) each seat's
    # ICM equity: the prize pool shared out by the stacks
    assert re.search(r"you: place [1-6] of [2-6] by chips", text), text
    page.locator(".badge.icm").first.wait_for()
    icm = [int(v) for v in page.locator(".badge.icm").evaluate_all(
        "els => els.map(e => e.dataset.icm)")]
    assert len(icm) >= 2 and abs(sum(icm) - 600) <= len(icm), icm
    # a tournament seats its players: no seat to take, no bot to add, no seat to leave
    assert page.locator("button[data-action=sit], button[data-action=bot]").count() == 0
    assert page.locator("button[data-action=leave], button[data-action=sit-out]").count() == 0
    _shot(page, f"sng-table-{size[0]}x{size[1]}")
    if size[0] > 1000:
        # a player the tournament moves is taken to his new table (the room's message, as
        # the room sends it, to the table page he has open); then back to his own
        demo = min(t["id"] for t in page.request.get("/api/tables").json()["tables"]
                   if t.get("tournament") is None)
        relay.inject({"v": 1, "type": "left", "table": table, "seat": 0, "reason": "moved",
                      "to": demo})
        page.wait_for_url(f"**/tables/{demo}")
        page.goto(f"/tables/{table}")
        page.locator("[data-tournament]").wait_for()
    # he plays it out: stands pat, checks or calls whatever he is asked
    deadline = time.monotonic() + 240 * PATIENCE
    out = page.get_by_text("You are out of the tournament.")
    closed = page.get_by_text("The tournament closed this table.")
    while not (out.count() or closed.count()):
        assert time.monotonic() < deadline, "the sit-and-go did not end"
        for selector in ("button[data-action=stand-pat]",
                         ".bet-controls button[data-action=check], "
                         ".bet-controls button[data-action=call]"):
            if page.locator(selector).count():
                click_now(page, selector)
        page.wait_for_timeout(100)
    if closed.count():
        _shot(page, f"sng-won-{size[0]}x{size[1]}")
    page.get_by_role("link", name="The tournament's page").first.click()
    page.wait_for_url(f"**/tournaments/{tid}")
    deadline = time.monotonic() + 240 * PATIENCE
    while _status(page, tid) != "finished":
        assert time.monotonic() < deadline, "the bots did not finish it"
        page.wait_for_timeout(200)
    page.reload()
    page.locator("text=finished").first.wait_for()
    mine = page.locator("tr.my-entry")
    mine.wait_for()
    assert re.search(r"\b[1-6](st|nd|rd|th)\b", mine.inner_text()), mine.inner_text()
    _shot(page, f"sng-finished-{size[0]}x{size[1]}")
    assert page.js_errors == []
