"""What the poker table page says (issue 33), in headless Chromium: the showdown line names the
best hand against each pot, a busted player sees one countdown, Seven Card Draw's selected
discards look alike, a restart is explained, the hint says what it ranks by, a player who left
keeps his name after a language switch, the header names this hand's deck and the recent hands
link to the replayer.

Most pages here are fed hands the engine played (:mod:`tests.server.scenes`) through a stand-in
for the room's WebSocket; their REST calls go to a real ``standpat serve`` (one for the module).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import launch_chromium, open_page, screenshot, wait_until, web_args
from .live import PATIENCE, Server
from .scenes import FakeSocket, Scene, showdown

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("pages")
    srv = Server(f"sqlite:///{folder / 'room.db'}", "--bot-delay", "0.05",
                 "--between-hands", "0.3", "--demo-tables", "0", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def logged_in(browser: Any, server: Server, *, width: int = 1366, height: int = 768,
              locale: str = "en-GB") -> Any:
    """A page whose context holds a new account's session (nothing loaded yet)."""
    page = open_page(browser, server.base, width=width, height=height, locale=locale)
    name = f"p{uuid.uuid4().hex[:10]}"
    made = page.request.post("/api/accounts", data={"name": name, "password": f"{name}-pw-1"})
    assert made.status == 201, made.text()
    return page


def new_table(page: Any, game: str = "five-card-draw", seats: int = 4,
              structure: str = "no-limit") -> int:
    made = page.request.post("/api/tables", data={"game": game, "structure": structure,
                                                  "stakes": "2/4", "seats": seats})
    assert made.status == 201, made.text()
    return int(made.json()["id"])


def seat_lines(names: list[str], stacks: list[int] | None = None) -> list[dict[str, Any]]:
    return [{"seat": s, "name": n, "stack": (stacks or [100] * len(names))[s], "bot": None,
             "sitting_out": False, "waiting": False, "in_hand": True, "marker": None,
             "connected": True} for s, n in enumerate(names)]


def fed(page: Any, table: int, message: dict[str, Any]) -> FakeSocket:
    """Open the table page with a stand-in socket that answers its ``watch`` with ``message``."""
    socket = FakeSocket(page, message)
    page.goto(f"/tables/{table}")
    wait_until(lambda: page.evaluate(
        "(document.querySelector('.table-page') || {dataset: {}}).dataset.updates"), 20,
        "the table drawn")
    return socket


def hand_message(table: int, names: list[str], hand: dict[str, Any], *, hand_id: int = 152,
                 you: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "table", "table": table, "seats": seat_lines(names), "button": 0,
            "small_blind": 1, "big_blind": 2, "dead_button": False, "dead_small_blind": False,
            "hand_number": 1, "clock": None, "hand": {**hand, "id": hand_id, "number": 1},
            "you": you}


def test_the_showdown_line_names_the_best_hand_against_each_pot(
    browser: Any, server: Server
) -> None:
    page = logged_in(browser, server)
    table = new_table(page)
    names = ["ann", "bob", "cyd", "dot"]
    banner = ".centre .winner"
    # bob shows a pair of tens first, cyd three queens, dot wins with a straight: the line
    # names cyd's queens (the best hand against dot's), not bob's tens (the first shown)
    socket = fed(page, table, hand_message(table, names, showdown(
        ["Ah Ad 7c 7d 2s", "Th Ts 2d 5s 8h", "Qh Qc Qd 3s 4h", "9s Tc Jd Qs Kh"])))
    assert page.locator(banner).all_inner_texts() == [
        "dot wins 8 with Straight, king high, over cyd's Three of a kind, queens"]
    # a split pot: one line for it, both winners named
    socket.send(hand_message(table, names, showdown(
        ["Ah Ad 7c 7d 2s", "Th Ts 2d 5s 8h", "9c Tc Jc Qd Kd", "9s Td Jd Qs Kh"]), hand_id=153))
    assert page.locator(banner).all_inner_texts() == [
        "cyd and dot split 8 with Straight, king high, over bob's Pair of tens"]
    # a side pot: ann (all in for 20) takes the main pot over dot's full house, which takes the
    # side pot over cyd's straight (bob's deuces, shown first, beat nobody)
    socket.send(hand_message(table, names, showdown(
        ["Ah Kh Qh Jh Th", "2c 2d 5c 7d 8d", "9s Td Jd Qs Kc", "Qc Qd 3h 3s 3d"],
        [20, 100, 100, 100], shove=0, bet=1), hand_id=154))
    assert page.locator(banner).all_inner_texts() == [
        "Main pot: ann wins 80 with Royal flush, over dot's Full house, threes full of queens",
        "Side pot 1: dot wins 120 with Full house, threes full of queens, over cyd's Straight, "
        "king high"]
    # a hand nobody contested names no hand
    alone = showdown(["Ah Ad 7c 7d 2s", "Th Ts 2d 5s 8h"])
    for player in alone["players"]:
        player.pop("value", None)
        player.pop("shown", None)
    socket.send(hand_message(table, [*names[:2], "cyd", "dot"], alone, hand_id=155))
    assert re.fullmatch(r"(ann|bob) (wins \d+|and \w+ split \d+)",
                        page.locator(banner).first.inner_text())
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_a_busted_player_sees_one_countdown(browser: Any, server: Server) -> None:
    page = logged_in(browser, server, width=390, height=844)
    table = new_table(page, seats=3)
    scene = Scene.poker(table, seats=3)
    seats = scene.message(0)["seats"]
    seats[0].update(stack=0, sitting_out=True)
    # the room frees his seat in 60 s (busted) or 600 s (away): whichever is first counts
    socket = fed(page, table, scene.message(0, you={"freed_in": 600.0, "rebuy_in": 60.0},
                                            seats=seats))
    page.wait_for_selector("form.rebuy")

    def countdowns() -> list[str]:
        texts: list[str] = page.eval_on_selector_all(
            ".table-page *", "els => els.filter(e => e.offsetParent !== null"
            " && [...e.childNodes].some(n => n.nodeType === 3 && /\\d+ s\\b/.test(n.textContent)))"
            ".map(e => e.textContent)")
        return texts

    wait_until(lambda: countdowns(), 5, "a countdown")
    shown = countdowns()
    assert len(shown) == 1, shown
    assert re.search(r"\b(60|59|58)\b", shown[0]), shown
    # away only (he has chips): the one countdown is in the header
    seats[0].update(stack=80, sitting_out=True)
    socket.send(scene.message(0, you={"freed_in": 300.0, "rebuy_in": None}, seats=seats))
    wait_until(lambda: len(countdowns()) == 1
               and re.search(r"\b(300|299|298)\b", countdowns()[0]), 5, "the header's countdown")
    assert "seat freed in" in countdowns()[0]
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_seven_card_draw_selected_discards_look_alike(browser: Any, server: Server) -> None:
    page = logged_in(browser, server)
    table = new_table(page, game="seven-card-draw", seats=3, structure="fixed-limit")
    scene = Scene.poker(table, game="seven-card-draw", structure="fixed-limit", seats=3,
                        level="house").deal()
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "draw")
    fed(page, table, scene.message(0))
    page.wait_for_selector(".draw-controls")
    cards = page.locator(".my-hand .card")
    assert cards.count() == 7
    best = set(scene.hand(0)["value"]["best"])
    hand = scene.hand(0)["hand"]
    # four selected: the two that do not play and two that do
    unused = [i for i, c in enumerate(hand) if c not in best]
    used = [i for i, c in enumerate(hand) if c in best]
    chosen = unused[:2] + used[:2]
    for i in chosen:
        cards.nth(i).click()
    page.wait_for_timeout(400)  # the raise's transition ends
    look = "e => { const s = getComputedStyle(e); return [s.transform, s.opacity, " \
           "s.backgroundColor, s.filter].join(' | '); }"
    looks = [cards.nth(i).evaluate(look) for i in range(7)]
    selected = {looks[i] for i in chosen}
    assert len(selected) == 1, [looks[i] for i in chosen]
    assert not selected & {looks[i] for i in range(7) if i not in chosen}, looks
    screenshot(page, "pages-seven-card-draw-selected")
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_the_hint_says_what_it_ranks_by(browser: Any, server: Server) -> None:
    page = logged_in(browser, server)
    table = new_table(page, game="deuce-to-seven-triple-draw", seats=3)
    scene = Scene.poker(table, game="deuce-to-seven-triple-draw", seats=3, level="house").deal()
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "draw")
    message = scene.message(0)
    socket = fed(page, table, message)
    page.wait_for_selector(".draw-controls")
    hand = message["hand"]["hand"]
    # the last draw, ranked by the mean strength: standing pat never improves, yet ranks first
    hint = {"game": "deuce-to-seven-triple-draw", "deck": 52, "draws_left": 1, "hand": hand,
            "now": "9-low", "aim": "strength", "exact": True, "holds": [
                {"keep": hand, "discard": [], "improve": 0.0, "chance": 0.871,
                 "probabilities": {}},
                {"keep": hand[:4], "discard": hand[4:], "improve": 0.605, "chance": 0.802,
                 "probabilities": {}}]}
    socket.send({"type": "hint", "table": table, "hand": message["hand"]["id"], "seat": 0,
                 "hint": hint})
    box = page.locator(".hint-box")
    box.wait_for()
    lines = page.locator(".hint-box li").all_inner_texts()
    assert lines[0] == "stand pat: beats 87.1% of hands; improves -", lines
    assert lines[1].endswith(": beats 80.2% of hands; improves 60.5%"), lines
    assert "share of all hands" in page.inner_text(".hint-title")
    assert "0.0%" not in box.inner_text()
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_a_player_who_left_keeps_his_name_after_a_language_switch(
    browser: Any, server: Server
) -> None:
    page = logged_in(browser, server)
    table = new_table(page, seats=3)
    scene = Scene.poker(table, seats=3, names=("ana", "bruno", "cata")).deal()
    scene.play(lambda s: s.table.turn() == 0)
    socket = fed(page, table, scene.message(0))
    wait_until(lambda: "bruno" in page.inner_text(".log"), 5, "bruno in the log")
    # bruno leaves: his seat empties, the hand's events still name his seat
    later = scene.message(0)
    later["seats"] = [s for s in later["seats"] if s["seat"] != 1]
    socket.send(later)
    page.select_option("#language", "es")
    # the page is drawn again in Spanish: its log is made anew from the hand's events
    wait_until(lambda: "pone la ciega" in page.inner_text(".log"), 10, "the Spanish log")
    log = page.inner_text(".log")
    assert "bruno pone la ciega" in log and "asiento 2" not in log, log
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_the_header_names_this_hands_deck_and_recent_hands_replay(
    browser: Any, server: Server
) -> None:
    page = logged_in(browser, server)
    table = new_table(page, game="five-card-draw-7a", seats=5, structure="pot-limit")
    scene = Scene.poker(table, game="five-card-draw-7a", structure="pot-limit", seats=5).deal()
    lines = [{"id": 77, "table": table, "number": 3, "status": "done", "net": 12,
              "winners": [{"name": "ana", "amount": 20}]}]
    page.route(re.compile(r".*/api/hands\?table=.*"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({"hands": lines})))
    fed(page, table, scene.message(0))
    facts = page.inner_text(".table-facts")
    assert "32-card deck (36 with 5 players)" in facts
    assert "this hand: 36-card deck" in facts
    link = page.locator(".history li[data-hand='77'] a.replay-link")
    assert link.get_attribute("href") == "/replay/77"
    link.click()
    page.wait_for_url(re.compile(r"/replay/77$"))
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_a_restart_is_explained(browser: Any, tmp_path: Path) -> None:
    """kill -9 in the middle of a hand, then the room starts again: the page says the room
    restarted and the hand was void, chips back (the room's ``table-restarted`` message), and
    the player sits as he was: in the next hand, not sitting out owing a blind."""
    srv = Server(f"sqlite:///{tmp_path / 'room.db'}", "--bot-delay", "0.2",
                 "--between-hands", "0.3", "--demo-tables", "0", *web_args(),
                 log=tmp_path / "server.log").start()
    try:
        page = logged_in(browser, srv)
        table = new_table(page, seats=2)
        page.goto(f"/tables/{table}")
        page.wait_for_selector(".status[data-status=online]")
        page.click("button[data-action=sit][data-seat='0']")
        page.click("button[data-action=confirm-sit]")
        page.wait_for_selector(".seat.you")
        page.click("button[data-action=bot][data-seat='1']")
        page.wait_for_selector(".my-hand [data-card]", timeout=30_000 * PATIENCE)
        hand = int(page.evaluate("document.querySelector('.table-page').dataset.hand"))
        srv.kill()
        page.wait_for_selector(".status[data-status=reconnecting]")
        srv.start()
        page.wait_for_selector(".status[data-status=online]", timeout=30_000 * PATIENCE)
        notice = page.locator(".table-notice")
        notice.wait_for(timeout=30_000 * PATIENCE)
        text = notice.inner_text()
        assert f"The room restarted: hand #{hand} was called off" in text, text
        assert "went back to its player" in text
        assert f"hand #{hand} was called off" in page.inner_text(".log")
        # seated as he was: dealt into the next hand (his cards), not sitting out
        page.wait_for_function(
            f"Number(document.querySelector('.table-page').dataset.hand) > {hand}",
            timeout=30_000 * PATIENCE)
        page.wait_for_selector(".my-hand [data-card]", timeout=30_000 * PATIENCE)
        assert page.locator(".seat.you").inner_text().find("sitting out") < 0
        screenshot(page, "pages-restart-notice")
        assert not page.js_errors, page.js_errors
        page.context.close()
    finally:
        srv.stop()


def test_messages_read_like_sentences_for_a_person(browser: Any, server: Server) -> None:
    """Issue 33's item 8: a short password is not echoed, stakes the wrong way round are said
    plainly, the name box takes what the room allows, an unknown address is a page, filters
    that hide every table say so, and a phone's lobby labels its numbers."""
    page = open_page(browser, server.base, width=1366, height=768)
    page.goto("/login")
    page.wait_for_selector("form.login")
    assert page.get_attribute("input[name=name]", "maxlength") == "24"
    page.fill("input[name=name]", "shorty")
    page.fill("input[name=password]", "abc")
    page.click("button[value=register]")
    toast = page.locator("#toast")
    toast.wait_for()
    assert toast.inner_text() == "A password has at least 8 characters.", toast.inner_text()
    # the server's own refusals, read for a person: no quoted field, no echo, a capital
    said = page.evaluate("""async () => (await import('/static/main.js')).readable(
        "'password': String should have at least 8 characters (got 'abc').")""")
    assert "abc" not in said and said[0].isupper(), said
    said = page.evaluate("""async () => (await import('/static/main.js')).readable(
        "'stakes': stakes 3/2 make no sense: the small bet must be at most the big bet")""")
    assert said.startswith("Stakes 3/2 make no sense") and "'stakes'" not in said, said
    page.fill("input[name=password]", "a-long-password")
    page.fill("input[name=name]", f"m{uuid.uuid4().hex[:8]}")
    page.click("button[value=register]")
    page.wait_for_selector("form.create")
    page.fill("#new-stakes", "3/2")
    page.click("form.create button[type=submit]")
    wait_until(lambda: "bigger than the big bet" in page.inner_text("#toast"), 5, "the rule")
    # filters that let no table through say so (not "No tables yet")
    page.goto("/?min_stakes=999999")
    page.wait_for_selector("table.lobby td.empty")
    assert "No table matches these filters" in page.inner_text("table.lobby td.empty")
    # an address that is nothing: a page saying so, not raw JSON
    response = page.goto("/nonsense")
    assert response is not None and response.status == 404
    page.wait_for_selector(".not-found h1")
    assert "There is nothing at /nonsense." in page.inner_text(".not-found")
    page.context.close()
    # a phone's lobby: every number has its column's name beside it
    phone = logged_in(browser, server, width=390, height=844)
    new_table(phone)
    phone.goto("/")
    phone.wait_for_selector("table.lobby tbody tr[data-table]")
    labels = phone.eval_on_selector_all(
        "table.lobby tbody tr[data-table] td.players, table.lobby tbody tr[data-table]"
        " td.average-pot, table.lobby tbody tr[data-table] td.hands-per-hour",
        "els => els.map(e => getComputedStyle(e, '::before').content)")
    assert labels and all(label not in ("none", "normal", '""') for label in labels), labels
    screenshot(phone, "pages-lobby-phone")
    assert not phone.js_errors, phone.js_errors
    phone.context.close()


def test_the_pinochle_page_has_the_poker_pages_parts(browser: Any, server: Server) -> None:
    """Issue 33's item 11: chat, the turn in the tab's title, keys, the log oldest first, seats
    round a table, the bidding on the felt, the melds and the trick's cards on it."""
    page = logged_in(browser, server)
    made = page.request.post("/api/tables", data={"game": "pinochle-5", "seats": 4})
    assert made.status == 201, made.text()
    table = int(made.json()["id"])
    scene = Scene.pinochle(table, seats=4, seed=5).deal()
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "bidding"
               and len(s.hand(0)["bids"]) >= 3)
    socket = FakeSocket(page, scene.message(0))
    page.goto(f"/tables/{table}")
    page.wait_for_selector(".pn-player.mine")
    wait_until(lambda: page.title().startswith("\u25b6"), 5, "his turn in the title")
    assert page.locator("#chat-input").count() == 1  # the chat panel
    assert page.locator("input[data-key=sound]").count() == 1
    # the seats sit round the table: his at the bottom, the others above it
    mine = page.locator(".pn-player.mine").bounding_box()
    others = [page.locator(f".pn-player[data-seat='{s}']").bounding_box() for s in (1, 2, 3)]
    assert mine and all(o and o["y"] < mine["y"] for o in others), (mine, others)
    # the bidding is on the felt: the high bid in the middle, each bid in front of its player
    assert "High bid: Ada, 2" in page.inner_text(".pn-centre")
    assert page.inner_text(".pn-spot[data-spot-seat='1']") == "bid 2"
    assert page.inner_text(".pn-spot[data-spot-seat='2']") == "passed"
    # the log runs oldest first, as the poker page's
    lines = page.locator(".pn-log li").all_inner_texts()
    assert lines[0].startswith("Hand 1, dealt by") and lines[1].startswith("Ada bids"), lines
    # p passes (a key, as at the poker table)
    page.keyboard.press("p")
    wait_until(lambda: page.evaluate("0") == 0 and any(
        m.get("type") == "act" and m["action"] == {"kind": "pass"} for m in socket.sent), 5,
        "the pass sent by the key")
    # play: every meld on the felt, the trick's cards between the players and the middle
    scene.act(0, {"kind": "pass"})
    scene.play(lambda s: s.hand(0)["phase"] == "play" and s.hand(0)["trick"] is not None
               and len(s.hand(0)["trick"]["plays"]) == 3 and s.table.turn() == 0)
    socket.send(scene.message(0), ".pn-page")
    assert page.locator(".pn-spot .pn-melds").count() == 4
    plays = page.locator(".pn-trick .pn-play")
    assert plays.count() == 3
    middle = page.locator(".pn-table").bounding_box()
    assert middle is not None
    for i in range(3):
        box = plays.nth(i).bounding_box()
        assert box and middle["x"] < box["x"] < middle["x"] + middle["width"]
    assert not page.js_errors, page.js_errors
    page.context.close()
