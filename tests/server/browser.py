"""Helpers for the browser tests: headless Chromium driven by Playwright against ``standpat serve``.

Chromium is Debian's (``/usr/bin/chromium``, installed by scripts/ensure-chromium.sh, or the
path in ``STANDPAT_CHROMIUM``); Playwright is only the driver and never downloads a browser.
"""

from __future__ import annotations

import os
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
