"""The table pages on four screens (issue 33), in headless Chromium: poker with five seats and
pinochle with three and four, each at the deal, the draw (or the bidding), the showdown (or a
trick) and the end, at 1366x768, 1280x800, 1920x1080 and a 390x844 phone. Every moment is a
scene the room's own game code played (:mod:`tests.server.scenes`), so each screenshot shows
what its name says; each is checked for text clipped in a seat, seats and banners on top of
each other and controls outside the window, and saved in build/screenshots/ (the best are
copied to docs/images). Cards grow with a big screen; a phone's seats clip nothing with five
or six players.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from .browser import SCREENSHOTS, launch_chromium, open_page, web_args
from .live import Server
from .scenes import FakeSocket, Scene, showdown

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

SIZES = {"1366x768": (1366, 768), "1280x800": (1280, 800), "1920x1080": (1920, 1080),
         "phone": (390, 844)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("screens")
    srv = Server(f"sqlite:///{folder / 'room.db'}", "--demo-tables", "0", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def logged_in(browser: Any, server: Server, size: tuple[int, int], locale: str = "en-GB") -> Any:
    page = open_page(browser, server.base, width=size[0], height=size[1], locale=locale)
    name = f"s{uuid.uuid4().hex[:10]}"
    made = page.request.post("/api/accounts", data={"name": name, "password": f"{name}-pw-1"})
    assert made.status == 201, made.text()
    return page


def new_table(page: Any, game: str, seats: int, structure: str | None = "pot-limit") -> int:
    spec: dict[str, Any] = {"game": game, "seats": seats}
    if structure:
        spec.update(structure=structure, stakes="2/4")
    made = page.request.post("/api/tables", data=spec)
    assert made.status == 201, made.text()
    return int(made.json()["id"])


def shot(page: Any, name: str) -> None:
    """build/screenshots/<name>.png, motion played to its end."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


CLIPPED = """(root) => [...document.querySelectorAll(root)].flatMap(seat => [seat,
    ...seat.querySelectorAll('*')]).filter(e => e.offsetParent !== null
    && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
    && getComputedStyle(e).display !== 'inline')
    .map(e => `${e.className}: ${e.textContent} (${e.scrollWidth}>${e.clientWidth},`
    + ` ${e.scrollHeight}>${e.clientHeight})`)"""


def clipped(page: Any, root: str) -> list[str]:
    """Elements in ``root`` (a seat) whose content is wider or taller than their box."""
    found: list[str] = page.evaluate(CLIPPED, root)
    return found


def boxes(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.eval_on_selector_all(
        selector, "els => els.filter(e => e.offsetParent !== null && !e.closest('[hidden]'))"
        ".map(e => ({...e.getBoundingClientRect().toJSON(), what: e.className,"
        " text: e.textContent.slice(0, 40)}))"))


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def check(page: Any, size: tuple[int, int], where: str, seats: str, apart: str) -> None:
    """Nothing clipped in a seat, ``apart`` boxes apart, controls inside the window."""
    assert clipped(page, seats) == [], where
    found = boxes(page, apart)
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            assert not overlap(a, b), (where, a, b)
    oval = boxes(page, ".oval, .pn-table")
    for box in boxes(page, seats):  # every seat within the table's area
        area = oval[0] if oval else None
        assert area and box["top"] >= area["top"] - 1 and box["bottom"] <= area["bottom"] + 1 \
            and box["left"] >= area["left"] - 1 and box["right"] <= area["right"] + 1, \
            (where, box, area)
    width = size[0]
    for box in boxes(page, "button, input, select, .my-hand .card, .pn-hand .card"):
        if box["width"] == 0 or ".side" in box["what"]:
            continue
        assert box["left"] >= -0.5 and box["right"] <= width + 0.5, (where, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where


POKER_APART = ".seat, .bet:not(.flying), .centre .winner, .centre .street, .centre .pot"
LAST_HAND = ".centre .winner.last:visible, .last-hand:visible"


def poker_scenes(table: int) -> list[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """Five-seat Five Card Draw 7-A (36 cards with five): the deal (his turn), his draw with
    the hint, the showdown, and the next hand with the last one's result."""
    scene = Scene.poker(table, game="five-card-draw-7a", structure="pot-limit", seats=5,
                        seed=15).deal()
    scene.play(lambda s: s.table.turn() == 0)
    deal = scene.message(0)
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "draw")
    hinter = scene.table.hinter(0)  # type: ignore[attr-defined]
    hint = {"type": "hint", "table": table, "hand": 1000 + scene.round, "seat": 0,
            "hint": hinter()}
    draw = scene.message(0)
    scene.play(lambda s: s.table.over)
    over = scene.message(0)
    scene.table.finish()
    scene.deal()
    scene.play(lambda s: s.table.turn() == 0)
    return [("deal", deal, None), ("draw", draw, hint), ("showdown", over, None),
            ("next", scene.message(0), None)]


@pytest.mark.parametrize("size_name", list(SIZES))
def test_poker_five_seats_at_each_moment(browser: Any, server: Server, size_name: str) -> None:
    size = SIZES[size_name]
    page = logged_in(browser, server, size)
    table = new_table(page, "five-card-draw-7a", 5)
    scenes = poker_scenes(table)
    socket = FakeSocket(page, scenes[0][1])
    page.goto(f"/tables/{table}")
    page.wait_for_selector(".seat.you")
    for moment, message, extra in scenes:
        socket.send(message)
        if extra:
            socket.send(extra)
            page.wait_for_selector(".hint-box li")
        if moment == "showdown":
            page.wait_for_selector(".centre .winner")
        if moment == "next":
            page.wait_for_selector(LAST_HAND)
        page.wait_for_timeout(50)
        shot(page, f"screen-poker5-{size_name}-{moment}")
        check(page, size, f"poker {size_name} {moment}", ".seat", POKER_APART)
    assert not page.js_errors, page.js_errors
    page.context.close()


def card_widths(page: Any) -> tuple[float, float, float]:
    """The width of one of his cards, of a card shown at a seat, and of that seat."""
    def width(selector: str) -> float:
        found: float = page.eval_on_selector(selector, "e => e.getBoundingClientRect().width")
        return float(found)

    return (width(".my-hand .card"), width(".seat .cards.shown .card"),
            width(".seat[data-seat='1']"))


def test_cards_grow_with_a_big_screen(browser: Any, server: Server) -> None:
    widths: dict[str, tuple[float, float, float]] = {}
    for name in ("1366x768", "1920x1080", "phone"):
        page = logged_in(browser, server, SIZES[name])
        table = new_table(page, "five-card-draw", 4)
        message = Scene.poker(table, game="five-card-draw", seats=4).message(0)
        message["hand"] = {**showdown(["Ah Ad 7c 7d 2s", "Th Ts 2d 5s 8h", "Qh Qc Qd 3s 4h",
                                       "9s Tc Jd Qs Kh"]), "id": 5, "number": 1}
        message["hand"]["you"] = 0
        message["hand"]["hand"] = ["Ah", "Ad", "7c", "7d", "2s"]
        FakeSocket(page, message)
        page.goto(f"/tables/{table}")
        page.locator(".seat .cards.shown .card").first.wait_for()
        widths[name] = card_widths(page)
        page.context.close()
    small, big, phone = widths["1366x768"], widths["1920x1080"], widths["phone"]
    # 1920x1080 has 1.4 times the height of 1366x768: cards and seats grow with it
    assert big[0] >= 1.25 * small[0] and big[1] >= 1.25 * small[1] and big[2] >= 1.25 * small[2], \
        widths
    # a card shown at showdown can be read at every size (it was about 12 px wide)
    assert small[1] >= 24 and phone[1] >= 20, widths


@pytest.mark.parametrize("seats", [5, 6])
def test_a_phone_clips_no_seat(browser: Any, server: Server, seats: int) -> None:
    """390x844, in Spanish (the longer words): long names, big stacks, every badge, a bot
    waiting to be dealt in, one sitting out, one who missed the big blind; then the next
    hand's "Last hand" line apart from every seat and bet."""
    size = SIZES["phone"]
    page = logged_in(browser, server, size, locale="es-ES")
    table = new_table(page, "five-card-draw", seats, "no-limit")
    names = ("ana", "Maximiliano", "Bo", "Cy", "Wilhelmina", "Ed")
    scene = Scene.poker(table, game="five-card-draw", structure="no-limit", seats=seats,
                        names=names, chips=12345, level="house").deal()
    scene.play(lambda s: s.table.turn() == 0)
    message = scene.message(0)
    message["seats"][1].update(waiting=True, in_hand=False)
    message["seats"][-1].update(marker="ML", sitting_out=True, connected=False)
    socket = FakeSocket(page, message)
    page.goto(f"/tables/{table}")
    page.wait_for_selector(".seat.you")
    check(page, size, f"phone {seats} seats", ".seat", POKER_APART)
    shot(page, f"screen-phone-{seats}-seats")
    scene.play(lambda s: s.table.over)
    socket.send(scene.message(0))
    page.wait_for_selector(".centre .winner")
    shot(page, f"screen-phone-{seats}-seats-over")
    check(page, size, f"phone {seats} seats over", ".seat", POKER_APART)
    scene.table.finish()
    scene.deal()
    scene.play(lambda s: s.table.turn() == 0)
    socket.send(scene.message(0))
    page.wait_for_selector(LAST_HAND)
    shot(page, f"screen-phone-{seats}-seats-last-hand")
    check(page, size, f"phone {seats} seats, last hand", ".seat", POKER_APART + ", .last-hand")
    assert not page.js_errors, page.js_errors
    page.context.close()


PINOCHLE_APART = (".pn-player, .pn-spot:not(:empty), .pn-play, .pn-centre > *")


def pinochle_scenes(table: int, seats: int) -> list[tuple[str, dict[str, Any]]]:
    """A pinochle game of ``seats`` played by the room's bots: the deal (the bidding opens),
    his turn to bid after the others, a trick half played with the melds down, the game over."""
    scene = Scene.pinochle(table, seats=seats, seed=5).deal()
    moments = [("deal", scene.message(0))]
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "bidding"
               and len(s.hand(0)["bids"]) >= seats - 1)
    moments.append(("bid", scene.message(0)))
    scene.play(lambda s: s.hand(0)["phase"] == "play" and s.hand(0)["trick"] is not None
               and len(s.hand(0)["trick"]["plays"]) == seats - 1 and s.table.turn() == 0)
    moments.append(("trick", scene.message(0)))
    scene.play(lambda s: s.table.over)
    moments.append(("over", scene.message(0)))
    return moments


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("size_name", list(SIZES))
def test_pinochle_at_each_moment(browser: Any, server: Server, size_name: str, seats: int) -> None:
    size = SIZES[size_name]
    page = logged_in(browser, server, size)
    table = new_table(page, "pinochle-5", seats, None)
    moments = pinochle_scenes(table, seats)
    socket = FakeSocket(page, moments[0][1])
    page.goto(f"/tables/{table}")
    page.wait_for_selector(".pn-player.mine")
    for moment, message in moments:
        socket.send(message, ".pn-page")
        if moment == "trick":
            page.wait_for_selector(".pn-play .card")
            if size[0] > 480:  # every meld on the felt (a phone says it in the seat)
                assert page.locator(".pn-melds").count() == seats
        if moment == "over":
            page.wait_for_selector(".pn-winner")
        page.wait_for_timeout(50)
        shot(page, f"screen-pinochle{seats}-{size_name}-{moment}")
        check(page, size, f"pinochle {seats} {size_name} {moment}", ".pn-player", PINOCHLE_APART)
    assert not page.js_errors, page.js_errors
    page.context.close()
