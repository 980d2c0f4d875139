"""Helpers for the browser tests: headless Chromium driven by Playwright against ``standpat serve``.

Chromium is Debian's (``/usr/bin/chromium``, installed by scripts/ensure-chromium.sh, or the
path in ``STANDPAT_CHROMIUM``); Playwright is only the driver and never downloads a browser.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .live import PATIENCE

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
"""Where the tests save their screenshots (docs/images holds the README's copies)."""


def web_args() -> tuple[str, ...]:
    """``standpat serve`` arguments that serve the pages from ``STANDPAT_WEB_DIR`` when it is
    set (a copy of ``standpat/server/web``, such as an older commit's, to see a test fail on
    it), else none."""
    folder = os.environ.get("STANDPAT_WEB_DIR")
    return ("--static", folder) if folder else ()


def chromium_path() -> str:
    """Debian's Chromium, or skip (fail when STANDPAT_REQUIRE_BROWSER=1)."""
    path = os.environ.get("STANDPAT_CHROMIUM") or shutil.which("chromium")
    if path is None or not Path(path).exists():
        if os.environ.get("STANDPAT_REQUIRE_BROWSER") == "1":
            pytest.fail("STANDPAT_REQUIRE_BROWSER=1 but Chromium is not installed")
        pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)")
    return path


def launch_chromium() -> Iterator[Any]:
    """Chromium driven by Playwright, for a test module's ``browser`` fixture (skipped without
    either, failed without Chromium when STANDPAT_REQUIRE_BROWSER=1)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    path = chromium_path()
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_page(browser: Any, base: str, *, width: int, height: int, locale: str = "en-GB",
              timeout: float = 20_000) -> Any:
    """A page in a fresh context of ``browser`` at ``base``; ``page.js_errors`` collects the
    page's uncaught errors (a test asserts it stays empty)."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height},
                                  base_url=base)
    page = context.new_page()
    page.set_default_timeout(timeout)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors
    return page


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot of ``page`` as build/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def wait_until(check: Callable[[], Any], timeout: float = 20.0, what: str = "a condition") -> Any:
    """Poll ``check`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout * PATIENCE
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Relay:
    """A page's WebSocket through the test: it keeps the latest table message, records what
    the page sends, and can send the page that table message again. ``root`` is the selector
    of the page's element whose ``data-updates`` counts the table messages it has drawn."""

    def __init__(self, page: Any, root: str) -> None:
        self.page = page
        self.count = f"document.querySelector({json.dumps(root)}).dataset.updates || ''"
        self.routes: list[Any] = []
        self.last: dict[str, str] = {}
        self.sent: list[dict[str, Any]] = []
        page.route_web_socket(re.compile(r".*/ws$"), self._relay)

    def _relay(self, route: Any) -> None:
        upstream = route.connect_to_server()

        def down(text: str | bytes) -> None:
            if json.loads(text).get("type") == "table":
                self.last["table"] = str(text)
            route.send(text)

        def up(text: str | bytes) -> None:
            self.sent.append(json.loads(text))
            upstream.send(text)

        upstream.on_message(down)
        route.on_message(up)
        self.routes.append(route)

    def inject(self, message: dict[str, Any]) -> None:
        """Send the page a message as if the room had sent it."""
        wait_until(lambda: self.routes, 10, "the page's connection")
        self.routes[-1].send(json.dumps(message))

    def redraw(self) -> None:
        """Send the page the latest table message again, and wait until it has drawn it."""
        wait_until(lambda: self.last.get("table"), 10, "the table message")
        updates = self.page.evaluate(self.count)
        self.routes[-1].send(self.last["table"])  # the same table again: drawn anew
        wait_until(lambda: self.page.evaluate(self.count) != updates, 10, "a redraw")

    def press_across_a_redraw(self, target: Any) -> None:
        """Press the mouse button on ``target``, have the page draw the table again, release:
        a click only if the page left the element under the pointer in place."""
        target.wait_for()
        box = target.bounding_box()
        assert box is not None
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.redraw()
        self.page.mouse.up()

    def type_across_a_redraw(self, box: Any, before: str, after: str) -> None:
        """Type ``before`` into the empty ``box``, have the page draw the table again, type
        ``after``: the box holds both only if the page left it in place, with the focus."""
        box.click()
        box.fill("")
        self.page.keyboard.type(before)
        self.redraw()
        self.page.keyboard.type(after)

    def acts(self) -> list[str]:
        """The kinds of the actions the page has sent."""
        return [m["action"]["kind"] for m in self.sent if m.get("type") == "act"]

    def wait_acts(self, since: int, what: str) -> list[str]:
        """Wait until the page has sent more than ``since`` actions; the kinds of the new.
        Playwright hands the relay what the page sent only while it runs a call, so each
        look makes one round trip to the page (a bare poll of ``sent`` could wait forever)."""
        def fresh() -> list[str]:
            self.page.evaluate("0")
            return self.acts()[since:]

        found: list[str] = wait_until(fresh, 10, what)
        return found


def click_now(page: Any, selector: str) -> bool:
    """Click the first control matching ``selector`` if it is there within a second; False when
    it went away (the turn passed meanwhile) so the caller looks at the page again instead of
    waiting for a control that the next step (a draw, say) does not show."""
    try:
        page.locator(selector).first.click(timeout=1000 * PATIENCE)
    except _timeout_error():
        return False
    return True


def _timeout_error() -> type[Exception]:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    return PlaywrightTimeout
