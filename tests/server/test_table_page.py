"""The table page on real screens (issue 16), in headless Chromium against ``standpat serve``.

At 1366x768, 1280x800, 1920x1080 and a 390x844 phone, a player opens a practice table (bots in
the other seats) of Five Card Draw 7-A, 2-7 Triple Draw and Seven Card Draw and plays a hand
through the page: at each of his turns every action control is inside the window, and no two
seat boxes, the winner banner and the street line overlap. The hint shows at his draw. Then the
pre-actions, the shortcut keys after the slider and a checkbox, the add-chips dialog and the
hand names in English and Spanish.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import SCREENSHOTS, Relay, click_now, launch_chromium, open_page, wait_until
from .live import PATIENCE, Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

SIZES = {"1366x768": (1366, 768), "1280x800": (1280, 800), "1920x1080": (1920, 1080),
         "phone-390x844": (390, 844)}
GAMES = [("five-card-draw-7a", "pot-limit"), ("deuce-to-seven-triple-draw", "no-limit"),
         ("seven-card-draw", "fixed-limit"), ("badugi", "fixed-limit")]
ACTIONS = ("button[data-action], .controls button, .controls input, .seat-tools button, "
           ".pre-actions input, .my-hand .card")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real ``standpat serve`` for the module: quick bots, short pauses."""
    folder = tmp_path_factory.mktemp("table-page")
    srv = Server(
        f"sqlite:///{folder / 'room.db'}",
        "--bot-delay", "0.3", "--between-hands", "1.5", "--clock", "120", "--demo-tables", "0",
        "--max-tables", str(len(GAMES)),  # each size leaves a table of each game open
        log=folder / "server.log",
    ).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def new_page(browser: Any, server: Server, size: tuple[int, int], locale: str = "en-GB") -> Any:
    return open_page(browser, server.base, width=size[0], height=size[1], locale=locale)


def screenshot(page: Any, name: str) -> None:
    """build/screenshots/<name>.png, with the page's motion played to its end."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


def register(page: Any, name: str) -> None:
    page.goto("/")
    page.wait_for_selector("form.login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", f"{name}-password-1")
    page.click("button[value=register]")
    page.wait_for_selector("table.lobby")
    page.wait_for_function("document.getElementById('who').textContent.length > 0")


def create_table(page: Any, game: str, seats: int, structure: str | None = None) -> None:
    """Open a table from the lobby's form (the form's structure unless ``structure``)."""
    page.goto("/")
    page.wait_for_selector("form.create")
    page.select_option("#new-game", game)
    if structure is not None:
        page.select_option("#new-structure", structure)
    page.fill("#new-seats", str(seats))
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))


def open_practice_table(page: Any, game: str, structure: str, seats: int) -> int:
    """Open a table from the lobby's form, sit in seat 0 and fill the others with bots."""
    create_table(page, game, seats, structure)
    page.wait_for_selector(".status[data-status=online]")
    page.click("button[data-action=sit][data-seat='0']")
    page.click("button[data-action=confirm-sit]")
    page.wait_for_selector(".seat.you[data-seat='0']")
    for seat in range(1, seats):
        page.click(f"button[data-action=bot][data-seat='{seat}']")
        page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    return int(page.url.rsplit("/", 1)[1])


def wait_events(page: Any, events: str | None, what: str) -> None:
    """Wait until the hand's event count moves on from ``events``."""
    wait_until(lambda: page.evaluate("document.querySelector('.table-page').dataset.events")
               != events, 10, what)


def table_events(page: Any) -> str | None:
    """The hand's event count the page shows now."""
    events: str | None = page.evaluate("document.querySelector('.table-page').dataset.events")
    return events


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
    deadline = time.monotonic() + 90 * PATIENCE
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
                # the odds' outcome names ("7-low", "8-badugi") read in the page's language
                if page.evaluate("document.documentElement.lang") != "en":
                    text = page.inner_text(".hint-box")
                    assert not re.search(r"\b[2-9TJQKA]-(low|badugi)\b", text), (name, text)
                check_layout(page, size, f"{name} draw")
                page.locator(".my-hand .card").nth(0).click()
                check_layout(page, size, f"{name} draw, a card selected")
                screenshot(page, f"{name}-draw")
            seen.add("draw")
            events = data.get("events")
            page.click("button[data-action=discard]" if page.locator(
                ".my-hand .card.selected").count() else "button[data-action=stand-pat]")
            wait_events(page, events, "the draw")
        elif page.locator(".bet-controls").count():
            if "bet" not in seen:
                check_layout(page, size, f"{name} bet")
                screenshot(page, f"{name}-bet")
            seen.add("bet")
            events = data.get("events")
            for action in ("check", "call"):
                selector = f".bet-controls button[data-action={action}]"
                if page.locator(selector).count():
                    # the turn may pass meanwhile (his clock, under load): look again
                    if click_now(page, selector):
                        wait_events(page, events, "the action")
                    break
        time.sleep(0.05)


@pytest.mark.parametrize("size_name", list(SIZES))
def test_a_hand_of_each_game_fits_the_screen(browser: Any, server: Server, size_name: str) -> None:
    size = SIZES[size_name]
    # the phone plays in Spanish: its longer words must fit too
    page = new_page(browser, server, size, locale="es-ES" if size[0] < 500 else "en-GB")
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


def test_hand_names_with_ranks_in_english_and_spanish(browser: Any, server: Server) -> None:
    """The structured hand values the server sends, named by the page in both languages."""
    page = new_page(browser, server, SIZES["1366x768"])
    page.goto("/login")
    page.wait_for_selector("form.login")
    values = [
        {"category": "three-of-a-kind", "key": "three-of-a-kind", "ranks": ["A"],
         "best": ["Ac", "Ad", "Ah", "9s", "2c"]},
        {"category": "high-card", "key": "low", "ranks": ["9", "8"],
         "best": ["9c", "8d", "6h", "4s", "2c"]},
        {"category": "flush", "key": "flush", "ranks": ["A", "K"],
         "best": ["Ac", "Kc", "9c", "5c", "2c"]},
        {"category": "full-house", "key": "full-house", "ranks": ["K", "7"],
         "best": ["Kc", "Kd", "Ks", "7h", "7c"]},
        {"category": "two-pair", "key": "two-pair", "ranks": ["6", "3"],
         "best": ["6c", "6d", "3s", "3h", "Ac"]},
        {"category": "pair", "key": "pair", "ranks": ["2"], "best": ["2c", "2d", "Ks", "Qh", "Jc"]},
        {"category": "straight-flush", "key": "royal-flush", "ranks": [],
         "best": ["Ac", "Kc", "Qc", "Jc", "Tc"]},
    ]
    names = page.evaluate("""async (values) => {
        const cards = await import('/static/cards.js');
        const i18n = await import('/static/i18n.js');
        const out = {};
        for (const lang of ['en', 'es']) {
            await i18n.setLanguage(lang);
            out[lang] = values.map((v) => cards.handName(v, 'high'));
        }
        return out;
    }""", values)
    assert names["en"] == [
        "Three of a kind, aces", "Nine-eight low", "Flush, ace-king high",
        "Full house, kings full of sevens", "Two pair, sixes and threes", "Pair of deuces",
        "Royal flush"]
    assert names["es"] == [
        "Trío de ases", "Nueve-ocho baja", "Color, as-rey", "Full de reyes con sietes",
        "Dobles parejas, seises y treses", "Pareja de doses", "Escalera real"]
    # /docs is a page listing the API, not a bare "Not Found"
    page.goto("/docs")
    page.wait_for_selector("table.endpoints tbody tr")
    assert "/api/tables" in page.inner_text("table.endpoints")
    assert not page.js_errors, page.js_errors
    page.context.close()


def seat_stack(page: Any) -> int:
    return int(page.get_attribute(".seat.you .stack", "data-stack") or -1)


def test_pre_actions_and_shortcut_keys_after_the_slider_and_a_checkbox(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, server, SIZES["1280x800"])
    register(page, "keys")
    open_practice_table(page, "five-card-draw", "no-limit", 3)
    log = page.locator(".log")
    done: set[str] = set()
    deadline = time.monotonic() + 150 * PATIENCE
    while done != {"pre-action", "checkbox-key", "slider-key"}:
        assert time.monotonic() < deadline, f"only {done}"
        data = page.evaluate("({...document.querySelector('.table-page').dataset})")
        pre = page.locator(".pre-actions input[data-pre=call-any]")
        if "pre-action" not in done and pre.count() and data.get("turn") == "no":
            actions = log.inner_text().count("keys ")
            try:
                pre.check(timeout=1000)
            except Exception:  # the turn came meanwhile: try again later
                continue
            # his turn comes and the page calls (or checks) for him: no click, no key
            def played(actions: int = actions) -> bool:
                return bool(log.inner_text().count("keys ") > actions or not page.locator(
                    ".pre-actions input[data-pre=call-any]:checked").count())

            wait_until(played, 30, "the pre-action played")
            acted = log.inner_text().count("keys ") > actions
            if acted and not page.locator(".bet-controls").count():
                assert re.search(r"keys (calls|checks)", log.inner_text())
                done.add("pre-action")
            continue
        if page.locator(".bet-controls").count():
            # read after seeing the controls: the hand stands still while it is his turn, so the
            # count moves only when he has acted (a count read before his turn showed moves on
            # the bot's action that gave him the turn)
            events = table_events(page)
            if "checkbox-key" not in done:
                box = page.locator("input[data-key=sound]")
                box.check()
                box.focus()  # the focus stays on the ticked box
                page.keyboard.press("c")
                wait_events(page, events, "c after ticking a checkbox")
                box.uncheck()
                done.add("checkbox-key")
            elif "slider-key" not in done and page.locator(".sizing input[type=range]").count():
                slider = page.locator(".sizing input[type=range]")
                box = slider.bounding_box()
                if box is None:  # the controls were redrawn between the count and the read
                    continue
                page.mouse.click(box["x"] + 5, box["y"] + box["height"] / 2)  # drag: focus on it
                assert page.evaluate("document.activeElement.type") == "range"
                page.keyboard.press("c")
                wait_events(page, events, "c after the slider")
                done.add("slider-key")
            else:
                if not click_now(page, ".bet-controls button[data-action=check], "
                                 ".bet-controls button[data-action=call]"):
                    continue
                wait_events(page, events, "act")
        elif page.locator(".draw-controls").count():
            events = table_events(page)
            if not click_now(page, "button[data-action=stand-pat]"):
                continue
            wait_events(page, events, "pat")
        time.sleep(0.05)
    assert page.title() in ("standpat", "\u25b6 Your turn · standpat")
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_add_chips_and_the_rebuy_dialog(browser: Any, server: Server) -> None:
    page = new_page(browser, server, SIZES["1366x768"])
    register(page, "rebuyer")
    create_table(page, "five-card-draw", 2)
    page.click("button[data-action=sit][data-seat='0']")
    page.click("button[data-action=confirm-sit]")
    page.wait_for_selector(".seat.you")
    before = seat_stack(page)
    # Add chips opens the page's dialog (no window.prompt), and the chips arrive.
    page.click("button[data-action=add-chips]")
    page.wait_for_selector("form.rebuy")
    page.fill("form.rebuy input", "5")
    page.click("button[data-action=confirm-chips]")
    wait_until(lambda: seat_stack(page) == before + 5, 10, "the added chips")
    assert not page.locator("form.rebuy").count()
    page.context.close()

    # A busted player: the table message says how long his seat is kept; the dialog opens by
    # itself and counts down (the server's message is rewritten on its way to the page).
    page = new_page(browser, server, SIZES["phone-390x844"])
    page.goto("/login")
    page.fill("input[name=name]", "rebuyer")
    page.fill("input[name=password]", "rebuyer-password-1")

    def busted(route: Any) -> None:
        upstream = route.connect_to_server()

        def down(text: str | bytes) -> None:
            body = json.loads(text)
            if body.get("type") == "table" and body.get("you"):
                body["you"]["rebuy_in"] = 42.0
                for seat in body["seats"]:
                    if seat["seat"] == body["you"]["seat"]:
                        seat["stack"] = 0
                        seat["sitting_out"] = True
            route.send(json.dumps(body))

        upstream.on_message(down)
        route.on_message(lambda text: upstream.send(text))

    page.route_web_socket(re.compile(r".*/ws$"), busted)
    page.click("button[type=submit][value=login]")
    page.wait_for_selector("table.lobby")
    page.locator("table.lobby tbody tr a").last.click()
    page.wait_for_selector("form.rebuy [data-rebuy-clock]")
    assert re.fullmatch(r"Your seat is kept for (4[0-2]|3\d) s",
                        page.inner_text("[data-rebuy-clock]"))
    check_layout(page, SIZES["phone-390x844"], "rebuy dialog")
    screenshot(page, "rebuy-phone")
    # a busted player's Sit in opens the same dialog rather than doing nothing
    page.click("button[data-action=sit-in]")
    assert page.locator("form.rebuy").count() == 1
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_a_check_pre_action_is_cleared_when_the_bet_changes(browser: Any, server: Server) -> None:
    """A bet before his turn clears "Check" (the page is sent a table message with a bet)."""
    page = new_page(browser, server, SIZES["1366x768"])
    routes: list[Any] = []
    last: dict[str, Any] = {}
    held: list[tuple[Any, str | bytes]] = []
    hold = {"on": False}  # while on, the server's messages wait here: the page sees only the test's

    def down(route: Any, text: str | bytes) -> None:
        if hold["on"]:
            held.append((route, text))
            return
        body = json.loads(text)
        if body.get("type") == "table":
            last["table"] = body
        route.send(text)

    def relay(route: Any) -> None:
        upstream = route.connect_to_server()
        upstream.on_message(lambda text: down(route, text))
        route.on_message(lambda text: upstream.send(text))
        routes.append(route)

    page.route_web_socket(re.compile(r".*/ws$"), relay)
    register(page, "prebet")
    open_practice_table(page, "five-card-draw", "fixed-limit", 3)
    deadline = time.monotonic() + 90 * PATIENCE
    while True:
        assert time.monotonic() < deadline, "no moment to tick Check before the turn"
        check = page.locator(".pre-actions input[data-pre=check]")
        if check.count():
            # hold the table still (the bots would otherwise act and give him the turn while
            # the test injects its messages), then tick Check if the page still offers it
            hold["on"] = True
            page.evaluate("0")  # a round trip: a message already on its way has landed
            try:
                check.check(timeout=1000)
                break
            except playwright_api.TimeoutError:  # the turn came meanwhile: let the hand go on
                hold["on"] = False
                while held:
                    down(*held.pop(0))
        if page.locator(".bet-controls").count():
            click_now(page, ".bet-controls button[data-action=check], "
                      ".bet-controls button[data-action=call]")
        elif page.locator(".draw-controls").count():
            click_now(page, "button[data-action=stand-pat]")
        time.sleep(0.05)
    before = json.dumps(last["table"])
    body = json.loads(before)
    me = body["you"]["seat"]
    hand = body["hand"]
    other = next(p for p in hand["players"] if p["seat"] != me and not p["folded"])
    other["bet"] = max(p["bet"] for p in hand["players"]) + 4
    bet = json.dumps(body)
    routes[-1].send(bet)  # someone bets before his turn
    page.wait_for_selector(".pre-actions input[data-pre=fold]")  # he faces a bet now
    routes[-1].send(before)  # (the same moment again, without the bet)
    page.wait_for_selector(".pre-actions input[data-pre=check]")
    assert not page.is_checked(".pre-actions input[data-pre=check]"), "Check was kept"
    # "Call any" does not depend on the bet: it stays
    page.check(".pre-actions input[data-pre=call-any]")
    routes[-1].send(bet)
    page.wait_for_selector(".pre-actions input[data-pre=fold]")
    assert page.is_checked(".pre-actions input[data-pre=call-any]")
    page.context.close()


def test_a_click_on_sit_survives_a_table_update_between_press_and_release(
    browser: Any, server: Server
) -> None:
    """A table message that lands while the mouse button is down leaves an empty seat's Sit
    button in place, so the release still makes a click and the sit dialog opens (the page used
    to rebuild every seat on every update: the click went to the seat around the button)."""
    page = new_page(browser, server, SIZES["1366x768"])
    relay = Relay(page, ".table-page")
    register(page, "presser")
    create_table(page, "five-card-draw", 3)
    relay.press_across_a_redraw(page.locator("button[data-action=sit][data-seat='1']"))
    page.wait_for_selector("form.sit-form", timeout=5000 * PATIENCE)
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_his_turns_controls_survive_a_table_update_mid_click_and_mid_typing(
    browser: Any, server: Server
) -> None:
    """At his turn a table message that lands while he types a bet or holds the mouse button
    down leaves the controls as they are: the amount box keeps its focus and what he typed, and
    the release still makes a click that acts (the page used to rebuild the controls on every
    table message)."""
    page = new_page(browser, server, SIZES["1366x768"])
    relay = Relay(page, ".table-page")
    register(page, "typist")
    open_practice_table(page, "five-card-draw", "no-limit", 2)
    box = page.locator(".bet-controls input[data-key=amount]")
    box.wait_for(timeout=60_000 * PATIENCE)  # his betting turn, with room to raise
    relay.type_across_a_redraw(box, "4", "2")
    assert page.evaluate("document.activeElement.dataset.key") == "amount"
    assert box.input_value() == "42"

    target = page.locator(".bet-buttons button[data-action=check], "
                          ".bet-buttons button[data-action=call]").first
    kind = target.get_attribute("data-action")
    acts = len(relay.acts())
    relay.press_across_a_redraw(target)
    relay.wait_acts(acts, "his action sent")
    assert relay.acts()[acts:] == [kind]
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_the_add_chips_dialog_stays_while_his_turn_comes_and_goes(
    browser: Any, server: Server
) -> None:
    """The add-chips dialog is its own part of the page: his turn's controls changing under it
    leave it the same element, so a click on its button mid-change is not lost (it was rebuilt
    with the turn's controls, and a refused add-chips once went unanswered in a test run)."""
    page = new_page(browser, server, SIZES["1366x768"])
    register(page, "steady")
    open_practice_table(page, "five-card-draw", "no-limit", 2)
    turn = page.locator(".bet-buttons button[data-action=check], "
                        ".bet-buttons button[data-action=call]").first
    turn.wait_for(timeout=60_000 * PATIENCE)  # his betting turn
    page.click("button[data-action=add-chips]")
    page.wait_for_selector("form.rebuy")
    page.evaluate("document.querySelector('form.rebuy').dataset.mark = 'kept'")
    turn.click()  # his turn ends: the turn's controls are drawn anew
    page.locator(".bet-buttons").wait_for(state="detached")
    assert page.evaluate("document.querySelector('form.rebuy').dataset.mark") == "kept"
    assert not page.js_errors, page.js_errors
    page.context.close()
