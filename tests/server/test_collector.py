"""The room's collector settings (standpat.server.collector), and that serve applies them."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from standpat.server.collector import THRESHOLDS
from standpat.store import Store
from standpat.tournament import Level, Structure, TournamentSpec


def test_tune_freezes_what_is_alive_and_raises_the_thresholds() -> None:
    """In a fresh process (a freeze would stay in this one): the thresholds are the room's,
    the objects alive at set-up are frozen, and a cycle made later is still collected."""
    script = (
        "import gc, json\n"
        "from standpat.server.collector import tune\n"
        "before = gc.get_threshold()\n"
        "tune()\n"
        "class Node: pass\n"
        "a = Node(); b = Node(); a.other = b; b.other = a; del a, b\n"
        "print(json.dumps([before, gc.get_threshold(), gc.get_freeze_count(), gc.collect()]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    before, after, frozen, collected = json.loads(out)
    assert tuple(before) != THRESHOLDS  # CPython's own thresholds before
    assert tuple(after) == THRESHOLDS
    assert frozen > 1000  # the modules' objects, at least
    assert collected >= 2  # the two nodes of the cycle made after the freeze


def test_serve_tunes_the_collector_before_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    """``standpat serve`` calls tune() once the app is made, before uvicorn runs it."""
    import uvicorn

    from standpat.cli import main
    from standpat.server import collector

    calls: list[str] = []
    monkeypatch.setattr(collector, "tune", lambda: calls.append("tune"))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append("serve"))
    assert main(["serve", "--db", "sqlite://"]) == 0
    assert calls == ["tune", "serve"]
    assert gc.get_threshold() != THRESHOLDS  # this process was left as it was


def test_the_lobby_the_room_reads_every_second_makes_no_cyclic_garbage(tmp_path: Path) -> None:
    """The room collects its young objects rarely (THRESHOLDS), which is safe only if what it
    does over and over makes no cycles for the collector to free: the tournament service's
    read of the lobby, every second, made over a hundred objects of cyclic garbage a read
    (its statement, a labelled subquery, built anew each time)."""
    store = Store(f"sqlite:///{tmp_path / 'gc.db'}")
    try:
        structure = Structure("gc", (Level(10, 20),), 60.0, 1000)
        store.tournaments.create(TournamentSpec("gc", structure, seats=6, buy_in=10, fee=1,
                                                max_entrants=6),
                                 game="five-card-draw", betting="no-limit")
        assert len(store.tournaments.current()) == 1  # the first read fills the caches
        gc.collect()
        gc.disable()
        try:
            for _ in range(20):
                store.tournaments.current()
            garbage = gc.collect()
        finally:
            gc.enable()
        assert garbage == 0
    finally:
        store.close()
