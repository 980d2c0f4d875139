"""A mixed table in headless Chromium, against a real ``standpat serve``: the lobby and the
table's header name the mix, and the header's line of the next hands follows the rotation as
the room deals (two bots play, a person watches), in English and Spanish, at 1366x768 and on
a 390x844 phone (screenshots in build/screenshots/)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from standpat.engine import GameName

from .browser import launch_chromium, open_page, screenshot, wait_until, web_args
from .live import Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

WEB = Path(__file__).resolve().parents[2] / "src" / "standpat" / "server" / "web"
GAMES = ["deuce-to-seven-triple-draw", "five-card-draw", "seven-card-draw"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("mixed")
    srv = Server(f"sqlite:///{folder / 'room.db'}", "--bot-delay", "0.02",
                 "--between-hands", "0.2", "--demo-tables", "0", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.mark.parametrize(("size", "locale", "mixed", "upcoming"), [
    ((1366, 768), "en", "Mixed: 2-7 Triple Draw / Five Card Draw / Seven Card Draw",
     "Next: {count} × {game}, then {then}"),
    ((390, 844), "es", "Mixto: 2-7 triple descarte / ", "Próximas: {count} × {game}, luego {then}"),
])
def test_the_lobby_and_the_table_name_the_mix_and_follow_its_rotation(
        browser: Any, server: Server, size: tuple[int, int], locale: str, mixed: str,
        upcoming: str) -> None:
    page = open_page(browser, server.base, width=size[0], height=size[1],
                     locale={"en": "en-GB", "es": "es-ES"}[locale])
    name = f"m{uuid.uuid4().hex[:10]}"
    assert page.request.post("/api/accounts", data={"name": name,
                                                    "password": f"{name}-pw-1"}).status == 201
    made = page.request.post("/api/tables", data={"rotation": GAMES, "rotation_hands": 2,
                                                  "stakes": "2/4", "seats": 3})
    assert made.status == 201, made.text()
    table = int(made.json()["id"])
    page.goto("/")
    cell = page.locator(f'tr[data-table="{table}"] td').nth(1)
    cell.wait_for()
    assert cell.inner_text().startswith(mixed)
    words = json.loads((WEB / "i18n" / f"{locale}.json").read_text())
    titles = {g: words[f"game.{g}"] for g in GAMES}
    assert cell.locator(".rotation").inner_text() == upcoming.format(
        count=2, game=titles[GAMES[0]], then=titles[GAMES[1]])
    screenshot(page, f"mixed-lobby-{size[0]}x{size[1]}")
    for _ in range(2):
        seated = page.request.post(f"/api/tables/{table}/bots", data={"level": "easy"})
        assert seated.status == 201, seated.text()
    page.goto(f"/tables/{table}")
    header = page.locator(".table-head h1")
    header.wait_for()
    assert header.inner_text().startswith(mixed)
    line = page.locator(".table-head .rotation")
    seen: set[str] = set()

    def rotated() -> bool:
        if line.is_visible():
            seen.add(line.inner_text())
        return len(seen) >= 3

    wait_until(rotated, 60, "the rotation's line changing as hands are dealt")
    possible = {upcoming.format(count=count, game=titles[game], then=titles[GAMES[
        (GAMES.index(game) + 1) % 3]]) for count in (1, 2) for game in GAMES}
    assert seen <= possible, seen - possible
    centre = page.locator(".hand-number").inner_text()
    assert any(centre.endswith(f" · {title}") for title in titles.values()), centre
    screenshot(page, f"mixed-table-{size[0]}x{size[1]}")
    assert page.js_errors == []


def test_a_player_opens_a_mixed_table_from_the_lobby_form(browser: Any, server: Server) -> None:
    page = open_page(browser, server.base, width=1366, height=768)
    name = f"f{uuid.uuid4().hex[:10]}"
    assert page.request.post("/api/accounts", data={"name": name,
                                                    "password": f"{name}-pw-1"}).status == 201
    page.goto("/")
    page.select_option("#new-game", "mixed")
    boxes = page.locator("fieldset.mix input[type=checkbox]")
    assert boxes.count() == len(GameName)  # every poker game, the first three ticked
    for i in range(len(GameName)):
        wanted = boxes.nth(i).get_attribute("value") in ("five-card-draw-7a",
                                                         "deuce-to-seven-triple-draw")
        if wanted != boxes.nth(i).is_checked():
            boxes.nth(i).click()
    assert page.locator("#new-seats").get_attribute("max") == "5"  # 7-A deals to five at most
    page.fill("#new-rotation-hands", "3")
    screenshot(page, "mixed-form-1366x768")
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url("**/tables/*")
    table = int(page.url.rsplit("/", 1)[1])
    line = page.request.get(f"/api/tables/{table}").json()
    assert line["rotation"]["games"] == ["five-card-draw-7a", "deuce-to-seven-triple-draw"]
    assert line["rotation"]["hands"] == 3 and line["seats"] == 5
    # a single game ticked is refused on the page, before anything is sent
    page.goto("/")
    page.select_option("#new-game", "mixed")
    for i in range(5):
        if boxes.nth(i).is_checked():
            boxes.nth(i).click()
    boxes.nth(0).click()
    page.locator("form.create button[type=submit]").click()
    page.get_by_text("Choose at least two games for a mixed table.").wait_for()
    assert page.url.endswith("/")
    assert page.js_errors == []
