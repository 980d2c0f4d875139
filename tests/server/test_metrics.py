"""GET /metrics: the node's tables, players and counters in Prometheus's text format."""

from __future__ import annotations

import time
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from standpat.server.app import create_app
from standpat.server.config import ServerConfig
from tests.server.live import log_in_operator


def _samples(text: str) -> dict[str, float]:
    return {sample.name: sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def test_metrics_count_tables_hands_and_actions(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.0,
                          bot_delay=0.0, operators=("alice",))
    with TestClient(create_app(config)) as client:
        before = _samples(client.get("/metrics").text)
        assert before["standpat_tables"] == 0
        log_in_operator(client, "alice")
        assert client.post("/api/tables", json={"game": "five-card-draw"}).status_code == 201
        for _ in range(2):
            assert client.post("/api/tables/1/bots", json={"level": "house"}).status_code == 201
        deadline = time.monotonic() + 30
        while True:
            response = client.get("/metrics")
            now = _samples(response.text)
            if now["standpat_hands_total"] >= before["standpat_hands_total"] + 3:
                break
            assert time.monotonic() < deadline, "no hands were counted"
            time.sleep(0.05)
    assert response.headers["content-type"].startswith("text/plain")
    assert now["standpat_tables"] == 1 and now["standpat_bots"] == 2
    assert now["standpat_players"] == 0
    actions = now["standpat_actions_total"] - before["standpat_actions_total"]
    timed = now["standpat_action_seconds_count"] - before["standpat_action_seconds_count"]
    # the scrape may fall between an action's count and its timing: one at most in flight
    assert actions >= 3 and actions - 1 <= timed <= actions
    # every round dealt, acted in and settled was written; groups make commits <= writes
    writes = now["standpat_writes_total"] - before["standpat_writes_total"]
    commits = now["standpat_commits_total"] - before["standpat_commits_total"]
    assert writes >= 3 * 2 and 0 < commits <= writes
