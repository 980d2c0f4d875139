"""The browser client in real headless Chromium: two people and a bot play whole hands.

Each game is played through the pages only (log-in, lobby, sitting down, every action by
clicks or keys) by two players in two browser contexts, a normal bot and a spectator. At every
step each page is checked for cards it must not hold: another player's hidden cards never
appear in it before he shows them at showdown.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import PATIENCE

from .browser import launch_chromium, open_page, screenshot, wait_until
from .live import Server

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``standpat serve`` with quick bots and short pauses between hands."""
    folder = tmp_path_factory.mktemp("browser")
    srv = Server(
        f"sqlite:///{folder / 'room.db'}",
        "--bot-delay", "0.05", "--between-hands", "0.6", "--clock", "120", "--demo-tables", "2",
        log=folder / "server.log",
    ).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def new_page(browser: Any, server: Server, *, locale: str = "en-GB",
             width: int = 1100, height: int = 820) -> Any:
    return open_page(browser, server.base, width=width, height=height, locale=locale)


def register(page: Any, name: str) -> None:
    """Register through the log-in form; lands in the lobby."""
    page.goto("/")
    page.wait_for_selector("form.login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", f"{name}-password-1")
    page.click("button[value=register]")
    page.wait_for_selector("table.lobby")
    page.wait_for_function("document.getElementById('who').textContent.length > 0")


class TablePage:
    """One browser page at a table, read through the page's DOM."""

    def __init__(self, page: Any, name: str) -> None:
        self.page = page
        self.name = name

    def data(self) -> dict[str, str]:
        dataset: dict[str, str] = self.page.evaluate(
            "() => { const p = document.querySelector('.table-page');"
            " return p ? {...p.dataset} : {}; }")
        return dataset

    def cards(self, selector: str) -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            selector, "els => els.map(e => e.dataset.card)")
        return cards

    def my_cards(self) -> list[str]:
        return self.cards(".my-hand [data-card]")

    def my_turn(self) -> bool:
        controls: int = self.page.locator(
            ".controls .bet-controls, .controls .draw-controls").count()
        return controls > 0

    def sit(self, seat: int) -> None:
        self.page.click(f"button[data-action=sit][data-seat='{seat}']")
        self.page.click("button[data-action=confirm-sit]")
        self.page.wait_for_selector(f".seat.you[data-seat='{seat}']")

    def acting(self, do: Any) -> None:
        """Do an action and wait until the hand records it."""
        before = self.data()
        do()
        wait_until(lambda: self.data().get("events") != before.get("events")
                   or self.data().get("hand") != before.get("hand"),
                   10, f"{self.name}'s action to be recorded")

    def log_text(self) -> str:
        return str(self.page.inner_text(".log"))


def check_no_hidden_cards(viewer: TablePage, others: list[TablePage]) -> None:
    """The viewer's page holds only his own cards and cards shown at showdown."""
    def moment(page: TablePage) -> tuple[str | None, str | None]:
        data = page.data()
        return data.get("hand"), data.get("events")

    for other in others:
        before = (moment(viewer), moment(other))
        theirs = set(other.my_cards())
        everything = set(viewer.cards("[data-card]"))
        shown = set(viewer.cards(".seat .cards.shown [data-card]"))
        mine = set(viewer.my_cards())
        phase = viewer.data().get("phase")
        after = (moment(viewer), moment(other))
        if before != after or before[0][0] != before[1][0] or not before[0][0]:
            continue  # something happened between the reads (a draw, a new hand): look again
        assert not shown or phase in ("over", "showdown"), (viewer.name, shown, phase)
        leaked = (theirs & everything) - shown
        assert not leaked, f"{viewer.name}'s page holds {other.name}'s hidden cards {leaked}"
        assert not (everything - shown - mine), (viewer.name, everything)


GOALS = ("select-unselect", "discard", "keyboard", "stand-pat", "keyboard-pat", "slider-raise",
         "showdown", "fold")


def play_turn(seat: TablePage, done: set[str], goals: set[str]) -> None:
    """One decision of a player, chosen to reach every goal; passive otherwise."""
    page = seat.page
    if page.locator(".draw-controls").count():
        cards = page.locator(".my-hand .card")
        if "select-unselect" not in done:
            cards.nth(0).click()
            cards.nth(1).click()
            assert cards.nth(0).get_attribute("aria-pressed") == "true"
            assert "selected" in (cards.nth(1).get_attribute("class") or "")
            assert "2" in page.inner_text("button[data-action=discard]")
            cards.nth(1).click()  # unselect
            assert cards.nth(1).get_attribute("aria-pressed") == "false"
            assert "selected" not in (cards.nth(1).get_attribute("class") or "")
            assert "1" in page.inner_text("button[data-action=discard]")
            raised = cards.nth(0).bounding_box()["y"] < cards.nth(1).bounding_box()["y"]
            assert raised, "a selected card is raised above the others"
            screenshot(page, f"table-draw-{goals_game(goals)}")
            kept = seat.my_cards()[1:]
            seat.acting(lambda: page.click("button[data-action=discard]"))
            wait_until(lambda: set(kept) <= set(seat.my_cards()), 10, "the drawn card")
            done.update({"select-unselect", "discard"})
        elif "keyboard" not in done:
            seat.acting(lambda: (page.keyboard.press("1"), page.keyboard.press("2"),
                                 page.keyboard.press("d")))
            done.add("keyboard")
        elif "stand-pat" not in done:
            seat.acting(lambda: page.click("button[data-action=stand-pat]"))
            done.add("stand-pat")
        else:
            seat.acting(lambda: page.keyboard.press("p"))
            wait_until(lambda: f"{seat.name} stands pat" in seat.log_text(), 10, "p to stand pat")
            done.add("keyboard-pat")
        return
    slider = page.locator(".sizing input[type=range]")
    raise_button = page.locator("button[data-key=raise]")
    if slider.count() and "slider-raise" not in done and "showdown" in done:
        low = int(slider.get_attribute("min") or 0)
        high = int(slider.get_attribute("max") or 0)
        if "game:five-card-draw-7a" in goals:  # pot limit: "Pot" is the rules' maximum raise
            page.click("button[data-preset=pot]")
            assert page.input_value(".sizing input[type=number]") == str(high)
        target = low + max(1, (high - low) // 5) if high > low else low
        slider.fill(str(target))
        assert page.input_value(".sizing input[type=number]") == str(target)
        assert str(target) in raise_button.inner_text()
        seat.acting(lambda: raise_button.click())
        wait_until(lambda: re.search(rf"{seat.name} (raises to|bets) {target}\b", seat.log_text()),
                   10, "the raise in the log")
        done.add("slider-raise")
        return
    fold = page.locator("button[data-action=fold]")
    call = page.locator("button[data-action=call]")
    if fold.count() and call.count() and "slider-raise" in done and "fold" not in done:
        seat.acting(lambda: fold.click())
        wait_until(lambda: f"{seat.name} folds" in seat.log_text(), 10, "the fold in the log")
        done.add("fold")
        return
    check = page.locator("button[data-action=check]")
    if check.count():
        if "keyboard-check" not in done:
            seat.acting(lambda: page.keyboard.press("c"))
            done.add("keyboard-check")
        else:
            seat.acting(lambda: check.click())
    elif call.count():
        seat.acting(lambda: call.click())
    elif fold.count():
        seat.acting(lambda: fold.click())


def goals_game(goals: set[str]) -> str:
    return next((g[5:] for g in goals if g.startswith("game:")), "game")


def saw_showdown(seat: TablePage, other: TablePage) -> bool:
    """The hand is over and the other player's cards are face up in this page with a winner."""
    page = seat.page
    if seat.data().get("phase") != "over" or not page.locator(".centre .winner").count():
        return False
    other_seat = other.page.locator(".seat.you").get_attribute("data-seat")
    shown = seat.cards(f".seat[data-seat='{other_seat}'] .cards.shown [data-card]")
    return len(shown) >= 5


@pytest.mark.parametrize(
    ("game", "structure", "stakes"),
    [("five-card-draw-7a", "pot-limit", "2/4"), ("deuce-to-seven-triple-draw", "no-limit", "2/4")],
)
def test_two_players_and_a_bot_play_whole_hands(
    browser: Any, server: Server, game: str, structure: str, stakes: str
) -> None:
    tag = game.split("-")[0][:4] + structure[:2]
    alice = TablePage(new_page(browser, server), f"alice{tag}")
    bob = TablePage(new_page(browser, server), f"bob{tag}")
    register(alice.page, alice.name)
    register(bob.page, bob.name)

    # Alice opens a table from the lobby's form, sits down and seats a bot.
    alice.page.select_option("#new-game", game)
    alice.page.select_option("#new-structure", structure)
    alice.page.fill("#new-stakes", stakes)
    alice.page.fill("#new-seats", "3")
    alice.page.click("form.create button[type=submit]")
    alice.page.wait_for_url(re.compile(r"/tables/\d+$"))
    table_id = int(alice.page.url.rsplit("/", 1)[1])
    alice.page.wait_for_selector(".seat[data-seat='0']")
    alice.sit(0)
    alice.page.click("button[data-action=bot][data-seat='2']")
    alice.page.wait_for_selector(".seat[data-seat='2']:not(.empty)")

    # Bob finds it in the lobby and joins; a spectator watches without logging in.
    bob.page.goto("/")
    row = bob.page.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    if game == "five-card-draw-7a":
        screenshot(bob.page, "lobby")
    row.locator("a").click()
    bob.page.wait_for_url(f"**/tables/{table_id}")
    bob.sit(1)
    watcher = TablePage(new_page(browser, server), "watcher")
    watcher.page.goto(f"/tables/{table_id}")
    watcher.page.wait_for_selector(".seat[data-seat='1']:not(.empty)")

    players = [alice, bob]
    done: set[str] = set()
    goals = {f"game:{game}"}
    deadline = time.monotonic() + 300 * PATIENCE
    showdown_shot = False
    while not set(GOALS) <= done:
        assert time.monotonic() < deadline, f"goals not reached: {set(GOALS) - done}"
        for seat in players:
            other = bob if seat is alice else alice
            check_no_hidden_cards(seat, [other])
            if saw_showdown(seat, other):
                done.add("showdown")
                if not showdown_shot and seat.page.locator(".history li[data-hand]").count():
                    screenshot(seat.page, f"table-showdown-{game}")
                    showdown_shot = True
            if seat.my_turn():
                play_turn(seat, done, goals)
        check_no_hidden_cards(watcher, players)
        time.sleep(0.05)

    # The log names the rounds: a draw, then the betting round after it.
    wait_until(lambda: re.search(r"Draw 1\n(.*\n)*Betting round 2", alice.log_text()), 60,
               "a draw and the betting round after it in the log")

    # The hand-history panel lists the hands with their downloads.
    alice.page.wait_for_selector(".history li[data-hand] a.download")
    link = alice.page.locator(".history li[data-hand] a.download").first
    href = link.get_attribute("href")
    assert href is not None and re.fullmatch(r"/api/hands/\d+/phh", href)
    cookies = {c["name"]: c["value"] for c in alice.page.context.cookies()}
    phh = httpx.get(server.base + href, cookies=cookies, timeout=10)
    assert phh.status_code == 200 and "actions" in phh.text

    for page in (alice.page, bob.page, watcher.page):
        assert not page.js_errors, page.js_errors
        shown_message = page.locator(".table-message:not([hidden])")
        assert not shown_message.count(), page.inner_text(".table-message")
    for page in (alice.page, bob.page, watcher.page):
        page.context.close()


def test_spanish_follows_the_browser_and_a_switch_changes_it(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, server, locale="es-ES")
    page.goto("/login")
    page.wait_for_selector("form.login")
    assert page.inner_text("#login-title") == "Entrar o registrarse"
    assert page.evaluate("document.documentElement.lang") == "es"
    register(page, "carmen")
    assert page.inner_text("table.lobby caption") == "Mesas"
    page.select_option("#language", "en")
    page.wait_for_function("document.querySelector('table.lobby caption').textContent === 'Tables'")
    page.reload()
    page.wait_for_selector("table.lobby")
    assert page.inner_text("table.lobby caption") == "Tables"  # the choice is remembered
    page.context.close()


def test_the_pages_fit_a_phone_360_px_wide(browser: Any, server: Server) -> None:
    page = new_page(browser, server, width=360, height=740)
    register(page, "phoebe")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("table.lobby tbody tr a").first.click()
    page.wait_for_selector(".seat")
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    boxes = page.eval_on_selector_all(
        ".seat", "els => els.map(e => e.getBoundingClientRect().toJSON())")
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= 360, box
    screenshot(page, "table-phone")
    page.context.close()


def test_a_refused_request_is_a_message_at_the_table_and_the_socket_comes_back(
    browser: Any, tmp_path: Path
) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'room.db'}", "--bot-delay", "0.05",
                 "--demo-tables", "1").start()
    try:
        page = new_page(browser, srv)
        register(page, "rita")
        page.locator("table.lobby tbody tr a").first.click()
        page.wait_for_selector(".status[data-status=online]")
        page.click("button[data-action=sit]")
        page.click("button[data-action=confirm-sit]")
        page.wait_for_selector(".seat.you")
        page.click("button[data-action=add-chips]")
        page.fill("form.rebuy input", "99999999")
        page.click("button[data-action=confirm-chips]")
        message = page.locator(".table-message")
        message.wait_for(state="visible")
        assert "maximum" in message.inner_text()
        assert page.locator(".seat.you").count() == 1  # the page still works

        # The server goes away and comes back: the page reconnects on its own.
        srv.stop()
        page.wait_for_selector(".status[data-status=reconnecting]")
        srv.start()
        page.wait_for_selector(".status[data-status=online]", timeout=30_000)
        page.wait_for_selector(".seat.you")
        assert not page.js_errors, page.js_errors
        page.context.close()
    finally:
        srv.stop()


def test_every_message_the_client_uses_is_in_both_catalogues() -> None:
    web = Path(__file__).resolve().parents[2] / "src" / "standpat" / "server" / "web"
    en = json.loads((web / "i18n" / "en.json").read_text())
    es = json.loads((web / "i18n" / "es.json").read_text())
    assert en.keys() == es.keys()
    source = "".join(p.read_text() for p in web.glob("*.js")) + (web / "index.html").read_text()
    used = set(re.findall(r'\bt\("([^"]+)"', source))
    used |= set(re.findall(r'data-i18n[-\w]*"?[:=] ?"([^"]+)"', source))
    assert used, "found no message keys"
    assert not used - en.keys(), used - en.keys()
    for prefix, names in {
        "game": ["five-card-draw-7a", "five-card-draw", "seven-card-draw",
                 "deuce-to-seven-triple-draw", "deuce-to-seven-single-draw"],
        "structure": ["fixed-limit", "pot-limit", "no-limit"],
        "phase": ["betting", "draw", "over"],
        "choice": ["post-bb", "post-all", "post-dead-sb", "wait-for-bb"],
        "history": ["running", "void"],
    }.items():
        for name in names:
            assert f"{prefix}.{name}" in en, f"{prefix}.{name}"
    # The Spanish hand names are the seed's (000_33df0b24186180c7.txt).
    assert [es[f"hand.{c}"] for c in ("straight-flush", "four-of-a-kind", "flush", "full-house",
                                      "straight", "three-of-a-kind", "two-pair", "pair")] == [
        "Escalera de color", "Póker", "Color", "Full", "Escalera", "Trío", "Dobles parejas",
        "Pareja"]


def test_a_player_who_missed_the_blinds_chooses_to_post_all(browser: Any, server: Server) -> None:
    page = new_page(browser, server)
    register(page, "martin")
    page.goto("/")
    page.locator("table.lobby tbody tr a").first.click()
    page.wait_for_selector(".status[data-status=online]")
    free = page.locator("button[data-action=sit]").first.get_attribute("data-seat")
    seat = TablePage(page, "martin")
    seat.sit(int(free or 0))
    # Dealt in first: a new player who never played a hand owes no blinds and gets no marker.
    page.wait_for_selector(".my-hand [data-card]", timeout=60_000)
    page.click("button[data-action=sit-out]")
    page.wait_for_selector("button[data-action=sit-in]")
    # The big blind passes him while he is out: the ML marker goes up on his seat.
    marker = page.locator(".seat.you .badge.marker.ml")
    deadline = time.monotonic() + 90 * PATIENCE
    while not marker.count():  # he plays out the hand he is in (check, else fold)
        assert time.monotonic() < deadline, page.inner_text(".table-page")
        for action in ("check", "fold"):
            button = page.locator(f".bet-controls button[data-action={action}]")
            if button.count():
                seat.acting(lambda button=button: button.click())
                break
        else:
            if page.locator(".draw-controls").count():
                seat.acting(lambda: page.click("button[data-action=stand-pat]"))
        time.sleep(0.1)
    assert page.locator(".seat.you .badge.marker.ml").inner_text() == "ML"
    page.click("button[data-action=sit-in]")
    page.wait_for_selector("button[data-choice=post-all]")
    assert page.locator("button[data-choice=wait-for-bb]").count() == 1
    page.click("button[data-choice=post-all]")
    wait_until(lambda: re.search(r"martin posts the big blind \d+", seat.log_text())
               and re.search(r"martin posts \d+ dead", seat.log_text()),
               90, "martin's big blind and dead small blind")
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_four_colour_deck_clock_and_accessible_names(browser: Any, server: Server) -> None:
    page = new_page(browser, server)
    register(page, "flora")
    page.goto("/tables/2")  # the second demo table: three bots and a free seat
    page.wait_for_selector(".seat .cards")
    assert not page.locator("[data-clock]").count()  # a bot's clock is not shown
    # Every control has a name a screen reader can say.
    names = page.eval_on_selector_all(
        "button, a, input, select",
        "els => els.map(e => (e.getAttribute('aria-label') || e.textContent"
        " || (e.labels && e.labels[0] && e.labels[0].textContent) || '').trim())")
    assert all(names), names
    page.evaluate("""() => {
        const probe = document.createElement('span');
        probe.className = 'card face suit-d'; probe.id = 'probe';
        document.body.append(probe);
    }""")
    two = page.evaluate("getComputedStyle(document.getElementById('probe')).color")
    page.check("#four-colour")
    four = page.evaluate("getComputedStyle(document.getElementById('probe')).color")
    assert two != four and page.evaluate("document.body.classList.contains('four-colour')")
    page.reload()
    page.wait_for_selector(".seat")
    assert page.is_checked("#four-colour")  # remembered
    # Keyboard focus is visible, and stays on its control while the table changes around it.
    bot_button = page.locator("button[data-action=bot]").first
    bot_button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    label = bot_button.get_attribute("aria-label")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    events = page.evaluate("document.querySelector('.table-page').dataset.events")
    wait_until(lambda: page.evaluate("document.querySelector('.table-page').dataset.events")
               != events, 30, "a table update")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    free = page.locator("button[data-action=sit]").first.get_attribute("data-seat")
    TablePage(page, "flora").sit(int(free or 0))
    clock = page.locator(f"[data-clock='{free}']")
    clock.wait_for(timeout=60_000)  # a person's clock is shown, at his turn
    assert re.fullmatch(r"\d+ s", clock.inner_text()), clock.inner_text()
    page.context.close()


def test_no_more_than_the_games_maximum_discard_can_be_selected(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, server)
    register(page, "sofia")
    page.select_option("#new-game", "seven-card-draw")
    page.select_option("#new-structure", "fixed-limit")
    page.fill("#new-seats", "2")
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    seat = TablePage(page, "sofia")
    page.wait_for_selector(".seat[data-seat='1'].empty")
    seat.sit(0)
    page.click("button[data-action=bot][data-seat='1']")
    deadline = time.monotonic() + 60 * PATIENCE
    while not page.locator(".draw-controls").count():  # check or call to the draw
        assert time.monotonic() < deadline, page.inner_text(".table-page")
        for action in ("check", "call"):
            button = page.locator(f".bet-controls button[data-action={action}]")
            if button.count():
                seat.acting(lambda button=button: button.click())
                break
        time.sleep(0.1)
    hint = page.inner_text(".draw-hint")
    most = int(re.search(r"up to (\d+)", hint).group(1))  # type: ignore[union-attr]
    cards = page.locator(".my-hand .card")
    assert cards.count() == 7 and most < 7
    for i in range(most + 1):
        cards.nth(i).click()
    assert page.locator(".my-hand .card.selected").count() == most
    assert cards.nth(most).get_attribute("aria-pressed") == "false"
    assert f"at most {most}" in page.inner_text(".table-message")
    assert str(most) in page.inner_text("button[data-action=discard]")
    page.context.close()
