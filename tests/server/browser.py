"""Helpers for the browser tests: headless Chromium driven by Playwright against ``standpat serve``.

Chromium is Debian's (``/usr/bin/chromium``, installed by scripts/ensure-chromium.sh, or the
path in ``STANDPAT_CHROMIUM``); Playwright is only the driver and never downloads a browser.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
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
