"""POST /api/replays/phh: a hand-history file uploaded to the replayer, in process.

Alice's played triple-draw hands are downloaded as PHH (standpat's own writer) and uploaded
again; the answer must show no card she did not see and give the stored result.  A real WSOP
file (the PHH specification's Yockey-Arieh hand) shows its known cards and counts its ``??``
ones; a file that does not read or replay is a 422 with the reader's message, one too large
a 413, and a visitor who is not logged in gets a 401.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from standpat.history import load_text
from standpat.history.examples import HEADS_UP_FOLD
from standpat.server.app import UPLOAD_BODY
from standpat.server.schemas import MAX_PHH_FILE
from tests.server.live import card_names, cards_in
from tests.server.test_hand_downloads import Room, net_by_name, room

__all__ = ["room"]  # the played room of the downloads' tests (a fixture of this module too)

YOCKEY = Path(__file__).parents[1] / "history" / "data" / "yockey-arieh-2019.phh"
CARD = re.compile(r"[2-9TJQKA][cdhs]")


def upload(client: TestClient, text: str, **more: Any) -> Any:
    return client.post("/api/replays/phh", json={"text": text, **more})


def test_a_downloaded_hand_replays_as_its_player_saw_it(room: Room) -> None:
    replayed = 0
    for stored in room.done(1):
        phh = room.client.get(f"/api/hands/{stored['id']}/phh").text
        answer = upload(room.client, phh, name="mine.phh")
        loaded = load_text(phh, "mine.phh")
        if loaded.errors:  # a bot mucked unknown cards: the reader says why, and so do we
            assert answer.status_code == 400
            assert answer.json()["error"]["message"] == str(loaded.errors[0])
            continue
        assert answer.status_code == 200, answer.text
        doc = answer.json()
        replayed += 1
        assert doc["format"] == "standpat-file-hand/1" and doc["you"] is None
        assert doc["game"] == "deuce-to-seven-triple-draw" and doc["stakes"] == "2/4"
        assert doc["name"] == str(stored["id"])
        assert dict(zip(doc["names"], doc["net"], strict=True)) == net_by_name(stored)
        # never a card alice did not see; every card she was dealt is there
        seen = cards_in(room.client.get(f"/api/hands/{stored['id']}").json()["events"])
        assert cards_in(doc["events"]) <= seen
        me = doc["names"].index("alice")
        dealt = next(card_names(e["cards"]) for e in stored["record"]["events"]
                     if e["kind"] == "deal" and e["seat"] == stored["setup"]["accounts"].index(
                         room.alice))
        assert next(e["cards"] for e in doc["events"]
                    if e["kind"] == "deal" and e["seat"] == me) == dealt
        # the others' cards are counted, never named, unless shown (a hand shown at the end
        # that never drew is the hand he was dealt: the replayer names it there too)
        for event in doc["events"]:
            if event["kind"] == "deal" and event["seat"] != me:
                shown = {card for e in doc["events"] if e["kind"] == "show"
                         and e["seat"] == event["seat"] for card in e["cards"]}
                assert (event["cards"] == [] and event["hidden"] == 5) or (
                    len(event["cards"]) == 5 and set(event["cards"]) <= shown), event
    assert replayed >= 1


def test_a_wsop_file_shows_what_its_writer_knew(room: Room) -> None:
    text = YOCKEY.read_text()
    answer = upload(room.client, text, name="yockey.phh")
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc["names"] == ["Bryce Yockey", "Phil Hui", "John Esposito", "Josh Arieh"]
    assert doc["stacks"] == [1180000, 4340000, 5910000, 10765000] and doc["button"] == 3
    assert doc["stakes"] == "150000/300000" and doc["hands"] == 1
    deals = [e for e in doc["events"] if e["kind"] == "deal"]
    assert [e["cards"] for e in deals] == [
        ["7h", "6c", "4c", "3d", "2c"], [], [], ["As", "Qs", "6s", "5c", "3c"]]
    assert [e["hidden"] for e in deals] == [0, 5, 5, 0]
    # Arieh's three draws, as the file gives them; Yockey stands pat three times
    draws = [(e["seat"], e["count"], e["cards"], e["drawn"]) for e in doc["events"]
             if e["kind"] == "discard"]
    assert draws == [(0, 0, [], []), (3, 2, ["As", "Qs"], ["2h", "Qh"]),
                     (0, 0, [], []), (3, 1, ["Qh"], ["4d"]),
                     (0, 0, [], []), (3, 1, ["6s"], ["7c"])]
    # every card shown is one the file names (burns are never in a file)
    assert cards_in(doc["events"]) <= set(CARD.findall(text))
    assert all(e["cards"] == [] and e["hidden"] == 1 for e in doc["events"] if e["kind"] == "burn")
    # Yockey is all in for his 1,180,000 and Arieh's 7-5 wins it: a hand-checked result
    assert doc["net"] == [-1180000, -150000, 0, 1330000]


def test_a_bad_file_is_refused_with_the_readers_message(room: Room) -> None:
    for name, text in (
        ("broken.phh", 'variant = "F2L3D"\nactions = ["d dh p1'),
        ("illegal.phh", YOCKEY.read_text().replace('"p2 f"', '"p2 cbr 10"')),
        ("empty.phh", "# nothing here\n"),
    ):
        answer = upload(room.client, text, name=name)
        assert answer.status_code == 422, (name, answer.text)
        message = answer.json()["error"]["message"]
        assert answer.json()["error"]["code"] == "bad-history"
        assert message.startswith(f"{name}:")
        loaded = load_text(text, name)
        if loaded.errors:
            assert message == str(loaded.errors[0])
        if name == "illegal.phh":
            assert "p2 cbr 10" in message
    missing = upload(room.client, YOCKEY.read_text(), name="y.phh", hand=2)
    assert missing.status_code == 422
    assert missing.json()["error"]["message"] == "y.phh: there is no hand 2 in the file (it " \
        "holds 1)."


def test_a_file_too_large_is_a_413_and_a_visitor_is_refused(room: Room) -> None:
    text = YOCKEY.read_text()
    padded = text + "#" * (MAX_PHH_FILE - len(text.encode()))
    assert upload(room.client, padded).status_code == 200  # the limit itself is allowed
    over = upload(room.client, padded + "#")
    assert over.status_code == 413 and over.json()["error"]["code"] == "too-large"
    newlines = upload(room.client, "\n" * (UPLOAD_BODY // 2 + 1))  # a body over the limit
    assert newlines.status_code == 413
    visitor = TestClient(room.client.app)  # no cookie (the app is already started)
    assert upload(visitor, text).status_code == 401


TWO_HANDS = f"[1]\n{HEADS_UP_FOLD}[2]\n{HEADS_UP_FOLD.replace('p2 f', 'p2 cbr 3')}"
"""A PHHS file whose second hand breaks the rules at line 17."""


def test_a_phhs_file_gives_the_hand_asked_for(room: Room) -> None:
    first = upload(room.client, TWO_HANDS, name="two.phhs")
    assert first.status_code == 200, first.text
    assert first.json()["hands"] == 2 and first.json()["net"] == [1, -1]
    second = upload(room.client, TWO_HANDS, name="two.phhs", hand=2)
    assert second.status_code == 422
    assert second.json()["error"]["message"] == (
        "two.phhs: hand 2, line 17: p2 cbr 3: p2 cannot raise to 3: the only raise allowed is "
        "to 4.")
