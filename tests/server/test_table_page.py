"""The table page on real screens (issue 16), in headless Chromium against ``standpat serve``.

At 1366x768, 1280x800, 1920x1080 and a 390x844 phone, a player opens a practice table (bots in
the other seats) of Five Card Draw 7-A, 2-7 Triple Draw and Seven Card Draw and plays a hand
through the page: at each of his turns every action control is inside the window, and no two
seat boxes, the winner banner and the street line overlap. The hint shows at his draw. Then the
pre-actions, the shortcut keys after the slider and a checkbox, the add-chips dialog and the
hand names in English and Spanish.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import CHROMIUM_ARGS, chromium_path, screenshot, wait_until
from .live import Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

SIZES = {"1366x768": (1366, 768), "1280x800": (1280, 800), "1920x1080": (1920, 1080),
         "phone-390x844": (390, 844)}
GAMES = [("five-card-draw-7a", "pot-limit"), ("deuce-to-seven-triple-draw", "no-limit"),
         ("seven-card-draw", "fixed-limit")]
ACTIONS = ("button[data-action], .controls button, .controls input, .seat-tools button, "
           ".pre-actions input, .my-hand .card")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real ``standpat serve`` for the module: quick bots, short pauses."""
    folder = tmp_path_factory.mktemp("table-page")
    srv = Server(
        f"sqlite:///{folder / 'room.db'}",
        "--bot-delay", "0.3", "--between-hands", "1.5", "--clock", "120", "--demo-tables", "0",
        log=folder / "server.log",
    ).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_page(browser: Any, server: Server, size: tuple[int, int], locale: str = "en-GB") -> Any:
    context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]},
                                  base_url=server.base)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def register(page: Any, name: str) -> None:
    page.goto("/")
    page.wait_for_selector("form.login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", f"{name}-password-1")
    page.click("button[value=register]")
    page.wait_for_selector("table.lobby")
    page.wait_for_function("document.getElementById('who').textContent.length > 0")


def open_practice_table(page: Any, game: str, structure: str, seats: int) -> int:
    """Open a table from the lobby's form, sit in seat 0 and fill the others with bots."""
    page.goto("/")
    page.wait_for_selector("form.create")
    page.select_option("#new-game", game)
    page.select_option("#new-structure", structure)
    page.fill("#new-seats", str(seats))
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    page.wait_for_selector(".status[data-status=online]")
    page.click("button[data-action=sit][data-seat='0']")
    page.click("button[data-action=confirm-sit]")
    page.wait_for_selector(".seat.you[data-seat='0']")
    for seat in range(1, seats):
        page.click(f"button[data-action=bot][data-seat='{seat}']")
        page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    return int(page.url.rsplit("/", 1)[1])


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return list(page.eval_on_selector_all(
        selector, "els => els.filter(e => e.offsetParent !== null)"
        ".map(e => ({...e.getBoundingClientRect().toJSON(), what: e.className}))"))


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def check_layout(page: Any, size: tuple[int, int], where: str) -> None:
    """Every action control inside the window; seats, banner and street line apart."""
    width, height = size
    for box in boxes(page, ACTIONS):
        assert box["left"] >= 0 and box["top"] >= 0, (where, box)
        assert box["right"] <= width + 0.5 and box["bottom"] <= height + 0.5, (where, box)
    apart = boxes(page, ".seat") + boxes(page, ".centre .winner, .centre .street")
    for i, a in enumerate(apart):
        for b in apart[i + 1:]:
            assert not overlap(a, b), (where, a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where


def play_one_hand(page: Any, size: tuple[int, int], name: str) -> set[str]:
    """Call or check to the end of a hand, drawing one card at each draw; return what was
    seen (``bet``, ``draw``, ``hint``, ``over``)."""
    seen: set[str] = set()
    start = page.evaluate("document.querySelector('.table-page').dataset.hand")
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, f"{name}: no end of hand; saw {seen}"
        data = page.evaluate("({...document.querySelector('.table-page').dataset})")
        if data.get("hand") and data["hand"] != start and data.get("phase") == "over" and seen:
            seen.add("over")
            wait_until(lambda: page.locator(".centre .winner").count(), 10, "the banner")
            check_layout(page, size, f"{name} over")
            screenshot(page, f"{name}-over")
            return seen
        if data.get("hand") == start and data.get("phase") == "over":
            start = None  # the previous hand's end: wait for the next
        if page.locator(".draw-controls").count():
            if "draw" not in seen:
                wait_until(lambda: page.locator(".hint-box:not([hidden]) li").count(), 15,
                           "the hint at the draw")
                seen.add("hint")
                check_layout(page, size, f"{name} draw")
                page.locator(".my-hand .card").nth(0).click()
                check_layout(page, size, f"{name} draw, a card selected")
                screenshot(page, f"{name}-draw")
            seen.add("draw")
            events = data.get("events")
            page.click("button[data-action=discard]" if page.locator(
                ".my-hand .card.selected").count() else "button[data-action=stand-pat]")
            wait_until(lambda: page.evaluate(
                "document.querySelector('.table-page').dataset.events") != events, 10, "the draw")
        elif page.locator(".bet-controls").count():
            if "bet" not in seen:
                check_layout(page, size, f"{name} bet")
                screenshot(page, f"{name}-bet")
            seen.add("bet")
            events = data.get("events")
            for action in ("check", "call"):
                button = page.locator(f".bet-controls button[data-action={action}]")
                if button.count():
                    button.click()
                    break
            wait_until(lambda: page.evaluate(
                "document.querySelector('.table-page').dataset.events") != events, 10, "the action")
        time.sleep(0.05)


@pytest.mark.parametrize("size_name", list(SIZES))
def test_a_hand_of_each_game_fits_the_screen(browser: Any, server: Server, size_name: str) -> None:
    size = SIZES[size_name]
    page = new_page(browser, server, size)
    register(page, f"fit{size[0]}")
    for game, structure in GAMES:
        open_practice_table(page, game, structure, 3 if size[0] < 500 else 4)
        page.wait_for_selector(".my-hand [data-card]", timeout=30_000)
        seen = play_one_hand(page, size, f"{size_name}-{game}")
        assert {"bet", "draw", "hint", "over"} <= seen, seen
        page.click("button[data-action=leave]")
        page.wait_for_selector("button[data-action=sit]", timeout=30_000)
    assert not page.js_errors, page.js_errors
    page.context.close()
