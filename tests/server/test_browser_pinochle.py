"""The pinochle table page in real headless Chromium: two people (English at 1366x768,
Spanish at 390x844) and a bot play a game to 50 through the pages only, a spectator
watches; no page ever holds a card its viewer may not see; kill -9 in the middle of the
next game and a restart void it with nothing lost."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from standpat.store import Store, seat_wallet

from .browser import CHROMIUM_ARGS, Relay, chromium_path, screenshot, wait_until
from .live import Server
from .test_browser import new_page, register

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


class Seat:
    """One browser page at a pinochle table, read through its DOM."""

    def __init__(self, page: Any, name: str) -> None:
        self.page = page
        self.name = name

    def data(self) -> dict[str, str]:
        dataset: dict[str, str] = self.page.evaluate(
            "() => { const p = document.querySelector('.pn-page');"
            " return p ? {...p.dataset} : {}; }")
        return dataset

    def cards(self, selector: str) -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            selector, "els => els.map(e => e.dataset.card)")
        return cards

    def hand(self) -> list[str]:
        return self.cards(".pn-hand [data-card]")

    def acting(self, do: Any) -> None:
        """Do an action and wait until the game records it."""
        before = self.data()
        do()
        wait_until(lambda: self.data().get("events") != before.get("events")
                   or self.data().get("game") != before.get("game"),
                   10, f"{self.name}'s action to be recorded")

    def fits(self) -> None:
        """The play area (the table, his cards, his controls) fits its window: no scrolling
        sideways, nothing to scroll down for (chat and the log are beside it, or below it on
        a phone, as at the poker table)."""
        size = self.page.evaluate(
            "() => [document.documentElement.scrollWidth,"
            " document.querySelector('.play').getBoundingClientRect().bottom + scrollY,"
            " innerWidth, innerHeight,"
            " document.querySelector('header.top').getBoundingClientRect().height,"
            " getComputedStyle(document.documentElement).getPropertyValue('--top-h'),"
            " document.querySelector('.play').getBoundingClientRect().top + scrollY]")
        # (the top bar's height, the offset the page took for it and the play area's top
        # are there to read when it fails)
        assert size[0] <= size[2] and size[1] <= size[3] + 1, (self.name, size)


def check_private(viewer: Seat, others: list[Seat]) -> None:
    """Every card in the viewer's page is his own hand's, a card of the trick on the table
    or a meld laid out once play has begun; none of another player's hand otherwise."""
    data = viewer.data()
    outside = viewer.page.evaluate(
        "() => [...document.querySelectorAll('[data-card]')]"
        ".filter(e => !e.closest('.pn-hand, .pn-trick, .pn-melds')).map(e => e.dataset.card)")
    melds = viewer.cards(".pn-melds [data-card]")
    if viewer.data() != data:
        return  # the page changed between the reads: look again next time
    assert outside == [], (viewer.name, outside)
    if melds:
        assert data.get("phase") in ("play", "over"), (viewer.name, data)
    mine = set(viewer.hand())
    for other in others:
        theirs = set(other.hand())
        if other.data().get("game") != data.get("game"):
            continue
        assert not (mine & theirs), (viewer.name, other.name, mine & theirs)


def play_turn(seat: Seat, goals: set[str]) -> None:
    """One decision through the page, chosen to reach every goal."""
    page = seat.page
    phase = seat.data().get("phase")
    if phase == "bidding":
        if "bid" not in goals:
            amount = page.locator("input[data-action=bid-amount]")
            low = int(amount.get_attribute("min") or 1)
            amount.fill(str(low))
            seat.acting(lambda: page.click("button[data-action=bid]"))
            goals.add("bid")
        else:
            seat.acting(lambda: page.click("button[data-action=pass]"))
    elif phase == "trump":
        button = page.locator("button[data-action^=trump-]").first
        seat.acting(lambda: button.click())
        goals.add("trump")
    elif phase == "draw":
        prompt = page.inner_text(".pn-prompt")
        cap = int(next(w for w in prompt.split() if w.isdigit()))
        cards = page.locator(".pn-hand .card")
        if cap and "discard" not in goals:
            cards.nth(0).click()
            assert "selected" in (cards.nth(0).get_attribute("class") or "")
            assert "1" in page.inner_text("button[data-action=discard]")
            if cap == 1:  # one more than the cap is refused with the reason
                cards.nth(1).click()
                assert page.locator(".table-message").is_visible()
                assert "selected" not in (cards.nth(1).get_attribute("class") or "")
            kept = seat.hand()[1:]
            seat.acting(lambda: page.click("button[data-action=discard]"))
            wait_until(lambda: set(kept) <= set(seat.hand()), 10, "the drawn card")
            goals.add("discard")
        else:
            seat.acting(lambda: page.click("button[data-action=keep]"))
    elif phase == "play":
        legal = seat.cards(".pn-hand .card.legal")
        illegal = seat.cards(".pn-hand .card.illegal")
        assert legal and set(legal) | set(illegal) == set(seat.hand())
        melds = page.locator(".pn-melds").count()
        assert melds >= 3, "everyone's meld is laid out in play"
        if illegal and "illegal" not in goals:
            before = seat.data()["events"]
            page.click(f".pn-hand [data-card='{illegal[0]}']")
            message = page.locator(".table-message")
            message.wait_for(state="visible")
            text = message.inner_text()
            assert any(w in text for w in ("You may not play", "No puedes jugar")), text
            assert seat.data()["events"] == before  # nothing was sent
            assert illegal[0] in seat.hand()
            goals.add("illegal")
            screenshot(page, f"pinochle-refused-{seat.name}")
            seat.acting(lambda: page.click(f".pn-hand [data-card='{legal[0]}']"))
            assert page.locator(".table-message").is_hidden()  # his play puts the refusal away
        else:
            seat.acting(lambda: page.click(f".pn-hand [data-card='{legal[0]}']"))
        goals.add("play")


def test_two_people_and_a_bot_play_pinochle_to_50_in_the_pages(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.db'}"
    args = ("--bot-delay", "0.05", "--between-hands", "12", "--clock", "120")
    server = Server(db, *args, log=tmp_path / "server.log").start()
    path = chromium_path()
    try:
        with playwright_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            try:
                play(browser, server, db)
            finally:
                browser.close()
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_a_click_and_a_typed_bid_survive_a_table_message(tmp_path: Path) -> None:
    """A table message that lands mid-click or while he types his bid leaves the page's
    buttons and the bid box in place: the Sit click lands, the box keeps its focus and what he
    typed, the Pass click acts (the page used to rebuild them on every table message)."""
    server = Server(f"sqlite:///{tmp_path / 'room.db'}", "--bot-delay", "0.05",
                    "--between-hands", "1", "--clock", "120",
                    log=tmp_path / "server.log").start()
    try:
        with playwright_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                page = new_page(browser, server, width=WIDE["width"], height=WIDE["height"])
                relay = Relay(page, ".pn-page")
                register(page, "piper")
                page.select_option("#new-game", "pinochle-5")
                page.fill("#new-seats", "3")
                page.click("form.create button[type=submit]")
                page.wait_for_selector(".pn-page .status[data-status=online]")
                relay.press_across_a_redraw(page.locator("button[data-action=sit][data-seat='0']"))
                page.wait_for_selector(".pn-player.mine[data-seat='0']")
                for bots in (1, 2):
                    page.click("button[data-action=bot] >> nth=0")
                    def seated(n: int = bots) -> bool:
                        return bool(page.locator(".pn-mark.bot").count() == n)

                    wait_until(seated, 10, f"{bots} bots seated")
                box = page.locator("input[data-action=bid-amount]")
                box.wait_for(timeout=60_000)  # his turn to bid
                relay.type_across_a_redraw(box, "3", "1")
                assert page.evaluate("document.activeElement.dataset.action") == "bid-amount"
                assert box.input_value() == "31"
                acts = len(relay.acts())
                relay.press_across_a_redraw(page.locator("button[data-action=pass]"))
                relay.wait_acts(acts, "his pass sent")
                assert relay.acts()[acts:] == ["pass"]
                assert not page.js_errors, page.js_errors
            finally:
                browser.close()
    finally:
        server.stop()


def play(browser: Any, server: Server, db: str) -> None:
    ann = Seat(new_page(browser, server, width=WIDE["width"], height=WIDE["height"]), "annie")
    bea = Seat(new_page(browser, server, locale="es-ES", width=PHONE["width"],
                        height=PHONE["height"]), "beatriz")
    cyd = Seat(new_page(browser, server, width=WIDE["width"], height=WIDE["height"]), "cyril")
    for seat in (ann, bea, cyd):
        register(seat.page, seat.name)
    # ann opens a 3-seat pinochle table from the lobby: no structure, an entry fee
    page = ann.page
    page.select_option("#new-game", "pinochle-5")
    assert page.locator("#new-structure").is_hidden()
    assert page.input_value("#new-stakes") == "entry 10"
    page.fill("#new-seats", "3")
    page.click("form.create button[type=submit]")
    page.wait_for_selector(".pn-page .status[data-status=online]")
    table = int(page.url.rstrip("/").split("/")[-1])
    # everyone sits before the first game starts (--between-hands after the table opens)
    page.click("button[data-action=sit][data-seat='0']")
    page.wait_for_selector(".pn-player.mine[data-seat='0']")
    page.click("button[data-action=bot]>> nth=0")  # the room picks the bot's seat
    page.wait_for_selector(".pn-player .pn-mark.bot")
    bea.page.goto(f"/tables/{table}")
    bea.page.wait_for_selector(".pn-page .status[data-status=online]")
    bea.page.click("button[data-action=sit]")
    bea.page.wait_for_selector(".pn-player.mine")
    cyd.page.goto(f"/tables/{table}")
    cyd.page.wait_for_selector(".pn-page .status[data-status=online]")
    cyd.page.wait_for_selector(".pn-player .pn-mark.bot")  # the table's first message is in
    assert cyd.page.locator("button[data-action=sit]").count() == 0  # every seat is taken
    wait_until(lambda: ann.data().get("game"), 30, "the first game")
    game = ann.data()["game"]
    store = Store(db, migrate=False)
    assert len(store.hands.get(int(game))["setup"]["seats"]) == 3
    me = {s.name: s.page.evaluate("fetch('/api/me').then(r => r.json())") for s in (ann, bea)}
    game = ann.data()["game"]
    goals: set[str] = set()
    shots: set[str] = set()
    deadline = time.monotonic() + 400
    while time.monotonic() < deadline:
        if ann.data().get("phase") == "over" and ann.data().get("game") == game:
            break
        for seat in (ann, bea):
            if seat.data().get("turn") == "yes":
                play_turn(seat, goals)
        for viewer in (ann, bea, cyd):
            check_private(viewer, [s for s in (ann, bea) if s is not viewer])
        assert cyd.hand() == []
        phase = ann.data().get("phase")
        if phase == "play" and "play" not in shots and ann.page.locator(".pn-meld").count():
            for seat, name in ((ann, "1366x768-en"), (bea, "390x844-es"), (cyd, "spectator")):
                seat.fits()
                screenshot(seat.page, f"pinochle-{name}")
            shots.add("play")
        if phase == "bidding" and "bidding" not in shots and ann.data().get("turn") == "yes":
            ann.fits()
            screenshot(ann.page, "pinochle-bidding-1366x768-en")
            shots.add("bidding")
        time.sleep(0.05)
    else:
        raise AssertionError(f"the game did not end; goals {goals}")
    ann.page.wait_for_selector(".pn-winner")
    assert {"bid", "trump", "discard", "play", "illegal"} <= goals, goals
    for seat in (ann, bea, cyd):
        assert not seat.page.js_errors, (seat.name, seat.page.js_errors)
    for seat, name in ((ann, "over-1366x768-en"), (bea, "over-390x844-es")):
        seat.fits()
        screenshot(seat.page, f"pinochle-{name}")
    # the money: one entry fee from each loser to the winner, the ledger balanced
    done = store.hands.get(int(game))
    assert done["status"] == "done" and max(done["record"]["scores"]) >= 50
    assert sorted(done["record"]["net"]) == [-10, -10, 20]
    assert store.ledger.check() == []
    # the other languages and sizes: the page is drawn anew in the other language, and the
    # table's look (the router's at-table class) never leaves it meanwhile: the old page, still
    # shown while the new one loads, used to lose it and drop 11 px, and be measured so
    for seat, lang in ((ann, "es"), (bea, "en")):
        old = seat.page.query_selector(".pn-page")
        seat.page.evaluate(
            "() => { window.lostLook = 0; new MutationObserver(() => {"
            " if (!document.body.classList.contains('at-table')) window.lostLook += 1; })"
            ".observe(document.body, { attributes: true, attributeFilter: ['class'] }); }")
        seat.page.select_option("#language", lang)
        seat.page.wait_for_function("old => !old.isConnected", arg=old)
        seat.page.wait_for_selector(".pn-page .status[data-status=online]")
        assert seat.page.evaluate("window.lostLook") == 0, seat.name
    wait_until(lambda: ann.data().get("game"), 20, "the page after the switch")
    for seat, name in ((ann, "1366x768-es"), (bea, "390x844-en")):
        seat.fits()
        screenshot(seat.page, f"pinochle-{name}")
    # a page that reconnected between games finds its player sat out: he sits in
    for seat in (ann, bea):
        sit_in = seat.page.locator("button[data-action=sit-in]")
        if sit_in.count():
            sit_in.click()
            seat.page.wait_for_selector("button[data-action=sit-out]")
    # kill -9 in the middle of the next game: it is void, every entry fee is back
    deadline = time.monotonic() + 90
    while not (ann.data().get("game") not in ("", game)
               and ann.data().get("phase") in ("draw", "play")):
        errors = [x.page.js_errors for x in (ann, bea, cyd)]
        assert time.monotonic() < deadline, ("no next game", ann.data(), cyd.data(), errors)
        for seat in (ann, bea):
            if seat.data().get("turn") == "yes":
                play_turn(seat, goals)
        time.sleep(0.05)
    cut = int(ann.data()["game"])
    wait_until(lambda: store.hands.get(cut)["status"] == "running", 10, "the game stored")
    setup = store.hands.get(cut)["setup"]
    server.kill()
    ann.page.wait_for_selector(".status[data-status=reconnecting]")
    server.start()
    for seat in (ann, bea, cyd):
        seat.page.wait_for_selector(".pn-page .status[data-status=online]", timeout=30_000)
    assert store.hands.get(cut)["status"] == "void"
    assert store.ledger.check() == []
    for account, stack in zip(setup["accounts"], setup["stacks"], strict=True):
        assert store.ledger.balance(seat_wallet(table, account)) == stack
    # each person's bankroll and seat hold what he brought (100) and the first game's result
    first = dict(zip(done["setup"]["accounts"], done["record"]["net"], strict=True))
    for who in (ann, bea):
        mine = me[who.name]
        stack = store.ledger.balance(seat_wallet(table, mine["id"]))
        assert stack == 100 + first[mine["id"]], (who.name, stack)
        now = who.page.evaluate("fetch('/api/me').then(r => r.json())")["bankroll"]
        assert now == mine["bankroll"], who.name
    store.close()
    for seat in (ann, bea, cyd):
        assert not seat.page.js_errors, (seat.name, seat.page.js_errors)
        seat.page.context.close()
