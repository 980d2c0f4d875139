"""The room seats every bot level, the expert and the house bot included."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from standpat.bots import LEVELS
from standpat.server.app import create_app
from standpat.server.config import ServerConfig


@pytest.mark.parametrize("level", sorted({*LEVELS, "expert", "house"}))
def test_a_table_owner_seats_a_bot_of_every_level(tmp_path: Path, level: str) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 'room.db'}", between_hands=0.01,
                          bot_delay=0)
    with TestClient(create_app(config)) as client:
        made = client.post("/api/accounts", json={"name": "ada", "password": "pw-ada-pw"})
        assert made.status_code == 201, made.text
        table = client.post("/api/tables", json={
            "game": "deuce-to-seven-single-draw", "structure": "fixed-limit", "stakes": "2/4",
            "seats": 2})
        assert table.status_code == 201, table.text
        seated = client.post(f"/api/tables/{table.json()['id']}/bots", json={"level": level})
        assert seated.status_code == 201, seated.text
