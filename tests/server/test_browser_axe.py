"""An accessibility pass with axe-core (issue 33): the lobby, a poker table and a pinochle table
in headless Chromium, at a wide window and a phone, have no serious or critical violation of
WCAG 2.1 A and AA (colour contrast included).

axe-core comes from the npm registry as scripts/axe/package-lock.json pins it, installed by
scripts/ensure-axe.sh (``make test`` runs it); without it the test skips (fails when
STANDPAT_REQUIRE_BROWSER=1).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import launch_chromium, open_page, web_args
from .live import Server
from .scenes import FakeSocket, Scene

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api")

AXE = Path(__file__).resolve().parents[2] / "scripts" / "axe" / "node_modules" / "axe-core" \
    / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("axe")
    srv = Server(f"sqlite:///{folder / 'room.db'}", "--demo-tables", "0", *web_args(),
                 log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not AXE.exists():
        if os.environ.get("STANDPAT_REQUIRE_BROWSER") == "1":
            pytest.fail("axe-core is not installed (scripts/ensure-axe.sh installs it)")
        pytest.skip("axe-core is not installed (scripts/ensure-axe.sh installs it)")
    yield from launch_chromium()


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})).violations", TAGS)
    return [f"{v['id']} ({v['impact']}): {v['help']}: "
            + "; ".join(n["target"][0] + " " + n["failureSummary"].replace("\n", " ")
                        for n in v["nodes"][:4])
            for v in found if v["impact"] in ("serious", "critical")]


def logged_in(browser: Any, server: Server, width: int, height: int) -> Any:
    page = open_page(browser, server.base, width=width, height=height)
    # colours are read as they end, not halfway through a motion (a pop starts transparent)
    page.emulate_media(reduced_motion="reduce")
    name = f"a{uuid.uuid4().hex[:10]}"
    made = page.request.post("/api/accounts", data={"name": name, "password": f"{name}-pw-1"})
    assert made.status == 201, made.text()
    return page


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["wide", "phone"])
def test_lobby_poker_and_pinochle_tables_have_no_serious_violation(
    browser: Any, server: Server, size: tuple[int, int]
) -> None:
    page = logged_in(browser, server, *size)
    poker = page.request.post("/api/tables", data={"game": "five-card-draw-7a", "seats": 5,
                                                   "structure": "pot-limit", "stakes": "2/4"})
    pinochle = page.request.post("/api/tables", data={"game": "pinochle-5", "seats": 4})
    assert poker.status == 201 and pinochle.status == 201
    poker_id, pinochle_id = poker.json()["id"], pinochle.json()["id"]
    found: dict[str, list[str]] = {}
    page.goto("/")
    page.wait_for_selector("table.lobby tbody tr[data-table]")
    found["lobby"] = serious(page)
    # a poker hand at his turn, with a folded seat, bets and the pot
    scene = Scene.poker(poker_id, game="five-card-draw-7a", structure="pot-limit", seats=5,
                        seed=15).deal()
    scene.play(lambda s: s.table.turn() == 0 and s.hand(0)["phase"] == "draw")
    socket = FakeSocket(page, scene.message(0))
    page.goto(f"/tables/{poker_id}")
    page.wait_for_selector(".draw-controls")
    found["poker, his draw"] = serious(page)
    scene.play(lambda s: s.table.over)
    socket.send(scene.message(0))
    page.wait_for_selector(".centre .winner")
    found["poker, showdown"] = serious(page)
    # a pinochle trick with the melds down, his turn to play
    game = Scene.pinochle(pinochle_id, seats=4, seed=5).deal()
    game.play(lambda s: s.hand(0)["phase"] == "play" and s.table.turn() == 0
              and s.hand(0)["trick"] is not None)
    socket.current = game.message(0)
    page.goto(f"/tables/{pinochle_id}")
    page.wait_for_selector(".pn-hand .card.legal")
    found["pinochle, a trick"] = serious(page)
    assert not any(found.values()), found
    assert not page.js_errors, page.js_errors
    page.context.close()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["wide", "phone"])
def test_the_tournament_tab_and_page_have_no_serious_violation(
    browser: Any, server: Server, size: tuple[int, int]
) -> None:
    from standpat.store import Store
    from standpat.tournament import TournamentSpec, shipped

    page = logged_in(browser, server, *size)
    store = Store(server.db)
    try:
        tid = store.tournaments.create(
            TournamentSpec(f"Axe {size[0]}", shipped("regular"), seats=6, buy_in=100, fee=10,
                           max_entrants=6), game="five-card-draw", betting="no-limit")
    finally:
        store.close()
    found: dict[str, list[str]] = {}
    page.goto("/tournaments")
    page.wait_for_selector(f'#tournaments tr[data-tournament="{tid}"]')
    found["tournaments tab"] = serious(page)
    page.goto(f"/tournaments/{tid}")
    page.locator("#tournament-register").click()
    page.wait_for_selector("#tournament-unregister")
    found["tournament page, registered"] = serious(page)
    assert not any(found.values()), found
    assert not page.js_errors, page.js_errors
    page.context.close()
