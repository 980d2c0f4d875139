"""The replayer with an uploaded file, in headless Chromium: a real triple-draw PHH file (the
PHH specification's Yockey-Arieh hand, 2019 WSOP) is opened from the account page and
stepped forward and back, the cards drawn as the file gives them; a file that does not
replay shows the reader's message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import screenshot
from .live import Server
from .test_browser_around import browser, log_in, new_page, server

__all__ = ["browser", "server"]  # the fixtures of the pages-around tests, for this module too

pytestmark = pytest.mark.slow

YOCKEY = Path(__file__).parents[1] / "history" / "data" / "yockey-arieh-2019.phh"


def cards_after(doc: dict[str, Any], seat: int, steps: int) -> list[str]:
    """Seat ``seat``'s face-up cards after the first ``steps`` events of a file's hand."""
    cards: list[str] = []
    for event in doc["events"][:steps]:
        if event.get("seat") != seat:
            continue
        if event["kind"] == "deal":
            cards += event.get("cards", [])
        elif event["kind"] == "discard":
            cards = [c for c in cards if c not in event.get("cards", [])] + event.get("drawn", [])
        elif event["kind"] == "show":
            cards = list(event.get("cards", []))
    return cards


def test_an_uploaded_triple_draw_file_steps_forward_and_back(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    page = new_page(browser, server)
    log_in(page, "phil", "phils-password", register=True)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    with httpx.Client(base_url=server.base, timeout=10, cookies=cookies) as http:
        doc = http.post("/api/replays/phh", json={"text": YOCKEY.read_text(),
                                                  "name": YOCKEY.name}).json()
    steps = len(doc["events"])
    page.click("#account-link")
    page.click("#replay-file-link")
    page.set_input_files("#replay-file", str(YOCKEY))
    page.wait_for_selector("#replay-table .replay-seat")
    assert page.inner_text("#replay-title") == f"{YOCKEY.name}, hand 1"
    assert page.inner_text("#replay-counter") == f"step 0 of {steps}"

    def shown(seat: int) -> list[str]:
        return [str(c) for c in page.locator(
            f"[data-replay-seat='{seat}'] .card.face").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")]

    def backs(seat: int) -> int:
        return int(page.locator(f"[data-replay-seat='{seat}'] .card.back").count())

    names = [page.inner_text(f"[data-replay-seat='{s}'] strong") for s in range(4)]
    assert names == ["Bryce Yockey", "Phil Hui", "John Esposito", "Josh Arieh (D)"]
    page.click("#replay-end")
    assert shown(3) == cards_after(doc, 3, steps) == ["5c", "3c", "2h", "4d", "7c"]
    assert shown(0) == ["7h", "6c", "4c", "3d", "2c"]
    # the two players the file writes ?? never show a card: five backs each
    assert shown(1) == shown(2) == [] and backs(1) == backs(2) == 5
    assert "Josh Arieh" in page.inner_text("#replay-step")
    # the stacks at the end are the file's result, the pot all paid out
    stacks = [page.inner_text(f"[data-replay-seat='{s}'] span >> nth=0") for s in range(4)]
    assert stacks == [f"{chips} chips" for chips in doc["finishing_stacks"]]
    assert doc["finishing_stacks"] == [0, 4190000, 5910000, 12095000]
    assert page.inner_text("#replay-pot").endswith("Pot 0")
    # Arieh's first draw (As Qs for 2h Qh), one step at a time, forward and back
    first = next(i for i, e in enumerate(doc["events"])
                 if e["kind"] == "discard" and e.get("seat") == 3)
    page.click("#replay-start")
    assert page.is_disabled("#replay-back") and shown(3) == []  # nothing dealt yet
    for _ in range(first):
        page.click("#replay-next")
    assert page.inner_text("#replay-counter") == f"step {first} of {steps}"
    assert shown(3) == cards_after(doc, 3, first) == ["As", "Qs", "6s", "5c", "3c"]
    page.click("#replay-next")
    assert shown(3) == cards_after(doc, 3, first + 1) == ["6s", "5c", "3c", "2h", "Qh"]
    assert "draws 2" in page.inner_text("#replay-step")
    page.click("#replay-back")
    assert shown(3) == ["As", "Qs", "6s", "5c", "3c"]
    page.press("body", "ArrowRight")
    page.press("body", "ArrowRight")
    assert page.inner_text("#replay-counter") == f"step {first + 2} of {steps}"
    page.click("#replay-end")
    screenshot(page, "replay-file")
    # a file that does not replay: the reader's message, no replayer
    bad = tmp_path / "illegal.phh"
    bad.write_text(YOCKEY.read_text().replace('"p2 f"', '"p2 cbr 10"'))
    page.set_input_files("#replay-file", str(bad))
    page.wait_for_selector("#replay-file-error")
    message = page.inner_text("#replay-file-error")
    assert message.startswith("This file cannot be replayed: illegal.phh: hand 1, line")
    assert "p2 cbr 10" in message and page.locator("#replay-table").count() == 0
    assert page.js_errors == []

